"""The analysis workers that the windows of one test process share.

Each window starts two analysis worker processes as its first table opens
(`App.analysis_pool`); each starts a Python and imports the analyser and the AI: some 3 s of
CPU per window test that opens a table, more than most such tests spend in the window itself.
The windows made by the tests of one process lease the same workers instead. A lease is the
window's pool as the window sees it: its work, its wake-ups and its shutdown are its own, and
the workers outlive it (`tests/ui/conftest.py`, `windows_share_workers`).

The work is pure (a function of its pickled call, run in another process), and the tests
open the same tables again and again (the same crafted walls, the same seeds): a call the
workers answered before is answered again from what they said, unpickled anew, instead of
ranking the same wall once more (the workers' ranking was half the CPU of the table tests).
Each call is still made in a worker the first time.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import wait as wait_for
from multiprocessing.context import BaseContext
from typing import Any

from game.app.play.analysis_pool import AnalysisPool
from game.app.window.wake import wake_window

ANSWERS_KEPT = 32
"""The workers' answers remembered (the last used; a ranking pickles to a few MB at most)."""


class SharedWorkers:
    """The analysis pool of this test process, made when a window first asks for one."""

    def __init__(self) -> None:
        self.pool: AnalysisPool | None = None
        self._answers: OrderedDict[bytes, bytes] = OrderedDict()
        self._answers_lock = threading.Lock()

    def lease(self, workers: int, context: BaseContext | None = None) -> PoolLease:
        """Stands in for `WakingAnalysisPool(workers, context)` when a window is made."""
        if self.pool is None:
            self.pool = AnalysisPool(workers, context)
        return PoolLease(self, self.pool)

    def answer(self, call: bytes) -> Future[Any] | None:
        """The workers' answer to this pickled call if they gave it before, as a future done."""
        with self._answers_lock:
            answer = self._answers.get(call)
            if answer is None:
                return None
            self._answers.move_to_end(call)
        future: Future[Any] = Future()
        future.set_result(pickle.loads(answer))
        return future

    def keep(self, call: bytes, future: Future[Any]) -> None:
        """Remember a call's answer once the workers gave it (not a failure, not a cancel)."""
        if future.cancelled() or future.exception() is not None:
            return
        answer = pickle.dumps(future.result(), pickle.HIGHEST_PROTOCOL)
        with self._answers_lock:
            self._answers[call] = answer
            while len(self._answers) > ANSWERS_KEPT:
                self._answers.popitem(last=False)

    def terminate(self, pool: AnalysisPool) -> None:
        """End the pool's workers now; the next window gets new ones."""
        pool.terminate()
        if self.pool is pool:
            self.pool = None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


class PoolLease:
    """One window's analysis pool, on the shared workers. Like `WakingAnalysisPool`, each
    future wakes the window; once the window has shut its pool, its waiting work is
    cancelled, it may submit no more, and work of it still running wakes no other window."""

    def __init__(self, shared: SharedWorkers, pool: AnalysisPool) -> None:
        self._shared = shared
        self._pool = pool
        self._restarts_before = pool.restarts
        self._lock = threading.Lock()
        self._futures: set[Future[Any]] = set()
        self._closed = False

    @property
    def restarts(self) -> int:
        """Process pools replaced after a worker died, while this window had the workers."""
        return self._pool.restarts - self._restarts_before

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._kept(self._pool.submit, fn, args, kwargs)

    def submit_first(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._kept(self._pool.submit_first, fn, args, kwargs)

    def _kept(self, submit: Callable[..., Future[Any]], fn: Callable[..., Any], args: tuple[Any, ...],
              kwargs: dict[str, Any]) -> Future[Any]:
        try:
            call: bytes | None = pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):  # the pool says what is wrong with it
            call = None
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new work after shutdown")
            future = None if call is None else self._shared.answer(call)
            if future is None:
                future = submit(fn, *args, **kwargs)
                if call is not None:
                    future.add_done_callback(lambda done: self._shared.keep(call, done))
            self._futures.add(future)
        future.add_done_callback(self._done)
        return future

    def _done(self, future: Future[Any]) -> None:
        with self._lock:
            self._futures.discard(future)
            closed = self._closed
        if not closed:
            wake_window()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            futures = list(self._futures)
        if cancel_futures:
            for future in futures:
                future.cancel()  # waiting work only: running work ends in its worker
        if wait:
            wait_for(futures)

    def terminate(self) -> None:
        with self._lock:
            self._closed = True
        self._shared.terminate(self._pool)
