"""A hosted table: the server, the remote seats, what their clients are told (`HostedTable`);
and a match hosted without a window (`HostedMatch`).

The window's host and the headless host run the same `HostedTable`: the same server, the
same `RemoteSeat` players and the same `NetTable.changed` after each move. Only the loop
that asks the seats differs: the window's `TableController` (game/app/play, which this
layer may not import) or `MatchLoop` (game/net/play.py); both give a remote seat the same
clock (`remote_time_limit`) and the same stand-in.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from game import __version__
from game.engine.match import Match
from game.engine.player import Player
from game.engine.rules import Rules
from game.net.play import DELAY_GRACE_S, MatchLoop, seat_time_limit
from game.net.server import Inbound, NetHost
from game.net.table import NetTable, RemoteSeat

if TYPE_CHECKING:
    from game.net.discovery import TableAd

PERSON = "person"
INBOX_BATCH = 200
"""Messages handled per look at the inbox: a flood waits its turn, the table goes on."""
FLUSH_TIMEOUT_S = 5.0
MOVE_TIME_S = 120.0
RECONNECT_WINDOW_S = 120.0
"""How long a dropped seat is waited for, each decision on its own clock; after it the
stand-in plays the seat at once until its person is back (their token takes it back)."""


class HostedTable:
    """The network side of a table whose `remote` seats are played from other computers."""

    def __init__(self, match: Match, names: Sequence[str], remote: tuple[int, ...], code: str | None = None,
                 bind: str | None = "127.0.0.1", port: int = 0, tap: Callable[[int, str], None] | None = None,
                 report: Callable[[str], None] = lambda line: None,
                 clock: Callable[[], float] = time.monotonic, tokens: dict[int, str] | None = None) -> None:
        """`tokens`: the remote seats' tokens of a match continued (`code` and `port` as it had
        them too): only they take the seats back, and each seat waits for its person as for
        one who has dropped."""
        self.match = match
        self.remote = {seat: RemoteSeat(seat, names[seat]) for seat in remote}
        self.host = NetHost(remote, code, bind, port, f"17 Steps {__version__}", tap, tokens)
        self.table = NetTable(match, tuple(names), self.remote, self.host)
        self.report = report
        self.present: set[int] = set()
        """The remote seats whose client is connected, as the inbox has told."""
        self.move_time_s = MOVE_TIME_S
        """A remote seat's clock for a decision the rules give no time limit."""
        self.reconnect_window_s = RECONNECT_WINDOW_S
        self.clock = clock
        self.left_at: dict[int, float] = {}
        """When each remote seat's client dropped (while it is gone)."""
        self.continued = bool(tokens)
        self.table.time_left = self.whole_time

    def whole_time(self, seat: int) -> float | None:
        """A pending decision's whole time: the clock a seat is told until the loop that
        runs the clocks (the window's table, `MatchLoop`) has begun to count it."""
        kyoku = self.match.kyoku
        if kyoku is None or seat not in kyoku.waiting_on():
            return None
        return seat_time_limit(self.match.rules, kyoku.phase, self.move_time_s)

    def start(self) -> None:
        """Listen (OSError when the port cannot be opened)."""
        self.host.start()

    def connected(self, seat: int) -> bool:
        """A client plays `seat` now, as far as the table has read its inbox (so that
        the name it joined with is known too)."""
        return seat in self.present

    def taken(self, seat: int) -> bool:
        return seat in self.remote and self.host.taken(seat)

    def give_up_in(self, seat: int) -> float | None:
        """Seconds until the reconnection window of a seat whose client has gone closes
        (0: closed), None while its client is here."""
        left = self.left_at.get(seat)
        return None if left is None else max(0.0, left + self.reconnect_window_s - self.clock())

    def given_up(self, seat: int) -> bool:
        """The seat's client has been gone longer than the reconnection window: its
        stand-in plays it without waiting for its clock, until the client is back."""
        return self.give_up_in(seat) == 0.0

    def all_joined(self) -> bool:
        return all(seat in self.present for seat in self.remote)

    def begin(self, names: Sequence[str] | None = None) -> None:
        """The match starts: from now on a seat is taken back only with its token. `names`:
        the seats' names as it is played, told to every client."""
        self.host.started = True
        if names is not None and tuple(names) != self.table.names:
            self.table.rename(tuple(names))

    def give_to_ai(self, seat: int) -> bool:
        """An empty remote seat is played on this computer from now on (False, and the seat
        kept, when a client has taken it meanwhile)."""
        if seat not in self.remote or not self.host.close_seat(seat):
            return False
        del self.remote[seat]
        del self.table.feeds[seat]
        self.table.tell_presence()
        return True

    def changed(self) -> None:
        """After anything the match did: tell each remote seat (`NetTable.changed`)."""
        self.table.changed()
        if self.match.over:
            self.host.over = True

    def poll(self, timeout: float = 0.0) -> None:
        """Hand the table what the clients sent, waiting up to `timeout` for the first."""
        try:
            first = self.host.inbox.get(timeout=timeout) if timeout > 0 else self.host.inbox.get_nowait()
        except queue.Empty:
            return
        self._take(first)
        for _ in range(INBOX_BATCH):
            try:
                self._take(self.host.inbox.get_nowait())
            except queue.Empty:
                return

    def _take(self, inbound: Inbound) -> None:
        seat = inbound.seat
        if seat not in self.remote:
            return  # given to the AI while the message was on its way
        if inbound.what == "joined":
            if inbound.name:
                self.remote[seat].name = inbound.name
                self.table.names = tuple(inbound.name if s == seat else n for s, n in enumerate(self.table.names))
            self.present.add(seat)
            self.left_at.pop(seat, None)
            self.report(f"seat {seat}: {self.remote[seat].name} joined")
            self.table.joined(seat, inbound.token)
        elif inbound.what == "left":
            self.present.discard(seat)
            self.left_at[seat] = self.clock()
            self.report(f"seat {seat}: {self.remote[seat].name} left")
            self.table.left(seat)
        elif inbound.message is not None:
            self.table.received(seat, inbound.message)

    def stop(self) -> None:
        """Let the last messages leave, then close every connection and the server."""
        self.host.flush(FLUSH_TIMEOUT_S)
        self.host.stop()


