"""The helper answers before the whole wall is ranked, and Suggest pressed too early is
served the moment the answer comes."""

from __future__ import annotations

import random
import threading
from concurrent.futures import Executor, Future, ThreadPoolExecutor

from game.app.play.helper import FIRST_ANSWER, SUGGESTIONS_SHOWN, BuildHelper, best_of_wall, holding_mask, rank_wall
from game.engine import analysis
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT

RULES = Rules.preset("kaiji")
WALL = tuple(random.Random(3).sample(range(TILE_COUNT), 34))
INDICATOR = next(t for t in range(TILE_COUNT) if t not in WALL)


class Held(Executor):
    """Runs the first answer at once and holds the whole ranking until released; records
    which submissions asked to go first."""

    def __init__(self, answer_first: bool = True) -> None:
        self.release = threading.Event()
        self.firsts: list[str] = []
        self.answer_first = answer_first
        self._threads = ThreadPoolExecutor(max_workers=2)

    def submit_first(self, fn, /, *args, **kwargs):
        self.firsts.append(fn.__name__)
        if fn is best_of_wall and not self.answer_first:
            return self._threads.submit(self._held, fn, *args)
        if fn is rank_wall:
            return self._threads.submit(self._held, fn, *args)
        done: Future = Future()
        done.set_result(fn(*args, **kwargs))
        return done

    def submit(self, fn, /, *args, **kwargs):
        raise AssertionError("the player's helper must go first")

    def _held(self, fn, *args):
        self.release.wait(60)
        return fn(*args)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self.release.set()
        self._threads.shutdown(wait=wait)


def test_the_helper_asks_to_go_first_and_answers_from_the_best_hands():
    pool = Held()
    try:
        helper = BuildHelper(WALL, EAST, INDICATOR, RULES, pool)
        assert pool.firsts == ["best_of_wall", "rank_wall"]
        assert helper.answered and not helper.ready
        report = helper.report([])
        best = analysis.WallAnalyser(WALL, EAST, INDICATOR, RULES).analyze().hands
        assert report.ready and report.completions is None  # the count comes with the whole ranking
        assert [s.tiles for s in report.suggestions] == [h.tiles for h in best[:SUGGESTIONS_SHOWN]]
        assert helper.suggest([]) == best[0].tiles
        # A selection the first hands cannot answer for sure waits for the whole ranking.
        rare = list(best[-1].tiles[:6])
        wanted = holding_mask(rare, False)
        held = sum(1 for h in best[:FIRST_ANSWER] if wanted & ~holding_mask(h.tiles, False) == 0)
        assert held < SUGGESTIONS_SHOWN
        assert not helper.report(rare).ready
        pool.release.set()
        helper.wait_until_ready(timeout=60)
        assert helper.report([]).completions == len(best)
    finally:
        pool.shutdown()


def test_suggest_before_the_answer_fills_the_hand_when_it_comes():
    pool = Held(answer_first=False)
    try:
        helper = BuildHelper(WALL, EAST, INDICATOR, RULES, pool)
        assert helper.suggest([]) is None and not helper.answered
        assert helper.take_suggestion([]) is None  # nothing was asked for
        helper.want_suggestion()
        assert helper.report([]).suggestion_coming
        assert helper.take_suggestion([]) is None  # still studying
        pool.release.set()
        helper.wait_until_ready(timeout=60)
        best = analysis.WallAnalyser(WALL, EAST, INDICATOR, RULES).analyze().hands[0]
        assert helper.take_suggestion([]) == best.tiles
        assert helper.take_suggestion([]) is None  # served once
        assert not helper.report([]).suggestion_coming
    finally:
        pool.shutdown()


def test_the_first_answer_is_the_start_of_the_ranking():
    first, masks = best_of_wall(WALL, EAST, INDICATOR, RULES)
    whole, whole_masks = rank_wall(WALL, EAST, INDICATOR, RULES)
    assert len(first) == FIRST_ANSWER
    assert first == whole[:FIRST_ANSWER] and masks == whole_masks[:FIRST_ANSWER]
