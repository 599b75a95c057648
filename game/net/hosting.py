"""A hosted table: the server, the remote seats, what their clients are told (`HostedTable`).

The window's host and the headless host run the same code: this `HostedTable` (the same
server, the same `RemoteSeat` players, the same `NetTable.changed` after each move), and
one loop that asks the seats, runs their clocks and stand-ins: `TableTurns`
(game/app/play/table_turns.py, which this layer may not import), stepped by the window's
frames or, without a window, by `HostedMatch` (game/app/play/hosted_match.py).
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from game import __version__
from game.engine.match import Match
from game.engine.rules import Rules
from game.net.play import seat_time_limit
from game.net.protocol import HOST_LEFT, Resync
from game.net.server import SEAT_CLOSED, SEAT_HERE, Inbound, NetHost
from game.net.table import NetTable, RemoteSeat

if TYPE_CHECKING:
    from zeroconf import InterfaceChoice

    from game.net.discovery import TableAd

PERSON = "person"
"""The refusal the host's last word carries when it leaves its table (`HostedTable.stop`)."""
INBOX_BATCH = 200
"""Messages handled per look at the inbox: a flood waits its turn, the table goes on."""
FLUSH_TIMEOUT_S = 5.0
FLUSH_SHARE = 0.5
"""The part of a stop's time the last messages may take: the goodbye has the rest, however
long a client that does not read would hold up the last messages."""
GOODBYE_S = 1.0
"""The longest a window being closed waits for its tables' goodbyes (`leave_every_table`): a
client that does not read must not hold the window open."""
MOVE_TIME_S = 120.0
RECONNECT_WINDOW_S = 120.0
"""How long a dropped seat is waited for, each decision on its own clock; after it the
stand-in plays the seat at once until its person is back (their token takes it back)."""


