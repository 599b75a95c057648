"""The hard level's build for the hand to come: its estimators on crafted walls and pools,
and its search: the same hand as scoring every hand of the wall."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai import lookahead
from game.ai.agents import HardAgent, HardV1Agent
from game.ai.building import seat_wall
from game.ai.lookahead import Outlook, least_walk_risk, race_value, walk_risk
from game.engine.actions import ChooseDora
from game.engine.analysis import WallAnalyser
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import EAST, KIND_COUNT, WIND_NAMES, format_tiles, ids_for_codes, parse_tiles
from tests.scenario_tools import crafted_deal
from tests.test_building import CASES, every_hand, seat_views
from tests.test_kyoku import NO_DORA

M5, P5, P6, S5, S8, HAKU = 4, 13, 14, 22, 25, 31

# Three hands of this wall are riichi pinfu tanyao sanshoku waiting on 5s and 8s, alike
# but for the pair: 55m, 55p or 66p. The pool keeps what the pair leaves: 5p beside the
# wall's four 6p and its own 4p (no 46p or 67p can wait on it) is the safest of the three.
# (Counting an opponent's throws by the class of the tile, a chanta of the wall waiting on
# 9s comes first: the tests of the leftovers count every tile thrown alike, `alike`.)
THREE_PAIRS = "12333455789m123455666688p12334679s123z"
SAFE_LEFTOVERS = "23455m234p23467s"
DANGEROUS_LEFTOVERS = ("234m23455p23467s", "234m23466p23467s")


@pytest.fixture
def alike(monkeypatch):
    """Every tile of an opponent's wall thrown alike, so that only the leftovers tell the
    three pairs' hands apart."""
    monkeypatch.setattr(lookahead, "thrown_factors", lambda dora, floor: (1.0,) * KIND_COUNT)
    monkeypatch.setattr(lookahead, "suit_factor", lambda kind, pool: 1.0)


def build_view(wall: str):
    match = Match(Rules.preset("kaiji"), seed=1)
    match.next_kyoku(crafted_deal({0: wall}, dora=NO_DORA), 0)
    match.apply(ChooseDora(0, 1, 0))
    return match.kyoku.view_for(0)


def scored(view, text: str):
    wind = EAST + WIND_NAMES.index(view.seat_winds[view.seat])
    tiles = tuple(ids_for_codes(parse_tiles(text), False))
    return WallAnalyser(tuple(view.wall), wind, view.dora_indicator, view.rules).analyze_selection(tiles).hand


def test_of_equal_hands_the_build_leaves_the_safest_leftovers(alike):
    view = build_view(THREE_PAIRS)
    assert format_tiles(tuple(sorted(view.wall)), False) == THREE_PAIRS
    outlook = Outlook.of(view)
    hands = [scored(view, text) for text in (SAFE_LEFTOVERS, *DANGEROUS_LEFTOVERS)]
    # equal as hands: the same waits, live copies and value
    assert len({tuple((w.kind, w.live, w.multiplier) for w in hand.waits) for hand in hands}) == 1
    assert {w.kind for w in hands[0].waits} == {S5, S8}
    safe, *dangerous = hands
    assert all(outlook.deal_in(safe) < outlook.deal_in(hand) for hand in dangerous)
    assert all(outlook.value(safe) > outlook.value(hand) for hand in dangerous)
    assert format_tiles(HardAgent(1).build(view), False) == SAFE_LEFTOVERS


def test_the_deal_in_scale_weighs_the_leftovers(alike):
    # at scale 0 the leftovers weigh nothing: the three hands tie and another text wins
    view = build_view(THREE_PAIRS)
    blind = Outlook.of(view, 0.0)
    assert len({blind.value(scored(view, text)) for text in (SAFE_LEFTOVERS, *DANGEROUS_LEFTOVERS)}) == 1
    assert format_tiles(lookahead.best_hand_to_come(view, 0.0), False) != SAFE_LEFTOVERS
    assert format_tiles(lookahead.best_hand_to_come(view, lookahead.DEAL_IN_SCALE), False) == SAFE_LEFTOVERS
    hand = scored(view, SAFE_LEFTOVERS)
    assert Outlook.of(view, 0.9).deal_in(hand) == pytest.approx(2 * Outlook.of(view, 0.45).deal_in(hand))


