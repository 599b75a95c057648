"""The gui opens the theme's fonts of the language it shows, and another language's only when
the window changes to it (game/app/window/theme.py): pygame_gui opens every locale's fonts of a theme
at once, the Chinese ones in an English window too."""

from __future__ import annotations

import gc
from pathlib import Path

import pygame
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.app.flow import Flow
from game.app.window.window import App, LaunchOptions

LANGUAGE_MENU_FONT = "notosanssc_regular_aa_15"
"""The language menu names every language in Noto Sans SC, whatever the window speaks."""


def start(folder: Path, language: str) -> App:
    app = App(LaunchOptions(seed=7, config_dir=folder / "config", data_dir=folder / "data", language=language))
    Flow(app).title()
    for _ in range(3):
        app.step(1 / 60)
    return app


def loaded_font_names(app: App) -> set[str]:
    return set(app.manager.get_theme().get_font_dictionary().loaded_fonts)


def pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def test_an_english_window_opens_no_chinese_font_but_the_language_menus(display, tmp_path: Path) -> None:
    app = start(tmp_path, "en")
    try:
        chinese = {name for name in loaded_font_names(app) if name.startswith("notosanssc")}
        assert chinese == {LANGUAGE_MENU_FONT}
        assert any(name.startswith("notosansjp") for name in loaded_font_names(app))
    finally:
        app.close()


def test_a_chinese_window_opens_no_japanese_font(display, tmp_path: Path) -> None:
    app = start(tmp_path, "zh_CN")
    try:
        assert not any(name.startswith("notosansjp") for name in loaded_font_names(app))
    finally:
        app.close()


def test_changing_language_draws_as_a_window_started_in_it(display, tmp_path: Path) -> None:
    started = {}
    for language in ("en", "zh_CN"):
        app = start(tmp_path / language, language)
        started[language] = pixels(app)
        app.close()
    app = start(tmp_path / "switched", "en")
    try:
        for language in ("zh_CN", "en"):
            app.language_override = language
            app.apply_language()
            for _ in range(3):
                app.step(1 / 60)
            assert pixels(app) == started[language], language
            if language == "zh_CN":
                assert any(name.startswith("notosanssc_bold") for name in loaded_font_names(app))
    finally:
        app.close()


def test_a_window_changed_to_chinese_and_back_holds_the_fonts_of_one_started_in_english(display, tmp_path) -> None:
    """A long session that changes language keeps one language's gui fonts, not every one it showed."""
    app = start(tmp_path / "started", "en")
    started = loaded_font_names(app)
    app.close()
    app = start(tmp_path / "switched", "en")
    try:
        for language in ("zh_CN", "ja", "en"):
            app.language_override = language
            app.apply_language()
            app.step(1 / 60)
        assert loaded_font_names(app) == started
    finally:
        app.close()


def open_gui_fonts() -> list:
    """Every gui font alive in the process, whoever holds it."""
    gc.collect()
    return [thing for thing in gc.get_objects() if isinstance(thing, GUIFontPygame)]


def test_the_fonts_a_switch_closes_are_let_go_of(display, tmp_path) -> None:
    """pygame_gui's loader kept the fonts it opened as the window started in its queue of
    finished loads: after a switch to Chinese and back, the first Japanese set (eleven faces,
    some 8 MB) stayed open beside the one opened anew."""
    app = start(tmp_path, "en")
    try:
        for language in ("zh_CN", "en"):
            app.language_override = language
            app.apply_language()
            app.step(1 / 60)
        kept = app.manager.get_theme().get_font_dictionary().loaded_fonts.values()
        assert {id(font) for font in open_gui_fonts()} == {id(resource.loaded_font) for resource in kept}
    finally:
        app.close()
