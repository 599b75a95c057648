"""The unfinished match as found on players' disks: one atomic file, every field checked,
a damaged save kept aside and a transient fault never deleting anything (issue 18, 9-13)."""
from __future__ import annotations

import copy
import errno
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.history import history
from game.app.history.match_history import keep_abandoned
from game.app.history.player_files import PlayerFiles
from game.app.play import savegame
from game.app.play.match_setup import UnfinishedNotKept, _autosave, new_session, resume_session
from game.app.play.savegame import (
    HOSTING_FILE,
    LOCK_FILE,
    PLAN_FILE,
    RECORD_FILE,
    HostedSeats,
    SaveDamaged,
    SaveError,
    SaveSlot,
    SaveUnreadable,
    SlotLock,
    read_hosted_seats,
)
from game.app.play.session import SeatPlan
from game.app.settings import Settings
from game.engine.kyoku import Phase
from game.engine.record import read_record, replay
from game.engine.rules import Rules
from tests.fuzzing import FUZZ_FAILURES, as_json_lines, mutated_bytes, mutated_json, mutated_lines
from tests.save_faults import match_in_play, read_only_history, refuse_to_open

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])



EXECUTOR = ThreadPoolExecutor(1)



ROOT = Path(__file__).resolve().parent.parent



NAME_DAMAGED = ("the saved match is damaged \\(a player's name cannot be shown\\)"  # (the record reader's check)
                "|the saved match has a player name that cannot be shown$")  # (a version 0.1 plan file's)



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
    return SimpleNamespace(files=PlayerFiles(data_dir=folder), executor=EXECUTOR, notice=None)



def resume(app: SimpleNamespace):
    return resume_session(app.files, app)



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



@pytest.mark.parametrize(("changes", "reason"), [
    ({"names": ["You", "Kai\x00ji"]}, NAME_DAMAGED),
    ({"names": ["You", "\ud800"]}, "the saved match is damaged \\(line 1 holds damaged text\\)"),
    ({"names": ["You", "x" * 25]}, NAME_DAMAGED),
    ({"names": ["You", "Easy AI", "Easy AI"], "levels": [None, "easy", "easy"]}, "lists 3 seats for a 2-player"),
    ({"levels": [None, "easy", "easy"]}, "lists 3 seats for a 2-player"),
    ({"names": ["You"], "levels": [None]}, "lists 1 seat for a 2-player"),
    ({"levels": [None, "god"]}, "AI level is not one of Easy, Normal, Hard$"),
], ids=["nul", "lone-surrogate", "too-long", "three-seats", "three-levels", "one-seat", "bad-level"])
def test_a_damaged_save_says_what_is_wrong_with_its_seats(tmp_path, changes, reason):
    slot = saved(tmp_path, SeatPlan.solo(2, "easy"))
    edit_seats(slot, **changes)
    with pytest.raises(SaveDamaged, match=reason):
        slot.load()



def test_a_version_0_1_plan_file_with_an_undrawable_name_is_damaged(tmp_path):
    match = match_in_play()
    slot = SaveSlot(tmp_path)
    plan = {**SeatPlan.hotseat(2).to_dict(), "names": ["You", "a\u2028b"]}
    (tmp_path / PLAN_FILE).write_text(json.dumps({"seed": match.seed, **plan}), encoding="utf-8")
    slot.record_path.write_bytes(as_json_lines(match.record))
    with pytest.raises(SaveDamaged, match=NAME_DAMAGED):
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
        resume(fake_app(tmp_path))
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
    with pytest.raises(SaveUnreadable, match="cannot be read now \\(permission denied\\)"):
        resume(fake_app(tmp_path))
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
        resume(fake_app(tmp_path))
    assert slot.exists()



def test_a_folder_in_place_of_the_save_is_no_save_and_autosave_reports_it(tmp_path):
    (tmp_path / RECORD_FILE).mkdir()
    slot = SaveSlot(tmp_path)
    assert not slot.exists()
    app = fake_app(tmp_path)
    session = SimpleNamespace(match=match_in_play(), plan=SeatPlan.hotseat(2), builds={})
    _autosave(app.files, app, session, saving=True)
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
        session = resume(fake_app(folder))
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