def test_the_reference_level_builds_as_before():
    # hard_v1 reads the pool by the class of each tile only: the three pairs are alike to
    # it, and the greatest text wins the tie
    assert format_tiles(HardV1Agent(1).build(build_view(THREE_PAIRS)), False) == DANGEROUS_LEFTOVERS[1]


@pytest.mark.parametrize(
    ("pool", "danger", "expected"),
    [
        # 17 tiles: nothing kept, each kind met once however many copies
        ({M5: 4, P5: 13}, {M5: 0.5, P5: 0.1}, 1 - 0.5 * 0.9),
        # 21 tiles: the most dangerous kind that fits in the 4 kept tiles is never met
        ({M5: 2, P5: 3, P6: 16}, {M5: 0.5, P5: 0.2, P6: 0.1}, 1 - 0.8 * 0.9),
        ({M5: 1, P5: 3, P6: 17}, {M5: 0.5, P5: 0.2, P6: 0.1}, 0.1),
        ({M5: 4, P5: 1, P6: 16}, {M5: 0.5, P5: 0.2, P6: 0.1}, 1 - 0.8 * 0.9),
        # a kind of 5 copies cannot be kept, however dangerous
        ({M5: 5, P5: 1, P6: 15}, {M5: 0.5, P5: 0.2, P6: 0.1}, 1 - 0.5 * 0.9),
    ],
)
def test_the_walk_meets_each_kind_once_and_keeps_back_the_most_danger(pool, danger, expected):
    per_kind = tuple(danger.get(kind, 0.0) for kind in range(KIND_COUNT))
    assert walk_risk(pool, per_kind) == pytest.approx(expected)


def test_an_own_wait_is_kept_back_before_a_dangerous_kind():
    pool = {M5: 3, S8: 2, P6: 16}
    danger = tuple({M5: 0.5, S8: 0.05, P6: 0.1}.get(kind, 0.0) for kind in range(KIND_COUNT))
    assert walk_risk(pool, danger) == pytest.approx(1 - 0.9 * 0.95)
    assert walk_risk(pool, danger, frozenset({S8})) == pytest.approx(1 - 0.5 * 0.9)


@given(wall=st.lists(st.integers(0, 4), min_size=KIND_COUNT, max_size=KIND_COUNT).filter(lambda c: sum(c) >= 21),
       danger=st.lists(st.floats(0.0, 0.9), min_size=KIND_COUNT, max_size=KIND_COUNT),
       data=st.data())
def test_no_pool_of_the_wall_walks_with_less_risk_than_the_least(wall, danger, data):
    tiles = [kind for kind, copies in enumerate(wall) for _ in range(copies)]
    pool = data.draw(st.permutations(tiles))[:21]
    counts = {kind: pool.count(kind) for kind in set(pool)}
    least = least_walk_risk(dict(enumerate(wall)), tuple(danger))
    assert least <= walk_risk(counts, tuple(danger)) + 1e-12


def test_the_race_counts_a_win_and_a_deal_in_only_when_it_comes_first():
    assert race_value(0.5, 0.0, 2.0) == 1.0
    assert race_value(0.0, 0.5, 2.0, loss=1.0) == -0.5
    assert race_value(0.4, 0.4, 1.0, loss=1.0) == pytest.approx(0.4 * 0.8 - 0.4 * 0.8)
    assert race_value(0.5, 0.2, 1.0) > race_value(0.4, 0.2, 1.0) > race_value(0.4, 0.3, 1.0)


