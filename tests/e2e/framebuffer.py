"""Xvfb's screen as a picture: `Xvfb -fbdir DIR` keeps it in DIR/Xvfb_screen0 as an XWD
file (32 bits a pixel, least significant byte first), read here without ImageMagick."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame

HEADER_FIELDS = 25


def read_screen(fbdir: Path) -> pygame.Surface:
    data = (fbdir / "Xvfb_screen0").read_bytes()
    fields = struct.unpack(f">{HEADER_FIELDS}I", data[: HEADER_FIELDS * 4])
    header_size, width, height, bytes_per_line, colours = fields[0], fields[4], fields[5], fields[12], fields[19]
    pixels = data[header_size + colours * 12 :][: bytes_per_line * height]
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = pixels[2::4], pixels[1::4], pixels[0::4]
    return pygame.image.frombuffer(bytes(rgb), (width, height), "RGB").copy()


def save_screen(fbdir: Path, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(read_screen(fbdir), str(path))
