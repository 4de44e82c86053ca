"""Steps about tens values, ten-pairs and eyes: capabilities ``tile_value`` and ``pair``.

Outcomes (Then)
    ``[t] counts <n> toward tens``, ``every other tile counts its spots toward
    tens`` (``tile_value``); ``[a] and [b] make a ten-pair`` / ``do not make a
    ten-pair``, ``[t] makes a ten-pair with [a], [b] and [c]``, ``[t] makes no
    ten-pair``, ``there are <n> kinds of ten-pair``, ``the ten-pairs are:`` (a
    table ``| pair | makes |``; ``makes`` asked with ``tile_value``), ``[a]
    and [b] make an eye`` / ``do not make an eye`` (``pair``)

Every question is asked under the scenario's game and options; a pair is
asked in both orders where the step names two tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import TILE, ScenarioRun, show, tiles_in
from gupai.core.tiles import KIND_COUNT, Tile, kinds

__all__ = ["STEPS"]

STEPS = StepList()

FOUR_TWO = "4-2"
"""The one tile whose tens value is an option (rule ``*.tiles.four-two``); the others count their spots."""


def _one(text: str) -> Tile:
    (tile,) = tiles_in(text)
    return tile


def _values(run: ScenarioRun) -> dict[str, int]:
    """What every tile counts toward tens, by the engine (asked once)."""
    if "values" not in run.cache:
        faces = [Tile.from_index(k).face for k in range(KIND_COUNT)]
        answers = run.capabilities_many("tile_value", [{"tile": face} for face in faces])
        values = {}
        for face, answer in zip(faces, answers, strict=True):
            values[face] = int(run.expect_ok(answer, f"tile_value of [{face}]").doc["value"])
        run.cache["values"] = values
    found: dict[str, int] = run.cache["values"]
    return found


def _verdicts(run: ScenarioRun, pairs: Sequence[tuple[Tile, Tile]], what: str) -> list[bool]:
    """The engine's ``pair`` verdict (``ten_pair`` or ``eye``) on each pair, each asked once per scenario."""
    store: dict[tuple[str, str], dict[str, bool]] = run.cache.setdefault("pairs", {})
    missing = sorted({(a.face, b.face) for a, b in pairs if (a.face, b.face) not in store})
    answers = run.capabilities_many("pair", [{"tiles": [a, b]} for a, b in missing])
    for key, answer in zip(missing, answers, strict=True):
        store[key] = dict(run.expect_ok(answer, f"pair [{key[0]}] [{key[1]}]").doc)
    return [bool(store[(a.face, b.face)][what]) for a, b in pairs]


def _ten_pairs(run: ScenarioRun) -> set[tuple[str, str]]:
    """Every ten-pair the engine accepts, greater tile first, asked in both orders."""
    tiles = [Tile.from_index(k) for k in range(KIND_COUNT)]
    asked = [(a, b) for a in tiles for b in tiles]
    found = set()
    verdicts = dict(zip(asked, _verdicts(run, asked, "ten_pair"), strict=True))
    for (a, b), verdict in verdicts.items():
        if verdict != verdicts[(b, a)]:
            raise StepError(f"pair answers {verdict} for [{a}] [{b}] but {not verdict} for [{b}] [{a}]")
        if verdict:
            found.add((max(a, b).face, min(a, b).face))
    return found


@STEPS.then(rf"(?P<tile>{TILE}) counts (?P<value>\d+) toward tens", rules=("tiles.four-two",))
def _tens_value(run: ScenarioRun, tile: str, value: str) -> None:
    face = _one(tile).face
    answer = run.expect_ok(run.capability("tile_value", tile=face), f"tile_value of [{face}]")
    if answer.doc["value"] != int(value):
        raise StepError(f"the engine counts [{face}] {answer.doc['value']} toward tens, not {value}")


@STEPS.then(r"every other tile counts its spots toward tens", rules=("tiles.four-two",))
def _others_count_spots(run: ScenarioRun) -> None:
    values = _values(run)
    wrong = [f"[{k.face}] counts {values[k.face]}" for k in kinds() if k.face != FOUR_TWO and values[k.face] != k.pips]
    if wrong:
        raise StepError("the engine: " + ", ".join(wrong))


@STEPS.then(rf"(?P<a>{TILE}) and (?P<b>{TILE}) (?P<verdict>make|do not make) a ten-pair", rules=("pair.ten",))
def _pair(run: ScenarioRun, a: str, b: str, verdict: str) -> None:
    ta, tb = _one(a), _one(b)
    found = _verdicts(run, [(ta, tb), (tb, ta)], "ten_pair")
    if found != [verdict == "make"] * 2:
        raise StepError(
            f"[{ta}] and [{tb}] {verdict} a ten-pair, but the engine answers {found} (both orders)",
            rules=(_pair_rule(ta, tb),),
        )


