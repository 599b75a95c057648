"""Where the helper stands while building, at two, three and four seats: over no seat's
name plate, the menu, the building buttons or the row that labels the hand being built,
and tall enough for its longest report in every language."""

from __future__ import annotations

import pygame
import pytest

from game.app.views import helper_panel
from game.app.views.seats import plate_topleft
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.words import i18n
from tests.ui.test_helper_panel import HelperReport, Recorder, Suggestion, waits

BUTTONS = 4


def neighbours(table: layout.TableLayout) -> dict[str, pygame.Rect]:
    places = [0, *table.seats]
    found = {f"plate of place {place}": pygame.Rect(plate_topleft(table, place), layout.PLATE_SIZE)
             for place in places}
    found["menu"] = layout.MENU_BUTTON
    x, y = table.build_buttons
    width, height = layout.BUILD_BUTTON_SIZE
    found["building buttons"] = pygame.Rect(x, y, width, BUTTONS * (height + 12))
    left, right = layout.slot_rect(0).left, layout.slot_rect(12).right
    found["hand label row"] = pygame.Rect(left, layout.HAND_LABEL_Y, right - left, layout.SLOT_Y - layout.HAND_LABEL_Y)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_helper_covers_no_plate_button_or_label(players):
    table = layout.for_players(players)
    assert [name for name, rect in neighbours(table).items() if rect.colliderect(table.helper)] == []
    assert layout.SCREEN.contains(table.helper)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_longest_reports_fit_in_the_helper(display, language, players):
    surface = pygame.display.set_mode(layout.SCREEN.size)
    panel = layout.for_players(players).helper
    suggestion = Suggestion(tiles=tuple(range(13)), added=tuple(range(13)), waits=waits(), payment=1.5)
    before = i18n.language()
    i18n.set_language(language)
    try:
        for report in (HelperReport(selected=13, ready=True, tenpai=True, waits=waits()),
                       HelperReport(selected=1, ready=True, completions=1, suggestions=(suggestion,) * 3)):
            text = Recorder()
            helper_panel.draw_helper(surface, TileArt(), text, report, False, panel)
            lowest = max(rect.bottom for _words, rect in text.drawn)
            assert lowest <= panel.bottom - 4, f"{language}: a line ends at {lowest}, the panel at {panel.bottom}"
    finally:
        i18n.set_language(before)
