"""The network protocol: JSON messages, each a frozen dataclass, read by one strict reader.

Every message is a JSON object `{"v": PROTOCOL_VERSION, "type": KIND, ...fields}`. The
reader (`read_message`) refuses anything but exactly the fields of the message's class,
each of its declared type, within size and length limits: nothing untyped reaches the
engine, and nothing a peer sends is evaluated, unpickled or used as a path. Every message
the host sends carries a sequence number (`seq`), counted per seat, so that a client applies
them in order and asks for a fresh snapshot (`Resync`) when one is missing. An update is
the difference from the message before it (the fields that changed, the new events, the new
discards), so a client that missed one cannot use the next: it asks for a snapshot.

Messages are lean, as a match's bytes count (issue #32: under 200 KB each way): what the
client can write out again from its view travels in short (the legal actions as the one
form they take, `Legal`), and what grows travels as it grows (the events, the discards).

A refusal travels as a reason code (`REFUSAL_CODES`); the sentence is put into the reader's
language where it is shown (game/app/words/net_words.py), never on the wire.

A look at a table before sitting down is no connection: an HTTP GET of the join address with
`look=1` (`LOOK_PARAMETER`), answered before any WebSocket upgrade with a `TableLook` (the
rules, who sits where) or a `Refused`, read by `read_look_reply`; it takes no seat.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import types
import typing
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Annotated, Any, ClassVar, Union

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.kyoku import FuritenSpan, KyokuResult, Phase
from game.engine.rules import Rules

PROTOCOL_VERSION = 3
"""1: the legal actions listed and the rivers resent in every update; one clock, the seat's own.
2: the record's lines sent as they are (a quarter of it the escapes of their quotes); no look at
a table before sitting down (`TableLook`)."""
LOOK_PARAMETER = "look"
"""The join address's query parameter (`look=1`) of a look at the table: answered with a
`TableLook`, no connection made, no seat taken."""
KEY_PARAMETER = "key"
"""A look's query parameter naming the seat key the joiner holds, by its digest (`key_digest`;
`NO_KEY`: none held): the look then says which seat it holds and the hand under way
(`TableLook.LATER_FIELDS`). An older joiner of this protocol sends none and is answered
without those fields, which its reader would refuse."""
NO_KEY = "-"
"""`KEY_PARAMETER` of a joiner that holds no key for the table (never a digest)."""
MAX_CLIENT_BYTES = 4096
"""A client's largest message (its hello, an action): far more than any needs."""
MAX_HOST_BYTES = 256 * 1024
"""The host's largest message: a snapshot of a whole hand's view is some 10 KB."""
MAX_DEPTH = 16
MAX_ITEMS = 512
"""The longest list in any message (a 4-player hand has 136 tiles)."""
MAX_TEXT = 512
MAX_INT = 2**53
"""Beyond this a JavaScript peer would lose digits; no count of the game comes near."""
MAX_TIME_LEFT_S = 24 * 3600.0
"""The longest time left a host may give a decision (the rules' clocks are minutes)."""
MAX_SEATS = 4
TAG = "type"
SEAT_LEVELS = ("easy", "normal", "hard")
"""The AI levels a seat may be played at (game.ai.agents.LEVELS, which this layer may not
import): what `Welcome.levels` may say of a seat besides null, a person."""


class ProtocolError(ValueError):
    """A message the protocol does not allow; `code` is the reason code sent back."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


REFUSAL_CODES = (
    "bad_message", "wrong_version", "wrong_code", "too_many_attempts", "table_full", "match_started",
    "host_busy", "not_your_seat", "illegal_action", "flood", "replaced", "match_over", "host_left",
    "seat_given",
)
"""Why the host refuses a connection or a message. The sentence a player reads is the
reader's own (game/app/words/net_words.py), in its language; `Refused.detail` adds what the
sentence names: the host's version, the rule an action breaks."""
MATCH_OVER = "match_over"
"""The refusal of a table whose match is over (a rematch's knock before the host opens it)."""
HOST_LEFT = "host_left"
"""The host's last word: it has closed its table for good."""



@dataclass(frozen=True)
class TextLimit:
    """Marks a text field that may be longer than MAX_TEXT (a part of the record)."""

    characters: int


