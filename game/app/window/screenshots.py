"""F12's pictures: `17steps-NNN.png`, numbered on from the highest number already in the
folder, so that a new session never writes over the pictures of the last; each is made as
a new file, never opened over one (not even one that appears while it is saved), and is
there whole or not at all: encoded in memory, checked, written beside its name, read back
and renamed."""

from __future__ import annotations

import errno
import io
import itertools
import os
import re
import tempfile
from pathlib import Path

import pygame

from game.files import claim_new_file

SCREENSHOT_NAME = re.compile(r"17steps-(\d{1,9})\.png", re.IGNORECASE)
"""Ours, as `screenshot_name` writes them (a case-blind file system sees 17STEPS-001.PNG as ours too)."""


def screenshot_name(number: int) -> str:
    return f"17steps-{number:03d}.png"


def next_screenshot_number(folder: Path) -> int:
    """One more than the highest number of a screenshot in `folder` (1 in an empty folder)."""
    numbers = (SCREENSHOT_NAME.fullmatch(path.name) for path in folder.iterdir())
    return 1 + max((int(found[1]) for found in numbers if found), default=0)


def check_screenshot_folder(folder: Path) -> None:
    """Make the folder and prove it takes a file, before anything is played for a picture
    in it; OSError (naming the folder) when it cannot."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is not a folder", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=folder):
        pass


def save_screenshot(picture: pygame.Surface, folder: Path) -> Path:
    """Save `picture` as the next screenshot in `folder` (made when missing); its path.
    Raises OSError (`PictureCut` for a picture that did not reach the disk whole) or
    pygame.error when it cannot be saved, and leaves no file then."""
    folder.mkdir(parents=True, exist_ok=True)
    png = encoded_png(picture)
    first = next_screenshot_number(folder)
    path = claim_new_file(folder / screenshot_name(number) for number in itertools.count(first))
    try:
        _write_whole(path, png)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


class PictureCut(OSError):
    """The picture did not reach the disk whole (a full disk that nothing reported)."""


PNG_END = b"\x00\x00\x00\x00IEND\xaeB`\x82"
"""The chunk every whole PNG file ends with."""


def encoded_png(picture: pygame.Surface) -> bytes:
    """The picture as a PNG file's bytes, checked whole: pygame's writer reports no error
    when it cannot write (a full disk left a PNG cut at 16 KB behind "Screenshot saved")."""
    encoded = io.BytesIO()
    pygame.image.save(picture, encoded, "png")
    png = encoded.getvalue()
    if not png.endswith(PNG_END):
        raise PictureCut(errno.EIO, "the picture was not encoded whole")
    return png


def _write_whole(path: Path, png: bytes) -> None:
    """Write `png` beside `path`, read it back, then rename it onto `path` (our own empty
    claim on the name): a picture is there whole or not at all."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(png)
            file.flush()
            os.fsync(file.fileno())
        if Path(temporary).read_bytes() != png:
            raise PictureCut(errno.EIO, "the picture did not reach the disk whole")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
