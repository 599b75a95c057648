"""The host's side of a networked table, without the network: which seat is played from
where, what each remote seat is sent, and what its client may do.

The host's engine is the only referee. A client acts only for its own seat, only while the
hand waits for that seat; any other action is refused with a reason code and the match
goes on. A `RemoteSeat` is a player like the others: the table asks `ready()`, then
`act(view)`, as it asks a person at this screen.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any, Protocol

from game import __version__
from game.engine.actions import Action
from game.engine.kyoku import IllegalAction, Phase, SeatView
from game.engine.match import Match
from game.engine.player import GivenMove
from game.net.protocol import (
    MAX_TIME_LEFT_S,
    WITHHELD_SEED,
    Act,
    ClientMessage,
    HostMessage,
    Leaving,
    MatchOver,
    Presence,
    Reading,
    Ready,
    RecordPart,
    Refused,
    Resync,
    Settled,
    Welcome,
)
from game.net.wire import SeatFeed, deflated_parts, told_clocks

STOPPED = "stopped"
"""The end of a match its host stopped before its end (`MatchOver.reason`): with its record
when the host cannot continue it, without where it can."""
READING_TIME_S = 60.0
"""The longest a hand's result is read before the next hand begins anyway: no one who has
gone, or who does not press Next, holds the table longer."""


class RemoteSeat(GivenMove):
    """A person at another computer: a Player whose move is the one its client sent."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(name)
        self.seat = seat

    def forget(self) -> None:
        """Drop a move given too late (its stand-in moved instead)."""
        self._move = None


class Transport(Protocol):
    """How the table's messages reach a seat's client (the websockets host, or a test's)."""

    def send(self, seat: int, make: Callable[[int], HostMessage]) -> None:
        """Send `make(seq)`, `seq` being the seat's next sequence number."""
        ...

    def connected(self, seat: int) -> bool: ...


