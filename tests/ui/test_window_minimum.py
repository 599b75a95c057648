"""The window has a minimum size (960 x 600, where every screen is tested), and on a
screen too small for that it is the largest window that fits, as before."""

from __future__ import annotations

import json
import warnings

import pygame
import pytest

from game.app.window import display as display_module
from game.app.window.display import MINIMUM_SIZE
from game.app.window.window import App, LaunchOptions


def sdl_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def app_with(tmp_path, settings: dict) -> App:
    folder = tmp_path / "config"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return App(LaunchOptions(config_dir=folder, data_dir=tmp_path / "data"))


def test_the_window_cannot_be_made_smaller_than_the_tested_size(driver):
    window = sdl_window()
    assert window.minimum_size == MINIMUM_SIZE == (960, 600)
    window.size = (640, 400)  # a drag to 640 x 400 stops at the minimum
    assert window.size == (960, 600)
    driver.frame()
    assert pygame.display.get_surface().get_size() == (960, 600)


def test_a_saved_window_smaller_than_the_minimum_opens_at_the_minimum(display, tmp_path):
    app = app_with(tmp_path, {"window_size": [640, 400]})
    try:
        assert pygame.display.get_surface().get_size() == (960, 600)
        app.step(1 / 60)
    finally:
        app.close()


def test_leaving_fullscreen_keeps_the_minimum(display, tmp_path):
    app = app_with(tmp_path, {"fullscreen": True})
    try:
        app.change_settings(app.settings.with_changes(fullscreen=False, window_size=(960, 600)))
        assert sdl_window().minimum_size == (960, 600)
        assert pygame.display.get_surface().get_size() == (960, 600)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("usable", "fitted"),
    [
        ((1024, 552), (806, 503)),  # a 1024 x 600 netbook with a 48 px panel
        ((1366, 680), (1011, 631)),  # 1366 x 768 with an 88 px taskbar: the minimum fits
        ((1024, 640), (947, 591)),  # the e2e test's small screen
    ],
)
def test_a_screen_smaller_than_the_minimum_gets_the_largest_window_that_fits(display, monkeypatch, usable, fitted):
    monkeypatch.setattr(display_module, "windowless", lambda: False)
    monkeypatch.setattr(display_module, "usable_area", lambda: pygame.Rect(0, 0, *usable))
    screen = display_module.Display.__new__(display_module.Display)
    screen.logical = (1280, 800)
    assert screen.fitted_size() == fitted
    minimum = screen.minimum_size()
    assert minimum == (min(960, fitted[0]), min(600, fitted[1]))
    assert minimum[0] <= usable[0] and minimum[1] <= usable[1], "the window always fits the screen"
    assert screen.windowed_size(None) == fitted
    assert screen.windowed_size((640, 400)) == minimum
    assert screen.windowed_size((1280, 800)) == fitted, "a saved size too large for this screen"
