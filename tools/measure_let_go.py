"""Measure how readily an opponent throws the tiles of its pool, by class of kind.

Plays seeded hands of hard_v1 at every seat (the arena's deals: `selfplay --seed S`) and,
over the hands that ran to their end without a win (every seat made all 17 discards, so
no throw was cut short), prints per class of kind (`game.ai.throws.pool_class`) how
many copies the seats' pools held and the share of them thrown. A pool's 17 discards of
21 tiles throw 0.81 of it on average; the hard level's build counts each wait's copies
thrown as the class's share over that average (game/ai/throws.py, LET_GO).

    python tools/measure_let_go.py --deals 1500 --preset kaiji --seed 8200
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too: python tools/measure_let_go.py

from game.ai.arena import play_deal
from game.ai.throws import pool_class
from game.engine.kyoku import Phase
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import dora_kind, kind_of
from tools.arena_log import SEED_STRIDE

Walked = tuple[tuple[int, ...], frozenset[int], int | None]
"""A seat's pool (tile ids), the tiles it threw, the dora kind."""


def tally(walked: Iterable[Walked]) -> dict[str, tuple[int, float]]:
    """Per class: the copies the pools held and the share of them thrown."""
    held: Counter[str] = Counter()
    thrown: Counter[str] = Counter()
    for pool, threw, dora in walked:
        for tile in pool:
            held[pool_class(kind_of(tile), dora)] += 1
            thrown[pool_class(kind_of(tile), dora)] += tile in threw
    return {name: (held[name], round(thrown[name] / held[name], 3)) for name in sorted(held)}


def walked_pools(deals: int, rules: Rules, seed: int, first_deal: int = 0) -> Iterable[Walked]:
    """Every seat's pool and throws in the seeded hands of hard_v1 that ended without a win."""
    for deal in range(first_deal, first_deal + deals):
        match, _ = play_deal(rules, seed * SEED_STRIDE + deal, ["hard_v1"] * rules.players)
        kyoku = match.kyoku
        assert kyoku is not None and kyoku.phase is Phase.END and kyoku.result is not None
        if kyoku.result.wins:
            continue
        for seat in range(rules.players):
            view = kyoku.view_for(seat)
            assert view.wall is not None and view.hand is not None
            dora = None if view.dora_indicator is None else dora_kind(kind_of(view.dora_indicator))
            kept = set(view.hand)
            yield (tuple(t for t in view.wall if t not in kept), frozenset(t for t, *_ in view.rivers[seat]), dora)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, metavar="N", help="hands to play (default: %(default)s)")
    parser.add_argument("--preset", default="kaiji", choices=PRESETS, metavar="PRESET",
                        help=f"the rules: one of {', '.join(PRESETS)} (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=8200, help="seeds the deals as selfplay's --seed does "
                        "(default: %(default)s)")
    args = parser.parse_args()
    install_fast_divider()
    rules = replace(Rules.preset(args.preset), settlement="units", hands=1)
    for name, (copies, share) in tally(walked_pools(args.deals, rules, args.seed)).items():
        print(f"{name:7} {copies:6} copies, {share:.3f} thrown")


if __name__ == "__main__":
    main()
