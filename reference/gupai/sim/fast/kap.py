"""The fast path for Kap Shap and Kap Tai Shap: rule facts as arrays, chunks of games in one compiled call.

Everything the compiled kernel (:mod:`gupai.sim.fast.kap_kernel`) needs to
know about the rules is read here from the reference's own configuration:
the options (:func:`gupai.games.kap.config.collecting_config`), the deal's
cut (:func:`gupai.games.kap.deal.deal_from_order` applied to the positions
themselves, once per first player), the first player for each throw of the
dice, the legal ten-pairs and eyes (:class:`gupai.core.pairs.PairRules`) and
the copies of each kind (:func:`gupai.core.tiles.set_counts`).

>>> from gupai.sim.simulate import KapRunner, KapTally, Simulation
>>> fast, reference = FastKapRunner(Simulation("kap-shap"), KapTally), KapRunner(Simulation("kap-shap"))
>>> outcome = fast.run(range(1, 4))[0].tolist()
>>> [(t, w) for t, _, w, _ in outcome] == [
...     (s.turn, -1 if s.winner is None else s.winner) for s in map(reference.state, range(1, 4))]
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import numpy as np

from gupai.core.tiles import KIND_COUNT, set_counts
from gupai.games.agents import AGENTS, GreedyAgent, NavpilAgent, RandomAgent
from gupai.games.kap.deal import deal_from_order, first_player_from_dice
from gupai.games.kap.navpil import navpil_tables
from gupai.games.kap.state import ABANDON_AFTER_TURNS, may_never_end
from gupai.games.match import follows_previous
from gupai.log.play import seat_agents
from gupai.sim.fast import kap_kernel as kk
from gupai.sim.fast.compiling import announce_compiling
from gupai.sim.fast.mt import string_key_bytes
from gupai.sim.fast.runner import ChunkedRunner

__all__ = ["DEAD_ROUND_TURNS", "FastKapRunner", "KapTables", "kap_tables", "seed_keys"]

#: Rounds without a draw that end a game under termination=three-dead-rounds (the option's own name).
DEAD_ROUND_TURNS = 3

_AGENT_CODES: dict[object, int] = {
    RandomAgent: kk.AGENT_RANDOM,
    GreedyAgent: kk.AGENT_GREEDY,
    NavpilAgent: kk.AGENT_NAVPIL,
}
_DIE_FACES = 6


def seed_keys(texts: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
    """The ``random.Random(text)`` seeding keys of several texts, padded into rows, and their lengths.

    >>> rows, lengths = seed_keys(["gupai:kap-shap:deal:1", "gupai:kap-shap:deal:22"])
    >>> from gupai.sim.fast.mt import string_key
    >>> [list(rows[i, : lengths[i]]) == list(string_key(t)) for i, t in enumerate(["gupai:kap-shap:deal:1", "gupai:kap-shap:deal:22"])]
    [True, True]
    """
    keys = list(map(string_key_bytes, texts))
    width = max(map(len, keys), default=4)
    blob = b"".join([k.ljust(width, b"\0") for k in keys])
    rows = np.frombuffer(blob, dtype="<u4").astype(np.int64).reshape(len(keys), width // 4)
    lengths = np.fromiter((len(k) // 4 for k in keys), dtype=np.int64, count=len(keys))
    return rows, lengths


def game_keys(
    game: str, seeds: range, agent_codes: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The seeding keys of a run's games, as the reference seeds them: the deal's
    (``gupai:{game}:deal:{seed}``) and, when some seat plays at random, the agents'
    (``gupai:{game}:agents:{seed}``; else empty rows). Returns (deal keys, lengths, agent keys, lengths)."""
    deal_keys, deal_lens = seed_keys(f"gupai:{game}:deal:{seed}" for seed in seeds)
    if bool((agent_codes == 0).any()):
        agent_keys, agent_lens = seed_keys(f"gupai:{game}:agents:{seed}" for seed in seeds)
    else:
        agent_keys, agent_lens = np.zeros((len(seeds), 1), dtype=np.int64), np.zeros(len(seeds), dtype=np.int64)
    return deal_keys, deal_lens, agent_keys, agent_lens


