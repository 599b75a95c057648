"""The hand analyser: tenpai hands of a wall, their waits and values, selections, ranking."""
from __future__ import annotations

import gc
import random
from itertools import combinations

import pytest

from game.engine import analysis
from game.engine.analysis import WaitAnalysis, WallAnalyser
from game.engine.rules import Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.shape import TERMINALS_AND_HONOURS, is_standard_complete, waits
from game.engine.tenpai import tenpai_shapes
from game.engine.tiles import (
    EAST,
    KIND_COUNT,
    SOUTH,
    TILE_COUNT,
    WEST,
    counts34,
    format_tiles,
    ids_for_codes,
    is_red,
    kind_code,
    parse_tiles,
    pick_ids,
)

KAIJI = Rules.preset("kaiji")



PRO = Rules.preset("pro_stream")  # red fives on



# docs/rules.md §4: 1112223334m777p waits on 1m-5m; only 4m (suuankou tanki) is mangan.
FURITEN_HAND = "1112223334m777p"



FURITEN_WALL = FURITEN_HAND + "89m13589p13579s1234567z12z"



# No run anywhere (no three neighbouring numbers), two triplets, five paired kinds and
# only ten terminal/honour kinds: no standard, seven-pairs or thirteen-orphans tenpai.
NO_TENPAI_WALL = "124578m124578p124578s1122334444555567z"



# The same idea with every terminal and honour present: thirteen orphans only.
KOKUSHI_ONLY_WALL = "124589m124589p124589s1122334444555567z"



def ids(text: str, rules: Rules = KAIJI) -> list[int]:
    return ids_for_codes(parse_tiles(text, red_fives=rules.red_fives), rules.red_fives)



def wall_of(text: str, rules: Rules = KAIJI) -> list[int]:
    wall = ids(text, rules)
    assert len(wall) == 34, f"test wall {text} has {len(wall)} tiles"
    return wall



def indicator(code: str, wall: list[int], rules: Rules = KAIJI) -> int:
    return pick_ids([code], set(range(TILE_COUNT)) - set(wall), rules.red_fives)[0]



def text_of(tiles, rules: Rules = KAIJI) -> str:
    return format_tiles(tiles, rules.red_fives)



def waits_by_code(hand) -> dict[str, analysis.WaitAnalysis]:
    return {kind_code(wait.kind): wait for wait in hand.waits}



def select(wall: list[int], text: str, rules: Rules = KAIJI) -> list[int]:
    return pick_ids(parse_tiles(text, red_fives=rules.red_fives), wall, rules.red_fives)



@pytest.fixture(scope="module")
def furiten_selection():
    wall = wall_of(FURITEN_WALL)
    return WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(select(wall, FURITEN_HAND)).hand



def test_furiten_example_waits_on_one_to_five_man(furiten_selection):
    assert furiten_selection.tenpai
    assert list(waits_by_code(furiten_selection)) == ["1m", "2m", "3m", "4m", "5m"]



@pytest.mark.parametrize(
    ("tile", "han", "fu", "yaku", "level", "clears"),
    [
        ("1m", 2, 40, ["riichi", "iipeikou"], None, False),
        ("2m", 3, 50, ["riichi", "sanankou"], None, False),
        ("3m", 3, 50, ["riichi", "sanankou"], None, False),
        ("4m", 13, 60, ["suuankou tanki"], "yakuman", True),
        ("5m", 3, 50, ["riichi", "sanankou"], None, False),
    ],
)
def test_furiten_example_only_four_man_reaches_mangan(furiten_selection, tile, han, fu, yaku, level, clears):
    wait = waits_by_code(furiten_selection)[tile]
    assert (wait.value.han, wait.value.fu) == (han, fu) or level == "yakuman"
    assert [line.name for line in wait.value.yaku] == yaku
    assert wait.value.level == level
    assert wait.clears_floor is clears



@pytest.mark.parametrize(("tile", "live"), [("1m", 1), ("2m", 1), ("3m", 1), ("4m", 3), ("5m", 4)])
def test_live_copies_are_four_minus_the_copies_in_the_own_wall(furiten_selection, tile, live):
    wait = waits_by_code(furiten_selection)[tile]
    assert wait.live == live
    assert not wait.dead



