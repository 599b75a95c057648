"""A settings file from a newer version, used by this one: a change on the Settings screen
saves the file with the newer version's settings still in it."""

from __future__ import annotations

import json

import pygame
import pygame_gui

from game.app.history.player_files import SETTINGS_FILE
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import Settings
from tests.ui.driver import Driver


def test_a_change_on_the_settings_screen_keeps_a_newer_versions_settings(display, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    path = config / SETTINGS_FILE
    path.write_text(json.dumps(Settings().to_dict() | {"colour_scheme": "dark"}), encoding="utf-8")
    driver = Driver.start(tmp_path, seed=7)
    try:
        driver.press(driver.button("Settings"))
        scene = driver.top
        assert isinstance(scene, SettingsScene)
        slider = scene.controls["Sound volume"]
        driver.frame([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=30)])
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["volume"] == 0.3 and data["colour_scheme"] == "dark"
    finally:
        driver.close()
