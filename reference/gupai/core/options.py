"""Resolving a game's options: a preset, then overrides, every value checked.

>>> opts = resolve_options("kap-shap", preset="culin", overrides={"take": "latest"})
>>> opts["take"], opts["turn"], opts.preset
('latest', 'take-and-draw', 'culin')
>>> resolve_options("kap-shap", overrides={"take": "some"})
Traceback (most recent call last):
...
gupai.core.errors.OptionError: option 'take' of kap-shap has no value 'some' (values: any, latest)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gupai.core.errors import OptionError
from gupai.core.spec import Retired, contract, game_spec

__all__ = [
    "DEFAULT_PRESET",
    "Options",
    "format_1_reading",
    "option_overrides",
    "parse_assignments",
    "read_options",
    "resolve_options",
    "suggestion",
    "written_options",
]

DEFAULT_PRESET = "culin"


@dataclass(frozen=True, slots=True)
class Options(Mapping[str, str]):
    """Every option of a game, resolved to a value: a frozen mapping.

    ``preset`` is the preset the values came from; ``overrides`` the keys that
    were then set by hand.
    """

    game: str
    preset: str
    entries: tuple[tuple[str, str], ...]
    overrides: tuple[str, ...] = ()
    _values: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_values", dict(self.entries))  # looked up on every move of a replay

    def __getitem__(self, key: str) -> str:
        return self._values[key]

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self._values.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def as_dict(self) -> dict[str, str]:
        return dict(self._values)

    def evolve(self, **changes: str) -> Options:
        """A copy with some options changed (keyword names use ``_`` for ``-``)."""
        return resolve_options(
            self.game,
            preset=self.preset,
            overrides={**{k: self[k] for k in self.overrides}, **{k.replace("_", "-"): v for k, v in changes.items()}},
        )


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """Turn ``["take=latest", ...]`` into a mapping, rejecting malformed items.

    >>> parse_assignments(["take=latest"])
    {'take': 'latest'}
    >>> parse_assignments(["take"])
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: option 'take' is not KEY=VALUE
    """
    result: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise OptionError(f"option {item!r} is not KEY=VALUE", where=item)
        result[key.strip()] = value.strip()
    return result


def suggestion(word: str, choices: Iterable[str]) -> str:
    """A " Did you mean ...?" for ``word`` among ``choices``, or "".

    >>> suggestion("culn", ["culin", "pagat"]), suggestion("zzz", ["culin"])
    (" Did you mean 'culin'?", '')
    """
    import difflib  # (for a mistake: not at every start)

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" Did you mean {close[0]!r}?" if close else ""


def option_overrides(options: Mapping[str, str]) -> dict[str, str]:
    """Options given in either spelling, keyed as ``spec/`` names them (``_`` read as ``-``).

    >>> option_overrides({"pair_set": "printed", "take": "any"})
    {'pair-set': 'printed', 'take': 'any'}
    """
    return {key.replace("_", "-"): value for key, value in options.items()}


def resolve_options(
    game: str,
    *,
    preset: str | None = None,
    overrides: Mapping[str, str] | None = None,
) -> Options:
    """Resolve ``game``'s options from ``preset`` (default ``culin``) and ``overrides``.

    An option is named as ``spec/`` names it (``pair-set``) or as a Python keyword spells it (``pair_set``).

    >>> resolve_options("kap-shap", overrides={"pair_set": "printed"})["pair-set"]
    'printed'
    """
    spec = game_spec(game)
    chosen = spec.preset(preset or DEFAULT_PRESET)
    values = chosen.as_dict()
    overrides = option_overrides(overrides or {})
    for key, value in overrides.items():
        option = spec.option(key)
        if str(value) not in option.values and str(value) not in _format_1_values(game, key):
            raise OptionError(
                f"option {key!r} of {game} has no value {value!r} (values: {', '.join(option.values)})",
                where=key,
            )
        values[key] = str(value)
    ordered = tuple((option.key, values[option.key]) for option in spec.options)
    return Options(game=spec.id, preset=chosen.name, entries=ordered, overrides=tuple(sorted(overrides)))


def read_options(game: str, given: Mapping[str, str]) -> Options:
    """The options a log or a ``new_game`` request gives, every option left out read as its ``absent`` value.

    An option added after version 1 of the log format and the protocol (spec
    key ``since``) means its old reading when left out, so a log or an engine
    older than the option keeps its meaning; any other option left out means
    its version-1 default (``spec/contract.yaml``), whatever its default is now.

    A retired value of version 1 (spec key ``retired``) is read as the
    options it stands for:

    >>> opts = read_options("kap-shap", {"turn": "take-or-draw"})
    >>> opts["turn"], opts["stock-out"], opts["take"]
    ('take-or-draw', 'end', 'any')
    >>> opts = read_options("tsung-shap", {"lone-tile": "pair-sweep", "sweep-score": "add"})
    >>> opts["lone-tile"], opts["lone-score"]
    ('pair', 'capture-and-sweep')
    """
    spec = game_spec(game)
    values = {option.key: option.absent for option in spec.options}
    values.update(given)
    for key, value in given.items():
        retired = _retired(spec.option(key).retired, value, values) if key in values else None
        if retired is None:
            continue
        for other, meant in retired.means:
            if other != key and other in given and given[other] != meant:
                raise OptionError(
                    f"option {key!r} of {game}: the retired value {value!r} means {other}={meant}, "
                    f"not {other}={given[other]}",
                    where=other,
                )
        values.update(dict(retired.means))
    return resolve_options(game, overrides=values)


def format_1_reading(game: str, options: Mapping[str, Any]) -> dict[str, str] | None:
    """What a log of format 1 with ``options`` reads them as, when a reading has changed since; else ``None``.

    A log keeps the meaning it was written with (``log-format-1-readings`` in
    ``spec/contract.yaml``): under format 1, ``pair-set=printed`` with
    ``four-two-value=6`` recounts the printed table with [4-2] at 6.

    >>> format_1_reading("kap-shap", {"pair-set": "printed", "four-two-value": "6", "take": "any"})["pair-set"]
    'printed-recounted'
    >>> format_1_reading("kap-shap", {"pair-set": "printed", "four-two-value": "3"}) is None
    True
    """
    for entry in contract().get("log-format-1-readings", ()):
        if entry["game"] == game and all(options.get(k) == str(v) for k, v in entry["when"].items()):
            return {**options, **{str(k): str(v) for k, v in entry["reads"].items()}}
    return None


def written_options(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """A log's options as it was written: read through :func:`format_1_reading` when its version is 1.

    >>> doc = {"version": 1, "game": "kap-tai-shap", "options": {"pair-set": "printed", "four-two-value": "6"}}
    >>> written_options(doc)["pair-set"], written_options({**doc, "version": 2})["pair-set"]
    ('printed-recounted', 'printed')
    """
    options: Mapping[str, Any] = doc["options"]
    if doc.get("version") == 1 and isinstance(options, Mapping):
        return format_1_reading(str(doc.get("game")), options) or options
    return options


def _format_1_values(game: str, key: str) -> tuple[str, ...]:
    """The values of ``key`` only a log of format 1 can name (read through :func:`format_1_reading`)."""
    return tuple(
        str(entry["reads"][key])
        for entry in contract().get("log-format-1-readings", ())
        if entry["game"] == game and key in entry["reads"]
    )


def _retired(retired: tuple[Retired, ...], value: Any, values: Mapping[str, str]) -> Retired | None:
    """The retired value ``value`` stands for under ``values``, or ``None`` (not retired; or no reading fits)."""
    for entry in retired:
        if entry.value == value and all(values.get(k) == v for k, v in entry.when):
            return entry
    return None
