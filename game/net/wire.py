"""A seat's view on the wire: the host's side (`SeatFeed`) and the client's (`SeatMirror`).

The host sends a seat only what `Hand.view_for(seat)` holds (its own wall, hand, pool and
private events; the public events; the result as that seat sees it) and the public
settlements: a `Snapshot` when a hand starts or the client (re)joins, then an `Update`
with the fields that changed, the new events and the new discards. The client rebuilds the
very `SeatView` from them (`SeatMirror.view`), so the rest of the game reads it as it reads
a local view: the legal actions written out again from their short form (`legal_actions`),
each river grown by its new discards.

Also which seats the hand waits on as a seat can tell from its view (`seats_waited_on`),
and whose clocks that seat is told and shown (`told_clocks`).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import Action, BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.events import Event
from game.engine.kyoku import Phase, SeatView
from game.engine.record import MAX_RECORD_BYTES
from game.engine.rules import Rules
from game.engine.tiles import tile_code
from game.engine.wall import STACKS_PER_WALL, side_walls
from game.net.protocol import (
    RECORD_PART_CHARS,
    HostMessage,
    Legal,
    MatchOver,
    Presence,
    Reading,
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
RECORD_LEVEL = 6
"""zlib's level for the record: 9 packs an 8-hand record 2% smaller in twice the time."""
SEAT_VIEW_FIELDS = tuple(name for name in VIEW_FIELDS if name != "legal")
"""The fields a `WireView` copies from a `SeatView` (its legal actions listed or not)."""
River = tuple[tuple[int, bool], ...]


def legal_actions(legal: Legal, listed: tuple[Action, ...], seat: int, rules: Rules,
                  pool: Sequence[int]) -> tuple[Action, ...]:
    """The legal actions `legal` says in short, written out as the host's engine lists them
    (`Kyoku.legal_actions`); ValueError for a pool tile that is none."""
    if legal is Legal.DORA:
        return tuple(ChooseDora(seat, wall, stack) for wall in side_walls(rules.players)
                     for stack in range(STACKS_PER_WALL))
    if legal is Legal.BUILD:
        return (BuildHand(seat, "", complete=True),)
    if legal is Legal.POOL:
        return tuple(Discard(seat, code) for code in sorted({tile_code(t, rules.red_fives) for t in pool}))
    if legal is Legal.RON:
        return (Ron(seat), Pass(seat))
    return listed


def short_legal(view: SeatView) -> Legal:
    """The short form of the view's legal actions (`LISTED` when none says them all)."""
    for legal in (Legal.POOL, Legal.RON, Legal.BUILD, Legal.DORA):
        if view.legal_actions and legal_actions(legal, (), view.seat, view.rules, view.pool) == view.legal_actions:
            return legal
    return Legal.LISTED


def wire_view(view: SeatView) -> WireView:
    legal = short_legal(view)
    fields = {name: getattr(view, name) for name in SEAT_VIEW_FIELDS}
    if legal is not Legal.LISTED:
        fields["legal_actions"] = ()
    return WireView(legal=legal, **fields)


def seats_waited_on(view: SeatView) -> tuple[int, ...]:
    """The seats the hand waits on (in turn order) as far as `view`'s seat can tell. Another
    seat's ron question never shows in a view (`Kyoku.seen_phase`): the seat on turn to
    discard is named, and a seat whose turn it is with no discard to make yet, or a hand at
    its end without its result, waits for the others, naming no one."""
    players = view.rules.players
    order = [(view.dealer + step) % players for step in range(players)]
    if view.phase is Phase.DORA:
        return (view.dealer,)
    if view.phase is Phase.BUILD:
        return tuple(seat for seat in order if not view.built[seat])
    if view.phase is Phase.DISCARD and view.turn is not None and (view.turn != view.seat or view.legal_actions):
        return (view.turn,)
    if view.phase is Phase.RON and view.legal_actions:
        return (view.seat,)
    return ()


def told_clocks(view: SeatView, waiting: Sequence[int], phase: Phase) -> frozenset[int]:
    """The seats whose clocks `view`'s seat is told: those the hand waits on (`waiting`, the
    referee's truth, in the hand's true `phase`) as far as the seat can tell. A ron question's
    clock is told to the asked seat alone, but at a table of two, where it is the clock of the
    asked seat's following discard too (`play.clock_phase`): the other seat sees it as the
    clock of that discard, running from the discard the question answers."""
    waited = set(waiting).intersection(seats_waited_on(view))
    if phase is Phase.RON and view.rules.players > 2:
        waited &= {view.seat}
    return frozenset(waited)


