"""Choosing the table from the title: the player count sets the preset, each seat is you,
another person or an AI of a level; starting over an unfinished match asks first."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

import game.app.play.match_setup as match_setup
from game.app.play.savegame import SaveSlot
from game.app.play.session import PERSON
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.new_table import NewTableScene, name_problem
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.window.menu_keys import FOCUS_MARGIN, FOCUS_RING
from game.app.window.text_field import HINT
from game.app.words import i18n
from game.engine.rules import Rules
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_join import shoot_in_every_language
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
    slot = SaveSlot(driver.app.files.data_dir)
    saved = slot.record_path.read_text(encoding="utf-8")
    driver.screens.title()
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


def type_name(driver, scene: NewTableScene, seat: int, name: str) -> None:
    """Click into the seat's name and type it, as SDL delivers typed text."""
    entry = scene.buttons[f"name_{seat}"]
    driver.click(entry.rect.center)
    driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=name)])
    driver.frame()


def open_new_table(driver) -> NewTableScene:
    driver.press(driver.button("Choose players and seats"))
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    return scene


def test_people_are_named_and_the_names_reach_the_table_and_the_save(driver, monkeypatch):
    scripted_ai(monkeypatch)
    scene = open_new_table(driver)
    driver.press(driver.button("3 players"))
    scene = driver.top
    assert set(scene.buttons) >= {"name_0"} and "name_1" not in scene.buttons  # an AI seat has no name to type
    for seat in (1, 2):
        while scene.seats[seat - 1] != PERSON:
            driver.press(scene.buttons[f"seat_{seat}"])
    type_name(driver, scene, 0, "Akagi Shigeru")
    type_name(driver, scene, 2, "李小龙")
    shot(driver, "new_table_named")
    driver.press(driver.button("Start the match"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert table.session.plan.names == ("Akagi Shigeru", "Player 2", "李小龙")  # left empty: the given name
    assert SaveSlot(driver.app.files.data_dir).load().plan.names == ("Akagi Shigeru", "Player 2", "李小龙")


@pytest.mark.parametrize(("seat", "name", "said"), [
    (0, "", None), (1, "   ", None), (0, "Kaiji", None), (2, "伊藤\u3000開司", None), (0, "x" * 24, None),
    (2, "x" * 25, "Seat 3: a name is at most 24 characters"),
    (0, "Ann\tBell", "Seat 1: a name cannot hold the character U+0009"),
    # The ideographic space between family and given name is held: the bell after it is not.
    (1, "伊藤\u3000開司\x07", "Seat 2: a name cannot hold the character U+0007"),
])
def test_a_typed_name_is_judged_as_every_name_and_said_for_its_seat(seat, name, said):
    assert name_problem(seat, name) == said


def test_a_name_that_cannot_be_shown_says_why_and_cannot_start(driver, monkeypatch):
    scripted_ai(monkeypatch)
    scene = open_new_table(driver)
    drawn = driver.record_text(monkeypatch)
    type_name(driver, scene, 0, "Ann\tBell")
    assert "Seat 1: a name cannot hold the character U+0009" in drawn
    assert not scene.buttons["start"].is_enabled
    scene.start()
    assert driver.top is scene
    try:
        driver.app.change_settings(driver.app.settings.with_changes(language="ja"))
        driver.frame()
        assert "席1：名前に使えない文字（U+0009）" in drawn
        assert driver.top.buttons["name_0"].get_text() == "Ann\tBell"  # kept through the switch
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    scene = driver.top
    entry = scene.buttons["name_0"]
    entry.set_text("Ann Bell")
    driver.frame([pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry)])
    assert scene.buttons["start"].is_enabled


def test_the_seats_and_names_chosen_are_there_next_time(driver, monkeypatch):
    scripted_ai(monkeypatch)
    scene = open_new_table(driver)
    driver.press(driver.button("4 players"))
    scene = driver.top
    driver.press(scene.buttons["seat_1"])  # normal -> hard
    for _ in range(3):
        driver.press(scene.buttons["seat_3"])  # normal -> hard -> person -> easy... -> person
    while scene.seats[2] != PERSON:
        driver.press(scene.buttons["seat_3"])
    type_name(driver, scene, 3, "Washizu")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)
    again = open_new_table(driver)
    assert again.count == 4 and again.seats == ["hard", "normal", PERSON]
    assert again.buttons["name_3"].get_text() == "Washizu"
    assert [again.buttons[f"seat_{n}"].text for n in (1, 2, 3)] == ["Hard AI", "Normal AI",
                                                                    "Another person at this computer"]


def test_choosing_the_count_keeps_the_match_length(driver):
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset("kaiji", hands=4)))
    open_new_table(driver)
    for count, preset in (("4 players", "four_player"), ("3 players", "three_player"), ("2 players", "kaiji")):
        driver.press(driver.button(count))
        assert (driver.app.settings.rules.preset_name, driver.app.settings.rules.hands) == (preset, 4)


