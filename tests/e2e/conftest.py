"""The tests that drive the real window run one at a time on this machine, whichever
worker runs them: each starts its own X server on the first free display number, and two
at once could both take the same one (the game of one test then drawing on the other's
screen, and dying with it). pytest-xdist's groups do not hold them together under pytest 9
(its node-id suffix is lost), so an OS file lock does: dropped by the OS when a worker
dies, and shared with any other run of the suite on the machine."""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

TURN_FILE = Path(tempfile.gettempdir()) / "17steps-xvfb-tests.lock"


@pytest.fixture(autouse=True)
def one_window_test_at_a_time() -> Iterator[None]:
    with TURN_FILE.open("a") as turn:
        fcntl.flock(turn, fcntl.LOCK_EX)  # pytest-timeout's limit for these tests bounds the wait
        try:
            yield
        finally:
            fcntl.flock(turn, fcntl.LOCK_UN)
