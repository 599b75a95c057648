"""`release_memory` (game/app/play/helper.py) empties every memoised function of the process
once a match is over: those it had met before and those of a module loaded since."""
from __future__ import annotations

import gc
import importlib
import sys
from functools import _lru_cache_wrapper

import pytest

from game.app.play.helper import rank_wall, release_memory
from game.engine.rules import Rules
from game.engine.tiles import EAST, WEST
from tests.helpers import kept, tiles

WALL = tiles("1112223334m777p123456789s12345z", red_fives=False)
DORA_INDICATOR = tiles("9p", red_fives=False)[0] + 1

LATE_MODULE = '''
import functools


@functools.lru_cache(maxsize=8)
def doubled(value):
    return 2 * value


@functools.cache
def halved(value):
    return value / 2


class Shape:
    @functools.lru_cache(maxsize=8)
    def triple(self, value):
        return 3 * value

    @staticmethod
    @functools.cache
    def squared(value):
        return value * value


def _memoised(function):
    return functools.lru_cache(maxsize=4)(function)


negated = _memoised(lambda value: -value)
'''


def filled_caches() -> list[_lru_cache_wrapper]:
    """What a look through the whole heap finds memoised and holding something."""
    return [obj for obj in gc.get_objects() if type(obj) is _lru_cache_wrapper and obj.cache_info().currsize]


@pytest.fixture
def late_module(tmp_path, monkeypatch):
    """A module with memoised functions of every kind, loaded after the game has released its
    memory once (its memoised functions looked for then)."""
    release_memory()
    (tmp_path / "late_memoised.py").write_text(LATE_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("late_memoised")
    yield module
    sys.modules.pop("late_memoised", None)


def test_the_memoised_functions_of_a_module_loaded_late_are_emptied(late_module):
    shape = late_module.Shape()
    late_module.doubled(1), late_module.halved(1), shape.triple(1), shape.squared(1), late_module.negated(1)
    caches = [late_module.doubled, late_module.halved, late_module.Shape.triple, late_module.Shape.squared,
              late_module.negated]
    assert all(cache.cache_info().currsize == 1 for cache in caches)
    release_memory()
    assert [cache.cache_info().currsize for cache in caches] == [0] * len(caches)


@pytest.mark.parametrize("seat_wind", [EAST, WEST])
def test_every_memoised_function_a_heap_scan_finds_filled_is_emptied(seat_wind, whole_heap):
    """The analyser's and the scorer's, filled by ranking a wall; twice, so that the second
    release works from what the first found."""
    rank_wall(WALL, seat_wind, DORA_INDICATOR, Rules.preset("kaiji"))
    filled = filled_caches()
    assert "game" in {cache.__module__.split(".")[0] for cache in filled}
    release_memory()
    assert [cache for cache in filled if cache.cache_info().currsize] == []


def test_the_tests_kept_setups_are_not_emptied():
    made = []
    setup = kept(lambda: made.append(1) or len(made))
    assert setup() == 1
    release_memory()
    assert setup() == 1 and made == [1]
