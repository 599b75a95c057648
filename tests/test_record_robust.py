"""Records from outside: read bounded, every field checked, match_end replayed like every
other line (issue 18, 14-16)."""

from __future__ import annotations

import json
import os
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import record
from game.engine.actions import BuildHand, ChooseDora
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.record import LineDamage, RecordError, read_record, replay
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.fuzzing import FUZZ_FAILURES, as_json_lines, mutated_bytes, mutated_json, mutated_lines

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def finished(rules: Rules, seed: int = 9, hands: int = 1) -> list[dict]:
    """A match played to its end (hands built from each wall's first 13 tiles, then the first
    legal action), as its record reads back from a file. Quick to replay: no hand is
    completed by the analyser."""
    match = Match(rules, seed)
    for _ in range(hands):
        kyoku = match.next_kyoku()
        if kyoku.phase is Phase.DORA:
            match.apply(ChooseDora(kyoku.dealer, 1, 3))
        for seat in range(rules.players):
            match.apply(BuildHand(seat, format_tiles(kyoku.walls[seat][:13], rules.red_fives)))
        while kyoku.phase is not Phase.END:
            match.apply(kyoku.view_for(kyoku.waiting_on()[0]).legal_actions[0])
    assert match.over
    return json.loads(json.dumps(match.record))


TWO_PLAYER = finished(Rules.preset("kaiji", hands=1))
VIRTUAL_DORA = finished(Rules.preset("four_player", virtual_dora=True, hands=1))


def outcome(lines: list) -> record.ReplayReport:
    return replay(record.parse_record(as_json_lines(lines).decode()))


def edited(lines: list[dict], at: int, **changes) -> list[dict]:
    copy = json.loads(json.dumps(lines))
    copy[at].update(changes)
    return copy


def test_the_records_replay_as_they_are():
    for lines in (TWO_PLAYER, VIRTUAL_DORA):
        report = outcome(lines)
        assert report.ok, report.divergence
        assert report.end == lines[-1]


@pytest.mark.parametrize("content", [b"[" * 1100 + b"]" * 1100, b'{"type":' * 40 + b"1" + b"}" * 40],
                         ids=["1100-deep", "40-deep"])
def test_deep_json_is_refused(tmp_path, content):
    path = tmp_path / "deep.jsonl"
    path.write_bytes(as_json_lines(TWO_PLAYER[:1]) + content)
    with pytest.raises(RecordError, match="nested"):
        read_record(path)


@pytest.mark.parametrize("header", [
    {"seats": {"names": ["Kai\x00ji", "Hard AI"]}},
    {"history": {"plan": {"names": ["You", "line\nbreak"]}}},
    {"history": {"plan": {"names": ["You", 7]}}},
    {"history": {"plan": {"names": ["x" * 500, "You"]}}},
], ids=["nul", "line-break", "number", "too-long"])
def test_a_player_name_no_screen_can_show_makes_the_record_damaged(tmp_path, header):
    path = tmp_path / "names.jsonl"
    path.write_bytes(as_json_lines(edited(TWO_PLAYER, 0, **header)))
    with pytest.raises(RecordError, match="line 1: a player's name is damaged") as caught:
        read_record(path)
    assert (caught.value.line, caught.value.damage) == (1, LineDamage.NAME)


@pytest.mark.parametrize(("at", "changes"), [
    (0, {"seats": {"names": ["\ud800", "Hard AI"]}}),
    (0, {"preset": "\udfff"}),
    (0, {"rules": {**TWO_PLAYER[0]["rules"], "preset_name": "\ud800"}}),
    (0, {"history": {"plan": {"ai_level": "ha\udc00rd"}}}),
    (2, {"note": "\ud83d"}),
], ids=["name", "preset", "rules-preset-name", "ai-level", "event"])
def test_a_lone_surrogate_in_any_string_makes_its_line_damaged(tmp_path, at, changes):
    path = tmp_path / "surrogate.jsonl"
    path.write_bytes(as_json_lines(edited(TWO_PLAYER, at, **changes)))  # written as JSON escapes: \ud800
    with pytest.raises(RecordError, match="a string that is no text") as caught:
        read_record(path)
    assert (caught.value.line, caught.value.damage) == (at + 1, LineDamage.NOT_TEXT)


