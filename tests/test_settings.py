"""The settings file as found on players' disks: each setting read on its own, a damaged
or unreadable file moved aside (never overwritten), every field checked (issue 18, 5-8)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.history.player_files import SETTINGS_FILE, load_settings, reset_settings, save_settings
from game.app.settings import Settings
from game.engine.rules import Rules
from tests.fuzzing import FUZZ_FAILURES, JSON_VALUES, mutated_bytes, mutated_json

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])



CHOSEN = Settings(
    rules=Rules.preset("pro_stream", hands=4), window_size=(1600, 1000), fullscreen=True,
    animation="fast", volume=0.25, ai_level="hard", ai_delay_s=1.5, auto_ron=True, reconnect_window_s=300.0,
)



def write(folder: Path, content: bytes | object) -> Path:
    path = folder / SETTINGS_FILE
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path



def kept_copies(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{SETTINGS_FILE}.damaged-*"))



@pytest.mark.parametrize("content", [b"\xff", b"[" * 1100 + b"]" * 1100, b'{"volume": ' + b"9" * 5000 + b"}"],
                         ids=["not-utf8", "nested-1100", "long-integer"])
def test_an_unreadable_file_gives_the_defaults_a_notice_and_is_kept(tmp_path, content):
    write(tmp_path, content)
    loaded, notice = load_settings(tmp_path)
    assert loaded == Settings()
    (kept,) = kept_copies(tmp_path)
    assert kept.read_bytes() == content
    assert notice is not None and str(kept) in notice and "defaults" in notice



def test_an_unknown_setting_is_ignored_and_the_rest_kept(tmp_path):
    data = CHOSEN.to_dict() | {"colour_scheme": "dark"}
    data["rules"]["changes"]["tile_style"] = "large"
    write(tmp_path, data)
    assert load_settings(tmp_path) == (CHOSEN, None)
    assert kept_copies(tmp_path) == []



@pytest.mark.parametrize(("name", "value"), [
    ("auto_ron", "no"), ("fullscreen", 1), ("window_size", [100000, 100000]), ("window_size", [1280]),
    ("window_size", [True, 800]), ("volume", "loud"), ("volume", float("inf")), ("volume", True),
    ("ai_delay_s", -1), ("animation", ["fast"]), ("ai_level", "god"), ("reconnect_window_s", 0),
    ("reconnect_window_s", "2 minutes"), ("reconnect_window_s", 86400),
])
def test_an_invalid_setting_keeps_its_default_alone(tmp_path, name, value):
    write(tmp_path, CHOSEN.to_dict() | {name: value})
    loaded, notice = load_settings(tmp_path)
    assert getattr(loaded, name) == getattr(Settings(), name)
    assert loaded.with_changes(**{name: getattr(CHOSEN, name)}) == CHOSEN
    assert notice is not None and name in notice
    assert len(kept_copies(tmp_path)) == 1



def test_an_invalid_rule_change_is_dropped_alone(tmp_path):
    write(tmp_path, {"rules": {"preset": "four_player", "changes": {"virtual_dora": True, "hands": "x",
                                                                    "build_time_s": 60}}})
    loaded, notice = load_settings(tmp_path)
    assert loaded.rules == Rules.preset("four_player", virtual_dora=True, build_time_s=60)
    assert notice is not None and "rules.hands" in notice



def test_the_next_save_never_overwrites_a_damaged_file(tmp_path):
    write(tmp_path, b"{damaged")
    _, notice = load_settings(tmp_path)
    save_settings(tmp_path, Settings(volume=0.1))
    (kept,) = kept_copies(tmp_path)
    assert kept.read_bytes() == b"{damaged" and str(kept) in notice
    assert load_settings(tmp_path) == (Settings(volume=0.1), None)



def test_a_file_damaged_after_loading_is_moved_aside_before_saving(tmp_path):
    save_settings(tmp_path, CHOSEN)
    write(tmp_path, b"\x00garbage")
    save_settings(tmp_path, Settings())
    (kept,) = kept_copies(tmp_path)
    assert kept.read_bytes() == b"\x00garbage"



def test_a_file_unreadable_for_a_moment_is_kept_before_the_defaults_are_saved(tmp_path, monkeypatch):
    save_settings(tmp_path, CHOSEN)
    original = Path(tmp_path / SETTINGS_FILE).read_bytes()
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path).name == SETTINGS_FILE:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    loaded, notice = load_settings(tmp_path)
    monkeypatch.undo()
    assert loaded == Settings() and "Permission denied" in notice
    save_settings(tmp_path, loaded.with_changes(volume=0.3))
    (kept,) = kept_copies(tmp_path)
    assert kept.read_bytes() == original and str(kept) in notice



def test_a_folder_in_place_of_the_file_is_moved_aside(tmp_path):
    (tmp_path / SETTINGS_FILE).mkdir()
    loaded, notice = load_settings(tmp_path)
    assert loaded == Settings() and notice is not None
    save_settings(tmp_path, CHOSEN)
    assert load_settings(tmp_path) == (CHOSEN, None)
    assert kept_copies(tmp_path)[0].is_dir()



def test_temporary_files_of_a_killed_save_are_removed_at_start(tmp_path):
    save_settings(tmp_path, CHOSEN)
    (tmp_path / f".{SETTINGS_FILE}.abc123").write_text("half a file", encoding="utf-8")
    assert load_settings(tmp_path) == (CHOSEN, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_FILE]



def test_reset_keeps_the_old_file(tmp_path):
    assert reset_settings(tmp_path) is None
    save_settings(tmp_path, CHOSEN)
    kept = reset_settings(tmp_path)
    assert kept is not None and kept.name.startswith(f"{SETTINGS_FILE}.reset-")
    assert load_settings(tmp_path) == (Settings(), None)
    assert json.loads(kept.read_text(encoding="utf-8")) == CHOSEN.to_dict()



def test_settings_refuse_impossible_values_when_made():
    for bad in ({"volume": "x"}, {"auto_ron": "no"}, {"window_size": (100000, 100000)}, {"ai_level": "god"}):
        with pytest.raises(ValueError):
            Settings(**bad)



def _check_outcome(folder: Path, content: bytes) -> None:
    loaded, notice = load_settings(folder)
    assert isinstance(loaded, Settings)
    kept = kept_copies(folder)
    if notice is None:
        assert kept == []
    else:
        # whatever could not be used is kept, byte for byte, and the notice says where
        assert [k.read_bytes() for k in kept] == [content] and str(kept[0]) in notice
        assert "\n" not in notice and len(notice) < 1000
    save_settings(folder, loaded)
    assert load_settings(folder) == (loaded, None)



@FUZZ
@given(content=st.binary(max_size=200) | st.sampled_from(FUZZ_FAILURES) | mutated_bytes(
    json.dumps(CHOSEN.to_dict()).encode()))
def test_fuzz_random_bytes_give_settings_and_keep_the_file(tmp_path_factory, content):
    folder = tmp_path_factory.mktemp("settings")
    write(folder, content)
    _check_outcome(folder, content)



@FUZZ
@given(data=mutated_json(CHOSEN.to_dict()) | JSON_VALUES)
def test_fuzz_mutated_settings_give_settings_and_keep_the_file(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("settings")
    path = write(folder, data)
    _check_outcome(folder, path.read_bytes())



@pytest.mark.parametrize(("seats", "names", "kept_seats", "kept_names"), [
    (["hard", "person", "easy"], ["Ann", "", "Bo", ""], ("hard", "person", "easy"), ("Ann", "", "Bo", "")),
    (["expert", "person", 7], ["  Ann  ", "A\u0000B", "x" * 25, None], ("", "person", ""), ("Ann", "", "", "")),
    ("hard", {"Ann": 1}, (), ()),
    (["hard", "easy", "easy", "hard", "person"], ["A", "B", "C", "D", "E"], ("hard", "easy", "easy"),
     ("A", "B", "C", "D")),
], ids=["as-chosen", "outdated-or-damaged-entries", "not-lists", "too-many"])
def test_the_remembered_table_falls_back_quietly(tmp_path, seats, names, kept_seats, kept_names):
    write(tmp_path, CHOSEN.to_dict() | {"table_seats": seats, "table_names": names})
    loaded, notice = load_settings(tmp_path)
    assert (loaded.table_seats, loaded.table_names) == (kept_seats, kept_names)
    assert loaded.with_changes(table_seats=(), table_names=()) == CHOSEN
    assert notice is None and kept_copies(tmp_path) == []
    save_settings(tmp_path, loaded)
    assert load_settings(tmp_path) == (loaded, None)



@pytest.mark.parametrize(("joined", "kept"), [
    (["192.168.1.20:17017", "KANTER"], ("192.168.1.20:17017", "KANTER")),
    (["[::1]:47123", "kanter"], ("[::1]:47123", "kanter")),
    (["studio:17017"], ()),
    (["studio:17017", "KANTER", "more"], ()),
    (["studio\n:17017", "KANTER"], ()),
    (["x" * 271, "KANTER"], ()),
    (["studio:17017", "K" * 9], ()),
    (["studio:17017", 7], ()),
    ("studio:17017", ()),
    ({"address": "studio"}, ()),
], ids=["ipv4", "ipv6", "no-code", "too-many", "two-lines", "long-address", "long-code", "code-not-text",
        "not-a-list", "object"])
def test_the_last_table_joined_is_remembered_or_forgotten_quietly(tmp_path, joined, kept):
    write(tmp_path, CHOSEN.to_dict() | {"last_join": joined})
    loaded, notice = load_settings(tmp_path)
    assert loaded.last_join == kept and loaded.with_changes(last_join=()) == CHOSEN
    assert notice is None and kept_copies(tmp_path) == []
    save_settings(tmp_path, loaded)
    assert load_settings(tmp_path) == (loaded, None)


# Settings a newer version wrote, which this one does not know, survive this version's
# saves unchanged (they are not used), while saves stay atomic and a bad file is kept aside.
KNOWN = Settings(rules=Rules.preset("pro_stream", hands=4), volume=0.25, ai_level="hard")



NEWER = {"colour_scheme": "dark", "tile_backs": {"colour": [12, 40, 200], "pattern": None}}



def newer_file(folder: Path) -> Path:
    data = KNOWN.to_dict() | NEWER
    data["rules"]["changes"]["tile_style"] = "large"
    path = folder / SETTINGS_FILE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path



def saved(folder: Path) -> dict:
    return json.loads((folder / SETTINGS_FILE).read_text(encoding="utf-8"))



def test_a_newer_versions_settings_are_still_there_after_a_change_and_a_save(tmp_path):
    newer_file(tmp_path)
    loaded, notice = load_settings(tmp_path)
    assert (loaded, notice) == (KNOWN, None)
    save_settings(tmp_path, loaded.with_changes(volume=0.5, rules=Rules.preset("pro_stream", hands=2)))
    data = saved(tmp_path)
    assert data["volume"] == 0.5 and data["ai_level"] == "hard"
    assert {name: data[name] for name in NEWER} == NEWER
    assert data["rules"] == {"preset": "pro_stream", "changes": {"tile_style": "large", "hands": 2}}
    assert load_settings(tmp_path)[0] == KNOWN.with_changes(volume=0.5, rules=Rules.preset("pro_stream", hands=2))
    assert sorted(path.name for path in tmp_path.iterdir()) == [SETTINGS_FILE]  # no copy kept, no temporary



def test_an_unknown_rule_option_goes_with_the_preset_it_was_written_for(tmp_path):
    newer_file(tmp_path)
    loaded, _ = load_settings(tmp_path)
    save_settings(tmp_path, loaded.with_changes(rules=Rules.preset("kaiji")))
    data = saved(tmp_path)
    assert data["rules"] == {"preset": "kaiji", "changes": {}}
    assert {name: data[name] for name in NEWER} == NEWER  # the settings outside the rules stay



def test_a_file_with_an_invalid_setting_is_kept_aside_and_the_unknown_ones_written_anew(tmp_path):
    path = newer_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8")) | {"volume": "loud"}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, notice = load_settings(tmp_path)
    assert notice is not None and "volume" in notice
    (kept,) = tmp_path.glob(f"{SETTINGS_FILE}.damaged-*")
    assert json.loads(kept.read_text(encoding="utf-8")) == data  # the old file as it was
    save_settings(tmp_path, loaded.with_changes(auto_ron=True))
    assert {name: saved(tmp_path)[name] for name in NEWER} == NEWER



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(unknown=st.dictionaries(st.text(max_size=10).filter(lambda name: name not in Settings().to_dict()),
                               JSON_VALUES, max_size=4))
def test_any_unknown_settings_come_back_as_they_were(tmp_path_factory, unknown):
    folder = tmp_path_factory.mktemp("settings")
    (folder / SETTINGS_FILE).write_text(json.dumps(KNOWN.to_dict() | unknown), encoding="utf-8")
    loaded, notice = load_settings(folder)
    assert notice is None
    save_settings(folder, loaded.with_changes(fullscreen=True))
    data = saved(folder)
    assert {name: data[name] for name in unknown} == unknown and data["fullscreen"] is True
