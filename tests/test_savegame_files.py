"""The unfinished match as found on players' disks: one atomic file, every field checked,
a damaged save kept aside and a transient fault never deleting anything (issue 18, 9-13)."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app import savegame
from game.app.match_setup import _autosave, resume_session
from game.app.savegame import (
    PLAN_FILE,
    RECORD_FILE,
    SaveDamaged,
    SaveError,
    SaveSlot,
    SaveUnreadable,
)
from game.app.session import SeatPlan
from game.engine.actions import BuildHand
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.record import read_record, replay
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.fuzzing import FUZZ_FAILURES, as_json_lines, mutated_bytes, mutated_json, mutated_lines

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
EXECUTOR = ThreadPoolExecutor(1)
PRESET_OF_PLAYERS = {2: "kaiji", 3: "three_player", 4: "four_player"}


def match_in_play(players: int = 2, seed: int = 3, discards: int = 6) -> Match:
    """A match in the discard phase of its first hand (hands built from each wall's first 13)."""
    match = Match(Rules.preset(PRESET_OF_PLAYERS[players]), seed)
    hand = match.next_hand()
    if hand.phase is Phase.DORA:
        match.apply(hand.view_for(hand.waiting_on()[0]).legal_actions[0])
    for seat in range(players):
        match.apply(BuildHand(seat, format_tiles(hand.walls[seat][:13], match.rules.red_fives)))
    for _ in range(discards):
        seat = hand.waiting_on()[0]
        match.apply(hand.view_for(seat).legal_actions[0])
    return match


def saved(folder: Path, plan: SeatPlan | None = None, players: int = 2) -> SaveSlot:
    slot = SaveSlot(folder)
    slot.save(plan or SeatPlan.hotseat(players), match_in_play(players))
    return slot


def save_lines(slot: SaveSlot) -> list[dict]:
    return [json.loads(line) for line in slot.record_path.read_text(encoding="utf-8").splitlines()]


def edit_seats(slot: SaveSlot, **changes) -> None:
    lines = save_lines(slot)
    lines[0]["seats"].update(changes)
    slot.record_path.write_bytes(as_json_lines(lines))


def fake_app(folder: Path) -> SimpleNamespace:
    """What `resume_session` and the autosave use of the window's App."""
    return SimpleNamespace(data_dir=folder, executor=EXECUTOR, notice=None)


def kept_saves(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{RECORD_FILE}.damaged-*"))


def test_a_save_is_one_file_that_is_also_a_record(tmp_path):
    slot = saved(tmp_path, SeatPlan.solo(2, "hard"))
    assert [p.name for p in tmp_path.iterdir()] == [RECORD_FILE]
    assert replay(read_record(slot.record_path)).ok
    loaded = slot.load()
    assert loaded.plan == SeatPlan.solo(2, "hard")
    assert loaded.match.record == json.loads(json.dumps(match_in_play().record))


def test_a_version_0_1_save_of_two_files_still_continues_and_becomes_one(tmp_path):
    match = match_in_play()
    slot = SaveSlot(tmp_path)
    (tmp_path / PLAN_FILE).write_text(json.dumps({"seed": match.seed, **SeatPlan.hotseat(2).to_dict()}),
                                      encoding="utf-8")
    slot.record_path.write_bytes(as_json_lines(match.record))
    loaded = slot.load()
    assert loaded.plan == SeatPlan.hotseat(2)
    slot.save(loaded.plan, loaded.match)
    assert [p.name for p in tmp_path.iterdir()] == [RECORD_FILE]


def test_a_stale_plan_file_beside_a_new_save_is_ignored(tmp_path):
    slot = saved(tmp_path, SeatPlan.solo(2, "easy"))
    (tmp_path / PLAN_FILE).write_text(json.dumps({"seed": 999, **SeatPlan.hotseat(2).to_dict()}), encoding="utf-8")
    assert slot.load().plan == SeatPlan.solo(2, "easy")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["solo", "hotseat"])
def test_saves_of_every_table_size_continue(tmp_path, players, mode):
    plan = SeatPlan.solo(players, "normal") if mode == "solo" else SeatPlan.hotseat(players)
    slot = saved(tmp_path, plan, players)
    loaded = slot.load()
    assert loaded.plan == plan and loaded.match.rules.players == players


@pytest.mark.parametrize("changes", [
    {"humans": [7]}, {"humans": [0, 0]}, {"humans": [True]}, {"humans": "0"}, {"humans": []}, {"humans": [0]},
    {"mode": "solo", "humans": [0], "ai_level": "god"}, {"mode": "solo", "humans": [0, 1], "ai_level": "easy"},
    {"ai_level": ["easy"]}, {"levels": ["god", None]}, {"levels": [None]}, {"levels": "easy"},
    {"mode": "tournament"}, {"mode": None},
    {"names": ["x" * 5_000_000, "y"]}, {"names": ["only one"]}, {"names": ["a", 2]}, {"names": ["", "b"]},
], ids=lambda changes: json.dumps(changes)[:40])
def test_a_save_naming_impossible_seats_is_damaged(tmp_path, changes):
    slot = saved(tmp_path)
    edit_seats(slot, **changes)
    with pytest.raises(SaveDamaged):
        slot.load()


@pytest.mark.parametrize("edit", ["virtual_dora", "wall_code", "deep", "long_integer", "not_utf8", "no_seats"])
def test_a_damaged_record_is_damaged(tmp_path, edit):
    slot = saved(tmp_path)
    lines = save_lines(slot)
    if edit == "virtual_dora":
        lines[1]["virtual_dora"] = [[1], [2]]
    elif edit == "wall_code":
        lines[1]["wall"][0] = "1p2z"
    elif edit == "no_seats":
        del lines[0]["seats"]
    data = as_json_lines(lines)
    if edit == "deep":
        data = b"[" * 2000 + b"]" * 2000
    elif edit == "long_integer":
        data = data.replace(b'"seed": 3', b'"seed": ' + b"3" * 5000)
    elif edit == "not_utf8":
        data = b"\xff" + data
    slot.record_path.write_bytes(data)
    with pytest.raises(SaveDamaged):
        slot.load()


def test_continue_moves_a_damaged_save_aside_and_says_where(tmp_path):
    slot = saved(tmp_path)
    edit_seats(slot, humans=[7])
    original = slot.record_path.read_bytes()
    with pytest.raises(SaveError) as caught:
        resume_session(fake_app(tmp_path))
    (kept,) = kept_saves(tmp_path)
    assert kept.read_bytes() == original and str(kept) in str(caught.value)
    assert not slot.exists()


def test_continue_leaves_a_save_that_cannot_be_read_now(tmp_path, monkeypatch):
    slot = saved(tmp_path)
    original = slot.record_path.read_bytes()
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path).name == RECORD_FILE:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveUnreadable, match="Permission denied"):
        resume_session(fake_app(tmp_path))
    monkeypatch.undo()
    assert slot.record_path.read_bytes() == original and kept_saves(tmp_path) == []
    assert slot.load().plan == SeatPlan.hotseat(2)  # readable again: it continues


