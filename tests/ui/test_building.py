"""While building, the row above the 13 hand slots ("Your hand: 4 of 13" and the hint beside
it) keeps clear of a slot tile raised under the pointer, of the helper panel above it at two,
three and four seats, and of each other, in every language."""

from __future__ import annotations

import pygame
import pytest

from game.app.controls.build import BuildControls
from game.app.play.builder import BuildState
from game.app.views.building import HOVER_LIFT, draw_building
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n
from tests.ui.test_centre import Inked

GAP = 3


def row_inks(hover: int | None) -> tuple[BuildState, list[tuple[str, pygame.Rect]]]:
    state = BuildState(range(0, 136, 4), red_fives=False)
    for tile in state.wall[:13]:
        state.add(tile)
    controls = BuildControls(state, lambda _name: None)
    controls.hover = state.hand[hover] if hover is not None else None
    text = Text()
    inked = Inked(text)
    draw_building(pygame.Surface(layout.SCREEN.size), TileArt(), text, state, controls, False)
    return state, inked.drawn


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_label_row_keeps_clear_of_a_raised_tile_and_the_helper(display, language):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems = []
        for slot in range(13):
            _state, drawn = row_inks(slot)
            assert len(drawn) == 2, drawn
            raised = layout.slot_rect(slot).move(0, -HOVER_LIFT)
            for words, ink in drawn:
                if ink.inflate(2 * GAP, 2 * GAP).colliderect(raised):
                    problems.append(f"{words!r} {ink} touches the raised slot {slot} {raised}")
        (label, label_ink), (hint, hint_ink) = drawn
        if label_ink.inflate(2 * GAP, 2 * GAP).colliderect(hint_ink):
            problems.append(f"{label!r} {label_ink} runs into {hint!r} {hint_ink}")
        for players in (2, 3, 4):
            helper = layout.for_players(players).helper
            problems += [f"{words!r} {ink} touches the helper at {players} seats {helper}" for words, ink in drawn
                         if ink.inflate(2 * GAP, 2 * GAP).colliderect(helper)]
        assert problems == [], "\n".join(problems)
    finally:
        i18n.set_language(before)
