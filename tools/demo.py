"""``make demo``: a tour of what gupai knows, run end to end.

It shows the tile set, the legal ten-pairs under each reading, and checks a
few sample hands with their splits and distances, all through the public API.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from gupai.core.hands import counts_of
from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.core.tiles import kinds, parse_tiles
from gupai.games.kap.config import collecting_config
from gupai.log.format import dumps_log
from gupai.log.play import play_game
from gupai.log.transcript import transcript
from gupai.log.validate import validate_paths

SAMPLE_HANDS = (
    ("kap-shap", "culin", "6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1"),
    ("kap-shap", "culin", "5-5 5-5 6-5 6-3 6-4 6-4 4-2 6-1"),
    ("kap-shap", "pagat", "5-5 5-5 6-5 6-3 6-4 6-4 4-2 6-1"),
    ("kap-shap", "celko", "6-6 6-6 4-2 3-1 4-4 1-1 5-3 1-1"),
    ("kap-tai-shap", "culin", "4-1 4-1 6-6 6-2 5-5 6-4 4-2 6-1 3-3 2-2"),
    ("kap-tai-shap", "culin", "6-6 6-6 5-5 5-5 6-5 6-3 3-3 3-1 2-1 1-1"),
)


def rule(title: str) -> None:
    print()
    print(f"== {title} " + "=" * max(0, 70 - len(title)))


def main() -> None:
    rule("The Chinese domino set")
    for series in ("civil", "military"):
        members = [k for k in kinds() if k.series == series]
        faces = " ".join(f"[{k.face}]x{k.copies}" for k in members)
        print(f"{series:>8}: {faces}")
    print(f"   total: {sum(k.copies for k in kinds())} tiles of {len(kinds())} kinds")

    rule("Ten-pairs under each reading (Kap Shap)")
    for preset in ("culin", "pagat", "celko"):
        config = collecting_config("kap-shap", resolve_options("kap-shap", preset=preset))
        pairs = config.rules.legal_pairs()
        opts = config.options
        print(f"{preset:>6} (four-two-value={opts['four-two-value']}, pair-set={opts['pair-set']}): {len(pairs)} pairs")
        print("        " + " ".join(f"{a}+{b}" for a, b in pairs))

    rule("Sample hands")
    for game, preset, text in SAMPLE_HANDS:
        config = collecting_config(game, resolve_options(game, preset=preset))
        counts = counts_of(parse_tiles(text.split()))
        ev = config.evaluator
        splits = ev.decompositions(counts)
        name = game_spec(game).name
        verdict = f"winning, {len(splits)} split(s)" if splits else f"not winning, distance {ev.distance(counts)}"
        print(f"{name} / {preset}: {text}\n    {verdict}")
        for split in splits:
            print(f"      {split}")

    with tempfile.TemporaryDirectory(prefix="gupai-demo-") as folder:
        for game, players, seed in (("kap-shap", 2, 7), ("kap-tai-shap", 6, 3), ("tsung-shap", 2, 11)):
            rule(f"A seeded game of {game_spec(game).name} (greedy agents)")
            log = play_game(game, players=players, seed=seed, agents=("greedy",))
            print(transcript(log))
            path = Path(folder) / f"{game}-seed{seed}.json"
            path.write_text(dumps_log(log) + "\n", encoding="utf-8")
            issues, count, _ = validate_paths([str(path)])
            print(f"\nwrote {path.name} ({len(log['events'])} events); validator: {count} game, {len(issues)} error(s)")

    rule("A broken log from conformance/, and what the validator says")
    broken = data_dir("conformance") / "kap-shap" / "invalid"
    example = sorted(broken.glob("ks.turn.take--*.json"))[0]
    issues, _, _ = validate_paths([str(example)])
    print(f"{example.name}:")
    for issue in issues:
        print(f"  event {issue.event} {issue.pointer} [{issue.rule}] {issue.message}")
    print("\n(`gupai validate` exits 1 on such a log; see docs/ for the log format.)")


if __name__ == "__main__":
    main()
