"""Starting a new match over an unfinished one says what becomes of it, truly: the match
history keeps it as abandoned (it said "will be lost"), unless the history is off; a save
the history cannot keep (damaged, unreadable, the history read-only or a file) is moved
aside and the player told where, before the table and on the title screen; one that cannot
even be moved is asked about again (issue 30, point 2)."""

from __future__ import annotations

import json

import pytest

from game.app.history import history
from game.app.play import savegame
from game.app.play.savegame import RECORD_FILE, SaveSlot
from game.app.play.session import SeatPlan
from game.app.scenes.dialog import Dialog
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from tests.save_faults import match_in_play, read_only_history, refuse_to_open
from tests.ui.test_new_table import scripted_ai


def unfinished_then_new(driver, monkeypatch, keep_history: bool) -> str:
    """The new-match question's words; then the new match is started."""
    scripted_ai(monkeypatch)
    driver.app.settings = driver.app.settings.with_changes(keep_history=keep_history)
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    driver.wait_until(lambda: table.session.view(1).built[1])
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Hard"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Start a new match?"
    message = driver.top.message
    driver.press(driver.button("New match"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    return message


def kept(driver) -> list:
    folder = history.history_folder(driver.app.files.data_dir)
    return sorted(folder.glob("*")) if folder.exists() else []


def test_with_the_history_on_the_unfinished_match_is_said_to_be_kept_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=True)
    assert "lost" not in message and "match history keeps" in message, message
    assert kept(driver), "the abandoned match is in the history"


def test_with_the_history_off_it_is_said_to_be_lost_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=False)
    assert "will be lost" in message, message
    assert not kept(driver)


def unusable_save(driver, monkeypatch, kind: str) -> bytes:
    """An unfinished match with moves in it that cannot simply go into the history, on the
    title screen; its bytes."""
    folder = driver.app.files.data_dir
    slot = SaveSlot(folder)
    slot.save(SeatPlan.hotseat(2), match_in_play())
    if kind == "damaged":
        lines = [json.loads(line) for line in slot.record_path.read_text(encoding="utf-8").splitlines()]
        lines[0]["seats"]["humans"] = [7]
        slot.record_path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    elif kind == "unreadable":
        refuse_to_open(monkeypatch, RECORD_FILE)
    elif kind == "history read-only":
        read_only_history(monkeypatch, folder)
    elif kind == "history a file":
        history.history_folder(folder).write_text("a file where the folder should be", encoding="utf-8")
    driver.screens.title()
    driver.frame()
    return slot.record_path.read_bytes()


def files_holding(folder, content: bytes) -> list:
    return [path for path in folder.rglob("*") if path.is_file() and path.read_bytes() == content]


@pytest.mark.parametrize("kind", ["damaged", "unreadable", "history read-only", "history a file"])
def test_a_new_match_over_an_unusable_save_leaves_its_bytes_on_disk_and_says_where(driver, monkeypatch, kind):
    original = unusable_save(driver, monkeypatch, kind)
    driver.press(driver.button("Two players on this computer"))
    assert driver.top.title == "Start a new match?"
    driver.press(driver.button("New match"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Before you play"
    said = driver.top.message
    driver.press(driver.button("Play"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    driver.frames(3)
    monkeypatch.undo()
    (kept,) = files_holding(driver.app.files.data_dir, original)
    assert str(kept) in said and "not in your match history" in said
    driver.screens.title()  # back to the title
    assert str(kept) in str(driver.app.notice)  # still said there


def test_a_save_that_can_be_neither_kept_nor_moved_is_asked_about_again(driver, monkeypatch):
    original = unusable_save(driver, monkeypatch, "history a file")

    def read_only(path, why="damaged", folder=None):
        raise OSError(30, "Read-only file system", str(path))

    monkeypatch.setattr(savegame, "move_aside", read_only)
    driver.press(driver.button("Two players on this computer"))
    driver.press(driver.button("New match"))
    assert driver.top.title == "The unfinished match cannot be kept"
    assert "the disk can only be read" in driver.top.message and "for good" in driver.top.message
    driver.press(driver.button("Keep it"))  # the default
    assert isinstance(driver.top, TitleScene) and files_holding(driver.app.files.data_dir, original)
    driver.press(driver.button("Two players on this computer"))
    driver.press(driver.button("New match"))
    driver.press(driver.button("Start anyway"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    assert not files_holding(driver.app.files.data_dir, original)  # the player said so
