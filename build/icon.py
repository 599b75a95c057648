"""The Windows executable's icon: `game.app.icon` at the sizes Windows asks for, as an .ico
file whose images are PNGs (readable since Windows Vista; no image library needed)."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame loads: no greeting in the build log

import pygame

from game.app.icon import icon_surface

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_bytes(size: int) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(icon_surface(size), buffer, "icon.png")
    return buffer.getvalue()


def write_ico(path: Path, sizes: tuple[int, ...] = ICO_SIZES) -> Path:
    images = [png_bytes(size) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, image in zip(sizes, images, strict=True):
        edge = size % 256  # 0 stands for 256 in an icon directory
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(image), offset + len(data))
        data += image
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + entries + data)
    return path
