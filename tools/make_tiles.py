"""Draw the tile faces of 17 Steps into assets/tiles/ (run once; the PNGs are committed).

Every face is 3:4 (120 x 160 px, drawn at twice that and scaled down for smooth edges):
man (characters), pin (circles), sou (bamboo), the seven honours, the three red fives (red
ink and a red dot in the corner), and a back (the game turns a face a quarter for riichi
discards and the side walls). `small/` holds faces for tiles under 30 px wide (the
helper's): bigger kanji, solid circles and solid bamboo sticks, so that 2s/3s/4s and
7p/8p/9p stay apart at 22 px where the fine faces blur. The kanji use the Noto Sans JP
font that pygame_gui ships.

    python tools/make_tiles.py                  # write assets/tiles/
    python tools/make_tiles.py --sheet OUT.png  # also a contact sheet at 80, 40 and 22 px wide
"""

from __future__ import annotations

import argparse
import math
import os
from importlib import resources
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

OUT = Path(__file__).resolve().parent.parent / "assets" / "tiles"
SCALE = 2
WIDTH, HEIGHT = 120, 160
W, H = WIDTH * SCALE, HEIGHT * SCALE

IVORY = (246, 242, 228)
IVORY_EDGE = (206, 198, 176)
INK = (28, 30, 38)
RED = (200, 30, 36)
GREEN = (18, 122, 70)
BLUE = (30, 64, 150)
BACK = (22, 92, 132)
BACK_LIGHT = (52, 132, 172)
BACK_DARK = (14, 60, 88)
BACK_SHINE = (96, 168, 202)

KANJI_NUMBERS = "一二三四五六七八九"
HONOURS = {1: ("東", INK), 2: ("南", INK), 3: ("西", INK), 4: ("北", INK), 6: ("發", GREEN), 7: ("中", RED)}


def font(size: int, bold: bool = True) -> pygame.font.Font:
    name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    with resources.as_file(resources.files("pygame_gui.data") / name) as path:
        return pygame.font.Font(str(path), size * SCALE)


def blank_face() -> pygame.Surface:
    face = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = 14 * SCALE
    pygame.draw.rect(face, IVORY_EDGE, face.get_rect(), border_radius=radius)
    pygame.draw.rect(face, IVORY, face.get_rect().inflate(-4 * SCALE, -4 * SCALE), border_radius=radius - 2)
    return face


