"""Worker processes that leave Ctrl-C to the process that started them.

A terminal sends Ctrl-C (SIGINT) to every process of the foreground job: the tool and its
workers. A worker used to die of it with a KeyboardInterrupt traceback of its own, and a
pool whose workers died could start new ones while the tool was ending (`lab --jobs 2`
left one running). Workers started from `spawn_context()` never see Ctrl-C: the process
that started them hears it and ends them (`Pool.terminate` as its `with` block is left,
the window's shutdown, or their watch on their parent).

On POSIX SIGINT is blocked in the starting thread while a worker is started, so the new
interpreter is born with it blocked (a mask survives exec) and no Ctrl-C reaches it even
while it starts up; the parent gets a Ctrl-C of that moment as soon as it unblocks. Where
there is no signal mask (Windows), the worker ignores SIGINT from its first line of work.
"""

from __future__ import annotations

import multiprocessing
import signal
from multiprocessing import resource_tracker
from multiprocessing.context import SpawnContext, SpawnProcess


class InterruptProofProcess(SpawnProcess):
    """A spawned process that ignores SIGINT (see the module's docstring)."""

    def start(self) -> None:
        if not hasattr(signal, "pthread_sigmask"):
            super().start()
            return
        # started first, as it unblocks SIGINT after starting itself
        resource_tracker.ensure_running()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def run(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        super().run()


class _InterruptProofContext(SpawnContext):
    Process = InterruptProofProcess


_CONTEXT = _InterruptProofContext()


def spawn_context() -> multiprocessing.context.BaseContext:
    """The spawn start method (never fork: a fork copies whatever locks other threads of the
    caller hold), with workers deaf to Ctrl-C; for `Pool` and `ProcessPoolExecutor` alike."""
    return _CONTEXT
