"""A seat's view on the wire: the host's side (`SeatFeed`) and the client's (`SeatMirror`).

The host sends a seat only what `Hand.view_for(seat)` holds (its own wall, hand, pool and
private events; the public events; the result as that seat sees it) and the public
settlements: a `Snapshot` when a hand starts or the client (re)joins, then an `Update`
with the fields that changed and the new events. The client rebuilds the very `SeatView`
from them (`SeatMirror.view`), so the rest of the game reads it as it reads a local view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from game.engine.events import Event
from game.engine.kyoku import SeatView
from game.engine.rules import Rules
from game.net.protocol import (
    HostMessage,
    MatchOver,
    Presence,
    RecordPart,
    Refused,
    Settled,
    Snapshot,
    Update,
    Welcome,
    WireView,
    to_wire,
)

VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(WireView))


def wire_view(view: SeatView) -> WireView:
    return WireView(**{name: getattr(view, name) for name in VIEW_FIELDS})


class SeatFeed:
    """What has been sent to one seat's client, to send next only what changed."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.kyoku_number: int | None = None
        self.sent: dict[str, Any] | None = None
        """Each view field as last sent, as JSON data (to compare)."""
        self.events_sent = 0

    def forget(self) -> None:
        """The client (re)joined or asked again: the next message is a snapshot."""
        self.sent = None

    def message(self, kyoku_number: int, view: SeatView, scores: tuple[float, ...],
                stake: int, time_left_s: float | None = None) -> Callable[[int], Snapshot | Update] | None:
        """The next message for this seat (a maker taking its sequence number), or None when
        nothing it sees has changed. `time_left_s`: the host's clock for the seat's pending
        decision, stamped into the message (it alone changing sends nothing)."""
        fields = {name: to_wire(getattr(view, name)) for name in VIEW_FIELDS}
        if self.sent is None or kyoku_number != self.kyoku_number or len(view.events) < self.events_sent:
            self.sent, self.kyoku_number, self.events_sent = fields, kyoku_number, len(view.events)
            whole = wire_view(view)
            return lambda seq: Snapshot(seq, kyoku_number, whole, view.events, scores, stake, time_left_s)
        changed = {name: getattr(view, name) for name in VIEW_FIELDS if fields[name] != self.sent[name]}
        events = view.events[self.events_sent:]
        if not changed and not events:
            return None
        self.sent, self.events_sent = fields, len(view.events)
        return lambda seq: Update(seq, kyoku_number, changed, events, time_left_s)


class OutOfOrder(Exception):
    """A message's sequence number is not the next one: the client asks for a snapshot."""


class SeatMirror:
    """The client's copy of its seat: the messages applied in order, the view rebuilt."""

    def __init__(self) -> None:
        self.seq = 0
        self.welcome: Welcome | None = None
        self.kyoku_number = 0
        self.fields: dict[str, Any] | None = None
        self.events: list[Event] = []
        self.scores: tuple[float, ...] = ()
        self.stake = 0
        self.present: tuple[bool, ...] = ()
        self.settlements: list[Settled] = []
        self.over: MatchOver | None = None
        self.refusals: list[Refused] = []
        self.waiting_for_snapshot = False
        self.record_parts: dict[int, tuple[str, ...]] = {}
        self.record_count = 0
        self.time_left_s: float | None = None
        """The host's clock for the seat's pending decision, as the latest view's message carried it."""

    @property
    def rules(self) -> Rules | None:
        return self.welcome.rules if self.welcome else None

    def receive(self, message: HostMessage) -> None:
        """Apply one message. OutOfOrder when one is missing (a snapshot puts it right)."""
        if isinstance(message, Welcome):
            self.welcome, self.seq = message, message.seq
            return
        if isinstance(message, Snapshot):
            self.seq, self.waiting_for_snapshot = message.seq, False
            self.kyoku_number = message.kyoku_number
            self.fields = {name: getattr(message.view, name) for name in VIEW_FIELDS}
            self.events = list(message.events)
            self.scores, self.stake = message.scores, message.stake
            self.time_left_s = message.time_left_s
            return
        if message.seq != self.seq + 1 or self.waiting_for_snapshot:
            self.waiting_for_snapshot = True
            raise OutOfOrder(f"message {message.seq} after {self.seq}")
        self.seq = message.seq
        if isinstance(message, Update):
            if self.fields is None or message.kyoku_number != self.kyoku_number:
                self.waiting_for_snapshot = True
                raise OutOfOrder(f"an update of hand {message.kyoku_number} without its snapshot")
            self.fields.update(message.changed)
            self.events.extend(message.events)
            self.time_left_s = message.time_left_s
        elif isinstance(message, Presence):
            self.present = message.present
        elif isinstance(message, Settled):
            self.settlements.append(message)
            self.scores, self.stake = message.scores, message.next_stake
        elif isinstance(message, RecordPart):
            if message.count != self.record_count:
                self.record_parts, self.record_count = {}, message.count
            self.record_parts[message.index] = message.lines
        elif isinstance(message, MatchOver):
            self.over, self.scores = message, message.scores
        elif isinstance(message, Refused):
            self.refusals.append(message)

    @property
    def record_text(self) -> str | None:
        """The match's record as the host sent it at the end (None until every part came);
        read it with `record.parse_record`, as any record from outside."""
        if not self.record_count or len(self.record_parts) != self.record_count:
            return None
        if set(self.record_parts) != set(range(self.record_count)):
            return None
        return "".join(line + "\n" for index in range(self.record_count) for line in self.record_parts[index])

    @property
    def view(self) -> SeatView | None:
        """The seat's view as the host's engine gives it (None before the first hand)."""
        if self.fields is None or self.welcome is None:
            return None
        return SeatView(rules=self.welcome.rules, events=tuple(self.events), **self.fields)
