"""The window's side of issue 18 and `--reset-settings`: a start cleans up after killed
autosaves, Continue keeps a damaged save aside and says where, a reset keeps the old file."""

from __future__ import annotations

import json

from game.app.history.player_files import SETTINGS_FILE, save_settings
from game.app.play.savegame import RECORD_FILE, SaveSlot
from game.app.scenes.title import TitleScene
from game.app.settings import Settings
from game.app.window.window import App, LaunchOptions
from tests.ui.driver import Driver
from tests.ui.test_play_command import run_play


def test_a_start_removes_what_killed_autosaves_left(display, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    leftover = data / f".{RECORD_FILE}.k1ll3d"
    leftover.write_text('{"type": "header"', encoding="utf-8")
    game = Driver.start(tmp_path, seed=7)
    try:
        assert not leftover.exists()
    finally:
        game.close()


def test_continue_keeps_a_damaged_save_aside_and_says_where(driver):
    driver.press(driver.button("Two players on this computer"))
    slot = SaveSlot(driver.app.files.data_dir)
    lines = [json.loads(line) for line in slot.record_path.read_text(encoding="utf-8").splitlines()]
    lines[0]["seats"]["humans"] = [7]
    slot.record_path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue the unfinished match"))
    assert isinstance(driver.top, TitleScene)
    (kept,) = driver.app.files.data_dir.glob(f"{RECORD_FILE}.damaged-*")
    assert str(kept) in driver.app.notice and "could not be continued" in driver.app.notice
    assert "Continue the unfinished match" not in [b.text for b in driver.top.buttons.values()]


def test_reset_settings_keeps_the_old_file_and_says_so(tmp_path):
    config = tmp_path / "config" / "17steps"
    save_settings(config, Settings(volume=0.1, auto_ron=True))
    done = run_play(tmp_path, "--reset-settings", "--frames", "3")
    assert done.returncode == 0, done.stderr
    (kept,) = config.glob(f"{SETTINGS_FILE}.reset-*")
    assert json.loads(kept.read_text(encoding="utf-8"))["auto_ron"] is True
    assert str(kept) in done.stdout
    assert not (config / SETTINGS_FILE).exists() or json.loads(
        (config / SETTINGS_FILE).read_text(encoding="utf-8")) == Settings().to_dict()


def test_what_the_command_line_did_is_the_title_screens_notice(display, tmp_path):
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                            notice="The settings are back to the defaults; the old ones are kept as X."))
    try:
        assert app.notice is not None and app.notice.startswith("The settings are back")
    finally:
        app.close()
