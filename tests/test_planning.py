"""The hard level's plans: which kinds to hold back to the end of the walk, and which waits
an opponent is likely to let go."""

from types import SimpleNamespace

import pytest

from game.ai.building import discard_share, win_chance
from game.ai.planning import KindOutlook, held_back, kind_outlooks, lookahead_discard, planned_discard, walk_costs
from game.engine.actions import Discard
from game.engine.tiles import EAST, KIND_COUNT, ids_for_codes, parse_tiles

M1, M2, M3, M8, P5, P6 = 0, 1, 2, 7, 13, 14


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


def _discard_from(pool: str, discarded: int, danger: dict[int, float], plan=planned_discard,
                  unseen: dict[int, int] | None = None, opponent_discards: int = 17) -> str:
    """The tile `plan` picks from a pool (mpsz) after `discarded` discards, with a fixed
    danger per kind against one opponent that has made `opponent_discards` discards; the
    seat cannot see `unseen` copies of each kind (3 of each by default)."""
    ids = ids_for_codes(parse_tiles(pool), True)
    view = SimpleNamespace(seat=0, pool=tuple(ids), rivers=(((0, False),) * discarded, ()))
    copies = [3] * KIND_COUNT
    for kind, count in (unseen or {}).items():
        copies[kind] = count
    knowledge = SimpleNamespace(opponents=(1,), own_waits=frozenset(), furiten_for_good=False,
                                unseen=tuple(copies), discarded_by={1: (EAST,) * opponent_discards})
    options = [Discard(0, code) for code in sorted(set(parse_tiles(pool)))]
    return plan(view, options, knowledge, lambda kind, opponent, known: danger[kind]).tile


@pytest.mark.parametrize("plan", [planned_discard, lookahead_discard])
def test_the_plan_discards_outside_the_kinds_it_holds_back(plan):
    danger = {M2: 0.3, M3: 0.2, P5: 0.25}
    # 5 tiles, 3 discards to go: 2m and 3m are kept (the 5p triplet cannot be), so the
    # 5p go first although 3m looks safer than 5p
    assert _discard_from("23m555p", 14, danger, plan) == "5p"
    # one discard left and two lone kinds: the more dangerous one stays
    assert _discard_from("23m", 16, danger, plan) == "3m"
    # nothing can be kept: the least dangerous goes first
    assert _discard_from("23m555p", 12, danger, plan) == "3m"


def test_the_look_ahead_discards_first_a_kind_that_cannot_be_shown_safe():
    """2m and 8m look alike now; 8m has no copy left for the opponent to discard, so it will
    look the same at the end, while 2m may be shown safe by the 12 discards to come or, not
    shown, grow more dangerous than 5p and 6p and be held back in their place: 8m goes
    first. The plan before took the lower kind of the tie."""
    danger = {M2: 0.05, M8: 0.05, P5: 0.08, P6: 0.08}
    unseen = {M2: 3, M8: 0, P5: 3, P6: 3}
    assert _discard_from("28m56p", 15, danger, lookahead_discard, unseen, opponent_discards=5) == "8m"
    assert _discard_from("28m56p", 15, danger, planned_discard, unseen, opponent_discards=5) == "2m"
    # with nothing more to come from the opponent, waiting shows nothing: the tie stays a tie
    assert _discard_from("28m56p", 15, danger, lookahead_discard, unseen, opponent_discards=17) == "2m"


def test_the_look_ahead_still_discards_the_clearly_safer_kind_first():
    danger = {M2: 0.02, M8: 0.06, P5: 0.08, P6: 0.08}
    unseen = {M2: 3, M8: 0, P5: 3, P6: 3}
    assert _discard_from("28m56p", 15, danger, lookahead_discard, unseen, opponent_discards=5) == "2m"


@pytest.mark.parametrize(("danger", "unseen", "shown_share"),
                         [(0.05, 3, 0.4), (0.2, 1, 0.9), (0.01, 4, 0.1), (0.3, 0, 0.5)])
def test_a_kinds_outlook_averages_to_its_danger_now(danger, unseen, shown_share):
    """The danger at the end is safe (0) or risen; on average it is the danger now, as a
    reading that knows what may come must be."""
    counts = [0] * KIND_COUNT
    counts[M1] = unseen
    (outlook,) = kind_outlooks({M1: 1}, {M1: danger}, shown_share, counts)
    assert 0.0 <= outlook.revealed < 1.0
    assert outlook.revealed * 0.0 + (1 - outlook.revealed) * outlook.drawn(0.999) == pytest.approx(danger)
    assert outlook.drawn(0.0) == (0.0 if unseen else danger)


def test_an_own_wait_never_turns_safe():
    counts = [3] * KIND_COUNT
    (outlook,) = kind_outlooks({P5: 1}, {P5: 10.08}, 0.5, counts)
    assert outlook.revealed == 0.0


def test_the_walk_costs_count_a_discard_put_off_by_the_chance_it_is_made():
    outlooks = [KindOutlook(M1, 1, 0.1, 0.0), KindOutlook(M2, 1, 0.2, 0.0)]
    # no slot: both go; the one discarded now counts whole, the other at `later`
    assert walk_costs(outlooks, 0, 0.5, [[0.5, 0.5]]) == pytest.approx({M1: 0.1 + 0.1, M2: 0.2 + 0.05})
    # one slot: what is left is held back
    assert walk_costs(outlooks, 1, 0.5, [[0.5, 0.5]]) == pytest.approx({M1: 0.1, M2: 0.2})
