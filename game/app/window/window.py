"""The game window: the display, the frame loop and the services every scene uses
(`scene.Services`). It opens no screen itself: the command that opens it puts the first
one up through the screen map (game/app/flow.py).

The table is drawn at a logical 1280 x 800 and scaled to whatever size the window has
(see `display.py`); pointer positions reach the scenes and the gui in logical pixels.

Frames are drawn at up to 60 a second while something moves, and not at all while nothing
does: the loop then sleeps until input, until the scene's next visible change (the clock's
next second, an AI's paced move) or until background work is done (game/app/window/wake.py).
A run that counts frames (--frames, --smoke) draws every frame, as a test expects; an
unpaced one (`LaunchOptions.frame_step_s`) draws them without waiting for their time.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import i18n as gui_i18n  # python-i18n: pygame_gui's own words
import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryBox, UITextEntryLine

from game.app import paths
from game.app.history.player_files import PlayerFiles
from game.app.play.helper import trim_heap
from game.app.scene import SceneStack
from game.app.settings import Settings
from game.app.window.art import TileArt
from game.app.window.audio import Audio
from game.app.window.display import WINDOWLESS_DRIVERS, Display, wait_for_event
from game.app.window.display_loss import display_lost, watch_for_display_loss
from game.app.window.icon import icon_surface
from game.app.window.screenshots import PictureCut, save_screenshot
from game.app.window.text import Text
from game.app.window.theme import (
    DEFAULT_LOCALE,
    CompactTheme,
    close_other_locale_fonts,
    drop_unedited_text_layers,
    forget_loaded,
    load_theme,
    looks_drawn_when_shown,
    pictures_go_at_kill,
    share_default_font,
    share_font_faces,
    share_shown_pictures,
)
from game.app.window.wake import WAKE, WakingAnalysisPool, WakingThreadPool
from game.app.words import i18n
from game.app.words.i18n import N_, Message, _
from game.processes import spawn_context

LOGICAL_SIZE = (1280, 800)
GUI_LOCALES = {"en": "en", "ja": "ja", "zh_CN": "zh", i18n.PSEUDO: "en"}
"""pygame_gui's locale for each language: its own element text and the theme's fonts (zh:
Noto Sans SC, the others Noto Sans JP)."""
FPS = 60
SETTLE_S = 0.5
"""After input, frames go on this long: the gui's hover and pressed looks, and whatever the
input set off, are drawn as they settle."""
LONGEST_SLEEP_S = 1.0
"""The longest the loop sleeps with nothing to show: a safety net, not a clock anything
waits for (every visible change is woken for at its time)."""
MINIMISED_FRAME_S = 0.25
"""A minimised window draws at most this often (time still passes: the AI plays, the clock runs)."""
LONGEST_STEP_S = 1.5
"""The most time one frame lets pass for the scenes (a little more than the longest sleep):
when the loop was held up longer — the machine stalled, a slow step, a window dragged on
Windows, a suspended laptop — nothing was shown meanwhile, so the rest is not counted
against the players' time limits (a build clock lost ten seconds in a stall at the start
of a match)."""
SEED_RANGE = 2**31
ICON_SIZE = 64
ANALYSIS_WORKERS = 2
"""Two: the AI seats' builds take one at a time, so the other is always free for the
player's helper (game/app/play/analysis_pool.py), which answers first; each worker holds some
40 MB once it has analysed a wall."""
WINDOW_CLASS = "seventeen-steps"
FRAMEBUFFER_ACCELERATION = "SDL_FRAMEBUFFER_ACCELERATION"
"""SDL's hint: how the window surface reaches the screen (0: the video system's own way)."""
FOCUS_CLICKTHROUGH = "SDL_MOUSE_FOCUS_CLICKTHROUGH"
"""SDL's hint: the click that raises the window also presses what it points at."""
QUIT_ON_LAST_WINDOW_CLOSE = "SDL_QUIT_ON_LAST_WINDOW_CLOSE"
"""SDL's hint: closing the last window also quits the program (a QUIT after the window's close)."""
NO_DISPLAY_FOUND = "no display found; SDL_VIDEODRIVER=dummy runs without one"
FLASH_SECONDS = 4.0
"""How long a passing message (a screenshot saved or not) stays at the foot of the window."""

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
    windowed: bool = False
    """Open in a window fitted to the screen, and keep that (the way out of a bad fullscreen)."""
    language: str | None = None
    """Speak this language for this run (--language), whatever the settings say; not saved."""
    frame_step_s: float | None = None
    """Each frame lets this much time pass for the scenes and is drawn as soon as the last one
    is (an unpaced --smoke); None: the time that really passed, at up to FPS frames a second."""


