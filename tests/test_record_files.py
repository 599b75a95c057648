"""Records kept in tests/records replay identically: the format stays readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.play.result_frame import result_frame
from game.app.theatre.theatre_frame import OPEN, seat_names, theatre_frame
from game.engine.playback import read_for_playback
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


OLD_FILES = Path(__file__).parent / "data" / "files_from_a26da2c"
"""Files the game wrote at a26da2c (before game/app was regrouped and the 局 renamed from
hand to kyoku): the window played headless by a scripted player (`--smoke`'s) into real
folders at 2, 3 and 4 seats (the kept matches in `<preset>/data/history`, the unfinished
match in `<preset>/data/unfinished_match.jsonl`, the settings in `<preset>/config`), and
`selfplay --hands 1 --seed 31 --records` (`arena/`). Their lines keep the old "hand" keys."""
OLD_RECORDS = sorted(OLD_FILES.glob("*/data/history/*.jsonl")) + sorted(OLD_FILES.glob("arena/*.jsonl"))
OLD_SAVES = sorted(OLD_FILES.glob("*/data/unfinished_match.jsonl"))


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(OLD_FILES)) for p in paths]


def test_there_are_old_records_at_every_table_size():
    players = {read_record(path)[0]["rules"]["players"] for path in OLD_RECORDS + OLD_SAVES}
    assert players == {2, 3, 4} and len(OLD_RECORDS) >= 9 and len(OLD_SAVES) == 3


@pytest.mark.parametrize("path", OLD_RECORDS + OLD_SAVES, ids=_ids(OLD_RECORDS + OLD_SAVES))
def test_a_record_written_before_the_kyoku_rename_replays_identically(path):
    lines = read_record(path)
    report = replay(lines)
    assert report.ok, report.divergence
    assert len(report.hands) == sum(line["type"] == "hand" for line in lines) - (path in OLD_SAVES)
    if path not in OLD_SAVES:
        assert report.end == lines[-1]


@pytest.mark.parametrize("path", OLD_RECORDS + OLD_SAVES, ids=_ids(OLD_RECORDS + OLD_SAVES))
def test_the_theatre_plays_a_record_written_before_the_kyoku_rename(path):
    playback = read_for_playback(path)
    assert playback.damage is None and playback.divergence is None
    assert playback.hands == [line["number"] for line in playback.lines if line["type"] == "hand"]
    names = seat_names(playback.lines[0], playback.rules.players)
    if path.parent.name != "arena":
        assert names[0] == "You"
    settled = 0
    for position in range(len(playback.steps)):
        step = playback.go(position)
        for point_of_view in (OPEN, *range(playback.rules.players)):
            assert theatre_frame(step, names, point_of_view).caption
        if step.settlement is not None:
            settled += 1
            assert result_frame(step.views, step.settlement, names, playback.at_end).names == names
    assert playback.at_end
    assert settled == sum(line["type"] == "settlement" for line in playback.lines)
