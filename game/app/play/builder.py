"""The hand a player is building: which of their 34 wall tiles sit in the 13 hand slots.

Only the player's arrangement lives here; whether a hand is legal or good is the
engine's and the analyser's business.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.kyoku import HAND_SIZE
from game.engine.tiles import format_tiles


class BuildState:
    def __init__(self, wall: Iterable[int], red_fives: bool) -> None:
        self.wall: tuple[int, ...] = tuple(sorted(wall))
        """The opened wall, in tile order (as the player lays it out)."""
        self.red_fives = red_fives
        self.hand: list[int] = []
        """Tile ids in the hand slots, in slot order."""
        self.revision = 0
        """Counts changes, so views and the helper refresh only when something moved."""

    @property
    def full(self) -> bool:
        return len(self.hand) == HAND_SIZE

    def in_hand(self, tile: int) -> bool:
        return tile in self.hand

    def add(self, tile: int, slot: int | None = None) -> bool:
        """Put a wall tile into the hand (at `slot`, else at the end); False if it cannot go."""
        if tile not in self.wall or tile in self.hand or self.full:
            return False
        position = len(self.hand) if slot is None else max(0, min(slot, len(self.hand)))
        self.hand.insert(position, tile)
        self.revision += 1
        return True

    def remove(self, tile: int) -> bool:
        if tile not in self.hand:
            return False
        self.hand.remove(tile)
        self.revision += 1
        return True

    def toggle(self, tile: int) -> bool:
        return self.remove(tile) if tile in self.hand else self.add(tile)

    def move(self, tile: int, slot: int) -> bool:
        """Reorder: move a hand tile to another slot."""
        if tile not in self.hand:
            return False
        self.hand.remove(tile)
        self.hand.insert(max(0, min(slot, len(self.hand))), tile)
        self.revision += 1
        return True

    def sort(self) -> None:
        self.hand.sort()
        self.revision += 1

    def clear(self) -> None:
        self.hand.clear()
        self.revision += 1

    def replace(self, tiles: Iterable[int]) -> None:
        """Take a suggested hand, sorted."""
        self.hand = sorted(tiles)
        self.revision += 1

    def text(self) -> str:
        """The hand in mpsz, as BuildHand wants it."""
        return format_tiles(self.hand, self.red_fives)
