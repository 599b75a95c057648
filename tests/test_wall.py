"""The automatic table (game.engine.wall): seeded shuffle, walls, side walls, dora pair."""

from __future__ import annotations

import random

import pytest

from game.engine.tiles import TILE_COUNT
from game.engine.wall import (
    PERSONAL_WALLS,
    STACKS_PER_WALL,
    TILES_PER_WALL,
    Deal,
    position,
    side_walls,
)


def deal(seed: int, virtual_dora: bool = False) -> Deal:
    return Deal.shuffle(random.Random(seed), virtual_dora)


def test_constants() -> None:
    assert (STACKS_PER_WALL, TILES_PER_WALL) == (17, 34)


@pytest.mark.parametrize("seed", [0, 1, 17, 2**40 + 3])
def test_same_seed_same_order(seed: int) -> None:
    assert deal(seed).wall_order == deal(seed).wall_order
    assert deal(seed, True) == deal(seed, True)


def test_different_seeds_differ() -> None:
    orders = {deal(seed).wall_order for seed in range(50)}
    assert len(orders) == 50
    assert deal(1).wall_order != tuple(range(TILE_COUNT))


@pytest.mark.parametrize("seed", range(5))
def test_shuffle_conserves_the_set(seed: int) -> None:
    order = deal(seed).wall_order
    assert len(order) == TILE_COUNT
    assert sorted(order) == list(range(TILE_COUNT))


def test_shuffle_uses_the_given_rng_only() -> None:
    rng = random.Random(5)
    first = Deal.shuffle(rng)
    second = Deal.shuffle(rng)  # the rng moved on
    assert first.wall_order != second.wall_order
    assert Deal.shuffle(random.Random(5)) == first


def test_virtual_dora() -> None:
    assert deal(3).virtual_dora is None
    pair = deal(3, True).virtual_dora
    assert pair is not None
    indicator, ura = pair
    assert indicator != ura and 0 <= indicator < TILE_COUNT and 0 <= ura < TILE_COUNT


@pytest.mark.parametrize("bad", [tuple(range(135)), (*range(135), 0), (*range(1, 136), 136), ()])
def test_bad_wall_order(bad: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="136 tiles exactly once"):
        Deal(bad)


@pytest.mark.parametrize(("players", "walls"), [(2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))])
def test_personal_walls(players: int, walls: tuple[int, ...]) -> None:
    assert PERSONAL_WALLS[players] == walls
    d = deal(11)
    seen: set[int] = set()
    for seat in range(players):
        wall = d.personal_wall(players, seat)
        assert len(wall) == 34
        assert seen.isdisjoint(wall)
        seen.update(wall)
        assert wall == d.wall_order[walls[seat] * 34:walls[seat] * 34 + 34]
    assert len(seen) == 34 * players


@pytest.mark.parametrize(("players", "seat"), [(2, 2), (2, -1), (3, 3), (4, 4), (5, 0), (1, 0)])
def test_personal_wall_bad_seat(players: int, seat: int) -> None:
    with pytest.raises(ValueError):
        deal(0).personal_wall(players, seat)


@pytest.mark.parametrize(("players", "walls"), [(2, (1, 3)), (3, (3,)), (4, ())])
def test_side_walls(players: int, walls: tuple[int, ...]) -> None:
    assert side_walls(players) == walls
    assert set(walls).isdisjoint(PERSONAL_WALLS[players])
    assert set(walls) | set(PERSONAL_WALLS[players]) == {0, 1, 2, 3}


def test_side_walls_bad_players() -> None:
    with pytest.raises(ValueError):
        side_walls(5)


def test_wall_tiles_partition_the_order() -> None:
    d = deal(2)
    assert sum((d.wall_tiles(w) for w in range(4)), ()) == d.wall_order


@pytest.mark.parametrize(
    ("wall", "stack", "lower", "expected"),
    [
        (0, 0, False, 0), (0, 0, True, 1), (0, 16, True, 33), (1, 0, False, 34), (3, 16, True, 135),
        (2, 5, False, 78),
    ],
)
def test_position(wall: int, stack: int, lower: bool, expected: int) -> None:
    assert position(wall, stack, lower) == expected


@pytest.mark.parametrize(("players", "wall"), [(2, 1), (2, 3), (3, 3)])
@pytest.mark.parametrize("stack", [0, 7, 16])
def test_dora_pair_upper_and_beneath(players: int, wall: int, stack: int) -> None:
    d = deal(9)
    indicator, ura = d.dora_pair(players, wall, stack)
    tiles = d.wall_tiles(wall)
    assert indicator == tiles[2 * stack]  # the upper tile
    assert ura == tiles[2 * stack + 1]  # the tile beneath it
    assert indicator not in d.personal_wall(players, 0)


def test_dora_pair_fixed_order() -> None:
    d = Deal(tuple(range(TILE_COUNT)))
    assert d.dora_pair(2, 1, 0) == (34, 35)
    assert d.dora_pair(2, 3, 16) == (134, 135)
    assert d.dora_pair(3, 3, 2) == (106, 107)


@pytest.mark.parametrize(
    ("players", "wall", "stack", "message"),
    [
        (2, 0, 0, "wall 0 is not a side wall"),
        (2, 2, 0, "wall 2 is not a side wall"),
        (3, 1, 0, "wall 1 is not a side wall"),
        (4, 3, 0, "not a side wall; side walls are \\[\\]"),
        (2, 4, 0, "not a side wall"),
        (2, 1, 17, "stack must be 0..16"),
        (2, 1, -1, "stack must be 0..16"),
        (2, 1, "3", "stack must be 0..16"),
        (2, 1, 1.0, "stack must be 0..16"),
        (2, 1, True, "stack must be 0..16"),
    ],
)
def test_dora_pair_errors(players: int, wall: int, stack: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        deal(0).dora_pair(players, wall, stack)  # type: ignore[arg-type]
