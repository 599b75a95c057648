"""The shade beneath a dialog, the result and the privacy curtain (game/app/window/shade.py): the
same pixels as a picture-sized translucent image, without holding one (4 MB a scene)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.scenes import curtain, dialog
from game.app.scenes.dialog import Choice, Dialog
from game.app.views import result_panel
from game.app.window.shade import Shade
from tests.ui.driver import Driver
from tests.ui.held import held_surfaces

SIZE = (1280, 800)


def noise_canvas() -> pygame.Surface:
    canvas = pygame.Surface(SIZE).convert()
    rng = random.Random(5)
    for _ in range(400):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        corner = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
        canvas.fill(colour, (*corner, rng.randrange(1, 200), rng.randrange(1, 90)))
    return canvas


@pytest.mark.parametrize("colour", [curtain.SHADE, dialog.SHADE, result_panel.SHADE])
def test_a_shade_gives_the_pixels_of_a_picture_sized_one(display, colour) -> None:
    pygame.display.set_mode((64, 64))
    picture_sized = pygame.Surface(SIZE, pygame.SRCALPHA)
    picture_sized.fill(colour)
    expected, shaded = noise_canvas(), noise_canvas()
    expected.blit(picture_sized, (0, 0))
    Shade(colour, SIZE[0]).draw(shaded)
    assert pygame.image.tobytes(shaded, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_a_dialog_holds_no_picture_sized_image(display, tmp_path) -> None:
    game = Driver.start(tmp_path, seed=7)
    try:
        shown = Dialog(game.app, "Are you sure?", "Leave the table?", [Choice("OK", lambda: None)])
        game.app.stack.push(shown)
        game.frames(2)
        held = sum(image.get_width() * image.get_height() for image in held_surfaces(shown.shade))
        assert 0 < held < SIZE[0] * SIZE[1] // 10
    finally:
        game.close()
