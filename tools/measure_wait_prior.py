"""Measure how often each tile kind is a winning tile of a well-built hand.

Deals random walls, builds each wall's best-ranked hand with the analyser, and counts,
per tile kind, the share of walls whose hand wins on it (clearing the floor). The AI's
danger prior (game/ai/danger.py, WAIT_PRIOR) is this table, folded by symmetry.

    python tools/measure_wait_prior.py --walls 300 --preset kaiji
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too: python tools/measure_wait_prior.py

from game.engine.analysis import WallAnalyser
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import EAST, KIND_COUNT, WEST, kind_code


def measure(walls: int, preset: str, seed: int) -> list[float]:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    hits = [0] * KIND_COUNT
    for index in range(walls):
        tiles = rng.sample(range(136), 35)
        wall, indicator = tiles[:34], tiles[34]
        seat = EAST if index % 2 == 0 else WEST
        hands = WallAnalyser(wall, seat, indicator, rules).analyze().hands
        if not hands:
            continue
        for wait in hands[0].waits:
            if wait.clears_floor:
                hits[wait.kind] += 1
    return [h / walls for h in hits]


def fold(shares: list[float]) -> dict[str, float]:
    """Average by symmetry: the three suits alike, n and 10-n alike, winds alike, dragons alike."""
    by_number = [0.0] * 5
    members = [0] * 5
    for suit in range(3):
        for number in range(9):
            by_number[min(number, 8 - number)] += shares[suit * 9 + number]
            members[min(number, 8 - number)] += 1
    by_number = [total / count for total, count in zip(by_number, members, strict=True)]
    winds = sum(shares[27:31]) / 4
    dragons = sum(shares[31:34]) / 3
    return {
        **{f"{n + 1}/{9 - n}": round(by_number[n], 4) for n in range(5)},
        "wind": round(winds, 4),
        "dragon": round(dragons, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--walls", type=int, default=300, metavar="N",
                        help="random walls to build a hand from (default: %(default)s)")
    parser.add_argument("--preset", default="kaiji", choices=PRESETS, metavar="PRESET",
                        help=f"the rules the hands are built and valued under: one of {', '.join(PRESETS)} "
                             "(default: %(default)s)")
    parser.add_argument("--seed", type=int, default=2026,
                        help="the seed of the random walls (default: %(default)s)")
    args = parser.parse_args()
    install_fast_divider()
    shares = measure(args.walls, args.preset, args.seed)
    for kind in range(KIND_COUNT):
        print(f"{kind_code(kind)} {shares[kind]:.4f}")
    print(fold(shares))


if __name__ == "__main__":
    main()