class NetTable:
    """A match's remote seats: their feeds, their moves, the public news they are told."""

    def __init__(self, match: Match, names: tuple[str, ...], levels: tuple[str | None, ...],
                 remote: dict[int, RemoteSeat], transport: Transport) -> None:
        """`levels`: each seat's AI level, None for a person (`Welcome.levels`)."""
        self.match = match
        self.names = names
        self.levels = levels
        self.remote = remote
        self.transport = transport
        self.feeds = {seat: SeatFeed(seat) for seat in remote}
        self.welcomed: set[int] = set()
        """The remote seats whose client has been welcomed: the only ones sent the table's news
        (a client's first message is its Welcome)."""
        self.tokens: dict[int, str] = {}
        """Each remote seat's token, sent only to that seat's own client (with its welcome)."""
        self.settled_through = match.settlements[-1].kyoku_number if match.settlements else 0
        """The last kyoku whose settlement the remote seats were told (a match continued:
        those before it were told by the host that saved it)."""
        self.over_told = False
        self.told_over: set[int] = set()
        """The remote seats whose client was told the match's end (`match_over`)."""
        self.time_left: Callable[[int], float | None] = lambda seat: None
        """Seconds left on the host's clock for a seat's pending decision (None: it owes
        none, or it has no clock), stamped into each message to the seats that may know the
        hand waits on it; set by the loop that runs the clocks."""
        self.given_up: Callable[[int], bool] = lambda seat: False
        """Whether a remote seat's client has been gone past the reconnection window (set by
        the `HostedTable` that keeps the window)."""
        self.told_presence: tuple[tuple[bool, ...], tuple[bool, ...]] | None = None
        self.clock: Callable[[], float] = time.monotonic
        self.people_here: tuple[int, ...] = ()
        """The seats of people at the host's own screen (the window's host): the next hand
        waits for them to close the result too."""
        self.reading_time_s = READING_TIME_S
        self.reading: tuple[int, float] | None = None
        """The hand whose result is being read and when its reading began (None: no result
        is read; the next hand may begin)."""
        self.not_ready: set[int] = set()
        """The people the next hand still waits for while a result is read."""
        self.reconnect_window: Callable[[], float] = lambda: 120.0
        """How long a dropped seat is kept for its player (set by the `HostedTable` that keeps it)."""
        self.can_continue = False
        """Whether this host can continue the match after it stops (a window's that keeps the save)."""
        self.waiting_for_start = False
        """A continued match whose host has not pressed Start again (its waiting room is open)."""

    def present(self) -> tuple[bool, ...]:
        return tuple(seat not in self.remote or self.transport.connected(seat) or self.finished(seat)
                     for seat in range(self.match.rules.players))

    def finished(self, seat: int) -> bool:
        """The seat's client was there at the match's end and told it: its connection then
        closes (a joined computer reads its result and summary from what it was told), the
        protocol's goodbye, not its person gone."""
        return self.match.over and seat in self.told_over

    def presence(self) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        """Who is present, and which absent seats have been given up to their stand-in."""
        present = self.present()
        return present, tuple(not here and seat in self.remote and self.given_up(seat)
                              for seat, here in enumerate(present))

    def joined(self, seat: int, token: str, name: str = "") -> None:
        """A client took `seat` (or took it back) under `name` ("": the seat's name kept): the
        table, then the whole current view. The other clients are welcomed again with the
        name: one who joined earlier would otherwise know the seat by its default name for
        the whole match (its screens, its history)."""
        if name and name != self.names[seat]:
            self.names = tuple(name if s == seat else n for s, n in enumerate(self.names))
            for other in self._listening():
                if other != seat:
                    self._welcome(other)
        self.tokens[seat] = token
        self._welcome(seat)
        self.welcomed.add(seat)
        self.feeds[seat].forget()
        self._publish_to(seat)
        self.tell_presence()
        if self.reading is not None:
            self._tell_reading_to(seat)

    def _welcome(self, seat: int) -> None:
        token, names, levels, rules = self.tokens[seat], self.names, self.levels, self.match.rules
        window, continues = min(max(0.0, self.reconnect_window()), MAX_TIME_LEFT_S), self.can_continue
        paused = self.waiting_for_start
        self.transport.send(seat, lambda seq: Welcome(seq, seat, token, names, levels, rules,
                                                      f"17 Steps {__version__}", window, continues, paused))

    def rename(self, names: tuple[str, ...], levels: tuple[str | None, ...]) -> None:
        """The seats' names and levels as the match is played (the people who joined since a
        client was welcomed, the seats given to the AI): each client is welcomed again with them."""
        self.names, self.levels = names, levels
        for seat in self._listening():
            self._welcome(seat)

    def left(self, seat: int) -> None:
        self.welcomed.discard(seat)
        self.tell_presence()

    def tell_presence(self) -> None:
        present, given_up = self.told_presence = self.presence()
        for seat in self._listening():
            self.transport.send(seat, lambda seq: Presence(seq, present, given_up))

    def presence_changed(self) -> None:
        """Tell the clients when a seat has been given up since they were last told (no
        message marks it: the reconnection window runs out on the host's clock)."""
        if self.presence() != self.told_presence:
            self.tell_presence()

    def _listening(self) -> list[int]:
        return [seat for seat in self.remote if seat in self.welcomed and self.transport.connected(seat)]

    def received(self, seat: int, message: ClientMessage) -> None:
        """A message from `seat`'s client (the connection says which seat it plays)."""
        if isinstance(message, Resync):
            self.feeds[seat].forget()
            self._publish_to(seat)
        elif isinstance(message, Act):
            self._take(seat, message.action)
        elif isinstance(message, Ready):
            self.ready(seat, message.kyoku_number)
        elif isinstance(message, Leaving):
            self._send_record_so_far(seat)

    def _send_record_so_far(self, seat: int) -> None:
        """The record of the hands settled so far, to a seat whose person leaves the match under
        way (`Leaving`): nothing of the hand in play, nor the seed (`record_so_far`)."""
        lines = record_so_far(self.match.record)
        if self.over_told or lines is None:
            return
        parts = deflated_parts(record_text(lines))
        for index, part in enumerate(parts):
            self.transport.send(seat, lambda seq, i=index, deflated=part: RecordPart(seq, i, len(parts), deflated))

    # --- the result read: the next hand begins when everyone is ready -----------------------

    def begin_reading(self, kyoku_number: int) -> None:
        """A hand's result is shown on every screen: the next hand waits for its people (the
        remote seats and those here) to close it, for `reading_time_s` at most."""
        self.reading = (kyoku_number, self.clock())
        self.not_ready = set(self.remote) | set(self.people_here)
        self.tell_reading()

    def ready(self, seat: int, kyoku_number: int) -> None:
        """The person of `seat` closed the result of `kyoku_number` (an older hand's is ignored)."""
        if self.reading is None or self.reading[0] != kyoku_number or seat not in self.not_ready:
            return
        self.not_ready.discard(seat)
        self.tell_reading()

    def reading_left(self) -> float:
        """Seconds until the next hand may begin (0: now): everyone ready, or the time is up.
        A remote seat given up to its stand-in is not waited for."""
        if self.reading is None:
            return 0.0
        if not any(seat not in self.remote or not self.given_up(seat) for seat in self.not_ready):
            return 0.0
        return max(0.0, self.reading_time_s - (self.clock() - self.reading[1]))

    def end_reading(self) -> None:
        """The next hand begins."""
        self.reading = None
        self.not_ready = set()

    def tell_reading(self) -> None:
        for seat in self._listening():
            self._tell_reading_to(seat)

    def _tell_reading_to(self, seat: int) -> None:
        if self.reading is None:
            return
        number = self.reading[0]
        waiting = tuple(s in self.not_ready for s in range(self.match.rules.players))
        left = _span(self.reading_left())
        assert left is not None
        self.transport.send(seat, lambda seq: Reading(seq, number, waiting, left))

    def _take(self, seat: int, action: Action) -> None:
        if action.seat != seat:
            self.refuse(seat, "not_your_seat", str(action.seat))
            return
        kyoku = self.match.kyoku
        if kyoku is None or kyoku.phase is Phase.END:
            self.refuse(seat, "illegal_action", "hand_over")
        elif seat not in kyoku.waiting_on():
            self.refuse(seat, "illegal_action", "not_your_turn")
        else:
            self.remote[seat].give(action)

    def apply(self, seat: int, action: Action) -> bool:
        """Play `action` for `seat`; an illegal one is refused to its client (if remote)."""
        try:
            self.match.apply(action)
        except IllegalAction as error:
            if seat in self.remote:
                self.refuse(seat, "illegal_action", error.rule)
            return False
        return True

    def refuse(self, seat: int, code: str, detail: str) -> None:
        self.transport.send(seat, lambda seq: Refused(seq, code, detail))

    def changed(self) -> None:
        """After anything the match did (a move, a hand dealt): each remote seat's view, a
        settlement not told yet, the match's end. The one call the window's table and the
        headless loop make, so both tell the clients alike."""
        self.publish()
        settlements = self.match.settlements
        if settlements and settlements[-1].kyoku_number > self.settled_through:
            self.settled()
            if not self.match.over:
                self.begin_reading(self.settled_through)
        if self.match.over:
            self.match_over()

    def publish(self) -> None:
        """Send each remote seat what changed in its view."""
        for seat in self._listening():
            self._publish_to(seat)

    def _publish_to(self, seat: int) -> None:
        kyoku = self.match.kyoku
        if kyoku is None or seat not in self._listening():
            return
        scores, stake = tuple(self.match.scores), self.match.stake
        view = kyoku.view_for(seat)
        make = self.feeds[seat].message(self.match.kyoku_number, view, scores, stake, self.clocks(view))
        if make is not None:
            self.transport.send(seat, make)

    def clocks(self, view: SeatView) -> tuple[float | None, ...]:
        """Each seat's time left for the decision it owes, for the seats whose clocks `view`'s
        seat may be told (`told_clocks`); None for the others."""
        kyoku = self.match.kyoku
        assert kyoku is not None
        waited = told_clocks(view, kyoku.waiting_on(), kyoku.phase)
        players = self.match.rules.players
        return tuple(_span(self.time_left(seat)) if seat in waited else None for seat in range(players))

    def settled(self) -> None:
        """The hand's settlement, told to every remote seat."""
        last = self.match.settlements[-1]
        self.settled_through = last.kyoku_number
        for seat in self._listening():
            self.transport.send(seat, lambda seq: Settled(seq, last.kyoku_number, last.gains, last.scores,
                                                          last.stake, last.next_stake))

    def match_over(self) -> None:
        """The record (only now: it holds every wall and the seed), then the match's end;
        told once. A match stopped before its end (`STOPPED`) is not over where its host can
        continue it: no record leaves (its seed holds the hands to come). Where it cannot (a
        headless host stopped for good), the match ends here: its record goes too, once a
        hand has been dealt, so that each computer keeps it as a stopped match."""
        if self.over_told:
            return
        self.over_told = True
        match = self.match
        reason, scores = match.end_reason or STOPPED, tuple(match.scores)
        final = match.over or (not self.can_continue and (match.kyoku is not None or bool(match.settlements)))
        parts = deflated_parts(record_text(match.record)) if final else []
        self.told_over = set(self._listening())
        for seat in self.told_over:
            for index, part in enumerate(parts):
                self.transport.send(seat, lambda seq, i=index, deflated=part: RecordPart(seq, i, len(parts), deflated))
            self.transport.send(seat, lambda seq: MatchOver(seq, reason, scores))


def _span(left: float | None) -> float | None:
    """A time left as the protocol carries it: from 0 to its longest, in whole milliseconds
    (rounded down: the client never shows more time than the host gives)."""
    return None if left is None else math.floor(min(max(0.0, left), MAX_TIME_LEFT_S) * 1000) / 1000


def record_so_far(record: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """A match's record up to its last settlement, its seed withheld (`WITHHELD_SEED`): what a
    seat leaving the match under way may keep (None before any hand was settled). The walls of
    the hand in play and the seed, which holds the hands to come, stay at the host."""
    settled = [index for index, line in enumerate(record) if line.get("type") == "settlement"]
    if not settled:
        return None
    return [{**record[0], "seed": WITHHELD_SEED}, *record[1:settled[-1] + 1]]


def record_text(record: list[dict[str, Any]]) -> str:
    """The record's text as `write_record` writes it (the same bytes on every computer)."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in record)
