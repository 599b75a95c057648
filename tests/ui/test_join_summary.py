"""The joined summary's rows (game/app/scenes/join_summary.py): every hand's payments as the
host's summary lists them, from the record the host sent at the match's end."""

from __future__ import annotations

import dataclasses
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from game.app.play.remote_table import RemoteTable
from game.app.scenes.join_summary import JoinedSummaryScene, settled_hands
from game.engine.record import read_record, replay
from tests.test_remote_table import heard
from tests.ui.test_join import shoot_in_every_language_and_size

RECORDS = Path(__file__).parent.parent / "records"


def test_a_seat_back_at_a_continued_match_lists_the_hands_played_before_the_hosts_continue(driver, monkeypatch):
    """Player test: the host continued the match after hand 1; the joiner's connection was
    told of hands 2 to the end only, and its summary left out hand 1 while its total counted
    it. Its rows are the host's: every hand of the record."""
    match = replay(read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")).match
    assert match is not None and match.over and len(match.settlements) == 3
    record = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in match.record)
    told = heard(match)
    told = dataclasses.replace(told, settlements=told.settlements[1:], record_text=record)  # told after hand 1
    with ThreadPoolExecutor(1) as builders:
        driver.screens.joined_summary(RemoteTable(told, builders))
    summary = driver.top
    assert isinstance(summary, JoinedSummaryScene)
    assert [s.kyoku_number for s in summary.settlements] == [s.kyoku_number for s in match.settlements]
    assert [s.gains for s in summary.settlements] == [s.gains for s in match.settlements]
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert drawn.count("Exhaustive draw") == 2  # hands 1 and 2, before the ron of hand 3
    shoot_in_every_language_and_size(driver, "joined_summary_continued")


SETTLEMENT = {"type": "settlement", "hand": 1, "gains": [1, -1], "scores": [101, 99], "stake": 1, "next_stake": 1}


@given(st.lists(st.dictionaries(st.sampled_from(sorted(SETTLEMENT)),
                                st.none() | st.booleans() | st.integers() | st.floats() | st.text()
                                | st.lists(st.integers() | st.floats(), max_size=3)), max_size=4))
def test_a_record_line_that_is_no_settlement_of_the_table_gives_no_rows_and_never_fails(lines):
    hands = settled_hands([{**SETTLEMENT, **line, "type": "settlement"} for line in lines], 2)
    assert all(len(hand.gains) == 2 for hand in hands)
    assert [hand.kyoku_number for hand in hands] == sorted({hand.kyoku_number for hand in hands})


def test_the_records_settlements_are_the_rows_and_a_damaged_one_gives_none():
    second = {**SETTLEMENT, "hand": 2, "gains": [-2.5, 2.5], "scores": [98.5, 101.5]}
    assert [(h.kyoku_number, h.gains) for h in settled_hands([{"type": "header"}, SETTLEMENT, second], 2)] == [
        (1, (1, -1)), (2, (-2.5, 2.5))]
    for damaged in ({"gains": [1]}, {"hand": True}, {"stake": "1"}, {"scores": [float("nan"), 1]}, {"hand": 1}):
        assert settled_hands([SETTLEMENT, {**second, **damaged}], 2) == ()
