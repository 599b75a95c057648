"""The scripted joiner: a seat played with a `decide(view) -> action` function.

`play_seat` plays one seat to the match's end over a `SeatLink` (game/net/seat_link.py: the
connection, its backoff, the seat's token, the messages in order), asking `decide` once for
each decision the seat owes: an AI level for `python -m game join`, the tests and benchmarks.
Also the address a person types, made into the host's URI.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable
from urllib.parse import urlencode

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.net.protocol import PROTOCOL_VERSION, HostMessage, Refused
from game.net.seat_link import RECONNECT_DELAYS_S, HostGone, JoinRefused, SeatLink
from game.net.wire import SeatMirror

__all__ = ["DEFAULT_PORT", "HostGone", "JoinRefused", "join_uri", "parse_address", "play_seat"]

REFUSALS_BEFORE_WAITING = 3
"""A decision refused this often is left to the host's clock (its stand-in moves)."""
DEFAULT_PORT = 17017


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
    """Play a seat to the match's end; the mirror holds the match as the seat saw it.
    JoinRefused when the host refuses the seat, HostGone when it cannot be reached."""
    return await SeatLink(uri, name, token, delays).run(_Decider(decide, on_message))


class _Decider:
    """Asks `decide` once for each decision the seat owes (again after a refusal, up to
    REFUSALS_BEFORE_WAITING times) and sends its answer."""

    def __init__(self, decide: Callable[[SeatView], Action], on_message: Callable[[SeatMirror], None]) -> None:
        self.decide = decide
        self.on_message = on_message
        self.acted: tuple[object, ...] | None = None
        self.refusals: dict[tuple[object, ...], int] = {}

    def reconnecting(self, attempt: int) -> None:
        self.acted, self.refusals = None, {}  # the new connection's view asks afresh

    async def heard(self, link: SeatLink, message: HostMessage) -> None:
        mirror = link.mirror
        self.on_message(mirror)
        if mirror.over is not None:
            return
        if isinstance(message, Refused) and message.code == "illegal_action" and self.acted is not None:
            self.refusals[self.acted] = self.refusals.get(self.acted, 0) + 1
            if self.refusals[self.acted] < REFUSALS_BEFORE_WAITING:
                self.acted = None  # asked again with the view as it is now
        view = mirror.view
        if view is None or not view.legal_actions:
            return
        key = (mirror.kyoku_number, view.phase, tuple(map(len, view.rivers)), view.hand is None)
        if key == self.acted or self.refusals.get(key, 0) >= REFUSALS_BEFORE_WAITING:
            return
        self.acted = key
        await link.send(await asyncio.to_thread(self.decide, view))