@pytest.mark.parametrize(("preset", "seed"), CASES[:2] + CASES[-4:])
def test_the_built_hand_is_the_best_of_every_hand_and_the_bound_holds(preset, seed):
    for view in seat_views(preset, seed):
        outlook = Outlook.of(view)
        hands = every_hand(view)
        values = {hand.tiles: (lookahead.clears_somewhere(hand), outlook.value(hand)) for hand in hands}
        best = max(hands, key=lambda h: (*values[h.tiles], h.text)).tiles if hands else None
        assert lookahead.best_hand_to_come(view) == best
        bound = outlook.bound()
        for pending in seat_wall(view).hands:
            assert bound(pending) >= values[pending.tiles]


# An ittsuu of this wall waits either two-sided on 3p and 6p (8 live copies, mangan) or
# on a shanpon of south and north (4 live copies, haneman).
ITTSUU_WALL = "1233456789m24557789p24467889s22344556z"
WIND_SHANPON, TWO_SIDED = "123456789m2244z", "123456789m45p44s"


def test_a_wait_counts_its_copies_as_an_opponent_throws_tiles_of_its_class(monkeypatch):
    """A wind in an opponent's wall lies in its pool three times in four (its hand seldom
    takes one) and is nearly always thrown from there; a 3p or 6p is in the pool about half
    the time and kept back more often: the wind shanpon is thrown into more often than its
    copies say. Counting every tile alike (17 in 34 thrown), the build takes the two-sided
    wait."""
    view = build_view(ITTSUU_WALL)
    assert format_tiles(HardAgent(1).build(view), False) == WIND_SHANPON
    south, p3 = 28, 11
    assert Outlook.of(view).shares[south] > 1.5 * Outlook.of(view).shares[p3]
    monkeypatch.setattr(lookahead, "thrown_factors", lambda dora, floor: (1.0,) * KIND_COUNT)
    assert format_tiles(HardAgent(1).build(view), False) == TWO_SIDED


# A hand whose suit its discards lack reads as waiting in that suit. Of this wall, a pin
# honitsu waits on 5p and chun (haneman, 3 live copies) and an ittsuu in pin waits
# two-sided on 3s-6s (mangan, 7 live copies). The honitsu leaves one pin among its 21
# leftovers, so the opponent keeps its 5p back; the ittsuu leaves nine sou, so the
# opponent throws 3s and 6s readily.
SUIT_WALL = "11236m122345556789p22456778999s234677z"
SOU_WAIT, PIN_HONITSU = "12345556789p45s", "12345556789p77z"
P5, S3, S6 = 13, 20, 23


def test_a_wait_in_a_suit_the_leftovers_are_full_of_is_thrown_into_more_often(monkeypatch):
    view = build_view(SUIT_WALL)
    outlook = Outlook.of(view)
    sou, honitsu = scored(view, SOU_WAIT), scored(view, PIN_HONITSU)
    assert [(w.kind, w.live) for w in sou.waits] == [(S3, 4), (S6, 3)]
    assert {w.kind for w in honitsu.waits} == {P5, 33} and all(w.multiplier == 1.5 for w in honitsu.waits)
    assert outlook.value(sou) > outlook.value(honitsu)
    assert format_tiles(HardAgent(1).build(view), False) == SOU_WAIT
    monkeypatch.setattr(lookahead, "suit_factor", lambda kind, pool: 1.0)
    assert format_tiles(HardAgent(1).build(view), False) == PIN_HONITSU


def test_the_suit_counts_against_one_opponent_only():
    """With more opponents, each throws by its caution against every other seat: what one
    seat's pool shows was measured at a table of two only."""
    outlook = Outlook.of(build_view(SUIT_WALL))
    full, bare = [0] * KIND_COUNT, [0] * KIND_COUNT
    full[18:27] = [1] * 9  # a pool of nine sou
    assert outlook.win([(S3, 4)], 0, 0, full) > outlook.win([(S3, 4)], 0, 0, bare)
    three = replace(outlook, opponents=2)
    assert three.win([(S3, 4)], 0, 0, full) == three.win([(S3, 4)], 0, 0, bare)