class HostedMatch:
    """One match at a table whose `PERSON` seats are played from other computers."""

    def __init__(self, rules: Rules, seats: list[str], seed: int, code: str | None = None,
                 bind: str | None = "127.0.0.1", port: int = 0, move_time_s: float = MOVE_TIME_S,
                 report: Callable[[str], None] = print, tap: Callable[[int, str], None] | None = None,
                 grace_s: float = DELAY_GRACE_S, reconnect_window_s: float = RECONNECT_WINDOW_S,
                 tokens: dict[int, str] | None = None) -> None:
        """`tokens`: the seats' tokens of the match before (with its `code` and `port`): the next
        match at the same table, its seats taken again only by the same people."""
        from game.ai.agents import make_agent  # the window's host imports this module; a copy may lack the AI

        if len(seats) != rules.players:
            raise ValueError(f"the table has {rules.players} seats; {len(seats)} were given")
        self.match = Match(rules, seed)
        remote = tuple(seat for seat, who in enumerate(seats) if who == PERSON)
        names = [f"Player {s + 1}" if s in remote else f"{seats[s].capitalize()} AI" for s in range(rules.players)]
        self.hosted = HostedTable(self.match, names, remote, code, bind, port, tap, report, tokens=tokens)
        self.remote = self.hosted.remote
        self.host = self.hosted.host
        self.table = self.hosted.table
        self.players: dict[int, Player] = {
            seat: self.remote.get(seat) or make_agent(who, seed * 31 + seat) for seat, who in enumerate(seats)
        }
        self.move_time_s = self.hosted.move_time_s = move_time_s
        self.hosted.reconnect_window_s = reconnect_window_s
        self.grace_s = grace_s
        self.report = report
        self.closing = threading.Event()
        """Set by `close` from another thread: the wait for players and the match stop."""

    def start(self) -> None:
        self.hosted.start()

    def wait_for_players(self, timeout_s: float) -> bool:
        """Until every remote seat is taken (True) or `timeout_s` has passed (False)."""
        deadline = time.monotonic() + timeout_s
        while not self.hosted.all_joined():
            if self.closing.is_set():
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.poll(min(left, 0.2))
        self.hosted.begin()
        return True

    def play(self) -> None:
        MatchLoop(self.match, self.players, self.table, self.poll, self.move_time_s, self.report,
                  stopped=self.closing.is_set, grace_s=self.grace_s, given_up=self.hosted.given_up).run()
        self.host.over = self.match.over

    def poll(self, timeout: float) -> None:
        self.hosted.poll(timeout)

    def close(self) -> None:
        """Stop waiting and playing (from any thread); `stop` then closes the network."""
        self.closing.set()

    def stop(self) -> None:
        self.hosted.stop()


def table_ad(name: str, hosted: HostedTable, rules: Rules) -> TableAd:
    """What the table announces on the local network: the host's name, the seats taken
    (every seat not waiting for a person at another computer)."""
    from game.net.discovery import TableAd, shown_name
    from game.net.protocol import PROTOCOL_VERSION

    open_seats = sum(not hosted.connected(seat) for seat in hosted.remote)
    return TableAd(shown_name(name or socket.gethostname().split(".")[0]), rules.players - open_seats,
                   rules.players, rules.preset_name, __version__, PROTOCOL_VERSION)


class BackgroundAnnouncer:
    """A table's announcement on the local network, made off the caller's thread: starting
    takes zeroconf some 2 s (the name is probed) and every change is sent out, which a
    window's frame loop must not wait for. `state` says how it stands: `STARTING`,
    `ANNOUNCED`, `FAILED` (with `problem`) or `CLOSED`."""

    STARTING, ANNOUNCED, FAILED, CLOSED = "starting", "announced", "failed", "closed"

    def __init__(self, ad: TableAd, port: int, addresses: list[str], notify: Callable[[], None] = lambda: None) -> None:
        from game.net.discovery import Announcer

        self.announcer = Announcer(ad, port, addresses)
        self.notify = notify
        """Called when the announcement is made or has failed (from the worker's thread)."""
        self.state = self.STARTING
        self.problem = ""
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-announce")
        self.worker.submit(self._start)

    def _start(self) -> None:
        try:
            self.announcer.start()
        except OSError as error:
            self.state, self.problem = self.FAILED, str(error)
        else:
            self.state = self.ANNOUNCED
        self.notify()

    def update(self, ad: TableAd) -> None:
        self.worker.submit(self._update, ad)

    def _update(self, ad: TableAd) -> None:
        if self.state == self.ANNOUNCED:
            with contextlib.suppress(OSError, RuntimeError):
                self.announcer.update(ad)

    def close(self) -> None:
        """Withdraw the announcement (in the background; safe to call twice)."""
        if self.state != self.CLOSED:
            self.state = self.CLOSED
            self.worker.submit(self.announcer.close)
            self.worker.shutdown(wait=False)
