"""Digests of the analyser's whole ranking on seeded walls, to show a change ranks alike.

    python -m tools.analysis_digests [--seeds 24] [--out FILE] [--check FILE]

Each case is a preset (with options), a seat and whether the dora indicator is used; each
wall is `benchmarks/analyze.py`'s seeded wall. The digest covers every hand in rank order:
its tiles, own waits in the pool and payment, and per wait the kind, the id scored, live
copies, the floor verdict and the value (han, fu, yaku, limit); for the best 40 hands
also the ippatsu/houtei values and floor verdicts. tests/data/analysis_rankings.json holds
the digests of the analyser before the bound and best-first scoring (every wait scored);
`--check` compares the current analyser against such a file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too: python tools/analysis_digests.py

from game.engine import scoring
from game.engine.analysis import WallAnalyser, WallAnalysis
from game.engine.rules import Rules
from game.engine.scoring import WinValue
from game.engine.tiles import EAST, NORTH, SOUTH, WEST

LUCK_SHOWN = 40
CASES: tuple[tuple[str, dict[str, Any], int, bool], ...] = (
    ("kaiji", {}, EAST, True), ("pro_stream", {}, SOUTH, True), ("moegirl", {}, EAST, True),
    ("three_player", {}, WEST, True), ("four_player", {}, NORTH, False),
    ("four_player", {"virtual_dora": True}, EAST, True), ("kaiji", {"kiriage": False, "red_fives": True}, WEST, True),
)


def seeded_wall(seed: int) -> tuple[list[int], int]:
    """As benchmarks/analyze.py: 34 tiles, then the indicator from the others."""
    rng = random.Random(seed)
    wall = rng.sample(range(136), 34)
    indicator = rng.choice(sorted(set(range(136)) - set(wall)))
    return wall, indicator


def _value_key(value: WinValue | None) -> list[Any] | None:
    if value is None:
        return None
    return [value.han, value.fu, [[y.name, y.han] for y in value.yaku], value.level, value.yakuman, value.kazoe,
            value.base_points]


def digest(analysis: WallAnalysis, luck_shown: int = LUCK_SHOWN) -> tuple[str, int]:
    """The ranking's sha256 and its number of hands."""
    rows = []
    for index, hand in enumerate(analysis.hands):
        waits = []
        for wait in hand.waits:
            row = [wait.kind, wait.tile, wait.live, wait.clears_floor, _value_key(wait.value)]
            if index < luck_shown:
                row += [wait.clears_floor_with_ippatsu, wait.clears_floor_with_houtei,
                        _value_key(wait.value_with_ippatsu), _value_key(wait.value_with_houtei)]
            waits.append(row)
        rows.append([list(hand.tiles), hand.pool_wait_copies, hand.payment, waits])
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest(), len(rows)


def case_digest(case: dict[str, Any]) -> tuple[str, int]:
    rules = Rules.preset(case["preset"], **case["options"])
    wall, indicator = seeded_wall(case["seed"])
    return digest(WallAnalyser(wall, case["seat"], indicator if case["dora"] else None, rules).analyze())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=24, metavar="N",
                        help="walls per case: the seeded walls 0 to N-1 (default: %(default)s)")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="write the digests (JSON) to this file instead of printing them")
    parser.add_argument("--check", type=Path, metavar="FILE",
                        help="compare the current analyser with the digests in FILE (made by --out); "
                             "exits 1 when any ranking differs")
    args = parser.parse_args(argv)
    scoring.install_fast_divider()
    if args.check:
        cases = json.loads(args.check.read_text())
        differ = [case for case in cases if case_digest(case)[0] != case["sha256"]]
        for case in differ:
            print(f"differs: {case}")
        print(f"{len(cases) - len(differ)} of {len(cases)} rankings identical")
        return 1 if differ else 0
    cases = []
    for name, options, seat, dora in CASES:
        for seed in range(args.seeds):
            case = {"preset": name, "options": options, "seat": seat, "dora": dora, "seed": seed}
            sha, hands = case_digest(case)
            cases.append({**case, "hands": hands, "sha256": sha})
    text = json.dumps(cases, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
