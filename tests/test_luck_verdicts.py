"""A wait left unscored tells from its own bound whether ippatsu or houtei could take it to
the floor (one more han at most doubles a value below mangan); the verdicts must be those
of the bound worked out afresh with one more han, on every wait of whole walls."""

from __future__ import annotations

import random

import pytest

from game.engine.analysis import WaitAnalysis, WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, SOUTH, WEST


def seeded_wall(seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    wall = rng.sample(range(136), 34)
    return wall, rng.choice(sorted(set(range(136)) - set(wall)))


@pytest.mark.parametrize(("preset", "options", "seat"), [
    ("kaiji", {}, EAST), ("kaiji", {"kiriage": False, "red_fives": True}, WEST), ("pro_stream", {}, SOUTH),
    ("kaiji", {"floor_counts_situational": False}, EAST),
])
def test_luck_verdicts_from_the_waits_bound_are_the_fresh_bounds(preset, options, seat):
    rules = Rules.preset(preset, **options)
    checked = 0
    for seed in (3, 7):
        wall, indicator = seeded_wall(seed)
        for hand in WallAnalyser(wall, seat, indicator, rules).analyze().hands:
            for wait in hand.waits:
                if wait.bound is None:
                    continue
                fresh = WaitAnalysis(wait.kind, wait.tile, wait.live, wait.clears_floor, wait.hand, wait.table,
                                     wait.exact, wait.limit)
                assert (wait.clears_floor_with_ippatsu, wait.clears_floor_with_houtei) == (
                    fresh.clears_floor_with_ippatsu, fresh.clears_floor_with_houtei), wait
                checked += 1
    assert checked > 1000
