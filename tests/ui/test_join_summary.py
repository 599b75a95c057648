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


def test_a_rematch_is_the_hosts_never_the_other_players_whom_the_joiner_cannot_tell_from_the_host(driver):
    """Tester report: at a headless host (`host --seats person,person --keep`) Alice's summary
    said "Bob asks for a rematch", Bob's "Alice asks…": neither had pressed anything, the host
    had opened it. Nothing the host tells says whether a person sits at the host's computer,
    so the summary names no one."""
    match = replay(read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")).match
    told = heard(match)
    told = dataclasses.replace(told, welcome=dataclasses.replace(told.welcome, names=("Alice", "Bob"),
                                                                 levels=(None, None)))
    with ThreadPoolExecutor(1) as builders:
        driver.screens.joined_summary(RemoteTable(told, builders))
    summary = driver.top
    assert isinstance(summary, JoinedSummaryScene)
    summary.asked = True  # the rematch's table answered its look with this seat kept
    assert summary.rematch_words() == "The host asks for a rematch: press Rematch to sit down again."


RECORD = read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")
REPLAYED = replay(RECORD).match
SETTLED, RULES = REPLAYED.settlements, REPLAYED.rules


def rows(record: list[dict]) -> list[tuple]:
    return [(h.kyoku_number, h.gains, h.scores, h.stake, h.next_stake) for h in settled_hands(record, RULES)]


def test_the_rows_are_the_hands_the_engine_settles_from_the_record():
    assert rows(RECORD) == [(s.kyoku_number, s.gains, s.scores, s.stake, s.next_stake) for s in SETTLED]
    assert len(SETTLED) == 3


def test_a_record_the_engine_settles_otherwise_or_of_another_table_gives_no_rows():
    """The host's record comes from another computer: a settlement it states that the engine
    does not reach, a hand cut out, or another table's rules, and its rows are not shown."""
    last = max(i for i, line in enumerate(RECORD) if line["type"] == "settlement")
    paid_more = [*RECORD[:last], {**RECORD[last], "gains": [g * 2 for g in RECORD[last]["gains"]]}, *RECORD[last + 1:]]
    first_hand = next(i for i, line in enumerate(RECORD) if line["type"] == "hand")
    second_hand = next(i for i, line in enumerate(RECORD) if line["type"] == "hand" and i > first_hand)
    cut = [*RECORD[:first_hand], *RECORD[second_hand:]]
    assert rows(paid_more) == rows(cut) == rows([]) == []
    assert settled_hands(RECORD, dataclasses.replace(RULES, players=3)) == ()


@given(st.integers(0, len(RECORD) - 1), st.sampled_from(["hand", "gains", "scores", "stake", "next_stake", "type",
                                                          "seat", "tile", "rules", "seed"]),
       st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5)
       | st.lists(st.integers() | st.floats(), max_size=3))
def test_a_damaged_record_line_gives_the_engines_rows_or_none_and_never_fails(index, key, value):
    damaged = [dict(line) for line in RECORD]
    damaged[index][key] = value
    assert rows(damaged) in (rows(RECORD), [])
