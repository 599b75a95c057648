"""A joined computer's seat at a host's table: the one client every joiner drives.

`SeatLink` connects, says hello with the seat's token, applies the host's messages in order
to a `SeatMirror` (asking for a snapshot when one is missing) and hands each to its driver
(`SeatDriver`): the scripted client's `decide` (game/net/client.py) or the window's queue
(game/app/play/remote_link.py). A dropped connection is made again with backoff, the token
giving the seat back. `send` never ends the reading: when the host closes as an action
leaves, the messages it sent before closing (the match's end) are still read.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.engine.actions import Action
from game.net.protocol import (
    MATCH_OVER,
    MAX_HOST_BYTES,
    Act,
    ClientMessage,
    Hello,
    HostMessage,
    Leaving,
    ProtocolError,
    Ready,
    RecordPart,
    Refused,
    Resync,
    Welcome,
    read_host_message,
    write_message,
)
from game.net.server import LEAVING, refusal_of
from game.net.wire import OutOfOrder, SeatMirror, inflated

OPEN_TIMEOUT_S = 5.0
RECONNECT_DELAYS_S = (0.25, 0.5, 1.0) + (2.0,) * 14
"""Backoff between attempts to get back to a dropped host: about half a minute in all, never
more than 2 s between two, so that a player is back within some 2 s of the network returning
(with 4 s and 8 s steps it took up to 8 s: benchmarks/net_processes.py reconnect)."""
PING_INTERVAL_S = 10.0
PING_TIMEOUT_S = 10.0
CLOSE_TIMEOUT_S = 2.0
LEAVING_WAIT_S = 2.0
"""How long a seat leaving a match under way waits for the host's record of the hands settled
so far (`Leaving`): an 8-hand match's whole record is some 7 KB deflated."""
LONGEST_RECONNECT_S = 15 * 60.0
"""The longest a seat tries to get back to its host, whatever reconnection window it says."""
"""The refusal of a table whose match is over, to a player back before the next one opens."""


class JoinRefused(Exception):
    """The host refused this client; `refusal.code` says why (protocol.REFUSAL_CODES)."""

    def __init__(self, refusal: Refused) -> None:
        super().__init__(f"{refusal.code}: {refusal.detail}")
        self.refusal = refusal


class HostGone(Exception):
    """The host cannot be reached any more."""


class HostUnreachable(HostGone):
    """No connection could be made to a host that never gave this client a seat."""


class SeatDriver(Protocol):
    """Who plays the seat: told each message the link applied, and each reconnection."""

    async def heard(self, link: SeatLink, message: HostMessage) -> None:
        """`message` is applied to `link.mirror`; the next one is read when this returns."""

    def reconnecting(self, attempt: int) -> None:
        """The connection dropped; attempt `attempt` follows a pause."""


