"""Why nobody won a drawn hand: each seat's reason, from the hand's events and waits."""

from __future__ import annotations

import pytest

from game.app.play.draw_reasons import draw_reasons, told_from_outside
from game.engine.events import Discarded, FuritenStarted, RonPassed, WinningTileMissed
from game.engine.rules import Rules
from tests.scenario_tools import build_all, drive
from tests.test_kyoku import JUNK, start

WAITS = ((0,), (3,))


@pytest.mark.parametrize(("events", "waits", "expected"), [
    ((), ((), (3,)), ("not tenpai", "no winning tile was discarded")),
    ((Discarded(0, "1m", 3, False), FuritenStarted(0, "own_discard", True)), WAITS,
     ("furiten: discarded its own winning tile 1-man", "no winning tile was discarded")),
    ((WinningTileMissed(1, "4m", "below_floor"),), WAITS,
     ("no winning tile was discarded", "4-man came, worth less than mangan")),
    ((WinningTileMissed(1, "4m", "furiten"), WinningTileMissed(1, "4m", "furiten")), WAITS,
     ("no winning tile was discarded", "4-man came while furiten")),
    ((RonPassed(0, "1m"), WinningTileMissed(0, "1m", "no_yaku")), WAITS,
     ("passed the ron on 1-man; 1-man came, with no yaku", "no winning tile was discarded")),
])
def test_each_seat_is_told_what_kept_it_from_winning(events, waits, expected):
    assert draw_reasons(events, waits) == expected


def test_a_hand_that_could_never_win_is_told_so_unless_something_happened_to_it():
    hopeless = ("no wait reaches mangan", "no wait reaches mangan")
    missed = (WinningTileMissed(1, "4m", "below_floor"),)
    assert draw_reasons(missed, WAITS, hopeless) == ("no wait reaches mangan", "4-man came, worth less than mangan")
    assert draw_reasons((), WAITS, (None, "no wait reaches mangan")) == (
        "no winning tile was discarded", "no wait reaches mangan")


@pytest.mark.parametrize(("public", "expected"), [
    ((Discarded(0, "2m", 1, True),), "no winning tile was discarded"),
    ((Discarded(0, "4m", 1, True),), "4-man could not be won on"),  # passed, no yaku, below the floor: its own
    ((Discarded(1, "4m", 1, True), Discarded(0, "4m", 1, True)),
     "furiten: discarded its own winning tile 4-man; 4-man came while furiten"),
    ((Discarded(1, "4m", 1, True), Discarded(1, "4m", 2, False)), "furiten: discarded its own winning tile 4-man"),
])
def test_another_seats_reasons_as_the_public_events_and_its_open_hand_tell_them(public, expected):
    """Seat 1 waits on 4-man, seen from seat 0's computer after the draw."""
    told = told_from_outside(public, 1, (3,), red_fives=True)
    assert draw_reasons(told, ((), (3,)))[1] == expected


def test_a_whole_drawn_hand_of_two_hands_not_tenpai():
    match = start(Rules.preset("kaiji"), {0: JUNK, 2: JUNK})
    build_all(match, {0: JUNK, 1: JUNK})
    drive(match, {})
    kyoku = match.kyoku
    assert kyoku.result.drawn
    assert draw_reasons(kyoku.history, kyoku.waits) == ("not tenpai", "not tenpai")
