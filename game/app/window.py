"""The game window: the display, the frame loop and the services every scene uses.

The table is drawn at a logical 1280 x 800 and scaled to whatever size the window has
(`SCALED | RESIZABLE`); mouse positions arrive in logical coordinates.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

from game.app import paths
from game.app.art import TileArt
from game.app.audio import Audio
from game.app.icon import icon_surface
from game.app.savegame import SaveSlot
from game.app.scene import SceneStack
from game.app.settings import Settings, load_settings, save_settings
from game.app.text import Text

LOGICAL_SIZE = (1280, 800)
FPS = 60
SEED_RANGE = 2**31
ICON_SIZE = 64
ANALYSIS_WORKERS = 1
"""One: the helper's wall ranking and the AI's build overlap only while a player builds, for
about a second, and a second worker would add some 50 MB to a played hand's memory."""
WINDOW_CLASS = "seventeen-steps"
NO_DISPLAY_FOUND = "no display found; SDL_VIDEODRIVER=dummy runs without one"
WINDOWLESS_DRIVERS = ("offscreen", "dummy")
"""SDL's drivers that draw into memory. SDL falls back to offscreen when it finds no display:
the game would run with no window to see, so that counts as no display unless asked for."""

Pilot = Callable[["App"], list[pygame.event.Event]]
"""Input made up each frame in addition to the player's (the scripted player of --smoke)."""


class NoDisplayError(RuntimeError):
    """SDL cannot open a window here; the message says so in one line, for the player."""


@dataclass(frozen=True)
class LaunchOptions:
    seed: int | None = None
    max_frames: int | None = None
    screenshot_dir: Path | None = None
    config_dir: Path | None = None
    data_dir: Path | None = None
    notice: str | None = None
    """Something the command line did that the title screen should say (--reset-settings)."""


class App:
    """Owns the window and the scene stack. Create it after `pygame.display.init()`."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self.config_dir = options.config_dir or paths.config_dir()
        self.data_dir = options.data_dir or paths.data_dir()
        self.settings, self.notice = load_settings(self.config_dir)
        self.notice = self.notice or options.notice
        SaveSlot(self.data_dir).remove_leftovers()
        pygame.display.set_icon(icon_surface(ICON_SIZE))  # before the window shows: some systems fix it then
        self.screen = pygame.display.set_mode(LOGICAL_SIZE, pygame.SCALED | pygame.RESIZABLE)
        pygame.display.set_caption("17 Steps — 十七歩")
        self.apply_window_settings()
        self.manager = pygame_gui.UIManager(
            LOGICAL_SIZE, str(paths.asset("ui", "theme.json")), enable_live_theme_updates=False
        )
        self.art = TileArt()
        self.text = Text()
        self.audio = Audio(self.settings.volume)
        # One source of match seeds: --seed N makes every match of the session repeatable.
        self.seeds = random.Random(options.seed)
        # AI moves and deadline completions run here, off the frame loop.
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="17steps")
        # Whole-wall analyses take a second of pure Python: in a worker process they do not
        # slow the frame loop down. The worker starts when the first table opens.
        spawn = multiprocessing.get_context("spawn")  # never fork a process that runs SDL and threads
        self.analysis_pool = ProcessPoolExecutor(max_workers=ANALYSIS_WORKERS, mp_context=spawn)
        self.stack = SceneStack()
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None
        """Wall-clock time (`time.time()`) the first frame was on screen: launch time, measured."""
        self.screenshots = 0

    def next_match_seed(self) -> int:
        return self.seeds.randrange(SEED_RANGE)

    def change_settings(self, settings: Settings) -> None:
        """Use and save new settings; a folder that cannot be written is reported, not fatal."""
        old = self.settings
        self.settings = settings
        self.audio.set_volume(settings.volume)
        if (old.window_size, old.fullscreen) != (settings.window_size, settings.fullscreen):
            self.apply_window_settings()
        try:
            save_settings(self.config_dir, settings)
        except OSError as error:
            self.notice = f"Settings could not be saved ({error.strerror}); they last until you quit."

    def apply_window_settings(self) -> None:
        try:
            is_fullscreen = pygame.display.is_fullscreen()
            if is_fullscreen != self.settings.fullscreen:
                pygame.display.toggle_fullscreen()
            desktop = pygame.display.get_desktop_sizes()[0]
            fits = all(want <= have for want, have in zip(self.settings.window_size, desktop, strict=True))
            if not self.settings.fullscreen and fits:  # too big a choice keeps SDL's fitted size
                with warnings.catch_warnings():
                    # pygame-ce asks for the Window API instead; it is the only way to size
                    # a SCALED display window from the outside.
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().size = self.settings.window_size
        except pygame.error:
            pass  # a display without window management (dummy, some tiling setups) keeps its size

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.analysis_pool.shutdown(wait=False, cancel_futures=True)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events (the queue's, then any given ones), update, draw."""
        for event in [*pygame.event.get(), *(events or [])]:
            self.dispatch(event)
        self.stack.update(dt)
        self.manager.update(dt)
        self.draw()

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.save_screenshot()
            return
        if event.type == pygame.DROPFILE:  # a record dropped onto the window is watched
            from game.app.scenes.theatre import open_record

            open_record(self, Path(event.file))
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.audio.play("button")
        if self.manager.process_events(event):
            return
        self.stack.handle_event(event)

    def draw(self) -> None:
        self.stack.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.time()
        self.frames += 1

    def save_screenshot(self) -> Path:
        folder = self.options.screenshot_dir or self.data_dir / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        self.screenshots += 1
        path = folder / f"17steps-{self.screenshots:03d}.png"
        pygame.image.save(self.screen, str(path))
        return path

    def run(self, pilot: Pilot | None = None) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            self.step(dt, pilot(self) if pilot is not None else None)
            if self.options.max_frames is not None and self.frames >= self.options.max_frames:
                self.running = False
        return 0


def nothing_to_connect_to() -> bool:
    """Linux with neither X nor Wayland named: SDL would only print the Wayland library's
    complaint and fall back to offscreen, so say it plainly without asking SDL."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"))


def create_app(options: LaunchOptions) -> App:
    """Start pygame and open the window; raises NoDisplayError when SDL cannot."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # How X11 desktops group the window; pygame, on import, names it after sys.argv[0].
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    try:
        if nothing_to_connect_to():
            raise pygame.error(NO_DISPLAY_FOUND)
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in WINDOWLESS_DRIVERS and driver not in os.environ.get("SDL_VIDEODRIVER", "").split(","):
            raise pygame.error(NO_DISPLAY_FOUND)
        pygame.font.init()
        return App(options)
    except pygame.error as error:
        pygame.quit()
        raise NoDisplayError(f"17 Steps needs a display to open its window ({error}).") from error


def open_window(options: LaunchOptions) -> int:
    """Open the window on the title screen and play until it is closed; an exit code."""
    try:
        app = create_app(options)
    except NoDisplayError as error:
        print(error, file=sys.stderr)
        return 1
    from game.app.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    try:
        return app.run()
    finally:
        app.close()
        pygame.quit()
