"""The analysis workers' memory (issue 16: the process tree within 200 MB): what a rich
wall's analysis allocates at its peak, and that a worker keeps nothing of a wall after its
job. The bounds are generous (about twice what the analyser needs now) and each fails on
the analyser that kept every hand's objects (34 MB at the first answer's peak on the wall
below, 36 MB for the whole ranking, 34 MB held by a bounded wall; now 10, 13 and 9)."""

from __future__ import annotations

import gc
import multiprocessing
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from game.app.play.analysis_pool import AnalysisPool
from game.app.play.helper import rank_wall
from game.engine import bound, scoring, tenpai
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT

KAIJI = Rules.preset("kaiji")
RICH_SEED = 114
"""One of the richest of benchmarks/analyze.py's seeded walls: 22 242 tenpai hands."""
MB = 1_000_000


def seeded_wall(seed: int) -> tuple[tuple[int, ...], int]:
    """As benchmarks/analyze.py: 34 tiles, then the indicator from the others."""
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), 34)
    return tuple(wall), rng.choice(sorted(set(range(TILE_COUNT)) - set(wall)))


def traced(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """Peak and held memory (MB) that Python traced while `work` ran from cold caches."""
    for module in (bound, tenpai, scoring):
        module.clear_cache()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        result = work()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return (peak - before) / MB, (held - before) / MB, result


@pytest.fixture(scope="module")
def rich_wall() -> tuple[tuple[int, ...], int]:
    return seeded_wall(RICH_SEED)


def test_the_first_answer_on_a_rich_wall_stays_small(rich_wall):
    wall, indicator = rich_wall
    peak, _, answer = traced(lambda: WallAnalyser(wall, EAST, indicator, KAIJI).best_hands(5))
    print(f"first answer: traced peak {peak:.1f} MB")
    assert answer.tenpai_count == 22242
    assert peak < 18


def test_the_whole_ranking_on_a_rich_wall_stays_small(rich_wall):
    wall, indicator = rich_wall
    peak, _, ranked = traced(lambda: WallAnalyser(wall, EAST, indicator, KAIJI).ranked_tiles())
    print(f"whole ranking: traced peak {peak:.1f} MB")
    assert len(ranked) == 22242
    assert peak < 24


def test_a_bounded_wall_holds_little_per_hand(rich_wall):
    wall, indicator = rich_wall
    _, held, bounded = traced(lambda: WallAnalyser(wall, EAST, indicator, KAIJI).bounded())
    print(f"bounded wall: held {held:.1f} MB")
    assert len(bounded.hands) == 22242
    assert held < 15


def cached_entries() -> dict[str, int]:
    """What the analyser remembers in this process (run in a worker)."""
    return {
        "shapes": len(bound._SHAPES),
        "suits": bound._suit.cache_info().currsize,
        "wins": scoring._score_cached.cache_info().currsize,
    }


def test_a_worker_keeps_nothing_of_a_wall_after_its_job(rich_wall):
    wall, indicator = rich_wall
    pool = AnalysisPool(1, multiprocessing.get_context("spawn"))
    try:
        hands, masks = pool.submit(rank_wall, wall, EAST, indicator, KAIJI).result(timeout=120)
        assert len(hands) == len(masks) == 22242
        # the next job starts once the last one's memory is released
        assert pool.submit(cached_entries).result(timeout=60) == {"shapes": 0, "suits": 0, "wins": 0}
    finally:
        pool.shutdown(cancel_futures=True)


def refuse() -> None:
    raise ValueError("this result cannot be read")


class Unreadable:
    """Pickled in the worker, but raises when the game unpickles it."""

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        return refuse, ()


def unreadable_result() -> Unreadable:
    return Unreadable()


def test_a_result_the_game_cannot_read_fails_its_future_instead_of_hanging():
    # Results are pickled in the worker (so that their objects are gone before the release)
    # and read back by the pool's callback.
    pool = AnalysisPool(1, multiprocessing.get_context("spawn"))
    try:
        with pytest.raises(ValueError, match="cannot be read"):
            pool.submit(unreadable_result).result(timeout=60)
        assert pool.submit(cached_entries).result(timeout=60)["shapes"] == 0  # the worker goes on
    finally:
        pool.shutdown(cancel_futures=True)
