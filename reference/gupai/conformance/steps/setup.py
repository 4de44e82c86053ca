"""Steps that fix the game: which game, preset, options, sets and players; seating the players.

Context (Given)
    ``the game <game>`` / ``the game <game> with preset <preset>``,
    ``the option <key> is <value>``, ``<n> sets are in play``,
    ``<n> players play`` / ``<n> players play with <k> sets``
Actions (When)
    ``<n> players sit down`` / ``<n> players sit down with <k> sets``: a
    ``new_game`` the engine shuffles and deals
Outcomes (Then)
    ``the game is played with <k> sets, <n> tiles``, ``the game is refused:
    "<part of the message>"``, ``the refusal cites rule <id>``

The game and options start from the ``culin`` preset.
"""

from __future__ import annotations

from gupai.conformance.attribution import SET_RULE
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import NO_OPTIONS, ScenarioRun, protocol_defaults
from gupai.core.options import DEFAULT_PRESET

__all__ = ["STEPS"]

STEPS = StepList()


def _not_started(run: ScenarioRun, what: str) -> None:
    """Setting up after a step has started the game would be silently ignored: refuse it."""
    if run.in_game or run.sat_down is not None:
        raise StepError(f"{what} must come before the first step that uses the game")


@STEPS.given(r"the game (?P<game>[a-z][a-z-]*)")
def _game(run: ScenarioRun, game: str) -> None:
    _not_started(run, "The game")
    run.game, run.preset = game, DEFAULT_PRESET
    run.options()  # an unknown game is a mistake in the feature


@STEPS.given(r"the game (?P<game>[a-z][a-z-]*) with preset (?P<preset>[a-z0-9:-]+)")
def _game_preset(run: ScenarioRun, game: str, preset: str) -> None:
    _not_started(run, "The game")
    run.game, run.preset = game, preset
    run.options()  # an unknown game or preset is a mistake in the feature


@STEPS.given(r"the game (?P<game>[a-z][a-z-]*) with no options given")
def _game_defaults(run: ScenarioRun, game: str) -> None:
    """Every request of the game says ``options: {}``: the defaults of protocol 1 (the harness reads them so too)."""
    _not_started(run, "The game")
    run.game, run.preset = game, DEFAULT_PRESET
    run.overrides = protocol_defaults(game)
    run.cache[NO_OPTIONS] = True


@STEPS.given(r"the option (?P<key>[a-z0-9-]+) is (?P<value>[a-z0-9-]+)")
def _option(run: ScenarioRun, key: str, value: str) -> None:
    _not_started(run, "An option")
    run.overrides[key] = value
    if run.game is not None:
        run.options()  # an unknown option or value is a mistake in the feature


@STEPS.given(r"(?P<sets>\d+) sets? (?:is|are) in play")
def _sets(run: ScenarioRun, sets: str) -> None:
    _not_started(run, "The number of sets")
    run.sets = int(sets)


@STEPS.given(r"(?P<players>\d+) players play(?: with (?P<sets>\d+) sets?)?")
def _players(run: ScenarioRun, players: str, sets: str | None) -> None:
    _not_started(run, "The players")
    run.players = int(players)
    run.sets = None if sets is None else int(sets)


@STEPS.when(r"(?P<players>\d+) players? sits? down(?: with (?P<sets>\d+) sets?)?")
def _sit_down(run: ScenarioRun, players: str, sets: str | None) -> None:
    run.players = int(players)
    run.sets = None if sets is None else int(sets)
    run.sat_down = run.new_game(None, players=run.players, sets=run.sets)
    run.in_game = run.sat_down.is_ok


@STEPS.then(r"the game is played with (?P<sets>\d+) sets?, (?P<tiles>\d+) tiles", rules=(SET_RULE,))
def _played_with(run: ScenarioRun, sets: str, tiles: str) -> None:
    if run.sat_down is None:
        raise StepError("nobody sat down")
    run.expect_ok(run.sat_down, "seating the players")
    state = run.state()
    dealt = sum(len(h) for h in state["hands"]) + state["stock_size"]
    if dealt != int(tiles):
        raise StepError(f"the engine deals {dealt} tiles (hands and stock), not {tiles}")
    if "describe" not in run.capabilities:  # the deal is asked; what N sets hold is a fact of describe
        run.notes.append(f"that {sets} sets hold {tiles} tiles is not asked (capability describe)")
        return
    described = run.capability("describe", sets=int(sets)).doc["tiles"]
    in_sets = sum(kind["copies"] for kind in described)
    if in_sets != int(tiles):
        raise StepError(f"the engine describes {in_sets} tiles in {sets} sets, not {tiles}")


@STEPS.then(r'the game is refused: "(?P<fragment>[^"]+)"')
def _game_refused(run: ScenarioRun, fragment: str) -> None:
    if run.sat_down is None:
        raise StepError("nobody sat down")
    if run.sat_down.is_ok:
        raise StepError(f"the game should be refused ({fragment}), but the engine starts it")
    run.same_wording(run.sat_down, fragment)


@STEPS.then(r"the refusal cites rule (?P<rule>[a-z0-9.-]+)")
def _refusal_rule(run: ScenarioRun, rule: str) -> None:
    if run.sat_down is None or run.sat_down.is_ok:
        raise StepError("nothing was refused")
    run.same_rule(run.sat_down, rule)
