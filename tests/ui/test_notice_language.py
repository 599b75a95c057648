"""A notice on screen follows a language switch at once: it is kept as its message and
arguments (i18n.Message) and put into words each time it is drawn."""

from __future__ import annotations

import pytest

from game.app.history.player_files import SETTINGS_FILE, load_settings
from game.app.words import i18n
from game.app.words.i18n import N_, Message
from tests.ui.driver import Driver


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_a_message_reads_in_the_language_of_the_moment():
    notice = Message(N_("Not possible: {reason}."), reason=Message(N_("Settings")))
    assert str(notice) == "Not possible: Settings."
    i18n.set_language("ja")
    assert str(notice) == i18n._("Not possible: {reason}.").format(reason=i18n._("Settings"))
    assert str(notice) != "Not possible: Settings." and "設定" in notice
    i18n.set_language("zh_CN")
    assert "设置" in notice and len(notice) == len(str(notice))


def test_the_settings_notice_is_kept_as_its_message(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("]]", encoding="utf-8")
    _, notice = load_settings(tmp_path)
    assert notice is not None and "defaults" in notice
    i18n.set_language("ja")
    assert "defaults" not in notice and ".damaged-" in notice


def shown(notice: str, drawn: list[str]) -> bool:
    """Whether the notice is drawn, on one line or wrapped onto several."""
    return notice.replace(" ", "") in "".join(drawn).replace(" ", "")


def test_the_title_notice_follows_a_language_switch(display, tmp_path, monkeypatch):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / SETTINGS_FILE).write_text("]]", encoding="utf-8")
    game = Driver.start(tmp_path, seed=1)
    try:
        english = str(game.app.notice)
        drawn = game.record_text(monkeypatch)
        game.frame()
        assert shown(english, drawn)
        game.app.change_settings(game.app.settings.with_changes(language="ja"))
        drawn.clear()
        game.frame()
        japanese = str(game.app.notice)
        assert japanese != english and shown(japanese, drawn) and not shown(english, drawn)
        # The settings screen shows the same notice, in the language of the moment too.
        from game.app.scenes.settings_screen import SettingsScene

        game.app.stack.push(SettingsScene(game.app))
        game.app.change_settings(game.app.settings.with_changes(language="zh_CN"))
        drawn.clear()
        game.frame()
        assert str(game.app.notice) in drawn and japanese not in drawn
    finally:
        game.close()



def test_the_table_notice_card_follows_a_language_switch(driver, monkeypatch):
    """The winning tile below the floor: the card on the felt is in Japanese once the player
    switches language from the table's menu."""
    from game.app.scenes.settings_screen import SettingsScene
    from tests.ui.scripted import ScriptedAgent, crafted_table
    from tests.ui.test_table import AVOID, build_example_and_wait_for_turn

    table = crafted_table(driver.app, ScriptedAgent(discards=[None, "2m", "4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    driver.wait_until(lambda: table.card is not None)
    english = str(table.card.text)
    assert "worth less than mangan" in english
    settings = SettingsScene(driver.app)
    driver.app.stack.push(settings)
    driver.app.change_settings(driver.app.settings.with_changes(language="ja"))
    driver.app.stack.remove(settings)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    japanese = str(table.card.text)
    assert japanese != english and "満貫" in japanese and "worth less" not in japanese
    assert i18n._("Your winning tile") in drawn
    assert any(len(row) > 4 and row in japanese for row in drawn)  # the card's own words, wrapped
