"""The dora flip is seen: the chosen tile rises out of its wall, grows, turns over showing
its face, settles back, and stays outlined a moment; with instant animation it is at once."""

from __future__ import annotations

import dataclasses

import pygame

from game.app.window import layout
from game.app.window.animation import FLIP_SECONDS
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_screens import shot
from tests.ui.test_table import AVOID, crafted_table

FACE = (246, 242, 228)
STACK = layout.side_stack_rect(1, 0)
AROUND_STACK = STACK.inflate(60, 60).clip(layout.SCREEN)
ABOVE_STACK = pygame.Rect(STACK.left - 30, STACK.top - 30, STACK.width + 60, 28).clip(layout.SCREEN)


def face_pixels(driver, area: pygame.Rect) -> int:
    return pygame.mask.from_threshold(driver.pixels().subsurface(area), FACE, (12, 12, 12, 255)).count()


def test_the_flipped_tile_rises_and_turns_over_in_view(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    before = face_pixels(driver, AROUND_STACK)
    assert before == 0 and face_pixels(driver, ABOVE_STACK) == 0
    driver.click(layout.side_stack_rect(1, 0).center)
    assert table.flip is not None and FLIP_SECONDS >= 0.6
    while table.flip.progress < 0.8:
        driver.frame()
    assert table.flip.showing_face and not table.flip.done
    shot(driver, "dora_flip_midway")
    assert face_pixels(driver, AROUND_STACK) > 400, "the face is shown, enlarged"
    assert face_pixels(driver, ABOVE_STACK) > 100, "lifted above its stack"
    while not table.flip.done:
        driver.frame()
    driver.frame()
    assert table.flip.glowing
    assert face_pixels(driver, ABOVE_STACK) == 0, "settled back on its stack"


def test_with_instant_animation_the_dora_is_simply_shown(driver):
    driver.app.settings = dataclasses.replace(driver.app.settings, animation="instant")
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    driver.click(layout.side_stack_rect(1, 0).center)
    assert table.flip is None and table.session.view(0).dora_indicator is not None
