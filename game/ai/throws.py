"""How an opponent's tiles reach the river: its build leaves them in its pool, and it lets
them go from there.

The chance that a live copy of a wait is thrown by an opponent, taken alike for every kind,
is 17 in 34: the copy lies in the opponent's pool 21 times in 34 and is among its 17
discards 17 times in 21. Neither step is alike for every kind:

- **the pool**: the opponent builds its 13 tiles from its wall first, and a hand takes
  middle tiles and the dora far more often than honours and terminals: a copy of an
  honour in an opponent's wall is in its pool three times in four, a 3 to 7 about half
  the time, the dora one time in three (`POOL_SHARES`, `tools/measure_pool_share.py`:
  the analyser's best hand of random walls, as the opponent model builds);
- **the throw**: an opponent keeps back what looks dangerous and its own waits: of the
  copies in its pool, a whole walk throws nearly every wind and dragon, 0.62 of the
  fives, a third of the dora (`LET_GO`, `tools/measure_let_go.py`: hard_v1's walks to the
  end);
- **the suit**: at a table of two, a number tile goes more readily the more tiles of its
  suit the other seat's pool holds: that seat throws most of its pool, and a suit it
  throws a lot reads as unlikely to hold its wait (`SUIT_SHARE`, measured as `LET_GO`).

docs/ai.md, "The hard level's build", gives the tables and what each was worth.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.engine.kyoku import DISCARDS_PER_SEAT, POOL_SIZE, TILES_PER_WALL
from game.engine.tiles import EAST, HAKU, KIND_COUNT

POOL_SHARES: dict[bool, dict[str, float]] = {
    True: {"1/9": 0.677, "2/8": 0.620, "3/7": 0.549, "4/6": 0.553, "5/5": 0.559, "dora": 0.335,
           "dora±1": 0.566, "dora±2": 0.576, "dragon": 0.759, "wind": 0.746},
    False: {"1/9": 0.676, "2/8": 0.597, "3/7": 0.533, "4/6": 0.544, "5/5": 0.551, "dragon": 0.743, "wind": 0.763},
}
"""Of the copies of a kind in a wall, the share its best hand leaves in the pool, by the
kind's class (`pool_class`), at a table with a mangan floor (True; a dora shown) and
without (False: four players, no dora). `python tools/measure_pool_share.py --walls 1200
--preset kaiji` and `--walls 600 --preset four_player` (seed 11)."""

LET_GO: dict[str, float] = {"1/9": 0.879, "2/8": 0.742, "3/7": 0.788, "4/6": 0.754, "5/5": 0.619, "dora": 0.329,
                            "dora±1": 0.628, "dora±2": 0.682, "dragon": 0.952, "wind": 0.989}
"""Of the copies of a kind in an opponent's pool, the share a whole walk throws, by the
kind's class (`pool_class`): hard_v1 at both seats, the hands of the 1,500 kaiji deals
of `selfplay --seed 8200` that ended without a win (`python tools/measure_let_go.py
--deals 1500 --preset kaiji --seed 8200`; 19,000 pool tiles). One table for every table:
at four players nearly every hand ends in a win, and too few walks reach their end to
measure (of 500 deals, 8 hands reached it); the caution it measures is the reading's, the
same at every table."""

SUIT_BUCKETS = ((3, "0-3"), (5, "4-5"), (7, "6-7"), (9, "8-9"))
"""The buckets of `SUIT_SHARE`: a pool's tiles of one suit, at most so many; more: "10+"."""
SUIT_SHARE: dict[str, dict[str, float]] = {
    "1/9": {"0-3": 0.833, "4-5": 0.986, "6-7": 1.050, "8-9": 1.090, "10+": 1.126},
    "2/8": {"0-3": 0.672, "4-5": 0.958, "6-7": 1.086, "8-9": 1.169, "10+": 1.238},
    "3/7": {"0-3": 0.630, "4-5": 0.972, "6-7": 1.083, "8-9": 1.181, "10+": 1.222},
    "4/6": {"0-3": 0.590, "4-5": 0.962, "6-7": 1.092, "8-9": 1.199, "10+": 1.269},
    "5/5": {"0-3": 0.498, "4-5": 0.904, "6-7": 1.089, "8-9": 1.333, "10+": 1.451},
}
"""Of the copies of a number kind in an opponent's pool, the share a whole walk throws over
its class's (by the kind's distance from the suit's end), by the tiles of its suit the
other seat's pool holds (`suit_bucket`). A five goes half as readily as the average five
when the other pool holds 3 tiles of its suit or fewer, 1.45 times as readily when it
holds 10 or more. Measured as `LET_GO`, at a table of two, the dora and its neighbours
left out (their own caution outweighs the suit's): `python tools/measure_let_go.py
--deals 3000 --preset kaiji --seed 8300` (865 hands ended without a win; 26,000 number
tiles in the pools). Within a bucket, whether the other pool holds a suji partner of the
kind (n±3, which the opponent's reading counts too) moved the share thrown by 0.03 at
most (measured once on the same hands): the suit says nearly all the suji did."""


def pool_class(kind: int, dora: int | None) -> str:
    """The class a kind's pool share is measured by: the dora, a tile of its suit one or two
    from it, else a number tile by its distance from the suit's end (1/9 … 5/5), a dragon
    or a wind."""
    if dora is not None and kind == dora:
        return "dora"
    if dora is not None and kind < EAST and dora < EAST and kind // 9 == dora // 9 and abs(kind - dora) <= 2:
        return f"dora±{abs(kind - dora)}"
    if kind >= HAKU:
        return "dragon"
    if kind >= EAST:
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


@lru_cache(maxsize=64)
def let_go_factors(dora: int | None) -> tuple[float, ...]:
    """Per kind, how much likelier than the average pool tile a copy in an opponent's pool
    is thrown (the share over 17/21)."""
    return tuple(LET_GO[pool_class(kind, dora)] * POOL_SIZE / DISCARDS_PER_SEAT for kind in range(KIND_COUNT))


def thrown_factors(dora: int | None, mangan_floor: bool) -> tuple[float, ...]:
    """Per kind, how much likelier than the average tile a copy in an opponent's wall is
    thrown: it lies in the pool (`pool_factors`) and is let go from there (`let_go_factors`)."""
    return tuple(in_pool * let_go for in_pool, let_go in
                 zip(pool_factors(dora, mangan_floor), let_go_factors(dora), strict=True))


def suit_bucket(tiles: int) -> str:
    """The `SUIT_SHARE` bucket of a pool holding `tiles` of a suit."""
    return next((name for most, name in SUIT_BUCKETS if tiles <= most), "10+")


def suit_factor(kind: int, pool: Sequence[int]) -> float:
    """How much likelier than its class's average an opponent at a table of two throws a
    copy of `kind`, for the pool (copies per kind) the other seat will walk: by the tiles of
    its suit the pool holds (`SUIT_SHARE`). Honours: 1."""
    if kind >= EAST:
        return 1.0
    suit = kind - kind % 9
    return SUIT_SHARE[pool_class(kind, None)][suit_bucket(sum(pool[suit:suit + 9]))]
