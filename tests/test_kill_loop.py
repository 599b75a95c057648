"""The kill loop: an autosaving match killed (SIGKILL) at random moments always continues,
and a start leaves no temporary file behind (issue 18, 11 and 13); the killed match's lock
on the save never keeps the next start from continuing it (issue 30, 5)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.play.savegame import LOCK_FILE, RECORD_FILE, SaveSlot

ROOT = Path(__file__).resolve().parent.parent
KILLS = 6


def start_match(folder: Path) -> tuple[subprocess.Popen, int]:
    """The scripted match, started (or continued) and playing; its record's length at start."""
    child = subprocess.Popen([sys.executable, "-m", "tests.autosaving_match", str(folder)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line.startswith("playing"):
        child.kill()
        pytest.fail(f"the match did not start: {line!r} {child.communicate()[1]}")
    return child, int(line.split()[1])


def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_an_autosaving_match_killed_at_random_moments_always_continues(tmp_path):
    moments = random.Random(18)
    lengths = []
    mid_write = 0
    for _ in range(KILLS):
        child, length = start_match(tmp_path)
        lengths.append(length)
        time.sleep(moments.uniform(0.05, 0.6))
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, "the match stopped before it was killed"
        # what the kill left: the save loads whatever moment the kill hit
        assert SaveSlot(tmp_path).load().match.record
        mid_write += bool(temporary_files(tmp_path))
    child, length = start_match(tmp_path)  # a last start: it cleans up and continues
    child.kill()
    child.communicate(timeout=30)
    lengths.append(length)
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0], "each start continues the last save"
    SaveSlot(tmp_path).remove_leftovers()
    assert temporary_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [RECORD_FILE, LOCK_FILE]  # the lock stays, unheld
    print(f"{KILLS} kills, {mid_write} of them during a write")
