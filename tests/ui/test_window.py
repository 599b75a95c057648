"""The window fits the screen, the picture scales to the window, pointers follow it."""
from __future__ import annotations

import importlib
import json
import pkgutil
import time
import warnings
from concurrent.futures import Future
from itertools import pairwise

import pygame
import pytest

import game.app.scenes
from game.app.history.player_files import load_settings
from game.app.scene import Scene
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import Settings
from game.app.window import display as display_module
from game.app.window import window
from game.app.window.display import MINIMUM_SIZE
from game.app.window.text import Text
from game.app.window.viewport import Viewport, fit
from game.app.window.wake import WAKE, wake_window
from game.app.window.window import LOGICAL_SIZE, LONGEST_STEP_S, SETTLE_S, App, LaunchOptions
from game.app.words import i18n
from tests.ui.driver import Driver
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_settings_screen import open_settings
from tests.ui.test_table import AVOID, flip_dora


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

    def __init__(self, app, stall) -> None:
        super().__init__(app)
        self.stall = stall
        self.steps: list[float] = []

    def update(self, dt: float) -> None:
        self.steps.append(dt)
        if len(self.steps) == 1:
            self.stall(STALL_S)

    def next_change(self) -> float | None:
        return 0.0



def test_a_stalled_frame_passes_at_most_the_longest_step(driver, loop_time):
    scene = StallsOnce(driver.app, loop_time.sleep)
    driver.app.stack.push(scene)
    started = loop_time.run_for(driver.app, STALL_S + 1.0)
    ran = loop_time.now - started
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


# The frame loop sleeps while nothing moves and wakes for whatever must be shown: input, a
# scene's next change (the build clock's next second, the theatre's next step), and background
# work finishing. These run the real loop (`App.run`) on a clock of their own (`LoopTime`):
# the loop's sleeps and paced frames pass on it at once, and the input and wake-ups the
# system and the workers would post are posted at their moments on it, so that what is
# asserted is what the loop draws when, whatever the machine's load.
class LoopTime:
    """The frame loop's clock (`time.monotonic`, pygame's frame clock, the sleep until an
    event) as a count that the loop's own sleeps and paced frames move on: a frame drawn
    takes no time, a sleep takes what it sleeps, a frame held to FPS takes 1/FPS."""

    def __init__(self, monkeypatch) -> None:
        self.now = 1000.0
        self.timers: list[tuple[float, object]] = []
        loop_time = self

        class Clock:
            def __init__(self) -> None:
                self.last = loop_time.now

            def tick(self, framerate: int = 0) -> float:
                if framerate:
                    loop_time.pass_to(max(loop_time.now, self.last + 1 / framerate))
                elapsed, self.last = loop_time.now - self.last, loop_time.now
                return elapsed * 1000.0

        monkeypatch.setattr(window, "time", self)
        monkeypatch.setattr("pygame.time.Clock", Clock)
        monkeypatch.setattr(window, "wait_for_event", self.wait_for_event)

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        """A stall of the loop (a slow step): it passes on this clock."""
        self.pass_to(self.now + seconds)

    def pass_to(self, moment: float) -> None:
        """Let time pass to `moment`, calling each timer due by then at its time."""
        while self.timers and min(self.timers, key=lambda timer: timer[0])[0] <= moment:
            timer = min(self.timers, key=lambda timer: timer[0])
            self.timers.remove(timer)
            self.now = max(self.now, timer[0])
            timer[1]()
        self.now = max(self.now, moment)

    def wait_for_event(self, seconds: float) -> None:
        """`display.wait_for_event`: until an event is queued (a timer posts one) or
        `seconds` pass."""
        deadline = self.now + seconds
        while not pygame.event.peek() and self.now < deadline:
            due = min((moment for moment, _ in self.timers), default=deadline)
            self.pass_to(min(due, deadline))

    def run_for(self, app, seconds: float, *later: tuple[float, object]) -> float:
        """Run the window's loop for `seconds`, calling each (delay, function) of `later` at
        its time (from where the system or a worker would post its event); when it started."""
        started = self.now
        app.running = True
        app.last_input = started
        self.timers = [(started + delay, function) for delay, function in later]
        self.timers.append((started + seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))))
        app.run()
        return started


@pytest.fixture
def loop_time(monkeypatch) -> LoopTime:
    return LoopTime(monkeypatch)