def test_a_character_written_as_a_pair_of_escapes_reads(tmp_path):
    path = tmp_path / "pair.jsonl"
    path.write_text(json.dumps(edited(TWO_PLAYER, 0, preset="\U0001F600")[0]) + "\n"
                    + "".join(json.dumps(line) + "\n" for line in TWO_PLAYER[1:]), encoding="utf-8")
    assert "\\ud83d\\ude00" in path.read_text(encoding="utf-8")
    assert read_record(path)[0]["preset"] == "\U0001F600"


def test_names_that_can_be_shown_read_as_they_are(tmp_path):
    path = tmp_path / "names.jsonl"
    path.write_bytes(as_json_lines(edited(TWO_PLAYER, 0, history={"plan": {"names": ["伊藤開司", "Hard AI"]}})))
    assert read_record(path)[0]["history"]["plan"]["names"] == ["伊藤開司", "Hard AI"]


def test_a_seed_of_5000_digits_is_refused(tmp_path):
    path = tmp_path / "seed.jsonl"
    path.write_bytes(as_json_lines(TWO_PLAYER).replace(b'"seed": 9', b'"seed": ' + b"9" * 5000))
    with pytest.raises(RecordError, match="too long"):
        read_record(path)


@pytest.mark.parametrize("seed", [True, 1.5, "9", None])
def test_a_seed_that_is_no_whole_number_is_refused(seed):
    with pytest.raises(RecordError, match="seed"):
        outcome(edited(TWO_PLAYER, 0, seed=seed))


@pytest.mark.parametrize("changes", [
    {"scores": ["a", "b"]}, {"scores": [100]}, {"scores": None}, {"scores": [True, 100]}, {"reason": None},
], ids=lambda changes: json.dumps(changes))
def test_a_malformed_match_end_is_refused(changes):
    with pytest.raises(RecordError, match="match_end"):
        outcome(edited(TWO_PLAYER, -1, **changes))


@pytest.mark.parametrize("changes", [
    {"scores": [1000, -800]}, {"scores": [100.5, 99.5]}, {"reason": "bust"}, {"extra": 1},
], ids=lambda changes: json.dumps(changes))
def test_a_forged_match_end_diverges(changes):
    report = outcome(edited(TWO_PLAYER, -1, **changes))
    assert not report.ok and f"line {len(TWO_PLAYER)}" in report.divergence
    assert report.end is None


def test_a_record_without_its_match_end_diverges():
    report = outcome(TWO_PLAYER[:-1])
    assert not report.ok and "match_end" in report.divergence


def test_a_second_match_end_or_settlement_diverges():
    assert not outcome([*TWO_PLAYER, TWO_PLAYER[-1]]).ok
    assert not outcome([*TWO_PLAYER[:-1], TWO_PLAYER[-2], TWO_PLAYER[-1]]).ok


def test_a_record_that_skips_a_settlement_diverges():
    lines = finished(Rules.preset("kaiji", hands=2), hands=2)
    first_settlement = next(i for i, line in enumerate(lines) if line["type"] == "settlement")
    report = outcome(lines[:first_settlement] + lines[first_settlement + 1:])
    assert not report.ok and "settlement of hand 1" in report.divergence


@pytest.mark.parametrize("code", ["1p2z", "1p ", "11p", "0m", "8z", "", "m1"])
def test_a_wall_code_that_is_not_one_tile_is_refused(code):
    lines = json.loads(json.dumps(TWO_PLAYER))
    lines[1]["wall"][0] = code
    with pytest.raises(RecordError, match="position 0"):
        outcome(lines)