RECORD_PART_CHARS = 128 * 1024
"""The most of a record's deflated text one message carries (half the host's largest message)."""


@dataclass(frozen=True)
class PatchOf:
    """Marks a field whose value is some of `cls`'s fields (the ones that changed)."""

    cls: type


# --- the messages: client to host --------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """The first message of a connection: a name, and the seat's token to rejoin ("" to
    take a free seat)."""

    name: str
    token: str
    kind: ClassVar[str] = "hello"


@dataclass(frozen=True)
class Act:
    """An action for the client's own seat."""

    action: Action
    kind: ClassVar[str] = "act"


@dataclass(frozen=True)
class Ready:
    """The client's person closed the result of hand `kyoku_number`: the next hand may begin
    for them (it begins when every person at the table is ready, or the reading time is up)."""

    kyoku_number: int
    kind: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Resync:
    """Asks for a fresh snapshot (a sequence number was missed)."""

    kind: ClassVar[str] = "resync"


@dataclass(frozen=True)
class Leaving:
    """The client's person leaves the table on purpose (Menu → Leave the table) while the match
    goes on. The host answers with the record of the hands settled so far (`RecordPart`s, the
    hand under way left out and the seed withheld: `WITHHELD_SEED`), so that the person's history
    keeps what they played though they may not be at the table when it ends; the client then
    closes (`server.LEAVING`). An older host of this protocol refuses it as a bad message, and
    nothing is kept, as before."""

    kind: ClassVar[str] = "leaving"


WITHHELD_SEED = 0
"""The seed in the header of a record sent to a seat leaving a match under way: the match's own
would tell every hand still to come. The record replays by its walls (the engine notes that
they are not this seed's)."""


# --- the messages: host to client --------------------------------------------------------


class Legal(Enum):
    """The seat's legal actions in short: the one form they take, which the client writes out
    again from its view as the very actions the host's engine lists (game/net/wire.py
    `legal_actions`). `LISTED`: as `WireView.legal_actions` lists them (none, or what no
    short form says)."""

    LISTED = "listed"
    DORA = "dora"
    """Flip the top tile of any stack of the side walls."""
    BUILD = "build"
    """Build the hand (listed as the deadline's form, `BuildHand(seat, "", complete=True)`)."""
    POOL = "pool"
    """Discard any tile of the seat's pool."""
    RON = "ron"
    """Ron or pass."""


@dataclass(frozen=True)
class WireView:
    """A `SeatView` without what travels once (the rules, in `Welcome`) or as it grows (the
    events, appended by each `Update`), its legal actions in short (`legal`; listed in
    `legal_actions` only as `Legal.LISTED`)."""

    seat: int
    phase: Phase
    dealer: int
    seat_winds: tuple[str, ...]
    turn: int | None
    dora_indicator: int | None
    wall: tuple[int, ...] | None
    hand: tuple[int, ...] | None
    pool: tuple[int, ...]
    waits: tuple[int, ...]
    furiten: bool
    furiten_span: FuritenSpan | None
    built: tuple[bool, ...]
    riichi: tuple[bool, ...]
    rivers: tuple[tuple[tuple[int, bool], ...], ...]
    last_discard: tuple[int, int] | None
    ron_tile: int | None
    legal: Legal
    legal_actions: tuple[Action, ...]
    result: KyokuResult | None

    def __post_init__(self) -> None:
        if self.legal is not Legal.LISTED and self.legal_actions:
            raise ValueError(f"legal actions both in short ({self.legal.value}) and listed")


def check_levels(levels: tuple[str | None, ...]) -> None:
    """Each seat is played by a person (None) or the AI at one of `SEAT_LEVELS`."""
    unknown = [level for level in levels if level is not None and level not in SEAT_LEVELS]
    if unknown:
        raise ValueError(f"a seat's level is one of {', '.join(SEAT_LEVELS)} or null, not {unknown[0][:20]!r}")