class Frames:
    """The moments (on the loop's clock) the window drew a frame, from now on."""

    def __init__(self, app, monkeypatch, clock: LoopTime, note=lambda: None) -> None:
        self.times: list[float] = []
        self.notes: list[object] = []
        draw = app.draw

        def drawing() -> None:
            draw()
            self.times.append(clock.now)
            self.notes.append(note())

        monkeypatch.setattr(app, "draw", drawing)

    def between(self, start: float, end: float) -> list[float]:
        return [moment for moment in self.times if start <= moment < end]


class Recorder(Scene):
    """A scene that notes every update's dt and every event it is given, and changes when told."""

    def __init__(self, app, change: float | None = None) -> None:
        super().__init__(app)
        self.change = change
        self.log: list[tuple[str, object]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(("event", event.type))
        return False

    def update(self, dt: float) -> None:
        self.log.append(("update", dt))

    def next_change(self) -> float | None:
        return self.change


def key_down() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))


def test_the_idle_title_draws_no_frames_once_the_input_has_settled(driver, monkeypatch, loop_time):
    frames = Frames(driver.app, monkeypatch, loop_time)
    started = loop_time.run_for(driver.app, 2.5)
    assert frames.between(started, started + SETTLE_S - 0.1), "frames while the gui may still settle"
    idle = frames.between(started + SETTLE_S + 0.1, started + 2.5)
    assert len(idle) <= 2, f"{len(idle)} frames in 1.9 idle seconds (at most the once-a-second safety frame)"


def test_input_wakes_the_window_at_once(driver, monkeypatch, loop_time):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    frames = Frames(driver.app, monkeypatch, loop_time)
    posted: list[float] = []
    started = loop_time.run_for(driver.app, 2.0, (1.2, lambda: (posted.append(loop_time.now), key_down())))
    assert not frames.between(started + SETTLE_S + 0.1, posted[0]), "nothing to draw before the key"
    woken = frames.between(posted[0], started + 2.0)
    assert woken and woken[0] - posted[0] < 0.1, "the key is answered within a frame or so"


def test_background_work_is_drawn_the_moment_it_is_done(driver, monkeypatch, loop_time):
    """The work's end is its future's wake-up (`wake_window`, posted by every future of the
    window: test_every_future_of_the_window_posts_a_wake_up_when_done), at 1.2 s."""
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    frames = Frames(driver.app, monkeypatch, loop_time)
    done: list[float] = []

    def work_done() -> None:
        done.append(loop_time.now)
        wake_window()

    started = loop_time.run_for(driver.app, 2.0, (1.2, work_done))
    assert done, "the work ran"
    assert not frames.between(started + SETTLE_S + 0.1, done[0])
    after = frames.between(done[0], started + 2.0)
    assert after and after[0] - done[0] < 0.1, "the work's result is drawn as soon as it is there"


@pytest.mark.parametrize("executor", ["executor", "analysis_pool"])
def test_every_future_of_the_window_posts_a_wake_up_when_done(driver, executor):
    pygame.event.clear()
    pool = getattr(driver.app, executor)
    submit = getattr(pool, "submit_first", pool.submit)
    future: Future = submit(sum, (1, 2))
    assert future.result(timeout=120) == 3
    deadline = time.monotonic() + 5
    while not pygame.event.peek(WAKE) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pygame.event.peek(WAKE)


def test_the_time_slept_passes_before_the_input_that_ended_the_sleep(driver, monkeypatch, loop_time):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    scene = Recorder(driver.app)
    driver.app.stack.reset(scene)
    # background work done at 0.8 s: its wake-up must not reach the scene
    loop_time.run_for(driver.app, 2.0, (0.8, wake_window), (1.3, key_down))
    log = scene.log
    assert ("event", WAKE) not in log
    pressed = log.index(("event", pygame.KEYDOWN))
    before = [dt for kind, dt in log[:pressed] if kind == "update"]
    after = [dt for kind, dt in log[pressed:] if kind == "update"]
    assert before[-1] > 0.3, "the sleep before the key passed before it"
    assert after[0] < 0.02, "what the key starts starts from its beginning"
    assert sum(dt for kind, dt in log if kind == "update") == pytest.approx(2.0, abs=0.3)


def test_a_scene_that_moves_is_drawn_every_frame_and_a_timer_at_its_time(driver, monkeypatch, loop_time):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    moving = Recorder(driver.app, change=0.0)
    driver.app.stack.reset(moving)
    frames = Frames(driver.app, monkeypatch, loop_time)
    started = loop_time.run_for(driver.app, 1.5)
    assert len(frames.between(started + SETTLE_S, started + 1.5)) >= 20, "about 60 a second"
    timed = Recorder(driver.app, change=0.3)
    driver.app.stack.reset(timed)
    frames.times.clear()
    started = loop_time.run_for(driver.app, 2.0)
    idle = frames.between(started + SETTLE_S + 0.05, started + 2.0)
    assert 3 <= len(idle) <= 6, f"every 0.3 s, not every frame: {len(idle)}"
    gaps = [later - earlier for earlier, later in pairwise(idle)]
    assert all(0.25 < gap < 0.45 for gap in gaps), gaps


