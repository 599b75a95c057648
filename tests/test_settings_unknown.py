"""Settings a newer version wrote, which this one does not know, survive this version's
saves unchanged (they are not used), while saves stay atomic and a bad file is kept aside."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.history.player_files import SETTINGS_FILE, load_settings, save_settings
from game.app.settings import Settings
from game.engine.rules import Rules
from tests.fuzzing import JSON_VALUES

CHOSEN = Settings(rules=Rules.preset("pro_stream", hands=4), volume=0.25, ai_level="hard")
NEWER = {"colour_scheme": "dark", "tile_backs": {"colour": [12, 40, 200], "pattern": None}}


def newer_file(folder: Path) -> Path:
    data = CHOSEN.to_dict() | NEWER
    data["rules"]["changes"]["tile_style"] = "large"
    path = folder / SETTINGS_FILE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def saved(folder: Path) -> dict:
    return json.loads((folder / SETTINGS_FILE).read_text(encoding="utf-8"))


def test_a_newer_versions_settings_are_still_there_after_a_change_and_a_save(tmp_path):
    newer_file(tmp_path)
    loaded, notice = load_settings(tmp_path)
    assert (loaded, notice) == (CHOSEN, None)
    save_settings(tmp_path, loaded.with_changes(volume=0.5, rules=Rules.preset("pro_stream", hands=2)))
    data = saved(tmp_path)
    assert data["volume"] == 0.5 and data["ai_level"] == "hard"
    assert {name: data[name] for name in NEWER} == NEWER
    assert data["rules"] == {"preset": "pro_stream", "changes": {"tile_style": "large", "hands": 2}}
    assert load_settings(tmp_path)[0] == CHOSEN.with_changes(volume=0.5, rules=Rules.preset("pro_stream", hands=2))
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
    (folder / SETTINGS_FILE).write_text(json.dumps(CHOSEN.to_dict() | unknown), encoding="utf-8")
    loaded, notice = load_settings(folder)
    assert notice is None
    save_settings(folder, loaded.with_changes(fullscreen=True))
    data = saved(folder)
    assert {name: data[name] for name in unknown} == unknown and data["fullscreen"] is True