@dataclass(frozen=True)
class Welcome:
    """The seat given to the client, its token (kept secret, to rejoin), the table."""

    seq: int
    seat: int
    token: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    """Each seat's AI level (`SEAT_LEVELS`), None for a person (at the host's computer or
    another): public at the table, and what the joiner's history counts a seat by, never
    its name (a person may call themselves "Hard AI")."""
    rules: Rules
    game_version: str
    reconnect_window_s: float = 120.0
    """How long the host keeps the seat for its player after a drop: the joined computer tries
    to get back for as long."""
    can_continue: bool = True
    """Whether the host can continue the match after it stopped (a window's host keeps it for
    Continue; a headless host cannot): what a player is told when the host leaves."""
    waiting_for_start: bool = False
    """The host continued the match and has not pressed Start again: its waiting room is open,
    so the table waits for the host, whatever seat the hand waits for."""
    kind: ClassVar[str] = "welcome"

    def __post_init__(self) -> None:
        if len(self.levels) != len(self.names):
            raise ValueError(f"{len(self.names)} seats named but {len(self.levels)} seats' levels given")
        check_levels(self.levels)


@dataclass(frozen=True)
class TableLook:
    """The table as anyone with its join code may see it before sitting down: each seat's
    name and AI level (`Welcome.levels`), which seats still wait for a person at another
    computer (`open`), the host's rules and version, and whether the match has started
    (then only a seat's key takes a seat). Nothing of any hand: the look may come at any
    time."""

    seq: int
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    open: tuple[bool, ...]
    rules: Rules
    game_version: str
    started: bool
    hand: int = 0
    """The hand under way, counted from 1 (0: none yet), public as the standings are."""
    yours: int | None = None
    """The seat held by the key the look named (`KEY_PARAMETER`); None: no seat of this table."""
    move_time_s: float | None = None
    """A remote seat's clock for a decision the rules give no time limit (the headless host's
    `--move-time`); None from an older host, which runs the default."""
    kind: ClassVar[str] = "table"
    LATER_FIELDS: ClassVar[tuple[str, ...]] = ("hand", "yours", "move_time_s")
    """Fields added within protocol 3: sent only to a look that names a key (a newer joiner),
    and read as their defaults when an older host leaves them out."""

    def __post_init__(self) -> None:
        if not len(self.names) == len(self.levels) == len(self.open) == self.rules.players:
            raise ValueError(f"a table of {self.rules.players} seats with {len(self.names)} names, "
                             f"{len(self.levels)} levels and {len(self.open)} seats open or not")
        if self.hand < 0 or (self.yours is not None and not 0 <= self.yours < self.rules.players):
            raise ValueError(f"hand {self.hand}, seat {self.yours} at a table of {self.rules.players} seats")
        if self.move_time_s is not None and not 0 < self.move_time_s <= MAX_TIME_LEFT_S:
            raise ValueError(f"a move time of {self.move_time_s} s")
        check_levels(self.levels)


def key_digest(token: str) -> str:
    """What a look says of a seat key: enough for the host to know the seat, nothing from which
    the key follows (a look's address may be logged where the key must never be)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()[:32]


def write_look(look: TableLook, later: bool) -> str:
    """A look's answer; without the fields an older joiner cannot read unless it is `later`."""
    if later:
        return write_message(look)
    data = json.loads(write_message(look))
    for name in TableLook.LATER_FIELDS:
        data.pop(name)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@dataclass(frozen=True)
class Presence:
    """Which seats have a connected client (AI and host seats count as present), and which
    of the absent ones have been gone past the host's reconnection window (`given_up`: their
    stand-in plays them at once until they are back)."""

    seq: int
    present: tuple[bool, ...]
    given_up: tuple[bool, ...]
    kind: ClassVar[str] = "presence"

    def __post_init__(self) -> None:
        if len(self.given_up) != len(self.present):
            raise ValueError(f"{len(self.present)} seats present or not but {len(self.given_up)} given up or not")
        if any(here and gone for here, gone in zip(self.present, self.given_up, strict=True)):
            raise ValueError("a seat both present and given up")


def check_clocks(clocks: tuple[float | None, ...]) -> None:
    """Each seat's time left is a span of time: none, or from 0 to MAX_TIME_LEFT_S seconds."""
    if len(clocks) > MAX_SEATS:
        raise ValueError(f"clocks for {len(clocks)} seats: a table has at most {MAX_SEATS}")
    for time_left_s in clocks:
        if time_left_s is not None and not 0.0 <= time_left_s <= MAX_TIME_LEFT_S:
            raise ValueError(f"a clock must be from 0 to {MAX_TIME_LEFT_S:g} seconds, not {time_left_s!r}")


