"""A networked match played to its end without a window: the headless host's loop.

Seats on this computer (AI levels) are asked in turn; remote seats move when their client's
action has come. No seat holds the table for ever: a remote seat that has not moved when
its clock runs out (the rules' build or discard time, else `move_time_s`) is moved for by
its stand-in, as a person who does not move is at a local table (docs/rules.md §3.6).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.engine.actions import Action, BuildHand
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.player import Player
from game.engine.rules import Rules
from game.net.table import NetTable, RemoteSeat

STAND_IN_LEVEL = "normal"
POLL_S = 0.05
"""How long the loop waits for the network between looks at the table."""
DELAY_GRACE_S = 1.0
"""Added to a remote seat's clock: its action travels back over the network."""


def seat_time_limit(rules: Rules, phase: Phase, move_time_s: float) -> float:
    """A remote seat's time for a decision, as every screen shows it: the rules' build or
    discard time, else `move_time_s` (the dora flip, a discard without a limit, the ron question)."""
    limit = {Phase.BUILD: rules.build_time_s, Phase.DISCARD: rules.discard_time_s}.get(phase)
    return float(limit) if limit is not None else move_time_s


def remote_time_limit(rules: Rules, phase: Phase, move_time_s: float, grace_s: float = DELAY_GRACE_S) -> float:
    """How long a remote seat has for a decision before its stand-in moves: its time
    (`seat_time_limit`) and `grace_s` for the action's way back."""
    return seat_time_limit(rules, phase, move_time_s) + grace_s


class MatchLoop:
    """Drives `match` to its end: asks each seat in turn, lets remote seats take their time."""

    def __init__(self, match: Match, players: dict[int, Player], table: NetTable,
                 wait: Callable[[float], None], move_time_s: float,
                 report: Callable[[str], None] = lambda line: None,
                 clock: Callable[[], float] = time.monotonic,
                 stopped: Callable[[], bool] = lambda: False, grace_s: float = DELAY_GRACE_S,
                 given_up: Callable[[int], bool] = lambda seat: False) -> None:
        self.match = match
        self.players = players
        self.table = table
        self.wait = wait
        self.move_time_s = move_time_s
        self.report = report
        self.clock = clock
        self.stopped = stopped
        """Asked before each step: the host is closing (the match ends where it is)."""
        self.grace_s = grace_s
        self.given_up = given_up
        """Whether a remote seat's client has been gone past the reconnection window: its
        stand-in moves at once (`HostedTable.given_up`)."""
        self.asked: dict[int, tuple[tuple[object, ...], float]] = {}
        """Each remote seat's pending decision and when the table began to wait for it."""
        table.time_left = self.time_left

    def time_left(self, seat: int) -> float | None:
        """The seat's time left for its pending decision (None when it owes none): the
        clock stamped into the messages that ask it."""
        kyoku = self.match.kyoku
        if kyoku is None or kyoku.phase is Phase.END or seat not in kyoku.waiting_on():
            return None
        asked = self.asked.get(seat)
        waited = self.clock() - asked[1] if asked is not None and asked[0] == self._key(seat) else 0.0
        return seat_time_limit(self.match.rules, kyoku.phase, self.move_time_s) - waited

    def run(self, max_steps: int = 1_000_000) -> None:
        for _ in range(max_steps):
            if self.match.over or self.stopped():
                break
            self.step()
        self.table.match_over()

    def step(self) -> None:
        """Start a hand, or make one move, or wait a moment for the remote seats."""
        kyoku = self.match.kyoku
        if kyoku is None or kyoku.phase is Phase.END:
            kyoku = self.match.next_kyoku()
            self.table.changed()
            return
        for seat in kyoku.waiting_on():
            action = self._ask(seat)
            if action is None:
                continue
            played = self.table.apply(seat, action)
            self.asked.pop(seat, None)
            self.table.changed()
            if played and kyoku.phase is Phase.END:
                self._kyoku_ended()
            return
        self.wait(POLL_S)

    def _ask(self, seat: int) -> Action | None:
        assert self.match.kyoku is not None
        view = self.match.kyoku.view_for(seat)
        player = self.players[seat]
        if not isinstance(player, RemoteSeat):
            return player.act(view)
        if player.ready():
            return player.act(view)
        key = self._key(seat)
        if seat not in self.asked or self.asked[seat][0] != key:
            self.asked[seat] = (key, self.clock())
        waited = self.clock() - self.asked[seat][1]
        if waited < remote_time_limit(self.match.rules, view.phase, self.move_time_s, self.grace_s) \
                and not self.given_up(seat):
            return None
        if not self.given_up(seat):
            self.report(f"seat {seat} ({player.name}) did not move in time: its stand-in moves")
        if view.phase is Phase.BUILD:
            return BuildHand(seat, "", complete=True)
        from game.ai.agents import make_agent  # the window's table imports this module; a copy may lack the AI

        return make_agent(STAND_IN_LEVEL, self.match.seed + seat).act(view)

    def _key(self, seat: int) -> tuple[object, ...]:
        """One decision of one seat: each gets its whole time."""
        kyoku = self.match.kyoku
        assert kyoku is not None
        return self.match.kyoku_number, kyoku.phase, len(kyoku.rivers[seat])

    def _kyoku_ended(self) -> None:
        last = self.match.settlements[-1]
        scores = ", ".join(f"{s:g}" for s in last.scores)
        assert self.match.kyoku is not None and self.match.kyoku.result is not None
        result = self.match.kyoku.result
        how = "drawn" if result.drawn else "won by " + ", ".join(f"seat {w.seat}" for w in result.wins)
        self.report(f"hand {last.kyoku_number}: {how}; scores {scores}")