@pytest.mark.parametrize(
    ("tile", "with_ippatsu"),
    [("1m", False), ("2m", True), ("3m", True), ("4m", True), ("5m", True)],
)
def test_ippatsu_and_houtei_lift_the_sanankou_waits_to_mangan(furiten_selection, tile, with_ippatsu):
    wait = waits_by_code(furiten_selection)[tile]
    assert wait.clears_floor_with_ippatsu is with_ippatsu
    assert wait.clears_floor_with_houtei is with_ippatsu
    assert wait.clears_floor_only_with_luck is (with_ippatsu and not wait.clears_floor)



def test_situational_values_match_a_direct_assessment(furiten_selection):
    for wait in furiten_selection.waits:
        for flag in ("ippatsu", "houtei"):
            context = WinContext(seat_wind=EAST, riichi=True, **{flag: True})
            direct = assess_ron(furiten_selection.tiles, wait.tile, context, KAIJI)
            assert getattr(wait, f"clears_floor_with_{flag}") is direct.clears_floor
            assert getattr(wait, f"value_with_{flag}") == direct.value



def test_houtei_never_helps_the_last_seat_when_only_the_last_discard_counts():
    rules = Rules.preset("kaiji", houtei="last_discard_of_hand")
    wall = wall_of(FURITEN_WALL)
    hand = WallAnalyser(wall, WEST, None, rules).analyze_selection(select(wall, FURITEN_HAND)).hand
    two_man = waits_by_code(hand)["2m"]
    assert two_man.value_with_houtei is None
    assert two_man.clears_floor_with_houtei is False
    assert two_man.clears_floor_with_ippatsu is True
    dealer = WallAnalyser(wall, EAST, None, rules).analyze_selection(select(wall, FURITEN_HAND)).hand
    assert waits_by_code(dealer)["2m"].clears_floor_with_houtei is True



def test_without_situational_floor_ippatsu_changes_nothing():
    rules = Rules.preset("kaiji", floor_counts_situational=False)
    wall = wall_of(FURITEN_WALL)
    hand = WallAnalyser(wall, EAST, None, rules).analyze_selection(select(wall, FURITEN_HAND)).hand
    for wait in hand.waits:
        assert wait.clears_floor_with_ippatsu is wait.clears_floor
        assert wait.clears_floor_with_houtei is wait.clears_floor



def test_the_furiten_example_is_among_the_wall_hands():
    wall = wall_of(FURITEN_WALL)
    hands = {hand.text: hand for hand in WallAnalyser(wall, EAST, None, KAIJI).analyze().hands}
    listed = hands[FURITEN_HAND]
    assert [kind_code(w.kind) for w in listed.waits] == ["1m", "2m", "3m", "4m", "5m"]
    assert listed.live_clearing_copies == 3
    assert listed.payment == 3 * 4.0  # three live copies of a yakuman wait



def test_a_wait_whose_last_copy_is_the_indicator_is_dead():
    wall = wall_of(FURITEN_WALL)
    one_man = indicator("1m", wall)
    hand = WallAnalyser(wall, EAST, one_man, KAIJI).analyze_selection(select(wall, FURITEN_HAND)).hand
    wait = waits_by_code(hand)["1m"]
    assert (wait.live, wait.dead) == (0, True)
    # The indicator 1m makes 2m dora: three in the hand, one more on a 2m win.
    assert waits_by_code(hand)["2m"].value.han_of("dora") == 4



def test_a_wait_whose_copies_are_all_in_the_own_wall_is_dead():
    wall = wall_of("1" + FURITEN_WALL.replace("12z", "2z"))  # the fourth 1m goes to the pool
    hand = WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(select(wall, FURITEN_HAND)).hand
    wait = waits_by_code(hand)["1m"]
    assert (wait.live, wait.dead) == (0, True)
    assert wait.value is not None  # still scored, just never won



def test_a_kind_held_four_times_is_no_wait():
    # 111m + 1m tanki (or 11m + 11m) would wait on a fifth 1m.
    wall = wall_of("1111m234p567p789s" + "6789m13589p11234s1234567z")
    hand = select(wall, "1111m234p567p789s")
    assert not WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(hand).hand.tenpai
    assert tuple(counts34(hand)) not in {h.counts for h in WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands()}



def test_a_wall_that_cannot_form_any_tenpai():
    wall = wall_of(NO_TENPAI_WALL)
    assert WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands() == []
    assert WallAnalyser(wall, EAST, None, KAIJI).analyze().hands == ()



