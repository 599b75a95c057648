"""The protocol's one strict reader: every message typed, anything else refused (issue #32 point 8)."""

from __future__ import annotations

import contextlib
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
    Act,
    Hello,
    MatchOver,
    Presence,
    ProtocolError,
    Refused,
    Resync,
    Settled,
    Update,
    Welcome,
    read_client_message,
    read_host_message,
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
    Welcome(1, 0, "tok", ("You", "Hard AI"), Rules.preset("pro_stream"), "17 Steps 0.1.0"),
    Presence(2, (True, False, True)),
    Update(3, 1, {"turn": 1, "pool": (1, 2, 3), "last_discard": (0, 17)},
           (Discarded(0, "5m", 1, True), DoraFlipped(None, None, None, "1z")), 57.25),
    Update(4, 2, {}, (Won(1, 0, "5m", "123m456p789s1122z", None, 3, 40, (("riichi", 1), ("tanyao", 1)),
                          "mangan", 3, 1.0),), None),
    Update(5, 2, {}, (), 0.0),
    Settled(5, 1, (8.0, -8.0), (108.0, 92.0), 1, 1),
    MatchOver(6, "hands", (108.0, 92.0)),
    Refused(7, "illegal_action", "discard_from_pool"),
])
def test_every_host_message_reads_back_as_itself(message):
    assert read_host_message(write_message(message)) == message


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_rules_of_every_preset_travel_in_a_welcome(preset):
    message = Welcome(1, 0, "t", ("a", "b"), PRESETS[preset], "v")
    assert read_host_message(write_message(message)).rules == PRESETS[preset]


REFUSED = [
    pytest.param(b"\xff\xfe", "not UTF-8", id="bytes that are no text"),
    pytest.param("", "not JSON", id="empty"),
    pytest.param("[1, 2]", "not a JSON object", id="a list"),
    pytest.param('{"type": "resync"}', "protocol version", id="no version"),
    pytest.param(raw(type="resync").replace('"v": 1', '"v": true'), "protocol version", id="version true"),
    pytest.param(raw(type="launch"), "unknown message type", id="unknown type"),
    pytest.param(raw(type="resync", extra=1), "unknown 'extra'", id="a field too many"),
    pytest.param(raw(type="hello", name="x"), "missing 'token'", id="a field missing"),
    pytest.param(raw(type="hello", name=7, token=""), "expected text", id="a number for text"),
    pytest.param(raw(type="hello", name="x" * 600, token=""), "more than", id="text too long"),
    pytest.param('{"v": 1, "type": "hello", "name": "\\ud800", "token": ""}', "not Unicode", id="lone surrogate"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": True, "tile": "1m"}), "whole number",
                 id="true for a seat"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": 10**30, "tile": "1m"}), "whole number",
                 id="a huge number"),
    pytest.param('{"v": 1, "type": "act", "action": {"type": "ron", "seat": NaN}}', "not JSON", id="NaN"),
    pytest.param(raw(type="act", action={"type": "discard", "seat": 0, "tile": "1m", "x": 1}), "unknown 'x'",
                 id="an action's field too many"),
    pytest.param(raw(type="act", action={"type": "explode", "seat": 0}), "expected one of", id="unknown action"),
    pytest.param(raw(type="act", action="ron"), "expected one of", id="an action as text"),
    pytest.param("{" + '"v": 1, "type": "act", "action": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 "more than", id="deep nesting"),
    pytest.param(raw(type="act", action=json.loads("[" * 20 + "1" + "]" * 20)), "expected one of",
                 id="nested lists"),
    pytest.param(raw(type="hello", name="x", token="t" * MAX_CLIENT_BYTES), "more than", id="too big"),
]


def update(time_left_s: object) -> str:
    return raw(type="update", seq=1, kyoku_number=1, changed={}, events=[], time_left_s=time_left_s)


@pytest.mark.parametrize(("text", "says"), [
    pytest.param(update(-0.5), "time_left_s must be from 0", id="time left below 0"),
    pytest.param(update(MAX_TIME_LEFT_S + 1), "time_left_s must be from 0", id="time left of more than a day"),
    pytest.param(update("30"), "expected a number", id="time left as text"),
    pytest.param(update(True), "expected a number", id="time left true"),
    pytest.param(update([30]), "expected a number", id="time left as a list"),
    pytest.param(update(1e300), "expected a number", id="time left beyond 2**53"),
    pytest.param('{"v": 1, "type": "update", "seq": 1, "kyoku_number": 1, "changed": {}, "events": [], '
                 '"time_left_s": Infinity}', "not JSON", id="time left infinite"),
    pytest.param(raw(type="update", seq=1, kyoku_number=1, changed={}, events=[]), "missing 'time_left_s'",
                 id="no time left"),
])
def test_the_reader_refuses_a_time_left_that_is_no_span_of_time(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_host_message(text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.floats(allow_nan=False), st.integers(), st.booleans(), st.text(max_size=5)))
def test_a_time_left_reads_back_as_itself_or_is_refused(value):
    try:
        message = read_host_message(update(value))
    except ProtocolError:
        assert not (value is None or (isinstance(value, int | float) and not isinstance(value, bool)
                                      and 0 <= value <= MAX_TIME_LEFT_S))
        return
    assert message.time_left_s == (None if value is None else float(value))
    assert read_host_message(write_message(message)) == message


@pytest.mark.parametrize(("text", "says"), REFUSED)
def test_the_reader_refuses_each_malformed_message_saying_why(text, says):
    with pytest.raises(ProtocolError, match=says):
        read_client_message(text)


def test_deep_nesting_within_the_size_limit_is_refused():
    text = '{"v": 1, "type": "act", "action": ' + "[" * 2000 + "]" * 2000 + "}"
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
@given(kind=st.sampled_from(["hello", "act", "resync", "welcome", "update", "snapshot", "settled", "refused"]),
       fields=st.dictionaries(st.sampled_from(["name", "token", "action", "seq", "seat", "changed", "events",
                                               "view", "rules", "code", "detail", "scores", "time_left_s"]),
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
