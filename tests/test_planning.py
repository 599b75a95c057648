"""The hard level's plans: which kinds to hold back to the end of the walk, and which waits
an opponent is likely to let go."""

from types import SimpleNamespace

import pytest

from game.ai.building import discard_share, win_chance
from game.ai.planning import DEAL_IN_COST, costed, held_back, last_discard_is_final, planned_discard
from game.engine.actions import Discard
from game.engine.tiles import EAST, WIND_NAMES, ids_for_codes, parse_tiles

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


def _view(pool: str, discarded: int, houtei: str = "each_final_discard", wind: str = "east") -> SimpleNamespace:
    """Seat 0's view at a table of two, holding `pool` (mpsz) after `discarded` discards."""
    ids = ids_for_codes(parse_tiles(pool), True)
    rules = SimpleNamespace(houtei=houtei, players=2)
    winds = (wind, "west" if wind == "east" else "east")
    return SimpleNamespace(seat=0, pool=tuple(ids), rivers=(((0, False),) * discarded, ()), rules=rules,
                           seat_winds=winds, seat_wind_kind=lambda seat: EAST + WIND_NAMES.index(winds[seat]))


def _fixed(danger: dict[int, float]):
    def per_opponent(kind: int, opponent: int, known: object) -> float:
        return danger[kind]
    return per_opponent


def _discard_from(pool: str, discarded: int, danger: dict[int, float], weighs_cost: bool = False,
                  at_final: dict[int, float] | None = None, safe: frozenset[int] = frozenset()) -> str:
    """The tile `planned_discard` picks from a pool (mpsz) after `discarded` discards, with
    a fixed danger per kind against one opponent (weighed by the cost of a deal-in on it),
    and, given `at_final`, a fixed danger of each kind as a final discard. `safe`: the kinds
    a cheap reading finds safe (`safe_where`)."""
    view = _view(pool, discarded)
    knowledge = SimpleNamespace(opponents=(1,), own_waits=frozenset(), furiten_for_good=False)
    options = [Discard(0, code) for code in sorted(set(parse_tiles(pool)))]
    per_opponent = _fixed(danger)
    final = None if at_final is None else _fixed(at_final)
    safe_where = _fixed({kind: 0.0 if kind in safe else 0.5 for kind in danger})
    return planned_discard(view, options, knowledge, costed(per_opponent) if weighs_cost else per_opponent,
                           safe_where=safe_where, at_final=final).tile


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


S8, Z7 = 25, 33


def test_a_tile_that_turns_dangerous_on_the_final_discard_goes_before_it():
    """5m is a little likelier a ron now than 8s, but as a final discard (houtei brings a
    wait on it to the floor) far likelier: with two discards left, the plan by the final
    danger throws 5m first and keeps 8s for the last discard; without it, the other way
    round, and 5m meets the final discard."""
    danger = {M5: 0.06, S8: 0.02, M1: 0.3, M2: 0.3, M3: 0.3, Z7: 0.3}
    at_final = dict(danger) | {M5: 0.16}
    assert _discard_from("1235m8s7z", 15, danger) == "8s"
    assert _discard_from("1235m8s7z", 15, danger, at_final=at_final) == "5m"
    # tiles a final discard leaves alike keep the safer-first order
    assert _discard_from("1235m8s7z", 15, danger, at_final=danger) == "8s"


def test_the_final_discard_holds_back_by_its_own_danger():
    """One discard left: 5m is the safest now, but not as the final discard, so it is held
    back and 8s goes."""
    danger = {M5: 0.05, S8: 0.1, M1: 0.3, M2: 0.3, M3: 0.3}
    assert _discard_from("1235m8s", 16, danger) == "5m"
    assert _discard_from("1235m8s", 16, danger, at_final=danger | {M5: 0.4}) == "8s"


def test_a_lone_safe_tile_two_discards_from_the_end_is_kept_for_the_last():
    danger = {M5: 0.06, S8: 0.0, M1: 0.3, M2: 0.3, M3: 0.3, Z7: 0.3}
    safe = frozenset({S8})
    assert _discard_from("1235m8s7z", 15, danger, safe=safe) == "8s"
    assert _discard_from("1235m8s7z", 15, danger, at_final=danger | {M5: 0.16}, safe=safe) == "5m"
    # a 5m that turns no more dangerous: the safe tile goes first as ever
    assert _discard_from("1235m8s7z", 15, danger, at_final=danger, safe=safe) == "8s"


@pytest.mark.parametrize(("houtei", "wind", "final"), [
    ("each_final_discard", "east", True),
    ("each_final_discard", "west", True),
    ("last_discard_of_hand", "east", False),
    ("last_discard_of_hand", "west", True),
])
def test_the_last_discard_is_a_final_one_by_the_houtei_rule(houtei, wind, final):
    # at a table of two, west discards last
    assert last_discard_is_final(_view("1m", 16, houtei, wind)) is final


def test_of_a_red_and_a_plain_five_kept_for_the_last_discard_the_plain_one_goes_first():
    # two discards left, only the fives to throw: whichever order the options come in, the
    # plain five goes now and the red one, safe once the plain one passes, is kept for last
    view = _view("1237m05m", 15)
    knowledge = SimpleNamespace(opponents=(1,), own_waits=frozenset(), furiten_for_good=False)
    m7 = 6
    danger = _fixed({M1: 0.3, M2: 0.3, M3: 0.3, m7: 0.3, M5: 0.05})
    for codes in (["5m", "0m"], ["0m", "5m"]):
        options = [Discard(0, code) for code in ["1m", "2m", "3m", "7m", *codes]]
        assert planned_discard(view, options, knowledge, danger, at_final=danger).tile == "5m"


def test_a_kind_of_several_copies_needs_no_keeping_from_the_last_discard():
    # 5m is the safest now and 8s turns dangerous on the final discard: a lone 5m is kept
    # for the last and 8s goes now; of two 5m, the first let pass makes the other safe
    # even then, so the safer-first order stands
    danger = {M5: 0.02, S8: 0.06, M1: 0.3, M2: 0.3, M3: 0.3}
    at_final = danger | {S8: 0.3}
    assert _discard_from("1235m8s", 15, danger, at_final=at_final) == "8s"
    assert _discard_from("12355m8s", 14, danger, at_final=at_final) == "5m"


def test_a_last_discard_no_one_may_ron_as_houtei_is_planned_by_the_plain_danger():
    # by `last_discard_of_hand`, east's 17th discard is no final one: the final danger is
    # not asked, and 5m, the safest now, goes first
    danger = {M5: 0.02, S8: 0.06, M1: 0.3, M2: 0.3, M3: 0.3}
    view = _view("1235m8s", 15, "last_discard_of_hand", "east")
    knowledge = SimpleNamespace(opponents=(1,), own_waits=frozenset(), furiten_for_good=False)
    options = [Discard(0, code) for code in ("1m", "2m", "3m", "5m", "8s")]

    def never(kind: int, opponent: int, known: object) -> float:
        raise AssertionError("the final danger was asked")

    assert planned_discard(view, options, knowledge, _fixed(danger), at_final=never).tile == "5m"