class ScaledUIManager(pygame_gui.UIManager):
    """The gui's own look at the pointer (hovering, dragging a slider) in logical pixels.

    Events reach the gui already mapped (`Display.map_event`); only the position it reads
    from `pygame.mouse` each frame is still in window pixels."""

    def __init__(self, display: Display, *args, starting_language: str = DEFAULT_LOCALE, **kwargs) -> None:
        self.display = display
        drop_unedited_text_layers()
        share_shown_pictures()
        pictures_go_at_kill()
        looks_drawn_when_shown()
        share_font_faces()
        # Started in the locale whose default font pygame_gui opens anyway, which then
        # stands for every locale's (`theme.share_default_font`), before any element is made.
        super().__init__(*args, starting_language=DEFAULT_LOCALE, **kwargs)
        forget_loaded(self.resource_loader)
        share_default_font(self.get_theme().get_font_dictionary())
        self.set_locale(starting_language)

    def set_locale(self, locale: str, remake: Callable[[], object] = lambda: None) -> None:
        """pygame_gui's change of locale, with `remake` (the scenes making their elements anew
        in the new language) before the elements already there are told of it: told first, as
        pygame_gui tells them, each was rebuilt in the new locale, then most were made anew by
        their scene, every element of the settings screen built twice (15-20 MB more for a
        moment). Now an element is built once: made anew, or rebuilt if its scene keeps it."""
        drawn = self.get_sprite_group().sprites()
        self._locale = locale
        gui_i18n.set("locale", locale)
        self.ui_theme.set_locale(locale)
        self.ui_theme.get_font_dictionary().set_locale(locale)
        remake()
        for element in drawn:
            if element.alive():
                element.on_locale_changed()

    def create_new_theme(self, theme_path: Any = None) -> CompactTheme:
        theme = CompactTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme

    def _update_mouse_position(self) -> None:
        self.mouse_position = self.display.to_logical(pygame.mouse.get_pos())