class HostedTable:
    """The network side of a table whose `remote` seats are played from other computers."""

    def __init__(self, match: Match, names: Sequence[str], levels: Sequence[str | None], remote: tuple[int, ...],
                 code: str | None = None,
                 bind: str | None = "127.0.0.1", port: int = 0, tap: Callable[[int, str], None] | None = None,
                 report: Callable[[str], None] = lambda line: None,
                 clock: Callable[[], float] = time.monotonic, tokens: dict[int, str] | None = None) -> None:
        """`tokens`: the remote seats' tokens of a match continued or of the match before a
        rematch (`code` and `port` as it had them too): only they take the seats back, and
        each seat waits for its person as for one who has dropped. `levels`: each seat's AI
        level, None for a person."""
        self.match = match
        self.remote = {seat: RemoteSeat(seat, names[seat]) for seat in remote}
        self.host = NetHost(remote, code, bind, port, f"17 Steps {__version__}", tap, tokens)
        # Only a match under way has started: a rematch's seats are kept for their people
        # too, but anyone else is told the table is full until it starts.
        self.host.started = bool(tokens) and (match.kyoku is not None or bool(match.settlements))
        self.table = NetTable(match, tuple(names), tuple(levels), self.remote, self.host)
        self.host.describe = lambda: (self.table.names, self.table.levels, match.rules,  # what a look shows
                                      match.kyoku_number, self.move_time_s)
        self.report = report
        self.present: set[int] = set()
        """The remote seats whose client is connected, as the inbox has told."""
        self.move_time_s = MOVE_TIME_S
        """A remote seat's clock for a decision the rules give no time limit."""
        self.reconnect_window_s = RECONNECT_WINDOW_S
        self.clock = clock
        self.left_at: dict[int, float] = {}
        """When each remote seat's client dropped (while it is gone)."""
        self.lent: dict[int, str] = {}
        """The remote seats the host gave to the AI while their person was away (`give_to_ai`),
        and the AI level it chose for each: played by that AI, as an AI seat is, until their
        person takes the seat back with its token."""
        self.left_on_purpose: set[int] = set()
        """The remote seats whose person left the table (Menu → Leave the table), their
        connection not dropped (`Inbound.on_purpose`), until they are back."""
        self.back: Callable[[int], None] = lambda seat: None
        """Called when a seat's person takes it back from the AI during the match (the window
        tells its people here)."""
        self.continued = self.table.waiting_for_start = bool(tokens)
        self.begun = False
        """The match has started (`begin`): before, a hand continued waits for its people."""
        self.stopping = False
        """`stop` has begun (maybe on another thread)."""
        self.stopped = threading.Event()
        """Set once `stop` is over: the server closed, or given up on within its time."""
        self.freed = False
        """`stop` saw the server listen no more: its port can be opened again (a rematch's)."""
        self.table.time_left = self.whole_time
        self.table.given_up = self.given_up
        self.table.clock = clock
        self.table.reconnect_window = lambda: self.reconnect_window_s

    def whole_time(self, seat: int) -> float | None:
        """A pending decision's whole time: the clock a seat is told until the loop that
        runs the clocks (`TableTurns`) has begun to count it. None in a continued match before
        it has begun again: its hand waits for its people, with no clock running on any screen
        until the loop tells every seat its own (`retell`)."""
        kyoku = self.match.kyoku
        if self.waiting_to_begin() or kyoku is None or seat not in kyoku.waiting_on():
            return None
        return seat_time_limit(self.match.rules, kyoku.phase, self.move_time_s)

    def waiting_to_begin(self) -> bool:
        """A continued match that has not begun again: its hand waits for its people, and no
        seat's clock runs, on any screen or at the host (`TableTurns.seat_time_left`)."""
        return self.continued and not self.begun

    def start(self) -> None:
        """Listen (OSError when the port cannot be opened)."""
        self.host.start()
        with _REGISTRY:
            _OPEN_TABLES.add(self)

    def begin_stop(self) -> bool:
        """Mark the table as stopping before its stop starts on a thread of its own: False
        (start none) when a stop has begun already, so that two never run at once."""
        with _REGISTRY:
            begun, self.stopping = self.stopping, True
        return not begun

    def connected(self, seat: int) -> bool:
        """A client plays `seat` now, as far as the table has read its inbox (so that
        the name it joined with is known too), or played it to the match's end: told the
        end, its computer closes the connection while its person reads the result there
        (`NetTable.finished`), which no screen takes for their going away."""
        return seat in self.present or self.table.finished(seat)

    def left_the_table(self, seat: int) -> bool:
        """The seat's person is away because they left the table, not because their
        connection dropped (`left_on_purpose`)."""
        return seat in self.left_on_purpose and not self.connected(seat)

    def taken(self, seat: int) -> bool:
        return seat in self.remote and self.host.taken(seat)

    def looking(self, seat: int) -> bool:
        """The seat's person is not here but looked at the table lately (`NetHost.looking`)."""
        return seat in self.remote and self.host.looking(seat)

    def give_up_in(self, seat: int) -> float | None:
        """Seconds until the reconnection window of a seat whose client has gone closes
        (0: closed, or the seat lent to the AI), None while its client is here."""
        if seat in self.lent:
            return 0.0
        left = self.left_at.get(seat)
        return None if left is None else max(0.0, left + self.reconnect_window_s - self.clock())

    def given_up(self, seat: int) -> bool:
        """The seat is played by the AI until its person is back: its client has been gone
        longer than the reconnection window (its stand-in moves at once at each decision), or
        the host lent the seat to the AI (`lent_level`: the AI of the level the host chose
        plays it). The seat stays its person's (the plan, the save, the server keep it
        remote), so that their token takes it back."""
        return self.give_up_in(seat) == 0.0

    def all_joined(self) -> bool:
        return all(seat in self.present for seat in self.remote)

    def begin(self, names: Sequence[str] | None = None, levels: Sequence[str | None] | None = None) -> None:
        """The match starts: from now on a seat is taken back only with its token. `names`
        and `levels`: the seats' names and AI levels as it is played, told to every client."""
        self.host.started = self.begun = True
        names = self.table.names if names is None else tuple(names)
        levels = self.table.levels if levels is None else tuple(levels)
        restarted, self.table.waiting_for_start = self.table.waiting_for_start, False
        if restarted or (names, levels) != (self.table.names, self.table.levels):
            self.table.rename(names, levels)

    def retell(self) -> None:
        """Each remote seat its whole view again, stamped with the clock of the loop that
        now runs it: a seat told before (in a continued match's waiting room) had no clock."""
        for seat in self.remote:
            self.table.received(seat, Resync())

    def give_to_ai(self, seat: int, level: str) -> bool:
        """An empty remote seat is played by the AI on this computer from now on. A seat no
        one ever took becomes an AI seat for the match (no one new takes it: the table is
        full; the plan gives it `level`); a seat someone took is theirs: it is `lent` to the
        AI of `level` until they take it back with its token. False when its person is here
        (the server decides, as one step with a person sitting down: `NetHost.close_seat`)."""
        if seat not in self.remote:
            return False
        closed = self.host.close_seat(seat)
        if closed == SEAT_HERE:
            return False
        if closed == SEAT_CLOSED:
            del self.remote[seat]
            del self.table.feeds[seat]
        else:
            self.lent[seat] = level
        self.table.tell_presence()
        return True

    def lent_to_ai(self, seat: int) -> bool:
        """The host gave the seat to the AI until its person is back (`give_to_ai`)."""
        return seat in self.lent

    def lent_level(self, seat: int) -> str | None:
        """The AI level that plays a seat lent to the AI until its person is back (None: the
        seat is not lent; past the reconnection window it is its stand-in that plays it)."""
        return self.lent.get(seat)

    def changed(self) -> None:
        """After anything the match did: tell each remote seat (`NetTable.changed`)."""
        self.table.changed()
        if self.match.over:
            self.host.over = True

    def poll(self, timeout: float = 0.0) -> None:
        """Hand the table what the clients sent, waiting up to `timeout` for the first; tell
        the clients of a seat given up since the last look."""
        self.table.presence_changed()
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
            # The name a seat took the match with stays for the match: a rejoin under another
            # (its key lent, a second computer) renames no screen, no history. A rematch's
            # waiting room has not started: its seats may come back under new names.
            name = "" if self.host.started else inbound.name
            if name:
                self.remote[seat].name = name
            was_ai, returning = self.given_up(seat), seat not in self.present
            self.present.add(seat)
            self.left_at.pop(seat, None)
            self.left_on_purpose.discard(seat)
            self.lent.pop(seat, None)
            self.report(f"seat {seat}: {self.remote[seat].name} "
                        + ("took the seat back from the AI" if was_ai else "joined"))
            self.table.joined(seat, inbound.token, name)
            if self.begun and returning and was_ai:
                self.back(seat)
        elif inbound.what == "left":
            self.present.discard(seat)
            if inbound.on_purpose:
                self.left_on_purpose.add(seat)
            if not self.table.finished(seat):  # no reconnection is waited for after the end
                self.left_at[seat] = self.clock()
            self.report(f"seat {seat}: {self.remote[seat].name} left")
            self.table.left(seat)
        elif inbound.message is not None:
            self.table.received(seat, inbound.message)

    def stop(self, reopening: bool = False, within_s: float | None = None) -> None:
        """Let the last messages leave, then close every connection and the server, telling
        every client connected that the host has left the table (`host_left`), unless the
        host is `reopening` it for the next match at once: those waiting for that one then
        knock at it. `within_s`: the longest it all may take (a client that does not read is
        closed without its last messages, but every other client still has its goodbye); by
        default some 12 s at most. `freed` says afterwards whether the port was let go."""
        with _REGISTRY:
            self.stopping = True
        try:
            deadline = None if within_s is None else time.monotonic() + within_s
            self.host.flush(FLUSH_TIMEOUT_S if within_s is None else min(FLUSH_TIMEOUT_S, within_s * FLUSH_SHARE))
            self.freed = self.host.stop("" if reopening else HOST_LEFT,
                                        None if deadline is None else max(0.0, deadline - time.monotonic()))
        finally:
            with _REGISTRY:
                _OPEN_TABLES.discard(self)
            self.stopped.set()

    def leave(self, within_s: float | None = None) -> None:
        """The host leaves its table for good (its window closes, a headless host stops): a
        match begun is told it stopped (`NetTable.match_over`: with its record where it cannot
        be continued), then every client that the host has left (`stop`)."""
        if self.match.kyoku is not None or self.match.settlements:
            self.table.match_over()
        self.stop(within_s=within_s)


