"""The sure limit: never above what the `mahjong` library says a ron is worth.

Where the sure limit (`bound.sure_limits`) meets the bound, the analyser takes that limit
as the wait's value without asking the library; a sure limit ever too high would pay a
wait more than it is worth. Hypothesis draws winning hands of every shape under random
rules and circumstances (as tests/test_bound.py); tools/check_bound.py checks every pair
of the benchmark walls.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine.analysis import WallAnalyser
from game.engine.bound import BoundTable, reds_held, sure_limits
from game.engine.rules import Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.tiles import EAST, KIND_COUNT, RED_FIVE_IDS, TILE_COUNT, ids_for_codes, parse_tiles
from tests.test_bound import RENHOU_HAN, contexts, rule_options, tile_ids, winning_counts


def sure_limit(counts: tuple[int, ...], win_kind: int, hand: list[int], win: int, context: WinContext,
               rules: Rules) -> float:
    """The sure limit of the floor value, as the analyser sets it up."""
    counted = rules.floor_counts_situational
    renhou = RENHOU_HAN[rules.renhou] if context.renhou and counted else 0
    table = BoundTable.of(
        seat_wind=context.seat_wind, round_wind=context.round_wind,
        dora_indicator_kinds=tuple(t // 4 for t in context.dora_indicators), riichi=context.riichi,
        ippatsu=context.ippatsu and counted, houtei=context.houtei and counted, renhou_han=renhou,
        kiriage=rules.kiriage,
    )
    reds = 0
    if rules.red_fives:
        red_suits = tuple(any(t == red for t in hand) for red in sorted(RED_FIVE_IDS))
        reds = reds_held(counts, red_suits, sorted(RED_FIVE_IDS).index(win) if win in RED_FIVE_IDS else None)
    thirteen = list(counts)
    thirteen[win_kind] -= 1
    return sure_limits(tuple(thirteen), (win_kind,), (reds,), table)[0]


def assert_sure(counts: tuple[int, ...], win_kind: int, hand: list[int], win: int, context: WinContext,
                rules: Rules) -> float:
    value = assess_ron(hand, win, context, rules).floor_value
    sure = sure_limit(counts, win_kind, hand, win, context, rules)
    assert sure in (0, 2000, 3000, 4000, 6000, 8000)
    assert sure <= (0 if value is None else value.base_points), (counts, win_kind, context, rules, value, sure)
    return sure


@settings(max_examples=400, deadline=None)
@given(winning_counts(), st.data(), rule_options(), contexts())
def test_the_sure_limit_is_never_above_the_library_on_winning_shapes(counts, data, rules, context):
    assume(max(counts) <= 4)
    assume(not context.renhou)  # the analyser never scores renhou (nor may a dealer win by it)
    win_kind = data.draw(st.sampled_from([kind for kind, count in enumerate(counts) if count]))
    hand, win = tile_ids(counts, win_kind, data.draw)
    assert_sure(counts, win_kind, hand, win, context, rules)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), rule_options(), contexts())
def test_the_sure_limit_is_never_above_the_library_on_random_walls(seed, rules, context):
    assume(not context.renhou)
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), 34)
    hands = WallAnalyser(wall, EAST, None, rules).tenpai_hands()
    for hand in rng.sample(hands, min(30, len(hands))):
        tiles = list(hand.tiles)
        for win_kind in hand.waits:
            win = rng.choice([t for t in range(win_kind * 4, win_kind * 4 + 4) if t not in tiles])
            counts = list(hand.counts)
            counts[win_kind] += 1
            assert_sure(tuple(counts), win_kind, tiles, win, context, rules)


def _sure_of(text: str, suit: str, win_rank: int, dora_indicator: int | None = None) -> float:
    """The kaiji sure limit of `text` (14 tiles) won on `win_rank` of `suit`, as east."""
    ids = ids_for_codes(parse_tiles(text, red_fives=False), False)
    counts = [0] * KIND_COUNT
    for tile in ids:
        counts[tile // 4] += 1
    win_kind = "mpsz".index(suit) * 9 + win_rank
    win = next(t for t in ids if t // 4 == win_kind)
    hand = list(ids)
    hand.remove(win)
    indicators = () if dora_indicator is None else (dora_indicator,)
    context = WinContext(seat_wind=EAST, riichi=True, dora_indicators=indicators)
    return assert_sure(tuple(counts), win_kind, hand, win, context, Rules.preset("kaiji"))


def test_seven_pairs_and_pinfu_readings_make_the_limit_sure():
    six_pin = 9 * 4 + 4 * 4  # the 5p indicator: 6p is dora
    # riichi, chiitoitsu and two dora: 5 han, mangan
    assert _sure_of("2299m1166p3377s44z", "z", 3, dora_indicator=six_pin) == 2000
    # riichi, pinfu and two dora, won two-sided on 4p: 4 han 30 fu, mangan with kiriage
    assert _sure_of("234567m23466p789s", "p", 3, dora_indicator=six_pin) == 2000
    # the same tiles won on the closed 3p: no pinfu reading (3 han 40 fu), no limit sure
    assert _sure_of("234567m23466p789s", "p", 2, dora_indicator=six_pin) == 0
    # a triplet leaves no pinfu reading either (riichi and two dora: 3 han 40 fu)
    assert _sure_of("222567m23466p789s", "p", 3, dora_indicator=six_pin) == 0