def _pair_rule(a: Tile, b: Tile) -> str:
    """The rule a wrong ten-pair verdict breaks: [4-2]'s count when [4-2] is in it and its count decides it."""
    if FOUR_TWO in (a.face, b.face) and ((a.pips + b.pips) % 10 == 0) != ((a.pips + b.pips - 3) % 10 == 0):
        return "tiles.four-two"
    return "pair.ten"


def _partners(run: ScenarioRun, tile: Tile) -> list[str]:
    face = tile.face
    return sorted((b if a == face else a for a, b in _ten_pairs(run) if face in (a, b)), reverse=True)


@STEPS.then(rf"(?P<tile>{TILE}) makes a ten-pair with (?P<partners>.+)", rules=("pair.ten",))
def _makes_pairs_with(run: ScenarioRun, tile: str, partners: str) -> None:
    t = _one(tile)
    found = _partners(run, t)
    expected = sorted((p.face for p in tiles_in(partners)), reverse=True)
    if found != expected:
        differing = set(found) ^ set(expected)
        rules = {_pair_rule(t, Tile(face)) for face in differing}
        raise StepError(f"the engine pairs [{t}] with {show(found)}, not {show(expected)}", rules=sorted(rules))


@STEPS.then(rf"(?P<tile>{TILE}) makes no ten-pair", rules=("pair.ten",))
def _makes_no_pair(run: ScenarioRun, tile: str) -> None:
    t = _one(tile)
    found = _partners(run, t)
    if found:
        raise StepError(f"the engine pairs [{t}] with {show(found)}")


@STEPS.then(r"there are (?P<count>\d+) kinds of ten-pair", rules=("pair.ten",))
def _pair_count(run: ScenarioRun, count: str) -> None:
    found = _ten_pairs(run)
    if len(found) != int(count):
        told = f"the engine accepts {len(found)} kinds of ten-pair, not {count}"
        truth = _reference_pairs(run)
        if len(truth) != int(count):  # (the scenario and the reference disagree: say only the count)
            raise StepError(told)
        missing, extra = sorted(truth - found, reverse=True), sorted(found - truth, reverse=True)
        parts = [f"missing {', '.join(f'[{a}]+[{b}]' for a, b in missing)}"] if missing else []
        parts += [f"extra {', '.join(f'[{a}]+[{b}]' for a, b in extra)}"] if extra else []
        first = (missing or extra)[0]
        raise StepError(f"{told}: {'; '.join(parts)}", rules=(_pair_rule(Tile(first[0]), Tile(first[1])),))


def _reference_pairs(run: ScenarioRun) -> set[tuple[str, str]]:
    """The ten-pairs under the scenario's options, by the kit's own pair rules (greater tile first)."""
    from gupai.core.options import read_options  # (only a wrong count needs them)
    from gupai.core.pairs import pair_rules_from_options

    rules = pair_rules_from_options(read_options(str(run.game), run.options()))
    return {(max(a, b).face, min(a, b).face) for a, b in rules.legal_pairs()}


@STEPS.then(r"the ten-pairs are:", rules=("pair.ten",))
def _pair_table(run: ScenarioRun, datatable: Sequence[Sequence[str]]) -> None:
    header, *rows = datatable
    if list(header) != ["pair", "makes"]:
        raise StepError(f"the table's columns are | pair | makes |, not {list(header)}")
    expected = []
    for pair_text, total in rows:
        a, b = tiles_in(pair_text)
        expected.append((max(a, b).face, min(a, b).face, int(total)))
    if len(expected) != len(set(expected)):
        raise StepError("the table lists a pair twice")
    values = _values(run)
    actual = {(a, b, values[a] + values[b]) for a, b in _ten_pairs(run)}
    # The table may group the pairs for the reader (twenties first, say): compare as sets.
    missing = sorted(actual - set(expected), reverse=True)
    extra = sorted(set(expected) - actual, reverse=True)
    if missing or extra:

        def told(pairs: list[tuple[str, str, int]]) -> str:
            return ", ".join(f"[{a}]+[{b}] (makes {total})" for a, b, total in pairs) or "none"

        high, low, _ = (missing or extra)[0]  # the first pair told wrongly: its rule only
        rule = "tiles.four-two" if missing and FOUR_TWO in (high, low) else _pair_rule(Tile(high), Tile(low))
        raise StepError(
            f"the engine's ten-pairs: accepted but not listed {told(missing)}; listed but not accepted {told(extra)}",
            rules=(rule,),
        )


@STEPS.then(rf"(?P<a>{TILE}) and (?P<b>{TILE}) (?P<verdict>make|do not make) an eye", rules=("eye",))
def _eye(run: ScenarioRun, a: str, b: str, verdict: str) -> None:
    ta, tb = _one(a), _one(b)
    found = _verdicts(run, [(ta, tb), (tb, ta)], "eye")
    if found != [verdict == "make"] * 2:
        raise StepError(f"[{ta}] and [{tb}] {verdict} an eye, but the engine answers {found} (both orders)")