class NoReviews:
    """An executor that runs nothing (the kept match's build review is not what is tested)."""

    def submit(self, function, *args):
        future: Future = Future()
        future.cancel()
        return future



def player_app(folder: Path, **settings) -> SimpleNamespace:
    """What `new_session` uses of the window's App."""
    return SimpleNamespace(files=PlayerFiles(data_dir=folder), executor=NoReviews(), notice=None,
                           settings=Settings(**settings), next_match_seed=lambda: 77)



def start(app: SimpleNamespace, plan: SeatPlan, **options):
    return new_session(app.files, app, plan, **options)



def unusable(kind: str, folder: Path, monkeypatch) -> SaveSlot:
    """A save with moves in it that a new match cannot simply keep in the history."""
    slot = saved(folder)
    if kind == "damaged":
        edit_seats(slot, humans=[7])
    elif kind == "unreadable":
        refuse_to_open(monkeypatch, RECORD_FILE)
    elif kind == "history read-only":
        read_only_history(monkeypatch, folder)
    elif kind == "history a file":
        (folder / history.HISTORY_DIR).write_text("a file where the folder should be", encoding="utf-8")
    return slot



UNUSABLE = ["damaged", "unreadable", "history read-only", "history a file"]



REASON = {"damaged": "people are not seats of a 2-player table", "unreadable": "cannot be read now (permission denied)",
          "history read-only": "cannot be written (the disk can only be read)",
          "history a file": "cannot be written (a file stands where a folder should be)"}



@pytest.mark.parametrize("kind", UNUSABLE)
def test_a_new_match_keeps_an_unusable_save_aside_and_says_where(tmp_path, monkeypatch, kind):
    slot = unusable(kind, tmp_path, monkeypatch)
    original = slot.record_path.read_bytes()  # not through os.open
    app = player_app(tmp_path)
    session = new_session(app.files, app, SeatPlan.hotseat(2))
    session.apply(session.kyoku.legal_actions(session.kyoku.waiting_on()[0])[0])  # the new match autosaves
    monkeypatch.undo()
    (kept,) = tmp_path.glob(f"{RECORD_FILE}.*-*")
    assert kept.read_bytes() == original
    assert str(kept) in str(app.notice) and "not in your match history" in str(app.notice)
    assert REASON[kind] in str(app.notice)
    assert SaveSlot(tmp_path).load().match.seed == 77



def nothing_moves(monkeypatch) -> None:
    def read_only(path, why="damaged", folder=None):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(savegame, "move_aside", read_only)



@pytest.mark.parametrize("kind", UNUSABLE)
def test_a_save_that_can_be_neither_kept_nor_moved_stays_until_the_player_says(tmp_path, monkeypatch, kind):
    slot = unusable(kind, tmp_path, monkeypatch)
    nothing_moves(monkeypatch)
    original = slot.record_path.read_bytes()
    app = player_app(tmp_path)
    with pytest.raises(UnfinishedNotKept, match="could not be moved aside \\(the disk can only be read\\)"):
        new_session(app.files, app, SeatPlan.hotseat(2))
    assert slot.record_path.read_bytes() == original
    new_session(app.files, app, SeatPlan.hotseat(2), replace_unkept=True)  # "Start anyway"
    monkeypatch.undo()
    assert SaveSlot(tmp_path).load().match.seed == 77



