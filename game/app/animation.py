"""Short animations on the table: a discard flying to its river, the dora indicator flipping.

Each knows its progress (0..1) and is advanced by the scene's update; views only read it.
With the animation setting on "instant" nothing is animated at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

DISCARD_SECONDS = 0.28
FLIP_SECONDS = 0.8


@dataclass
class Animation:
    seconds: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.seconds <= 0 else min(1.0, self.elapsed / self.seconds)

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    def advance(self, dt: float, speed: float) -> None:
        self.elapsed = self.seconds if speed <= 0 else self.elapsed + dt * speed


@dataclass
class DiscardFlight(Animation):
    """The latest discard of `seat` travelling from where it was held to its river place."""

    seat: int = 0
    start: tuple[int, int] = (0, 0)

    def position(self, end: pygame.Rect) -> tuple[int, int]:
        t = 1 - (1 - self.progress) ** 3  # ease out: quick start, soft landing
        return (
            round(self.start[0] + (end.x - self.start[0]) * t),
            round(self.start[1] + (end.y - self.start[1]) * t),
        )


@dataclass
class DoraFlip(Animation):
    """The chosen upper tile turning over: its back narrows, then its face widens."""

    wall: int = 0
    stack: int = 0

    @property
    def showing_face(self) -> bool:
        return self.progress >= 0.5

    @property
    def width_fraction(self) -> float:
        return abs(1 - 2 * self.progress)

    @property
    def lift(self) -> float:
        """How far the tile is raised out of the wall (0..1): up, over, and back down."""
        return math.sin(math.pi * self.progress)

    @property
    def glowing(self) -> bool:
        """Just turned over: the indicator is outlined a moment longer, to be seen."""
        return self.done and self.elapsed < self.seconds * 3
