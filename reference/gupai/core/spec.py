"""The rules as data: loading ``spec/sources.yaml`` and ``spec/games/*.yaml``.

>>> game = game_spec("kap-shap")
>>> game.name, game.winning_size, game.option("pair-set").default
('Kap Shap', 8, 'arithmetic')
>>> sorted(games())
['kap-shap', 'kap-tai-shap', 'tsung-shap']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gupai.core.errors import OptionError, SpecError
from gupai.core.resources import data_dir
from gupai.core.specfiles import read_yaml

__all__ = [
    "SILENT_PREFIXES",
    "GameSpec",
    "OptionSpec",
    "Position",
    "PresetSpec",
    "Retired",
    "RuleSpec",
    "Source",
    "contract",
    "contract_options",
    "game_spec",
    "games",
    "sources",
]


@dataclass(frozen=True, slots=True)
class Source:
    """A document the rules are drawn from, cited by ``key``."""

    key: str
    title: str
    author: str
    citation: str
    covers: tuple[str, ...]
    notes: str = ""
    year: int | None = None


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule, with its permanent id."""

    id: str
    title: str
    text: str
    sources: tuple[str, ...]
    options: tuple[str, ...]
    status: str
    implementation_defined: bool = False
    quote: tuple[str, str] | None = None


#: How a position's text begins when the source does not speak to the question (or the
#: project holds none of its words on it): such a position has no reading.
SILENT_PREFIXES = ("Silent", "Not recorded")


@dataclass(frozen=True, slots=True)
class Position:
    """What one source says on an option's question.

    A position with no reading is either silent (its text begins "Silent" or
    "Not recorded") or a source that speaks but takes no one reading (it
    allows both, or an engine's presets differ).

    >>> Position("celko", None, "Silent.").silent, Position("crook", None, "Either: ...").silent
    (True, False)
    """

    source: str
    reading: str | None
    says: str

    @property
    def silent(self) -> bool:
        """The source does not speak to the question."""
        return self.reading is None and self.says.startswith(SILENT_PREFIXES)


