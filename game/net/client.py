"""A joined computer's side: connect, take a seat, apply the host's messages in order, act.

`play_seat` plays one seat to the match's end with a `decide(view) -> action` function (an
AI level for the scripted client; the window's table later). The connection is rebuilt by
itself with backoff when it drops, the seat's token giving the seat back.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable
from urllib.parse import urlencode

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.net.protocol import (
    MAX_HOST_BYTES,
    PROTOCOL_VERSION,
    Act,
    Hello,
    ProtocolError,
    Refused,
    Resync,
    read_host_message,
    write_message,
)
from game.net.server import refusal_of
from game.net.wire import OutOfOrder, SeatMirror

OPEN_TIMEOUT_S = 5.0
RECONNECT_DELAYS_S = (0.25, 0.5, 1.0) + (2.0,) * 14
"""Backoff between attempts to get back to a dropped host: about half a minute in all, never
more than 2 s between two, so that a player is back within some 2 s of the network returning
(with 4 s and 8 s steps it took up to 8 s: benchmarks/net_processes.py reconnect)."""
REFUSALS_BEFORE_WAITING = 3
"""A decision refused this often is left to the host's clock (its stand-in moves)."""
DEFAULT_PORT = 17017


class JoinRefused(Exception):
    """The host refused this client; `refusal.code` says why (protocol.REFUSAL_CODES)."""

    def __init__(self, refusal: Refused) -> None:
        super().__init__(f"{refusal.code}: {refusal.detail}")
        self.refusal = refusal


class HostGone(Exception):
    """The host cannot be reached any more."""


def parse_address(address: str) -> tuple[str, int]:
    """`host:port`, `[v6]:port`, a bare host or IPv6 address (the default port)."""
    text = address.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":") or str(DEFAULT_PORT)
    elif text.count(":") > 1:
        host, port = text, str(DEFAULT_PORT)
    else:
        host, _, port = text.partition(":")
        port = port or str(DEFAULT_PORT)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not an address: {address!r} (host:port, or [IPv6]:port)")
    return host, int(port)


def join_uri(address: str, code: str) -> str:
    host, port = parse_address(address)
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    return f"ws://{host}:{port}/?{urlencode({'v': PROTOCOL_VERSION, 'code': code})}"


async def play_seat(uri: str, name: str, decide: Callable[[SeatView], Action], token: str = "",
                    on_message: Callable[[SeatMirror], None] = lambda mirror: None,
                    delays: tuple[float, ...] = RECONNECT_DELAYS_S) -> SeatMirror:
    """Play a seat to the match's end; the mirror holds the match as the seat saw it."""
    mirror = SeatMirror()
    failures = 0
    while mirror.over is None:
        try:
            async with connect(uri, compression=None, proxy=None, open_timeout=OPEN_TIMEOUT_S,
                               max_size=MAX_HOST_BYTES, ping_interval=10, ping_timeout=10,
                               close_timeout=2) as connection:
                failures = 0
                await connection.send(write_message(Hello(name, token)))
                await _follow(connection, mirror, decide, on_message)
        except InvalidStatus as error:
            refusal = refusal_of(error.response.body or b"")
            raise JoinRefused(refusal or Refused(0, "bad_message", f"HTTP {error.response.status_code}")) from error
        except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as error:
            if mirror.welcome is None and not token:
                raise HostGone(str(error)) from error
        if mirror.over is not None:
            break
        if mirror.welcome is not None:
            token = mirror.welcome.token
        if failures >= len(delays):
            raise HostGone("the host does not answer")
        await asyncio.sleep(delays[failures])
        failures += 1
    return mirror


async def _follow(connection: ClientConnection, mirror: SeatMirror, decide: Callable[[SeatView], Action],
                  on_message: Callable[[SeatMirror], None]) -> None:
    acted: tuple[object, ...] | None = None
    refusals: dict[tuple[object, ...], int] = {}
    async for raw in connection:
        try:
            message = read_host_message(raw)
        except ProtocolError:
            continue  # a host of the same version sends none; nothing to act on
        if isinstance(message, Refused) and message.seq == 0:
            raise JoinRefused(message)
        try:
            mirror.receive(message)
        except OutOfOrder:
            await connection.send(write_message(Resync()))
            continue
        on_message(mirror)
        if mirror.over is not None:
            return
        if isinstance(message, Refused) and message.code == "illegal_action" and acted is not None:
            refusals[acted] = refusals.get(acted, 0) + 1
            if refusals[acted] < REFUSALS_BEFORE_WAITING:
                acted = None  # asked again with the view as it is now
        view = mirror.view
        if view is None or not view.legal_actions:
            continue
        key = (mirror.kyoku_number, view.phase, tuple(map(len, view.rivers)), view.hand is None)
        if key == acted or refusals.get(key, 0) >= REFUSALS_BEFORE_WAITING:
            continue
        acted = key
        action = await asyncio.to_thread(decide, view)
        await connection.send(write_message(Act(action)))
