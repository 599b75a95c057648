"""How an opponent's tiles reach the river (game/ai/throws.py), and the tools that measure it."""

from __future__ import annotations

import pytest

from game.ai.throws import (
    LET_GO,
    POOL_SHARES,
    SUIT_SHARE,
    let_go_factors,
    pool_class,
    pool_factors,
    suit_bucket,
    suit_factor,
    thrown_factors,
)
from game.engine.tiles import KIND_COUNT, ids_for_codes, parse_tiles
from tools.measure_let_go import tally as tally_throws
from tools.measure_let_go import tally_suit
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


def test_an_opponent_lets_honours_go_and_keeps_the_dora_and_the_fives_back():
    let_go = let_go_factors(P5)
    assert let_go[P5] < let_go[M5] < 1.0 < let_go[M1] < let_go[HAKU] < let_go[EAST]
    # the average pool tile is thrown 17 times in 21: no class above all of them
    assert max(LET_GO.values()) <= 1.0 and let_go[EAST] <= 21 / 17


def test_a_copy_is_thrown_as_it_lies_in_the_pool_and_is_let_go_from_there():
    thrown = thrown_factors(P5, True)
    assert thrown == pytest.approx([p * g for p, g in zip(pool_factors(P5, True), let_go_factors(P5), strict=True)])
    # an honour is thrown nearly three times as readily as the average tile, the dora a fifth as
    assert thrown[EAST] > 1.4 > 1.0 > max(thrown[M5], thrown[P6]) > 0.3 > thrown[P5]


def test_the_let_go_tool_counts_the_share_of_each_pool_thrown():
    pool = tuple(ids_for_codes(parse_tiles("1155m5p11z"), False))
    threw = frozenset(ids_for_codes(parse_tiles("1m5m11z"), False))
    shares = tally_throws([(pool, threw, P5, (0,) * KIND_COUNT)])
    assert shares == {"1/9": (2, 0.5), "5/5": (2, 0.5), "dora": (1, 0.0), "wind": (2, 1.0)}


def test_a_number_tile_goes_more_readily_the_more_of_its_suit_the_other_pool_holds():
    def pool(pin: int) -> list[int]:
        counts = [0] * KIND_COUNT
        for index in range(pin):
            counts[9 + index % 9] += 1
        return counts

    shares = [suit_factor(P5, pool(pin)) for pin in (0, 3, 4, 5, 6, 8, 10, 14)]
    assert shares == sorted(shares) and shares[0] < 0.6 < 1.4 < shares[-1]
    buckets = [suit_bucket(tiles) for tiles in (0, 3, 4, 6, 9, 10, 21)]
    assert buckets == ["0-3", "0-3", "4-5", "6-7", "8-9", "10+", "10+"]
    # only the tile's own suit counts, and the terminals least
    assert suit_factor(M5, pool(14)) == suit_factor(M5, pool(0)) == SUIT_SHARE["5/5"]["0-3"]
    assert 0.8 < suit_factor(9, pool(0)) < 1.0 < suit_factor(9, pool(14)) < 1.2
    assert suit_factor(EAST, pool(0)) == suit_factor(HAKU, pool(14)) == 1.0
    assert all(table.keys() == SUIT_SHARE["1/9"].keys() for table in SUIT_SHARE.values())


def test_the_let_go_tool_splits_the_throws_by_the_suit_the_other_pools_hold():
    pool = tuple(ids_for_codes(parse_tiles("5m5p5s1m"), False))
    threw = frozenset(ids_for_codes(parse_tiles("5m1m"), False))
    others = [0] * KIND_COUNT
    others[0:9] = [1] * 9  # nine man tiles
    split = tally_suit([(pool, threw, None, tuple(others))])
    # the fives: 1 of 3 thrown; the 5m beside nine man tiles thrown every time (3 times the class's share)
    assert split["5/5"] == {"8-9": (1, 3.0), "0-3": (2, 0.0)}
    assert split["1/9"] == {"8-9": (1, 1.0)}
    # the dora is left out of the split
    assert "5/5" not in tally_suit([(pool[:1], threw, M5, tuple(others))])
