"""Throwing one of your own winning tiles makes you furiten for the rest of the hand, so the
table asks first — also while you are furiten only until your own discard (a winning tile
let pass before your riichi), and not once the furiten lasts the hand anyway."""

from __future__ import annotations

import dataclasses

import pytest

from game.app.scenes.dialog import Dialog
from game.engine.kyoku import FuritenSpan
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_table import AVOID, build_example_hand


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