def test_a_wall_where_only_thirteen_orphans_is_tenpai():
    wall = wall_of(KOKUSHI_ONLY_WALL)
    hands = WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands()
    # one 13-sided hand; otherwise 12 kinds + a pair of one of the paired kinds 1z-5z:
    # missing one of 1z-5z leaves 4 pair choices, missing any other of the 13 leaves 5.
    assert len(hands) == 1 + 5 * 4 + 8 * 5
    assert all(set(h.counts[k] for k in range(KIND_COUNT) if k not in TERMINALS_AND_HONOURS) == {0}
               for h in hands)
    thirteen_sided = [h for h in hands if len(h.waits) == 13]
    assert [text_of(h.tiles) for h in thirteen_sided] == ["19m19p19s1234567z"]
    scored = WallAnalyser(wall, EAST, None, KAIJI).analyze()
    assert all(wait.value.level == "yakuman" and wait.clears_floor for h in scored.hands for wait in h.waits)



RED_WALL = "340m5m678p234s1199p" + "1269m1346789s1234567z22z"



def test_hands_differing_only_in_the_red_five_are_two_hands():
    wall = wall_of(RED_WALL, PRO)
    target = tuple(counts34(ids("345m678p234s1199p", PRO)))
    variants = [h for h in WallAnalyser(wall, EAST, None, PRO).tenpai_hands() if h.counts == target]
    expected = [text_of(ids(hand, PRO), PRO) for hand in ("340m678p234s1199p", "345m678p234s1199p")]
    assert sorted(text_of(h.tiles, PRO) for h in variants) == expected
    # With red fives off the same ids are two plain fives: one hand.
    assert sum(1 for h in WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands() if h.counts == target) == 1



def test_the_red_five_counts_as_dora():
    wall = wall_of(RED_WALL, PRO)
    red = WallAnalyser(wall, EAST, None, PRO).analyze_selection(select(wall, "340m678p234s1199p", PRO)).hand
    plain = WallAnalyser(wall, EAST, None, PRO).analyze_selection(select(wall, "345m678p234s1199p", PRO)).hand
    for red_wait, plain_wait in zip(red.waits, plain.waits, strict=True):
        assert red_wait.value.han == plain_wait.value.han + 1
        assert red_wait.value.han_of("red fives") == 1
        assert plain_wait.value.han_of("red fives") == 0



def test_a_hand_must_take_the_red_five_when_the_wall_has_no_plain_one():
    wall = wall_of(RED_WALL.replace("340m5m", "340m8m"), PRO)
    with_five = [h for h in WallAnalyser(wall, EAST, None, PRO).tenpai_hands() if h.counts[4]]
    assert with_five
    assert all(16 in h.tiles for h in with_five)



FIVE_WAIT_HAND = "34m678p234s111p99p"  # waits 2m and 5m



FILLERS = "1789m2344p6789s1234567z"



@pytest.mark.parametrize(
    ("rest_of_wall", "scored_red", "live"),
    [
        # the red 5m is in the own wall: a win can only come on a plain one
        ("0m9s" + FILLERS, False, 3),
        # all three plain 5m are in the own wall: only the red one can come
        ("555m" + FILLERS.replace("7z", "z"), True, 1),
    ],
)
def test_a_five_wait_is_scored_with_the_copy_the_opponent_can_hold(rest_of_wall, scored_red, live):
    wall = wall_of(FIVE_WAIT_HAND + rest_of_wall, PRO)
    hand = WallAnalyser(wall, EAST, None, PRO).analyze_selection(select(wall, FIVE_WAIT_HAND, PRO)).hand
    five = waits_by_code(hand)["5m"]
    assert five.live == live
    assert is_red(five.tile, True) is scored_red
    assert (five.value.han_of("red fives") == 1) is scored_red



