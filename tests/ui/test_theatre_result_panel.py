"""A hand's result in the theatre ends above the control bar: no button, the hand menu or
the step counter lies on its panel or its border, and every word of the result stays
inside the panel, for 2, 3 and 4 players, in every language."""

from __future__ import annotations

import pygame
import pytest

from game.app.window import layout
from game.app.words import i18n
from tests.ui.test_centre_panel_fits import Inked
from tests.ui.test_theatre import record_file

GAP = 4


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("preset", ["kaiji", "three_player", "four_player"])
def test_the_result_ends_above_the_bar_and_holds_its_words(driver, tmp_path, preset, language):
    i18n.set_language(language)
    assert driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    theatre = driver.top
    controls = {name: button.rect for name, button in theatre.buttons.items()}
    controls["hand menu"] = theatre.kyoku_menu.rect
    problems = []
    results = [index for index, step in enumerate(theatre.playback.steps) if step.settlement is not None]
    assert results
    inked = Inked(driver.app.text)
    for index in results:
        theatre.playback.go(index)
        picture = pygame.Surface((1280, 800))
        theatre.draw(picture)
        counter = inked.drawn[-1]  # the step counter, drawn over the result
        result = theatre._result(theatre.playback.step.kyoku)
        panel = getattr(result, "panel", layout.RESULT_PANEL)
        inked.drawn.clear()
        result.draw(picture)
        for name, rect in [*controls.items(), counter]:
            if rect.colliderect(panel.inflate(2 * GAP, 2 * GAP)):
                problems.append(f"step {index}: {name} {rect} lies on the result {panel}")
        words = inked.drawn
        assert words, "the result says nothing"
        problems += [f"step {index}: {w!r} {ink} leaves the result {panel}" for w, ink in words
                     if not panel.inflate(-2 * GAP, -2 * GAP).contains(ink)]
    assert problems == [], "\n".join(problems)
