"""When the X server goes away (killed, a remote session dropped), exit at once.

Xlib's default answer to a broken connection is `exit()` from inside SDL's event pump,
which can stall in exit handlers while the game's threads play on unseen. The game saves
after every move, so the right thing is to say so and leave: a handler of our own is
installed with XSetIOErrorHandler (Xlib never lets such a handler return).
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pygame

EXIT_DISPLAY_LOST = 3
MESSAGE = "17 Steps: the display went away; the match is saved after every move, so Continue resumes it."

_IO_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
_installed: list[object] = []  # the callback must outlive the call that installs it


def _loaded_x11() -> ctypes.CDLL | None:
    for line in Path("/proc/self/maps").read_text().splitlines():
        path = line.split()[-1]
        if "/libX11.so" in path:
            return ctypes.CDLL(path)
    return None


def display_lost(before_exit: Callable[[], None] | None = None) -> None:
    """Say what happened and end the process now (no cleanup can talk to X any more)."""
    try:
        if before_exit is not None:
            before_exit()
    finally:
        print(MESSAGE, file=sys.stderr, flush=True)
        os._exit(EXIT_DISPLAY_LOST)


def watch_for_display_loss(before_exit: Callable[[], None] | None = None) -> bool:
    """Install the handler when SDL runs on X11; whether it was installed."""
    if pygame.display.get_driver() != "x11" or not sys.platform.startswith("linux"):
        return False
    try:
        library = _loaded_x11()
    except OSError:
        return False
    if library is None:
        return False

    def on_io_error(_display: int) -> int:
        display_lost(before_exit)
        return 0

    handler = _IO_ERROR_HANDLER(on_io_error)
    library.XSetIOErrorHandler.restype = ctypes.c_void_p
    library.XSetIOErrorHandler.argtypes = [_IO_ERROR_HANDLER]
    library.XSetIOErrorHandler(handler)
    _installed.append(handler)
    return True
