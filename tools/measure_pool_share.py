"""Measure where a well-built hand leaves each class of tile: in the hand or in the pool.

Deals random walls, builds each wall's best-ranked hand with the analyser (as the hard
level's opponent model assumes an opponent builds), and prints, per class of kind
(`game.ai.throws.pool_class`: the dora and its suit neighbours, else by the number's
distance from the suit's end, dragons, winds), how many copies the walls held and the share
left in the pools. The hard level's build counts a wait's copies in an opponent's wall as
thrown by these shares (game/ai/throws.py, POOL_SHARES: a table with a mangan floor,
and one without).

    python tools/measure_pool_share.py --walls 1200 --preset kaiji --seed 11
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too: python tools/measure_pool_share.py

from game.ai.throws import pool_class
from game.engine.analysis import WallAnalyser
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import EAST, WEST, dora_kind, kind_of


def tally(built: Iterable[tuple[tuple[int, ...], tuple[int, ...], int | None]]) -> dict[str, tuple[int, float]]:
    """From (wall, hand, dora kind) triples, per class: the copies the walls held and the
    share of them left in the pools."""
    held: Counter[str] = Counter()
    in_hands: Counter[str] = Counter()
    for wall, hand, dora in built:
        kept = Counter(kind_of(tile) for tile in hand)
        for kind, copies in Counter(kind_of(tile) for tile in wall).items():
            held[pool_class(kind, dora)] += copies
            in_hands[pool_class(kind, dora)] += kept[kind]
    return {name: (held[name], round(1 - in_hands[name] / held[name], 3)) for name in sorted(held)}


def built_walls(walls: int, rules: Rules, seed: int) -> Iterable[tuple[tuple[int, ...], tuple[int, ...], int | None]]:
    """Random walls (with a dora indicator where the table shows one) and their best-ranked hands."""
    rng = random.Random(seed)
    shown = rules.players < 4
    for index in range(walls):
        tiles = rng.sample(range(136), 35)
        wall, indicator = tuple(tiles[:34]), tiles[34] if shown else None
        hands = WallAnalyser(wall, EAST if index % 2 == 0 else WEST, indicator, rules).analyze().hands
        if hands:
            yield wall, hands[0].tiles, None if indicator is None else dora_kind(kind_of(indicator))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--walls", type=int, default=300, metavar="N",
                        help="random walls to build a hand from (default: %(default)s)")
    parser.add_argument("--preset", default="kaiji", choices=PRESETS, metavar="PRESET",
                        help=f"the rules the hands are built under: one of {', '.join(PRESETS)} (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=11, help="the seed of the random walls (default: %(default)s)")
    args = parser.parse_args()
    install_fast_divider()
    for name, (copies, share) in tally(built_walls(args.walls, Rules.preset(args.preset), args.seed)).items():
        print(f"{name:7} {copies:6} copies, {share:.3f} in the pool")


if __name__ == "__main__":
    main()