class SeatFeed:
    """What has been sent to one seat's client, to send next only what changed."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.kyoku_number: int | None = None
        self.sent: dict[str, Any] | None = None
        """Each view field as last sent, as JSON data (to compare)."""
        self.rivers: tuple[River, ...] = ()
        """The rivers as last sent (an update adds only their new discards)."""
        self.events_sent = 0

    def forget(self) -> None:
        """The client (re)joined or asked again: the next message is a snapshot."""
        self.sent = None

    def message(self, kyoku_number: int, view: SeatView, scores: tuple[float, ...], stake: int,
                clocks: tuple[float | None, ...] = ()) -> Callable[[int], Snapshot | Update] | None:
        """The next message for this seat (a maker taking its sequence number), or None when
        nothing it sees has changed. `clocks`: the host's clock for each seat's pending
        decision, stamped into the message (they alone changing send nothing)."""
        whole = wire_view(view)
        fields = {name: to_wire(getattr(whole, name)) for name in VIEW_FIELDS}
        if self.sent is None or kyoku_number != self.kyoku_number or len(view.events) < self.events_sent:
            self.sent, self.kyoku_number, self.events_sent = fields, kyoku_number, len(view.events)
            self.rivers = view.rivers
            return lambda seq: Snapshot(seq, kyoku_number, whole, view.events, scores, stake, clocks)
        changed = {name: getattr(whole, name) for name in VIEW_FIELDS if fields[name] != self.sent[name]}
        discards: tuple[tuple[int, int, bool], ...] = ()
        if "rivers" in changed and _grown(self.rivers, view.rivers):
            del changed["rivers"]
            discards = tuple((seat, tile, riichi) for seat, river in enumerate(view.rivers)
                             for tile, riichi in river[len(self.rivers[seat]):])
        events = view.events[self.events_sent:]
        if not changed and not events and not discards:
            return None
        self.sent, self.events_sent, self.rivers = fields, len(view.events), view.rivers
        return lambda seq: Update(seq, kyoku_number, changed, events, discards, clocks)


def _grown(before: tuple[River, ...], after: tuple[River, ...]) -> bool:
    """Each river of `after` is the one of `before` with discards added (none taken away)."""
    return len(before) == len(after) and all(new[:len(old)] == old for old, new in zip(before, after, strict=True))


class OutOfOrder(Exception):
    """A message's sequence number is not the next one: the client asks for a snapshot."""


