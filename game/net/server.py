"""The host's network: a websockets asyncio server in a thread of its own.

The table's thread never touches a connection: it sends through `send` (thread-safe: the
message is stamped with the seat's next sequence number and handed to the connection's
outgoing queue on the server's loop) and reads what clients sent from `inbox`, a
`queue.Queue` of `Inbound` it polls. Before the WebSocket upgrade, `process_request`
refuses a wrong protocol version, a wrong join code, too many attempts from one address
and too many connections, each as an HTTP error whose body is a `Refused` message. A look at
the table (`look=1`, protocol.LOOK_PARAMETER) is answered there too, with a `TableLook`: it
opens no connection and takes no seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response

from game.engine.names import BadName, checked_name
from game.engine.rules import Rules
from game.net.protocol import (
    KEY_PARAMETER,
    LOOK_PARAMETER,
    MATCH_OVER,
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    ClientMessage,
    Hello,
    HostMessage,
    ProtocolError,
    Refused,
    Resync,
    TableLook,
    Welcome,
    key_digest,
    read_client_message,
    read_refusal,
    write_look,
    write_message,
)

log = logging.getLogger(__name__)

JOIN_CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"
"""Capitals that no other letter or digit is mistaken for (no B/8, G/6, I/1/L, O/0/Q, S/5, Z/2)."""
JOIN_CODE_LENGTH = 6
HANDSHAKE_TIMEOUT_S = 5.0
HELLO_TIMEOUT_S = 5.0
PING_INTERVAL_S = 10.0
PING_TIMEOUT_S = 10.0
LOOKED_LATELY_S = 15.0
"""A seat whose key came with a look this recently is `looking` (a joined summary looks every
`game.app.scenes.join_summary.REMATCH_LOOK_S`)."""
ATTEMPTS_PER_MINUTE = 20
"""Join attempts one address may make in a minute: a person mistyping a code makes a few;
guessing one of 18^6 codes takes millions."""
MAX_CONNECTIONS = 32
MAX_OUTGOING = 500
"""Messages waiting for a client that does not read: past this it is disconnected (it
rejoins with its token and gets a snapshot)."""
MESSAGES_PER_SECOND = 20
MESSAGE_BURST = 40
BAD_MESSAGES_ALLOWED = 10
STOP_TIMEOUT_S = 5.0
FAREWELL_TIMEOUT_S = 2.0
"""How long the host's farewell may take to leave (a client that does not read is closed without it)."""
UNBIND_S = 1.0
"""How long `stop` waits at least for the server to listen no more, whatever its time left."""


LEAVING = CloseCode.GOING_AWAY
"""The close code a client ends its connection with when its person leaves the table
(`SeatLink.run`); a connection that drops sends none, and a client of before it closed with
1011 on leaving too: either is taken for a drop."""

