"""The building blocks of the protocol's JSON Schema: references, objects, tiles, requests and answers."""

from __future__ import annotations

from typing import Any

__all__ = ["COLLECTING_ACTIONS", "TSUNG_ACTIONS", "TSUNG_EVENTS", "obj", "ok_def", "ref", "request_def", "tiles_def"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def obj(description: str, properties: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "patternProperties": {"^x-": {}},
        "additionalProperties": False,
        **extra,
    }


def tiles_def(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": ref("tile"), "description": description, **extra}


def request_def(cmd: str, description: str, properties: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {"id": ref("id"), "cmd": {"const": cmd}, **(properties or {})}
    return obj(description, props, list(props))


def ok_def(description: str, properties: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {"id": ref("id"), "answer": {"const": "ok"}, **(properties or {})}
    return obj(description, props, list(props))


COLLECTING_ACTIONS = ("take", "discard", "draw", "declare", "pass")
TSUNG_ACTIONS = ("lay", "capture", "claim", "pass")
TSUNG_EVENTS = ("reveal", "lay", "refill", "capture", "claim")
