"""A game killed outright takes its analysis workers with it (they used to live on for ever)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

GAME = """
import multiprocessing, os, sys, time
from game.app.play.analysis_pool import AnalysisPool
if __name__ == "__main__":
    pool = AnalysisPool(2, multiprocessing.get_context("spawn"))
    pids = {pool.submit(os.getpid).result(timeout=60) for _ in range(4)}
    pids |= {pool.submit_first(os.getpid).result(timeout=60) for _ in range(4)}
    print(" ".join(map(str, sorted(pids))), flush=True)
    time.sleep(120)
"""


def alive(pid: int) -> bool:
    """Running: an ended worker no one has reaped yet (a zombie) counts as ended."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return not stat.parent.parent.is_dir()  # no /proc (macOS): kill(0) is all we know


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_workers_end_when_the_game_is_killed(tmp_path):
    script = tmp_path / "game_process.py"
    script.write_text(GAME)
    game = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers: list[int] = []
    try:
        assert game.stdout is not None
        workers = [int(pid) for pid in game.stdout.readline().split()]
        assert workers and game.pid not in workers
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=10)
        deadline = time.monotonic() + 15
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(alive, workers)), "a worker outlived its game"
    finally:
        game.kill()
        for pid in filter(alive, workers):
            os.kill(pid, signal.SIGKILL)
