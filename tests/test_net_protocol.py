"""The protocol's one strict reader: every message typed, anything else refused (issue #32 point 8)."""

from __future__ import annotations

import contextlib
import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.words.net_words import REFUSAL_SENTENCES, refusal_sentence
from game.engine.actions import BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.events import Discarded, DoraFlipped, Won
from game.engine.rules import PRESETS, Rules
from game.net.protocol import (
    MAX_CLIENT_BYTES,
    MAX_TIME_LEFT_S,
    PROTOCOL_VERSION,
    REFUSAL_CODES,
    SEAT_LEVELS,
    Act,
    Hello,
    Legal,
    MatchOver,
    Presence,
    ProtocolError,
    Refused,
    Resync,
    Settled,
    TableLook,
    Update,
    Welcome,
    key_digest,
    read_client_message,
    read_host_message,
    read_look_reply,
    read_refusal,
    write_look,
    write_message,
)

ACTIONS = [ChooseDora(0, 1, 3), BuildHand(1, "123m456p789s1122z"), BuildHand(0, "", complete=True),
           Discard(0, "5m"), Ron(1), Pass(0)]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def raw(**fields) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, **fields})


@pytest.mark.parametrize("message", [
    Hello("Kaiji", ""), Hello("カイジ", "abc"), Resync(), *(Act(a) for a in ACTIONS),
])
def test_every_client_message_reads_back_as_itself(message):
    assert read_client_message(write_message(message)) == message


@pytest.mark.parametrize("message", [
    Welcome(1, 0, "tok", ("You", "Hard AI"), (None, "hard"), Rules.preset("pro_stream"), "17 Steps 0.1.0"),
    Welcome(1, 2, "tok", ("Hard AI", "Easy AI", "Me"), (None, "easy", None), Rules.preset("kaiji"), "v"),
    Presence(2, (True, False, True), (False, False, False)),
    Presence(2, (True, False, False), (False, True, False)),
    Update(3, 1, {"turn": 1, "pool": (1, 2, 3), "last_discard": (0, 17), "legal": Legal.POOL},
           (Discarded(0, "5m", 1, True), DoraFlipped(None, None, None, "1z")), ((0, 17, True),), (None, 57.25)),
    Update(4, 2, {}, (Won(1, 0, "5m", "123m456p789s1122z", None, 3, 40, (("riichi", 1), ("tanyao", 1)),
                          "mangan", 3, 1.0),), (), (None, None, None)),
    Update(5, 2, {"legal": Legal.LISTED, "legal_actions": (Discard(2, "5m"),)}, (), ((3, 0, False), (2, 135, False)),
           (0.0, None, 12.5, 3.0)),
    Update(6, 2, {"rivers": (((4, False),), ())}, (), (), ()),
    Settled(5, 1, (8.0, -8.0), (108.0, 92.0), 1, 1),
    MatchOver(6, "hands", (108.0, 92.0)),
    Refused(7, "illegal_action", "discard_from_pool"),
])
def test_every_host_message_reads_back_as_itself(message):
    assert read_host_message(write_message(message)) == message


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_rules_of_every_preset_travel_in_a_welcome(preset):
    message = Welcome(1, 0, "t", ("a", "b"), (None, None), PRESETS[preset], "v")
    assert read_host_message(write_message(message)).rules == PRESETS[preset]


