"""The value bound: never below what the `mahjong` library says a ron is worth.

A bound that is ever too low would call a mangan wait "does not clear" without asking the
library: a rules bug. Hypothesis builds winning hands of every shape (runs, triplets,
one suit, honours, seven pairs, yakuman shapes) and random hands of random walls, under
random rule options and circumstances; tools/check_bound.py checks every pair of the
benchmark walls.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine.analysis import WallAnalyser
from game.engine.bound import BoundTable, base_points_bound, quick_bounds, reds_held, sure_limits, wait_bounds
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.tiles import (
    EAST,
    KIND_COUNT,
    RED_FIVE_IDS,
    TILE_COUNT,
    WIND_KINDS,
    counts34,
    ids_for_codes,
    parse_tiles,
)

FIVES = (4, 13, 22)



RENHOU_HAN = {"none": 0, "four_han": 4, "yakuman": None}



@st.composite
def rule_options(draw: st.DrawFn) -> Rules:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    options = {
        "kiriage": draw(st.booleans()), "red_fives": draw(st.booleans()), "double_yakuman": draw(st.booleans()),
        "floor_counts_situational": draw(st.booleans()), "renhou": draw(st.sampled_from(sorted(RENHOU_HAN))),
    }
    if preset == "four_player":
        options["virtual_dora"] = draw(st.booleans())
    return Rules.preset(preset, **options)



@st.composite
def contexts(draw: st.DrawFn) -> WinContext:
    riichi = draw(st.booleans()) or draw(st.booleans())
    indicators = draw(st.lists(st.integers(0, TILE_COUNT - 1), max_size=2))
    ura = draw(st.lists(st.integers(0, TILE_COUNT - 1), max_size=2))
    return WinContext(
        seat_wind=draw(st.sampled_from(WIND_KINDS)), round_wind=draw(st.sampled_from(WIND_KINDS)), riichi=riichi,
        ippatsu=riichi and draw(st.booleans()), houtei=draw(st.booleans()), renhou=draw(st.booleans()),
        dora_indicators=tuple(indicators), ura_indicators=tuple(ura),
    )



def group(kind: int, run: bool) -> list[int]:
    return [kind, kind + 1, kind + 2] if run else [kind] * 3



@st.composite
def winning_counts(draw: st.DrawFn) -> tuple[int, ...]:
    """14 kind counts of a complete hand: pair and four groups (often in few suits, so
    that flushes, chanta, ittsu and the like come up), or seven pairs, or thirteen orphans."""
    shape = draw(st.sampled_from(("standard", "standard", "standard", "pairs", "orphans")))
    counts = [0] * KIND_COUNT
    if shape == "orphans":
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        for kind in orphans:
            counts[kind] = 1
        counts[draw(st.sampled_from(orphans))] += 1
        return tuple(counts)
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True))
    kinds = [kind for suit in suits for kind in range(suit * 9, min(suit * 9 + 9, KIND_COUNT))]
    if shape == "pairs":
        for kind in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7, unique=True)
                         if len(kinds) >= 7 else st.just(list(range(7)))):
            counts[kind] = 2
        return tuple(counts)
    counts[draw(st.sampled_from(kinds))] += 2
    for _ in range(4):
        kind = draw(st.sampled_from(kinds))
        run = kind < 27 and kind % 9 <= 6 and draw(st.booleans())
        for tile in group(kind, run):
            counts[tile] += 1
    return tuple(counts)



def tile_ids(counts: tuple[int, ...], win_kind: int, reds: st.DrawFn) -> tuple[list[int], int]:
    """Ids for the 13 tiles (counts less the winning tile) and the winning tile; which
    copies of a five are taken (the red one or not) is drawn."""
    hand: list[int] = []
    win = -1
    for kind, count in enumerate(counts):
        copies = [kind * 4 + copy for copy in range(4)]
        if kind in FIVES:
            copies = reds(st.permutations(copies))
        hand += copies[:count]
        if kind == win_kind:
            win = hand.pop()
    return hand, win



def bound_for(counts: tuple[int, ...], win_kind: int, hand: list[int], win: int, context: WinContext,
              rules: Rules, *, paid: bool) -> float:
    """The bound of the floor value (or of the value paid), as the analyser sets it up."""
    counted = paid or rules.floor_counts_situational
    indicators = context.dora_indicators + (context.ura_indicators if paid else ())
    renhou = RENHOU_HAN[rules.renhou] if context.renhou and counted else 0
    table = BoundTable.of(
        seat_wind=context.seat_wind, round_wind=context.round_wind,
        dora_indicator_kinds=tuple(t // 4 for t in indicators), riichi=context.riichi,
        ippatsu=context.ippatsu and counted, houtei=context.houtei and counted, renhou_han=renhou,
        kiriage=rules.kiriage,
    )
    reds = 0
    if rules.red_fives:
        red_suits = tuple(any(t == red for t in hand) for red in sorted(RED_FIVE_IDS))
        reds = reds_held(counts, red_suits, sorted(RED_FIVE_IDS).index(win) if win in RED_FIVE_IDS else None)
    return base_points_bound(counts, win_kind, reds, table)



def assert_bounded(counts: tuple[int, ...], win_kind: int, hand: list[int], win: int, context: WinContext,
                   rules: Rules) -> None:
    assessment = assess_ron(hand, win, context, rules)
    for paid, value in ((False, assessment.floor_value), (True, assessment.value)):
        if value is not None:
            bound = bound_for(counts, win_kind, hand, win, context, rules, paid=paid)
            assert bound >= value.base_points, (counts, win_kind, context, rules, value, bound)



@settings(max_examples=400, deadline=None)
@given(winning_counts(), st.data(), rule_options(), contexts())
def test_the_bound_is_never_below_the_library_on_winning_shapes(counts, data, rules, context):
    assume(max(counts) <= 4)
    win_kind = data.draw(st.sampled_from([kind for kind, count in enumerate(counts) if count]))
    hand, win = tile_ids(counts, win_kind, data.draw)
    assert_bounded(counts, win_kind, hand, win, context, rules)



@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), rule_options(), contexts())
def test_the_bound_is_never_below_the_library_on_random_walls(seed, rules, context):
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), 34)
    hands = WallAnalyser(wall, EAST, None, rules).tenpai_hands()
    for hand in rng.sample(hands, min(30, len(hands))):
        tiles = list(hand.tiles)
        for win_kind in hand.waits:
            free = [t for t in range(win_kind * 4, win_kind * 4 + 4) if t not in tiles]
            win = rng.choice(free)
            counts = list(hand.counts)
            counts[win_kind] += 1
            assert_bounded(tuple(counts), win_kind, tiles, win, context, rules)



def test_known_values_are_bounded_and_low_hands_are_told_apart():
    rules = Rules.preset("kaiji")
    context = WinContext(seat_wind=EAST, riichi=True)
    # riichi, pinfu, tanyao, no dora: 3 han 30 fu at most, never mangan.
    plain = "234567m345p23466s"
    cheap = _assert_case(plain, "s", 5, context, rules)
    assert cheap < 2000
    # chinitsu: mangan or more.
    assert _assert_case("11123455678999m", "m", 0, context, rules) >= 2000 * 4  # chuuren: a yakuman shape



def _assert_case(text: str, suit: str, win_rank: int, context: WinContext, rules: Rules) -> float:
    """The bound of `text` (14 tiles, the winning one included) won on `win_rank` of `suit`."""
    ids = ids_for_codes(parse_tiles(text, red_fives=False), False)
    counts = [0] * KIND_COUNT
    for tile in ids:
        counts[tile // 4] += 1
    win_kind = "mpsz".index(suit) * 9 + win_rank
    win = next(t for t in ids if t // 4 == win_kind)
    hand = list(ids)
    hand.remove(win)
    assert_bounded(tuple(counts), win_kind, hand, win, context, rules)
    return bound_for(tuple(counts), win_kind, hand, win, context, rules, paid=False)



# The sure limit: never above what the `mahjong` library says a ron is worth.
#
# Where the sure limit (`bound.sure_limits`) meets the bound, the analyser takes that limit
# as the wait's value without asking the library; a sure limit ever too high would pay a
# wait more than it is worth. Hypothesis draws winning hands of every shape under random
# rules and circumstances (as tests/test_bound.py); tools/check_bound.py checks every pair
# of the benchmark walls.
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



# The quick bound: never below the exact bound.
#
# The ranking orders hands by `bound.quick_bounds` first and works out the exact bound only
# of those that could still come first; a quick bound ever below the exact one could leave
# the best hand behind a worse one.
def table_of(context: WinContext, rules: Rules) -> BoundTable:
    counted = rules.floor_counts_situational
    return BoundTable.of(
        seat_wind=context.seat_wind, round_wind=context.round_wind,
        dora_indicator_kinds=tuple(t // 4 for t in context.dora_indicators), riichi=context.riichi,
        ippatsu=context.ippatsu and counted, houtei=context.houtei and counted,
        renhou_han=RENHOU_HAN[rules.renhou] if context.renhou and counted else 0, kiriage=rules.kiriage,
    )



def assert_quick_at_least_exact(hand: tuple[int, ...], waits: tuple[int, ...], red_suits: tuple[bool, ...],
                                table: BoundTable, red_fives: bool) -> None:
    """Every wait's quick bound against its exact bound, with the winning tile a red five
    or not (the analyser scores whichever copy the opponent may hold)."""
    quick = quick_bounds(bytes(hand), waits, red_suits if red_fives else None, table)
    for win_kind, bound in zip(waits, quick, strict=True):
        won = list(hand)
        won[win_kind] += 1
        win_red_suits = {None, FIVES.index(win_kind)} if win_kind in FIVES else {None}
        for win_red_suit in win_red_suits:
            reds = reds_held(tuple(won), red_suits, win_red_suit) if red_fives else 0
            exact = wait_bounds(hand, (win_kind,), (reds,), table)[0]
            assert bound >= exact, (hand, win_kind, red_suits, table, exact, bound)



@settings(max_examples=400, deadline=None)
@given(winning_counts(), st.data(), rule_options(), contexts())
def test_the_quick_bound_is_never_below_the_bound_on_winning_shapes(counts, data, rules, context):
    assume(max(counts) <= 4)
    win_kind = data.draw(st.sampled_from([kind for kind, count in enumerate(counts) if count]))
    hand = list(counts)
    hand[win_kind] -= 1
    red_suits = (*(bool(hand[five]) and data.draw(st.booleans()) for five in FIVES), False)
    assert_quick_at_least_exact(tuple(hand), (win_kind,), red_suits, table_of(context, rules), rules.red_fives)



@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(24, 34), rule_options(), contexts())
def test_the_quick_bound_is_never_below_the_bound_on_random_walls(seed, size, rules, context):
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), size)
    table = table_of(context, rules)
    hands = WallAnalyser(wall, context.seat_wind, None, rules).tenpai_hands()
    for hand in rng.sample(hands, min(300, len(hands))):
        assert_quick_at_least_exact(hand.counts, hand.waits, hand.red_suits, table, rules.red_fives)



@pytest.mark.parametrize(("text", "win", "below_mangan"), [
    ("234678m345p6799s", "8s", True),  # riichi, tanyao, pinfu at most
    ("234567m23455p67s", "8s", True),  # riichi, tanyao, pinfu at most: 3 han 30 fu
    ("123789m123p1299s", "3s", False),  # junchan and sanshoku may be there
    ("1112223334445m", "5m", False),  # one suit, no honours: chinitsu (or chuuren)
])
def test_the_quick_bound_tells_low_hands_apart(text, win, below_mangan):
    hand = tuple(counts34(ids_for_codes(parse_tiles(text, red_fives=False), False)))
    win_kind = ids_for_codes(parse_tiles(win, red_fives=False), False)[0] // 4
    table = table_of(WinContext(seat_wind=EAST, riichi=True), Rules.preset("kaiji"))
    [bound] = quick_bounds(bytes(hand), (win_kind,), None, table)
    assert (bound < 2000) is below_mangan
    assert bound >= wait_bounds(hand, (win_kind,), (0,), table)[0]
