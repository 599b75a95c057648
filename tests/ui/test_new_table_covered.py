"""The new-match screen under a dialog ("Start a new match?"): its buttons are hidden, and
so is the gold ring that marks the chosen player count (an empty ring was left behind)."""

from __future__ import annotations

import pygame

from game.app.palette import GOLD
from game.app.scenes.new_table import NewTableScene


def ring_pixel(scene: NewTableScene) -> tuple[int, int, int]:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    ring = scene.buttons[f"count_{scene.count}"].rect.inflate(8, 8)
    return tuple(surface.get_at((ring.centerx, ring.top + 1)))[:3]


def test_the_chosen_count_ring_goes_with_its_buttons_when_covered(driver):
    driver.press(driver.button("Choose players and seats"))
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    assert ring_pixel(scene) == GOLD  # shown with its buttons
    scene.cover()
    assert ring_pixel(scene) != GOLD
    scene.uncover()
    assert ring_pixel(scene) == GOLD