@pytest.mark.parametrize(("keep_history", "kind", "kept_as"), [
    (True, "readable", "history"),
    (False, "readable", None),  # the player was told it would be lost
    (False, "damaged", "damaged"),
    (False, "unreadable", "abandoned"),
])
def test_what_becomes_of_the_unfinished_match(tmp_path, monkeypatch, keep_history, kind, kept_as):
    slot = unusable(kind, tmp_path, monkeypatch) if kind != "readable" else saved(tmp_path)
    original = slot.record_path.read_bytes()
    start(player_app(tmp_path, keep_history=keep_history), SeatPlan.hotseat(2))
    monkeypatch.undo()
    aside = list(tmp_path.glob(f"{RECORD_FILE}.*-*"))
    in_history = history.record_files(history.history_folder(tmp_path))
    if kept_as == "history":
        assert aside == [] and len(in_history) == 1
        (entry,) = history.load_history(history.history_folder(tmp_path)).entries
        assert entry.ended == "abandoned" and entry.lines[1:] == [json.loads(line) for line in
                                                                   original.decode().splitlines()][1:]
    elif kept_as is None:
        assert aside == [] and in_history == []
    else:
        (kept,) = aside
        assert kept.name.startswith(f"{RECORD_FILE}.{kept_as}-") and kept.read_bytes() == original



@st.composite
def cut_saves(draw: st.DrawFn) -> tuple[bytes, list[dict]]:
    """The save cut short as a write that did not end leaves it, among the events of an
    action: at a line's end, in the middle of a line (its last line is then not JSON), or in
    the middle of a character; and the lines the resumed match must have: the record up to
    the action before (its last whole action)."""
    lines = VALID_LINES
    first_action = min(index for index, line in enumerate(lines) if line["type"] == "action")
    at = draw(st.sampled_from([index for index in range(first_action, len(lines)) if lines[index]["type"] == "event"]))
    line = as_json_lines(lines[at : at + 1])
    tail = draw(st.sampled_from([b"", line[: draw(st.integers(1, len(line) - 2))], b'{"type":"event","x":"\xe3\x81']))
    action = max(index for index in range(at) if lines[index]["type"] != "event")
    return as_json_lines(lines[:at]) + tail, lines[:action]



@FUZZ
@given(cut=cut_saves())
def test_fuzz_a_save_cut_short_resumes_at_its_last_whole_action(tmp_path_factory, cut):
    content, resumed = cut
    folder = tmp_path_factory.mktemp("save")
    (folder / RECORD_FILE).write_bytes(content)
    app = fake_app(folder)
    session = resume_session(app.files, app)
    assert json.loads(json.dumps(session.match.record))[1:] == resumed[1:]  # the header: without seats
    (kept,) = kept_saves(folder)
    assert kept.read_bytes() == content
    assert "cut short" in str(app.notice) and str(kept) in str(app.notice)
    assert SaveSlot(folder).load().cut == 0  # saved again whole, before any move



@pytest.mark.parametrize("damage", ["middle line", "diverging last action"])
def test_a_save_damaged_before_its_end_is_not_resumed(tmp_path, damage):
    lines = save_lines(saved(tmp_path))
    if damage == "middle line":
        content = as_json_lines(lines[:3]) + b'{"type": "ev\n' + as_json_lines(lines[4:])
    else:
        lines[max(index for index, line in enumerate(lines) if line["type"] == "action")]["tile"] = "9z"
        content = as_json_lines(lines)
    (tmp_path / RECORD_FILE).write_bytes(content)
    with pytest.raises(SaveError):
        resume(fake_app(tmp_path))
    (kept,) = kept_saves(tmp_path)
    assert kept.read_bytes() == content



HOLDER = """
import sys, time
from pathlib import Path
from game.app.play.savegame import SlotLock
print(SlotLock(Path(sys.argv[1])).claim(), flush=True)
time.sleep(120)
"""



def test_one_window_keeps_the_save_until_it_closes(tmp_path):
    first, second = SlotLock(tmp_path), SlotLock(tmp_path)
    assert first.claim() and not second.claim()
    first.release()
    assert second.claim() and not first.claim()



