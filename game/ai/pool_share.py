"""Where an opponent's tiles go: into its hand or its pool.

The chance that a live copy of a wait is thrown by an opponent starts from the copy lying in
that opponent's pool. Taken alike for every kind, it is 21 in 34; but the opponent builds
its 13 tiles from its wall, and a hand takes middle tiles and the dora far more often than
honours and terminals: a copy of an honour in an opponent's wall is in its pool three
times in four, a 3 to 7 about half the time, the dora one time in three. Measured by
`tools/measure_pool_share.py` (the analyser's best hand of random walls, as the opponent
model builds, docs/ai.md).
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.kyoku import POOL_SIZE, TILES_PER_WALL
from game.engine.tiles import KIND_COUNT

HONOURS = 27
DRAGONS = 31

POOL_SHARES: dict[bool, dict[str, float]] = {
    True: {"1/9": 0.677, "2/8": 0.620, "3/7": 0.549, "4/6": 0.553, "5/5": 0.559, "dora": 0.335,
           "dora±1": 0.566, "dora±2": 0.576, "dragon": 0.759, "wind": 0.746},
    False: {"1/9": 0.676, "2/8": 0.597, "3/7": 0.533, "4/6": 0.544, "5/5": 0.551, "dragon": 0.743, "wind": 0.763},
}
"""Of the copies of a kind in a wall, the share its best hand leaves in the pool, by the
kind's class (`pool_class`), at a table with a mangan floor (True; a dora shown) and
without (False: four players, no dora). `python tools/measure_pool_share.py --walls 1200
--preset kaiji` and `--walls 600 --preset four_player` (seed 11)."""


def pool_class(kind: int, dora: int | None) -> str:
    """The class a kind's pool share is measured by: the dora, a tile of its suit one or two
    from it, else a number tile by its distance from the suit's end (1/9 … 5/5), a dragon
    or a wind."""
    if dora is not None and kind == dora:
        return "dora"
    if dora is not None and kind < HONOURS and dora < HONOURS and kind // 9 == dora // 9 and abs(kind - dora) <= 2:
        return f"dora±{abs(kind - dora)}"
    if kind >= DRAGONS:
        return "dragon"
    if kind >= HONOURS:
        return "wind"
    edge = min(kind % 9, 8 - kind % 9)
    return f"{edge + 1}/{9 - edge}"


@lru_cache(maxsize=64)
def pool_factors(dora: int | None, mangan_floor: bool) -> tuple[float, ...]:
    """Per kind, how much likelier than the average tile a copy in an opponent's wall lies
    in its pool (the share over 21/34)."""
    shares = POOL_SHARES[mangan_floor]
    if "dora" not in shares:  # measured without a dora: a dora of other rules counts by its class
        dora = None
    return tuple(shares[pool_class(kind, dora)] * TILES_PER_WALL / POOL_SIZE for kind in range(KIND_COUNT))
