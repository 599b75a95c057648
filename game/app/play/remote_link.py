"""The joined window's connection to the host: the network in a thread of its own.

The frame loop never waits on the network. `RemoteLink` runs an asyncio loop in a daemon
thread that plays the seat over a `SeatLink` (game/net/seat_link.py: the connection, its
backoff and refusals, the host's messages applied in order to a `SeatMirror`) and, after
each message, puts what the seat now knows (`Heard`, immutable) on a thread-safe queue the
scene polls each frame (`news`). The player's actions go the other way with `send`, which
only hands them to the loop. A refusal of the connection, a host that cannot be reached and
a host that went away each end the link with one `Ended` on the queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.net.protocol import HostMessage, MatchOver, Reading, Ready, Refused, Settled, Snapshot, Welcome
from game.net.seat_link import (
    LEAVING_WAIT_S,
    OPEN_TIMEOUT_S,
    RECONNECT_DELAYS_S,
    HostGone,
    HostUnreachable,
    JoinRefused,
    SeatLink,
)
from game.net.wire import SeatMirror

CLOSE_TIMEOUT_S = 3.0
LEFT_WAIT_S = LEAVING_WAIT_S + CLOSE_TIMEOUT_S
"""How long the background keeping of a match left under way waits for the link to end: its
wait for the host's record, then its connection's close."""
STOPPED = "stopped"
"""The end a host gives a match it quit before its end (game/net/table.py `match_over`)."""


@dataclass(frozen=True)
class Heard:
    """What the seat knows after one message from the host (safe to read from any thread)."""

    welcome: Welcome
    kyoku_number: int
    view: SeatView | None
    scores: tuple[float, ...]
    stake: int
    present: tuple[bool, ...]
    settlements: tuple[Settled, ...]
    over: MatchOver | None
    refused: Refused | None = None
    """The message was a refusal of one of the seat's actions."""
    record_text: str | None = None
    at: float = 0.0
    """When the message reached this computer (`time.monotonic`): a decision's clock starts then."""
    latency_s: float = 0.0
    """The connection's keep-alive round trip when the message came (`SeatLink.latency_s`)."""
    clocks: tuple[float | None, ...] = ()
    """The host's clock for each seat's pending decision (by seat) as the latest view's
    message left it: the seats the table waits on, as far as this seat may know (`Snapshot.clocks`)."""
    given_up: tuple[bool, ...] = ()
    """The absent seats the host has given up to their stand-in (`Presence.given_up`)."""
    reading: Reading | None = None
    """Who the next hand waits for while a result is read (`Reading`)."""
    whole: bool = False
    """The message told the seat's view whole (a snapshot: a hand begun, a rejoin, a resync
    after a missed message; or a welcome): it supersedes the news of its hand before it."""

    def time_left_s(self, seat: int) -> float | None:
        """The host's clock for `seat`'s pending decision as the latest view's message left it
        (None: it owes none, or this seat may not know it does)."""
        return self.clocks[seat] if 0 <= seat < len(self.clocks) else None


ENDED_REASONS = ("refused", "unreachable", "gone", "closed", "failed")


@dataclass(frozen=True)
class Ended:
    """The link is over: `refused` (with the host's refusal), `unreachable` (no connection
    could be made), `gone` (the host went away and did not come back), `closed`, or `failed`
    (anything else went wrong in the link: `detail` says what)."""

    reason: str
    refusal: Refused | None = None
    detail: str = ""


@dataclass(frozen=True)
class LeftMatch:
    """A match its person left under way (Menu → Leave the table), as the host's record of the
    hands settled so far tells it, for their history (`RemoteLink.left_match`)."""

    record_text: str
    welcome: Welcome
    scores: tuple[float, ...]
    """The standings after the last hand settled, as the host announced them."""


@dataclass(frozen=True)
class Reconnecting:
    """The connection dropped, or could not be made; the link tries again (attempt `attempt`)."""

    attempt: int
    table_closed: bool = False
    """The last attempt found the host's computer with no table open at the address: its host
    has not opened it again yet (after a crash, or at its title), which Continue does."""


News = Heard | Ended | Reconnecting


