"""The window fits the screen, the picture scales to the window, pointers follow it."""
from __future__ import annotations

import json
import time
import warnings

import pygame
import pytest

from game.app.history.player_files import load_settings
from game.app.scene import Scene
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import Settings
from game.app.window import display as display_module
from game.app.window.display import MINIMUM_SIZE
from game.app.window.viewport import Viewport, fit
from game.app.window.window import LOGICAL_SIZE, LONGEST_STEP_S, App, LaunchOptions
from tests.ui.driver import Driver
from tests.ui.test_idle_frames import run_for
from tests.ui.test_settings_screen import open_settings


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



# The window has a minimum size (960 x 600, where every screen is tested), and on a
# screen too small for that it is the largest window that fits, as before.
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



# Settings offers the common window sizes that fit the screen, 16:9 ones too (a 1600 x 1000
# screen was offered only "fit", 960 x 600 and 1280 x 800), and such a size is kept.
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



# A frame held up for long (the machine stalled, a window dragged on Windows) lets at most
# `LONGEST_STEP_S` pass for the scenes: time nobody saw the table is not taken from a
# player's clock.
STALL_S = 2.5



class StallsOnce(Scene):
    """Holds the loop up in its first update, and notes the time each update is given."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.steps: list[float] = []

    def update(self, dt: float) -> None:
        self.steps.append(dt)
        if len(self.steps) == 1:
            time.sleep(STALL_S)

    def next_change(self) -> float | None:
        return 0.0



def test_a_stalled_frame_passes_at_most_the_longest_step(driver):
    scene = StallsOnce(driver.app)
    driver.app.stack.push(scene)
    started = run_for(driver.app, STALL_S + 1.0)
    ran = time.monotonic() - started
    assert len(scene.steps) > 2
    assert max(scene.steps) == LONGEST_STEP_S, "the stall is seen, and cut to the longest step"
    assert sum(scene.steps) <= ran - (STALL_S - LONGEST_STEP_S) + 0.05, "the rest of the stall was not counted"


def shapes_drawn_while(monkeypatch, act) -> int:
    """How many times the gui draws its elements' looks while `act` runs."""
    from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape

    drawn = 0
    original = DrawableShape.redraw_all_states

    def counting(shape, *args, **kwargs):
        nonlocal drawn
        drawn += 1
        return original(shape, *args, **kwargs)

    monkeypatch.setattr(DrawableShape, "redraw_all_states", counting)
    act()
    monkeypatch.setattr(DrawableShape, "redraw_all_states", original)
    return drawn


def test_a_language_switch_on_the_settings_screen_draws_each_element_once(driver, monkeypatch):
    """pygame_gui rebuilt every element in the new language, then the screen made them anew:
    each drawn twice, some 15-20 MB more for a moment. Now as many drawings as opening it."""
    opening = shapes_drawn_while(monkeypatch, lambda: open_settings(driver))
    switching = shapes_drawn_while(
        monkeypatch, lambda: driver.app.change_settings(driver.app.settings.with_changes(language="ja")))
    assert opening > 100
    assert switching <= opening * 1.1


def live_surfaces() -> int:
    """The pygame surfaces Python objects hold (found as what tracked objects refer to)."""
    import gc

    return len({id(held) for holder in gc.get_objects() for held in gc.get_referents(holder)
                if isinstance(held, pygame.Surface)})


def test_visits_to_the_settings_leave_no_pictures_behind(driver):
    """A screen's killed gui elements wait in reference cycles for a full collection, which
    the window's megabytes of pictures never bring on: each visit to the settings left its
    380 pictures (9 MB) behind until one came. They go when the screen does."""
    import gc

    gc.collect()
    gc.disable()
    try:
        before = live_surfaces()
        for _ in range(3):
            open_settings(driver)
            driver.key(pygame.K_ESCAPE)
            driver.frames(2)
        after = live_surfaces()
    finally:
        gc.enable()
    assert after - before < 20


def test_the_heap_is_trimmed_once_at_a_scene_change(driver, monkeypatch):
    """The pictures of the scene left are freed among those still used, and glibc keeps such
    pages resident (some 14 MB after the settings screen) unless it is asked to trim."""
    from game.app.window import window as window_module

    trims = []
    monkeypatch.setattr(window_module, "trim_heap", lambda: trims.append(driver.top))
    driver.frames(5)
    assert trims == []
    scene = open_settings(driver)
    driver.frames(5)
    assert trims == [scene]
    driver.key(pygame.K_ESCAPE)
    driver.frames(5)
    assert len(trims) == 2 and trims[-1] is driver.top
