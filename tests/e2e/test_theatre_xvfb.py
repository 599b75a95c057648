"""The replay theatre in a real X server: `python -m game watch FILE` under Xvfb, stepped
through a record with the keyboard (xdotool), with the game's own screenshots (F12).

Needs the Debian packages xvfb and xdotool; without them the test is skipped, saying so.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pygame

from game.engine.record import write_record
from tests.e2e.test_window_xvfb import ROOT, Screen, keep_pictures, pytestmark, xserver  # noqa: F401
from tests.test_playback import live_match


def test_a_record_is_watched_and_stepped_with_the_keyboard(xserver, tmp_path):  # noqa: F811
    match, _ = live_match("kaiji", 2, seed=5)
    record = tmp_path / "match.jsonl"
    write_record(record, match.record)
    shots = tmp_path / "shots"
    game = subprocess.Popen([sys.executable, "-m", "game", "watch", str(record), "--screenshots", str(shots)],
                            cwd=ROOT, env=xserver, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(game.pid)], env=xserver, check=True,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        time.sleep(1.5)
        screen = Screen(xserver, window)
        screen.screenshot()  # 001: the hand's start, every wall closed
        for _ in range(3):
            screen.key("Right")
        screen.screenshot()  # 002: both hands built
        screen.key("period")
        screen.key("period")
        screen.screenshot()  # 003: a discard round later
        screen.key("Next")  # Page Down: the second hand
        screen.key("v")
        screen.screenshot()  # 004: the second hand from seat 1
        screen.key("Left")
        screen.screenshot()  # 005: the end of the first hand, its result
        screen.key("Escape")  # to the title
        screen.key("Escape")  # which quits
        assert game.wait(timeout=30) == 0, game.stderr.read().decode(errors="replace")
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    pictures = keep_pictures(shots, "theatre")
    assert len(pictures) == 5
    pygame.init()
    images = [pygame.image.tobytes(pygame.image.load(str(p)), "RGB") for p in pictures]
    assert len(set(images)) == 5, "each step shows a different table"
