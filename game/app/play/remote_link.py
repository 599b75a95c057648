"""The joined window's connection to the host: the network in a thread of its own.

The frame loop never waits on the network. `RemoteLink` runs an asyncio loop in a daemon
thread that connects (game/net/client.py's address, backoff and refusals), applies the
host's messages in order to a `SeatMirror` and, after each, puts what the seat now knows
(`Heard`, immutable) on a thread-safe queue the scene polls each frame (`news`). The
player's actions go the other way with `send`, which only hands them to the loop. A
refusal of the connection, a host that cannot be reached and a host that went away each
end the link with one `Ended` on the queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.net.client import OPEN_TIMEOUT_S, RECONNECT_DELAYS_S
from game.net.protocol import (
    MAX_HOST_BYTES,
    Act,
    Hello,
    MatchOver,
    ProtocolError,
    Refused,
    Resync,
    Settled,
    Welcome,
    read_host_message,
    write_message,
)
from game.net.server import refusal_of
from game.net.wire import OutOfOrder, SeatMirror

CLOSE_TIMEOUT_S = 3.0
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
    time_left_s: float | None = None
    """The host's clock for the seat's pending decision as the latest view's message left it."""
    latency_s: float = 0.0
    """The connection's round trip (websockets' `latency`, from its pings; the first is sent
    as the connection opens, so its pong comes before the host's first message)."""


ENDED_REASONS = ("refused", "unreachable", "gone", "closed")


@dataclass(frozen=True)
class Ended:
    """The link is over: `refused` (with the host's refusal), `unreachable` (no connection
    could be made), `gone` (the host went away and did not come back) or `closed`."""

    reason: str
    refusal: Refused | None = None
    detail: str = ""


@dataclass(frozen=True)
class Reconnecting:
    """The connection dropped; the link tries again (attempt `attempt`)."""

    attempt: int


News = Heard | Ended | Reconnecting


class RemoteLink:
    """One seat at a host's table, played from this window."""

    def __init__(self, uri: str, name: str, token: str = "",
                 delays: tuple[float, ...] = RECONNECT_DELAYS_S, open_timeout_s: float = OPEN_TIMEOUT_S,
                 on_news: Callable[[], None] = lambda: None) -> None:
        """`on_news` is called from the network thread after each piece of news (the window's
        wake-up, so that a sleeping frame loop draws it at once)."""
        self.uri, self.name, self.token = uri, name, token
        self.on_news = on_news
        self.delays = delays
        self.open_timeout_s = open_timeout_s
        self.news: queue.Queue[News] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[Action] | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="net-join", daemon=True)
        self._thread.start()
        self._started.wait(CLOSE_TIMEOUT_S)

    def send(self, action: Action) -> None:
        """Hand an action for the seat to the network thread (from any thread)."""
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed in between: nothing to send on
                loop.call_soon_threadsafe(outbox.put_nowait, action)

    def close(self, wait_s: float = 0.0) -> None:
        """Leave the table: the connection closes and the thread ends in the background
        (waited for up to `wait_s`: the frame loop does not wait)."""
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        if self._thread is not None and wait_s > 0:
            self._thread.join(wait_s)

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

    # --- the network thread -------------------------------------------------------------

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
        mirror = SeatMirror()
        failures = 0
        try:
            while mirror.over is None:
                try:
                    async with connect(self.uri, compression=None, proxy=None, open_timeout=self.open_timeout_s,
                                       max_size=MAX_HOST_BYTES, ping_interval=10, ping_timeout=10,
                                       close_timeout=2) as connection:
                        failures = 0
                        await connection.ping()  # the round trip measured before the first decision
                        await connection.send(write_message(Hello(self.name, self.token)))
                        await self._follow(connection, mirror)
                except InvalidStatus as error:
                    refusal = refusal_of(error.response.body or b"")
                    self._tell(Ended("refused", refusal or Refused(0, "bad_message",
                                                                     f"HTTP {error.response.status_code}")))
                    return
                except _RefusedHere as refused:
                    self._tell(Ended("refused", refused.refusal))
                    return
                except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as error:
                    if mirror.welcome is None and not self.token:
                        self._tell(Ended("unreachable", detail=str(error)))
                        return
                if mirror.over is not None:
                    break
                if failures >= len(self.delays):
                    self._tell(Ended("gone"))
                    return
                self._tell(Reconnecting(failures + 1))
                await asyncio.sleep(self.delays[failures])
                failures += 1
            if mirror.over.reason == STOPPED:
                self._tell(Ended("gone"))
        except asyncio.CancelledError:
            self._tell(Ended("closed"))
            raise

    async def _follow(self, connection: ClientConnection, mirror: SeatMirror) -> None:
        assert self._outbox is not None
        while not self._outbox.empty():  # moves made for a connection that dropped: the new view asks again
            self._outbox.get_nowait()
        sender = asyncio.create_task(self._send_actions(connection))
        try:
            async for raw in connection:
                try:
                    message = read_host_message(raw)
                except ProtocolError:
                    continue  # a host of the same version sends none; nothing to act on
                if isinstance(message, Refused) and message.seq == 0:
                    raise _RefusedHere(message)
                try:
                    mirror.receive(message)
                except OutOfOrder:
                    await connection.send(write_message(Resync()))
                    continue
                if isinstance(message, Welcome):
                    self.token = message.token  # a dropped connection takes the seat back with it
                if mirror.welcome is None:
                    continue
                self._tell(_heard(mirror, message if isinstance(message, Refused) else None, connection.latency))
                if mirror.over is not None:
                    return
        finally:
            sender.cancel()

    async def _send_actions(self, connection: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            action = await self._outbox.get()
            with contextlib.suppress(ConnectionClosed):  # lost with the connection: the view will ask again
                await connection.send(write_message(Act(action)))


class _RefusedHere(Exception):
    def __init__(self, refusal: Refused) -> None:
        super().__init__(refusal.code)
        self.refusal = refusal


def _heard(mirror: SeatMirror, refused: Refused | None, latency_s: float) -> Heard:
    assert mirror.welcome is not None
    return Heard(mirror.welcome, mirror.kyoku_number, mirror.view, mirror.scores, mirror.stake, mirror.present,
                 tuple(mirror.settlements), mirror.over, refused, mirror.record_text, time.monotonic(),
                 mirror.time_left_s, latency_s)
