"""The player's files have one owner (game/app/history/player_files.py): where each file lives,
and that no other module of the game names those paths or makes the folders' objects."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from game.app.history import history
from game.app.history.player_files import SETTINGS_FILE, PlayerFiles, SlotTaken
from game.app.play.savegame import LOCK_FILE, RECORD_FILE
from game.app.play.session import SeatPlan
from game.app.settings import Settings
from game.engine.match import Match
from game.engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
OWNERS = {
    "game/app/history/player_files.py",  # the owner
    "game/app/play/savegame.py",  # the save slot's files, as the owner's `slot` and `lock`
    "game/app/history/history.py",  # the history folder's files, for the owner
    "game/app/paths.py",  # the platform's folders, asked by the owner
    # The headless host's save folder: the one its operator names (--save/--continue DIR),
    # never the player's own folders, locked and read through the save slot's classes.
    "game/cli/host.py",
    "game/app/play/hosted_match.py",
}
FOLDER_MAKERS = {"config_dir", "data_dir", "history_folder", "SaveSlot", "SlotLock"}
"""Calls that say where the player's files are, or make an object that writes them."""
PATH_NAMES = {"SETTINGS_FILE", "RECORD_FILE", "PLAN_FILE", "LOCK_FILE", "HISTORY_DIR", "DAMAGED_DIR", "RESET_FILE",
              "SCREENSHOTS_DIR"}
FOLDER_ATTRIBUTES = {"data_dir", "config_dir"}
"""Read only from the command line's `LaunchOptions` (as `options.…`), which hands them to the owner."""
FILE_NAMES = {"settings.json", "unfinished_match.jsonl", "unfinished_match.json", "unfinished_match.lock",
              "statistics_reset.json", "history", "screenshots", "damaged"}


def named(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def trespasses(source: str, module: str) -> list[str]:
    """Where a module's `source` names a path of the player's files or makes a folder's object."""
    found = []
    for node in ast.walk(ast.parse(source, filename=module)):
        where = f"{module}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call) and named(node.func) in FOLDER_MAKERS:
            found.append(f"{where} calls {named(node.func)}")
        elif isinstance(node, ast.Name | ast.Attribute) and named(node) in PATH_NAMES:
            found.append(f"{where} names {named(node)}")
        elif isinstance(node, ast.ImportFrom) and any(a.name in FOLDER_MAKERS | PATH_NAMES for a in node.names):
            found.append(f"{where} imports {[a.name for a in node.names]}")
        elif isinstance(node, ast.Attribute) and node.attr in FOLDER_ATTRIBUTES and not (
                isinstance(node.value, ast.Name) and node.value.id == "options"):
            found.append(f"{where} reads .{node.attr}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and any(
                isinstance(side, ast.Constant) and side.value in FILE_NAMES for side in (node.left, node.right)):
            found.append(f"{where} joins a file name of the player's")
    return found


def test_only_the_owner_names_the_player_s_files():
    modules = [path for path in sorted((ROOT / "game").rglob("*.py"))
               if str(path.relative_to(ROOT)) not in OWNERS]
    assert len(modules) > 100
    assert [line for path in modules
            for line in trespasses(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))] == []


@pytest.mark.parametrize("source", [
    "from game.app.play.savegame import SaveSlot\nslot = SaveSlot(app.files.data_dir)\n",
    "lock = game.app.play.savegame.SlotLock(folder)\n",
    "folder = history.history_folder(here)\n",
    "folder = paths.data_dir()\n",
    "picture = app.data_dir / 'screenshots' / name\n",
    "picture = folder / 'screenshots'\n",
    "path = folder / SETTINGS_FILE\n",
])
def test_the_check_sees_each_way_of_naming_them(source):
    assert trespasses(source, "sample.py")


def test_the_check_leaves_the_command_line_s_folders_to_the_window():
    source = "files = PlayerFiles(options.config_dir, options.data_dir, options.screenshot_dir)\n"
    assert trespasses(source, "sample.py") == []


def test_each_file_lives_where_the_player_is_told(tmp_path):
    config, data = tmp_path / "config", tmp_path / "data"
    files = PlayerFiles(config, data)
    files.save_settings(Settings(keep_history=False))
    assert files.keeps_the_save()
    files.slot.save(SeatPlan.hotseat(2), Match(Rules.preset("kaiji"), 3))
    files.keep_match(Match(Rules.preset("kaiji"), 4).record, {}, history.FINISHED, 10)
    files.reset_statistics()
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == sorted([
        f"config/{SETTINGS_FILE}", f"data/{RECORD_FILE}", f"data/{LOCK_FILE}",
        f"data/history/{history.RESET_FILE}", *(f"data/history/{p.name}" for p in files.history_folder.iterdir()
                                                 if p.suffix == ".jsonl")])
    assert files.screenshot_folder == data / "screenshots"
    assert PlayerFiles(config, data, tmp_path / "shots").screenshot_folder == tmp_path / "shots"
    assert files.load_settings()[0].keep_history is False
    files.release()


def test_watch_finds_the_newest_of_the_kept_matches_and_the_unfinished_one(tmp_path):
    """A match put away into the history when a new one began is not the one to watch: the
    player's Watch found the old match (with no hand over) instead of the match they play."""
    files = PlayerFiles(tmp_path / "config", tmp_path / "data")
    assert files.latest_record() is None
    files.slot.save(SeatPlan.hotseat(2), Match(Rules.preset("kaiji"), 3))
    assert files.latest_record() == files.slot.record_path
    os.utime(files.slot.record_path, (1_000_000, 1_000_000))
    kept = files.keep_match(Match(Rules.preset("kaiji"), 4).record, {}, history.FINISHED, 10)
    assert files.latest_record() == kept == files.kept_match(kept.name)
    os.utime(kept, (1_000_000, 1_000_000))
    files.slot.save(SeatPlan.hotseat(2), Match(Rules.preset("kaiji"), 5))
    assert files.latest_record() == files.slot.record_path


def unfinished(folder: Path) -> bytes:
    """An unfinished match from an earlier run in the save slot: its bytes."""
    slot = PlayerFiles(folder / "config", folder / "data").slot
    match = Match(Rules.preset("kaiji"), 3)
    match.next_kyoku()
    slot.save(SeatPlan.hotseat(2), match)
    return slot.record_path.read_bytes()


@pytest.mark.parametrize("making_room", ["put away", "given up", "resumed"])
def test_no_other_match_is_saved_over_the_unfinished_one_until_it_is_put_away(tmp_path, making_room):
    original = unfinished(tmp_path)
    files = PlayerFiles(tmp_path / "config", tmp_path / "data")
    new = Match(Rules.preset("kaiji"), 4)
    with pytest.raises(SlotTaken):
        files.save_match(SeatPlan.hotseat(2), new)
    assert files.slot.record_path.read_bytes() == original
    if making_room == "put away":
        assert files.put_away_unfinished(None).safe  # the history off: the player was told it goes
        files.save_match(SeatPlan.hotseat(2), new)
    elif making_room == "given up":
        files.give_up_unfinished()  # "Start anyway"
        files.save_match(SeatPlan.hotseat(2), new)
    else:
        new = files.load_save().match
        files.save_match(SeatPlan.hotseat(2), new)
    assert files.slot.load().match.seed == new.seed
    with pytest.raises(SlotTaken):  # the room was for that match only
        files.save_match(SeatPlan.hotseat(2), Match(Rules.preset("kaiji"), 5))
