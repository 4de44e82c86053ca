"""``make demo``: a tour of what gupai knows, run end to end.

It shows the tile set, the legal ten-pairs under each reading, and checks a
few sample hands with their splits and distances, all through the public API.
"""

from __future__ import annotations

from .collecting import collecting_config
from .hands import counts_of
from .options import resolve_options
from .spec import game_spec
from .tiles import kinds, parse_tiles

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


if __name__ == "__main__":
    main()
