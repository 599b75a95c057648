"""Drive the real game window with synthetic input, frame by frame (no real clock)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from game.app.flow import Flow
from game.app.play.waiting_room import HostOptions
from game.app.scene import Scene
from game.app.window.menu_keys import KEY_GUARD_S
from game.app.window.window import App, LaunchOptions

FRAME = 1 / 60
WAKE_WAIT_S = 0.02
WAKE_POLL_S = 0.001
LOOPBACK = HostOptions(bind="127.0.0.1", port=0, discovery=False)


class Driver:
    def __init__(self, app: App, screens: Flow) -> None:
        self.app = app
        self.screens = screens

    @classmethod
    def start(cls, folder: Path, seed: int) -> Driver:
        app = App(
            LaunchOptions(
                seed=seed,
                config_dir=folder / "config",
                data_dir=folder / "data",
                screenshot_dir=folder / "shots",
            )
        )
        screens = Flow(app, LOOPBACK)  # a test never listens or announces beyond this computer
        screens.title()
        driver = cls(app, screens)
        driver.frame()
        return driver

    def close(self) -> None:
        self.app.close()

    @property
    def top(self) -> Scene | None:
        return self.app.stack.top

    def frame(self, events: Iterable[pygame.event.Event] = (), dt: float = FRAME) -> None:
        self.app.step(dt, list(events))

    def frames(self, count: int, dt: float = FRAME) -> None:
        for _ in range(count):
            self.frame(dt=dt)

    def move(self, pos: tuple[int, int]) -> None:
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int]) -> None:
        self.move(pos)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.frame()  # the gui's own events (button pressed) arrive through the queue

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.move(start)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for step in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * step // steps,
                start[1] + (end[1] - start[1]) * step // steps,
            )
            self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    def key(self, key: int) -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
        self.frame([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])

    def record_drawn(self, monkeypatch) -> list[tuple[str, pygame.Rect]]:
        """Every text the window's `Text.draw` draws from now on, with where it went, in order."""
        drawn: list[tuple[str, pygame.Rect]] = []
        original = self.app.text.draw

        def recording(surface, text, *rest, **named):
            rect = original(surface, text, *rest, **named)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(self.app.text, "draw", recording)
        return drawn

    def press(self, button: UIButton) -> None:
        assert button.visible and button.is_enabled, f"button {button.text!r} cannot be pressed"
        self.click(button.rect.center)

    def look(self) -> None:
        """Let the screen that just came up be seen: keys count on it after KEY_GUARD_S."""
        self.frames(round(KEY_GUARD_S / FRAME) + 1)

    def record_text(self, monkeypatch) -> list[str]:
        """Every text the window's `Text.draw` is asked for from now on, in order."""
        drawn: list[str] = []
        original = self.app.text.draw

        def recording(surface, text, *rest, **named):
            drawn.append(text)
            return original(surface, text, *rest, **named)

        monkeypatch.setattr(self.app.text, "draw", recording)
        return drawn

    def button(self, text: str) -> UIButton:
        """The visible button whose label starts with `text`."""
        for element in self.app.manager.get_root_container().elements:
            if isinstance(element, UIButton) and element.visible and element.text.startswith(text):
                return element
        raise AssertionError(f"no visible button {text!r}")

    def wait_until(
        self, done: Callable[[], bool], frames: int = 600, dt: float = FRAME, seconds: float = 60.0
    ) -> None:
        """Run frames until `done`: at least `frames` of them, and for background work (the
        AI, the wall analysis) up to `seconds` of real time."""
        deadline = time.monotonic() + seconds
        count = 0
        while not done():
            if count >= frames and time.monotonic() > deadline:
                raise AssertionError("the game did not get there in time")
            self.frame(dt=dt)
            count += 1
            if count >= frames:
                time.sleep(0.005)
            elif self.app.stack.next_change() is None:
                self.await_wake()

    def await_wake(self) -> None:
        """While the screen waits for nothing but work in the background (the window would
        sleep: `App.idle_wait`), give that work the processor until its wake-up, or any other
        event, is in the queue (at most WAKE_WAIT_S), instead of drawing frames meanwhile."""
        until = time.monotonic() + WAKE_WAIT_S
        while not pygame.event.peek() and time.monotonic() < until:
            time.sleep(WAKE_POLL_S)

    def pixels(self) -> pygame.Surface:
        return self.app.screen.copy()