@dataclass(frozen=True)
class Snapshot:
    """The whole of the seat's view of the current hand, and the standings before it.
    `clocks`, by seat: the seconds left on the host's clock for the decision each seat owes as
    the message leaves, for the seats the table waits on as far as this seat may know it
    (None: it owes none, or who owes it is hidden from this seat: a ron question at a table
    of three or four)."""

    seq: int
    kyoku_number: int
    view: WireView
    events: tuple[Event, ...]
    scores: tuple[float, ...]
    stake: int
    clocks: tuple[float | None, ...]
    kind: ClassVar[str] = "snapshot"

    def __post_init__(self) -> None:
        check_clocks(self.clocks)


@dataclass(frozen=True)
class Update:
    """What changed in the seat's view since the last message: the fields (`rivers` only when
    they did more than grow), the new events, the new discards (seat, tile, whether it
    declared riichi: appended to the seat's river); `clocks` as in `Snapshot`."""

    seq: int
    kyoku_number: int
    changed: Annotated[dict[str, Any], PatchOf(WireView)]
    events: tuple[Event, ...]
    discards: tuple[tuple[int, int, bool], ...]
    clocks: tuple[float | None, ...]
    kind: ClassVar[str] = "update"

    def __post_init__(self) -> None:
        check_clocks(self.clocks)
        seats = [seat for seat, _tile, _riichi in self.discards if not 0 <= seat < MAX_SEATS]
        if seats:
            raise ValueError(f"a discard by seat {seats[0]}: a table has at most {MAX_SEATS}")


@dataclass(frozen=True)
class Settled:
    """A hand's settlement: what each seat gained, the standings, the stakes."""

    seq: int
    kyoku_number: int
    gains: tuple[float, ...]
    scores: tuple[float, ...]
    stake: int
    next_stake: int
    kind: ClassVar[str] = "settled"


@dataclass(frozen=True)
class Reading:
    """While a hand's result is read: which seats the next hand still waits for (by seat) and
    the reading time left, after which it begins anyway."""

    seq: int
    kyoku_number: int
    waiting: tuple[bool, ...]
    time_left: float
    kind: ClassVar[str] = "reading"

    def __post_init__(self) -> None:
        if len(self.waiting) > MAX_SEATS:
            raise ValueError(f"{len(self.waiting)} seats: a table has at most {MAX_SEATS}")
        if not 0.0 <= self.time_left <= MAX_TIME_LEFT_S:
            raise ValueError(f"a reading time of {self.time_left} s")


@dataclass(frozen=True)
class RecordPart:
    """Part `index` (from 0) of `count` of the match's record, sent once the match is over
    (never before: it holds every wall and the seed), so that each computer keeps it. The
    record's text, as `write_record` writes it, travels deflated (zlib) in base64, cut into
    parts (game/net/wire.py `deflated_parts`, `inflated`): an 8-hand match's 51 KB message
    is some 7 KB so. Once, at the end, so the connections themselves stay uncompressed."""

    seq: int
    index: int
    count: int
    deflated: Annotated[str, TextLimit(RECORD_PART_CHARS)]
    kind: ClassVar[str] = "record_part"


@dataclass(frozen=True)
class MatchOver:
    seq: int
    reason: str
    scores: tuple[float, ...]
    kind: ClassVar[str] = "match_over"


@dataclass(frozen=True)
class Refused:
    """A refusal: the reason code (`REFUSAL_CODES`) and a detail the sentence names (the host's
    version, the rule an action breaks), never another seat's secret."""

    seq: int
    code: str
    detail: str
    kind: ClassVar[str] = "refused"


ClientMessage = Hello | Act | Resync | Ready | Leaving
HostMessage = Welcome | Presence | Snapshot | Update | Settled | Reading | RecordPart | MatchOver | Refused
CLIENT_MESSAGES: dict[str, type] = {cls.kind: cls for cls in (Hello, Act, Resync, Ready, Leaving)}
HOST_MESSAGES: dict[str, type] = {
    cls.kind: cls for cls in (Welcome, Presence, Snapshot, Update, Settled, Reading, RecordPart, MatchOver, Refused)
}
LOOK_REPLIES: dict[str, type] = {cls.kind: cls for cls in (TableLook, Refused)}
"""What a look at a table is answered with (never a message of a connection)."""