@dataclass(frozen=True, slots=True)
class Retired:
    """A value of version 1 no longer offered: under the options ``when``, it stands for the options ``means``."""

    value: str
    when: tuple[tuple[str, str], ...]
    means: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A variant option: a question the sources answer differently."""

    key: str
    title: str
    question: str
    values: tuple[str, ...]
    value_texts: tuple[str, ...]
    default: str
    justification: str
    positions: tuple[Position, ...]
    since: tuple[str, str] | None = None
    retired: tuple[Retired, ...] = ()
    #: When the option changes nothing: each a condition on the other options (``when``, empty: always) and the reason.
    inert: tuple[tuple[tuple[tuple[str, str], ...], str], ...] = ()
    first_default: str | None = None

    def inert_under(self, values: dict[str, str]) -> str | None:
        """The reason this option changes nothing under ``values``, or None if it may matter.

        >>> refill = game_spec("tsung-shap").option("refill")
        >>> refill.inert_under({"hand": "hidden"})
        'the tiles are hidden (hand=hidden): no hand is refilled'
        >>> refill.inert_under({"hand": "four"}) is None
        True
        """
        for when, reason in self.inert:
            if all(values.get(key) == value for key, value in when):
                return reason
        return None

    @property
    def absent(self) -> str:
        """The value an option left out means: its old reading if it was added after version 1, else its version-1 default.

        A log or an engine that predates an option plays as the kit did before
        the option existed (spec key ``since``, with the day it was added);
        an option of version 1 left out means the default it had then
        (``spec/contract.yaml``), whatever the default is now:

        >>> stock_out = game_spec("kap-shap").option("stock-out")
        >>> stock_out.since, stock_out.absent
        (('2026-11-23', 'end'), 'end')
        >>> game_spec("kap-shap").option("take").since is None
        True
        >>> lone = game_spec("tsung-shap").option("lone-tile")
        >>> lone.default, lone.absent
        ('pair', 'no-capture')
        """
        if self.since is not None:
            return self.since[1]
        return self.first_default if self.first_default is not None else self.default

    def describe(self, value: str) -> str:
        return self.value_texts[self.values.index(value)]

    def readers(self, value: str) -> tuple[str, ...]:
        """The source keys that read the option as ``value``."""
        return tuple(p.source for p in self.positions if p.reading == value)


@dataclass(frozen=True, slots=True)
class PresetSpec:
    """A named preset fixing every option of a game."""

    name: str
    title: str
    text: str
    sources: tuple[str, ...]
    values: tuple[tuple[str, str], ...]
    aliases: tuple[tuple[str, str], ...] = ()
    #: Options whose value changes nothing under this preset's other values, each with the reason:
    #: generated from the options' ``inert`` conditions, never written by hand.
    no_effect: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict[str, str]:
        return dict(self.values)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game's rules, options and presets, from ``spec/games/<id>.yaml``.

    ``family`` names the engine family that plays it (``kap``, ``tsung``;
    see :mod:`gupai.games.registry`); ``prefix`` begins every rule id.
    ``fixed_sets`` is the number of sets when the game fixes it, ``max_sets``
    the most sets the kit plays it with (the fixed number, when there is one:
    ``equipment.sets``, or ``numbers.sets``), ``read_limit`` the most players
    or sets a log or a request may name (``equipment.read_limit``), ``set_rule``
    and ``players_rule`` the rules a wrong equipment breaks; ``dice`` how many
    dice choose the first player; ``wall_height`` and ``wall_cut`` the wall's
    shape (collecting games).
    """

    id: str
    name: str
    chinese: str
    summary: str
    players_min: int
    players_max: int
    players_default: int
    rules: tuple[RuleSpec, ...]
    options: tuple[OptionSpec, ...]
    presets: tuple[PresetSpec, ...]
    hand_size: int = 0
    winning_size: int = 0
    pairs_in_hand: int = 0
    numbers: tuple[tuple[str, int], ...] = ()
    family: str = ""
    prefix: str = ""
    fixed_sets: int | None = None
    max_sets: int | None = None
    read_limit: int | None = None
    set_rule: str = ""
    players_rule: str = ""
    dice: int = 0
    wall_height: int = 0
    wall_cut: str = ""
    path: Path = field(default=Path(), compare=False)

    def number(self, name: str) -> int:
        """A number the rules fix, from the game file's ``numbers``.

        >>> game_spec("tsung-shap").number("sweep-points")
        40
        """
        for key, value in self.numbers:
            if key == name:
                return value
        raise SpecError(f"{self.id} fixes no number {name!r} (spec/games/{self.id}.yaml, numbers)", where=name)

    def rule(self, rule_id: str) -> RuleSpec:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise SpecError(f"{self.id} has no rule {rule_id!r}", where=rule_id)

    def option(self, key: str) -> OptionSpec:
        for option in self.options:
            if option.key == key:
                return option
        known = ", ".join(o.key for o in self.options)
        raise OptionError(f"{self.id} has no option {key!r} (options: {known})", where=key)

    def preset(self, name: str) -> PresetSpec:
        for preset in self.presets:
            if preset.name == name:
                return preset
        for preset in self.presets:
            if any(f"{source}:{alias}" == name for source, alias in preset.aliases):
                return preset
        known = ", ".join(p.name for p in self.presets)
        raise OptionError(f"{self.id} has no preset {name!r} (presets: {known})", where=name)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)


def _load_yaml(path: Path) -> dict[str, Any]:
    doc = read_yaml(path)  # libyaml's parse, kept in the user's cache (gupai.core.specfiles)
    if not isinstance(doc, dict):
        raise SpecError(f"{path.name} is not a mapping", where=str(path))
    return doc