_OPEN_TABLES: weakref.WeakSet[HostedTable] = weakref.WeakSet()
"""The tables listening (started, not stopped yet): those a closing window leaves. Read and
changed under `_REGISTRY` only: stops end on threads of their own."""
_REGISTRY = threading.Lock()


def leave_every_table(within_s: float = GOODBYE_S) -> None:
    """The window closes: every table it hosts says goodbye to its clients, at once and side
    by side, as leaving it from the title does (`HostedTable.leave`); a stop already under way
    (the title's, a rematch's) is waited for. Within `within_s` in all: whatever a client does
    not read by then, it finds out as after a crash. Call from the thread that steps the tables."""
    deadline = time.monotonic() + within_s
    with _REGISTRY:
        tables = list(_OPEN_TABLES)
    for table in tables:
        if table.begin_stop():
            threading.Thread(target=table.leave, args=(within_s,), name="net-leave", daemon=True).start()
    for table in tables:
        table.stopped.wait(max(0.0, deadline - time.monotonic()))


def table_ad(name: str, hosted: HostedTable, rules: Rules) -> TableAd:
    """What the table announces on the local network: the host's name, the seats taken
    (every seat not waiting for a person at another computer)."""
    from game.net.discovery import TableAd, shown_name
    from game.net.protocol import PROTOCOL_VERSION

    open_seats = sum(not hosted.connected(seat) and not hosted.lent_to_ai(seat) for seat in hosted.remote)
    return TableAd(shown_name(name or socket.gethostname().split(".")[0]), rules.players - open_seats,
                   rules.players, rules.preset_name, __version__, PROTOCOL_VERSION)