class KapTables:
    """The arrays one simulation's kernel calls share (built once per runner)."""

    def __init__(self, simulation: Any) -> None:
        config = simulation.game_config()  # the loaded game's, made once (gupai.sim.simulate.Simulation)
        options, ev = config.options, config.evaluator
        self.config = config
        self.players = config.players
        self.sets = config.sets
        n = config.players
        # The deal: cut the positions themselves, once for each first player.
        order0 = [kind for kind, copies in enumerate(set_counts(config.sets)) for _ in range(copies)]
        tiles = len(order0)
        self.order0 = np.asarray(order0, dtype=np.int64)
        dice = options["first-player"] == "dice"
        # A first player no throw gives (four dice make 4 to 24: with more than 21 players some seats are never
        # first) has no cut: the kernel never asks for one (its row of ``owner`` stays -1).
        throws = _first_throws(n) if dice else {0: None}
        owner = np.full((n, tiles), -1, dtype=np.int64)
        stocks: dict[int, list[int]] = {}
        for first, throw in throws.items():
            deal = deal_from_order(config, list(range(tiles)), dice=throw)
            if deal.first_player != first:  # pragma: no cover - each throw makes its own first player
                raise AssertionError("deal cut for the wrong first player")
            for seat, positions in enumerate(deal.hands):
                owner[first, list(positions)] = seat
            stocks[first] = list(deal.stock)
        self.owner = owner
        self.stock_pos = np.zeros((n, len(stocks[min(stocks)])), dtype=np.int64)
        for first, stock in stocks.items():
            self.stock_pos[first] = stock
        self.dice_first = np.zeros((_DIE_FACES,) * 4, dtype=np.int64)
        for throw in itertools.product(range(1, _DIE_FACES + 1), repeat=4):
            self.dice_first[tuple(d - 1 for d in throw)] = first_player_from_dice(throw, n)
        # Pairs, eyes, classes of kinds with the same partners (as the planner groups them).
        partners: list[frozenset[int]] = [frozenset() for _ in range(KIND_COUNT)]
        for i, j in ev.rules.legal_pair_indices():
            partners[i] |= {j}
            partners[j] |= {i}
        signatures: dict[frozenset[int], int] = {}
        class_of = [signatures.setdefault(partners[k], len(signatures)) for k in range(KIND_COUNT)]
        classes = len(signatures)
        if classes > 15:  # pragma: no cover - four bits a class in an int64 key
            raise ValueError(f"{classes} classes of kinds do not fit a 64-bit key")
        members = [[k for k in range(KIND_COUNT) if class_of[k] == c] for c in range(classes)]
        class_partners = [sorted({class_of[j] for k in members[c] for j in partners[k]}) for c in range(classes)]
        caps = ev.caps
        self.caps = np.asarray(caps, dtype=np.int64)
        self.class_of = np.asarray(class_of, dtype=np.int64)
        self.win_eyes = np.asarray(ev.rules.eye_kinds(), dtype=np.int64)
        self.plan_eyes = np.asarray([e for e in ev.rules.eye_kinds() if caps[e] >= 2], dtype=np.int64)
        #: Each class's partner class, -1 for none (the fast path needs at most one: see ``involution``).
        self.partner = np.asarray([ps[0] if ps else -1 for ps in class_partners], dtype=np.int64)
        #: Every class has at most one partner class and is that class's partner: the kernel's matching is then a sum.
        self.involution = all(
            len(ps) <= 1 and all(class_partners[p] == [c] for p in ps) for c, ps in enumerate(class_partners)
        )
        #: The navpil agent's tables (gupai.games.kap.navpil.NavpilTables), one row each (kk.NAV_*), padded.
        t = navpil_tables(config)
        nav = np.zeros((kk.NAV_ROWS, KIND_COUNT), dtype=np.int64)
        for row, values in (
            (kk.NAV_BUCKET, t.bucket), (kk.NAV_COMPLEMENT, t.complement), (kk.NAV_CIVIL, t.civil),
            (kk.NAV_RANK, t.rank), (kk.NAV_EYE_ORDER, t.eye_order), (kk.NAV_TOTAL, t.total),
            (kk.NAV_BY_RANK, sorted(range(KIND_COUNT), key=t.rank.__getitem__)), (kk.NAV_SIGN, (t.open_sign,)),
        ):  # fmt: skip
            nav[row, : len(values)] = values
        self.nav = nav
        params = np.zeros(kk.P_COUNT, dtype=np.int64)
        params[kk.P_PLAYERS] = n
        params[kk.P_SIZE] = ev.size
        params[kk.P_PAIRS] = ev.pairs_in_hand
        params[kk.P_TAKE_ANY] = options["take"] == "any"
        params[kk.P_TWO_TILES] = options["turn"] == "take-and-draw"
        params[kk.P_DISCARD_DRAWN] = options["drawn-tile"] == "discard-unless-win"
        params[kk.P_OPENING_DRAW] = options["opening"] == "discard-draw-discard"
        params[kk.P_DRAW_FIRST] = config.draw_first
        params[kk.P_NO_CONSECUTIVE] = options["termination"] == "no-consecutive-takes"
        params[kk.P_TURN_CAP] = ABANDON_AFTER_TURNS if may_never_end(options, n) else 0
        params[kk.P_PLAY_ON] = options["stock-out"] == "play-on"
        # 0: the face taken may not go back; 1: it may; 2: only if a copy was held before the take
        params[kk.P_TAKEN_BACK] = {"forbidden": 0, "allowed": 1, "taken-tile": 2}[options["discard-taken"]]
        params[kk.P_MUST_DECLARE] = options["declare"] == "mandatory"
        params[kk.P_DEAD_ROUND] = options["termination"] == "three-dead-rounds"
        params[kk.P_DEAD_TURNS] = DEAD_ROUND_TURNS
        params[kk.P_DICE] = dice
        params[kk.P_MATCH] = follows_previous(config.spec.id, options["first-player"])
        params[kk.P_CLASSES] = classes
        params[kk.P_KINDS] = KIND_COUNT
        self.params = params


