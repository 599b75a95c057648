"""The one client (game/net/seat_link.py) against a scripted host on 127.0.0.1: messages
applied in order, a missed one asked for, refusals, reconnection with the seat's token and
backoff, the keep-alive's round trip, and the host's last messages read when it closes as
an action leaves (issue #32 points 2, 5)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field

import pytest
from websockets.asyncio.server import Server, ServerConnection, serve

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.engine.match import Match
from game.engine.rules import Rules
from game.net import seat_link
from game.net.client import play_seat
from game.net.protocol import (
    PROTOCOL_VERSION,
    Act,
    ClientMessage,
    Hello,
    HostMessage,
    MatchOver,
    Presence,
    Refused,
    Resync,
    Snapshot,
    Welcome,
    read_client_message,
    write_message,
)
from game.net.seat_link import HostGone, HostUnreachable, JoinRefused, SeatLink
from game.net.wire import wire_view

WAIT_S = 20.0
TOKEN = "t" * 32
pytestmark = pytest.mark.timeout(60)


def a_hand(seed: int = 3) -> Match:
    match = Match(Rules.preset("kaiji", hands=1), seed)
    match.next_kyoku()
    return match


def welcome(seq: int, match: Match, token: str = TOKEN, window_s: float = 0.0) -> str:
    """`window_s`: how long the host keeps the seat after a drop (the link tries as long)."""
    return write_message(Welcome(seq, 0, token, ("Guest", "Host"), (None, None), match.rules, "0.0.0", window_s))


def snapshot(seq: int, match: Match) -> str:
    assert match.kyoku is not None
    view = match.kyoku.view_for(0)
    return write_message(Snapshot(seq, match.kyoku_number, wire_view(view), view.events, tuple(match.scores),
                                  match.stake, ()))


def presence(seq: int) -> str:
    return write_message(Presence(seq, (True, True), (False, False)))


def over(seq: int, reason: str = "hands") -> str:
    return write_message(MatchOver(seq, reason, (100.0, 100.0)))


@dataclass
class ScriptedHost:
    """A host that plays `script` with each connection and keeps what clients sent."""

    server: Server
    hellos: list[Hello] = field(default_factory=list)
    received: list[ClientMessage] = field(default_factory=list)

    @property
    def uri(self) -> str:
        return f"ws://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/?v={PROTOCOL_VERSION}&code=KANTER"

    async def next_message(self, connection: ServerConnection) -> ClientMessage:
        message = read_client_message(await asyncio.wait_for(connection.recv(), WAIT_S))
        self.received.append(message)
        return message


Script = Callable[[ServerConnection, ScriptedHost, int], Awaitable[None]]


@asynccontextmanager
async def scripted_host(script: Script, **options: object) -> AsyncIterator[ScriptedHost]:
    host: ScriptedHost | None = None
    connections = 0

    async def handle(connection: ServerConnection) -> None:
        nonlocal connections
        assert host is not None
        hello = read_client_message(await asyncio.wait_for(connection.recv(), WAIT_S))
        assert isinstance(hello, Hello)
        host.hellos.append(hello)
        connections += 1
        await script(connection, host, connections)

    async with serve(handle, "127.0.0.1", 0, **options) as server:
        host = ScriptedHost(server)
        yield host


class Recorder:
    """A driver that keeps what it was told (and the keep-alive's round trip at each message)."""

    def __init__(self, act: Callable[[SeatView], Action] | None = None) -> None:
        self.messages: list[HostMessage] = []
        self.latencies: list[float] = []
        self.attempts: list[int] = []
        self.act = act

    async def heard(self, link: SeatLink, message: HostMessage) -> None:
        self.messages.append(message)
        self.latencies.append(link.latency_s)
        view = link.mirror.view
        if self.act is not None and view is not None and view.legal_actions and link.mirror.over is None:
            await link.send(self.act(view))

    def reconnecting(self, attempt: int) -> None:
        self.attempts.append(attempt)


def run(coroutine: Awaitable[object]) -> object:
    async def bounded() -> object:
        return await asyncio.wait_for(coroutine, WAIT_S)

    return asyncio.run(bounded())


@pytest.mark.parametrize("reason", ["hands", "bust", "stopped"])
def test_an_action_sent_as_the_host_closes_ends_with_the_match_not_with_the_host_gone(reason):
    """The host tells the match's end and closes while the seat's action is on its way: the
    scripted client used to lose the end with the failed send and say the host was gone."""
    match = a_hand()
    asked, answered = threading.Event(), threading.Event()

    def decide(view: SeatView) -> Action:
        asked.set()
        answered.wait(WAIT_S)
        return view.legal_actions[0]

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        await connection.send(welcome(1, match))
        await connection.send(snapshot(2, match))
        await asyncio.to_thread(asked.wait, WAIT_S)
        await connection.send(over(3, reason))
        await connection.close()
        host.server.close()  # the host's program ends: no one to reconnect to
        answered.set()

    async def play() -> object:
        async with scripted_host(script) as host:
            return await play_seat(host.uri, "Guest", decide, delays=(0.05, 0.05))

    mirror = run(play())
    assert mirror.over is not None and mirror.over.reason == reason


def test_the_messages_reach_the_driver_in_order_and_its_action_reaches_the_host():
    match = a_hand()

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        for text in (welcome(1, match), snapshot(2, match), presence(3)):
            await connection.send(text)
        await host.next_message(connection)
        await connection.send(over(4))

    async def play() -> tuple[ScriptedHost, Recorder, SeatLink]:
        async with scripted_host(script) as host:
            link, driver = SeatLink(host.uri, "Guest", delays=()), Recorder(lambda view: view.legal_actions[0])
            await link.run(driver)
            return host, driver, link

    host, driver, link = run(play())
    assert [type(m) for m in driver.messages] == [Welcome, Snapshot, Presence, MatchOver]
    assert host.hellos == [Hello("Guest", "")]
    first = match.kyoku.view_for(0).legal_actions[0]
    assert isinstance(host.received[0], Act) and host.received[0].action == first
    assert link.token == TOKEN and link.mirror.present == (True, True) and link.mirror.over is not None


def test_a_missed_message_is_asked_for_once_per_gap_and_the_snapshot_puts_the_seat_right():
    """Once per gap, however much news follows it before the snapshot: a resync for each
    would count against the host's rate limit and get a busy table's seat cut off; and
    again at the next gap, else the seat would drop all news after it."""
    match = a_hand()

    async def gap(connection: ServerConnection, host: ScriptedHost, first: int) -> None:
        for seq in (first + 1, first + 2, first + 3):  # `first` never came
            await connection.send(presence(seq))
        await host.next_message(connection)
        with suppress(TimeoutError):
            for _ in range(3):
                host.received.append(read_client_message(await asyncio.wait_for(connection.recv(), 0.5)))

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        await connection.send(welcome(1, match))
        await connection.send(snapshot(2, match))
        await gap(connection, host, 3)
        await connection.send(snapshot(7, match))
        await gap(connection, host, 8)
        await connection.send(snapshot(12, match))
        await connection.send(over(13))

    async def play() -> tuple[ScriptedHost, Recorder]:
        async with scripted_host(script) as host:
            driver = Recorder()
            await SeatLink(host.uri, "Guest", delays=()).run(driver)
            return host, driver

    host, driver = run(play())
    assert host.received == [Resync(), Resync()]
    assert [m.seq for m in driver.messages] == [1, 2, 7, 12, 13]


@pytest.mark.parametrize("code", ["table_full", "match_started", "not_your_seat"])
def test_a_refusal_after_the_hello_is_raised_with_its_code(code):
    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        await connection.send(write_message(Refused(0, code, "")))
        await connection.close(1008, code)

    async def play() -> None:
        async with scripted_host(script) as host:
            await SeatLink(host.uri, "Guest", delays=(0.05,)).run(Recorder())

    with pytest.raises(JoinRefused) as refused:
        run(play())
    assert refused.value.refusal.code == code


def test_a_refusal_before_the_upgrade_is_raised_with_its_code():
    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        raise AssertionError("never upgraded")

    def refuse(connection: ServerConnection, request: object) -> object:
        return connection.respond(403, write_message(Refused(0, "wrong_code", "")) + "\n")

    async def play() -> None:
        async with scripted_host(script, process_request=refuse) as host:
            await SeatLink(host.uri, "Guest", delays=(0.05,)).run(Recorder())

    with pytest.raises(JoinRefused) as refused:
        run(play())
    assert refused.value.refusal.code == "wrong_code"


def test_no_host_at_the_address_is_unreachable_at_once():
    async def play() -> None:
        async with scripted_host(lambda *args: asyncio.sleep(0)) as host:
            uri = host.uri
        driver = Recorder()
        try:
            await SeatLink(uri, "Guest", delays=(0.05, 0.05)).run(driver)
        finally:
            assert driver.attempts == []

    with pytest.raises(HostUnreachable):
        run(play())


def test_a_dropped_connection_comes_back_with_the_token_and_a_host_that_stays_away_is_gone():
    match = a_hand()

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        if number == 1:
            await connection.send(welcome(1, match))
            await connection.send(snapshot(2, match))
        elif number == 2:
            await connection.send(welcome(1, match, token="u" * 32))
            await connection.send(snapshot(2, match))
            host.server.close()  # the host crashes: no third connection
        await connection.close()

    async def play() -> tuple[ScriptedHost, Recorder, SeatLink]:
        async with scripted_host(script) as host:
            link, driver = SeatLink(host.uri, "Guest", delays=(0.05, 0.05, 0.05)), Recorder()
            try:
                await link.run(driver)
            except HostGone as gone:
                assert not isinstance(gone, HostUnreachable)
                return host, driver, link
            raise AssertionError("the host came back")

    host, driver, link = run(play())
    assert [hello.token for hello in host.hellos] == ["", TOKEN]
    assert driver.attempts == [1, 1, 2, 3]
    assert link.token == "u" * 32 and link.latency_s == 0.0


def test_the_keep_alive_s_round_trip_is_the_driver_s_to_read(monkeypatch):
    monkeypatch.setattr(seat_link, "PING_INTERVAL_S", 0.05)
    match = a_hand()

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        await connection.send(welcome(1, match))
        await asyncio.sleep(0.5)  # some pings come and go
        await connection.send(over(2))

    async def play() -> Recorder:
        async with scripted_host(script) as host:
            driver = Recorder()
            await SeatLink(host.uri, "Guest", delays=()).run(driver)
            return driver

    driver = run(play())
    assert 0.0 < driver.latencies[-1] < WAIT_S


def test_the_window_s_news_carries_the_keep_alive_s_round_trip_and_the_match_s_end(monkeypatch):
    """The window's driver (game/app/play/remote_link.py) over the same link, its host on a
    thread of its own as a real host is."""
    from game.app.play.remote_link import Ended, Heard, RemoteLink

    monkeypatch.setattr(seat_link, "PING_INTERVAL_S", 0.05)
    match = a_hand()
    listening, done = threading.Event(), threading.Event()
    uris: list[str] = []

    async def script(connection: ServerConnection, host: ScriptedHost, number: int) -> None:
        await connection.send(welcome(1, match))
        await asyncio.sleep(0.5)
        await connection.send(over(2))

    async def serve_until_done() -> None:
        async with scripted_host(script) as host:
            uris.append(host.uri)
            listening.set()
            await asyncio.to_thread(done.wait, WAIT_S)

    host_thread = threading.Thread(target=lambda: asyncio.run(serve_until_done()), daemon=True)
    host_thread.start()
    assert listening.wait(WAIT_S)
    link = RemoteLink(uris[0], "Guest", delays=())
    link.start()
    news: list = []
    for _ in range(int(WAIT_S / 0.01)):
        news += link.poll()
        if not link.running:
            break
        time.sleep(0.01)
    news += link.poll()
    done.set()
    host_thread.join(WAIT_S)
    heard = [n for n in news if isinstance(n, Heard)]
    assert [h.over is not None for h in heard] == [False, True]
    assert heard[-1].latency_s > 0.0
    assert not any(isinstance(n, Ended) for n in news)
