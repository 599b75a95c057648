"""A damaged record file in the theatre: read up to its first damaged line and played to
there, with the reason; a file that is no record is still refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.playback import Playback, read_for_playback
from game.engine.record import RecordError, write_record
from tests.fuzzing import damaged_record_file
from tests.test_playback import as_shown, live_match, record_lines


@pytest.fixture(scope="module")
def whole() -> list[dict]:
    match, _ = live_match("kaiji", 2, seed=5)
    return record_lines(match)


def test_a_file_cut_short_mid_line_plays_up_to_the_cut(tmp_path, whole):
    path = tmp_path / "cut.jsonl"
    write_record(path, whole)
    text = path.read_text(encoding="utf-8")
    rows = text.splitlines()
    kept = len(rows) * 2 // 3
    cut = sum(len(row) + 1 for row in rows[:kept]) + len(rows[kept]) // 2  # half of the next line
    path.write_text(text[:cut], encoding="utf-8")
    playback = read_for_playback(path)
    assert playback.damage is not None and f"line {kept + 1}:" in str(playback.damage)
    assert playback.lines == whole[:kept]
    full = Playback(whole)
    playback.go(len(playback.steps) - 1)
    assert as_shown(playback.step.views[0]) == as_shown(full.steps[len(playback.steps) - 1].views[0])


def test_a_whole_file_has_no_damage(tmp_path, whole):
    path = tmp_path / "whole.jsonl"
    write_record(path, whole)
    assert read_for_playback(path).damage is None


@pytest.mark.parametrize("content", [b"\xff\xfe\x00 binary", b"hello\n", b"", b'{"type": "header"}\n'])
def test_a_file_that_is_no_record_is_refused(tmp_path, content):
    path = tmp_path / "no.jsonl"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        read_for_playback(path)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_cut_of_a_record_is_refused_or_played_up_to_a_line_before_it(tmp_path_factory, whole, data):
    path = tmp_path_factory.mktemp("cut") / "r.jsonl"
    write_record(path, whole)
    raw = path.read_bytes()
    cut = data.draw(st.integers(0, len(raw)))
    path.write_bytes(raw[:cut] + data.draw(st.binary(max_size=8)))
    try:
        playback = read_for_playback(path)
    except RecordError:
        return
    whole_lines = raw[:cut].count(b"\n")
    assert len(playback.lines) <= whole_lines + 1
    assert playback.lines[: len(playback.lines) - 1] == whole[: len(playback.lines) - 1]


def test_a_record_with_no_hand_is_refused(tmp_path, whole):
    path = tmp_path / "header.jsonl"
    write_record(path, whole[:1])
    with pytest.raises(RecordError, match="no hand"):
        read_for_playback(path)


def test_a_record_diverging_in_its_first_deal_is_refused(tmp_path, whole):
    lines = json.loads(json.dumps(whole))
    lines[1]["dealer"] = 1 - lines[1]["dealer"]
    path = tmp_path / "dealer.jsonl"
    write_record(path, lines)
    with pytest.raises(RecordError, match="line 3: the record says"):
        read_for_playback(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_a_damaged_record_is_refused_or_played_through(tmp_path_factory, whole, data):
    path = tmp_path_factory.mktemp("damaged") / "r.jsonl"
    path.write_bytes(data.draw(damaged_record_file(whole)))
    try:
        playback = read_for_playback(path)
    except RecordError as error:
        assert "\n" not in str(error) and len(str(error)) < 1000
        return
    seats = range(playback.rules.players)
    for position in range(len(playback.steps)):
        step = playback.go(position)
        assert [playback.view(seat).phase for seat in seats] == [step.phase] * len(seats)
    playback.forward_kyoku()
    playback.back_round()
