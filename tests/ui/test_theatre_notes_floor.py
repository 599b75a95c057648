"""The theatre's own words beside its bar (the step counter) and its banner (a damaged or
diverging record) are at the table's least readable size in every language."""

from __future__ import annotations

import pytest

from game.app.scenes.theatre import damage_notice
from game.app.views import legible
from game.app.words import i18n
from tests.ui.test_theatre_playtest import watching_a_cut_record


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_step_counter_and_the_damage_banner_are_at_the_floor(driver, tmp_path, monkeypatch, language):
    i18n.set_language(language)
    try:
        theatre = watching_a_cut_record(driver, tmp_path)
        sizes: dict[str, int] = {}
        draw = driver.app.text.draw

        def noting(surface, words, size, *args, **kwargs):
            sizes[str(words)] = size
            return draw(surface, words, size, *args, **kwargs)

        monkeypatch.setattr(driver.app.text, "draw", noting)
        driver.frame()
        counter = f"{theatre.playback.position + 1}/{len(theatre.playback.steps)}"
        assert sizes[counter] >= legible.smallest()
        message = damage_notice(theatre.playback)
        banner = [size for words, size in sizes.items() if len(words) > 3 and words.strip() in message]
        assert banner and min(banner) >= legible.smallest(), sizes
    finally:
        i18n.set_language("en")


def test_a_wall_without_tenpai_is_said_so_in_the_build_review(driver):
    import pygame

    from game.app.theatre.theatre_overlays import BuildReview
    from game.app.views.overlay_panels import draw_build_review
    from game.app.window import layout
    from game.app.window.art import TileArt
    from game.app.window.text import Text
    from tests.ui.test_centre import Inked

    text = Text()
    inked = Inked(text)
    review = BuildReview(0, "19m19p19s1234567z", 0.0, (), 0)
    draw_build_review(pygame.Surface(layout.SCREEN.size), TileArt(), text, layout.for_players(2).helper, review,
                      "East", False)
    words = [str(drawn) for drawn, _ink in inked.drawn]
    assert "This wall holds no tenpai hand." in words
    assert not any("The best of" in drawn for drawn in words)
