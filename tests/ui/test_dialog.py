"""The build clock runs on under the table's own question about the move ("Build it
anyway?"): a player cannot stop the time limit by asking to build a hand below the floor
and thinking under the question. When the time runs out the question goes and the
deadline builds the chosen tiles, as it would have without the question; the pause menu
over the question stops the clock."""
from __future__ import annotations

import dataclasses

import pytest

from game.app.scenes.dialog import Dialog
from game.app.words.i18n import _
from game.engine.kyoku import FuritenSpan
from game.engine.tiles import format_tiles, parse_tiles, pick_ids
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_screens import shot
from tests.ui.test_table import AVOID, build_example_hand, flip_dora

NOT_TENPAI = "123456789s1234z"



def asked_to_build_anyway(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    state = table.builds[0]
    state.replace(pick_ids(parse_tiles(NOT_TENPAI, red_fives=False), state.wall, False))
    driver.frame()
    table.helpers[0].wait_until_ready(timeout=30)
    driver.frame()
    driver.press(driver.button("Confirm"))
    question = driver.top
    assert isinstance(question, Dialog) and driver.button("Build it anyway") is not None
    return table, question



def test_the_build_clock_runs_under_build_it_anyway(driver):
    table, question = asked_to_build_anyway(driver)
    before = table.countdown()
    assert before is not None
    driver.frames(20, dt=0.5)
    assert driver.top is question
    assert table.countdown() == pytest.approx(before - 10, abs=0.6)
    wait = driver.app.stack.next_change()
    assert wait is not None and wait <= 1.0, "the window wakes for the clock's seconds under the question"



def test_when_the_time_runs_out_under_the_question_the_chosen_tiles_are_built(driver):
    table, question = asked_to_build_anyway(driver)
    driver.frames(int(table.countdown() / 0.5) + 2, dt=0.5)
    assert question not in driver.app.stack.scenes, "the question goes with the time"
    driver.wait_until(lambda: table.session.view(0).hand is not None)
    built = table.session.view(0).hand
    assert format_tiles(sorted(built), False) == format_tiles(sorted(pick_ids(
        parse_tiles(NOT_TENPAI, red_fives=False), table.builds[0].wall, False)), False)



def test_the_menu_over_the_question_stops_the_clock(driver):
    table, question = asked_to_build_anyway(driver)
    driver.screens.pause()
    before = table.countdown()
    driver.frames(20, dt=0.5)
    assert table.countdown() == before
    assert question in driver.app.stack.scenes



def test_the_question_shows_the_time_left(driver, monkeypatch):
    table, _question = asked_to_build_anyway(driver)
    driver.frames(8, dt=0.5)
    drawn: list[str] = []
    draw = driver.app.text.draw

    def noting(surface, words, *args, **kwargs):
        drawn.append(str(words))
        return draw(surface, words, *args, **kwargs)

    monkeypatch.setattr(driver.app.text, "draw", noting)
    driver.app.draw()
    seconds = int(table.countdown() + 0.999)
    clock = f"{seconds // 60}:{seconds % 60:02d}"
    assert drawn.count(clock) == 2, "the table's clock under the shade and the question's own"
    last = len(drawn) - 1 - drawn[::-1].index(clock)
    assert last > drawn.index(_("Are you sure?")), "the question draws its own"
    shot(driver, "build_anyway_with_its_clock")



# Throwing one of your own winning tiles makes you furiten for the rest of the hand, so the
# table asks first — also while you are furiten only until your own discard (a winning tile
# let pass before your riichi), and not once the furiten lasts the hand anyway.
@pytest.mark.parametrize(("span", "asked"), [(None, True), (FuritenSpan.UNTIL_OWN_DISCARD, True),
                                              (FuritenSpan.REST_OF_HAND, False)])
def test_discarding_a_winning_tile_is_asked_unless_the_furiten_lasts_the_hand(driver, monkeypatch, span, asked):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_hand(driver, table)
    real = table.session.view(0)
    tile = real.pool[0]  # seen as a winning tile of the hand
    seen = dataclasses.replace(real, waits=(*real.waits, tile // 4), furiten=span is not None, furiten_span=span)
    monkeypatch.setattr(table.session, "view", lambda seat: seen if seat == 0 else table.session.kyoku.view_for(seat))
    table.request_discard(tile)
    assert isinstance(driver.top, Dialog) is asked
    monkeypatch.undo()
    assert bool(table.session.view(0).rivers[0]) is not asked, "thrown at once when nothing is asked"
