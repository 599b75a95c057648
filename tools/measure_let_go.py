"""Measure how readily an opponent throws the tiles of its pool, by class of kind.

Plays seeded hands of hard_v1 at every seat (the arena's deals: `selfplay --seed S`) and,
over the hands that ran to their end without a win (every seat made all 17 discards, so
no throw was cut short), prints per class of kind (`game.ai.throws.pool_class`) how
many copies the seats' pools held and the share of them thrown. A pool's 17 discards of
21 tiles throw 0.81 of it on average; the hard level's build counts each wait's copies
thrown as the class's share over that average (game/ai/throws.py, LET_GO). Then, per
class of number kind by its distance from the suit's end, the same split by the tiles of
its suit the other seats' pools held (`throws.suit_bucket`), with the share over the
class's (`SUIT_SHARE`).

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
from game.ai.throws import SUIT_SHARE, pool_class, suit_bucket
from game.engine.kyoku import Phase
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import EAST, counts34, dora_kind, kind_of
from tools.arena_log import SEED_STRIDE

Walked = tuple[tuple[int, ...], frozenset[int], int | None, tuple[int, ...]]
"""A seat's pool (tile ids), the tiles it threw, the dora kind, and per kind the copies
the other seats' pools held."""


def tally(walked: Iterable[Walked]) -> dict[str, tuple[int, float]]:
    """Per class: the copies the pools held and the share of them thrown."""
    held: Counter[str] = Counter()
    thrown: Counter[str] = Counter()
    for pool, threw, dora, _ in walked:
        for tile in pool:
            held[pool_class(kind_of(tile), dora)] += 1
            thrown[pool_class(kind_of(tile), dora)] += tile in threw
    return {name: (held[name], round(thrown[name] / held[name], 3)) for name in sorted(held)}


def tally_suit(walked: Iterable[Walked]) -> dict[str, dict[str, tuple[int, float]]]:
    """Per class of number kind by its distance from the suit's end, and per bucket of the
    tiles of its suit the other seats' pools held (`suit_bucket`): the copies the pools
    held and the share of them thrown over the class's. The dora and its neighbours are
    left out: their own caution outweighs the suit's."""
    held: Counter[tuple[str, str]] = Counter()
    thrown: Counter[tuple[str, str]] = Counter()
    for pool, threw, dora, others in walked:
        for tile in pool:
            kind = kind_of(tile)
            if kind >= EAST or pool_class(kind, dora).startswith("dora"):
                continue
            suit = kind - kind % 9
            bucket = suit_bucket(sum(others[suit:suit + 9]))
            for key in ((pool_class(kind, None), bucket), (pool_class(kind, None), "")):
                held[key] += 1
                thrown[key] += tile in threw
    split: dict[str, dict[str, tuple[int, float]]] = {}
    for name in sorted({name for name, _ in held}):
        for bucket in SUIT_SHARE[name]:  # the table's order: fewest tiles of the suit first
            if held[name, bucket]:
                share = thrown[name, bucket] / held[name, bucket]
                split.setdefault(name, {})[bucket] = (held[name, bucket],
                                                      round(share * held[name, ""] / thrown[name, ""], 3))
    return split


def walked_pools(deals: int, rules: Rules, seed: int, first_deal: int = 0) -> Iterable[Walked]:
    """Every seat's pool and throws in the seeded hands of hard_v1 that ended without a win."""
    for deal in range(first_deal, first_deal + deals):
        match, _ = play_deal(rules, seed * SEED_STRIDE + deal, ["hard_v1"] * rules.players)
        kyoku = match.kyoku
        assert kyoku is not None and kyoku.phase is Phase.END and kyoku.result is not None
        if kyoku.result.wins:
            continue
        pools = []
        for seat in range(rules.players):
            view = kyoku.view_for(seat)
            assert view.wall is not None and view.hand is not None
            kept = set(view.hand)
            pools.append(tuple(t for t in view.wall if t not in kept))
        dora = None if view.dora_indicator is None else dora_kind(kind_of(view.dora_indicator))
        for seat, pool in enumerate(pools):
            others = counts34([tile for other, tiles in enumerate(pools) if other != seat for tile in tiles])
            yield pool, frozenset(t for t, *_ in kyoku.view_for(seat).rivers[seat]), dora, tuple(others)


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
    walked = list(walked_pools(args.deals, rules, args.seed))
    print(f"{len(walked)} pools walked to the end")
    for name, (copies, share) in tally(walked).items():
        print(f"{name:7} {copies:6} copies, {share:.3f} thrown")
    print("by the tiles of its suit in the other seats' pools (share thrown over the class's)")
    for name, buckets in tally_suit(walked).items():
        for bucket, (copies, ratio) in buckets.items():
            print(f"{name:7} {bucket:4} {copies:6} copies, {ratio:.3f}")


if __name__ == "__main__":
    main()
