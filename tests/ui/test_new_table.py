"""Choosing the table from the title: the player count sets the preset, each seat is you,
another person or an AI of a level; starting over an unfinished match asks first."""

from __future__ import annotations

import pygame

import game.app.match_setup as match_setup
from game.app.savegame import SaveSlot
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.session import PERSON
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_screens import shot


def scripted_ai(monkeypatch):
    made = []

    def make_agents(humans, players, level_of, seed):
        made.append({seat: level_of(seat) for seat in range(players) if seat not in humans})
        return {seat: ScriptedAgent() for seat in range(players) if seat not in humans}

    monkeypatch.setattr(match_setup, "make_agents", make_agents)
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)
    monkeypatch.setattr("game.app.scenes.new_table.ai_available", lambda: True)
    return made


def test_four_players_two_people_and_two_ais_of_chosen_levels(driver, monkeypatch):
    made = scripted_ai(monkeypatch)
    driver.press(driver.button("Choose players and seats"))
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    assert all(button.is_enabled for button in scene.buttons.values())
    driver.press(driver.button("4 players"))
    assert driver.app.settings.rules.preset_name == "four_player"
    scene = driver.top
    assert [scene.buttons[f"seat_{n}"].text for n in (1, 2, 3)] == ["Normal AI"] * 3
    driver.press(scene.buttons["seat_1"])  # normal -> hard
    driver.press(scene.buttons["seat_2"])  # normal -> hard
    driver.press(scene.buttons["seat_2"])  # hard -> another person
    assert scene.seats == ["hard", PERSON, "normal"]
    shot(driver, "new_table_four_players")
    driver.press(driver.button("Start the match"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.session.rules.players == 4
    assert table.session.plan.humans == (0, 2) and made == [{1: "hard", 3: "normal"}]
    assert [table.session.name(seat) for seat in range(4)] == ["Player 1", "Hard AI", "Player 2", "Normal AI"]
    driver.frame()
    assert isinstance(driver.top, CurtainScene)  # two people: the curtain names the first to build


def test_the_count_keeps_a_two_player_preset_and_goes_back_with_escape(driver):
    driver.press(driver.button("Choose players and seats"))
    driver.press(driver.button("3 players"))
    assert driver.app.settings.rules.preset_name == "three_player"
    driver.press(driver.button("2 players"))
    assert driver.app.settings.rules.preset_name == "kaiji"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)


def test_a_new_match_over_an_unfinished_one_asks_first_and_keeps_it_by_default(driver, monkeypatch):
    scripted_ai(monkeypatch)
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    driver.wait_until(lambda: table.session.view(1).built[1])
    slot = SaveSlot(driver.app.data_dir)
    saved = slot.record_path.read_text(encoding="utf-8")
    driver.app.stack.reset(TitleScene(driver.app))
    driver.frame()
    driver.press(driver.button("Hard"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Start a new match?"
    assert "your match history keeps what was played" in driver.top.message
    driver.key(pygame.K_RETURN)  # the default: keep it
    assert isinstance(driver.top, TitleScene) and slot.record_path.read_text(encoding="utf-8") == saved
    driver.press(driver.button("Two players"))
    driver.key(pygame.K_ESCAPE)  # Esc keeps it too
    assert isinstance(driver.top, TitleScene) and slot.record_path.read_text(encoding="utf-8") == saved
    driver.press(driver.button("Hard"))
    driver.press(driver.button("New match"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    assert slot.record_path.read_text(encoding="utf-8") != saved
