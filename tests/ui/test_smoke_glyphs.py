"""Every character the window draws is in the subset fonts the executable ships.

The text is caught where it is drawn (the game's own text and pygame_gui's), on the title,
the rules page of every preset, the settings screen, and a whole hand that the smoke's
scripted player plays to the result; the subsets are made as the build makes them.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pygame_gui.core.gui_font_pygame import GUIFontPygame

import game.app.play.match_setup as match_setup
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import Settings
from game.app.window.text import Text
from game.app.words.rule_texts import PRESET_NAMES
from game.cli.smoke import ScriptedPlayer
from game.engine.rules import Rules
from tests.helpers import build_module
from tests.ui.scripted import ScriptedAgent

ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 60


@pytest.fixture
def drawn(monkeypatch) -> set[str]:
    """The characters of every text drawn from now on."""
    seen: set[str] = set()

    def recording(method):
        def wrapper(self, text, *args, **kwargs):
            seen.update(text)
            return method(self, text, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(Text, "render", recording(Text.render))
    for name in ("render_premul", "render_premul_to", "size"):
        monkeypatch.setattr(GUIFontPygame, name, recording(getattr(GUIFontPygame, name)))
    return seen


def test_every_drawn_character_is_in_the_shipped_fonts(driver, drawn, monkeypatch, tmp_path):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level, seed: {1: ScriptedAgent()})
    app = driver.app
    for preset in PRESET_NAMES:
        app.settings = Settings(rules=Rules.preset(preset))
        app.stack.push(RulesScene(app))
        driver.frame()
        app.stack.pop()
    app.settings = Settings()
    app.stack.push(SettingsScene(app))
    driver.frame()
    app.stack.pop()
    driver.frame()
    player = ScriptedPlayer()
    deadline = time.monotonic() + 90
    while not isinstance(app.stack.top, ResultScene):
        assert time.monotonic() < deadline, f"stuck on {app.stack.top!r}"
        app.step(FRAME, player(app))
        time.sleep(0.001)
    driver.frames(3)

    fonts = build_module("fonts")
    assert {"十", "七", "歩", "A", "9"} <= drawn  # the title, the table and the result were drawn
    assert drawn <= fonts.ui_characters() | {"\n"}
    for name in fonts.THEME_FONTS:
        fonts.subset_font(fonts.font_path(name), tmp_path / name, fonts.ui_characters())
        with TTFont(str(tmp_path / name)) as font:
            shipped = {chr(code) for code in font.getBestCmap()}
        missing = {c for c in drawn if c.isprintable() and c != " "} - shipped
        assert not missing, f"{name} lacks {''.join(sorted(missing))}"
