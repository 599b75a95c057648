"""What letting a ron go by costs a seat, as the engine tells it (the ron prompt says it)."""

from __future__ import annotations

from game.engine.actions import Pass
from game.engine.events import FuritenStarted
from game.engine.kyoku import FuritenSpan, Phase
from game.engine.match import Match
from game.engine.rules import Rules
from tests.scenario_tools import build_all, crafted_deal, drive

NO_DORA = (1, 0, "5z", "6z")
JUNK = "19p19s1234567z25p"  # 13 tiles far from tenpai
SANSHOKU = "234m234p234s67s55p"  # waits 5s/8s


def start(rules: Rules, walls: dict[int, str]) -> Match:
    match = Match(rules, seed=1)
    match.next_kyoku(crafted_deal(walls, red_fives=rules.red_fives, dora=NO_DORA), 0)
    return match


def offered_on_first_discard(rules: Rules) -> Match:
    """Seat 1 is offered a ron on the dealer's first discard, before its own first discard."""
    match = start(rules, {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["8s"]}, until_end=False)
    kyoku = match.kyoku
    assert kyoku.phase is Phase.RON and kyoku.pending_ron == [1]
    return match


def test_a_pass_before_the_seats_first_discard_lasts_until_its_own_discard():
    match = offered_on_first_discard(Rules.preset("kaiji"))
    kyoku = match.kyoku
    assert kyoku.furiten_on_passing(1) is FuritenSpan.UNTIL_OWN_DISCARD
    assert kyoku.furiten_span(1) is None
    match.apply(Pass(1))
    assert [e for e in kyoku.history if isinstance(e, FuritenStarted)] == [FuritenStarted(1, "temporary", False)]
    assert kyoku.view_for(1).furiten and kyoku.furiten_span(1) is FuritenSpan.UNTIL_OWN_DISCARD
    drive(match, {1: [None]}, until_end=False)
    assert not kyoku.view_for(1).furiten, "its own discard ends that furiten"
    assert kyoku.furiten_span(1) is None


def test_a_pass_in_riichi_lasts_for_the_rest_of_the_hand():
    match = start(Rules.preset("kaiji"), {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None, "8s"], 1: [None]}, until_end=False)
    kyoku = match.kyoku
    assert kyoku.phase is Phase.RON and kyoku.pending_ron == [1]
    assert kyoku.furiten_on_passing(1) is FuritenSpan.REST_OF_HAND
    match.apply(Pass(1))
    assert FuritenStarted(1, "passed", True) in kyoku.history
    assert kyoku.furiten_span(1) is FuritenSpan.REST_OF_HAND


def test_riichi_before_play_makes_every_pass_last_the_hand():
    match = offered_on_first_discard(Rules.preset("moegirl"))
    assert match.kyoku.furiten_on_passing(1) is FuritenSpan.REST_OF_HAND


def test_three_and_four_seats_before_their_first_discard():
    for players in (3, 4):
        rules = Rules.preset("kaiji", players=players)
        match = start(rules, {0: JUNK})
        kyoku = match.kyoku
        assert all(kyoku.furiten_on_passing(seat) is FuritenSpan.UNTIL_OWN_DISCARD for seat in range(players))
