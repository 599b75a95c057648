"""The hard level's plans: which kinds to hold back to the end of the walk, and which waits
an opponent is likely to let go."""

from types import SimpleNamespace

import pytest

from game.ai.building import discard_share, win_chance
from game.ai.planning import DEAL_IN_COST, costed, held_back, planned_discard
from game.engine.actions import Discard
from game.engine.tiles import EAST, ids_for_codes, parse_tiles

M1, M2, M3, P5 = 0, 1, 2, 13


@pytest.mark.parametrize(
    ("copies", "danger", "slots", "expected"),
    [
        # the triplet and the more dangerous lone kind carry more than the two lone kinds
        ({M1: 1, M2: 3, M3: 1}, {M1: 0.10, M2: 0.20, M3: 0.15}, 4, {M2, M3}),
        # part of a kind saves nothing: the pair cannot be split to fit
        ({M1: 3, M2: 2}, {M1: 0.5, M2: 0.1}, 4, {M1}),
        ({M1: 3, M2: 2}, {M1: 0.1, M2: 0.5}, 4, {M2}),
        # safe kinds are never worth a slot
        ({M1: 1, M2: 1}, {M1: 0.0, M2: 0.3}, 4, {M2}),
        # no slots left: everything must go
        ({M1: 1, M2: 1}, {M1: 0.2, M2: 0.3}, 0, set()),
        # an own wait (danger 10 and more) is held back before anything else
        ({P5: 2, M1: 1, M2: 1, M3: 1}, {P5: 10.1, M1: 0.3, M2: 0.3, M3: 0.3}, 4, {P5, M1, M2}),
    ],
)
def test_held_back_keeps_the_most_danger_in_whole_kinds(copies, danger, slots, expected):
    assert held_back(copies, danger, slots) == frozenset(expected)


def test_held_back_never_exceeds_the_slots():
    copies = {kind: 1 + kind % 3 for kind in range(12)}
    danger = {kind: 0.01 * (kind + 1) for kind in range(12)}
    for slots in range(6):
        kept = held_back(copies, danger, slots)
        assert sum(copies[kind] for kind in kept) <= slots


def _hand_waiting_on(kind: int, live: int) -> SimpleNamespace:
    wait = SimpleNamespace(kind=kind, live=live, clears_floor=True)
    return SimpleNamespace(waits=(wait,), live_clearing_copies=live, live_passing_copies=0, forced_wait_discards=0)


def test_a_careful_opponent_lets_safe_looking_waits_go_more_often():
    assert discard_share(EAST) > discard_share(M1) > discard_share(P5)
    honour, middle = _hand_waiting_on(EAST, 3), _hand_waiting_on(P5, 3)
    assert win_chance(honour, 1, 90, reads_caution=True) > win_chance(middle, 1, 90, reads_caution=True)
    # without the reading, only the number of live copies counts
    assert win_chance(honour, 1, 90) == win_chance(middle, 1, 90)


def _discard_from(pool: str, discarded: int, danger: dict[int, float], weighs_cost: bool = False) -> str:
    """The tile `planned_discard` picks from a pool (mpsz) after `discarded` discards, with
    a fixed danger per kind against one opponent (weighed by the cost of a deal-in on it)."""
    ids = ids_for_codes(parse_tiles(pool), True)
    view = SimpleNamespace(seat=0, pool=tuple(ids), rivers=(((0, False),) * discarded, ()))
    knowledge = SimpleNamespace(opponents=(1,), own_waits=frozenset(), furiten_for_good=False)
    options = [Discard(0, code) for code in sorted(set(parse_tiles(pool)))]

    def per_opponent(kind: int, opponent: int, known: object) -> float:
        return danger[kind]

    return planned_discard(view, options, knowledge, costed(per_opponent) if weighs_cost else per_opponent).tile


def test_the_plan_discards_outside_the_kinds_it_holds_back():
    danger = {M2: 0.3, M3: 0.2, P5: 0.25}
    # 5 tiles, 3 discards to go: 2m and 3m are kept (the 5p triplet cannot be), so the
    # 5p go first although 3m looks safer than 5p
    assert _discard_from("23m555p", 14, danger) == "5p"
    # one discard left and two lone kinds: the more dangerous one stays
    assert _discard_from("23m", 16, danger) == "3m"
    # nothing can be kept: the least dangerous goes first
    assert _discard_from("23m555p", 12, danger) == "3m"


M5, M9, WEST = 4, 8, 29


def test_a_deal_in_on_an_honour_or_a_terminal_costs_more_than_on_a_middle_tile():
    def even(kind: int, opponent: int, known: object) -> float:
        return 0.1

    weighed = costed(even)
    assert weighed(WEST, 1, None) > weighed(M9, 1, None) > weighed(M5, 1, None)
    assert weighed(M1, 1, None) == weighed(M9, 1, None) == 0.1 * DEAL_IN_COST["1/9"]


def test_weighing_the_cost_holds_back_the_dear_kind_over_the_likelier_ron():
    """1m is a little less likely a ron than 5m, but a ron on it costs more: with one slot
    left, the plan by chance keeps 5m and throws 1m, the plan by loss the other way round."""
    danger = {M1: 0.10, M5: 0.11}
    assert _discard_from("15m", 16, danger) == "1m"
    assert _discard_from("15m", 16, danger, weighs_cost=True) == "5m"
    # far apart, the likelier ron stays held back whatever it costs
    assert _discard_from("15m", 16, {M1: 0.05, M5: 0.11}, weighs_cost=True) == "1m"
