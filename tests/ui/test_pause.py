"""The menu on the table (game/app/scenes/pause.py).

The table under it: the discard already thrown finishes its flight and the dora indicator
its turn, while the match stands still (the build clock, the AI's pause and its moves wait
for Resume); once the tile has landed the picture under the menu is still and the window
stops drawing frames for it. The rules and the settings open over the menu and close back
to it, as what the title opens closes back to the title; its words follow a language chosen
in those settings."""

from __future__ import annotations

import dataclasses
import time

import pygame

from game.app.scenes.dialog import Dialog
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.table import TableScene
from game.app.words.i18n import LANGUAGE_NAMES
from game.engine.rules import Rules
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_join import SMALL, shoot_in_every_language
from tests.ui.test_screens import choose, shot
from tests.ui.test_table import AVOID, drag_example_hand, flip_dora

AI_DELAY_S = 0.7


def table_with_a_paced_ai(driver):
    driver.app.settings = dataclasses.replace(driver.app.settings, ai_delay_s=AI_DELAY_S)
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    return table


def open_menu(driver) -> Dialog:
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "Menu"
    return menu


def test_a_thrown_discard_lands_under_the_menu_while_the_ai_waits(driver):
    table = table_with_a_paced_ai(driver)
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    rivers = lambda: [len(river) for river in table.session.view(0).rivers]  # noqa: E731
    assert rivers() == [0, 0]
    spot = table.pool_controls.rect(0, len(table.session.view(0).pool)).center
    driver.move(spot)
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)])
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    assert rivers() == [1, 0] and table.flight is not None and not table.flight.done
    open_menu(driver)  # at once: the tile is still in the air
    flight = table.flight
    assert flight is not None and not flight.done
    assert driver.app.stack.next_change() == 0.0, "frames are drawn while it flies under the menu"
    driver.frames(30)  # half a second: the flight takes 0.28 s
    assert flight.done and table.flight is flight
    assert driver.app.stack.next_change() is None, "nothing beneath the menu changes any more"
    first = driver.pixels()
    driver.frames(3)
    assert driver.pixels().get_view("2").raw == first.get_view("2").raw, "the picture under the menu is still"
    shot(driver, "pause_menu_after_the_discard_landed")
    # The AI's pause is long over and any background work has had time to finish, yet the
    # opponent has not moved: nothing of the match runs under the menu.
    time.sleep(0.3)
    driver.frames(120, dt=0.05)
    assert rivers() == [1, 0] and isinstance(driver.top, Dialog)
    driver.key(pygame.K_ESCAPE)  # resume
    assert driver.top is table
    driver.wait_until(lambda: rivers() == [1, 1])


def test_the_build_clock_stands_still_under_the_menu(driver):
    table = table_with_a_paced_ai(driver)
    flip_dora(driver, table)
    driver.frames(180)  # the dora's turn and glow are over
    before = table.countdown()
    assert before is not None and before < 180
    open_menu(driver)
    assert table.countdown() == before
    assert driver.app.stack.next_change() is None, "no second to tick down under the menu"
    driver.frames(100, dt=0.5)  # fifty seconds with the menu open
    assert table.countdown() == before and table.mode() == "build"
    driver.key(pygame.K_ESCAPE)
    driver.frames(60)
    assert table.countdown() < before


def test_the_dora_indicator_finishes_turning_under_the_menu(driver):
    table = table_with_a_paced_ai(driver)
    flip_dora(driver, table)
    flip = table.flip
    assert flip is not None and flip.changing
    open_menu(driver)
    assert driver.app.stack.next_change() == 0.0
    driver.frames(180)  # three seconds: the turn (0.8 s) and its glow after it
    assert not flip.changing and driver.app.stack.next_change() is None


def menu_on_a_table(driver) -> Dialog:
    crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    return open_menu(driver)


def test_esc_on_the_rules_opened_from_the_menu_goes_back_to_the_menu(driver):
    menu = menu_on_a_table(driver)
    driver.press(driver.button("Rules"))
    assert isinstance(driver.top, RulesScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu and driver.button("Resume")
    driver.key(pygame.K_ESCAPE)  # and on, back to the table
    assert isinstance(driver.top, TableScene)


def test_the_menu_under_the_settings_speaks_the_language_chosen_there(driver):
    menu_on_a_table(driver)
    driver.press(driver.button("Settings"))
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    choose(driver, settings, "Language", LANGUAGE_NAMES["ja"])
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "メニュー"
    assert driver.button("再開")


def test_the_menus_rules_are_the_matchs_not_the_settings(driver, monkeypatch):
    """A match continued, or whose rules were changed in the settings since it began, plays
    its own rules: the menu's Rules show those, under a title that says so."""
    match_rules = Rules.preset("kaiji", hands=4, build_time_s=60)
    crafted_table(driver.app, ScriptedAgent(avoid=AVOID), rules=match_rules)
    driver.frame()
    open_menu(driver)
    driver.press(driver.button("Settings"))
    choose(driver, driver.top, "Time to build", "5 minutes")  # the settings' rules, for the next match
    assert driver.app.settings.rules.build_time_s == 300
    shoot_in_every_language(driver, "match_settings", SMALL)
    driver.press(driver.button("This match's rules"))  # beside Back: the match's rules, not these
    assert isinstance(driver.top, RulesScene) and driver.top.rules == match_rules
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    drawn = driver.record_text(monkeypatch)
    driver.press(driver.button("Rules"))
    page = driver.top
    assert isinstance(page, RulesScene) and page.rules == match_rules
    options = [block.body for block in page.blocks if block.kind == "option"]
    assert "Time to build: 1 minute" in options and "Match length: 4 hands" in options
    driver.frame()
    assert "This match's rules" in drawn
    shoot_in_every_language(driver, "match_rules", SMALL)


def test_a_joined_tables_menu_and_its_leave_question_follow_a_language_switch(driver):
    """The joined menu under the Settings speaks the language chosen there, as the host's does;
    its "Leave the match?" is worded again when the language changes while it is open."""
    from game.app.play.remote_table import RemoteTable
    from game.engine.match import Match
    from tests.test_remote_table import heard

    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku(dealer=0)
    driver.screens.joined_table(RemoteTable(heard(match), driver.app.executor))
    driver.frame()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu", driver.app.stack.scenes
    driver.press(driver.button("Settings"))
    choose(driver, driver.top, "Language", LANGUAGE_NAMES["ja"])
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "メニュー" and driver.button("再開")
    assert str(menu.message).startswith("対局はホストで続いています")
    driver.press(driver.button("卓を離れる"))
    question = driver.top
    assert isinstance(question, Dialog) and question is not menu
    said = str(question.message)
    driver.app.change_settings(dataclasses.replace(driver.app.settings, language="zh_CN"))
    driver.frame()
    assert str(question.message) != said and str(question.title) == "离开对局？", str(question.title)
    assert driver.button("留下")
    shoot_in_every_language(driver, "joined_leave_question", SMALL)
