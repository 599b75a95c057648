"""The end-of-hand band covers the centre panel cleanly: at two seats the dora row lies
under it and its tiles are taller than the band, so their feet showed below the line
"Click or press a key for the result". Now a dora row under the band is not drawn."""

from __future__ import annotations

import pygame

from game.app.window import layout
from tests.ui.test_ron_moment import ron_on_the_example


def bright_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    """Pixels as light as a tile's face (the panel and its words are darker or gold)."""
    count = 0
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            r, g, b, *_ = surface.get_at((x, y))
            count += min(r, g, b) > 200
    return count


def test_no_dora_tile_shows_around_the_ron_band(driver):
    table = ron_on_the_example(driver)
    x, y = layout.for_players(2).dora_at
    dora = pygame.Rect(x + 40, y, 90, 48)  # the indicator and the dora, feet included
    driver.key(pygame.K_r)
    driver.frames(3)
    assert table.controller.frame().centre.announcement is not None
    assert bright_pixels(driver.pixels(), dora) == 0
