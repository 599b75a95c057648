"""The scripted joiner: a seat played with a `decide(view) -> action` function.

`play_seat` plays one seat to the match's end over a `SeatLink` (game/net/seat_link.py: the
connection, its backoff, the seat's token, the messages in order), asking `decide` once for
each decision the seat owes: an AI level for `python -m game join`, the tests and benchmarks.
Also the address a person types, made into the host's URI, and a look at the table before
sitting down (`look_at_table`).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import ipaddress
import re
from collections.abc import Callable
from urllib.parse import urlencode

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.net.protocol import (
    KEY_PARAMETER,
    LOOK_PARAMETER,
    MAX_HOST_BYTES,
    NO_KEY,
    PROTOCOL_VERSION,
    HostMessage,
    ProtocolError,
    Reading,
    Refused,
    TableLook,
    key_digest,
    read_look_reply,
)
from game.net.seat_link import OPEN_TIMEOUT_S, RECONNECT_DELAYS_S, HostGone, HostUnreachable, JoinRefused, SeatLink
from game.net.wire import SeatMirror

__all__ = ["DEFAULT_PORT", "HostGone", "HostUnreachable", "JoinRefused", "join_uri", "look_at_table", "parse_address",
           "play_seat"]

REFUSALS_BEFORE_WAITING = 3
"""A decision refused this often is left to the host's clock (its stand-in moves)."""
DEFAULT_PORT = 17017


HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_-]{1,63})*\.?")
"""A host's name as a URI may carry it (letters, digits, `-` and `_`, dot-separated)."""


class UnbracketedIPv6(ValueError):
    """An IPv6 address and a port written without brackets (`::1:47123`, `::1:4712`): the
    port cannot be told from the address's last group, so it is refused, with the form that can."""

    def __init__(self, address: str, suggestion: str) -> None:
        super().__init__(f"write an IPv6 address in brackets, then its port: {suggestion} (not {address})")
        self.suggestion = suggestion


def parse_address(address: str) -> tuple[str, int]:
    """`host:port`, `[v6]:port`, a bare host or IPv6 address (the default port); ValueError
    for anything else (`UnbracketedIPv6` for an IPv6 address and a port without brackets)."""
    text = address.strip()
    if text.startswith("["):
        host, closed, rest = text[1:].partition("]")
        if not closed or (rest and not rest.startswith(":")) or not _ipv6(host):
            raise ValueError(f"not an address: {address!r} ([IPv6]:port)")
        port = rest.removeprefix(":") or str(DEFAULT_PORT)
    elif text.count(":") > 1:
        head, _, tail = text.rpartition(":")
        if _ipv6(head) and tail.isascii() and tail.isdigit():  # "::1:4712": a port, or the last group?
            raise UnbracketedIPv6(text, f"[{head}]:{tail}")
        if not _ipv6(text):
            raise ValueError(f"not an address: {address!r} (host:port, or [IPv6]:port)")
        host, port = text, str(DEFAULT_PORT)
    else:
        host, _, port = text.partition(":")
        port = port or str(DEFAULT_PORT)
        if not HOST_NAME.fullmatch(host):
            raise ValueError(f"not an address: {address!r} (host:port, or [IPv6]:port)")
    if not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not an address: {address!r} (host:port, or [IPv6]:port)")
    return host, int(port)


def _ipv6(host: str) -> bool:
    """An IPv6 address a URI can carry in brackets (no zone: `%` would need escaping)."""
    try:
        return ipaddress.ip_address(host).version == 6 and "%" not in host
    except ValueError:
        return False


def join_uri(address: str, code: str) -> str:
    host, port = parse_address(address)
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    return f"ws://{host}:{port}/?{urlencode({'v': PROTOCOL_VERSION, 'code': code})}"


def look_at_table(address: str, code: str, timeout_s: float = OPEN_TIMEOUT_S, key: str = "") -> TableLook:
    """The table at `address` as its host shows it before one sits down (one HTTP request,
    no seat taken: protocol.LOOK_PARAMETER); `key`, the seat key held for it (''), is named by
    its digest only, for the host to say which seat it holds. JoinRefused when the host refuses
    the look (a wrong code, another version, …), HostUnreachable when nothing answers as a host
    would. Never through a proxy: the host is on this network or forwarded to it."""
    host, port = parse_address(address)
    query = urlencode({"v": PROTOCOL_VERSION, "code": code, LOOK_PARAMETER: 1,
                       KEY_PARAMETER: key_digest(key) if key else NO_KEY})
    connection = http.client.HTTPConnection(host, port, timeout=timeout_s)
    try:
        connection.request("GET", f"/?{query}")
        response = connection.getresponse()
        body = response.read(MAX_HOST_BYTES + 1)
    except (OSError, http.client.HTTPException) as error:
        raise HostUnreachable(str(error) or type(error).__name__) from error
    finally:
        connection.close()
    try:
        reply = read_look_reply(body.strip())
    except ProtocolError as error:
        raise HostUnreachable(f"HTTP {response.status}: {error}") from error
    if isinstance(reply, Refused):
        raise JoinRefused(reply)
    return reply


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
        if isinstance(message, Reading) and mirror.welcome is not None \
                and mirror.welcome.seat < len(message.waiting) and message.waiting[mirror.welcome.seat]:
            await link.ready(message.kyoku_number)  # a script reads the result at once
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