# --- writing --------------------------------------------------------------------------


def to_wire(value: Any) -> Any:
    """`value` as JSON data: dataclasses as objects (tagged with their name when they are one
    kind of several: actions, events, messages), tuples as lists, enums as their value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: to_wire(getattr(value, f.name)) for f in dataclasses.fields(value)}
        tag = _tag_of(type(value))
        return {TAG: tag, **data} if tag is not None else data
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if isinstance(value, dict):
        return {k: to_wire(v) for k, v in value.items()}
    return value


def write_message(message: ClientMessage | HostMessage | TableLook) -> str:
    data = to_wire(message)
    return json.dumps({"v": PROTOCOL_VERSION, **data}, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# --- reading ----------------------------------------------------------------------------


def read_message(raw: str | bytes, kinds: dict[str, type], limit: int) -> Any:
    """The message in `raw`, one of `kinds`; ProtocolError says what is wrong with it."""
    if isinstance(raw, bytes | bytearray):
        if len(raw) > limit:
            raise ProtocolError(f"a message of more than {limit} bytes")
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ProtocolError("not UTF-8 text") from error
    if not isinstance(raw, str):
        raise ProtocolError("not text")
    if len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"a message of more than {limit} bytes")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError as error:
        raise ProtocolError("nested too deeply") from error
    except ValueError as error:  # not JSON; an integer of more than 4,300 digits
        raise ProtocolError(f"not JSON: {str(error)[:80]}") from error
    if not isinstance(data, dict):
        raise ProtocolError("not a JSON object")
    version = data.pop("v", None)
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ProtocolError(f"protocol version {str(version)[:20]}, not {PROTOCOL_VERSION}", "wrong_version")
    kind = data.get(TAG)
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    return read_value(cls, data)


def read_client_message(raw: str | bytes) -> ClientMessage:
    return read_message(raw, CLIENT_MESSAGES, MAX_CLIENT_BYTES)


def read_host_message(raw: str | bytes) -> HostMessage:
    return read_message(raw, HOST_MESSAGES, MAX_HOST_BYTES)


def read_look_reply(raw: str | bytes) -> TableLook | Refused:
    """A look's answer: the table, or a refusal of any version (`read_refusal`)."""
    refusal = read_refusal(raw)
    return refusal if refusal is not None else read_message(raw, LOOK_REPLIES, MAX_HOST_BYTES)


def read_refusal(raw: str | bytes) -> Refused | None:
    """The `Refused` in `raw` whatever protocol version wrote it, None if it holds none: a
    refusal keeps its form from version to version, so that a host of another version is
    understood when it says so (`wrong_version`, naming its version)."""
    if len(raw) > MAX_HOST_BYTES:
        return None
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # not JSON, not UTF-8
        return None
    if not isinstance(data, dict) or data.get(TAG) != Refused.kind:
        return None
    data.pop("v", None)
    try:
        return read_value(Refused, data)
    except ProtocolError:
        return None


