"""The window on the screen: its size, fullscreen, and the logical picture scaled into it.

Scenes draw on a logical 1280 x 800 canvas. Each frame the canvas is scaled into the
window, letterboxed, and pointer events are mapped back through the same scaling, so a
window of any size (or fullscreen) shows the whole table and clicks land where they are
drawn. SDL's own `SCALED` mode is not used: it never scales below 1 (a window smaller
than 1280 x 800 was cropped) and it opened a 1280 x 800 window on smaller screens.

The window cannot be made smaller than MINIMUM_SIZE (a hint window managers keep to),
except on a screen too small for that, where it is the largest window that fits.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import math
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app.window.viewport import Size, Viewport, fit

BARS = (0, 0, 0)
DECORATION = (16, 48)
"""Room left around the window for its frame and title bar, which SDL cannot tell before
the window exists: the window's inside must fit the usable desktop with them."""
FRAME_WAIT_SECONDS = 0.5
MINIMUM_SIZE = (960, 600)
"""The smallest window the table stays readable in: the size every screen's layout is tested at."""
POLL_S = 0.005
"""How often the queue is looked at while waiting, where SDL cannot be asked to block."""
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
WINDOWLESS_DRIVERS = ("offscreen", "dummy")


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _loaded_sdl() -> ctypes.CDLL | None:
    """The SDL2 library pygame runs on (already loaded: opening it again gives the same one)."""
    if sys.platform == "win32":
        return ctypes.CDLL("SDL2.dll")
    if sys.platform.startswith("linux"):
        for line in Path("/proc/self/maps").read_text().splitlines():
            path = line.split()[-1]
            if "/libSDL2-2" in path or "/libSDL2.so" in path:
                return ctypes.CDLL(path)
        return None
    folder = Path(pygame.__file__).parent / ".dylibs"
    found = sorted(folder.glob("libSDL2-2*.dylib")) or sorted(folder.glob("libSDL2*.dylib"))
    name = str(found[0]) if found else ctypes.util.find_library("SDL2")
    return ctypes.CDLL(name) if name else None


@functools.cache
def _blocking_wait() -> Callable[[None, int], int] | None:
    """SDL_WaitEventTimeout, which sleeps in the system until an event comes (input, or one
    posted from another thread) and leaves it on the queue; pygame's own `event.wait`
    looks at the queue every millisecond instead, and takes the event off it."""
    try:
        library = _loaded_sdl()
        if library is None:
            return None
        wait = library.SDL_WaitEventTimeout
    except (OSError, AttributeError, ValueError, IndexError):
        return None
    wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
    return wait


def wait_for_event(seconds: float) -> None:
    """Sleep until an event is queued or `seconds` pass; the event stays queued."""
    wait = _blocking_wait()
    if wait is not None:
        wait(None, max(1, math.ceil(seconds * 1000)))
        return
    deadline = time.monotonic() + seconds
    while not pygame.event.peek() and time.monotonic() < deadline:
        time.sleep(POLL_S)


def usable_area() -> pygame.Rect:
    """The primary screen without the taskbar, dock or panels (SDL_GetDisplayUsableBounds,
    which pygame does not wrap); the whole screen less a margin when that cannot be asked."""
    try:
        library = _loaded_sdl()
        if library is not None:
            rect = _SDLRect()
            if library.SDL_GetDisplayUsableBounds(0, ctypes.byref(rect)) == 0 and rect.w > 0 and rect.h > 0:
                return pygame.Rect(rect.x, rect.y, rect.w, rect.h)
    except (OSError, AttributeError, ValueError, IndexError):
        pass
    width, height = pygame.display.get_desktop_sizes()[0]
    return pygame.Rect(0, 0, width, height - height // 16)  # room for a taskbar of unknown size


def frame_of(window: pygame.Window) -> tuple[int, int, int, int] | None:
    """The window manager's frame round the window (top, left, bottom, right), as SDL
    knows it (SDL_GetWindowBordersSize); None before it is known or without a manager."""
    try:
        library = _loaded_sdl()
        if library is None:
            return None
        library.SDL_GetWindowFromID.restype = ctypes.c_void_p
        handle = library.SDL_GetWindowFromID(ctypes.c_uint32(window.id))
        if not handle:
            return None
        sides = [ctypes.c_int(0) for _ in range(4)]
        library.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p, *[ctypes.POINTER(ctypes.c_int)] * 4]
        if library.SDL_GetWindowBordersSize(handle, *map(ctypes.byref, sides)) != 0:
            return None
        frame = tuple(side.value for side in sides)
        return frame if any(frame) else None
    except (OSError, AttributeError, ValueError, IndexError):
        return None