SEAT_HERE, SEAT_KEPT, SEAT_CLOSED = "here", "kept", "closed"
"""What `NetHost.close_seat` did."""


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_LETTERS) for _ in range(JOIN_CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed: case and spaces do not matter."""
    return "".join(code.split()).upper()


@dataclass(frozen=True)
class Inbound:
    """What the network tells the table: a client took a seat (`joined`, with its token),
    left it (`left`), or sent a message (`message`)."""

    seat: int
    what: str
    message: ClientMessage | None = None
    token: str = ""
    name: str = ""
    on_purpose: bool = False
    """A `left` whose client said it was going (`LEAVING`): its person left the table, their
    connection did not drop."""


class _Seat:
    def __init__(self, token: str) -> None:
        self.token = token
        self.connection: ServerConnection | None = None
        self.outbox: asyncio.Queue[str] | None = None
        self.seq = 0
        self.taken = False
        self.left = False
        """Its client has gone (it may come back with the token)."""
        self.welcomed = False
        """Its connection has been sent its welcome: nothing goes before it."""


class NetHost:
    """The server for one table: its remote seats, the join code, the connections."""

    def __init__(self, remote_seats: tuple[int, ...], code: str | None = None, host: str = "127.0.0.1",
                 port: int = 0, game_version: str = "", tap: Callable[[int, str], None] | None = None,
                 tokens: dict[int, str] | None = None) -> None:
        self.code = normal_code(code) if code else new_join_code()
        self.host, self.port = host, port
        self.game_version = game_version
        self.seats = {seat: _Seat((tokens or {}).get(seat) or secrets.token_urlsafe(24)) for seat in remote_seats}
        for seat in tokens or {}:  # a match continued: its people left, and come back with their tokens
            if seat in self.seats:
                self.seats[seat].taken = self.seats[seat].left = True
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.started = bool(tokens)
        """Set when the match starts (a continued match has): from then on only a seat's token takes a seat."""
        self.over = False
        """Set when the match is over: no one takes a seat any more (a player coming back for a
        rematch before the host opened it is told so, not shown the finished match again)."""
        self.tap = tap
        """Sees every message text sent to a seat (the tests' leak check, the byte count)."""
        self.describe: Callable[[], tuple[tuple[str, ...], tuple[str | None, ...], Rules, int, float]] | None = None
        """The seats' names and AI levels, the rules, the hand under way (0: none) and a remote
        seat's move time, as a look at the table shows them (set by the table; called on the
        server's thread). None: looks are refused."""
        self.notify: Callable[[], None] = lambda: None
        """Called on the server's thread after each `Inbound` is queued: the window wakes to read it."""
        self.sent_bytes = dict.fromkeys(remote_seats, 0)
        self.received_bytes = dict.fromkeys(remote_seats, 0)
        self._lock = threading.Lock()
        self._attempts: dict[str, deque[float]] = {}
        self._waiting: dict[int, ServerConnection] = {}
        self._looked_at: dict[int, float] = {}
        """When each seat's key last came with a look (`looking`)."""
        """Per seat, its player's connection waiting for the host to open the next match (`_refuse`)."""
        self._connections = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._unbound = threading.Event()
        """Set once the server listens no more (`stop`): its port can be opened again."""
        self._failure: BaseException | None = None

    # --- the table's side (any thread) ----------------------------------------------

    def start(self, timeout: float = 10.0) -> None:
        self._thread = threading.Thread(target=self._run, name="net-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the network did not start")
        if self._failure is not None:
            raise self._failure

    def stop(self, farewell: str = "", within_s: float | None = None) -> bool:
        """Close every connection and the server. `farewell`, a refusal code (`host_left`), is
        said first to every client connected, those waiting for the next match too, so that
        each knows at once why; without it they find the host gone as after a crash (or, the
        next match opening here, knock at it). `within_s`: the longest to wait for it (by
        default FAREWELL_TIMEOUT_S for the farewell, STOP_TIMEOUT_S for the server); the
        server's thread, a daemon, may still be closing the connections after it. True once
        the server listens no more (its port free for the next match), which it does first
        and waits up to UNBIND_S for whatever `within_s` is left."""
        loop, server = self._loop, self._server
        farewell_s = FAREWELL_TIMEOUT_S if within_s is None else min(FAREWELL_TIMEOUT_S, within_s)
        if loop is not None and server is not None and loop.is_running():
            with contextlib.suppress(RuntimeError):  # the loop ended in between: nothing left to close
                asyncio.run_coroutine_threadsafe(self._close(server, farewell, farewell_s), loop)
        if self._thread is None:
            return True
        self._thread.join(STOP_TIMEOUT_S if within_s is None else within_s)
        return self._unbound.wait(UNBIND_S)

    def flush(self, timeout: float) -> None:
        """Wait (up to `timeout`) until the messages queued for every client have left."""
        deadline = time.monotonic() + timeout
        time.sleep(0.1)  # the last sends reach their queues through the server's loop
        while time.monotonic() < deadline and any(
                state.outbox is not None and not state.outbox.empty() for state in self.seats.values()):
            time.sleep(0.02)

    def connected(self, seat: int) -> bool:
        state = self.seats.get(seat)
        return state is not None and state.connection is not None

    def taken(self, seat: int) -> bool:
        """A client has taken `seat` (it may have left since; its token takes it back)."""
        state = self.seats.get(seat)
        return state is not None and state.taken

    def looking(self, seat: int) -> bool:
        """The person of `seat`, not connected, looked at the table with its key lately: a
        joined summary does it while its player reads it (a rematch not pressed yet)."""
        with self._lock:
            at = self._looked_at.get(seat)
            state = self.seats.get(seat)
        return at is not None and state is not None and state.connection is None \
            and time.monotonic() - at <= LOOKED_LATELY_S

    def all_joined(self) -> bool:
        return all(seat.connection is not None for seat in self.seats.values())

    def tokens(self) -> dict[int, str]:
        """Each remote seat's token: kept by the host's save only, to take the seats back after it."""
        with self._lock:
            return {seat: state.token for seat, state in self.seats.items()}

    def close_seat(self, seat: int) -> str:
        """The host gives `seat` to the AI for the match, decided under the lock that a client
        takes a seat under (`_claim`), so that a person sitting down meanwhile is either here
        already or takes the seat back after: `SEAT_HERE` when a client plays it now (nothing
        changes); `SEAT_KEPT` when a client took it once and has gone (the seat stays theirs,
        to take back with its token whenever they come: `HostedTable.give_to_ai` lends it to
        the AI until then); `SEAT_CLOSED` when no one ever took it (no one takes it now)."""
        with self._lock:
            state = self.seats.get(seat)
            if state is None:
                return SEAT_CLOSED
            if state.connection is not None:
                return SEAT_HERE
            if state.taken:
                return SEAT_KEPT
            del self.seats[seat]
            return SEAT_CLOSED

    def send(self, seat: int, make: Callable[[int], HostMessage]) -> None:
        """Send `make(seq)` to `seat`'s client, if one is connected (thread-safe)."""
        with self._lock:
            state = self.seats.get(seat)
            if state is None or state.outbox is None or self._loop is None:
                return
            message = make(state.seq + 1)
            if not state.welcomed:
                if not isinstance(message, Welcome):
                    return  # news for the connection it replaces: the welcome's snapshot says it all
                state.welcomed = True
            state.seq += 1
            text = write_message(message)
            self.sent_bytes[seat] += len(text.encode("utf-8"))
            if self.tap is not None:
                self.tap(seat, text)
            self._loop.call_soon_threadsafe(self._queue, state, state.outbox, text)

    # --- the server's thread ------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as error:  # reported to start(); the thread must end quietly
            self._failure = error
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        async with serve(
            self._handle, self.host, self.port, process_request=self._check_request,
            compression=None, max_size=MAX_CLIENT_BYTES, max_queue=8, open_timeout=HANDSHAKE_TIMEOUT_S,
            ping_interval=PING_INTERVAL_S, ping_timeout=PING_TIMEOUT_S, close_timeout=2, server_header=None,
        ) as server:
            self._server = server
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            try:
                await server.wait_closed()
            finally:
                self._unbound.set()

    def _check_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse before the upgrade: too many connections, too many attempts, a wrong
        version, a wrong code."""
        if self._connections >= MAX_CONNECTIONS:
            return _refusal(connection, HTTPStatus.SERVICE_UNAVAILABLE, "host_busy")
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        now = time.monotonic()
        attempts = self._attempts.setdefault(address, deque())
        while attempts and now - attempts[0] > 60:
            attempts.popleft()
        if len(attempts) >= ATTEMPTS_PER_MINUTE:
            return _refusal(connection, HTTPStatus.TOO_MANY_REQUESTS, "too_many_attempts")
        attempts.append(now)
        if len(self._attempts) > 10_000:  # a flood of addresses: forget the oldest
            self._attempts.pop(next(iter(self._attempts)))
        query = parse_qs(urlsplit(request.path).query)
        version = query.get("v", [""])[0]
        if version != str(PROTOCOL_VERSION):
            return _refusal(connection, HTTPStatus.UPGRADE_REQUIRED, "wrong_version",
                            f"{self.game_version} (protocol {PROTOCOL_VERSION})")
        if not secrets.compare_digest(normal_code(query.get("code", [""])[0]).encode(), self.code.encode()):
            return _refusal(connection, HTTPStatus.FORBIDDEN, "wrong_code")
        if query.get(LOOK_PARAMETER) == ["1"]:
            key = query.get(KEY_PARAMETER)
            return self._look(connection, key[0] if key is not None else None, attempts)
        return None

    def _look(self, connection: ServerConnection, key: str | None, attempts: deque[float]) -> Response:
        """The table as a look shows it: answered before any upgrade (no seat taken, no
        connection kept), with nothing of any hand but its number. `key`: the digest of the
        seat key the joiner holds (`NO_KEY`: none), None from an older joiner (`KEY_PARAMETER`)."""
        describe = self.describe
        if describe is None:
            return _refusal(connection, HTTPStatus.SERVICE_UNAVAILABLE, "host_busy")
        names, levels, rules, hand, move_time_s = describe()
        with self._lock:
            if self.over:
                return _refusal(connection, HTTPStatus.GONE, MATCH_OVER)
            open_seats = tuple(seat in self.seats and not self.seats[seat].taken for seat in range(rules.players))
            yours = next((seat for seat, state in self.seats.items() if key and state.taken
                          and secrets.compare_digest(key_digest(state.token).encode(), key.encode("utf-8", "replace"))),
                         None)
            look = TableLook(0, names, levels, open_seats, rules, self.game_version, self.started,
                             hand if self.started else 0, yours, move_time_s)
            if yours is not None:
                self._looked_at[yours] = time.monotonic()
                if attempts:  # it holds a seat's key: no guess, and a summary's looks leave its Rematch room
                    attempts.pop()
        if yours is not None:
            self.notify()  # the waiting room says the seat's person is about (`looking`)
        response = connection.respond(HTTPStatus.OK, write_look(look, later=key is not None) + "\n")
        response.headers["Content-Type"] = "application/json"
        return response

    async def _handle(self, connection: ServerConnection) -> None:
        self._connections += 1
        try:
            await self._play(connection)
        finally:
            self._connections -= 1

    async def _play(self, connection: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(connection.recv(), HELLO_TIMEOUT_S)
            hello = read_client_message(first)
        except (TimeoutError, ConnectionClosed):
            return
        except ProtocolError as error:
            await _close_refused(connection, error.code, "")
            return
        if not isinstance(hello, Hello):
            await _close_refused(connection, "bad_message", "")
            return
        if self._seat_of(hello.token) is not None:
            self._forgive(connection)
        outbox: asyncio.Queue[str] = asyncio.Queue()
        seat, code, old = self._claim(hello.token, connection, outbox)
        if seat is None:
            await self._refuse(connection, code, hello.token)
            return
        state = self.seats[seat]
        if old is not None:
            await _close_refused(old, "replaced", "")
        try:
            name = checked_name(hello.name) if hello.name.strip() else ""
        except BadName:
            name = ""
        self._tell(Inbound(seat, "joined", token=state.token, name=name))
        writer = asyncio.create_task(self._write(connection, outbox))
        try:
            await self._read(connection, seat)
        except ConnectionClosed:
            pass  # a client that crashed or lost its network: its seat waits for it
        finally:
            writer.cancel()
            with self._lock:
                if state.connection is connection:
                    state.connection, state.outbox, state.left = None, None, True
                    self._tell(Inbound(seat, "left", on_purpose=_said_goodbye(connection)))

    async def _close(self, server: Server, farewell: str, farewell_s: float) -> None:
        server.server.close()  # the port first, at once: a rematch opens on it (the connections stay open)
        self._unbound.set()
        if farewell:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(_close_refused(connection, farewell, "", CloseCode.GOING_AWAY)
                                                        for connection in list(server.connections)),
                                                      return_exceptions=True), farewell_s)
        server.close()

    async def _refuse(self, connection: ServerConnection, code: str, token: str) -> None:
        """Tell a hello why it takes no seat, and close. But a seat's player back before the
        host opened the next match (`match_over`, with the seat's token) waits on the
        connection for what the host does: when it leaves, `stop` tells them at once
        (`host_left`); when it opens the next match here, the connection closes without a
        word and they join it. One such wait per seat."""
        seat = self._seat_of(token) if code == MATCH_OVER else None
        if seat is None:
            await _close_refused(connection, code, "")
            return
        before, self._waiting[seat] = self._waiting.get(seat), connection
        if before is not None:
            await before.close(CloseCode.GOING_AWAY, "replaced")
        try:
            with contextlib.suppress(ConnectionClosed):
                await connection.send(write_message(Refused(0, code, "")))
                await connection.wait_closed()
        finally:
            if self._waiting.get(seat) is connection:
                del self._waiting[seat]

    def _forgive(self, connection: ServerConnection) -> None:
        """A hello with a seat's key is no guess of the code: it leaves its address's count of
        join attempts (a rematch knocks every 2 s for minutes; a rejoin after drops)."""
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        attempts = self._attempts.get(address)
        if attempts:
            attempts.pop()

    def _seat_of(self, token: str) -> int | None:
        with self._lock:
            return next((seat for seat, state in self.seats.items()
                         if token and secrets.compare_digest(state.token.encode(), token.encode())), None)

    def _tell(self, inbound: Inbound) -> None:
        self.inbox.put(inbound)
        self.notify()

    def _claim(self, token: str, connection: ServerConnection, outbox: asyncio.Queue[str],
               ) -> tuple[int | None, str, ServerConnection | None]:
        """The seat a hello takes, `connection` and `outbox` its own from now on (in one step
        under the lock: `close_seat` finds the seat either free or played): the token's seat
        (taken over: the connection it had is returned, to be closed), or the first free one;
        else None and the refusal's code."""
        with self._lock:
            if self.over:
                return None, MATCH_OVER, None
            if token:
                for seat, state in self.seats.items():
                    if secrets.compare_digest(state.token.encode(), token.encode()):
                        return seat, "", self._connect(state, connection, outbox)
                return None, "not_your_seat", None
            if self.started:
                return None, "match_started", None
            for seat, state in self.seats.items():
                if not state.taken:
                    state.taken = True
                    return seat, "", self._connect(state, connection, outbox)
            return None, "table_full", None

    @staticmethod
    def _connect(state: _Seat, connection: ServerConnection, outbox: asyncio.Queue[str]) -> ServerConnection | None:
        old = state.connection
        state.connection, state.outbox, state.left, state.welcomed = connection, outbox, False, False
        return old

    async def _read(self, connection: ServerConnection, seat: int) -> None:
        allowance, last, bad = float(MESSAGE_BURST), time.monotonic(), 0
        async for raw in connection:
            now = time.monotonic()
            allowance = min(MESSAGE_BURST, allowance + (now - last) * MESSAGES_PER_SECOND) - 1
            last = now
            if allowance < 0:
                await _close_refused(connection, "flood", "")
                return
            self.received_bytes[seat] += len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8"))
            try:
                message = read_client_message(raw)
            except ProtocolError as error:
                bad += 1
                self.send(seat, lambda seq, code=error.code: Refused(seq, code, ""))
                if bad > BAD_MESSAGES_ALLOWED:
                    await connection.close(1008, "too many bad messages")
                    return
                continue
            if isinstance(message, Hello):
                self.send(seat, lambda seq: Refused(seq, "bad_message", "hello"))
                continue
            if self.over and not isinstance(message, Resync):
                continue  # behind the summary nothing reads moves: the inbox would only grow
            self._tell(Inbound(seat, "message", message))

    async def _write(self, connection: ServerConnection, outbox: asyncio.Queue[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await connection.send(await outbox.get())

    def _queue(self, state: _Seat, outbox: asyncio.Queue[str], text: str) -> None:
        if state.outbox is not outbox or state.connection is None:
            return
        if outbox.qsize() >= MAX_OUTGOING:
            log.warning("a client reads no more: disconnected")
            state.connection.transport.abort()  # a closing handshake would wait behind the unread data
            return
        outbox.put_nowait(text)


def _said_goodbye(connection: ServerConnection) -> bool:
    """The client closed the connection first, saying its person leaves (`LEAVING`)."""
    close = connection.protocol.close_rcvd
    return close is not None and bool(connection.protocol.close_rcvd_then_sent) and close.code == LEAVING


def _refusal(connection: ServerConnection, status: HTTPStatus, code: str, detail: str = "") -> Response:
    response = connection.respond(status, write_message(Refused(0, code, detail)) + "\n")
    response.headers["Content-Type"] = "application/json"
    return response


async def _close_refused(connection: ServerConnection, code: str, detail: str,
                         close_code: int = CloseCode.POLICY_VIOLATION) -> None:
    """Tell a connection why it is refused, then close it."""
    with contextlib.suppress(ConnectionClosed):
        await connection.send(write_message(Refused(0, code, detail)))
        await connection.close(close_code, code)


def refusal_of(body: bytes) -> Refused | None:
    """The `Refused` an HTTP refusal's body carries, of any protocol version (None if it
    carries none): a host of another version names its version."""
    return read_refusal(body.strip())
