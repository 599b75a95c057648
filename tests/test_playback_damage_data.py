"""What is wrong with a record, as data the theatre words in the player's language: the line
that cannot be read and how (a file cut short, a line that is not JSON, one that is no record
line), or the line of an action the engine refuses. The reader's English message stays for
the command line."""

from __future__ import annotations

import json

import pytest

from game.engine.playback import read_for_playback
from game.engine.record import LineDamage, RecordError, parse_record, write_record
from tests.test_playback import live_match, record_lines


@pytest.fixture(scope="module")
def whole() -> list[dict]:
    match, _ = live_match("kaiji", 2, seed=5)
    return record_lines(match)


def written(tmp_path, lines: list[dict], replaced: dict[int, str] | None = None) -> tuple:
    """The record file with some lines (by 1-based number) replaced by raw text."""
    path = tmp_path / "r.jsonl"
    write_record(path, lines)
    rows = path.read_text(encoding="utf-8").splitlines()
    for number, text in (replaced or {}).items():
        rows[number - 1] = text
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path, rows


def test_a_file_cut_mid_line_is_damaged_at_its_last_line_which_is_not_json(tmp_path, whole):
    path, rows = written(tmp_path, whole)
    kept = len(rows) // 2
    path.write_text("\n".join(rows[:kept]) + "\n" + rows[kept][: len(rows[kept]) // 2], encoding="utf-8")
    playback = read_for_playback(path)
    damage = playback.damage
    assert damage is not None
    assert (damage.line, damage.kind, damage.last) == (kept + 1, LineDamage.NOT_JSON, True)
    assert playback.lines == whole[:kept]
    assert f"line {kept + 1}: not valid JSON" in str(damage)  # the command line's words, as before


def test_a_line_inside_the_file_that_is_not_json(tmp_path, whole):
    path, _rows = written(tmp_path, whole, {20: '{"type": "action", "seat'})
    playback = read_for_playback(path)
    assert playback.damage is not None
    assert (playback.damage.line, playback.damage.kind, playback.damage.last) == (20, LineDamage.NOT_JSON, False)
    assert playback.lines == whole[:19]


def test_a_line_that_is_json_but_no_record_line(tmp_path, whole):
    path, _rows = written(tmp_path, whole, {30: "[1, 2, 3]"})
    damage = read_for_playback(path).damage
    assert damage is not None and (damage.line, damage.kind) == (30, LineDamage.NOT_A_LINE)


def test_the_reader_s_error_names_the_line_and_the_damage():
    header = json.dumps({"type": "header"})
    with pytest.raises(RecordError) as caught:
        parse_record(f"{header}\n\n" + '{"type": "event", "n": ' + "9" * 5000 + "}\n")
    assert (caught.value.line, caught.value.damage) == (3, LineDamage.NUMBER_TOO_LONG)


def test_a_forged_action_is_no_damage_but_a_divergence_at_its_line(tmp_path, whole):
    number, line = next((index, line) for index, line in enumerate(whole, start=1)
                        if line["type"] == "action" and line.get("action") == "discard")
    forged = {**line, "tile": "7z" if line["tile"] != "7z" else "1m"}
    path, _rows = written(tmp_path, whole, {number: json.dumps(forged)})
    playback = read_for_playback(path)
    assert playback.damage is None
    assert playback.divergence_line == number
    assert playback.divergence is not None and playback.divergence.startswith(f"line {number}: ")
    assert max(step.line for step in playback.steps) < number


def test_a_whole_record_has_neither(tmp_path, whole):
    path, _rows = written(tmp_path, whole)
    playback = read_for_playback(path)
    assert playback.damage is None and playback.divergence_line is None


@pytest.mark.parametrize("damaged", ['{"type": "hand", "wall', "[1, 2, 3]"])
def test_a_record_damaged_in_its_first_hand_is_damaged_not_empty(tmp_path, whole, damaged):
    from game.engine.playback import NoKyokuToShow

    path, _rows = written(tmp_path, whole, {2: damaged})
    with pytest.raises(RecordError) as caught:
        read_for_playback(path)
    assert not isinstance(caught.value, NoKyokuToShow)
    assert caught.value.line == 2 and "line 2" in str(caught.value)