def test_continue_survives_a_folder_where_nothing_can_be_moved(tmp_path, monkeypatch):
    slot = saved(tmp_path)
    edit_seats(slot, ai_level="god")

    def read_only(path, why="damaged"):
        raise PermissionError(30, "Read-only file system", str(path))

    monkeypatch.setattr(savegame, "move_aside", read_only)
    with pytest.raises(SaveError, match="could not be moved aside"):
        resume_session(fake_app(tmp_path))
    assert slot.exists()


def test_a_folder_in_place_of_the_save_is_no_save_and_autosave_reports_it(tmp_path):
    (tmp_path / RECORD_FILE).mkdir()
    slot = SaveSlot(tmp_path)
    assert not slot.exists()
    app = fake_app(tmp_path)
    session = SimpleNamespace(match=match_in_play(), plan=SeatPlan.hotseat(2), builds={})
    _autosave(app, session)
    assert app.notice is not None and "could not be saved" in app.notice
    assert (tmp_path / RECORD_FILE).is_dir()


def test_leftovers_of_killed_autosaves_are_removed_at_start(tmp_path):
    slot = saved(tmp_path)
    for name in (f".{RECORD_FILE}.k1ll3d", f".{PLAN_FILE}.x9y8z7"):
        (tmp_path / name).write_text("half", encoding="utf-8")
    slot.remove_leftovers()
    assert [p.name for p in tmp_path.iterdir()] == [RECORD_FILE]
    assert slot.load().plan == SeatPlan.hotseat(2)


def _valid_save() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        return saved(Path(folder), SeatPlan.solo(2, "easy")).record_path.read_bytes()


VALID = _valid_save()
VALID_LINES = [json.loads(line) for line in VALID.decode().splitlines()]


def _continue_outcome(folder: Path, content: bytes) -> None:
    """Only the documented outcomes: it continues, or a SaveError and the file kept aside
    byte for byte (or left in place when it could not be read)."""
    slot = SaveSlot(folder)
    slot.record_path.write_bytes(content)
    try:
        session = resume_session(fake_app(folder))
    except SaveError as error:
        kept = kept_saves(folder)
        assert [k.read_bytes() for k in kept] == [content] and str(kept[0]) in str(error)
        assert "\n" not in str(error) and len(str(error)) < 1000  # one line on the title screen
        return
    assert session.match.rules.players == len(session.plan.names)


@FUZZ
@given(content=st.binary(max_size=300) | st.sampled_from(FUZZ_FAILURES) | mutated_bytes(VALID))
def test_fuzz_random_bytes_continue_or_are_kept_aside(tmp_path_factory, content):
    _continue_outcome(tmp_path_factory.mktemp("save"), content)


@st.composite
def mutated_opening(draw: st.DrawFn) -> list[dict]:
    """The save with its header (seats, rules, seed) or its hand line (wall, dealer) edited."""
    lines = copy.deepcopy(VALID_LINES)
    at = draw(st.sampled_from([0, 0, 1]))
    lines[at] = draw(mutated_json(lines[at]))
    return lines


@FUZZ
@given(lines=mutated_lines(VALID_LINES) | mutated_opening())
def test_fuzz_mutated_saves_continue_or_are_kept_aside(tmp_path_factory, lines):
    _continue_outcome(tmp_path_factory.mktemp("save"), as_json_lines(lines))