def blit_centred(
    face: pygame.Surface,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    centre_y: float,
    bold: bool = True,
) -> None:
    glyph = font(size, bold).render(text, True, colour)
    face.blit(glyph, glyph.get_rect(center=(W // 2, round(centre_y * SCALE))))


def man(number: int, red: bool) -> pygame.Surface:
    face = blank_face()
    blit_centred(face, KANJI_NUMBERS[number - 1], 52, RED if red else INK, 50)
    blit_centred(face, "萬", 58, RED, 112)
    return face


PIN_LAYOUTS: dict[int, list[tuple[float, float, tuple[int, int, int]]]] = {
    2: [(60, 48, GREEN), (60, 112, BLUE)],
    3: [(32, 36, BLUE), (60, 80, RED), (88, 124, GREEN)],
    4: [(36, 48, BLUE), (84, 48, GREEN), (36, 112, GREEN), (84, 112, BLUE)],
    5: [(34, 40, BLUE), (86, 40, GREEN), (60, 80, RED), (34, 120, GREEN), (86, 120, BLUE)],
    6: [(38, 36, GREEN), (82, 36, GREEN), (38, 88, RED), (82, 88, RED), (38, 128, RED), (82, 128, RED)],
    7: [
        (30, 30, GREEN),
        (60, 44, GREEN),
        (90, 58, GREEN),
        (38, 96, RED),
        (82, 96, RED),
        (38, 130, RED),
        (82, 130, RED),
    ],
    8: [(38, y, BLUE) for y in (30, 64, 98, 132)] + [(82, y, BLUE) for y in (30, 64, 98, 132)],
    9: [(x, 34, BLUE) for x in (30, 60, 90)]
    + [(x, 80, RED) for x in (30, 60, 90)]
    + [(x, 126, GREEN) for x in (30, 60, 90)],
}
PIN_RADIUS = {2: 26, 3: 19, 4: 21, 5: 18, 6: 18, 7: 14, 8: 15, 9: 14}


def circle(face: pygame.Surface, x: float, y: float, radius: float, colour: tuple[int, int, int]) -> None:
    centre = (round(x * SCALE), round(y * SCALE))
    r = radius * SCALE
    pygame.draw.circle(face, colour, centre, round(r))
    pygame.draw.circle(face, IVORY, centre, round(r * 0.78))
    pygame.draw.circle(face, colour, centre, round(r * 0.62))
    pygame.draw.circle(face, IVORY, centre, round(r * 0.34))
    pygame.draw.circle(face, colour, centre, round(r * 0.18))


def pin(number: int, red: bool) -> pygame.Surface:
    face = blank_face()
    if number == 1:
        circle(face, 60, 80, 46, GREEN)
        pygame.draw.circle(face, RED, (W // 2, H // 2), round(22 * SCALE))
        pygame.draw.circle(face, IVORY, (W // 2, H // 2), round(15 * SCALE))
        pygame.draw.circle(face, BLUE, (W // 2, H // 2), round(9 * SCALE))
        for step in range(12):
            angle = step * math.pi / 6
            spot = (
                W // 2 + round(33 * SCALE * math.cos(angle)),
                H // 2 + round(33 * SCALE * math.sin(angle)),
            )
            pygame.draw.circle(face, RED, spot, round(3.5 * SCALE))
        return face
    for x, y, colour in PIN_LAYOUTS[number]:
        circle(face, x, y, PIN_RADIUS[number], RED if red else colour)
    return face


def stick(
    face: pygame.Surface, x: float, y: float, length: float, colour: tuple[int, int, int], tilt: float = 0.0
) -> None:
    """One bamboo stick centred on (x, y): a rounded bar with three nodes."""
    bar = pygame.Surface((15 * SCALE, round(length * SCALE)), pygame.SRCALPHA)
    rect = bar.get_rect()
    pygame.draw.rect(bar, colour, rect, border_radius=5 * SCALE)
    pygame.draw.line(
        bar, IVORY, (rect.centerx, 4 * SCALE), (rect.centerx, rect.bottom - 4 * SCALE), SCALE * 2
    )
    for fraction in (0.0, 0.5, 1.0):
        node_y = round(2 * SCALE + fraction * (rect.height - 5 * SCALE))
        pygame.draw.rect(bar, colour, (0, node_y, rect.width, 4 * SCALE), border_radius=SCALE)
    if tilt:
        bar = pygame.transform.rotate(bar, tilt)
    face.blit(bar, bar.get_rect(center=(round(x * SCALE), round(y * SCALE))))


SOU_LAYOUTS: dict[int, list[tuple[float, float, bool]]] = {
    2: [(60, 46, False), (60, 114, False)],
    3: [(60, 46, False), (38, 114, False), (82, 114, False)],
    4: [(38, 46, False), (82, 46, False), (38, 114, False), (82, 114, False)],
    5: [(30, 46, False), (90, 46, False), (60, 80, True), (30, 114, False), (90, 114, False)],
    6: [(x, y, False) for y in (46, 114) for x in (30, 60, 90)],
    7: [(60, 28, True)] + [(x, y, False) for y in (80, 130) for x in (30, 60, 90)],
    9: [(x, y, x == 60) for y in (30, 80, 130) for x in (30, 60, 90)],
}


def sou(number: int, red: bool) -> pygame.Surface:
    face = blank_face()
    if number == 1:
        peacock(face)
        return face
    if number == 8:
        for row_y, tilt in ((44, 1), (116, -1)):
            for x, lean in ((24, 0), (48, tilt), (72, -tilt), (96, 0)):
                stick(face, x, row_y, 52, RED if red else GREEN, tilt=lean * 24)
        return face
    length = {2: 56, 3: 56, 4: 56, 5: 56, 6: 56, 7: 42, 9: 42}[number]
    for x, y, middle in SOU_LAYOUTS[number]:
        stick(face, x, y, length, RED if red or middle else GREEN)
    return face


def peacock(face: pygame.Surface) -> None:
    """1s: a bird, as on real tiles; tail fan, body, head and beak."""
    s = SCALE
    for step in range(5):
        angle = math.radians(200 + step * 28)
        tip = (60 * s + 52 * s * math.cos(angle), 112 * s + 52 * s * math.sin(angle))
        pygame.draw.line(face, GREEN, (60 * s, 112 * s), tip, 4 * s)
        pygame.draw.circle(face, BLUE, (round(tip[0]), round(tip[1])), 7 * s)
        pygame.draw.circle(face, RED, (round(tip[0]), round(tip[1])), 3 * s)
    pygame.draw.ellipse(face, GREEN, (36 * s, 84 * s, 48 * s, 56 * s))
    pygame.draw.ellipse(face, RED, (48 * s, 96 * s, 22 * s, 30 * s))
    pygame.draw.circle(face, GREEN, (78 * s, 76 * s), 12 * s)
    pygame.draw.circle(face, IVORY, (81 * s, 73 * s), 3 * s)
    pygame.draw.polygon(face, RED, [(88 * s, 72 * s), (102 * s, 78 * s), (88 * s, 82 * s)])
    pygame.draw.line(face, RED, (56 * s, 140 * s), (52 * s, 150 * s), 3 * s)
    pygame.draw.line(face, RED, (66 * s, 140 * s), (70 * s, 150 * s), 3 * s)


def honour(number: int) -> pygame.Surface:
    face = blank_face()
    if number == 5:
        frame = pygame.Rect(0, 0, 64 * SCALE, 96 * SCALE)
        frame.center = (W // 2, H // 2)
        pygame.draw.rect(face, BLUE, frame, 5 * SCALE, border_radius=4 * SCALE)
        pygame.draw.rect(
            face, BLUE, frame.inflate(-16 * SCALE, -16 * SCALE), 2 * SCALE, border_radius=3 * SCALE
        )
        return face
    glyph, colour = HONOURS[number]
    blit_centred(face, glyph, 78, colour, 78)
    return face


def red_dot(face: pygame.Surface) -> None:
    pygame.draw.circle(face, RED, (W - 16 * SCALE, 16 * SCALE), 6 * SCALE)


def back() -> pygame.Surface:
    """The back as real tiles have it: one deep colour, lit from the top left, with a
    rounded bevel round its edge and no pattern."""
    face = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = 14 * SCALE
    pygame.draw.rect(face, BACK_DARK, face.get_rect(), border_radius=radius)
    top = face.get_rect().inflate(-5 * SCALE, -5 * SCALE)
    for row in range(top.height):  # a soft fall of light down the tile
        shade = row / top.height
        colour = tuple(round(a + (b - a) * shade) for a, b in zip(BACK_LIGHT, BACK, strict=True))
        pygame.draw.line(face, colour, (top.left, top.top + row), (top.right - 1, top.top + row))
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), top, border_radius=radius - 3)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    rim = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(rim, BACK_DARK, face.get_rect(), border_radius=radius)
    rim.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    face.blit(rim, (0, 0))
    pygame.draw.rect(face, BACK_SHINE, top.inflate(-6 * SCALE, -6 * SCALE), SCALE, border_radius=radius - 6)
    return face


def small_man(number: int, red: bool) -> pygame.Surface:
    face = blank_face()
    blit_centred(face, KANJI_NUMBERS[number - 1], 74, RED if red else INK, 56)
    blit_centred(face, "萬", 46, RED, 126)
    return face


def small_pin(number: int, red: bool) -> pygame.Surface:
    """Solid discs, larger than the fine face's rings: a count that reads at 22 px."""
    face = blank_face()
    if number == 1:
        disc(face, 60, 80, 40, GREEN)
        pygame.draw.circle(face, RED, (W // 2, H // 2), round(20 * SCALE))
        return face
    grow = {2: 1.1, 3: 1.15, 4: 1.15, 5: 1.1, 6: 1.1, 7: 1.05, 8: 1.05, 9: 1.15}[number]
    for x, y, colour in PIN_LAYOUTS[number]:
        disc(face, x, y, PIN_RADIUS[number] * grow, RED if red else colour)
    return face


def disc(face: pygame.Surface, x: float, y: float, radius: float, colour: tuple[int, int, int]) -> None:
    centre = (round(x * SCALE), round(y * SCALE))
    pygame.draw.circle(face, colour, centre, round(radius * SCALE))
    pygame.draw.circle(face, IVORY, centre, round(radius * SCALE * 0.3))


SMALL_EIGHT_LEAN = 28
"""Degrees the inner sticks of a small 8s lean, as on real tiles (an M over a W): upright
in two rows, its eight sticks were hard to tell from the 6s's six at 22 px."""


def small_sou(number: int, red: bool) -> pygame.Surface:
    """Solid sticks twice as thick as the fine face's, one ivory band across each."""
    face = blank_face()
    if number == 1:
        peacock(face)
        return face
    if number == 8:
        for row_y, tilt in ((46, 1), (114, -1)):
            for x, lean in ((20, 0), (47, tilt), (73, -tilt), (100, 0)):
                small_stick(face, x, row_y, 18, 58, RED if red else GREEN, lean * SMALL_EIGHT_LEAN)
        return face
    length = {2: 58, 3: 58, 4: 58, 5: 58, 6: 58, 7: 44, 9: 44}[number]
    for x, y, middle in SOU_LAYOUTS[number]:
        small_stick(face, x, y, 22, length, RED if red or middle else GREEN)
    return face


def small_stick(
    face: pygame.Surface, x: float, y: float, thick: float, length: float, colour: tuple[int, int, int],
    tilt: float = 0.0,
) -> None:
    """A solid stick centred on (x, y) with one ivory band across it."""
    bar = pygame.Surface((round(thick * SCALE), round(length * SCALE)), pygame.SRCALPHA)
    rect = bar.get_rect()
    pygame.draw.rect(bar, colour, rect, border_radius=6 * SCALE)
    pygame.draw.line(bar, IVORY, (0, rect.centery), (rect.right - 1, rect.centery), 2 * SCALE)
    if tilt:
        bar = pygame.transform.rotate(bar, tilt)
    face.blit(bar, bar.get_rect(center=(round(x * SCALE), round(y * SCALE))))


def small_honour(number: int) -> pygame.Surface:
    if number == 5:
        face = honour(5)
        frame = pygame.Rect(0, 0, 70 * SCALE, 104 * SCALE)
        frame.center = (W // 2, H // 2)
        pygame.draw.rect(face, BLUE, frame, 9 * SCALE, border_radius=5 * SCALE)
        return face
    face = blank_face()
    glyph, colour = HONOURS[number]
    blit_centred(face, glyph, 96, colour, 78)
    return face


def small_faces() -> dict[str, pygame.Surface]:
    """The faces for tiles under 30 px wide, by the same names as `all_faces`."""
    faces: dict[str, pygame.Surface] = {}
    for suit, draw in (("m", small_man), ("p", small_pin), ("s", small_sou)):
        for number in range(1, 10):
            faces[f"{number}{suit}"] = draw(number, False)
        red = draw(5, True)
        pygame.draw.circle(red, RED, (W - 18 * SCALE, 18 * SCALE), 10 * SCALE)
        faces[f"0{suit}"] = red
    for number in range(1, 8):
        faces[f"{number}z"] = small_honour(number)
    faces["back"] = back()
    return {name: pygame.transform.smoothscale(face, (WIDTH, HEIGHT)) for name, face in faces.items()}


def all_faces() -> dict[str, pygame.Surface]:
    """Every image by name: the mpsz code ('1m' .. '7z', '0m/0p/0s' red fives) and 'back'."""
    faces: dict[str, pygame.Surface] = {}
    for suit, draw in (("m", man), ("p", pin), ("s", sou)):
        for number in range(1, 10):
            faces[f"{number}{suit}"] = draw(number, False)
        red = draw(5, True)
        red_dot(red)
        faces[f"0{suit}"] = red
    for number in range(1, 8):
        faces[f"{number}z"] = honour(number)
    faces["back"] = back()
    return {name: pygame.transform.smoothscale(face, (WIDTH, HEIGHT)) for name, face in faces.items()}


def write(faces: dict[str, pygame.Surface], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, face in faces.items():
        pygame.image.save(face, str(out / f"{name}.png"))


def contact_sheet(faces: dict[str, pygame.Surface], small: dict[str, pygame.Surface], path: Path) -> None:
    """All faces at 80 and 40 px wide on felt, and the small ones at 22, to look at."""
    names = list(faces)
    per_line = 19
    sheet = pygame.Surface((per_line * 88 + 16, 2 * 130 + 2 * 72 + 2 * 48 + 36))
    sheet.fill((24, 86, 60))
    top = 12
    for width, source in ((80, faces), (40, faces), (22, small)):
        height = width * 4 // 3
        for index, name in enumerate(names):
            x = 12 + (index % per_line) * (width + 8)
            y = top + (index // per_line) * (height + 18)
            body = pygame.Rect(x, y + max(3, width // 8), width, height)
            pygame.draw.rect(sheet, (20, 74, 104), body, border_radius=max(2, width // 8))
            sheet.blit(pygame.transform.smoothscale(source[name], (width, height)), (x, y))
        top += 2 * (height + 18)
    pygame.image.save(sheet, str(path))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write (default: assets/tiles)")
    parser.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = parser.parse_args()
    pygame.font.init()
    faces = all_faces()
    small = small_faces()
    write(faces, args.out)
    write(small, args.out / "small")
    if args.sheet:
        contact_sheet(faces, small, args.sheet)
    print(f"wrote {len(faces)} faces and their small versions to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