REFUSED = [
    pytest.param(b"\xff\xfe", "not UTF-8", id="bytes that are no text"),
    pytest.param("", "not JSON", id="empty"),
    pytest.param("[1, 2]", "not a JSON object", id="a list"),
    pytest.param('{"type": "resync"}', "protocol version", id="no version"),
    pytest.param(raw(type="resync").replace(f'"v": {PROTOCOL_VERSION}', '"v": true'), "protocol version",
                 id="version true"),
    pytest.param(raw(type="launch"), "unknown message type", id="unknown type"),
    pytest.param(raw(type="resync", extra=1), "unknown 'extra'", id="a field too many"),
    pytest.param(raw(type="hello", name="x"), "missing 'token'", id="a field missing"),
    pytest.param(raw(type="hello", name=7, token=""), "expected text", id="a number for text"),
    pytest.param(raw(type="hello", name="x" * 600, token=""), "more than", id="text too long"),
    pytest.param(raw(type="hello", token="").replace('"type"', '"name": "\\ud800", "type"'), "not Unicode",
                 id="lone surrogate"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": True, "tile": "1m"}), "whole number",
                 id="true for a seat"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": 10**30, "tile": "1m"}), "whole number",
                 id="a huge number"),
    pytest.param(raw(type="act", action={"type": "ron", "seat": 0}).replace('"seat": 0', '"seat": NaN'), "not JSON",
                 id="NaN"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": 0, "tile": "1m", "x": 1}), "unknown 'x'",
                 id="an action's field too many"),
    pytest.param(raw(type="act", action={"type": "explode", "seat": 0}), "expected one of", id="unknown action"),
    pytest.param(raw(type="act", action="ron"), "expected one of", id="an action as text"),
    pytest.param("{" + f'"v": {PROTOCOL_VERSION}, "type": "act", "action": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 "more than", id="deep nesting"),
    pytest.param(raw(type="act", action=json.loads("[" * 20 + "1" + "]" * 20)), "expected one of",
                 id="nested lists"),
    pytest.param(raw(type="hello", name="x", token="t" * MAX_CLIENT_BYTES), "more than", id="too big"),
]


def update(time_left_s: object = None, **fields: object) -> str:
    return raw(**{"type": "update", "seq": 1, "kyoku_number": 1, "changed": {}, "events": [], "discards": [],
                  "clocks": [None, time_left_s], **fields})


@pytest.mark.parametrize(("text", "says"), [
    pytest.param(update(-0.5), "a clock must be from 0", id="time left below 0"),
    pytest.param(update(MAX_TIME_LEFT_S + 1), "a clock must be from 0", id="time left of more than a day"),
    pytest.param(update("30"), "expected a number", id="time left as text"),
    pytest.param(update(True), "expected a number", id="time left true"),
    pytest.param(update([30]), "expected a number", id="time left as a list"),
    pytest.param(update(1e300), "expected a number", id="time left beyond 2**53"),
    pytest.param(update(clocks=[1.0] * 5), "clocks for 5 seats", id="clocks for more seats than a table has"),
    pytest.param(update(clocks=30.0), "expected a list", id="one clock, not one a seat"),
    pytest.param(f'{{"v": {PROTOCOL_VERSION}, "type": "update", "seq": 1, "kyoku_number": 1, "changed": {{}}, '
                 '"events": [], "discards": [], "clocks": [Infinity]}', "not JSON", id="time left infinite"),
    pytest.param(raw(type="update", seq=1, kyoku_number=1, changed={}, events=[], discards=[]), "missing 'clocks'",
                 id="no clocks"),
    pytest.param(update(time_left_s=30.0, time_left_s_=1), "unknown", id="a field too many"),
])
def test_the_reader_refuses_a_clock_that_is_no_span_of_time(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_host_message(text)


@pytest.mark.parametrize(("text", "says"), [
    pytest.param(update(discards=[[4, 17, False]]), "a discard by seat 4", id="a discard by a fifth seat"),
    pytest.param(update(discards=[[-1, 17, False]]), "a discard by seat -1", id="a discard by no seat"),
    pytest.param(update(discards=[[0, 17]]), "a list of 3 items", id="a discard without its riichi"),
    pytest.param(update(discards=[[0, "5m", False]]), "expected a whole number", id="a discard's tile in mpsz"),
    pytest.param(update(discards=[0, 17, False]), "expected a list", id="a discard not in a list"),
    pytest.param(update(discards={"0": [17]}), "expected a list", id="discards by seat as an object"),
    pytest.param(update(changed={"legal": "anything"}), "not one of listed, dora", id="a short form there is not"),
    pytest.param(update(changed={"legal": None}), "not one of listed", id="no short form"),
    pytest.param(update(changed={"legal_actions": "pool"}), "expected a list", id="legal actions as text"),
    pytest.param(update(changed={"legal_actions": [{"type": "explode", "seat": 0}]}), "expected one of",
                 id="a legal action there is not"),
])
def test_the_reader_refuses_discards_or_legal_actions_of_no_seats_kind(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_host_message(text)


def welcome(**changes: object) -> str:
    fields = {"seq": 1, "seat": 1, "token": "t", "names": ["Hard AI", "Guest"], "levels": ["hard", None],
              "rules": json.loads(write_message(Welcome(0, 0, "", (), (), Rules.preset("kaiji"), "")))["rules"],
              "game_version": "v", "reconnect_window_s": 120.0, "can_continue": False,
              "waiting_for_start": False, **changes}
    return raw(type="welcome", **fields)


def presence(**changes: object) -> str:
    return raw(type="presence", **{"seq": 1, "present": [True, False, False], "given_up": [False, True, False],
                                   **changes})


@pytest.mark.parametrize(("text", "says"), [
    pytest.param(raw(**{k: v for k, v in json.loads(welcome()).items() if k not in ("v", "levels")}),
                 "missing 'levels'", id="a welcome without the seats' levels"),
    pytest.param(welcome(levels=["godlike", None]), "level is one of easy, normal, hard or null, not 'godlike'",
                 id="an AI level the game has not"),
    pytest.param(welcome(levels=["Hard", None]), "not 'Hard'", id="a level as a name says it"),
    pytest.param(welcome(levels=[True, None]), "expected text", id="true for a level"),
    pytest.param(welcome(levels=["hard"]), "2 seats named but 1 seats' levels", id="a level too few"),
    pytest.param(welcome(levels="hard"), "expected a list", id="the levels as text"),
    pytest.param(raw(type="presence", seq=1, present=[True, False]), "missing 'given_up'",
                 id="a presence without who was given up"),
    pytest.param(presence(given_up=[False, True]), "3 seats present or not but 2 given up", id="a seat too few"),
    pytest.param(presence(given_up=[True, True, False]), "both present and given up", id="a present seat given up"),
    pytest.param(presence(given_up=[0, 1, 0]), "expected true or false", id="numbers for given up"),
])
def test_the_reader_refuses_a_welcome_or_presence_that_says_no_seats_kind(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_host_message(text)


def test_the_levels_a_welcome_may_tell_are_the_levels_a_player_may_choose():
    from game.ai.agents import LEVELS
    from game.app.settings import AI_LEVELS

    assert SEAT_LEVELS == AI_LEVELS == tuple(LEVELS)


@settings(max_examples=300, deadline=None)
@given(levels=st.lists(st.one_of(st.none(), st.sampled_from(["easy", "normal", "hard", "person", "Hard AI", ""]),
                                 st.booleans(), st.integers()), max_size=5),
       present=st.lists(st.booleans(), max_size=5), given_up=st.lists(st.booleans(), max_size=5))
def test_any_seats_levels_and_presence_read_back_as_themselves_or_are_refused(levels, present, given_up):
    try:
        told = read_host_message(welcome(names=["a"] * len(levels), levels=levels))
    except ProtocolError:
        assert not all(level is None or level in ("easy", "normal", "hard") for level in levels)
    else:
        assert told.levels == tuple(levels) and read_host_message(write_message(told)) == told
    try:
        heard = read_host_message(presence(present=present, given_up=given_up))
    except ProtocolError:
        assert len(present) != len(given_up) or any(p and g for p, g in zip(present, given_up, strict=False))
    else:
        assert heard.given_up == tuple(given_up) and read_host_message(write_message(heard)) == heard


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.floats(allow_nan=False), st.integers(), st.booleans(), st.text(max_size=5)))
def test_a_time_left_reads_back_as_itself_or_is_refused(value):
    try:
        message = read_host_message(update(value))
    except ProtocolError:
        assert not (value is None or (isinstance(value, int | float) and not isinstance(value, bool)
                                      and 0 <= value <= MAX_TIME_LEFT_S))
        return
    assert message.clocks == (None, None if value is None else float(value))
    assert read_host_message(write_message(message)) == message


LISTED = [{"type": "discard", "seat": 0, "tile": "5m"}, {"type": "ron", "seat": 1}]


def a_discard(item: object) -> bool:
    """Whether `item` (parsed JSON) is a discard as an update tells it: seat, tile, riichi."""
    return isinstance(item, tuple | list) and len(item) == 3 and type(item[0]) is int and 0 <= item[0] < 4 \
        and type(item[1]) is int and abs(item[1]) <= 2**53 and type(item[2]) is bool


@settings(max_examples=300, deadline=None)
@given(discards=st.lists(st.one_of(st.tuples(st.integers(-2, 6), st.integers(-1, 200), st.booleans()),
                                   json_values), max_size=5),
       legal=st.one_of(st.sampled_from([form.value for form in Legal]), json_values),
       listed=st.one_of(st.lists(st.sampled_from([*LISTED, {"type": "pass"}])), json_values))
def test_any_discards_and_legal_actions_read_back_as_themselves_or_are_refused(discards, legal, listed):
    text = update(discards=discards, changed={"legal": legal, "legal_actions": listed})
    try:
        message = read_host_message(text)
    except ProtocolError:
        assert not (all(map(a_discard, discards)) and legal in [form.value for form in Legal]
                    and isinstance(listed, list) and all(item in LISTED for item in listed))
        return
    assert message.discards == tuple(tuple(d) for d in discards)
    assert message.changed["legal"] == Legal(legal) and len(message.changed["legal_actions"]) == len(listed)
    assert read_host_message(write_message(message)) == message


@pytest.mark.parametrize(("text", "says"), REFUSED)
def test_the_reader_refuses_each_malformed_message_saying_why(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_client_message(text)


def test_deep_nesting_within_the_size_limit_is_refused():
    text = f'{{"v": {PROTOCOL_VERSION}, "type": "act", "action": ' + "[" * 2000 + "]" * 2000 + "}"
    with pytest.raises(ProtocolError):
        read_client_message(text)


def test_a_wrong_version_is_refused_with_its_own_code():
    with pytest.raises(ProtocolError) as refusal:
        read_client_message(json.dumps({"v": 99, "type": "resync"}))
    assert refusal.value.code == "wrong_version"


def test_every_refusal_code_has_a_sentence_naming_what_the_refusal_says():
    assert set(REFUSAL_SENTENCES) == set(REFUSAL_CODES)
    version = refusal_sentence(Refused(0, "wrong_version", "17 Steps 0.2.0 (protocol 2)"), "17 Steps 0.1.0")
    assert version == "This table runs 17 Steps 0.2.0 (protocol 2); this computer runs 17 Steps 0.1.0."
    assert refusal_sentence(Refused(3, "illegal_action", "furiten"), "") == "Not possible: furiten."


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_garbage_bytes_are_refused_never_raised_otherwise(data):
    for reader in (read_client_message, read_host_message):
        with contextlib.suppress(ProtocolError):
            reader(data)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_value_is_a_message_or_refused(value):
    for reader in (read_client_message, read_host_message):
        with contextlib.suppress(ProtocolError):
            reader(json.dumps(value))


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["hello", "act", "resync", "welcome", "presence", "update", "snapshot", "settled",
                             "refused"]),
       fields=st.dictionaries(st.sampled_from(["name", "token", "action", "seq", "seat", "changed", "events",
                                               "view", "rules", "code", "detail", "scores", "clocks",
                                               "discards", "names", "levels", "present", "given_up"]),
                              json_values, max_size=6))
def test_messages_of_a_known_type_with_any_fields_are_read_typed_or_refused(kind, fields):
    text = json.dumps({"v": PROTOCOL_VERSION, "type": kind, **fields})
    for reader in (read_client_message, read_host_message):
        try:
            message = reader(text)
        except ProtocolError:
            continue
        assert reader(write_message(message)) == message


@settings(max_examples=200, deadline=None)
@given(seat=st.integers(), tile=st.text(max_size=30), wall=st.integers(), complete=st.booleans())
def test_actions_with_any_values_read_back_typed(seat, tile, wall, complete):
    for action in (Discard(seat, tile), BuildHand(seat, tile, complete), ChooseDora(seat, wall, wall)):
        text = write_message(Act(action))
        try:
            message = read_client_message(text)
        except ProtocolError:
            assert abs(seat) > 2**53 or abs(wall) > 2**53 or len(text.encode()) > MAX_CLIENT_BYTES \
                or any(0xD800 <= ord(c) <= 0xDFFF for c in tile)
            continue
        assert message == Act(action)


LOOK = TableLook(0, ("Easy AI", "Player 2"), ("easy", None), (False, True), Rules(), "17 Steps 0.1.0", False)


def test_a_look_reply_reads_back_as_itself_and_is_no_message_of_a_connection():
    for reply in (LOOK, Refused(0, "wrong_code", "")):
        assert read_look_reply(write_message(reply)) == reply
    with pytest.raises(ProtocolError):
        read_host_message(write_message(LOOK))  # never on a WebSocket: a seat's mirror never reads one


def test_a_look_at_a_match_under_way_says_its_hand_and_seat_only_to_a_joiner_that_reads_them():
    """The hand under way and the seat a key holds came within protocol 3: a look from an older
    joiner (its strict reader refuses a field it does not know) is answered without them, and
    a newer joiner reads an older host's look, which has none, as no hand and no seat."""
    under_way = dataclasses.replace(LOOK, started=True, hand=3, yours=1, move_time_s=30.0)
    newer = json.loads(write_look(under_way, later=True))
    older = json.loads(write_look(under_way, later=False))
    assert (newer["hand"], newer["yours"], newer["move_time_s"]) == (3, 1, 30.0)
    assert set(newer) - set(older) == {"hand", "yours", "move_time_s"}
    assert read_look_reply(write_look(under_way, later=True)) == under_way
    assert read_look_reply(write_look(under_way, later=False)) == dataclasses.replace(under_way, hand=0, yours=None,
                                                                                       move_time_s=None)
    assert len(key_digest("k" * 32)) == 32 and "k" * 8 not in key_digest("k" * 32)


@pytest.mark.parametrize(("changes", "said"), [
    ({"names": ["A"]}, "a table of 2 seats"), ({"open": [True, True, True]}, "a table of 2 seats"),
    ({"levels": ["easy", "god"]}, "not 'god'"), ({"seed": 7}, "unknown 'seed'"),
    ({"hand": -1}, "hand -1"), ({"yours": 2}, "seat 2 at a table of 2"),
    ({"move_time_s": 0}, "move time of 0"), ({"move_time_s": 1e9}, "move time of"),
])
def test_a_look_reply_with_seats_miscounted_an_unknown_level_or_a_field_too_many_is_refused(changes, said):
    data = json.loads(write_message(LOOK)) | changes
    with pytest.raises(ProtocolError, match=said):
        read_look_reply(json.dumps(data))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | json_values.map(json.dumps))
def test_any_look_reply_is_the_table_a_refusal_or_refused(data):
    with contextlib.suppress(ProtocolError):
        assert isinstance(read_look_reply(data), TableLook | Refused)
    assert read_refusal(data) is None or isinstance(read_refusal(data), Refused)


@settings(max_examples=300, deadline=None)
@given(fields=st.dictionaries(st.sampled_from(["seq", "names", "levels", "open", "rules", "game_version", "started",
                                               "code", "detail"]), json_values, max_size=6),
       kind=st.sampled_from(["table", "refused"]), version=st.sampled_from([PROTOCOL_VERSION, 1, "3", None]))
def test_look_replies_of_a_known_type_with_any_fields_are_read_typed_or_refused(fields, kind, version):
    text = json.dumps({"v": version, "type": kind, **fields})
    try:
        reply = read_look_reply(text)
    except ProtocolError:
        return
    assert read_look_reply(write_message(reply)) == reply