def _no_effect(options: tuple[OptionSpec, ...], values: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The options that change nothing under a preset's values, each with the reason, in the options' order."""
    found = ((option.key, option.inert_under(values)) for option in options)
    return tuple((key, reason) for key, reason in found if reason is not None)


@cache
def sources() -> dict[str, Source]:
    """Every source, by key."""
    doc = _load_yaml(data_dir("spec") / "sources.yaml")
    return {
        entry["key"]: Source(
            key=entry["key"],
            title=entry["title"],
            author=entry["author"],
            citation=entry["citation"],
            covers=tuple(entry.get("covers", ())),
            notes=entry.get("notes", ""),
            year=entry.get("year"),
        )
        for entry in doc["sources"]
    }


@cache
def contract() -> dict[str, Any]:
    """``spec/contract.yaml``: the meaning of version 1 as released, and every change of meaning since."""
    return _load_yaml(data_dir("spec") / "contract.yaml")


def contract_options(game: str) -> dict[str, dict[str, Any]]:
    """The options ``game`` had at version 1, each with its version-1 ``default`` and ``values`` (value: reading).

    >>> contract_options("tsung-shap")["lone-tile"]["default"]
    'no-capture'
    """
    return {
        str(key): {"default": str(entry["default"]), "values": {str(v): str(t) for v, t in entry["values"].items()}}
        for key, entry in (contract()["games"].get(game) or {}).items()
    }


@cache
def games() -> tuple[str, ...]:
    """The ids of every game in ``spec/games/`` (read once a process, as each game's spec is)."""
    return tuple(sorted(path.stem for path in (data_dir("spec") / "games").glob("*.yaml")))


@cache
def game_spec(game: str) -> GameSpec:
    """Load one game's spec.

    >>> game_spec("chess")
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: unknown game 'chess' (games: kap-shap, kap-tai-shap, tsung-shap)
    """
    path = data_dir("spec") / "games" / f"{game}.yaml"
    if not path.is_file():
        raise OptionError(f"unknown game {game!r} (games: {', '.join(games())})", where=game)
    doc = _load_yaml(path)
    first = contract_options(str(doc["id"]))
    rules = tuple(
        RuleSpec(
            id=r["id"],
            title=r["title"],
            text=" ".join(str(r["text"]).split()),
            sources=tuple(r.get("sources", ())),
            options=tuple(r.get("options", ())),
            status=r["status"],
            implementation_defined=bool(r.get("implementation_defined", False)),
            quote=(r["quote"]["source"], r["quote"]["text"]) if "quote" in r else None,
        )
        for r in doc["rules"]
    )
    options = tuple(
        OptionSpec(
            key=key,
            title=o["title"],
            question=o["question"],
            values=tuple(str(v) for v in o["values"]),
            value_texts=tuple(" ".join(str(t).split()) for t in o["values"].values()),
            default=str(o["default"]),
            since=(str(o["since"]["added"]), str(o["since"]["old-reading"])) if "since" in o else None,
            retired=tuple(
                Retired(
                    value=str(r["value"]),
                    when=tuple((str(k), str(v)) for k, v in r["when"].items()),
                    means=tuple((str(k), str(v)) for k, v in r["means"].items()),
                )
                for r in o.get("retired", ())
            ),
            first_default=first.get(key, {}).get("default"),
            justification=" ".join(str(o["justification"]).split()),
            positions=tuple(
                Position(source=s, reading=None if p["reading"] is None else str(p["reading"]), says=p["says"])
                for s, p in o.get("positions", {}).items()
            ),
            inert=tuple(
                (tuple((str(k), str(v)) for k, v in i.get("when", {}).items()), " ".join(str(i["reason"]).split()))
                for i in o.get("inert", ())
            ),
        )
        for key, o in doc["options"].items()
    )
    presets = tuple(
        PresetSpec(
            name=name,
            title=p["title"],
            text=p["text"],
            sources=tuple(p.get("sources", ())),
            values=tuple((k, str(v)) for k, v in p["values"].items()),
            aliases=tuple((a["source"], a["name"]) for a in p.get("aliases", ())),
            no_effect=_no_effect(options, {k: str(v) for k, v in p["values"].items()}),
        )
        for name, p in doc["presets"].items()
    )
    players = doc["players"]
    equipment, wall = doc.get("equipment", {}), doc.get("wall", {})
    return GameSpec(
        id=doc["id"],
        name=doc["name"],
        chinese=doc.get("chinese", ""),
        summary=" ".join(str(doc.get("summary", "")).split()),
        players_min=int(players["min"]),
        players_max=int(players["max"]),
        players_default=int(players["default"]),
        rules=rules,
        options=options,
        presets=presets,
        hand_size=int(doc.get("hand_size", 0)),
        winning_size=int(doc.get("winning_size", 0)),
        pairs_in_hand=int(doc.get("pairs_in_hand", 0)),
        numbers=tuple((str(key), int(value)) for key, value in doc.get("numbers", {}).items()),
        family=str(doc["family"]),
        prefix=str(doc["prefix"]),
        fixed_sets=equipment.get("sets"),
        max_sets=equipment.get("max_sets", equipment.get("sets", doc.get("numbers", {}).get("sets"))),
        read_limit=equipment.get("read_limit"),
        set_rule=str(equipment.get("set_rule", "")),
        players_rule=str(equipment.get("players_rule", "")),
        dice=int(doc.get("dice", 0)),
        wall_height=int(wall.get("height", 0)),
        wall_cut=str(wall.get("cut", "")),
        path=path,
    )
