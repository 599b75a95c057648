"""game/files.py's JSON reader: as deep as our files nest and no deeper."""
from __future__ import annotations

import json
import os
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import files
from game.app.history import history
from game.app.history.player_files import SETTINGS_FILE, load_settings, reset_settings, save_settings
from game.app.play.savegame import PLAN_FILE, RECORD_FILE, SaveSlot
from game.app.settings import Settings
from game.files import MAX_JSON_DEPTH, FileRefused, parse_json
from tests.fuzzing import JSON_VALUES


def depth(value: Any) -> int:
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    return 0 if children is None else 1 + max(map(depth, children), default=0)



def nested(value: Any, levels: int, kind: str) -> Any:
    for _ in range(levels):
        value = [value] if kind == "list" else {"k": value}
    return value



@given(value=JSON_VALUES, levels=st.integers(0, MAX_JSON_DEPTH + 3), kind=st.sampled_from(["list", "object"]))
def test_json_is_read_up_to_the_depth_limit_and_refused_beyond(value, levels, kind):
    document = nested(value, levels, kind)
    text = json.dumps(document)
    if depth(document) <= MAX_JSON_DEPTH:
        assert parse_json(text) == document
    else:
        with pytest.raises(FileRefused, match="nested"):
            parse_json(text)



@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000])
def test_json_nested_100000_deep_is_refused(text):
    with pytest.raises(FileRefused, match="nested"):
        parse_json(text)



# A file set aside is kept, never replaced: the same file set aside twice in one second
# (a match kept again and damaged again, the settings damaged twice, two resets, two saves
# that cannot be resumed) keeps both copies, and a copy that takes the chosen name just
# before the move is not written over either.
DAMAGED_RECORD = b'{"type":"header","format":"17steps-record","version":1}\n{"type": "ha'



MATCH_FILE = "20261201-093000-7-deadbeef0000.jsonl"



@pytest.fixture
def one_second(monkeypatch):
    """Every set-aside name of the test is made in the same second of the clock."""
    monkeypatch.setattr(files, "time", SimpleNamespace(strftime=lambda _format: "20261201-120000"))



def contents(paths) -> list[bytes]:
    return sorted(path.read_bytes() for path in paths)



def load_settings_from(path):
    """The settings a kept copy holds, read as the game reads its own file."""
    folder = path.parent / "read"
    folder.mkdir(exist_ok=True)
    (folder / SETTINGS_FILE).write_bytes(path.read_bytes())
    settings, notice = load_settings(folder)
    assert notice is None
    return settings



def test_the_same_history_file_damaged_twice_keeps_both_copies(tmp_path, one_second):
    for version in (b"first", b"second"):
        (tmp_path / MATCH_FILE).write_bytes(DAMAGED_RECORD + version)
        load = history.load_history(tmp_path)
        assert len(load.notices) == 1 and "moved to the 'damaged' folder" in load.notices[0]
    kept = sorted((tmp_path / history.DAMAGED_DIR).iterdir())
    assert [path.name for path in kept] == [f"{MATCH_FILE}.damaged-20261201-120000",
                                            f"{MATCH_FILE}.damaged-20261201-120000-2"]
    assert contents(kept) == [DAMAGED_RECORD + b"first", DAMAGED_RECORD + b"second"]



def test_history_files_damaged_at_different_times_are_all_kept(tmp_path):
    for version in (b"1", b"2", b"3"):
        (tmp_path / MATCH_FILE).write_bytes(DAMAGED_RECORD + version)
        history.load_history(tmp_path)
    assert contents((tmp_path / history.DAMAGED_DIR).iterdir()) == [DAMAGED_RECORD + v for v in (b"1", b"2", b"3")]
    assert history.record_files(tmp_path) == []



def test_a_settings_file_damaged_twice_in_a_second_keeps_both(tmp_path, one_second):
    for content in (b"{one", b"{two"):
        (tmp_path / SETTINGS_FILE).write_bytes(content)
        _loaded, notice = load_settings(tmp_path)
        assert notice is not None and "kept as" in str(notice)
    assert contents(tmp_path.glob(f"{SETTINGS_FILE}.damaged-*")) == [b"{one", b"{two"]



def test_two_resets_in_a_second_keep_both_old_files(tmp_path, one_second):
    kept = []
    for volume in (0.25, 0.5):
        save_settings(tmp_path, Settings(volume=volume))
        kept.append(reset_settings(tmp_path))
    assert kept[0] != kept[1] and all(path.name.startswith(f"{SETTINGS_FILE}.reset-") for path in kept)
    assert sorted(load_settings_from(path).volume for path in kept) == [0.25, 0.5]



def test_two_unfinished_match_saves_set_aside_in_a_second_keep_both(tmp_path, one_second):
    slot = SaveSlot(tmp_path)
    for version in (b"first", b"second"):
        slot.record_path.write_bytes(b"not a save: " + version)
        slot.plan_path.write_bytes(b"old seats: " + version)
        slot.move_aside()
    assert contents(tmp_path.glob(f"{RECORD_FILE}.damaged-*")) == [b"not a save: first", b"not a save: second"]
    assert contents(tmp_path.glob(f"{PLAN_FILE}.damaged-*")) == [b"old seats: first", b"old seats: second"]



def test_a_folder_in_place_of_the_settings_set_aside_twice_keeps_both(tmp_path, one_second):
    for name in ("a", "b"):
        (tmp_path / SETTINGS_FILE).mkdir()
        (tmp_path / SETTINGS_FILE / name).write_bytes(b"inside")
        load_settings(tmp_path)
    kept = sorted(tmp_path.glob(f"{SETTINGS_FILE}.damaged-*"))
    assert [sorted(child.name for child in folder.iterdir()) for folder in kept] == [["a"], ["b"]]



def test_a_copy_that_takes_the_name_just_before_the_move_is_not_written_over(tmp_path, one_second, monkeypatch):
    earlier = tmp_path / f"{SETTINGS_FILE}.damaged-20261201-120000"
    earlier.write_bytes(b"kept before")
    real_lexists = os.path.lexists
    # Whatever looks for a free name sees none taken, as when the copy arrives after the look.
    monkeypatch.setattr(os.path, "lexists", lambda path: False if str(path).startswith(str(earlier)) else
                        real_lexists(path))
    (tmp_path / SETTINGS_FILE).write_bytes(b"{damaged")
    kept = files.move_aside(tmp_path / SETTINGS_FILE)
    monkeypatch.undo()
    assert earlier.read_bytes() == b"kept before"
    assert kept != earlier and kept.read_bytes() == b"{damaged"



def test_a_move_that_fails_leaves_no_empty_claim_behind(tmp_path, one_second):
    with pytest.raises(FileNotFoundError):
        files.move_aside(tmp_path / "missing.json")
    assert list(tmp_path.iterdir()) == []



def test_the_names_are_not_endless(tmp_path, one_second):
    (tmp_path / SETTINGS_FILE).write_bytes(b"{damaged")
    for number in range(1, files.MAX_KEPT_PER_SECOND + 1):
        suffix = "" if number == 1 else f"-{number}"
        (tmp_path / f"{SETTINGS_FILE}.damaged-20261201-120000{suffix}").write_bytes(b"")
    with pytest.raises(FileExistsError, match="too many copies"):
        files.move_aside(tmp_path / SETTINGS_FILE)
    assert (tmp_path / SETTINGS_FILE).read_bytes() == b"{damaged"
