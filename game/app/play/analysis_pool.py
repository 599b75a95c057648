"""The analysis workers: processes that run the analyser and the AI's choice of a hand off
the frame loop, with the player's own helper first, and a worker that dies replaced.

Work waits here, not in the process pool, so that it can be ordered: `submit_first` (the
helper of the person at the screen) goes before every `submit` (the AI seats' builds, a
warm-up), and ordinary work never takes the last free worker, so that with two workers the
player's answer never waits behind an AI. When a worker dies (killed, out of memory), the
process pool breaks: it is replaced by a new one and the work that was running is started
again there, up to `RETRIES` times, so the player sees a short delay instead of an error.

A job's future (the one its caller holds) goes through its states once, whatever happens
to the workers: PENDING while it waits here; RUNNING from the moment it first leaves for a
worker, and still RUNNING while it is started again after a death or put back because the
pool broke before it got there; done once, by its last try's result or error. A pool that
cannot take work at all (a process that cannot be started) fails the job with that error,
for its caller to do it another way (the helper ranks in a thread, an AI seat builds
in-process).
"""

from __future__ import annotations

import heapq
import importlib
import logging
import multiprocessing
import os
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import count
from multiprocessing.context import BaseContext
from typing import Any

from game.engine.scoring import install_fast_divider

log = logging.getLogger(__name__)

FIRST, ORDINARY = 0, 1
RETRIES = 2
"""How many times work is started again after its worker died (then its future fails)."""


WARM_MODULES = ("game.app.play.helper", "game.ai")
"""Imported by every worker as it starts (the analyser, the AI), not by its first work."""


RELEASE = ("game.app.play.helper", "release_memory")
"""What a worker calls after each job: forget the job's walls and give their memory back."""

EXIT_ORPHANED = 3
"""A worker's exit status when its game went away first."""


def start_worker() -> None:
    """Nothing: submitted to start a worker process before it is needed."""


def warm_worker() -> None:
    """Each worker's initializer: leave with the game, then import what its work needs
    and put the fast division in place while nobody waits for it."""
    exit_with_parent()
    for name in WARM_MODULES:
        importlib.import_module(name)
    install_fast_divider()