class SeatMirror:
    """The client's copy of its seat: the messages applied in order, the view rebuilt."""

    def __init__(self) -> None:
        self.seq = 0
        self.welcome: Welcome | None = None
        self.kyoku_number = 0
        self.fields: dict[str, Any] | None = None
        """The view's fields as the host's messages told them (`WireView`'s)."""
        self.events: list[Event] = []
        self.scores: tuple[float, ...] = ()
        self.stake = 0
        self.present: tuple[bool, ...] = ()
        self.given_up: tuple[bool, ...] = ()
        self.settlements: list[Settled] = []
        self.over: MatchOver | None = None
        self.refusals: list[Refused] = []
        self.waiting_for_snapshot = False
        self.record_parts: dict[int, str] = {}
        self.record_count = 0
        self.clocks: tuple[float | None, ...] = ()
        """The host's clock for each seat's pending decision (by seat), as the latest view's
        message carried it."""
        self.reading: Reading | None = None
        """Who the next hand waits for while a result is read, as the host last told it."""
        self._view: SeatView | None = None

    @property
    def rules(self) -> Rules | None:
        return self.welcome.rules if self.welcome else None

    def receive(self, message: HostMessage) -> None:
        """Apply one message. OutOfOrder when one is missing, or when what it says does not
        make a view (a snapshot puts it right)."""
        if isinstance(message, Welcome):
            self.welcome, self.seq = message, message.seq
            self._rebuild()
            return
        if isinstance(message, Snapshot):
            self.seq, self.waiting_for_snapshot = message.seq, False
            self.kyoku_number = message.kyoku_number
            self.fields = {name: getattr(message.view, name) for name in VIEW_FIELDS}
            self.events = list(message.events)
            self.scores, self.stake = message.scores, message.stake
            self.clocks = message.clocks
            self._rebuild()
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
            self.clocks = message.clocks
            self._rebuild(message.discards)
        elif isinstance(message, Presence):
            self.present, self.given_up = message.present, message.given_up
        elif isinstance(message, Settled):
            self.settlements.append(message)
            self.scores, self.stake = message.scores, message.next_stake
        elif isinstance(message, Reading):
            if self.welcome is not None and len(message.waiting) == self.welcome.rules.players:
                self.reading = message  # (one of another table's size would name seats it has not)
        elif isinstance(message, RecordPart):
            if message.count != self.record_count:
                self.record_parts, self.record_count = {}, message.count
            self.record_parts[message.index] = message.deflated
        elif isinstance(message, MatchOver):
            self.over, self.scores = message, message.scores
        elif isinstance(message, Refused):
            self.refusals.append(message)

    def _rebuild(self, discards: tuple[tuple[int, int, bool], ...] = ()) -> None:
        """The view from the fields and events as they now are, the rivers grown by `discards`."""
        if self.fields is None or self.welcome is None:
            self._view = None
            return
        try:
            if discards:
                self.fields["rivers"] = _with_discards(self.fields["rivers"], discards)
            told = WireView(**self.fields)
            rules, seat = self.welcome.rules, self.welcome.seat
            seats = {len(told.rivers), len(told.built), len(told.riichi), len(told.seat_winds)}
            if seats != {rules.players}:
                raise ValueError(f"seats counted {sorted(seats)} at a table of {rules.players}")
            if told.seat != seat:
                raise ValueError(f"the view of seat {told.seat}, not {seat}")
            listed = legal_actions(told.legal, told.legal_actions, told.seat, rules, told.pool)
        except ValueError as error:
            self.fields, self._view, self.waiting_for_snapshot = None, None, True
            raise OutOfOrder(f"a view that is none: {error}") from error
        fields = {name: getattr(told, name) for name in SEAT_VIEW_FIELDS}
        fields["legal_actions"] = listed
        self._view = SeatView(rules=rules, events=tuple(self.events), **fields)

    @property
    def record_text(self) -> str | None:
        """The match's record as the host sent it at the end (None until every part came, or
        when they are not a record's text deflated); read it with `record.parse_record`, as
        any record from outside."""
        if not self.record_count or len(self.record_parts) != self.record_count:
            return None
        if set(self.record_parts) != set(range(self.record_count)):
            return None
        return inflated([self.record_parts[index] for index in range(self.record_count)])

    @property
    def view(self) -> SeatView | None:
        """The seat's view as the host's engine gives it (None before the first hand)."""
        return self._view


def _with_discards(rivers: tuple[River, ...], discards: tuple[tuple[int, int, bool], ...]) -> tuple[River, ...]:
    """The rivers with the new discards appended; ValueError for a seat the table has not."""
    grown = [list(river) for river in rivers]
    for seat, tile, riichi in discards:
        if not 0 <= seat < len(grown):
            raise ValueError(f"a discard by seat {seat} at a table of {len(grown)}")
        grown[seat].append((tile, riichi))
    return tuple(tuple(river) for river in grown)


def deflated_parts(text: str, size: int = RECORD_PART_CHARS) -> list[str]:
    """A record's text deflated (zlib) in base64, in parts of at most `size` characters
    (`RecordPart`)."""
    packed = base64.b64encode(zlib.compress(text.encode("utf-8"), RECORD_LEVEL)).decode("ascii")
    return [packed[start:start + size] for start in range(0, len(packed), size)] or [""]


def inflated(parts: Sequence[str], limit: int = MAX_RECORD_BYTES) -> str | None:
    """The text `deflated_parts` made of a record, or None for parts that are not one: not
    base64, not a whole zlib stream or more after it, text of more than `limit` bytes
    (inflated no further: a small message cannot unpack into gigabytes), or not UTF-8."""
    try:
        packed = base64.b64decode("".join(parts).encode("ascii"), validate=True)
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, limit + 1)
        if len(text) > limit or not inflater.eof or inflater.unused_data:
            return None
        return text.decode("utf-8")
    except (UnicodeError, binascii.Error, zlib.error):
        return None
