"""The new-match screen under a dialog ("Start a new match?"): its buttons are hidden, and
so is the ring that marks the keyboard focus (an empty ring was left behind)."""

from __future__ import annotations

import pygame

from game.app.scenes.new_table import NewTableScene
from game.app.window.menu_keys import FOCUS_MARGIN, FOCUS_RING


def ring_pixel(scene: NewTableScene) -> tuple[int, int, int]:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    ring = scene.ring.focused().rect.inflate(2 * FOCUS_MARGIN, 2 * FOCUS_MARGIN)
    return tuple(surface.get_at((ring.centerx, ring.top + 1)))[:3]


def test_the_focus_ring_goes_with_its_buttons_when_covered(driver):
    driver.press(driver.button("Choose players and seats"))
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    assert ring_pixel(scene) == FOCUS_RING  # shown with its buttons
    scene.cover()
    assert ring_pixel(scene) != FOCUS_RING
    scene.uncover()
    assert ring_pixel(scene) == FOCUS_RING