class RemoteLink:
    """One seat at a host's table, played from this window: the `SeatLink`'s driver, its
    news on a queue."""

    def __init__(self, uri: str, name: str, token: str = "",
                 delays: tuple[float, ...] = RECONNECT_DELAYS_S, open_timeout_s: float = OPEN_TIMEOUT_S,
                 on_news: Callable[[], None] = lambda: None) -> None:
        """`on_news` is called from the network thread after each piece of news (the window's
        wake-up, so that a sleeping frame loop draws it at once)."""
        self.link = SeatLink(uri, name, token, delays, open_timeout_s)
        self.on_news = on_news
        self.news: queue.Queue[News] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[Action | Ready] | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._closing = False

    @property
    def delays(self) -> tuple[float, ...]:
        """The pauses between attempts to get back to a dropped host."""
        return self.link.delays

    @delays.setter
    def delays(self, delays: tuple[float, ...]) -> None:
        self.link.delays = delays

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="net-join", daemon=True)
        self._thread.start()
        self._started.wait(CLOSE_TIMEOUT_S)

    def send(self, action: Action | Ready) -> None:
        """Hand an action for the seat, or its person's Ready, to the network thread (from any
        thread)."""
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed in between: nothing to send on
                loop.call_soon_threadsafe(outbox.put_nowait, action)

    def close(self, wait_s: float = 0.0) -> None:
        """Leave the table: the connection closes and the thread ends in the background
        (waited for up to `wait_s`: the frame loop does not wait)."""
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed() and not self._closing:
            # Once: a second cancel would cut short the leaving seat's wait for its record.
            self._closing = True
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        if self._thread is not None and wait_s > 0:
            self._thread.join(wait_s)

    def left_match(self, wait_s: float = LEFT_WAIT_S) -> LeftMatch | None:
        """After `close`, once the link has ended (waited for up to `wait_s`): the host's record
        of the hands settled before the person left the match under way, with the seat's
        welcome and the standings after the last of those hands (None: none came)."""
        if self._thread is not None:
            self._thread.join(wait_s)
        mirror, text = self.link.mirror, self.link.left_record
        if self.running or text is None or mirror.welcome is None or not mirror.settlements:
            return None
        return LeftMatch(text, mirror.welcome, mirror.settlements[-1].scores)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def poll(self, limit: int = 200) -> list[News]:
        """The news that came since the last poll (at most `limit`; never waits)."""
        got: list[News] = []
        for _ in range(limit):
            try:
                got.append(self.news.get_nowait())
            except queue.Empty:
                break
        return got

    # --- the network thread: the SeatLink's driver --------------------------------------

    async def heard(self, link: SeatLink, message: HostMessage) -> None:
        if link.mirror.welcome is not None:
            self._tell(_heard(link.mirror, message if isinstance(message, Refused) else None, link.latency_s,
                              clocked=not isinstance(message, Welcome),
                              whole=isinstance(message, Welcome | Snapshot)))

    def reconnecting(self, attempt: int) -> None:
        self._tell(Reconnecting(attempt, self.link.table_closed))

    @property
    def waiting_for_host(self) -> bool:
        """Back at a table whose match is over: the host keeps the connection while it decides
        (`SeatLink.waiting`)."""
        return self.link.waiting is not None

    def _tell(self, news: News) -> None:
        self.news.put(news)
        self.on_news()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            self._loop = loop
            self._outbox = asyncio.Queue()
            self._task = loop.create_task(self._play())
            self._started.set()
            with contextlib.suppress(asyncio.CancelledError):
                loop.run_until_complete(self._task)
        finally:
            loop.close()

    async def _play(self) -> None:
        sender = asyncio.create_task(self._send_actions())
        try:
            mirror = await self.link.run(self)
        except JoinRefused as refused:
            self._tell(Ended("refused", refused.refusal))
        except HostUnreachable as error:
            self._tell(Ended("unreachable", detail=str(error)))
        except HostGone:
            self._tell(Ended("gone"))
        except asyncio.CancelledError:
            self._tell(Ended("closed"))
            raise
        except Exception as error:  # any other failure ends the link in words, never a screen left waiting
            self._tell(Ended("failed", detail=f"{type(error).__name__}: {error}"))
        else:
            if mirror.over is not None and mirror.over.reason == STOPPED:
                self._tell(Ended("gone"))
        finally:
            sender.cancel()

    async def _send_actions(self) -> None:
        assert self._outbox is not None
        while True:
            item = await self._outbox.get()
            if isinstance(item, Ready):
                await self.link.ready(item.kyoku_number)
            else:
                await self.link.send(item)


def _heard(mirror: SeatMirror, refused: Refused | None, latency_s: float, clocked: bool = True,
           whole: bool = False) -> Heard:
    """The seat's news now. Not `clocked` (a welcome): no clock, for the view the mirror still
    holds is the last connection's, its clocks stamped then; after a reconnection to a host
    that was restarted (Continue), they would run from this moment on the joined screen while
    no clock runs at the host until it starts the match again, which tells every seat its own."""
    assert mirror.welcome is not None
    return Heard(mirror.welcome, mirror.kyoku_number, mirror.view, mirror.scores, mirror.stake, mirror.present,
                 tuple(mirror.settlements), mirror.over, refused, mirror.record_text, time.monotonic(), latency_s,
                 mirror.clocks if clocked else (), mirror.given_up, mirror.reading, whole)