def exit_with_parent() -> None:
    """End this worker process as soon as the process that started it is gone. A game
    killed outright (kill -9, "End task", a crash of the interpreter) runs no shutdown, and
    its workers would wait for work for ever: each holds both ends of its own work queue,
    so no end-of-file ever reaches it. The parent's sentinel (a pipe on POSIX, the process
    handle on Windows) becomes ready when the parent ends, whatever the way."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(EXIT_ORPHANED)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()



_releasing: list[threading.Thread] = []
"""The worker's release after its last job, while that job's result is sent."""


def run_job(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes:
    """One job in a worker process (its result pickled), then its memory released: each
    job is another wall (the player's, an AI seat's), so what the analyser cached for it
    is of no use to the next, and a worker left holding it would keep tens of MB between
    hands (issue 16). The result is pickled here so that its objects (a whole ranking's
    are some 5 MB) are gone before the release; the release (some 10 ms) runs in a
    thread while the pickle goes out, and the next job starts once it is done."""
    while _releasing:
        _releasing.pop().join()
    try:
        return pickle.dumps(fn(*args, **kwargs), pickle.HIGHEST_PROTOCOL)
    finally:
        module, name = RELEASE
        release = threading.Thread(target=getattr(importlib.import_module(module), name), daemon=True)
        release.start()
        _releasing.append(release)


@dataclass(order=True)
class _Job:
    priority: int
    sequence: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    kwargs: dict[str, Any] = field(compare=False)
    future: Future[Any] = field(compare=False)
    attempts: int = field(default=0, compare=False)
    """Tries whose worker died."""

    def start(self) -> bool:
        """Whether the job is to go to a worker: its future is marked RUNNING the first
        time (False if its caller cancelled it while it waited) and stays so at every
        later try."""
        return self.future.running() or self.future.set_running_or_notify_cancel()


class AnalysisPool(Executor):
    """An `Executor` over worker processes: `submit` for ordinary work, `submit_first` for
    work someone is waiting for."""

    def __init__(self, workers: int = 1, mp_context: BaseContext | None = None) -> None:
        self._workers = workers
        self._context = mp_context
        self._lock = threading.Lock()
        self._queue: list[_Job] = []
        self._running: dict[Future[Any], tuple[_Job, ProcessPoolExecutor]] = {}
        self._sequence = count()
        self._pool: ProcessPoolExecutor | None = None
        self._retired: list[ProcessPoolExecutor] = []
        """Broken pools to shut down once the lock is released (shutting one down runs
        the callbacks of its futures, which take the lock)."""
        self._failed: list[tuple[_Job, BaseException]] = []
        """Jobs no worker could take, to fail once the lock is released (their callbacks
        may submit again)."""
        self._closed = False
        self.restarts = 0
        """Process pools replaced after a worker died."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._enqueue(ORDINARY, fn, args, kwargs)

    def submit_first(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Like `submit`, ahead of all ordinary work waiting, and free to take any worker."""
        return self._enqueue(FIRST, fn, args, kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            for job in self._queue:  # no work starts after shutdown: none may wait for ever
                if not job.future.cancel():  # running: put back after its worker died
                    self._failed.append((job, CancelledError("the analysis workers were shut down")))
            self._queue.clear()
            pool = self._pool
        self._retire()
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    def terminate(self) -> None:
        """End every worker process at once, for a game that must leave without `shutdown`
        (the display went away): the workers would live on, blocked on a queue no one writes to."""
        with self._lock:
            self._closed = True
            pools = [pool for pool in (self._pool, *self._retired) if pool is not None]
        for pool in pools:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()

    def _enqueue(self, priority: int, fn: Callable[..., Any], args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new work after shutdown")
            heapq.heappush(self._queue, _Job(priority, next(self._sequence), fn, args, kwargs, future))
            started = self._dispatch()
        self._watch(started)
        self._retire()
        return future

    def _dispatch(self) -> list[Future[Any]]:
        """Start waiting work on free workers, first things first (called with the lock); the
        work started, for `_watch` to follow once the lock is released."""
        started: list[Future[Any]] = []
        while self._queue and len(self._running) < self._workers and not self._closed:
            job = self._queue[0]
            ordinary = sum(1 for queued, _ in self._running.values() if queued.priority == ORDINARY)
            if job.priority == ORDINARY and ordinary >= max(1, self._workers - 1):
                break  # the last free worker is kept for work someone waits for
            heapq.heappop(self._queue)
            if not job.start():
                continue  # cancelled while it waited
            try:
                pool = self._current_pool()
                inner = pool.submit(run_job, job.fn, job.args, job.kwargs)
            except BrokenProcessPool:  # a worker died while none of our work was running
                self._replace(self._pool)
                heapq.heappush(self._queue, job)
                continue
            except Exception as error:  # no worker can be had (OSError, ...): the caller must hear of it
                self._replace(self._pool)
                self._failed.append((job, error))
                continue
            self._running[inner] = (job, pool)
            started.append(inner)
        return started

    def _watch(self, started: list[Future[Any]]) -> None:
        # Outside the lock: a future already done runs its callback at once, in this thread,
        # and the callback takes the lock.
        for inner in started:
            inner.add_done_callback(self._finished)

    def _current_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self._workers, mp_context=self._context,
                                             initializer=warm_worker)
            for _ in range(self._workers - 1):  # all workers start now, not when first needed
                self._pool.submit(start_worker)
        return self._pool

    def _replace(self, broken: ProcessPoolExecutor | None) -> None:
        if broken is not None and self._pool is broken:
            self._pool = None
            self.restarts += 1
            self._retired.append(broken)

    def _retire(self) -> None:
        """Shut the broken pools down and fail the jobs no worker could take (outside the lock)."""
        with self._lock:
            retired, self._retired = self._retired, []
            failed, self._failed = self._failed, []
        for pool in retired:
            pool.shutdown(wait=False, cancel_futures=True)
        for job, error in failed:
            job.future.set_exception(error)

    def _finished(self, inner: Future[Any]) -> None:
        """Pass a result on, or start the work again when its worker died."""
        with self._lock:
            job, pool = self._running.pop(inner)
            error = None if inner.cancelled() else inner.exception()
            died = isinstance(error, BrokenProcessPool) or (inner.cancelled() and not self._closed)
            if died:
                self._replace(pool)
                job.attempts += 1
            again = died and job.attempts <= RETRIES and not self._closed
            if again:
                log.warning("an analysis worker died; starting its work again (%s)", error)
                heapq.heappush(self._queue, job)
            started = self._dispatch()
        self._watch(started)
        self._retire()
        if again:
            return
        if inner.cancelled():
            job.future.set_exception(CancelledError("the analysis workers were shut down"))
        elif error is not None:
            job.future.set_exception(error)
        else:
            try:
                result = pickle.loads(inner.result())
            except Exception as unreadable:  # a result the game cannot read: its caller must hear of it
                job.future.set_exception(unreadable)
            else:
                job.future.set_result(result)
