"""Waking the frame loop when background work is done.

The window sleeps while nothing moves (`App.run`). Work running off the frame loop (an
AI's move, the helper's ranking, a hand completed at the deadline) can change what the
table shows the moment it is done, so every future of the window's two executors posts
`WAKE` when it finishes: the loop wakes and the answer is drawn at once. Posting is
SDL_PushEvent, which any thread may call.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from game.app.play.analysis_pool import AnalysisPool

WAKE = pygame.event.custom_type()
"""Background work finished: draw a frame (the event carries nothing else)."""


def wake_window(_future: Future[Any] | None = None) -> None:
    """Post `WAKE` (from any thread); nothing once the window is closed."""
    if not pygame.display.get_init():
        return
    with contextlib.suppress(pygame.error):  # the video system went down since the check
        pygame.event.post(pygame.event.Event(WAKE))


def _waking(future: Future[Any]) -> Future[Any]:
    future.add_done_callback(wake_window)
    return future


class WakingThreadPool(ThreadPoolExecutor):
    """The window's threads (AI discards, background completions): each future wakes it."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return _waking(super().submit(fn, *args, **kwargs))


class WakingAnalysisPool(AnalysisPool):
    """The window's analysis workers (the helper, the AI's builds): each future wakes it."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return _waking(super().submit(fn, *args, **kwargs))

    def submit_first(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return _waking(super().submit_first(fn, *args, **kwargs))
