"""Why nobody won a drawn hand: each seat's reason, from the hand's events and waits."""

from __future__ import annotations

import pytest

from game.app.play.draw_reasons import draw_reasons
from game.engine.events import Discarded, FuritenStarted, RonPassed, WinningTileMissed
from game.engine.rules import Rules
from tests.scenario_tools import build_all, drive
from tests.test_hand_scenarios import JUNK, start

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


def test_a_whole_drawn_hand_of_two_hands_not_tenpai():
    match = start(Rules.preset("kaiji"), {0: JUNK, 2: JUNK})
    build_all(match, {0: JUNK, 1: JUNK})
    drive(match, {})
    kyoku = match.kyoku
    assert kyoku.result.drawn
    assert draw_reasons(kyoku.history, kyoku.waits) == ("not tenpai", "not tenpai")