def settled_frame(window: pygame.Window) -> tuple[int, int, int, int] | None:
    """The frame, once an X11 window manager has put one round the new window (SDL
    moves the inside by it only once it knows it); None after FRAME_WAIT_SECONDS
    without one (a bare X server), and at once on other systems."""
    deadline = time.monotonic() + (FRAME_WAIT_SECONDS if pygame.display.get_driver() == "x11" else 0.0)
    while (frame := frame_of(window)) is None and time.monotonic() < deadline:
        pygame.event.pump()
        time.sleep(0.02)
    return frame


def centred_position(size: Size, frame: tuple[int, int, int, int] | None) -> tuple[int, int]:
    """Where to put the inside of a window of `size` so that it and its frame sit
    centred in the usable desktop (SDL places the inside, moving the frame with it).
    Without a known frame, DECORATION stands for it."""
    area = usable_area()
    top, left, bottom, right = frame or (
        DECORATION[1] - DECORATION[0] // 2,
        DECORATION[0] // 2,
        DECORATION[0] // 2,
        DECORATION[0] // 2,
    )
    outer = (size[0] + left + right, size[1] + top + bottom)
    return (
        area.x + max(0, (area.width - outer[0]) // 2) + left,
        area.y + max(0, (area.height - outer[1]) // 2) + top,
    )


def windowless() -> bool:
    return pygame.display.get_driver() in WINDOWLESS_DRIVERS


class Display:
    """The game's one window. Create it after `pygame.display.init()`."""

    def __init__(self, logical: Size) -> None:
        self.logical = logical
        self.window = pygame.display.set_mode(self.windowed_size(None), pygame.RESIZABLE)
        self.canvas = pygame.Surface(logical).convert()
        """What every scene draws on, in logical pixels."""
        self.fullscreen = False

    def room(self) -> Size:
        """The largest inside a window may have: the usable desktop less the window's frame.
        A windowless driver has no screen: the logical size."""
        if windowless():
            return self.logical
        area = usable_area()
        return area.width - DECORATION[0], area.height - DECORATION[1]

    def fitted_size(self) -> Size:
        """The largest window of the table's aspect that fits the usable desktop, frame
        included. A windowless driver has no screen to fit: the logical size."""
        if windowless():
            return self.logical
        return fit(self.logical, self.room())

    def minimum_size(self) -> Size:
        """MINIMUM_SIZE, or less on a screen where the fitted window is smaller."""
        fitted = self.fitted_size()
        return min(MINIMUM_SIZE[0], fitted[0]), min(MINIMUM_SIZE[1], fitted[1])

    def windowed_size(self, wanted: Size | None) -> Size:
        """`wanted` when it fits the screen (grown to the minimum size), else (and for
        None) the fitted size. A window of another shape than the table's (1600 x 900)
        shows the table letterboxed."""
        room = self.room()
        if wanted is None or wanted[0] > room[0] or wanted[1] > room[1]:
            return self.fitted_size()
        minimum = self.minimum_size()
        return max(wanted[0], minimum[0]), max(wanted[1], minimum[1])

    def apply(self, wanted: Size | None, fullscreen: bool) -> None:
        """Show the window at `wanted` (None: fitted to the screen) or fullscreen, now."""
        with warnings.catch_warnings():
            # pygame-ce prefers its Window API for new code; this window is the display
            # module's, and the Window API is the only way to move or fullscreen it.
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        try:
            if fullscreen:
                # Cover the screen first: a bare X server has no window manager to make
                # the window fullscreen, and with one this is what fullscreen ends in anyway.
                window.borderless = True
                window.position = (0, 0)
                window.size = pygame.display.get_desktop_sizes()[0]
                window.set_fullscreen(desktop=True)
            else:
                if self.fullscreen:
                    window.set_windowed()
                    window.borderless = False
                size = self.windowed_size(wanted)
                window.minimum_size = self.minimum_size()
                window.size = size
                if not windowless():
                    window.position = centred_position(size, settled_frame(window))
            self.fullscreen = fullscreen
        except pygame.error:
            pass  # a display without window management keeps the size it has
        self.window = pygame.display.get_surface()

    @property
    def viewport(self) -> Viewport:
        return Viewport(self.logical, self.window.get_size())

    def present(self) -> None:
        """Show the canvas, scaled to the window and letterboxed."""
        self.window = pygame.display.get_surface()
        viewport = self.viewport
        if viewport.identity:
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.fill(BARS)
            target = self.window.subsurface(viewport.rect)
            pygame.transform.smoothscale(self.canvas, viewport.size, target)
        pygame.display.flip()

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        return self.viewport.to_logical(pos)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event from the window, with its position in logical pixels."""
        if event.type not in POINTER_EVENTS:
            return event
        viewport = self.viewport
        if viewport.identity:
            return event
        changes = {"pos": viewport.to_logical(event.pos)}
        if event.type == pygame.MOUSEMOTION:
            changes["rel"] = viewport.scale_motion(event.rel)
        return pygame.event.Event(event.type, {**event.dict, **changes})
