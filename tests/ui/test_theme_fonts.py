"""The gui's fonts are opened from their files, not read into memory (game/app/window/theme.py).

pygame_gui holds a whole copy of a font file for every size and weight of a theme font it is
given as a package resource; with the theme's Japanese and Chinese fonts that was 140 MB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app import paths
from game.app.window.theme import RESOURCE_KEYS, fonts_by_path, load_theme
from tests.ui.driver import Driver

THEME_FILE = paths.asset("ui", "theme.json")


def theme_font_names() -> set[str]:
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    return {block["name"] for element in theme.values() for block in element.get("font", [])}


def test_every_font_block_names_an_existing_file_instead_of_a_resource() -> None:
    theme = load_theme(THEME_FILE)
    blocks = [block for element in theme.values() for block in element.get("font", [])]
    assert blocks
    for block in blocks:
        assert not RESOURCE_KEYS.keys() & block.keys()
        for key in RESOURCE_KEYS.values():
            assert Path(block[key]).is_file(), (block["name"], key)


def test_the_theme_file_is_read_not_changed() -> None:
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    kept = json.dumps(theme, sort_keys=True)
    converted = fonts_by_path(theme)
    assert json.dumps(theme, sort_keys=True) == kept
    assert converted["button"]["font"][0]["size"] == theme["button"]["font"][0]["size"]
    assert converted["button"]["font"][0]["locale"] == theme["button"]["font"][0]["locale"]


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_window_opens_every_theme_font_from_its_file(display, tmp_path: Path, language: str) -> None:
    game = Driver.start(tmp_path, seed=7)
    try:
        game.app.language_override = language
        game.app.apply_language()
        game.frames(3)
        fonts = game.app.manager.get_theme().get_font_dictionary().loaded_fonts
        # pygame_gui's own symbols font keeps its package copy (0.2 MB): the theme reuses its name.
        names = theme_font_names() - {"fira_code_symbols"}
        theme_fonts = [font for font_id, font in fonts.items() if font_id.rsplit("_", 3)[0] in names]
        assert theme_fonts
        for font in theme_fonts:
            assert isinstance(font.location, str) and Path(font.location).is_file(), font.font_id
            assert font.loaded_font is not None
    finally:
        game.close()