def kap_tables(simulation: Any) -> KapTables:
    """The kernel's arrays for ``simulation``."""
    return KapTables(simulation)


def _first_throws(players: int) -> dict[int, tuple[int, ...]]:
    """A throw of the four dice for each seat some throw makes first (the first such throw, in order).

    >>> sorted(_first_throws(4)), sorted(_first_throws(22))[:4], len(_first_throws(40))
    ([0, 1, 2, 3], [0, 1, 2, 4], 21)
    """
    throws: dict[int, tuple[int, ...]] = {}
    for throw in itertools.product(range(1, _DIE_FACES + 1), repeat=4):
        throws.setdefault(first_player_from_dice(throw, players), throw)
    return throws


class FastKapRunner(ChunkedRunner):
    """Plays seeded Kap games in compiled chunks; the same games as :class:`gupai.sim.simulate.KapRunner`."""

    def __init__(self, simulation: Any, tally: type) -> None:
        self.tally = tally
        self.simulation = simulation
        self.game = simulation.game
        self.options = simulation.options
        self.data = kap_tables(simulation)
        self.players = self.data.players
        self.sets = self.data.sets
        self.agents = seat_agents(simulation.agents, self.players)
        codes = []
        for name in self.agents:
            code = _AGENT_CODES.get(AGENTS[name])
            if code is None:
                raise ValueError(f"the fast path does not play agent {name!r}")
            codes.append(code)
        self.agent_codes = np.asarray(codes, dtype=np.int64)

    def new_tally(self) -> Any:
        return self.tally(players=self.players)

    def run(self, seeds: range, *, record: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play ``seeds``: per game (turns, first, winner or -1, reason index), and the actions if ``record``."""
        announce_compiling(kk.play_kap, "Kap Shap")
        game = self.game
        deal_keys, deal_lens, agent_keys, agent_lens = game_keys(game, seeds, self.agent_codes)
        d = self.data
        out = np.zeros((len(seeds), 4), dtype=np.int64)
        steps = 64 * len(d.order0) if record else 0
        trace = np.zeros((len(seeds) if record else 0, steps), dtype=np.int64)
        trace_len = np.zeros(len(seeds), dtype=np.int64)
        kk.play_kap(
            d.params, d.order0, d.owner, d.stock_pos, d.dice_first, d.win_eyes, d.plan_eyes, d.partner,
            d.class_of, d.caps, self.agent_codes, d.nav, deal_keys, deal_lens, agent_keys, agent_lens,
            out, trace, trace_len,
        )  # fmt: skip
        return out, trace, trace_len

    def count(self, tally: Any, out: np.ndarray) -> None:
        tally.add_games(out[:, 0], out[:, 1], out[:, 2], out[:, 3])
