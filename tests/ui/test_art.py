"""Tiles read as tiles: backs with a two-layer edge, small faces that stay apart at 22 px."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

from game.app import paths
from game.app.window.art import (
    BODY,
    IVORY_EDGE,
    SHADED_DEPTH,
    SMALL_FACE_WIDTH,
    TILE_CODES,
    TileArt,
    depth_of,
    tile_height,
)
from tests.ui.held import held_surfaces

ROOT = Path(__file__).resolve().parents[2]


def edge_colours(image: pygame.Surface, width: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The colours of the upper and lower layer of the tile's front edge, mid-width."""
    depth = depth_of(width)
    bottom = image.get_height()
    lower = bottom - (2 if depth >= SHADED_DEPTH else 1)
    return image.get_at((width // 2, bottom - depth))[:3], image.get_at((width // 2, lower))[:3]


def test_face_up_tiles_show_ivory_over_colour_and_backs_colour_over_ivory(display):
    pygame.display.set_mode((64, 64))
    art = TileArt()
    for width in (22, 30, 48, 80):
        assert edge_colours(art.tile("5p", width), width) == (IVORY_EDGE, BODY), width
        assert edge_colours(art.tile(None, width), width) == (BODY, IVORY_EDGE), width


def test_backs_are_plain_no_mark_in_the_middle(display):
    pygame.display.set_mode((64, 64))
    back = TileArt().tile(None, 80)
    middle = [back.get_at((x, 53))[:3] for x in range(25, 56)]
    assert max(abs(a - b) for colour in middle for a, b in zip(colour, middle[0], strict=True)) <= 6


def small_face_difference(art: TileArt, first: str, second: str, width: int) -> float:
    a, b = art.tile(first, width), art.tile(second, width)
    total = 0
    for x in range(a.get_width()):
        for y in range(a.get_height()):
            total += sum(abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True))
    return total / (a.get_width() * a.get_height())


def test_the_small_faces_keep_look_alike_tiles_further_apart_than_the_fine_ones(display):
    pygame.display.set_mode((64, 64))
    art = TileArt()
    small = 22
    assert small < SMALL_FACE_WIDTH
    for pair in (("2s", "3s"), ("3s", "4s"), ("2s", "4s"), ("7p", "8p"), ("8p", "9p"), ("7p", "9p")):
        with_small = small_face_difference(art, *pair, small)
        fine = TileArt()
        fine.small_face_files = fine.face_files  # the fine faces at 22 px
        with_fine = small_face_difference(fine, *pair, small)
        assert with_small > with_fine * 1.2, (pair, with_small, with_fine)


def test_the_small_8s_keeps_the_m_over_w_of_the_fine_face(display):
    """Its eight sticks upright in two rows read as the 6s's six at 22 px; leaning as on the
    fine face (and real tiles) it is nearer that face than any other small bamboo is."""
    pygame.display.set_mode((64, 64))
    art = TileArt()
    size = (22, tile_height(22))

    def at_22(code: str, small: bool) -> pygame.Surface:
        return pygame.transform.smoothscale(art.face(code, small), size)

    def distance(a: pygame.Surface, b: pygame.Surface) -> int:
        return sum(abs(p - q) for x in range(size[0]) for y in range(size[1])
                   for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True))

    fine = at_22("8s", small=False)
    own = distance(at_22("8s", small=True), fine)
    nearest_other = min(distance(at_22(f"{n}s", small=True), fine) for n in range(2, 10) if n != 8)
    assert nearest_other > 1.3 * own, (own, nearest_other)


def test_the_tile_tool_makes_the_committed_small_faces(tmp_path):
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_tiles.py"), "--out", str(tmp_path / "tiles")],
        check=True,
        capture_output=True,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )
    made = sorted(p.stem for p in (tmp_path / "tiles" / "small").glob("*.png"))
    assert made == sorted((*TILE_CODES, "back"))
    for code in ("2s", "8s", "8p", "back"):
        made_image = pygame.image.load(str(tmp_path / "tiles" / "small" / f"{code}.png"))
        committed = pygame.image.load(str(paths.asset("tiles", "small", f"{code}.png")))
        assert pygame.image.tobytes(made_image, "RGBA") == pygame.image.tobytes(committed, "RGBA"), code


# The tile art holds its faces as PNG bytes and only the tiles it has composed as images
# (game/app/window/art.py): decoded, the faces and their sideways turns were 11 MB of the
# game's memory.
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

