"""The language setting: the system's by default, chosen on the Settings screen by each
language's own name, applied at once to every scene (the one beneath too) and at the next
start; --language for one run only; Chinese text in a Chinese font, never tofu boxes."""

from __future__ import annotations

import json

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.flow import Flow
from game.app.history.player_files import SETTINGS_FILE, load_settings
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.table import TableScene
from game.app.settings import Settings
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n
from tests.ui.test_screens import choose
from tests.ui.test_smoke import run_game, smoke_numbers

CHINESE_ONLY = "这们"
"""Simplified characters that Noto Sans JP lacks and Noto Sans SC has."""
NO_FONT_HAS = "\U0001d11e"
"""A character neither font draws (the G clef): what a missing glyph, the tofu box, looks like."""


@pytest.fixture
def pseudo_japanese(monkeypatch):
    """Japanese as the pseudo-locale: with it, a label in Japanese reads ⟦…⟧ whatever the
    state of the catalog (the translators fill it meanwhile)."""
    load = i18n._load
    monkeypatch.setattr(i18n, "_load", lambda code: i18n._PseudoTranslations() if code == "ja" else load(code))


def start(tmp_path, **options) -> App:
    app = App(LaunchOptions(seed=3, config_dir=tmp_path / "config", data_dir=tmp_path / "data", **options))
    Flow(app).title()
    app.step(1 / 60)
    return app


def write_settings(tmp_path, data: dict) -> None:
    (tmp_path / "config").mkdir(parents=True, exist_ok=True)
    (tmp_path / "config" / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")


def test_the_language_follows_the_system_unless_one_is_chosen(monkeypatch):
    assert Settings().language is None
    monkeypatch.setenv("LANGUAGE", "ja_JP")
    assert Settings().shown_language == "ja"
    assert Settings(language="zh_CN").shown_language == "zh_CN"
    settings, rejected = Settings.from_dict({"language": "fr"})
    assert settings.language is None and rejected == ["language"]
    assert Settings.from_dict(Settings(language="ja").to_dict())[0].language == "ja"


def test_the_tests_speak_english_whatever_the_machine_does(driver):
    assert i18n.language() == "en" and driver.app.manager.get_locale() == "en"


def test_settings_list_the_system_and_each_language_by_its_own_name(driver):
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    labels = [text for text, _ in scene.controls["Language"].options_list]
    assert labels == ["System (English)", "English", "日本語", "简体中文"]


def test_choosing_a_language_switches_every_scene_at_once_and_is_kept(driver, pseudo_japanese):
    app = driver.app
    driver.press(driver.button("Two players"))  # a table under a curtain, then the menu over both
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene) and isinstance(driver.top, CurtainScene)
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    choose(driver, scene, "Language", "日本語")
    assert i18n.language() == "ja" and app.manager.get_locale() == "ja"
    assert load_settings(app.files.config_dir)[0].language == "ja"
    shown = [element.text for element in app.manager.get_root_container().elements
             if isinstance(element, UIButton) and element.visible]
    assert "⟦Back (Esc)⟧" in shown and all(text.startswith("⟦") for text in shown)
    # The table beneath is labelled again too, and stays hidden until it is back on top.
    assert table.buttons["menu"].text == "⟦Menu (Esc)⟧" and not table.buttons["menu"].visible
    choose(driver, scene, "Language", "简体中文")
    assert i18n.language() == "zh_CN" and app.manager.get_locale() == "zh"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene and table.buttons["menu"].text == "菜单(Esc)"


def test_the_saved_language_applies_at_start_and_its_notices_are_in_it(display, tmp_path, pseudo_japanese):
    write_settings(tmp_path, {"language": "ja", "volume": "loud"})
    app = start(tmp_path)
    try:
        assert i18n.language() == "ja" and app.manager.get_locale() == "ja"
        assert app.notice is not None and app.notice.startswith("⟦Some settings were not valid (volume)")
        assert app.stack.top.buttons["quit"].text == "⟦Quit⟧"
    finally:
        app.close()


def test_the_launch_option_speaks_for_one_run_and_is_not_saved(display, tmp_path):
    write_settings(tmp_path, {"language": "ja"})
    app = start(tmp_path, language="zh_CN")
    try:
        assert i18n.language() == "zh_CN" and app.manager.get_locale() == "zh"
        app.change_settings(app.settings.with_changes(volume=0.2))
        assert i18n.language() == "zh_CN"
        assert load_settings(app.files.config_dir)[0].language == "ja"
    finally:
        app.close()
    app = start(tmp_path)
    try:
        assert i18n.language() == "ja"
    finally:
        app.close()


def drawn(font, char: str) -> bytes:
    return pygame.image.tobytes(font.render_premul(char, pygame.Color("white")), "RGBA")


def tofu(app: App, text: str, class_id: str = "@menu_button") -> list[str]:
    """The characters of `text` that a button styled like the game's, in the gui's current
    locale, draws as the missing-glyph box."""
    button = UIButton(pygame.Rect(0, 0, 300, 48), text, app.manager,
                      object_id=ObjectID(object_id="#glyph_check", class_id=class_id))
    try:
        return [char for char in text if drawn(button.font, char) == drawn(button.font, NO_FONT_HAS)]
    finally:
        button.kill()


def test_chinese_is_drawn_in_a_chinese_font_without_tofu(display, tmp_path):
    app = start(tmp_path, language="zh_CN")
    try:
        for class_id in ("@menu_button", "@small_button", "@explanation"):
            assert tofu(app, CHINESE_ONLY, class_id) == []
        # The check can fail: in English the theme's font is Noto Sans JP, which has no 这 or 们.
        app.change_settings(app.settings.with_changes(language="en"))
        assert app.manager.get_locale() == "en"
        assert tofu(app, CHINESE_ONLY) == list(CHINESE_ONLY)
    finally:
        app.close()


def test_every_language_name_shows_in_the_language_menu_in_every_language(display, tmp_path):
    app = start(tmp_path)
    try:
        for code in i18n.LANGUAGES:
            app.change_settings(app.settings.with_changes(language=code))
            app.stack.push(SettingsScene(app))
            app.step(1 / 60)
            menu = app.stack.top.controls["Language"]
            font = menu.menu_states["closed"].selected_option_button.font
            missing = [(code, char) for name in i18n.LANGUAGE_NAMES.values() for char in name
                       if drawn(font, char) == drawn(font, NO_FONT_HAS)]
            assert missing == []
            app.stack.pop()
    finally:
        app.close()


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_smoke_settles_a_hand_in_each_language(tmp_path, language):
    frames, _seed, _dealt, settled, _moves = smoke_numbers(
        run_game(tmp_path, "--smoke", "900", "--language", language))
    assert frames == 900 and settled >= 1
