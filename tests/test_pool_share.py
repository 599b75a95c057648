"""Where an opponent's tiles go (game/ai/pool_share.py) and the tool that measures it."""

from __future__ import annotations

import pytest

from game.ai.pool_share import POOL_SHARES, pool_class, pool_factors
from game.engine.tiles import KIND_COUNT, ids_for_codes, parse_tiles
from tools.measure_pool_share import tally

M1, M3, M5, M7, M9, P4, P5, P6, P7, P8, EAST, HAKU = 0, 2, 4, 6, 8, 12, 13, 14, 15, 16, 27, 31


@pytest.mark.parametrize(("kind", "dora", "expected"), [
    (P5, P5, "dora"), (P4, P5, "dora±1"), (P7, P5, "dora±2"), (P8, P5, "2/8"), (M5, P5, "5/5"),
    (M1, None, "1/9"), (M9, None, "1/9"), (M3, None, "3/7"), (M7, None, "3/7"), (EAST, None, "wind"),
    (HAKU, None, "dragon"), (HAKU, HAKU, "dora"), (EAST + 1, HAKU, "wind"),
])
def test_a_kind_is_classed_by_the_dora_then_by_its_distance_from_the_suits_end(kind, dora, expected):
    assert pool_class(kind, dora) == expected


def test_an_opponents_hand_takes_the_dora_and_middle_tiles_and_leaves_honours_in_its_pool():
    factors = pool_factors(P5, True)
    assert factors[P5] < 0.6 < factors[M5] < 1.0 < factors[M1] < factors[EAST]
    assert factors[P6] < 1.0
    assert factors[HAKU] > 1.15 and all(f > 0 for f in factors)
    without = pool_factors(None, False)
    assert without[M5] < 1.0 < without[M1] < without[EAST]


def test_a_dora_at_a_table_measured_without_one_counts_by_its_class():
    # custom rules: no mangan floor, yet a dora indicator shown
    assert "dora" not in POOL_SHARES[False]
    assert pool_factors(P5, False) == pool_factors(None, False)
    assert len(pool_factors(P5, False)) == KIND_COUNT


def test_the_tool_counts_the_copies_each_hand_leaves_in_its_pool():
    wall = tuple(ids_for_codes(parse_tiles("1112345678999m11122233344455p"), False))
    hand = tuple(ids_for_codes(parse_tiles("1112345678999m1p"), False))
    shares = tally([(wall, hand, None)])
    # 1m and 9m: 6 copies, all in the hand; 1p: 3 copies, one in the hand
    assert shares["1/9"] == (9, round(2 / 9, 3))
    # 2m and 8m in the hand, 2p three times in the pool
    assert shares["2/8"] == (5, round(3 / 5, 3))
    assert shares["5/5"] == (3, round(1 - 1 / 3, 3))