def exhaustive_tenpai(wall: list[int]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every 13 of the 17 tiles of a small wall, tested with shape.waits."""
    hands = {tuple(counts34(hand)) for hand in combinations(wall, 13)}
    return {hand: tuple(waits(hand)) for hand in hands if waits(hand)}



@pytest.mark.parametrize("seed", range(40))
def test_small_walls_match_an_exhaustive_search(seed):
    rng = random.Random(seed)
    # Dense walls (one or two suits, a few honours) so that many hands are tenpai.
    suits = rng.sample(range(3), rng.choice((1, 2)))
    stock = [t for t in range(TILE_COUNT) if t // 36 in suits] + list(range(27 * 4, 30 * 4))
    wall = rng.sample(stock, 17)
    expected = exhaustive_tenpai(wall)
    shapes = {shape.counts: shape.waits for shape in tenpai_shapes(counts34(wall))}
    assert shapes == expected
    assert sorted(h.counts for h in WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands()) == sorted(expected)



SETS = [(k, k, k) for k in range(KIND_COUNT)] + [
    (k, k + 1, k + 2) for k in range(27) if k % 9 <= 6
]



def complete_hands_within(limit: list[int]) -> set[tuple[int, ...]]:
    """Every pair + four sets (any order of the 55 sets) using at most `limit`
    plus one extra tile of any kind, no kind five times."""
    found: set[tuple[int, ...]] = set()
    hand = [0] * KIND_COUNT

    def excess() -> int:
        return sum(max(0, have - cap) for have, cap in zip(hand, limit, strict=True))

    def grow(first: int, sets: int) -> None:
        if sets == 4:
            for pair in range(KIND_COUNT):
                hand[pair] += 2
                if max(hand) <= 4 and excess() <= 1:
                    found.add(tuple(hand))
                hand[pair] -= 2
            return
        for index in range(first, len(SETS)):
            for kind in SETS[index]:
                hand[kind] += 1
            if max(hand) <= 4 and excess() <= 1:
                grow(index, sets + 1)
            for kind in SETS[index]:
                hand[kind] -= 1

    grow(0, 0)
    return found



def slow_tenpai(counts: list[int]) -> dict[tuple[int, ...], tuple[int, ...]]:
    hands: set[tuple[int, ...]] = set()
    for complete in complete_hands_within(counts):
        assert is_standard_complete(complete)
        for kind in range(KIND_COUNT):
            if complete[kind]:
                hand = list(complete)
                hand[kind] -= 1
                if all(have <= cap for have, cap in zip(hand, counts, strict=True)):
                    hands.add(tuple(hand))
    pair_kinds = [k for k in range(KIND_COUNT) if counts[k] >= 2]
    for pairs in combinations(pair_kinds, 6):
        for single in range(KIND_COUNT):
            if counts[single] and single not in pairs:
                hands.add(tuple(2 if k in pairs else int(k == single) for k in range(KIND_COUNT)))
    orphans = [k for k in TERMINALS_AND_HONOURS if counts[k]]
    for chosen in combinations(orphans, 12):
        for pair in chosen:
            if counts[pair] >= 2:
                hands.add(tuple(int(k in chosen) + int(k == pair) for k in range(KIND_COUNT)))
    if len(orphans) == 13:
        hands.add(tuple(int(k in orphans) for k in range(KIND_COUNT)))
    return {hand: tuple(waits(hand)) for hand in hands if waits(hand)}



@pytest.mark.parametrize("seed", range(4))
def test_random_walls_match_a_slow_search_both_ways(seed):
    wall = random.Random(1000 + seed).sample(range(TILE_COUNT), 34)
    expected = slow_tenpai(counts34(wall))
    found = {shape.counts: shape.waits for shape in tenpai_shapes(counts34(wall))}
    assert set(found) == set(expected)
    assert found == expected



@pytest.mark.parametrize("seed", range(10))
def test_every_listed_hand_is_tenpai_and_from_the_wall(seed):
    rules = PRO if seed % 2 else KAIJI
    wall = random.Random(seed).sample(range(TILE_COUNT), 34)
    hands = WallAnalyser(wall, EAST, None, rules).tenpai_hands()
    assert len({h.tiles for h in hands}) == len(hands)
    assert len({(h.counts, h.red_suits) for h in hands}) == len(hands)
    for hand in hands[::7]:
        assert len(hand.tiles) == 13 and set(hand.tiles) <= set(wall)
        assert tuple(counts34(hand.tiles)) == hand.counts
        assert tuple(waits(hand.counts)) == hand.waits
        assert all(hand.counts[kind] < 4 for kind in hand.waits)



def test_a_thirteen_tile_selection_that_is_not_tenpai():
    wall = wall_of(FURITEN_WALL)
    result = WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(select(wall, "1112223334m89m1p"))
    assert result.hand is not None and not result.hand.tenpai
    assert result.completions == ()



def test_a_partial_selection_lists_the_hands_that_contain_it():
    wall = wall_of(FURITEN_WALL)
    selected = select(wall, "111222333m")
    result = WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(selected)
    assert result.hand is None and result.completions
    for completion in result.completions:
        assert set(selected) <= set(completion.hand.tiles)
        assert sorted((*selected, *completion.added)) == sorted(completion.hand.tiles)
        assert len(completion.added) == 4
    wanted = {h.counts for h in WallAnalyser(wall, EAST, None, KAIJI).tenpai_hands()
              if all(h.counts[k] >= 3 for k in (0, 1, 2))}
    assert {tuple(counts34(c.hand.tiles)) for c in result.completions} == wanted
    keys = [c.hand.rank_key for c in result.completions]
    assert keys == sorted(keys)



def test_a_selected_red_five_is_kept_in_every_completion():
    wall = wall_of(RED_WALL, PRO)
    red = select(wall, "340m", PRO)
    result = WallAnalyser(wall, EAST, None, PRO).analyze_selection(red)
    assert result.completions
    assert all(16 in c.hand.tiles and 16 not in c.added for c in result.completions)



@pytest.mark.parametrize(
    ("selection", "message"),
    [
        (lambda wall, outside: [outside], "not in the wall"),
        (lambda wall, outside: wall[:14], "13 tiles"),
        (lambda wall, outside: [wall[0], wall[0]], "twice"),
    ],
)
def test_bad_selections_raise(selection, message):
    wall = wall_of(FURITEN_WALL)
    outside = next(t for t in range(TILE_COUNT) if t not in wall)
    analyser = WallAnalyser(wall, EAST, None, KAIJI)
    for call in (analyser.analyze_selection, analyser.complete_selection):
        with pytest.raises(ValueError, match=message):
            call(selection(wall, outside))



def test_a_bad_indicator_or_wall_raises():
    wall = wall_of(FURITEN_WALL)
    with pytest.raises(ValueError, match="side wall"):
        WallAnalyser(wall, EAST, wall[0], KAIJI).analyze()
    with pytest.raises(ValueError, match="once"):
        WallAnalyser([*wall[:-1], wall[0]], EAST, None, KAIJI).analyze()
    with pytest.raises(ValueError, match="seat wind"):
        WallAnalyser(wall, 5, None, KAIJI).analyze()



def test_a_virtual_indicator_may_share_an_id_with_the_wall_and_takes_no_copy():
    # the virtual dora comes from a second set: the same id in the wall is another tile,
    # and an id outside the wall leaves every copy of its kind live
    rules = Rules.preset("four_player", virtual_dora=True)
    wall = wall_of(FURITEN_WALL)
    in_wall = counts34(wall)
    wait_kind = WallAnalyser(wall, EAST, None, rules).analyze().hands[0].waits[0].kind
    outside = next(t for t in range(wait_kind * 4, wait_kind * 4 + 4) if t not in wall)
    for indicator in (wall[0], outside):
        analysis = WallAnalyser(wall, EAST, indicator, rules).analyze()
        assert analysis.hands
        assert all(wait.live == 4 - in_wall[wait.kind] for hand in analysis.hands for wait in hand.waits)
    # flipped from a side wall (the kaiji table), the same id is a copy the player sees
    flipped = WallAnalyser(wall, EAST, outside, KAIJI).analyze()
    assert any(wait.kind == wait_kind and wait.live == 3 - in_wall[wait_kind]
               for hand in flipped.hands for wait in hand.waits)



@pytest.fixture(scope="module")
def ranked():
    wall = wall_of(FURITEN_WALL)
    return WallAnalyser(wall, EAST, indicator("8p", wall), KAIJI).analyze()



def test_hands_come_best_first_by_the_documented_measure(ranked):
    keys = [hand.rank_key for hand in ranked.hands]
    assert keys == sorted(keys)
    payments = [hand.payment for hand in ranked.hands]
    assert payments == sorted(payments, reverse=True)



def test_the_measure_adds_up_from_the_waits(ranked):
    wall_counts = counts34(ranked.wall)
    for hand in ranked.hands:
        clearing = [w for w in hand.waits if w.clears_floor]
        assert hand.payment == sum(w.live * w.value.limit_multiplier for w in clearing)
        assert hand.live_clearing_copies == sum(w.live for w in clearing)
        assert hand.live_passing_copies == sum(w.live for w in hand.waits if not w.clears_floor)
        held = counts34(hand.tiles)
        assert hand.pool_wait_copies == sum(wall_counts[w.kind] - held[w.kind] for w in hand.waits)
        assert hand.forced_wait_discards == max(0, hand.pool_wait_copies - 4)



def test_the_four_player_preset_has_no_floor():
    rules = Rules.preset("four_player")
    wall = wall_of(FURITEN_WALL)
    hand = WallAnalyser(wall, EAST, None, rules).analyze_selection(select(wall, FURITEN_HAND)).hand
    assert all(wait.clears_floor for wait in hand.waits)



@pytest.mark.parametrize("selection", ["", "777p", "1112223334m7p", "89m1p"])
def test_complete_selection_keeps_the_selection_and_takes_the_best_hand(selection):
    wall = wall_of(FURITEN_WALL)
    chosen = select(wall, selection) if selection else []
    result = WallAnalyser(wall, EAST, None, KAIJI).complete_selection(chosen)
    assert len(result) == 13 and set(chosen) <= set(result) <= set(wall)
    completions = WallAnalyser(wall, EAST, None, KAIJI).analyze_selection(chosen).completions
    if completions:
        assert result == sorted(completions[0].hand.tiles)
    else:
        assert result == sorted([*chosen, *sorted(set(wall) - set(chosen))[:13 - len(chosen)]])



def test_complete_selection_without_any_tenpai_fills_by_id():
    wall = wall_of(NO_TENPAI_WALL)
    assert WallAnalyser(wall, EAST, None, KAIJI).complete_selection([]) == sorted(wall)[:13]
    chosen = sorted(wall)[-3:]
    assert WallAnalyser(wall, EAST, None, KAIJI).complete_selection(chosen) == sorted([*sorted(wall)[:10], *chosen])



def test_complete_selection_of_thirteen_tiles_changes_nothing():
    wall = wall_of(NO_TENPAI_WALL)
    assert WallAnalyser(wall, EAST, None, KAIJI).complete_selection(wall[5:18]) == sorted(wall[5:18])



def test_complete_selection_of_nothing_is_the_walls_best_hand():
    wall = random.Random(7).sample(range(TILE_COUNT), 34)
    dora = pick_ids(["3p"], set(range(TILE_COUNT)) - set(wall), False)[0]
    best = WallAnalyser(wall, EAST, dora, KAIJI).analyze().hands[0]
    assert WallAnalyser(wall, EAST, dora, KAIJI).complete_selection([]) == list(best.tiles)



def test_an_analysis_that_fails_leaves_the_garbage_collector_running():
    assert gc.isenabled()
    with pytest.raises(ValueError):
        WallAnalyser([0] * 34, EAST, None, KAIJI).analyze()
    assert gc.isenabled()



# A wait left unscored tells from its own bound whether ippatsu or houtei could take it to
# the floor (one more han at most doubles a value below mangan); the verdicts must be those
# of the bound worked out afresh with one more han, on every wait of whole walls.
def seeded_wall(seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    wall = rng.sample(range(136), 34)
    return wall, rng.choice(sorted(set(range(136)) - set(wall)))



@pytest.mark.parametrize(("preset", "options", "seat"), [
    ("kaiji", {}, EAST), ("kaiji", {"kiriage": False, "red_fives": True}, WEST), ("pro_stream", {}, SOUTH),
    ("kaiji", {"floor_counts_situational": False}, EAST),
])
def test_luck_verdicts_from_the_waits_bound_are_the_fresh_bounds(preset, options, seat):
    rules = Rules.preset(preset, **options)
    checked = 0
    for seed in (3, 7):
        wall, indicator = seeded_wall(seed)
        for hand in WallAnalyser(wall, seat, indicator, rules).analyze().hands:
            for wait in hand.waits:
                if wait.bound is None:
                    continue
                fresh = WaitAnalysis(wait.kind, wait.tile, wait.live, wait.clears_floor, wait.hand, wait.table,
                                     wait.exact, wait.limit)
                assert (wait.clears_floor_with_ippatsu, wait.clears_floor_with_houtei) == (
                    fresh.clears_floor_with_ippatsu, fresh.clears_floor_with_houtei), wait
                checked += 1
    assert checked > 1000
