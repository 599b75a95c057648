"""Settings are saved atomically and read defensively: a bad file never stops the game."""

from __future__ import annotations

import json

from game.app.history.player_files import SETTINGS_FILE, load_settings, save_settings
from game.app.settings import Settings
from game.engine.rules import Rules


def test_settings_round_trip_keeps_rule_changes_and_window_choices(tmp_path):
    settings = Settings(
        rules=Rules.preset("pro_stream", hands=4, build_time_s=60),
        window_size=(1600, 1000),
        fullscreen=True,
        animation="instant",
        volume=0.25,
        ai_level="hard",
        auto_ron=True,
    )
    save_settings(tmp_path, settings)
    loaded, notice = load_settings(tmp_path)
    assert notice is None
    assert loaded == settings
    assert loaded.rules.preset_name == "pro_stream" and loaded.rules.hands == 4
    assert loaded.animation_speed == 0.0


def test_the_file_stores_only_what_differs_from_the_preset(tmp_path):
    save_settings(tmp_path, Settings(rules=Rules.preset("kaiji", hands=12)))
    data = json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data["rules"] == {"preset": "kaiji", "changes": {"hands": 12}}


def test_a_missing_file_gives_the_defaults_quietly(tmp_path):
    assert load_settings(tmp_path / "never-created") == (Settings(), None)


def test_a_corrupt_file_gives_the_defaults_and_a_notice(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("{not json", encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and "defaults" in notice


def test_impossible_values_give_the_defaults_and_a_notice(tmp_path):
    for data in (
        {"volume": 7},
        {"rules": {"preset": "no_such_preset"}},
        {"animation": "warp"},
        [1, 2],
        {"rules": {"preset": "kaiji", "changes": {"players": 9}}},
    ):
        (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
        settings, notice = load_settings(tmp_path)
        assert settings == Settings(), data
        assert notice is not None, data


def test_saving_leaves_no_temporary_files_and_creates_the_folder(tmp_path):
    folder = tmp_path / "deep" / "config"
    save_settings(folder, Settings())
    save_settings(folder, Settings(volume=0.1))
    assert [p.name for p in folder.iterdir()] == [SETTINGS_FILE]
    assert load_settings(folder)[0].volume == 0.1
