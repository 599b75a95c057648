"""Settings offers the common window sizes that fit the screen, 16:9 ones too (a 1600 x 1000
screen was offered only "fit", 960 x 600 and 1280 x 800), and such a size is kept."""

from __future__ import annotations

import pygame

from game.app.settings import Settings
from game.app.window import display as display_module
from tests.ui.test_settings_screen import open_settings

SCREEN_1600 = (1600 - 16, 1000 - 40 - 48)  # a 40 px taskbar, less the window's frame


def offered(driver, monkeypatch, room: tuple[int, int]) -> list[str]:
    monkeypatch.setattr(driver.app.display, "room", lambda: room)
    scene = open_settings(driver)
    return [label for label, _id in scene.controls["Window size"].options_list]


def test_a_1600_by_1000_screen_is_offered_the_sizes_that_fit_it(driver, monkeypatch):
    labels = offered(driver, monkeypatch, SCREEN_1600)
    for size in ("960 × 600", "1280 × 720", "1280 × 800", "1366 × 768", "1440 × 900"):
        assert size in labels, labels
    for size in ("1600 × 900", "1600 × 1000", "1920 × 1080"):  # 1600 wide leaves no room for the frame
        assert size not in labels, labels


def test_a_1920_by_1200_screen_is_offered_full_hd(driver, monkeypatch):
    labels = offered(driver, monkeypatch, (1920 - 16, 1200 - 40 - 48))
    assert "1600 × 900" in labels and "1680 × 1050" in labels and "1920 × 1080" not in labels


def test_a_2560_by_1440_screen_is_offered_1920_by_1080(driver, monkeypatch):
    labels = offered(driver, monkeypatch, (2560 - 16, 1440 - 40 - 48))
    assert "1920 × 1080" in labels and "2560 × 1440" not in labels


def test_a_size_of_another_shape_that_fits_the_screen_is_kept(display, monkeypatch):
    monkeypatch.setattr(display_module, "windowless", lambda: False)
    monkeypatch.setattr(display_module, "usable_area", lambda: pygame.Rect(0, 0, 1920, 1040))
    screen = display_module.Display.__new__(display_module.Display)
    screen.logical = (1280, 800)
    assert screen.windowed_size((1600, 900)) == (1600, 900)
    assert screen.windowed_size((1920, 1080)) == screen.fitted_size() == (1587, 991)
    assert Settings().window_size is None