EVERY_ADDRESS = ("", "0.0.0.0", "::")
"""A bind address that means every address of this computer."""


def listens_everywhere(bind: str | None) -> bool:
    return bind is None or bind in EVERY_ADDRESS


def announced_on(bind: str | None) -> list[str] | None:
    """The interfaces a table listening on `bind` is announced on: that address's alone (its
    network; IPv6 alone for an IPv6 address, `discovery.ip_version_of`), as the headless host
    announces it; None for every interface, when it listens on every address."""
    return None if listens_everywhere(bind) else [str(bind)]


class BackgroundAnnouncer:
    """A table's announcement on the local network, made off the caller's thread: starting
    takes zeroconf some 2 s (the name is probed) and every change is sent out, which a
    window's frame loop must not wait for. `state` says how it stands: `STARTING`,
    `ANNOUNCED`, `FAILED` (with `problem`) or `CLOSED`."""

    STARTING, ANNOUNCED, FAILED, CLOSED = "starting", "announced", "failed", "closed"

    def __init__(self, ad: TableAd, port: int, addresses: list[str], notify: Callable[[], None] = lambda: None,
                 interfaces: InterfaceChoice | list[str] | None = None) -> None:
        """`interfaces`: where to announce (None: every interface; `announced_on`)."""
        from zeroconf import InterfaceChoice

        from game.net.discovery import Announcer

        self.announcer = Announcer(ad, port, addresses, InterfaceChoice.All if interfaces is None else interfaces)
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