class SeatLink:
    """One seat at a host's table, from its first hello to the match's end."""

    def __init__(self, uri: str, name: str, token: str = "", delays: tuple[float, ...] = RECONNECT_DELAYS_S,
                 open_timeout_s: float = OPEN_TIMEOUT_S) -> None:
        self.uri, self.name = uri, name
        self.token = token
        """The seat's secret (the host's welcome gives it): a new connection takes the seat back with it."""
        self.delays = delays
        self.open_timeout_s = open_timeout_s
        self.mirror = SeatMirror()
        """The match as the seat sees it, every message applied in order."""
        self.waiting: Refused | None = None
        """`match_over` to the seat's token: the host keeps the connection until it opens the
        next match (it closes it: JoinRefused with `match_over`, to knock at the next one) or
        leaves its table (`host_left`, at once)."""
        self.table_closed = False
        """The last attempt to connect found the host's computer with no table open at the
        address (the connection refused): not yet reopened, rather than out of reach."""
        self.left_record: str | None = None
        """The record of the hands settled before the seat's person left the match under way,
        as the host sent it (`Leaving`; None: no hand was settled, or no record came)."""
        self._connection: ClientConnection | None = None

    @property
    def latency_s(self) -> float:
        """The last ping's round trip in seconds (the first is sent as the connection opens;
        0 while the connection is down)."""
        connection = self._connection
        return connection.latency if connection is not None else 0.0

    async def run(self, driver: SeatDriver) -> SeatMirror:
        """Play the seat to the match's end (the mirror holds it). JoinRefused when the host
        refuses the seat, HostUnreachable when no connection could be made at all, HostGone
        when the host went away and did not come back within the backoff."""
        failures, dropped_at = 0, 0.0
        while self.mirror.over is None:
            try:
                async with connect(self.uri, compression=None, proxy=None, open_timeout=self.open_timeout_s,
                                   max_size=MAX_HOST_BYTES, ping_interval=PING_INTERVAL_S,
                                   ping_timeout=PING_TIMEOUT_S, close_timeout=CLOSE_TIMEOUT_S) as connection:
                    failures, self.table_closed = 0, False
                    # A ping before the hello: its pong, sent by the host at once, comes before the
                    # host's first message, so the first decision already has a measured round trip.
                    await connection.ping()
                    await connection.send(write_message(Hello(self.name, self.token)))
                    self._connection = connection
                    try:
                        await self._follow(connection, driver)
                    except asyncio.CancelledError:
                        # Only the driver cancels the link, its person leaving the table: said
                        # so, the host tells it from a dropped connection (`NetHost`).
                        await self._take_record_so_far(connection)
                        await connection.close(LEAVING, "left the table")
                        raise
                    finally:
                        self._connection = None
            except InvalidStatus as error:
                refusal = refusal_of(error.response.body or b"")
                raise JoinRefused(refusal or Refused(0, "bad_message", f"HTTP {error.response.status_code}")) \
                    from error
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as error:
                if self.mirror.welcome is None and not self.token:
                    raise HostUnreachable(str(error)) from error
                self.table_closed = isinstance(error, ConnectionRefusedError)
            if self.mirror.over is not None:
                break
            if failures == 0:
                dropped_at = time.monotonic()
            if failures >= len(self.delays) and time.monotonic() - dropped_at >= self.keeps_trying_s():
                raise HostGone("the host does not answer")
            driver.reconnecting(failures + 1)
            await asyncio.sleep(self.delays[min(failures, len(self.delays) - 1)])
            failures += 1
        return self.mirror

    async def _take_record_so_far(self, connection: ClientConnection) -> None:
        """Leaving a match under way once a hand of it was settled: the host's record of the
        hands settled so far (`Leaving`), for the person's history (`record_so_far`), waited
        for `LEAVING_WAIT_S` at most. What else comes meanwhile is applied as ever (a settlement
        in flight: the standings the record ends with); an older host refuses the question."""
        if self.mirror.over is not None or not self.mirror.settlements:
            return
        parts: dict[int, str] = {}
        await _send(connection, Leaving())
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            async with asyncio.timeout(LEAVING_WAIT_S):
                async for raw in connection:
                    try:
                        message = read_host_message(raw)
                    except ProtocolError:
                        continue
                    if isinstance(message, Refused) and message.code == "bad_message":
                        return  # a host before `Leaving`
                    with contextlib.suppress(OutOfOrder):
                        self.mirror.receive(message)
                    if isinstance(message, RecordPart):
                        parts[message.index] = message.deflated
                        if set(parts) == set(range(message.count)):
                            self.left_record = inflated([parts[index] for index in range(message.count)])
                            return

    def keeps_trying_s(self) -> float:
        """How long after a drop the seat keeps trying to get back (past its backoff, at its
        last pause): as long as the host keeps the seat for it (`Welcome.reconnect_window_s`:
        a host restarted by Continue is back within it), at most `LONGEST_RECONNECT_S`."""
        welcome = self.mirror.welcome
        return 0.0 if welcome is None else min(welcome.reconnect_window_s, LONGEST_RECONNECT_S)

    async def send(self, action: Action) -> None:
        """Send an action for the seat. One made while the connection is down, or lost as it
        drops, is not sent: the view after the reconnection asks again."""
        connection = self._connection
        if connection is not None:
            await _send(connection, Act(action))

    async def ready(self, kyoku_number: int) -> None:
        """Tell the host the seat's person closed the result of `kyoku_number`."""
        connection = self._connection
        if connection is not None:
            await _send(connection, Ready(kyoku_number))

    async def _follow(self, connection: ClientConnection, driver: SeatDriver) -> None:
        resync_asked = False
        try:
            async for raw in connection:
                try:
                    message = read_host_message(raw)
                except ProtocolError:
                    continue  # a host of the same version sends none; nothing to act on
                if isinstance(message, Refused) and message.seq == 0:
                    if message.code == MATCH_OVER and self.waiting is None:
                        self.waiting = message
                        continue
                    self.waiting = None
                    raise JoinRefused(message)
                try:
                    self.mirror.receive(message)
                except OutOfOrder:
                    if not resync_asked:  # once per gap: the host's snapshot answers it
                        await _send(connection, Resync())
                        resync_asked = True
                    continue
                resync_asked = False
                if isinstance(message, Welcome):
                    self.token = message.token
                await driver.heard(self, message)
                if self.mirror.over is not None:
                    return
        except ConnectionClosed:
            if self.waiting is None:
                raise
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            raise JoinRefused(waiting)


async def _send(connection: ClientConnection, message: ClientMessage) -> None:
    # A closed connection still yields what came before its close: the reading goes on to it.
    with contextlib.suppress(ConnectionClosed):
        await connection.send(write_message(message))
