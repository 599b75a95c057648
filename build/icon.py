"""The application's icon files, all drawn from `game.app.window.icon` (the picture the window shows):
the Windows `.ico`, the macOS `.icns` and the PNGs of a freedesktop icon theme. The `.ico` and
`.icns` hold PNG images (readable since Windows Vista and macOS 10.7), so no image library is
needed to write them."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame loads: no greeting in the build log

import pygame

from game.app.window.icon import icon_surface

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    (b"ic11", 32),  # 16 pt at 2x
    (b"ic12", 64),  # 32 pt at 2x
    (b"ic07", 128),
    (b"ic13", 256),  # 128 pt at 2x
    (b"ic08", 256),
    (b"ic14", 512),  # 256 pt at 2x
    (b"ic09", 512),
    (b"ic10", 1024),  # 512 pt at 2x
)
"""The PNG element types of an .icns and their edge in pixels: the set Pillow's writer uses,
which covers every size Finder and the Dock draw (16 pt at 1x is scaled from 32 px)."""
THEME_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""hicolor sizes for Linux desktops: menus (16-24), panels and docks (32-64), launchers and
file managers' large views (128-512)."""


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


def write_icns(path: Path) -> Path:
    """An Apple icon family: the `icns` header, a table of contents, then one PNG element per
    type; every length is big-endian and counts its own 8-byte header."""
    pngs = {size: png_bytes(size) for size in {size for _, size in ICNS_TYPES}}
    elements = [kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES]
    toc = b"TOC " + struct.pack(">I", 8 + 8 * len(elements)) + b"".join(element[:8] for element in elements)
    body = toc + b"".join(elements)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return path


def write_theme_icons(root: Path, name: str) -> list[Path]:
    """`root/hicolor/NxN/apps/NAME.png` for every theme size: the layout of
    `~/.local/share/icons` and `/usr/share/icons`."""
    written = []
    for size in THEME_SIZES:
        path = root / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png_bytes(size))
        written.append(path)
    return written
