"""A hosted match without a window: the server, the table, the loop, in one piece.

The window's host (a later step) runs the same `NetHost` and `NetTable`; only the loop
that asks the seats differs (its `TableController` instead of `MatchLoop`).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from game import __version__
from game.ai.agents import make_agent
from game.engine.match import Match
from game.engine.player import Player
from game.engine.rules import Rules
from game.net.play import DELAY_GRACE_S, MatchLoop
from game.net.server import Inbound, NetHost
from game.net.table import NetTable, RemoteSeat

PERSON = "person"
INBOX_BATCH = 200
"""Messages handled per look at the inbox: a flood waits its turn, the table goes on."""
FLUSH_TIMEOUT_S = 5.0


class HostedMatch:
    """One match at a table whose `PERSON` seats are played from other computers."""

    def __init__(self, rules: Rules, seats: list[str], seed: int, code: str | None = None,
                 bind: str = "127.0.0.1", port: int = 0, move_time_s: float = 120.0,
                 report: Callable[[str], None] = print, tap: Callable[[int, str], None] | None = None,
                 grace_s: float = DELAY_GRACE_S) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"the table has {rules.players} seats; {len(seats)} were given")
        self.match = Match(rules, seed)
        remote = tuple(seat for seat, who in enumerate(seats) if who == PERSON)
        self.remote = {seat: RemoteSeat(seat, f"Player {seat + 1}") for seat in remote}
        self.players: dict[int, Player] = {
            seat: self.remote.get(seat) or make_agent(who, seed * 31 + seat) for seat, who in enumerate(seats)
        }
        names = tuple(self.remote[s].name if s in self.remote else f"{seats[s].capitalize()} AI"
                      for s in range(rules.players))
        self.host = NetHost(remote, code, bind, port, f"17 Steps {__version__}", tap)
        self.table = NetTable(self.match, names, self.remote, self.host)
        self.move_time_s = move_time_s
        self.grace_s = grace_s
        self.report = report
        self.closing = threading.Event()
        """Set by `close` from another thread: the wait for players and the match stop."""

    def start(self) -> None:
        self.host.start()

    def wait_for_players(self, timeout_s: float) -> bool:
        """Until every remote seat is taken (True) or `timeout_s` has passed (False)."""
        deadline = time.monotonic() + timeout_s
        while not self.host.all_joined():
            if self.closing.is_set():
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.poll(min(left, 0.2))
        self.host.started = True
        return True

    def play(self) -> None:
        MatchLoop(self.match, self.players, self.table, self.poll, self.move_time_s, self.report,
                  stopped=self.closing.is_set, grace_s=self.grace_s).run()

    def poll(self, timeout: float) -> None:
        """Hand the table what the clients sent, waiting up to `timeout` for the first."""
        try:
            first = self.host.inbox.get(timeout=timeout)
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
        if inbound.what == "joined":
            if inbound.name:
                self.remote[seat].name = inbound.name
                self.table.names = tuple(inbound.name if s == seat else n for s, n in enumerate(self.table.names))
            self.report(f"seat {seat}: {self.remote[seat].name} joined")
            self.table.joined(seat, inbound.token)
        elif inbound.what == "left":
            self.report(f"seat {seat}: {self.remote[seat].name} left")
            self.table.left(seat)
        elif inbound.message is not None:
            self.table.received(seat, inbound.message)

    def close(self) -> None:
        """Stop waiting and playing (from any thread); `stop` then closes the network."""
        self.closing.set()

    def stop(self) -> None:
        """Let the last messages leave, then close every connection and the server."""
        self.host.flush(FLUSH_TIMEOUT_S)
        self.host.stop()
