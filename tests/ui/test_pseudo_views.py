"""No text the table's views and the rules page draw bypasses the catalog: in the
pseudo-locale every translated message is wrapped in ⟦ ⟧, and every text these modules draw
from the deal to the result (helper, waits strip, centre, board, plates, badges) and on the
rules page carries the marks, or is a number, a time or tiles alone."""

from __future__ import annotations

import re
import sys

import pytest

from game.app.scenes.rules_page import RulesScene
from game.app.window.text import Text
from game.app.words import i18n
from tests.ui.autoplay import answer
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_table import solo_table

CHECKED = ("game.app.views.", "game.app.scenes.rules_page")
"""Modules whose every drawn text must come from the catalog."""
NOT_WORDS = re.compile(r"[\d\s:/+\-.,%→·…()]*|([0-9]+[mpsz])+")
"""A number, a time, a count or tile codes: nothing to translate."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(module, text) of every text drawn, the module being the caller of `Text`."""
    seen: list[tuple[str, str]] = []
    render = Text.render

    def recording(self: Text, text: str, *args: object, **kwargs: object):
        frame = sys._getframe(1)
        while frame.f_globals.get("__name__") == "game.app.window.text":
            frame = frame.f_back
        seen.append((frame.f_globals.get("__name__", ""), text))
        return render(self, text, *args, **kwargs)

    def wrapping(self: Text, text: str, *args: object, **kwargs: object):
        lines = wrap(self, text, *args, **kwargs)
        if i18n.PSEUDO_OPEN in text:
            marked_lines.update(lines)  # a line of a wrapped message carries at most one mark
        return lines

    wrap = Text.wrap
    monkeypatch.setattr(Text, "render", recording)
    monkeypatch.setattr(Text, "wrap", wrapping)
    yield seen
    i18n.set_language("en")


marked_lines: set[str] = set()


def bypassing(seen: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return sorted({(module, text) for module, text in seen
                   if module.startswith(CHECKED) and i18n.PSEUDO_OPEN not in text and text not in marked_lines
                   and not NOT_WORDS.fullmatch(text)})


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream", "four_player"])
def test_the_table_views_draw_only_catalog_text(driver, drawn, preset):
    i18n.set_language(i18n.PSEUDO)
    players = {"four_player": 4}.get(preset, 2)
    table = solo_table(driver.app, preset, {seat: ScriptedAgent() for seat in range(1, players)})
    driver.frame()
    for _ in range(400):
        if table.session.kyoku_over:
            break
        answer(driver, table)
    driver.frames(5)
    assert {module for module, _ in drawn if module.startswith(CHECKED)} >= {
        "game.app.views.centre", "game.app.views.seats", "game.app.views.board", "game.app.views.helper_panel",
        "game.app.views.pool", "game.app.views.building"}
    assert not bypassing(drawn)


def test_the_rules_page_draws_only_catalog_text(driver, drawn):
    i18n.set_language(i18n.PSEUDO)
    driver.app.stack.push(RulesScene(driver.app))
    driver.frames(2)
    assert any(module == "game.app.scenes.rules_page" for module, _ in drawn)
    assert not bypassing(drawn)