def read_value(tp: Any, data: Any, depth: int = 0) -> Any:
    """`data` (parsed JSON) as a value of type `tp`, checked all the way down."""
    if depth > MAX_DEPTH:
        raise ProtocolError("nested too deeply")
    origin = typing.get_origin(tp)
    if origin is Annotated:
        for mark in tp.__metadata__:
            if isinstance(mark, PatchOf):
                return _read_patch(mark.cls, data, depth + 1)
            if isinstance(mark, TextLimit):
                return _read_text(data, mark.characters)
        return read_value(tp.__origin__, data, depth)
    if origin in (Union, types.UnionType):
        return _read_union(typing.get_args(tp), data, depth)
    if origin is tuple:
        return _read_tuple(typing.get_args(tp), data, depth)
    if tp is type(None):
        if data is not None:
            raise ProtocolError(f"expected null, not {_kind(data)}")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise ProtocolError(f"expected true or false, not {_kind(data)}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool) or abs(data) > MAX_INT:
            raise ProtocolError(f"expected a whole number, not {_kind(data)}")
        return data
    if tp is float:
        if not isinstance(data, int | float) or isinstance(data, bool) or not math.isfinite(data) \
                or abs(data) > MAX_INT:
            raise ProtocolError(f"expected a number, not {_kind(data)}")
        return float(data)
    if tp is str:
        return _read_text(data)
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(_read_text(data))
        except ValueError as error:
            raise ProtocolError(f"not one of {', '.join(str(m.value) for m in tp)}") from error
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _read_dataclass(tp, data, depth + 1)
    raise TypeError(f"the protocol cannot read a {tp!r}")  # a programming error, not input


def _read_text(data: Any, limit: int = MAX_TEXT) -> str:
    if not isinstance(data, str):
        raise ProtocolError(f"expected text, not {_kind(data)}")
    if len(data) > limit:
        raise ProtocolError(f"text of more than {limit} characters")
    try:
        data.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate, written as \ud800
        raise ProtocolError("text that is not Unicode") from error
    return data


def _read_tuple(args: tuple[Any, ...], data: Any, depth: int) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise ProtocolError(f"expected a list, not {_kind(data)}")
    if len(data) > MAX_ITEMS:
        raise ProtocolError(f"a list of more than {MAX_ITEMS} items")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(read_value(args[0], item, depth + 1) for item in data)
    if len(data) != len(args):
        raise ProtocolError(f"expected a list of {len(args)} items, not {len(data)}")
    return tuple(read_value(arg, item, depth + 1) for arg, item in zip(args, data, strict=True))


def _read_union(args: tuple[Any, ...], data: Any, depth: int) -> Any:
    if data is None:
        if type(None) in args:
            return None
        raise ProtocolError("expected a value, not null")
    options = [a for a in args if a is not type(None)]
    tagged = {_tag_of(a): a for a in options if isinstance(a, type) and _tag_of(a) is not None}
    if tagged:
        if not isinstance(data, dict) or not isinstance(data.get(TAG), str) or data[TAG] not in tagged:
            raise ProtocolError(f"expected one of {', '.join(sorted(tagged))}")
        return read_value(tagged[data[TAG]], data, depth)
    if len(options) != 1:
        raise TypeError(f"the protocol reads no untagged union of {options!r}")
    return read_value(options[0], data, depth)


def _read_dataclass(cls: type, data: Any, depth: int) -> Any:
    if not isinstance(data, dict):
        raise ProtocolError(f"expected an object, not {_kind(data)}")
    hints = _hints(cls)
    tag = _tag_of(cls)
    given = dict(data)
    if tag is not None and given.pop(TAG, None) != tag:
        raise ProtocolError(f"expected a {tag}")
    later = cls.__dict__.get("LATER_FIELDS", ())
    missing = [name for name in hints if name not in given and name not in later]
    unknown = [name for name in given if name not in hints]
    if missing or unknown:
        raise ProtocolError(f"{tag or cls.__name__}: missing {_names(missing)}; unknown {_names(unknown)}")
    values = {name: read_value(hints[name], given[name], depth) for name in hints if name in given}
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:  # Rules checks its own options
        raise ProtocolError(f"{tag or cls.__name__}: {str(error)[:120]}") from error


def _read_patch(cls: type, data: Any, depth: int) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError(f"expected an object, not {_kind(data)}")
    hints = _hints(cls)
    unknown = [name for name in data if name not in hints]
    if unknown:
        raise ProtocolError(f"changes to unknown fields {_names(unknown)}")
    return {name: read_value(hints[name], value, depth) for name, value in data.items()}


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The fields of `cls` and their types (ClassVars are no fields)."""
    resolved = typing.get_type_hints(cls, include_extras=True)
    return {f.name: resolved[f.name] for f in dataclasses.fields(cls)}


def _tag_of(cls: type) -> str | None:
    """The name a message, action or event goes by on the wire (None: not one of several)."""
    for attribute in ("kind", "name"):
        value = cls.__dict__.get(attribute)
        if isinstance(value, str) and attribute not in {f.name for f in dataclasses.fields(cls)}:
            return value
    return None


def _kind(data: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false", type(None): "null"}.get(
        type(data), "a number")


def _names(names: list[str]) -> str:
    return ", ".join(repr(n[:40]) for n in names[:5]) or "none"


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")
