"""Tile pictures at any size: the committed faces (assets/tiles) on a tile body.

A tile is drawn as its top (face or back) above its front edge, the tile's thickness in
two layers as real tiles have it: the ivory face layer and the coloured back layer. Face
up, the ivory lies above the colour; face down (a back on top), the colour above the
ivory; so a stack of two backs reads as two tiles. Below SMALL_FACE_WIDTH the bolder
small faces are used (assets/tiles/small). Images are scaled once per size and cached.

The faces are kept as their PNG files' bytes (0.3 MB), decoded only to compose a tile of a
size not yet cached: decoded, the 76 faces and their sideways turns held 11 MB for the few
dozen compositions of a whole match (a decoding costs about 0.2 ms). A sideways face is the
upright one turned a quarter, as the tile tool drew the side images that were once loaded.
"""

from __future__ import annotations

import io

import pygame

from game.app.paths import asset

BODY = (20, 74, 104)
IVORY_EDGE = (214, 206, 184)
IVORY_SHADOW = (176, 166, 140)
BODY_SHADOW = (12, 48, 70)
BACK_CODE = "back"
SHADED_DEPTH = 6
SMALL_FACE_WIDTH = 30
"""Tiles narrower than this use the small faces, drawn to stay legible at about 22 px."""
TILE_CODES = tuple(f"{n}{s}" for s in "mps" for n in "1234567890") + tuple(f"{n}z" for n in "1234567")


def tile_height(width: int) -> int:
    """Faces are 3:4."""
    return width * 4 // 3


def depth_of(width: int) -> int:
    """The tile's thickness as seen from in front, in px."""
    return max(3, width // 8)


def _read(*parts: str) -> bytes:
    return asset(*parts).read_bytes()


class TileArt:
    def __init__(self) -> None:
        self.face_files: dict[str, bytes] = {}
        """Each face's PNG file, by tile code ('back' for the back)."""
        self.small_face_files: dict[str, bytes] = {}
        """The same for the small faces."""
        for code in (*TILE_CODES, BACK_CODE):
            self.face_files[code] = _read("tiles", f"{code}.png")
            self.small_face_files[code] = _read("tiles", "small", f"{code}.png")
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def face(self, code: str, small: bool = False) -> pygame.Surface:
        """A face image as drawn (120 x 160), decoded afresh: only compositions need one."""
        files = self.small_face_files if small else self.face_files
        return pygame.image.load(io.BytesIO(files[code]), f"{code}.png").convert_alpha()

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
        source = self.face(code, small=width < SMALL_FACE_WIDTH)
        if sideways:
            source = pygame.transform.rotate(source, 90)
        face = pygame.transform.smoothscale(source, face_size)
        if turn in (2, 3):
            face = pygame.transform.rotate(face, 180)
        depth = depth_of(width)
        image = pygame.Surface((face_size[0], face_size[1] + depth), pygame.SRCALPHA)
        radius = max(2, width // 8)
        upper, lower = (BODY, IVORY_EDGE) if code == BACK_CODE else (IVORY_EDGE, BODY)
        upper_shadow, lower_shadow = (BODY_SHADOW, IVORY_SHADOW) if code == BACK_CODE else (IVORY_SHADOW, BODY_SHADOW)
        split = depth // 2 + (depth % 2 if code != BACK_CODE else 0)
        # The lower layer is the whole body's outline; the upper covers its top part.
        pygame.draw.rect(image, lower, (0, depth, *face_size), border_radius=radius)
        band = pygame.Rect(0, 0, face_size[0], face_size[1] + split)
        pygame.draw.rect(image, upper, band, border_radius=radius)
        if depth >= SHADED_DEPTH:  # a line of shade under each layer, where there is room
            pygame.draw.rect(image, lower_shadow, (radius, face_size[1] + depth - 1, face_size[0] - 2 * radius, 1))
            pygame.draw.rect(image, upper_shadow, (radius // 2, band.bottom - 1, face_size[0] - radius, 1))
        image.blit(face, (0, 0))
        return image

    def size(self, width: int, turn: int = 0) -> tuple[int, int]:
        """The on-screen size of a tile image, body included."""
        long = tile_height(width)
        depth = depth_of(width)
        return (long, width + depth) if turn % 2 else (width, long + depth)
