"""Records kept in tests/records replay identically: the format stays readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.record import read_record, replay

RECORDS = sorted((Path(__file__).parent / "records").glob("*.jsonl"))


def test_there_are_records_to_replay():
    assert len(RECORDS) >= 2


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_kept_record_replays_identically(path):
    report = replay(read_record(path))
    assert report.ok, report.divergence
    assert report.end is not None and report.hands


def test_two_draws_then_a_win_pays_four_stakes():
    report = replay(read_record(Path(__file__).parent / "records" / "kaiji_two_draws_then_a_win.jsonl"))
    assert [h["next_stake"] for h in report.hands] == [2, 4, 1]
    assert report.hands[-1]["gains"] == [-4, 4]
    assert report.hands[-1]["result"] == "seat 1 ron on seat 0: mangan"


def test_double_ron_pays_both_winners():
    report = replay(read_record(Path(__file__).parent / "records" / "four_player_double_ron.jsonl"))
    (hand,) = report.hands
    assert hand["result"].count("ron on seat 0") == 2
    assert sum(hand["gains"]) == 0 and hand["gains"][0] < 0
