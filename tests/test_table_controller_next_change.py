"""When the table moves on by itself (`TableController.next_change`), which the window sleeps
on: an AI's move after its pause, a seat not yet asked, the clock's next second; nothing
while it waits for a person or for work in the background."""

from __future__ import annotations

from concurrent.futures import Executor, Future

import pytest

from game.app.play.session import SeatPlan, Session
from game.app.play.table_controller import TableController
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from tests.test_table_controller import DT, person_moves, play_out, table
from tests.ui.scripted import ScriptedAgent

PAUSE = 0.5


class Never(Executor):
    """Background work that has not finished yet."""

    def submit(self, fn, /, *args, **kwargs):
        return Future()


def test_a_seat_not_yet_asked_moves_on_at_the_next_update():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    person_moves(controller, 0)
    assert controller.next_change(PAUSE) == 0.0


def test_an_ai_move_is_due_when_its_pause_is_over_and_not_before():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    person_moves(controller, 0)
    controller.update(DT, PAUSE)  # the AI builds are asked (and, here, decided at once)
    wait = controller.next_change(PAUSE)
    assert wait == pytest.approx(PAUSE - DT)
    controller.update(wait * 0.9, PAUSE)
    assert controller.session.kyoku.phase is Phase.BUILD, "nothing is played before the pause is over"
    controller.update(controller.next_change(PAUSE), PAUSE)
    assert controller.session.kyoku.phase is Phase.DISCARD, "the three builds are played at their time"


def test_background_work_not_done_gives_no_time_it_wakes_the_window_itself():
    match = Match(Rules.preset("kaiji"), seed=11)
    match.next_kyoku(dealer=1)  # the AI flips the dora first
    controller = TableController(Session(match, SeatPlan.solo(2, "normal"), {1: ScriptedAgent()}, Never()), Never())
    controller.update(DT, PAUSE)
    assert controller.decisions[1].future is not None
    assert controller.next_change(PAUSE) is None


def test_the_clock_is_due_at_each_of_its_seconds():
    controller = table("four_player", ("you", "normal", "normal", "normal"), discard_time_s=5)
    person_moves(controller, 0)
    while controller.session.kyoku.phase is Phase.BUILD:
        controller.update(DT, 0.0)
    controller.update(0.3, 0.0)
    assert controller.mode() == "discard"
    shown = []
    for _ in range(4):
        left = controller.countdown()
        shown.append(int(left + 0.999))
        wait = controller.next_change(0.0)
        assert 0 < wait <= 1.0
        controller.update(wait, 0.0)
    assert shown == [5, 4, 3, 2], "every wait ends as the shown second changes"


def test_nothing_is_due_once_the_hand_is_over():
    controller = table("kaiji", ("you", "normal"))
    play_out(controller)
    assert controller.session.kyoku_over and controller.next_change(PAUSE) is None
