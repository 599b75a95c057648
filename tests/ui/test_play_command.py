"""`python -m game play`: opens the window, closes after --frames, fails kindly without a display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_play(tmp_path: Path, *args: str, driver: str = "dummy") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": driver, "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    command = [sys.executable, "-m", "game", "play", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_the_window_opens_and_closes_after_the_given_frames(tmp_path):
    done = run_play(tmp_path, "--seed", "3", "--frames", "20")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "data" / "17steps" / "unfinished_match.jsonl").exists()


def test_without_a_display_it_says_so_and_exits_with_an_error(tmp_path):
    done = run_play(tmp_path, "--frames", "5", driver="no-such-video-driver")
    assert done.returncode == 1
    assert "needs a display" in done.stderr


def test_the_command_documents_its_options(tmp_path):
    done = run_play(tmp_path, "--help")
    assert done.returncode == 0
    for option in ("--seed", "--frames", "--screenshots", "--bind", "--port"):
        assert option in done.stdout


def test_a_port_that_is_not_one_is_refused_before_the_window_opens(tmp_path):
    for port in ("70000", "-1", "seventeen"):
        done = run_play(tmp_path, "--bind", "127.0.0.1", "--port", port, "--frames", "5")
        assert done.returncode == 2, port
        assert "--port" in done.stderr
