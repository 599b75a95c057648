"""Quitting right as a sound ends never hangs (a pygame-ce mixer deadlock, see audio.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 30

QUIT_AS_SOUNDS_END = textwrap.dedent(
    f"""
    import time
    import pygame
    from game.app.window.audio import Audio

    for round in range({ROUNDS}):
        pygame.init()
        audio = Audio(0.5)
        assert audio.available
        length = audio.sounds["button"].get_length()
        for name in ("button", "tile_placed", "discard"):
            audio.play(name)
        # Quit at a moment spread around the end of the sound: where the callback runs.
        time.sleep(max(0.0, length - 0.02 + (round % 10) * 0.005))
        audio.close()
        pygame.quit()
    print("quit", {ROUNDS}, "times")
    """
)


def test_quitting_just_as_sounds_finish_never_hangs():
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run(
        [sys.executable, "-c", QUIT_AS_SOUNDS_END], cwd=ROOT, env=env, capture_output=True, text=True, timeout=90
    )
    assert result.returncode == 0, result.stderr
    assert f"quit {ROUNDS} times" in result.stdout
