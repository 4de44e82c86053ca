"""``gupai presets``, ``gupai options`` and ``gupai rules``: what ``spec/`` holds, from the command line.

Everything comes from :mod:`gupai.core.spec`; the JSON of each command is
documented in the README.
"""

from __future__ import annotations

import json
from typing import Any

import click

from gupai.core.spec import GameSpec, OptionSpec, PresetSpec, RuleSpec, game_spec, games, sources

from .output import NARROW, echo_rich, output_width, wrapped
from .params import JSON, canonical, complete_rule, game_argument, suggestion

__all__ = ["option_json", "preset_json", "rule_json"]


def _table(columns: tuple[str, ...], rows: list[tuple[str, ...]], ratios: tuple[int, ...]) -> Any:
    """A table of ``rows``: the first column (the names) as wide as its longest, the others sharing the rest of
    the width in ``ratios`` (a name is never cut; the text wraps at its spaces)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_lines=True, expand=True)
    for index, column in enumerate(columns):
        if index == 0:
            table.add_column(column, no_wrap=True)
        else:
            table.add_column(column, ratio=ratios[index - 1])
    for row in rows:
        table.add_row(*row)
    return table


def preset_json(spec: GameSpec, preset: PresetSpec) -> dict[str, Any]:
    """One preset as ``gupai presets --json`` prints it.

    >>> doc = preset_json(game_spec("kap-shap"), game_spec("kap-shap").preset("pagat"))
    >>> doc["name"], doc["differs_from_default"]
    ('pagat', {'pair-set': 'printed'})

    A value that changes nothing under the preset's other values is not a
    difference: it is listed apart, with the reason.

    >>> doc = preset_json(game_spec("kap-shap"), game_spec("kap-shap").preset("gupai-site"))
    >>> "eye" in doc["differs_from_default"], doc["no_effect"]["eye"]["value"]
    (False, 'civil')
    """
    default = spec.presets[0].as_dict()
    inert = dict(preset.no_effect)
    return {
        "name": preset.name,
        "title": preset.title,
        "text": " ".join(preset.text.split()),
        "sources": list(preset.sources),
        "aliases": [{"source": source, "name": name} for source, name in preset.aliases],
        "options": preset.as_dict(),
        "differs_from_default": {k: v for k, v in preset.values if default.get(k) != v and k not in inert},
        "no_effect": {k: {"value": preset.as_dict()[k], "reason": why} for k, why in preset.no_effect},
    }


def option_json(option: OptionSpec) -> dict[str, Any]:
    """One option as ``gupai options --json`` prints it.

    >>> doc = option_json(game_spec("kap-shap").option("eye"))
    >>> doc["key"], doc["default"], [v["value"] for v in doc["values"]]
    ('eye', 'identical', ['identical', 'civil'])
    """
    return {
        "key": option.key,
        "title": option.title,
        "question": " ".join(option.question.split()),
        "default": option.default,
        "values": [
            {"value": value, "text": option.describe(value), "readers": list(option.readers(value))}
            for value in option.values
        ],
        "justification": option.justification,
    }


def rule_json(spec: GameSpec, rule: RuleSpec) -> dict[str, Any]:
    """One rule as ``gupai rules GAME ID --json`` prints it: its text, sources and readings."""
    return {
        "id": rule.id,
        "title": rule.title,
        "text": rule.text,
        "status": rule.status,
        "implementation_defined": rule.implementation_defined,
        "sources": [
            {"key": key, "citation": sources()[key].citation if key in sources() else key} for key in rule.sources
        ],
        "quote": {"source": rule.quote[0], "text": " ".join(rule.quote[1].split())} if rule.quote else None,
        "options": [
            {
                "key": option.key,
                "question": " ".join(option.question.split()),
                "readings": [
                    {"source": p.source, "reading": p.reading, "silent": p.silent, "says": " ".join(p.says.split())}
                    for p in option.positions
                ],
            }
            for option in (spec.option(key) for key in rule.options)
        ],
    }


@click.command("presets")
@game_argument(choices=games())
@JSON
def presets_cmd(game: str, as_json: bool) -> None:
    """The presets of GAME: each fixes every option; what each changes from the default (the first)."""
    spec = game_spec(game)
    docs = [preset_json(spec, preset) for preset in spec.presets]
    default = spec.presets[0].as_dict()
    if as_json:
        click.echo(json.dumps(docs, ensure_ascii=False))
        return
    heading = f"{spec.name}: {len(docs)} presets (use one with --preset NAME; `gupai options {game}` for each)"
    rows = []
    for doc in docs:
        changed = [f"{k}={v}" for k, v in doc["differs_from_default"].items()] or ["(the default)"]
        changed += [
            f"{k}={d['value']}: no effect here ({d['reason']})"
            for k, d in doc["no_effect"].items()
            if d["value"] != default.get(k)
        ]
        rows.append((doc["name"], doc["title"], ", ".join(doc["sources"]), changed))
    width = output_width()
    if width < NARROW:
        lines = wrapped(heading, width=width)
        for name, title, cited, changed in rows:
            lines += ["", *wrapped(f"{name}: {title}", [f"sources: {cited}", *changed], width=width)]
        click.echo("\n".join(lines))
        return
    columns = ("preset", "title", "sources", f"differs from {spec.presets[0].name}")
    table = _table(
        columns, [(name, title, cited, "\n".join(changed)) for name, title, cited, changed in rows], (2, 2, 5)
    )
    echo_rich(heading, table)


@click.command("options")
@game_argument(choices=games())
@JSON
def options_cmd(game: str, as_json: bool) -> None:
    """The variant options of GAME: each a question the sources answer differently, with its values."""
    spec = game_spec(game)
    docs = [option_json(option) for option in spec.options]
    if as_json:
        click.echo(json.dumps(docs, ensure_ascii=False))
        return
    heading = f"{spec.name}: {len(docs)} options (set one with -o KEY=VALUE; * marks the default)"
    rows = [
        (
            doc["key"],
            doc["question"],
            [
                f"{'*' if v['value'] == doc['default'] else ' '} {v['value']}: {v['text']}"
                + (f" ({', '.join(v['readers'])})" if v["readers"] else "")
                for v in doc["values"]
            ],
        )
        for doc in docs
    ]
    width = output_width()
    if width < NARROW:
        lines = wrapped(heading, width=width)
        for key, question, values in rows:
            lines += ["", *wrapped(f"{key}: {question}", values, width=width)]
        click.echo("\n".join(lines))
        return
    columns = ("option", "question", "values (* the default; the sources reading it)")
    echo_rich(heading, _table(columns, [(key, question, "\n".join(values)) for key, question, values in rows], (2, 3)))


@click.command("rules")
@game_argument(choices=games())
@click.argument("rule_id", required=False, metavar="[ID]", shell_complete=complete_rule)
@JSON
def rules_cmd(game: str, rule_id: str | None, as_json: bool) -> None:
    """The rules of GAME, or the rule ID: its text, its sources and how each reads its options."""
    spec = game_spec(game)
    if rule_id is None:
        if as_json:
            click.echo(json.dumps([{"id": r.id, "title": r.title} for r in spec.rules], ensure_ascii=False))
            return
        click.echo(f"{spec.name}: {len(spec.rules)} rules (`gupai rules {game} ID` prints one)")
        for rule in spec.rules:
            click.echo(f"  {rule.id:<32} {rule.title}")
        return
    rule_id = canonical(rule_id, spec.rule_ids)
    if rule_id not in spec.rule_ids:
        hint = suggestion(rule_id, spec.rule_ids)
        raise click.BadParameter(f"{game} has no rule {rule_id!r}.{hint}", param_hint="'ID'")
    doc = rule_json(spec, spec.rule(rule_id))
    if as_json:
        click.echo(json.dumps(doc, ensure_ascii=False))
        return
    status = doc["status"] + (", implementation-defined" if doc["implementation_defined"] else "")
    click.echo(f"{doc['id']}: {doc['title']} ({status})\n")
    click.echo(doc["text"])
    if doc["quote"]:
        click.echo(f'\n  "{doc["quote"]["text"]}" ({doc["quote"]["source"]})')
    click.echo("\nsources:")
    for source in doc["sources"]:
        click.echo(f"  {source['key']}: {source['citation']}")
    for option in doc["options"]:
        click.echo(f"\noption {option['key']}: {option['question']}")
        for position in option["readings"]:
            reading = position["reading"] or ("silent" if position["silent"] else "no one reading")
            click.echo(f"  {position['source']} ({reading}): {position['says']}")