def test_a_minimised_window_draws_a_few_frames_a_second(driver, monkeypatch, loop_time):
    monkeypatch.setattr(pygame.display, "get_active", lambda: False)
    driver.app.stack.reset(Recorder(driver.app, change=0.0))
    frames = Frames(driver.app, monkeypatch, loop_time)
    started = loop_time.run_for(driver.app, 1.5)
    assert 2 <= len(frames.between(started, started + 1.5)) <= 8


def test_counted_runs_draw_every_frame(driver, monkeypatch, loop_time):
    """--frames and --smoke count frames: they are all drawn, asleep or not (at 60 a second:
    not one sleeps)."""
    monkeypatch.setattr(driver.app, "options", driver.app.options.__class__(max_frames=40))
    driver.app.frames = 0
    started = loop_time.now
    driver.app.run()
    assert driver.app.frames == 40 and loop_time.now - started == pytest.approx(40 / window.FPS)


def test_the_build_clock_is_drawn_at_each_second_and_not_between(driver, monkeypatch, loop_time):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    app = driver.app
    table = crafted_table(app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    driver.wait_until(lambda: table.helpers[0].ready and table.next_change() not in (None, 0.0))
    frames = Frames(app, monkeypatch, loop_time, note=lambda: table.countdown())
    started = loop_time.run_for(app, 3.6)
    idle = [(moment, left) for moment, left in zip(frames.times, frames.notes, strict=True)
            if started + SETTLE_S + 0.05 <= moment < started + 3.6]  # not the frame the quit brings
    shown = [int(left + 0.999) for _, left in idle]
    assert 2 <= len(idle) <= 8, f"{len(idle)} frames in about 3 idle seconds"
    assert all(later == earlier - 1 for earlier, later in pairwise(shown)), (
        f"each frame shows the next second: {shown}")
    assert all(abs(left - round(left)) < 0.1 for _, left in idle), "drawn as the second changes"


def test_the_theatre_playing_sleeps_between_its_steps(driver, monkeypatch, tmp_path, loop_time):
    from game.app.scenes.theatre import SPEEDS, TheatreScene
    from tests.ui.test_theatre import record_file

    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    app = driver.app
    app.settings = app.settings.with_changes(animation="instant")
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.next_change() is None, "paused: nothing changes"
    theatre.speed = SPEEDS.index(1.0)
    theatre.playing = True
    position = theatre.playback.position
    frames = Frames(app, monkeypatch, loop_time)
    started = loop_time.run_for(app, 3.3)
    assert theatre.playback.position - position == 3, "a step a second"
    assert len(frames.between(started + SETTLE_S + 0.05, started + 3.3)) <= 8


def scene_classes() -> list[type[Scene]]:
    for module in pkgutil.iter_modules(game.app.scenes.__path__):
        importlib.import_module(f"game.app.scenes.{module.name}")
    found, waiting = [], [Scene]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            found.append(subclass)
            waiting.append(subclass)
    return found


def test_every_scene_that_changes_with_time_says_when():
    for scene in scene_classes():
        updates = next(c for c in scene.__mro__ if "update" in c.__dict__)
        says = next(c for c in scene.__mro__ if "next_change" in c.__dict__)
        assert updates is Scene or issubclass(says, updates), (
            f"{scene.__name__} advances in update but does not say when it next changes")


# The passing message at the foot of the window (F12's "Screenshot saved") is kept as its
# message and arguments, so a language switch while it shows rewords it at once.
F12 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)


def rendered(monkeypatch) -> list[str]:
    """Every text `Text.render` is asked for from now on."""
    texts: list[str] = []
    render = Text.render

    def recording(text_self, text, *args, **kwargs):
        texts.append(text)
        return render(text_self, text, *args, **kwargs)

    monkeypatch.setattr(Text, "render", recording)
    return texts


