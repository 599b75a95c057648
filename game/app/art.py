"""Tile pictures at any size: the committed faces (assets/tiles) on a tile body.

A tile is drawn as its face with a strip of the coloured back showing beneath, so it
reads as a solid tile lying on the table. Images are scaled once per size and cached.
"""

from __future__ import annotations

import pygame

from game.app.paths import asset

BODY = (20, 74, 104)
BACK_CODE = "back"
TILE_CODES = tuple(f"{n}{s}" for s in "mps" for n in "1234567890") + tuple(f"{n}z" for n in "1234567")


def tile_height(width: int) -> int:
    """Faces are 3:4."""
    return width * 4 // 3


def depth_of(width: int) -> int:
    return max(2, width // 12)


class TileArt:
    def __init__(self) -> None:
        self.faces: dict[str, pygame.Surface] = {}
        self.side_faces: dict[str, pygame.Surface] = {}
        for code in (*TILE_CODES, BACK_CODE):
            self.faces[code] = pygame.image.load(str(asset("tiles", f"{code}.png"))).convert_alpha()
            self.side_faces[code] = pygame.image.load(
                str(asset("tiles", "side", f"{code}.png"))
            ).convert_alpha()
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def tile(self, code: str | None, width: int, turn: int = 0) -> pygame.Surface:
        """A tile `width` px across its short side; `code` None draws the back.

        turn: quarter turns anticlockwise (1: lying sideways, as a riichi discard; 2:
        upside down, as seen across the table). The body always shows beneath.
        """
        key = (code or BACK_CODE, width, turn % 4)
        image = self._cache.get(key)
        if image is None:
            image = self._compose(*key)
            self._cache[key] = image
        return image

    def _compose(self, code: str, width: int, turn: int) -> pygame.Surface:
        short, long = width, tile_height(width)
        sideways = turn in (1, 3)
        face_size = (long, short) if sideways else (short, long)
        source = self.side_faces[code] if sideways else self.faces[code]
        face = pygame.transform.smoothscale(source, face_size)
        if turn in (2, 3):
            face = pygame.transform.rotate(face, 180)
        depth = depth_of(width)
        image = pygame.Surface((face_size[0], face_size[1] + depth), pygame.SRCALPHA)
        radius = max(2, width // 8)
        pygame.draw.rect(image, BODY, (0, depth, *face_size), border_radius=radius)
        image.blit(face, (0, 0))
        return image

    def size(self, width: int, turn: int = 0) -> tuple[int, int]:
        """The on-screen size of a tile image, body included."""
        long = tile_height(width)
        depth = depth_of(width)
        return (long, width + depth) if turn % 2 else (width, long + depth)
