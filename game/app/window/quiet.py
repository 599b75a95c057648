"""What the game keeps off the terminal: messages that look like failures when nothing failed.

Without a sound card and without a sound server, SDL falls back on ALSA, and ALSA prints a
screenful of errors before the game goes on, silent. With the dummy video driver (CI, a
smoke run) pygame warns that no fast renderer exists, which is true and harmless there.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path

SILENT_AUDIO_DRIVER = "dummy"


def audio_driver_override(platform: str, environ: Mapping[str, str],
                          exists: Callable[[Path], bool] = Path.exists,
                          list_dir: Callable[[Path], list[str]] | None = None) -> str | None:
    """The SDL audio driver to set before pygame starts, or None to let SDL choose.

    Only on Linux, only when the user has not chosen one, and only when there is nothing to
    play on: no PulseAudio or PipeWire server and no ALSA device.
    """
    if not platform.startswith("linux") or environ.get("SDL_AUDIODRIVER"):
        return None
    if environ.get("PULSE_SERVER"):
        return None
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime and any(exists(Path(runtime) / name) for name in ("pulse/native", "pipewire-0")):
        return None
    if list_dir is None:
        list_dir = _names_in
    if any(name.startswith("pcm") for name in list_dir(Path("/dev/snd"))):
        return None
    return SILENT_AUDIO_DRIVER


def _names_in(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def quiet_startup() -> None:
    """Call before pygame starts."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    driver = audio_driver_override(sys.platform, os.environ)
    if driver is not None:
        os.environ["SDL_AUDIODRIVER"] = driver
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        warnings.filterwarnings("ignore", message="no fast renderer available")