def test_the_screenshot_message_follows_a_language_switch(display, tmp_path, monkeypatch):
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                            screenshot_dir=tmp_path / "shots"))
    try:
        texts = rendered(monkeypatch)
        app.step(1 / 60, [F12])
        path = next((tmp_path / "shots").glob("*.png"))
        app.step(1 / 60)
        assert f"Screenshot saved: {path}" in texts
        app.change_settings(app.settings.with_changes(language="ja"))
        texts.clear()
        app.step(1 / 60)
        japanese = i18n._("Screenshot saved: {path}").format(path=path)
        assert japanese != f"Screenshot saved: {path}"
        assert japanese in texts and not any(text.startswith("Screenshot saved") for text in texts)
        app.change_settings(app.settings.with_changes(language="zh_CN"))
        texts.clear()
        app.step(1 / 60)
        assert i18n._("Screenshot saved: {path}").format(path=path) in texts
    finally:
        app.close()


def test_the_screenshot_failure_follows_a_language_switch(display, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the screenshots folder should be", encoding="utf-8")
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", screenshot_dir=blocked))
    try:
        texts = rendered(monkeypatch)
        app.step(1 / 60, [F12])
        assert any(text.startswith("The screenshot could not be saved (") for text in texts)
        app.change_settings(app.settings.with_changes(language="zh_CN"))
        texts.clear()
        app.step(1 / 60)
        assert any(text.startswith("无法保存截图（") for text in texts)
        assert not any(text.startswith("The screenshot") for text in texts)
    finally:
        app.close()


def test_the_click_that_brings_the_window_to_the_front_is_not_dropped(monkeypatch):
    """SDL drops the click that activates a window unless told otherwise: on X a button in a
    window behind another needed two clicks."""
    seen = []

    def display_init() -> None:
        seen.append(window.os.environ.get("SDL_MOUSE_FOCUS_CLICKTHROUGH"))
        raise pygame.error("no display in this test")

    monkeypatch.delenv("SDL_MOUSE_FOCUS_CLICKTHROUGH", raising=False)
    monkeypatch.setattr(window.pygame.display, "init", display_init)
    monkeypatch.setattr(window, "nothing_to_connect_to", lambda: False)
    with pytest.raises(window.NoDisplayError):
        window.create_app(None)
    assert seen == ["1"]


def test_a_held_key_repeats_only_while_a_text_field_has_the_focus(driver):
    """Player test: one Enter on a solo result closed it and flipped the dora of the next
    hand, the player's as dealer (seen in the save). A text field's focus turns the key
    repeat on (pygame_gui), and it stayed on after the field's screen had gone: an Enter held
    past the repeat's delay closed the result and, repeated, flipped the dora."""
    from game.app.play.match_setup import new_session
    from game.app.play.session import SeatPlan

    driver.screens.join()
    driver.frames(3)
    assert pygame.key.get_repeat() != (0, 0)  # the name field has the focus: a held Backspace repeats
    driver.screens.title()
    driver.frame()
    assert pygame.key.get_repeat() == (0, 0)
    driver.screens.join()
    driver.frames(3)
    driver.screens.table(new_session(driver.app.files, driver.app, SeatPlan.solo(2, "easy")))
    driver.frame()
    assert pygame.key.get_repeat() == (0, 0)


def test_closing_the_window_at_a_hosted_match_asks_first_and_a_second_close_or_a_quit_does_not(driver):
    """Player test: Alt+F4 at a network table ended the match for everyone without asking.
    The window's close asks the menu's question; closed again while it is up, the window
    closes; a quit (SIGTERM, Ctrl-C) never asks. A local table's match is saved: no question."""
    from game.app.play.match_setup import new_session
    from game.app.play.session import SeatPlan
    from game.app.scenes.dialog import Dialog
    from game.app.scenes.table import TableScene
    from tests.ui.test_host import continue_with_kaiji_late

    close = pygame.event.Event(pygame.WINDOWCLOSE)
    host = continue_with_kaiji_late(driver)
    driver.press(host.buttons["fill_1"])
    driver.press(host.buttons["start"])
    table = driver.top
    assert isinstance(table, TableScene) and table.session.net is not None
    for answer in ("Stay", None):
        driver.frame([close])
        question = driver.top
        assert isinstance(question, Dialog) and question.title == i18n._("Leave the match?") and driver.app.running
        if answer:
            driver.press(driver.button(i18n._(answer)))
            assert driver.top is table and driver.app.running
    driver.frame([close])  # closed again while the question is up
    assert not driver.app.running
    driver.app.running = True
    driver.frame([pygame.event.Event(pygame.QUIT)])
    assert not driver.app.running
    driver.app.running = True
    driver.screens.title()
    driver.screens.table(new_session(driver.app.files, driver.app, SeatPlan.solo(2, "easy"), replace_unkept=True))
    driver.frame([close])
    assert not driver.app.running
