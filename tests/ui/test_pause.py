"""The menu on the table (game/app/scenes/pause.py): the rules and the settings open over it and
close back to it, as what the title opens closes back to the title; its words follow a
language chosen in those settings."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import Dialog
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.table import TableScene
from game.app.words.i18n import LANGUAGE_NAMES
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_screens import choose
from tests.ui.test_table import AVOID


def open_menu(driver) -> Dialog:
    crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "Menu"
    return menu


def test_esc_on_the_rules_opened_from_the_menu_goes_back_to_the_menu(driver):
    menu = open_menu(driver)
    driver.press(driver.button("Rules"))
    assert isinstance(driver.top, RulesScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu and driver.button("Resume")
    driver.key(pygame.K_ESCAPE)  # and on, back to the table
    assert isinstance(driver.top, TableScene)


def test_the_menu_under_the_settings_speaks_the_language_chosen_there(driver):
    open_menu(driver)
    driver.press(driver.button("Settings"))
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    choose(driver, settings, "Language", LANGUAGE_NAMES["ja"])
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "メニュー"
    assert driver.button("再開")
