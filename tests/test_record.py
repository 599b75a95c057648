"""Records: written atomically, replayed identically, and bad files refused clearly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.actions import BuildHand, ChooseDora
from game.engine.match import Match
from game.engine.record import RecordError, read_record, replay, write_record
from game.engine.rules import Rules
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.test_hand_scenarios import JUNK, NO_DORA, SANSHOKU

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def won_match() -> Match:
    match = Match(Rules.preset("kaiji", hands=2), seed=42)
    match.next_kyoku(crafted_deal({0: JUNK, 2: JUNK}, dora=NO_DORA), 0)
    build_all(match, {0: JUNK, 1: JUNK})
    drive(match, {})
    match.next_kyoku(crafted_deal({0: JUNK + "8s", 2: SANSHOKU}, dora=NO_DORA), 1)
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None, None, "8s"]})
    return match


def test_a_written_record_reads_back_and_replays_identically(tmp_path, won_match):
    path = tmp_path / "match.jsonl"
    write_record(path, won_match.record)
    lines = read_record(path)
    assert lines == json.loads(json.dumps(won_match.record))
    header = lines[0]
    assert header["seed"] == 42 and header["preset"] == "kaiji" and header["rules"]["players"] == 2
    hand_lines = [line for line in lines if line["type"] == "hand"]
    assert [len(line["wall"]) for line in hand_lines] == [136, 136]
    report = replay(lines)
    assert report.ok, report.divergence
    assert [h["next_stake"] for h in report.hands] == [2, 1]
    assert report.end["reason"] == "hands"


def test_a_seeded_match_replays_without_hand_made_notes():
    match = Match(Rules.preset("kaiji", hands=1), seed=9)
    kyoku = match.next_kyoku()
    match.apply(ChooseDora(kyoku.dealer, 1, 3))
    for seat in (0, 1):
        match.apply(BuildHand(seat, "", complete=True))
    drive(match, {})
    report = replay(match.record)
    assert report.ok and report.notes == []


def test_a_changed_action_is_reported_as_the_first_divergence(won_match):
    lines = json.loads(json.dumps(won_match.record))
    discards = [i for i, line in enumerate(lines) if line["type"] == "event" and line["event"] == "discarded"]
    lines[discards[3]]["tile"] = "9m" if lines[discards[3]]["tile"] != "9m" else "1m"
    report = replay(lines)
    assert not report.ok
    assert f"line {discards[3] + 1}:" in report.divergence


def test_a_truncated_record_replays_what_it_has(tmp_path, won_match):
    path = tmp_path / "cut.jsonl"
    text = "".join(json.dumps(line) + "\n" for line in won_match.record)
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(RecordError, match="truncated"):
        read_record(path)


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a text file"),
    (b"hello world\n", "not a 17 Steps record"),
    (b'{"type": "header", "format": "other-game"}\n', "not a 17 Steps record"),
    (b'{"type": "header", "format": "17steps-record", "version": 99}\n', "version 99"),
    (b'[1, 2, 3]\n', "not a 17 Steps record"),
])
def test_foreign_or_malformed_files_get_a_clear_message(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=message):
        read_record(path)


def test_missing_file_is_a_clear_message(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "nope.jsonl")


def test_atomic_write_leaves_no_temporary_files(tmp_path, won_match):
    path = tmp_path / "deep" / "match.jsonl"
    write_record(path, won_match.record)
    write_record(path, won_match.record[:3])
    assert [p.name for p in path.parent.iterdir()] == ["match.jsonl"]
    assert len(read_record(path)) == 3


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_replay_command_reports_results_and_exit_codes(tmp_path, won_match):
    good = tmp_path / "good.jsonl"
    write_record(good, won_match.record)
    done = run_cli("replay", str(good))
    assert done.returncode == 0, done.stderr
    assert "hand 1: exhaustive draw" in done.stdout
    assert "hand 2: seat 1 ron on seat 0: mangan" in done.stdout
    assert "identical" in done.stdout

    lines = json.loads(json.dumps(won_match.record))
    won = next(line for line in lines if line.get("event") == "won")
    won["han"] = 13
    tampered = tmp_path / "tampered.jsonl"
    write_record(tampered, lines)
    done = run_cli("replay", str(tampered))
    assert done.returncode == 1 and "DIVERGES" in done.stdout

    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text("not json at all\n", encoding="utf-8")
    done = run_cli("replay", str(foreign))
    assert done.returncode == 2
    assert "not a 17 Steps record" in done.stderr and "Traceback" not in done.stderr
