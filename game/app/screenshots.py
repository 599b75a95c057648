"""F12's pictures: `17steps-NNN.png`, numbered on from the highest number already in the
folder, so that a new session never writes over the pictures of the last; each is made as
a new file, never opened over one (not even one that appears while it is saved)."""

from __future__ import annotations

import itertools
import re
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


def save_screenshot(picture: pygame.Surface, folder: Path) -> Path:
    """Save `picture` as the next screenshot in `folder` (made when missing); its path.
    Raises OSError or pygame.error when it cannot be saved (and leaves no file then)."""
    folder.mkdir(parents=True, exist_ok=True)
    first = next_screenshot_number(folder)
    path = claim_new_file(folder / screenshot_name(number) for number in itertools.count(first))
    try:
        pygame.image.save(picture, str(path))
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path
