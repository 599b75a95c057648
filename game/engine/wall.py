"""The walls on the automatic table: a seeded shuffle into four walls of 17 stacks, two tiles high.

Position p of the 136-tile wall order lies in wall ``p // 34``, stack ``p % 34 // 2``,
upper tile when p is even, the tile beneath when odd. Walls are numbered round the table
from the bottom seat: 0 bottom, 1 right, 2 top, 3 left. With two players the walls in
front of them (0 and 2) are personal walls and 1 and 3 are side walls; with three players
wall 3 is the one side wall; with four players every wall is a personal wall.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.tiles import TILE_COUNT

WALLS = 4
STACKS_PER_WALL = 17
TILES_PER_WALL = STACKS_PER_WALL * 2

PERSONAL_WALLS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def _personal_walls(players: int) -> tuple[int, ...]:
    if players not in PERSONAL_WALLS:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    return PERSONAL_WALLS[players]


def side_walls(players: int) -> tuple[int, ...]:
    personal = _personal_walls(players)
    return tuple(w for w in range(WALLS) if w not in personal)


def position(wall: int, stack: int, lower: bool = False) -> int:
    return wall * TILES_PER_WALL + stack * 2 + int(lower)


@dataclass(frozen=True)
class Deal:
    """What the shuffle decided for one hand: the wall order, and the virtual dora pair."""

    wall_order: tuple[int, ...]
    virtual_dora: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if sorted(self.wall_order) != list(range(TILE_COUNT)):
            raise ValueError("a wall order must hold each of the 136 tiles exactly once")

    @classmethod
    def shuffle(cls, rng: random.Random, virtual_dora: bool = False) -> Deal:
        order = list(range(TILE_COUNT))
        rng.shuffle(order)
        virtual = None
        if virtual_dora:
            indicator, ura = rng.sample(range(TILE_COUNT), 2)
            virtual = (indicator, ura)
        return cls(tuple(order), virtual)

    def wall_tiles(self, wall: int) -> tuple[int, ...]:
        start = wall * TILES_PER_WALL
        return self.wall_order[start:start + TILES_PER_WALL]

    def personal_wall(self, players: int, seat: int) -> tuple[int, ...]:
        """The 34 tiles of a seat's own wall (seats sit at walls in PERSONAL_WALLS order)."""
        walls = _personal_walls(players)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        return self.wall_tiles(walls[seat])

    def dora_pair(self, players: int, wall: int, stack: int) -> tuple[int, int]:
        """The (indicator, ura indicator) of flipping the upper tile of a side-wall stack.

        Raises ValueError when the wall is not a side wall or the stack does not exist.
        """
        walls = side_walls(players)
        if wall not in walls:
            raise ValueError(f"wall {wall} is not a side wall; side walls are {list(walls)}")
        if not isinstance(stack, int) or isinstance(stack, bool) or not 0 <= stack < STACKS_PER_WALL:
            raise ValueError(f"stack must be 0..{STACKS_PER_WALL - 1}, not {stack!r}")
        return self.wall_order[position(wall, stack)], self.wall_order[position(wall, stack, True)]
