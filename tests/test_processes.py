"""Worker processes from `game.processes.spawn_context` leave Ctrl-C to their parent."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys

import pytest

from game.processes import spawn_context

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is sent by a console there")


@pytest.fixture(autouse=True)
def ctrl_c_heard():
    """SIGINT handled as Python does by default, even under a runner that ignores it (a
    background job does): a worker would inherit the ignoring."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupt_myself() -> None:
    os.kill(os.getpid(), signal.SIGINT)
    signal.raise_signal(signal.SIGINT)


@pytest.mark.parametrize("context", [spawn_context(), multiprocessing.get_context("spawn")], ids=["ours", "plain"])
def test_a_worker_lives_through_ctrl_c_while_it_starts_and_while_it_works(context):
    """Ctrl-C reaches every process of a terminal's job: a plain spawned worker dies of it
    with a traceback; ours goes on (its parent hears it and ends it)."""
    worker = context.Process(target=interrupt_myself)
    worker.start()
    os.kill(worker.pid, signal.SIGINT)  # while the new interpreter starts up
    worker.join(timeout=60)
    assert worker.exitcode is not None
    assert (worker.exitcode == 0) is (context is spawn_context())


def test_the_parent_still_hears_ctrl_c_after_starting_a_worker():
    worker = spawn_context().Process(target=os.getpid)
    worker.start()
    worker.join(timeout=60)
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
