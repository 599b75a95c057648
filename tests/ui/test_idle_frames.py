"""The frame loop sleeps while nothing moves and wakes for whatever must be shown: input,
a scene's next change (the build clock's next second, the theatre's next step), and
background work finishing. These run the real loop (`App.run`) for a second or two, with
input and wake-ups posted from other threads as the system and the workers post them."""

from __future__ import annotations

import importlib
import pkgutil
import threading
import time
from concurrent.futures import Future
from itertools import pairwise

import pygame
import pytest

import game.app.scenes
from game.app.scene import Scene
from game.app.window import window
from game.app.window.wake import WAKE
from game.app.window.window import SETTLE_S
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_table import AVOID, flip_dora


class Frames:
    """The moments (time.monotonic) the window drew a frame, from now on."""

    def __init__(self, app, monkeypatch, note=lambda: None) -> None:
        self.times: list[float] = []
        self.notes: list[object] = []
        draw = app.draw

        def drawing() -> None:
            draw()
            self.times.append(time.monotonic())
            self.notes.append(note())

        monkeypatch.setattr(app, "draw", drawing)

    def between(self, start: float, end: float) -> list[float]:
        return [moment for moment in self.times if start <= moment < end]


def run_for(app, seconds: float, *later: tuple[float, object]) -> float:
    """Run the window's loop for `seconds`, calling each (delay, function) of `later` from
    another thread at its time; when it started (time.monotonic)."""
    started = time.monotonic()
    app.running = True
    app.last_input = started
    timers = [threading.Timer(delay, function) for delay, function in later]
    timers.append(threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))))
    for timer in timers:
        timer.start()
    try:
        app.run()
    finally:
        for timer in timers:
            timer.cancel()
    return started


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


def test_the_idle_title_draws_no_frames_once_the_input_has_settled(driver, monkeypatch):
    frames = Frames(driver.app, monkeypatch)
    started = run_for(driver.app, 2.5)
    assert frames.between(started, started + SETTLE_S - 0.1), "frames while the gui may still settle"
    idle = frames.between(started + SETTLE_S + 0.1, started + 2.5)
    assert len(idle) <= 2, f"{len(idle)} frames in 1.9 idle seconds (at most the once-a-second safety frame)"


def test_input_wakes_the_window_at_once(driver, monkeypatch):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    frames = Frames(driver.app, monkeypatch)
    posted: list[float] = []
    started = run_for(driver.app, 2.0, (1.2, lambda: (posted.append(time.monotonic()), key_down())))
    assert not frames.between(started + SETTLE_S + 0.1, posted[0]), "nothing to draw before the key"
    woken = frames.between(posted[0], started + 2.0)
    assert woken and woken[0] - posted[0] < 0.1, "the key is answered within a frame or so"


def test_background_work_is_drawn_the_moment_it_is_done(driver, monkeypatch):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    frames = Frames(driver.app, monkeypatch)
    done: list[float] = []

    def work() -> None:
        time.sleep(0.3)
        done.append(time.monotonic())

    started = run_for(driver.app, 2.0, (0.9, lambda: driver.app.executor.submit(work)))
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


def test_the_time_slept_passes_before_the_input_that_ended_the_sleep(driver, monkeypatch):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    scene = Recorder(driver.app)
    driver.app.stack.reset(scene)
    driver.app.executor.submit(time.sleep, 0.8)  # its wake-up must not reach the scene
    run_for(driver.app, 2.0, (1.3, key_down))
    log = scene.log
    assert ("event", WAKE) not in log
    pressed = log.index(("event", pygame.KEYDOWN))
    before = [dt for kind, dt in log[:pressed] if kind == "update"]
    after = [dt for kind, dt in log[pressed:] if kind == "update"]
    assert before[-1] > 0.3, "the sleep before the key passed before it"
    assert after[0] < 0.02, "what the key starts starts from its beginning"
    assert sum(dt for kind, dt in log if kind == "update") == pytest.approx(2.0, abs=0.3)


def test_a_scene_that_moves_is_drawn_every_frame_and_a_timer_at_its_time(driver, monkeypatch):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    moving = Recorder(driver.app, change=0.0)
    driver.app.stack.reset(moving)
    frames = Frames(driver.app, monkeypatch)
    started = run_for(driver.app, 1.5)
    assert len(frames.between(started + SETTLE_S, started + 1.5)) >= 20, "about 60 a second"
    timed = Recorder(driver.app, change=0.3)
    driver.app.stack.reset(timed)
    frames.times.clear()
    started = run_for(driver.app, 2.0)
    idle = frames.between(started + SETTLE_S + 0.05, started + 2.0)
    assert 3 <= len(idle) <= 6, f"every 0.3 s, not every frame: {len(idle)}"
    gaps = [later - earlier for earlier, later in pairwise(idle)]
    assert all(0.25 < gap < 0.45 for gap in gaps), gaps


def test_a_minimised_window_draws_a_few_frames_a_second(driver, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_active", lambda: False)
    driver.app.stack.reset(Recorder(driver.app, change=0.0))
    frames = Frames(driver.app, monkeypatch)
    started = run_for(driver.app, 1.5)
    assert 2 <= len(frames.between(started, started + 1.5)) <= 8


def test_counted_runs_draw_every_frame(driver, monkeypatch):
    """--frames and --smoke count frames: they are all drawn, asleep or not."""
    monkeypatch.setattr(driver.app, "options", driver.app.options.__class__(max_frames=40))
    driver.app.frames = 0
    started = time.monotonic()
    driver.app.run()
    assert driver.app.frames == 40 and time.monotonic() - started < 5


def test_the_build_clock_is_drawn_at_each_second_and_not_between(driver, monkeypatch):
    monkeypatch.setattr(window, "LONGEST_SLEEP_S", 60.0)
    app = driver.app
    table = crafted_table(app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    driver.wait_until(lambda: table.helpers[0].ready and table.next_change() not in (None, 0.0))
    frames = Frames(app, monkeypatch, note=lambda: table.countdown())
    started = run_for(app, 3.6)
    idle = [(moment, left) for moment, left in zip(frames.times, frames.notes, strict=True)
            if started + SETTLE_S + 0.05 <= moment < started + 3.6]  # not the frame the quit brings
    shown = [int(left + 0.999) for _, left in idle]
    assert 2 <= len(idle) <= 8, f"{len(idle)} frames in about 3 idle seconds"
    assert all(later == earlier - 1 for earlier, later in pairwise(shown)), (
        f"each frame shows the next second: {shown}")
    assert all(abs(left - round(left)) < 0.1 for _, left in idle), "drawn as the second changes"


def test_the_theatre_playing_sleeps_between_its_steps(driver, monkeypatch, tmp_path):
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
    frames = Frames(app, monkeypatch)
    started = run_for(app, 3.3)
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
