"""The schemas page and the schema blocks of the engine pages."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .common import (
    cell,
    rel,
)
from .site_base import SiteBase, md_inline

__all__ = ["SchemaPages"]


class SchemaPages(SiteBase):
    """The schemas page and the schema blocks of the engine pages."""

    # ============================================================= schemas
    def schema_files(self) -> list[Path]:
        if not self.schema_dir.is_dir():
            return []
        return sorted(self.schema_dir.glob("*.json"))

    def schemas_page(self) -> str:
        page = "engine/schemas.md"
        files = self.schema_files()
        out = [
            "# Schemas",
            "",
            "The JSON Schemas of the project, rendered from `schemas/` when the site is built and published "
            "beside it at stable paths: `schemas/<file name>` under the site root. Point a validator at the "
            "published file or at the copy in the repository; they are the same file.",
            "",
        ]
        if not files:
            out += ["No schema has been published yet.", ""]
        for file in files:
            out += [self.schema_block(file, page, level=2), ""]
        return "\n".join(out) + "\n"

    def schema_block(self, file: Path, page: str, *, level: int = 2) -> str:
        try:
            schema = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ValueError(f"schemas/{file.name} is not JSON: {error}") from None
        h = "#" * level
        anchor = re.sub(r"[^a-z0-9]+", "-", file.stem.lower()).strip("-")
        title = schema.get("title") or file.name
        out = [
            f"{h} {md_inline(str(title))} {{ #{anchor} }}",
            "",
            f"[`schemas/{file.name}`]({rel(page, f'schemas/{file.name}')})"
            + (f" · `$id`: `{schema['$id']}`" if "$id" in schema else "")
            + (f" · dialect: `{schema['$schema']}`" if "$schema" in schema else ""),
            "",
        ]
        if schema.get("description"):
            out += [md_inline(" ".join(str(schema["description"]).split())), ""]
        out += _properties_table(schema)
        defs = schema.get("$defs") or schema.get("definitions") or {}
        if isinstance(defs, dict) and defs:
            out += [f"{h}# Definitions in {file.name} {{ #{anchor}-defs }}", ""]
            for name, sub in defs.items():
                if not isinstance(sub, dict):
                    continue
                out += [f"**`{name}`**" + (f" — {md_inline(_desc(sub))}" if _desc(sub) else ""), ""]
                table = _properties_table(sub)
                out += table if table else [f"Type: {_type_of(sub)}", ""]
        return "\n".join(out)


def _desc(schema: Mapping[str, Any]) -> str:
    return " ".join(str(schema.get("description") or schema.get("title") or "").split())


def _type_of(schema: Any) -> str:
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return f"`{str(schema['$ref']).split('/')[-1]}`"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        values = [f"`{json.dumps(v)}`" for v in schema["enum"]]
        return "one of " + ", ".join(values[:8]) + (f" and {len(values) - 8} more" if len(values) > 8 else "")
    for combinator in ("oneOf", "anyOf", "allOf"):
        if combinator in schema and isinstance(schema[combinator], list):
            sep = " and " if combinator == "allOf" else " or "
            return sep.join(_type_of(s) for s in schema[combinator][:6])
    kind = schema.get("type")
    if kind == "array":
        return f"array of {_type_of(schema.get('items', {}))}"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if kind:
        text = str(kind)
        if "pattern" in schema:
            text += f" (`{cell(str(schema['pattern']))}`)"
        return text
    return "any"


def _properties_table(schema: Mapping[str, Any]) -> list[str]:
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return []
    required = set(schema.get("required", ()))
    out = ["| Property | Type | Required | Description |", "| --- | --- | :-: | --- |"]
    for name, sub in props.items():
        out.append(
            f"| `{name}` | {cell(_type_of(sub))} | {'yes' if name in required else ''} | "
            f"{cell(md_inline(_desc(sub) if isinstance(sub, dict) else ''))} |"
        )
    out.append("")
    return out