def test_a_name_is_typed_from_the_keyboard_alone(driver, monkeypatch):
    scripted_ai(monkeypatch)
    scene = open_new_table(driver)
    for _ in range(3):  # past the three counts
        driver.key(pygame.K_DOWN)
    entry = scene.buttons["name_0"]
    assert entry.is_focused
    driver.frame([pygame.event.Event(pygame.TEXTINPUT, text="Ann")])
    driver.key(pygame.K_SPACE)  # typed as text, not a press of the menu
    driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=" Bell")])
    driver.key(pygame.K_HOME)  # in the name, not the menu's first button
    assert entry.is_focused and scene.ring.focused() is entry
    driver.key(pygame.K_RETURN)  # Enter after a name: on to the next line
    assert not entry.is_focused and scene.ring.focused() is scene.buttons["seat_1"]
    assert scene.names[0] == "Ann Bell" and driver.top is scene


def test_a_remembered_ai_seat_is_a_person_in_a_copy_without_the_ai(driver, monkeypatch):
    driver.app.change_settings(driver.app.settings.with_changes(
        rules=Rules.preset("four_player"), table_seats=("hard", "", PERSON), table_names=("", "", "", "Di")))
    monkeypatch.setattr("game.app.scenes.new_table.ai_available", lambda: False)
    scene = open_new_table(driver)
    assert scene.seats == [PERSON, PERSON, PERSON] and scene.buttons["name_3"].get_text() == "Di"


# The new-match screen under a dialog ("Start a new match?"): its buttons are hidden, and so
# is the ring that marks the keyboard focus (an empty ring was left behind).
def ring_pixel(scene: NewTableScene) -> tuple[int, int, int]:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    ring = scene.ring.focused().rect.inflate(2 * FOCUS_MARGIN, 2 * FOCUS_MARGIN)
    return tuple(surface.get_at((ring.centerx, ring.top + 1)))[:3]


def test_the_focus_ring_goes_with_its_buttons_when_covered(driver):
    driver.press(driver.button("Choose players and seats"))
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    assert ring_pixel(scene) == FOCUS_RING  # shown with its buttons
    scene.cover()
    assert ring_pixel(scene) != FOCUS_RING
    scene.uncover()
    assert ring_pixel(scene) == FOCUS_RING


@pytest.mark.parametrize("seat_2", [PERSON, "remote"])
def test_your_remembered_name_stays_yours_when_others_sit_down(driver, monkeypatch, seat_2):
    """Left empty, seat 1 is "You" alone with the AI; among several people it is the name
    remembered for you, never a generic "Player 1" the others would see."""
    scripted_ai(monkeypatch)
    driver.app.change_settings(driver.app.settings.with_changes(table_names=("Hana",)))
    scene = open_new_table(driver)
    entry = scene.buttons["name_0"]
    entry.set_text("")
    scene.names[0] = ""
    assert scene.plan().names[0] == "You"
    while scene.seats[0] != seat_2:
        driver.press(scene.buttons["seat_1"])
    assert scene.plan().names[0] == "Hana"
    assert scene.buttons["name_0"].placeholder_text == "Hana"
    shoot_in_every_language(driver, f"new_table_own_name_{seat_2}", window=(1024, 640))


def test_an_empty_name_shows_the_given_name_greyed_as_a_hint_and_typed_text_in_the_text_colour(driver, monkeypatch):
    """The given name ("You", "Player 2") is the empty field's placeholder, drawn dimmer than a
    name typed (pygame_gui draws a placeholder as typed text); the Join screen's fields alike."""
    scripted_ai(monkeypatch)
    scene = open_new_table(driver)
    while scene.seats[0] != PERSON:
        driver.press(scene.buttons["seat_1"])
    entries = [scene.buttons["name_0"], scene.buttons["name_1"]]
    for entry in entries:
        entry.set_text("")
        driver.frame()
    assert [entry.get_text() for entry in entries] == ["", ""]
    assert [entry.placeholder_text for entry in entries] == ["Player 1", "Player 2"]
    assert all(entry.hinting and entry.text_colour == HINT for entry in entries)
    shoot_in_every_language(driver, "new_table_name_hint", window=(1024, 640))
    type_name(driver, scene, 1, "Kaiji")
    typed = scene.buttons["name_1"]
    assert typed.get_text() == "Kaiji" and not typed.hinting and typed.text_colour != HINT
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Join"))
    address = driver.top.buttons["address"]
    address.set_text("")
    driver.frame()
    assert address.hinting and address.text_colour == HINT
    shoot_in_every_language(driver, "join_address_hint", window=(1024, 640))
