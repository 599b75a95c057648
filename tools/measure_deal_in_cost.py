"""Measure what a deal-in costs, by the class of the tile dealt in.

Plays the arena's duplicate deals (`selfplay --seed S`: deal d is seeded S * 1,000,003 +
d) of `--a` against `--b` and prints, per class of the winning tile (`game.ai.throws.pool_class`:
the dora and its neighbours, else 1/9 ... 5/5 by its distance from the suit's end, a
dragon or a wind), how many rons there were and the mean mangan
units each cost its discarder, and that mean over the mean of every ron: the factor by
which the hard level's plan weighs a kind's danger (`game.ai.planning.DEAL_IN_COST`).

    python tools/measure_deal_in_cost.py --deals 1000 --preset kaiji --seed 9200
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too

from game.ai.arena import ARENA_LEVELS, play_deal, seat_plan
from game.ai.throws import pool_class
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import dora_kind, kind_of
from tools.arena_log import SEED_STRIDE

Ron = tuple[str, float]
"""The class of the tile dealt in, and the units it cost its discarder."""


def rons_of_deal(rules: Rules, deal_seed: int, levels: tuple[str, str]) -> list[Ron]:
    """Every ron of both plays of a deal (seats as dealt, then swapped)."""
    rons = []
    for swapped in (False, True):
        seats = [levels[who] for who in seat_plan(rules.players, swapped)]
        match, _ = play_deal(rules, deal_seed, seats)
        result = match.kyoku.result
        gains = match.settlements[-1].gains
        indicator = match.kyoku.dora_indicator
        dora = None if indicator is None else dora_kind(kind_of(indicator))
        for win in result.wins:
            rons.append((pool_class(kind_of(win.tile), dora), -gains[win.discarder] / len(result.wins)))
    return rons


def tally(rons: Iterable[Ron]) -> dict[str, tuple[int, float, float]]:
    """Per class: the rons, their mean cost, and that over the mean of every ron."""
    costs: dict[str, list[float]] = defaultdict(list)
    for name, cost in rons:
        costs[name].append(cost)
    every = [cost for values in costs.values() for cost in values]
    mean = sum(every) / len(every) if every else 1.0
    return {name: (len(values), round(sum(values) / len(values), 3), round(sum(values) / len(values) / mean, 3))
            for name, values in sorted(costs.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, metavar="N", help="duplicate deals (default: %(default)s)")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=9200, help="the arena seed (default: %(default)s)")
    parser.add_argument("--a", default="hard", choices=ARENA_LEVELS)
    parser.add_argument("--b", default="hard_v1", choices=ARENA_LEVELS)
    args = parser.parse_args()
    install_fast_divider()
    rules = replace(Rules.preset(args.preset), settlement="units", hands=1)
    rons: list[Ron] = []
    for deal in range(args.deals):
        rons += rons_of_deal(rules, args.seed * SEED_STRIDE + deal, (args.a, args.b))
    print(f"{args.deals} deals of {args.a} against {args.b}, {args.preset}, seed {args.seed}: {len(rons)} rons")
    for name, (count, cost, factor) in tally(rons).items():
        print(f"{name:8} {count:6} rons  {cost:.3f} units  x{factor:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
