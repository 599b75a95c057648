"""Starting a new match over an unfinished one says what becomes of it, truly: the match
history keeps it as abandoned (it said "will be lost"), unless the history is off."""

from __future__ import annotations

from game.app import history
from game.app.scenes.dialog import Dialog
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from tests.ui.test_new_table import scripted_ai


def unfinished_then_new(driver, monkeypatch, keep_history: bool) -> str:
    """The new-match question's words; then the new match is started."""
    scripted_ai(monkeypatch)
    driver.app.settings = driver.app.settings.with_changes(keep_history=keep_history)
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    driver.wait_until(lambda: table.session.view(1).built[1])
    driver.app.stack.reset(TitleScene(driver.app))
    driver.frame()
    driver.press(driver.button("Hard"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Start a new match?"
    message = driver.top.message
    driver.press(driver.button("New match"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    return message


def kept(driver) -> list:
    folder = history.history_folder(driver.app.data_dir)
    return sorted(folder.glob("*")) if folder.exists() else []


def test_with_the_history_on_the_unfinished_match_is_said_to_be_kept_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=True)
    assert "lost" not in message and "match history keeps" in message, message
    assert kept(driver), "the abandoned match is in the history"


def test_with_the_history_off_it_is_said_to_be_lost_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=False)
    assert "will be lost" in message, message
    assert not kept(driver)