@pytest.mark.parametrize("pair", [[[1], [2]], ["1m"], ["1m", "1p2z"], None, "1m2m"])
def test_a_virtual_dora_pair_that_is_not_two_tiles_is_refused(pair):
    with pytest.raises(RecordError, match="virtual_dora"):
        outcome(edited(VIRTUAL_DORA, 1, virtual_dora=pair))


@pytest.mark.parametrize("pair", [[[1], [2]], ["1m", "2m"]])
def test_a_virtual_dora_pair_in_a_two_player_record_is_refused(pair):
    with pytest.raises(RecordError, match="no virtual dora"):
        outcome(edited(TWO_PLAYER, 1, virtual_dora=pair))


def test_a_dealer_that_is_true_is_refused():
    with pytest.raises(RecordError, match="dealer"):
        outcome(edited(TWO_PLAYER, 1, dealer=True))


def test_a_divergence_quotes_at_most_a_few_hundred_characters():
    lines = json.loads(json.dumps(TWO_PLAYER))
    lines.insert(3, {"type": "event", "event": "x" * 5_000_000})
    report = outcome(lines)
    assert not report.ok and len(report.divergence) < 1000


def test_a_record_larger_than_the_limit_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "large.jsonl"
    path.write_bytes(as_json_lines(TWO_PLAYER))
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 1000)
    with pytest.raises(RecordError, match="larger than"):
        read_record(path)


def test_devices_and_fifos_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    outcomes: list[str] = []

    def read_all() -> None:
        for path in (fifo, "/dev/zero", tmp_path):
            with pytest.raises(RecordError) as caught:
                read_record(path)
            outcomes.append(str(caught.value))

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "reading a FIFO or /dev/zero blocked"
    assert len(outcomes) == 3


def _only_documented(lines_or_bytes, tmp_path) -> None:
    """A RecordError with a short one-line message, or a report (ok or a divergence)."""
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(lines_or_bytes if isinstance(lines_or_bytes, bytes) else as_json_lines(lines_or_bytes))
    try:
        report = replay(read_record(path))
    except RecordError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 1000
        return
    assert report.ok or ("\n" not in report.divergence and len(report.divergence) < 1000)


@FUZZ
@given(content=st.binary(max_size=300) | st.sampled_from(FUZZ_FAILURES) | mutated_bytes(as_json_lines(TWO_PLAYER)))
def test_fuzz_random_bytes_read_or_refused(tmp_path_factory, content):
    _only_documented(content, tmp_path_factory.mktemp("record"))


@st.composite
def mutated_record(draw: st.DrawFn) -> list:
    lines = draw(st.sampled_from([TWO_PLAYER, VIRTUAL_DORA]))
    if draw(st.booleans()):
        return draw(mutated_lines(lines))
    lines = json.loads(json.dumps(lines))
    at = draw(st.sampled_from([0, 1, len(lines) - 2, len(lines) - 1]))  # header, hand, settlement, end
    lines[at] = draw(mutated_json(lines[at]))
    return lines


@FUZZ
@given(lines=mutated_record())
def test_fuzz_mutated_records_replay_or_are_refused(tmp_path_factory, lines):
    _only_documented(lines, tmp_path_factory.mktemp("record"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.text(max_size=8), at=st.sampled_from([0, 2]))
def test_fuzz_what_a_record_reads_can_always_be_written_again(tmp_path, value, at):
    path = tmp_path / "text.jsonl"
    path.write_bytes(as_json_lines(edited(TWO_PLAYER, at, note=value)))  # JSON escapes: any code point
    try:
        lines = read_record(path)
    except RecordError as error:
        assert (error.line, error.damage) == (at + 1, LineDamage.NOT_TEXT)
        assert any(0xD800 <= ord(character) <= 0xDFFF for character in value)
    else:
        assert lines[at]["note"] == value
        json.dumps(lines, ensure_ascii=False).encode("utf-8")  # what keeping it in the history does
