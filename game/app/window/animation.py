"""Short animations on the table: a discard flying to its river, the dora indicator flipping.

Each knows its progress (0..1) and is advanced by the scene's update; views only read it.
With the animation setting on "instant" nothing is animated at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.engine.events import Discarded, DoraFlipped, Event, ExhaustiveDraw, HandBuilt, RiichiDeclared, Won

DISCARD_SECONDS = 0.28
FLIP_SECONDS = 0.8
EVENT_SOUNDS = {RiichiDeclared: "riichi", HandBuilt: "tile_placed", Won: "ron", ExhaustiveDraw: "draw"}


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

    @property
    def changing(self) -> bool:
        """Whether it still looks different from one frame to the next."""
        return not self.done

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

    @property
    def changing(self) -> bool:
        return not self.done or self.glowing  # the glow goes out a moment after the turn


def in_motion(animations: Iterable[Animation | None], speed: float) -> bool:
    """Whether any of the animations is still changing; with animation off none is (they
    stand at their end, a flipped dora's glow included, and are drawn still)."""
    return speed > 0 and any(animation is not None and animation.changing for animation in animations)


def moving(animations: Iterable[Animation | None]) -> bool:
    """Whether a tile is still on its way (a discard flying, the dora turning over; not the
    glow after the turn): a joined table holds the host's next news until it has landed."""
    return any(animation is not None and not animation.done for animation in animations)


def sound_and_motion(
    events: Iterable[Event], play: Callable[[str], None], animate: bool,
    flight_start: Callable[[int], tuple[int, int]],
) -> tuple[DoraFlip | None, DiscardFlight | None]:
    """Play each event's sound; the dora flip and the discard flight the events start (None
    where they start none, or with animation off). Live play and the theatre alike."""
    flip: DoraFlip | None = None
    flight: DiscardFlight | None = None
    for event in events:
        if isinstance(event, DoraFlipped):
            play("dora_flip")
            if animate and event.wall is not None and event.stack is not None:
                flip = DoraFlip(FLIP_SECONDS, wall=event.wall, stack=event.stack)
        elif isinstance(event, Discarded):
            play("riichi" if event.riichi else "discard")
            if animate:
                flight = DiscardFlight(DISCARD_SECONDS, seat=event.seat, start=flight_start(event.seat))
        elif type(event) in EVENT_SOUNDS:
            play(EVENT_SOUNDS[type(event)])
    return flip, flight
