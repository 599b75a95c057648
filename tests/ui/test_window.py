"""The window fits the screen, the picture scales to the window, pointers follow it."""

from __future__ import annotations

import pygame
import pytest

from game.app.history.player_files import load_settings
from game.app.scenes.settings_screen import SettingsScene
from game.app.window.viewport import Viewport, fit
from game.app.window.window import LOGICAL_SIZE, App, LaunchOptions
from tests.ui.driver import Driver


@pytest.mark.parametrize(
    ("room", "size"),
    [
        ((1008, 592), (947, 591)),  # a 1024 x 640 screen, less the window frame
        ((1350, 672), (1075, 671)),  # 1366 x 768 with a 48 px taskbar
        ((1904, 1032), (1651, 1031)),  # 1920 x 1080, height decides
        ((1000, 2000), (1000, 625)),  # a portrait screen: width decides
        ((1280, 800), (1280, 800)),
    ],
)
def test_the_fitted_size_is_the_largest_of_the_table_aspect_inside_the_room(room, size):
    assert fit(LOGICAL_SIZE, room) == size
    assert size[0] <= room[0] and size[1] <= room[1]
    assert abs(size[0] / size[1] - 1.6) < 0.01


def test_a_wider_window_letterboxes_and_maps_positions_back():
    viewport = Viewport(LOGICAL_SIZE, (1920, 1080))
    assert viewport.size == (1728, 1080) and viewport.origin == (96, 0)
    assert viewport.to_logical((96, 0)) == (0, 0)
    assert viewport.to_logical((96 + 864, 540)) == (640, 400)
    assert viewport.to_logical((1823, 1079)) == (1279, 799)
    for logical in ((0, 0), (640, 400), (1100, 700), (37, 777)):
        back = viewport.to_logical(viewport.to_window(logical))
        assert abs(back[0] - logical[0]) <= 1 and abs(back[1] - logical[1]) <= 1


def test_a_taller_window_letterboxes_above_and_below():
    viewport = Viewport(LOGICAL_SIZE, (700, 600))
    assert viewport.size == (700, 437) and viewport.origin == (0, 81)
    assert viewport.to_logical((350, 81 + 218)) == (640, 399)


def test_the_window_size_setting_applies_at_once_and_clicks_follow_the_scaling(driver):
    app = driver.app
    app.change_settings(app.settings.with_changes(window_size=(960, 600)))
    assert pygame.display.get_surface().get_size() == (960, 600)
    driver.frame()
    # The title's Quit button, clicked where it is shown in the smaller window.
    quit_button = driver.button("Quit")
    at = app.display.viewport.to_window(quit_button.rect.center)
    assert at != quit_button.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=at, **extra))
        driver.frame()
    driver.frame()
    assert not app.running, "the click in window pixels pressed Quit"
    assert load_settings(app.files.config_dir)[0].window_size == (960, 600)


def test_the_picture_fills_the_window_scaled_with_bars(driver):
    app = driver.app
    app.change_settings(app.settings.with_changes(window_size=(1000, 800)))
    driver.frame()
    window = pygame.display.get_surface()
    assert window.get_size() == (1000, 800)
    viewport = app.display.viewport
    assert viewport.rect == (0, 87, 1000, 625)
    assert window.get_at((500, 40))[:3] == (0, 0, 0)  # the bar above
    assert window.get_at((500, 400))[:3] != (0, 0, 0)  # the table


def test_windowed_launch_turns_fullscreen_off_and_fits_the_screen(display, tmp_path):
    first = Driver.start(tmp_path, seed=1)
    first.app.change_settings(first.app.settings.with_changes(fullscreen=True, window_size=(960, 600)))
    first.close()
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", windowed=True))
    try:
        assert not app.settings.fullscreen and app.settings.window_size is None
        saved = load_settings(app.files.config_dir)[0]
        assert not saved.fullscreen and saved.window_size is None
    finally:
        app.close()


def test_the_settings_offer_fit_the_screen_first(driver):
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    labels = [text for text, _ in scene.controls["Window size"].options_list]
    assert labels[0].startswith("Fit the screen") and "960 × 600" in labels


def test_f12_with_an_unwritable_folder_says_so_instead_of_crashing(display, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the screenshots folder should be", encoding="utf-8")
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", screenshot_dir=blocked))
    try:
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)])
        assert app.running and app.flash_text is not None and "could not be saved" in app.flash_text
        app.step(1 / 60)
    finally:
        app.close()
    good = App(
        LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", screenshot_dir=tmp_path / "shots")
    )
    try:
        good.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)])
        assert "Screenshot saved" in (good.flash_text or "") and list((tmp_path / "shots").glob("*.png"))
    finally:
        good.close()
