"""The tile art holds its faces as PNG bytes and only the tiles it has composed as images
(game/app/window/art.py): decoded, the faces and their sideways turns were 11 MB of the game's memory."""

from __future__ import annotations

import pygame

from game.app.window.art import TILE_CODES, TileArt
from tests.ui.held import held_surfaces


def test_the_art_holds_no_image_but_the_tiles_it_composed(display) -> None:
    pygame.display.set_mode((64, 64))
    art = TileArt()
    assert held_surfaces(art) == []
    drawn = [art.tile(code, width, turn) for code in ("1m", "5p", "7z", None) for width in (22, 40)
             for turn in (0, 1)]
    assert {id(image) for image in held_surfaces(art)} == {id(image) for image in drawn}


def test_every_face_decodes_at_its_drawn_size(display) -> None:
    pygame.display.set_mode((64, 64))
    art = TileArt()
    for code in (*TILE_CODES, "back"):
        assert art.face(code).get_size() == art.face(code, small=True).get_size() == (120, 160), code