@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_killed_window_s_lock_does_not_keep_the_next_one_from_the_save(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "True"
        assert not SlotLock(tmp_path).claim()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate(timeout=30)
    assert SlotLock(tmp_path).claim()  # nothing to wait for, no process id compared



def test_a_second_window_neither_continues_nor_writes_over_the_first_window_s_match(tmp_path):
    slot = saved(tmp_path)
    original = slot.record_path.read_bytes()
    first, second = player_app(tmp_path), player_app(tmp_path)
    assert first.files.lock.claim()
    with pytest.raises(SaveError, match="open in another 17 Steps window"):
        resume_session(second.files, second)
    session = new_session(second.files, second, SeatPlan.hotseat(2))
    for _ in range(3):
        session.apply(session.kyoku.legal_actions(session.kyoku.waiting_on()[0])[0])
    assert slot.record_path.read_bytes() == original and "are not saved" in str(second.notice)
    assert history.record_files(history.history_folder(tmp_path)) == []  # nor kept it as abandoned
    first.files.lock.release()
    assert resume_session(second.files, second).match.record == slot.load().match.record  # the first window has closed



def test_a_folder_where_no_lock_can_be_made_saves_removes_nothing_and_says_so(tmp_path):
    (tmp_path / savegame.LOCK_FILE).mkdir()  # what no lock can be taken on
    leftover = tmp_path / f".{RECORD_FILE}.killed"  # another window's autosave may be under way
    leftover.write_text("half", encoding="utf-8")
    first, second = player_app(tmp_path), player_app(tmp_path)
    session = new_session(first.files, first, SeatPlan.hotseat(2))
    session.apply(session.kyoku.legal_actions(session.kyoku.waiting_on()[0])[0])
    assert SaveSlot(tmp_path).load().match.seed == 77  # it saves as it can
    assert first.files.lock.unlocked and second.files.lock.claim()
    assert leftover.exists()
    assert "No lock can be made" in str(first.notice)



def test_a_lock_file_that_can_only_be_read_still_keeps_a_second_window_out(tmp_path, monkeypatch):
    (tmp_path / savegame.LOCK_FILE).touch()
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if Path(path).name == savegame.LOCK_FILE and flags & (os.O_RDWR | os.O_WRONLY):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    first, second = SlotLock(tmp_path), SlotLock(tmp_path)
    assert first.claim() and not second.claim()
    assert not first.unlocked
    first.release()
    assert second.claim()



@pytest.mark.parametrize("keep_history", [True, False])
def test_a_new_match_over_a_save_cut_short_keeps_the_cut_file_too(tmp_path, keep_history):
    content = VALID[: VALID.rstrip(b"\n").rfind(b"\n") + 20]  # its last line cut in the middle
    (tmp_path / RECORD_FILE).write_bytes(content)
    start(player_app(tmp_path, keep_history=keep_history), SeatPlan.hotseat(2))
    (kept,) = kept_saves(tmp_path)
    assert kept.read_bytes() == content
    entries = history.load_history(history.history_folder(tmp_path)).entries
    assert [entry.ended for entry in entries] == (["abandoned"] if keep_history else [])



def test_a_new_match_over_a_save_cut_short_says_where_the_cut_file_is(tmp_path):
    content = VALID[: VALID.rstrip(b"\n").rfind(b"\n") + 20]
    (tmp_path / RECORD_FILE).write_bytes(content)
    app = player_app(tmp_path)
    new_session(app.files, app, SeatPlan.hotseat(2))
    (kept,) = kept_saves(tmp_path)
    assert "cut short" in str(app.notice) and str(kept) in str(app.notice)



def test_the_cut_short_notice_stays_when_the_first_autosave_fails(tmp_path, monkeypatch):
    content = VALID[: VALID.rstrip(b"\n").rfind(b"\n") + 20]
    (tmp_path / RECORD_FILE).write_bytes(content)

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr("game.engine.record.write_text_atomically", full)
    app = fake_app(tmp_path)
    session = resume_session(app.files, app)
    (kept,) = kept_saves(tmp_path)
    assert str(kept) in str(app.notice) and "cut short" in str(app.notice)
    assert "could not be saved (the disk is full)" in str(app.notice)
    for _move in range(3):
        session.apply(session.kyoku.legal_actions(session.kyoku.waiting_on()[0])[0])
    assert str(app.notice).count("could not be saved") == 1  # said once, not at every move



def save_with_preset_name(folder: Path, preset_name: str) -> bytes:
    """A save whose rules carry `preset_name` (written as a JSON escape, as a hand-edited file would)."""
    slot = saved(folder)
    lines = save_lines(slot)
    lines[0]["rules"]["preset_name"] = preset_name
    content = as_json_lines(lines)
    slot.record_path.write_bytes(content)
    return content



def test_a_lone_surrogate_in_the_save_is_a_damaged_save(tmp_path):
    content = save_with_preset_name(tmp_path, "\ud800")
    assert SaveSlot(tmp_path).summary() is None
    with pytest.raises(SaveError, match="line 1 holds damaged text"):
        resume(fake_app(tmp_path))
    (kept,) = kept_saves(tmp_path)
    assert kept.read_bytes() == content



def test_a_new_match_over_a_save_with_a_lone_surrogate_keeps_it_aside(tmp_path):
    content = save_with_preset_name(tmp_path, "\ud800")
    app = player_app(tmp_path)
    session = new_session(app.files, app, SeatPlan.hotseat(2))
    session.apply(session.kyoku.legal_actions(session.kyoku.waiting_on()[0])[0])
    (kept,) = kept_saves(tmp_path)
    assert kept.read_bytes() == content and str(kept) in str(app.notice)
    assert SaveSlot(tmp_path).load().match.seed == 77



def test_a_match_holding_text_no_file_can_hold_is_a_notice_not_a_crash(tmp_path):
    from dataclasses import replace

    from game.app.play.session import Session
    from game.engine.match import Match
    from game.engine.rules import Rules

    app = player_app(tmp_path)
    match = Match(replace(Rules.preset("kaiji"), preset_name="\ud800"), 5)
    session = Session(match, SeatPlan.hotseat(2), {}, app.executor)
    session.next_kyoku()
    _autosave(app.files, app, session, saving=True)
    assert "could not be saved" in str(app.notice) and not SaveSlot(tmp_path).exists()



def finished_session(app):
    """A one-hand match played to its end (every build left to the clock, every ron taken)."""
    from game.app.play.session import Session
    from game.engine.actions import BuildHand, Ron
    from game.engine.kyoku import Phase
    from game.engine.match import Match
    from game.engine.rules import Rules

    match = Match(Rules.preset("kaiji", hands=1), 5)
    kyoku = match.next_kyoku()
    for _step in range(500):
        if match.over:
            break
        seat = kyoku.waiting_on()[0]
        legal = kyoku.legal_actions(seat)
        match.apply(BuildHand(seat, "", complete=True) if kyoku.phase is Phase.BUILD
                    else next((a for a in legal if isinstance(a, Ron)), legal[0]))
    assert match.over
    return Session(match, SeatPlan.solo(2, "hard"), {}, app.executor)



def test_a_finished_match_the_history_cannot_take_is_moved_aside_not_deleted(tmp_path, monkeypatch):
    read_only_history(monkeypatch, tmp_path)
    app = player_app(tmp_path)
    session = finished_session(app)
    app.files.save_match(session.plan, session.match)  # the window's autosaves left it in the slot
    _autosave(app.files, app, session, saving=True)
    monkeypatch.undo()
    (kept,) = tmp_path.glob(f"{RECORD_FILE}.finished-*")
    assert read_record(kept)[1:] == json.loads(json.dumps(session.match.record))[1:]
    assert str(kept) in str(app.notice) and "could not be kept in your history" in str(app.notice)
    assert not SaveSlot(tmp_path).exists()



@pytest.mark.parametrize("keep_history", [True, False])
def test_a_finished_match_kept_or_not_wanted_clears_the_save(tmp_path, keep_history):
    saved(tmp_path)
    app = player_app(tmp_path, keep_history=keep_history)
    _autosave(app.files, app, finished_session(app), saving=True)
    assert list(tmp_path.glob(f"{RECORD_FILE}*")) == [] and app.notice is None
    assert len(history.record_files(history.history_folder(tmp_path))) == keep_history



def test_a_history_that_can_be_written_but_not_listed_keeps_the_abandoned_match(tmp_path, monkeypatch):
    saved(tmp_path)
    folder = history.history_folder(tmp_path)
    real_scandir = os.scandir

    def unlisted(path="."):
        if Path(path) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", unlisted)
    app = player_app(tmp_path)
    put_away = keep_abandoned(app.files, app.settings, app.executor)
    monkeypatch.undo()
    assert put_away.kept is not None and put_away.moved is None and put_away.problem is None
    assert history.record_files(folder) == [put_away.kept]



ENGLISH_SENTENCE = re.compile(r"[A-Za-z]+(?:,? [A-Za-z']+)+")



"""Two English words in a row (or a list of them): what a Japanese or Chinese sentence never holds."""



def what_a_player_reads(kind: str, folder: Path, monkeypatch) -> str:
    """What the game says of the unfinished match, for one kind of trouble."""
    if kind == "bad name":
        edit_seats(saved(folder), names=["Kai\x00ji", "You"])
    elif kind == "bad level":
        edit_seats(saved(folder), levels=[None, "god"])
    elif kind == "damaged line":
        lines = save_lines(saved(folder))
        (folder / RECORD_FILE).write_bytes(as_json_lines(lines[:3]) + b'{"type": "ev\n' + as_json_lines(lines[4:]))
    elif kind == "lone surrogate":
        save_with_preset_name(folder, "\ud800")
    elif kind == "not a record":
        (folder / RECORD_FILE).write_bytes(b'{"type":"header","format":"other"}\n')
    if kind in ("bad name", "bad level", "damaged line", "lone surrogate", "not a record"):
        with pytest.raises(SaveError) as caught:
            resume(fake_app(folder))
        return str(caught.value)
    app = player_app(folder)
    if kind.endswith("nothing moves"):
        unusable("unreadable", folder, monkeypatch)
        nothing_moves(monkeypatch)
        with pytest.raises(UnfinishedNotKept) as refused:
            new_session(app.files, app, SeatPlan.hotseat(2))
        return str(refused.value)
    unusable(kind.removeprefix("new match, "), folder, monkeypatch)
    new_session(app.files, app, SeatPlan.hotseat(2))
    return str(app.notice)



READ_KINDS = ["bad name", "bad level", "damaged line", "lone surrogate", "not a record", "new match, damaged",
              "new match, unreadable", "new match, history read-only", "new match, history a file",
              "new match, nothing moves"]



@pytest.mark.parametrize("language", ["ja", "zh_CN"])
@pytest.mark.parametrize("kind", READ_KINDS)
def test_what_is_said_of_the_unfinished_match_holds_no_english_sentence(tmp_path, monkeypatch, language, kind):
    from game.app.words import i18n

    i18n.set_language(language)
    said = what_a_player_reads(kind, tmp_path, monkeypatch)
    assert ENGLISH_SENTENCE.search(said) is None, said


def test_a_hosted_match_continues_with_the_ai_in_the_seats_of_the_other_computers(tmp_path, monkeypatch):
    made = []
    monkeypatch.setattr("game.app.play.match_setup.make_agents",
                        lambda people, players, level, seed: made.append(people) or {1: "an AI"})
    plan = SeatPlan.table(("you", "remote"))
    saved(tmp_path, plan)
    assert SaveSlot(tmp_path).load().plan.remote == (1,)
    app = fake_app(tmp_path)
    session = resume(app)
    assert session.plan.remote == () and session.players == {1: "an AI"} and made == [(0,)]
    assert "played by the AI" in str(app.notice)


OLD_FILES = ROOT / "tests" / "data" / "files_from_a26da2c"
"""A player's folders as the game left them at a26da2c, before game/app was regrouped and
the 局 renamed from hand to kyoku (how they were written: tests/test_record.py)."""
OLD_SAVES = {  # preset: the save's seats, the kyoku it is at, where play stands, the builds in progress
    "kaiji": (2, 1, Phase.DISCARD, {}),
    "three_player": (3, 1, Phase.BUILD, {0: ("456m667788p3334s", 4.2)}),
    "four_player": (4, 1, Phase.DISCARD, {}),
}


def old_folders(tmp_path: Path, preset: str) -> PlayerFiles:
    shutil.copytree(OLD_FILES / preset, tmp_path, dirs_exist_ok=True)
    return PlayerFiles(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


@pytest.mark.parametrize("preset", sorted(OLD_SAVES))
def test_a_save_written_before_the_kyoku_rename_continues(tmp_path, preset):
    players, kyoku, phase, builds = OLD_SAVES[preset]
    files = old_folders(tmp_path, preset)
    written = files.slot.record_path.read_bytes()
    summary = files.save_summary()
    assert summary is not None and (summary.players, summary.kyoku_number) == (players, kyoku)
    session = resume(SimpleNamespace(files=files, executor=EXECUTOR, notice=None))
    assert session.plan == SeatPlan.solo(players, "easy") and session.match.rules.preset_name == preset
    assert (session.match.kyoku_number, session.kyoku.phase) == (kyoku, phase)
    assert {seat: (b.chosen, b.elapsed) for seat, b in session.builds.items()} == builds
    assert session.match.record[1:] == read_record(files.slot.record_path)[1:]
    assert files.slot.record_path.read_bytes() == written and kept_saves(tmp_path / "data") == []


@pytest.mark.parametrize("preset", sorted(OLD_SAVES))
def test_settings_and_history_written_before_the_kyoku_rename_load(tmp_path, preset):
    players = OLD_SAVES[preset][0]
    files = old_folders(tmp_path, preset)
    written = (tmp_path / "config" / "settings.json").read_bytes()
    settings, notice = files.load_settings()
    assert notice is None and settings.unknown == {} and settings.unknown_rules == {}
    assert (settings.language, settings.animation, settings.volume, settings.ai_level, settings.ai_delay_s,
            settings.auto_ron, settings.history_limit) == ("ja", "fast", 0.35, "hard", 0.4, True, 50)
    assert settings.rules == Rules.preset(preset, kiriage=True, hands=4) and settings.rules.players == players
    assert (tmp_path / "config" / "settings.json").read_bytes() == written
    kept = history.load_history(files.history_folder)
    assert kept.entries and not (kept.moved or kept.skipped or kept.problems)
    statistics, notices = files.read_statistics()
    assert notices == [] and len(statistics.matches) == len(kept.entries) and statistics.damaged == []
    assert files.latest_record() in {entry.path for entry in kept.entries}  # (newest by mtime)



# The kill loop: an autosaving match killed (SIGKILL) at random moments always continues,
# and a start leaves no temporary file behind (issue 18, 11 and 13); the killed match's lock
# on the save never keeps the next start from continuing it (issue 30, 5).
KILLS = 6



def start_match(folder: Path) -> tuple[subprocess.Popen, int]:
    """The scripted match, started (or continued) and playing; its record's length at start."""
    child = subprocess.Popen([sys.executable, "-m", "tests.autosaving_match", str(folder)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line.startswith("playing"):
        child.kill()
        pytest.fail(f"the match did not start: {line!r} {child.communicate()[1]}")
    return child, int(line.split()[1])



def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))



@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_an_autosaving_match_killed_at_random_moments_always_continues(tmp_path):
    moments = random.Random(18)
    lengths = []
    mid_write = 0
    for _ in range(KILLS):
        child, length = start_match(tmp_path)
        lengths.append(length)
        time.sleep(moments.uniform(0.05, 0.6))
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, "the match stopped before it was killed"
        # what the kill left: the save loads whatever moment the kill hit
        assert SaveSlot(tmp_path).load().match.record
        mid_write += bool(temporary_files(tmp_path))
    child, length = start_match(tmp_path)  # a last start: it cleans up and continues
    child.kill()
    child.communicate(timeout=30)
    lengths.append(length)
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0], "each start continues the last save"
    SaveSlot(tmp_path).remove_leftovers()
    assert temporary_files(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [RECORD_FILE, LOCK_FILE]  # the lock stays, unheld
    print(f"{KILLS} kills, {mid_write} of them during a write")


TOKEN = "tOkEn_of-the-seat-0123456789abcd"
HOSTED_PLAN = SeatPlan.table(("you", "remote"))


def hosted_save(folder: Path, tokens: bool = True) -> SaveSlot:
    slot = saved(folder, HOSTED_PLAN)
    if tokens:
        slot.save_hosting(slot.load().match.seed, HostedSeats("KAIJIC", 17017, {1: TOKEN}))
    return slot


def test_a_hosted_save_keeps_its_seat_tokens_beside_the_record_and_never_in_it(tmp_path):
    slot = hosted_save(tmp_path)
    seed = slot.load().match.seed
    assert slot.hosted_seats(seed, (1,)) == HostedSeats("KAIJIC", 17017, {1: TOKEN})
    slot.save(HOSTED_PLAN, slot.load().match)  # the autosave after each move
    assert TOKEN not in slot.record_path.read_text(encoding="utf-8")
    assert TOKEN in (tmp_path / HOSTING_FILE).read_text(encoding="utf-8")
    assert os.name != "posix" or (tmp_path / HOSTING_FILE).stat().st_mode & 0o077 == 0  # the user's alone
    assert slot.hosted_seats(seed + 1, (1,)) is None  # another match's
    assert slot.hosted_seats(seed, (1, 2)) is None  # other seats


def test_continue_keeps_the_remote_seats_of_a_save_with_tokens_for_their_people(tmp_path):
    hosted_save(tmp_path)
    app = fake_app(tmp_path)
    session = resume(app)
    assert session.plan.remote == (1,) and session.net is None and app.notice is None


def test_an_old_hosted_save_without_tokens_continues_with_the_ai_in_the_remote_seats(tmp_path):
    hosted_save(tmp_path, tokens=False)
    app = fake_app(tmp_path)
    session = resume(app)
    assert session.plan.remote == () and 1 in session.players
    assert "played by the AI" in str(app.notice)


def test_a_match_without_remote_seats_saved_over_a_hosted_one_leaves_no_tokens_behind(tmp_path):
    slot = hosted_save(tmp_path)
    slot.save(SeatPlan.hotseat(2), match_in_play(2, seed=9))
    assert not (tmp_path / HOSTING_FILE).exists()


@pytest.mark.parametrize("end", ["clear", "move_aside"])
def test_the_tokens_go_with_a_save_that_is_no_longer_continued(tmp_path, end):
    slot = hosted_save(tmp_path)
    getattr(slot, end)()
    assert not (tmp_path / HOSTING_FILE).exists()
    assert not any(TOKEN in path.read_text(encoding="utf-8") for path in tmp_path.iterdir() if path.is_file())


@pytest.mark.parametrize("edit", [
    lambda data: data.update(seed="1"), lambda data: data.update(code="kaijic"), lambda data: data.update(port=-1),
    lambda data: data.update(port=True), lambda data: data.update(tokens={"1": "short"}),
    lambda data: data.update(tokens={"1": TOKEN, "2": TOKEN}), lambda data: data.update(tokens=[TOKEN]),
    lambda data: data.pop("code"),
])
def test_a_hosting_file_that_is_not_one_gives_no_seats(edit):
    data = {"seed": 1, "code": "KAIJIC", "port": 17017, "tokens": {"1": TOKEN}}
    assert read_hosted_seats(json.dumps(data), 1, (1,)) is not None
    edit(data)
    assert read_hosted_seats(json.dumps(data), 1, (1,)) is None


@FUZZ
@given(st.one_of(st.text(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20).map(json.dumps)))
def test_fuzz_a_hosting_file_is_read_or_refused_never_raises(text):
    seats = read_hosted_seats(text, 1, (1,))
    assert seats is None or (set(seats.tokens) == {1} and 0 <= seats.port < 65536)