class App:
    """Owns the window and the scene stack. Create it after `pygame.display.init()`."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self.files = PlayerFiles(options.config_dir, options.data_dir, options.screenshot_dir)
        """The player's settings file, save slot, match history and screenshots: their one owner."""
        self.language_override = options.language
        """The --language of this run, until the player chooses a language in Settings."""
        # Before the settings are read, so that a notice about them is in the language too.
        i18n.set_language(options.language or self.files.saved_language() or i18n.system_language())
        self.settings, self.notice = self.files.load_settings()
        i18n.set_language(self.language)
        self.notice = self.notice or options.notice
        self.files.keeps_the_save()  # held for the window's lifetime if no other window keeps it
        if options.windowed and (self.settings.fullscreen or self.settings.window_size is not None):
            self.settings = self.settings.with_changes(fullscreen=False, window_size=None)
            self._save_settings()
        pygame.display.set_icon(icon_surface(ICON_SIZE))  # before the window shows: some systems fix it then
        self.display = Display(LOGICAL_SIZE)
        watch_for_display_loss(self.stop_workers)
        self.screen = self.display.canvas
        """The logical 1280 x 800 picture every scene draws on."""
        pygame.display.set_caption(_("17 Steps — 十七歩"))
        self.flash_text: str | Message | None = None
        """The passing message, kept as its message so that a language switch rewords it."""
        self.flash_left = 0.0
        self.apply_window_settings()
        self.manager = ScaledUIManager(
            self.display, LOGICAL_SIZE, load_theme(paths.asset("ui", "theme.json"), GUI_LOCALES[self.language]),
            enable_live_theme_updates=False,
            starting_language=GUI_LOCALES[self.language],
        )
        self.art = TileArt()
        self.text = Text()
        self.audio = Audio(self.settings.volume)
        # One source of match seeds: --seed N makes every match of the session repeatable.
        self.seeds = random.Random(options.seed)
        # AI moves and deadline completions run here, off the frame loop; each wakes it when done.
        self.executor = WakingThreadPool(max_workers=2, thread_name_prefix="17steps")
        # Wall analyses and the AI's choice of a hand are pure Python: in worker processes
        # they do not slow the frame loop down. The workers start when the first table opens;
        # spawned (never fork a process that runs SDL and threads), deaf to Ctrl-C.
        self.analysis_pool = WakingAnalysisPool(ANALYSIS_WORKERS, spawn_context())
        self.stack = SceneStack()
        self.dropped: Callable[[Path], object] | None = None
        """What a file dropped onto the window opens (a record, in the theatre: game/app/flow.py)."""
        self.closing: Callable[[], bool] = lambda: False
        """Asked when the player closes the window (its close button, Alt+F4): True when it put
        a question up and the window stays open for the answer (game/app/flow.py)."""
        self.running = True
        self.interrupted = False
        """Ctrl-C closed the window (`run` then raises KeyboardInterrupt, after its last frame)."""
        self.frames = 0
        self.first_frame_at: float | None = None
        """Wall-clock time (`time.time()`) the first frame was on screen: launch time, measured."""
        self.last_input = time.monotonic()
        """When the last input (anything but a wake-up) came, for SETTLE_S."""
        self.scene_drawn: object = None
        """The scene on top at the last frame (`_trim_after_scene_change`)."""

    def next_match_seed(self) -> int:
        return self.seeds.randrange(SEED_RANGE)

    @property
    def language(self) -> str:
        """The language the window speaks: --language for this run, else the settings'."""
        return self.language_override or self.settings.shown_language

    def change_settings(self, settings: Settings) -> None:
        """Use and save new settings; a folder that cannot be written is reported, not fatal."""
        old = self.settings
        self.settings = settings
        self.audio.set_volume(settings.volume)
        if (old.window_size, old.fullscreen) != (settings.window_size, settings.fullscreen):
            self.apply_window_settings()
        self._save_settings()
        if old.language != settings.language:
            self.language_override = None  # the player's own choice outlasts --language
            self.apply_language()

    def apply_language(self) -> None:
        """Speak `language` from now on, at once: the catalog, the gui's own text and fonts, and
        every scene's buttons and labels."""
        i18n.set_language(self.language)
        locale = GUI_LOCALES[self.language]
        theme = load_theme(paths.asset("ui", "theme.json"), locale)  # the fonts of the locale, opened now
        self.manager.get_theme().update_theming(theme, rebuild_all=False)
        pygame.display.set_caption(_("17 Steps — 十七歩"))
        self.manager.set_locale(locale, remake=self.stack.relabel)
        close_other_locale_fonts(self.manager.get_theme(), locale)
        # The scenes' old labels and text images go now, not at a full collection that the
        # gui's C memory never brings on; a long session grew by some 5 MB a switch.
        gc.collect()
        trim_heap()

    def _save_settings(self) -> None:
        try:
            self.files.save_settings(self.settings)
        except OSError as error:
            self.notice = Message(N_("Settings could not be saved ({reason}); they last until you quit."),
                                  reason=error.strerror)

    def apply_window_settings(self) -> None:
        self.display.apply(self.settings.window_size, self.settings.fullscreen)

    def flash(self, text: str | Message) -> None:
        """A message at the foot of the window for a few seconds, over whatever is shown; give
        an `i18n.Message`, so that a language switch while it shows rewords it."""
        self.flash_text = text
        self.flash_left = FLASH_SECONDS

    def quit(self) -> None:
        self.running = False

    def stop_workers(self) -> None:
        """End the analysis worker processes now (leaving without `close`)."""
        self.analysis_pool.terminate()

    def close(self) -> None:
        """The window goes (its close button, the system's quit, Ctrl-C, SIGTERM: every way
        out passes here, `open_window`): first the tables it hosts say goodbye to the other
        computers (`host_left`, bounded: a client that does not read holds it for a second
        at most), who would otherwise find out only when their reconnection runs out."""
        hosting = sys.modules.get("game.net.hosting")  # the flow loads it (joining); a window without one hosts nothing
        if hosting is not None:
            hosting.leave_every_table()
        self.files.release()
        self.audio.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.analysis_pool.shutdown(wait=False, cancel_futures=True)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events (the queue's, in window pixels, then any given ones, already
        logical), update, draw."""
        events = [*map(self.display.map_event, pygame.event.get()), *(events or [])]
        for event in events:
            self.dispatch(event)
        self._repeat_only_in_text()
        if any(event.type != WAKE for event in events):
            # The settling frames count from when the input's work is done: a language
            # switch takes longer than SETTLE_S, and its screen would wait for the next input.
            self.last_input = time.monotonic()
        self.advance(dt)
        self.draw()
        self._trim_after_scene_change()

    def _repeat_only_in_text(self) -> None:
        """A held key repeats only while a text field has the focus. A field's focus turns the
        key repeat on (pygame_gui), and a field that goes with its screen leaves it on: an
        Enter held a moment on a hand's result then closed it and, repeated, flipped the next
        hand's dora for the player as dealer."""
        if pygame.key.get_repeat() != (0, 0) and not any(
                isinstance(element, UITextEntryLine | UITextEntryBox) for element in self.manager.get_focus_set()):
            pygame.key.set_repeat(0)

    def _trim_after_scene_change(self) -> None:
        """Give the C heap's free pages back once the next scene is drawn. The pictures of
        the one that went are freed then (`theme.pictures_go_at_kill`), scattered among those
        still used, and glibc's allocator keeps such pages resident: the settings screen left
        some 14 MB of free heap resident behind each visit. Once a scene change (a few ms),
        not every frame; a no-op off glibc (`trim_heap`)."""
        if self.stack.top is not self.scene_drawn:
            self.scene_drawn = self.stack.top
            trim_heap()

    def advance(self, dt: float) -> None:
        """Let dt seconds pass for the scene, the gui and the passing message."""
        self.stack.update(dt)
        self.manager.update(dt)
        self.flash_left = max(0.0, self.flash_left - dt)

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == WAKE:
            return  # it only ended a sleep: the frame it brings shows what the work changed
        self.last_input = time.monotonic()
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.WINDOWCLOSE:  # the player's close, which may ask first (QUIT: SIGTERM, the system's)
            if not self.closing():
                self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            try:
                self.flash(Message(N_("Screenshot saved: {path}"), path=str(self.save_screenshot())))
            except PictureCut:
                self.flash(Message(N_("The screenshot could not be saved whole: is the disk full?")))
            except (OSError, pygame.error) as error:
                self.flash(Message(N_("The screenshot could not be saved ({reason})."),
                                   reason=str(getattr(error, "strerror", None) or error)))
            return
        if event.type == pygame.DROPFILE:
            if self.dropped is not None:
                self.dropped(Path(event.file))
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.audio.play("button")
        if self.manager.process_events(event):
            return
        self.stack.handle_event(event)

    def draw(self) -> None:
        self.stack.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.flash_left > 0 and self.flash_text:
            self._draw_flash()
        self.display.present()
        if self.first_frame_at is None:
            self.first_frame_at = time.time()
        self.frames += 1

    def _draw_flash(self) -> None:
        image = self.text.render(str(self.flash_text or ""), 16, (240, 236, 220))
        box = image.get_rect(midbottom=(LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 12)).inflate(24, 12)
        pygame.draw.rect(self.screen, (10, 24, 18), box, border_radius=8)
        pygame.draw.rect(self.screen, (201, 169, 74), box, 1, border_radius=8)
        self.screen.blit(image, image.get_rect(center=box.center))

    def save_screenshot(self) -> Path:
        return save_screenshot(self.screen, self.files.screenshot_folder)

    def idle_wait(self) -> float:
        """Seconds the loop may sleep before the next frame (0: draw it now): until the scene
        or the passing message next changes, while no input has come for SETTLE_S."""
        minimised = not pygame.display.get_active()
        if not minimised and time.monotonic() - self.last_input < SETTLE_S:
            return 0.0
        changes = [self.stack.next_change(), self.flash_left if self.flash_left > 0 else None]
        wait = min((change for change in changes if change is not None), default=LONGEST_SLEEP_S)
        wait = min(wait, LONGEST_SLEEP_S)
        return max(wait, MINIMISED_FRAME_S) if minimised else wait

    def run(self, pilot: Pilot | None = None) -> int:
        """Frames until the window is closed; 0. KeyboardInterrupt when Ctrl-C closed it."""
        with self._closed_by_interrupt():
            self._frames(pilot)
        if self.interrupted:
            raise KeyboardInterrupt
        return 0

    @contextlib.contextmanager
    def _closed_by_interrupt(self) -> Iterator[None]:
        """Ctrl-C closes the window as its close button does, and as SIGTERM does (SDL turns it
        into a quit event): the frame under way ends, the match is saved as it stands (it is
        after every change), then the caller closes down. A KeyboardInterrupt raised in the
        middle of a frame ended it anywhere, with a traceback."""
        def interrupt(_signal: int, _frame: object) -> None:
            self.interrupted = True
            self.quit()

        try:
            previous = signal.signal(signal.SIGINT, interrupt)
        except ValueError:  # not the main thread (a test's): nothing to hear Ctrl-C
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _frames(self, pilot: Pilot | None) -> None:
        clock = pygame.time.Clock()
        every_frame = pilot is not None or self.options.max_frames is not None
        while self.running:
            try:
                wait = 0.0 if every_frame else self.idle_wait()
                if wait > 0:
                    wait_for_event(wait)
                    # The time slept passes before the input that ended it: an animation the
                    # input starts begins at its first picture.
                    self.advance(min(clock.tick() / 1000.0, LONGEST_STEP_S))
                    dt = 0.0
                elif self.options.frame_step_s is not None:
                    dt = self.options.frame_step_s
                else:
                    dt = min(clock.tick(FPS) / 1000.0, LONGEST_STEP_S)
                self.step(dt, pilot(self) if pilot is not None else None)
            except pygame.error:
                if pygame.display.get_init() and pygame.display.get_surface() is not None:
                    raise
                display_lost(self.stop_workers)  # the video system is gone under us: the save is current
            if self.options.max_frames is not None and self.frames >= self.options.max_frames:
                self.running = False


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
    # The click that brings the window to the front is a click on what it points at: SDL drops
    # it by default, and a button pressed in a window behind another needed a second click.
    os.environ.setdefault(FOCUS_CLICKTHROUGH, "1")
    # The close button sends the window's close alone (`App.dispatch` quits, or asks first
    # at a hosted match), no quit of the whole program, which stays SIGTERM's and Ctrl-C's.
    os.environ.setdefault(QUIT_ON_LAST_WINDOW_CLOSE, "0")
    try:
        if nothing_to_connect_to():
            raise pygame.error(NO_DISPLAY_FOUND)
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in WINDOWLESS_DRIVERS and driver not in os.environ.get("SDL_VIDEODRIVER", "").split(","):
            raise pygame.error(NO_DISPLAY_FOUND)
        if driver == "x11":
            # The window's picture goes to X as it is (shared memory), not through an OpenGL
            # texture: SDL's default loads the GL driver for it, 90 of the game's 190 MB on
            # Mesa (its LLVM and software rasteriser, issue 30); a 2D picture gains nothing.
            os.environ.setdefault(FRAMEBUFFER_ACCELERATION, "0")
        pygame.font.init()
        return App(options)
    except pygame.error as error:
        pygame.quit()
        raise NoDisplayError(f"17 Steps needs a display to open its window ({error}).") from error


def open_window(options: LaunchOptions, first: Callable[[App], object]) -> int:
    """Open the window, let `first` put the first screen up, and play until the window is
    closed; an exit code."""
    try:
        app = create_app(options)
    except NoDisplayError as error:
        print(error, file=sys.stderr)
        return 1
    first(app)
    try:
        return app.run()
    finally:
        app.close()
        pygame.quit()
