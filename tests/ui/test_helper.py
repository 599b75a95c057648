"""The building helper says what the analyser says: the same waits, live copies, values,
floor verdicts and suggestions, only faster for partial selections."""
from __future__ import annotations

import gc
import random
import threading
import weakref
from concurrent.futures import Executor, Future, ThreadPoolExecutor

import pytest

from game.app.play.helper import (
    FIRST_ANSWER,
    SUGGESTIONS_SHOWN,
    BuildHelper,
    best_of_wall,
    holding_mask,
    rank_wall,
    release_memory,
)
from game.engine import analysis
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT, WEST, format_tiles
from tests.helpers import tiles

# The rule book's example: 1112223334m777p waits on 1-5m; only 4m (suuankou) clears the floor.
WALL = tiles("1112223334m777p123456789s12345z", red_fives=False)



DORA_INDICATOR = tiles("9p", red_fives=False)[0] + 1  # a 9p from the side wall, not one of ours



RULES = Rules.preset("kaiji")



@pytest.fixture(scope="module")
def helper():
    with ThreadPoolExecutor(max_workers=1) as executor:
        built = BuildHelper(WALL, WEST, DORA_INDICATOR, RULES, executor)
        built.wait_until_ready(timeout=60)
        yield built



def hand_ids(text):
    return [t for t in WALL if t in tiles(text, red_fives=False)]



def test_a_full_hand_reports_the_analysers_waits_values_and_floor(helper):
    hand = hand_ids("1112223334m777p")
    report = helper.report(hand)
    expected = analysis.WallAnalyser(WALL, WEST, DORA_INDICATOR, RULES).analyze_selection(hand).hand
    assert report.tenpai is True
    assert [(w.kind, w.live, w.clears_floor) for w in report.waits] == [
        (w.kind, w.live, w.clears_floor) for w in expected.waits
    ]
    assert [w.value for w in report.waits] == [w.value for w in expected.waits]
    assert [w.code for w in report.waits] == ["1m", "2m", "3m", "4m", "5m"]
    assert [w.clears_floor for w in report.waits] == [False, False, False, True, False]
    assert report.mangan_tenpai
    below = [note for note in report.warnings if note.startswith("Below mangan")]
    assert below and below[0].startswith("Below mangan: 1-man, 2-man, 3-man, 5-man")



def full_hand_report(wall_text, hand_text):
    wall = tiles(wall_text, red_fives=False)
    hand = [t for t in wall if t in tiles(hand_text, red_fives=False)]
    with ThreadPoolExecutor(max_workers=1) as executor:
        return BuildHelper(wall, WEST, None, RULES, executor).report(hand)



def test_a_dead_wait_is_shown_dead_and_warned_about():
    # A 9s tanki when the other three 9s are in our own wall: karaten.
    report = full_hand_report("123456789m123p9999s1234567z468p5p1357s1m5s7z", "123456789m123p9s")
    assert [(w.code, w.live, w.dead) for w in report.waits] == [("9s", 0, True)]
    assert not report.mangan_tenpai
    assert any(note.startswith("Dead: 9-sou.") for note in report.warnings)
    assert "No live wait reaches mangan: this hand cannot win." in report.warnings



def test_more_own_winning_tiles_in_the_pool_than_can_be_held_back_is_warned_about():
    # Waiting on 4s-7s with three of each left in the pool: six, and only four can stay.
    report = full_hand_report("234567m234p22s56s444777s1234567z1m9m1p9p8m8p9s1s", "234567m234p22s56s")
    assert [w.code for w in report.waits] == ["4s", "7s"]
    assert any(
        "keeps 6 of your own winning tiles" in note and "discard 2" in note for note in report.warnings
    )



def test_a_hand_that_is_not_tenpai_says_it_can_never_win(helper):
    report = helper.report(hand_ids("1112223334m7p12s"))
    assert report.tenpai is False and not report.mangan_tenpai
    assert report.warnings == ("Not tenpai: this hand can never win.",)



def test_a_partial_selection_lists_the_analysers_completions_best_first(helper):
    selection = hand_ids("111222m")
    report = helper.report(selection)
    expected = analysis.WallAnalyser(WALL, WEST, DORA_INDICATOR, RULES).analyze_selection(selection).completions
    assert report.ready and report.tenpai is None
    assert report.completions == len(expected)
    best = report.suggestions[0]
    assert format_tiles(best.tiles, False) == expected[0].hand.text
    assert format_tiles(best.added, False) == format_tiles(expected[0].added, False)
    assert set(selection) <= set(best.tiles)



def test_suggest_completes_the_selection_or_gives_the_walls_best_hand(helper):
    best = analysis.WallAnalyser(WALL, WEST, DORA_INDICATOR, RULES).analyze().hands[0]
    assert format_tiles(helper.suggest([]), False) == best.text
    kept = hand_ids("777p")
    suggestion = helper.suggest(kept)
    assert set(kept) <= set(suggestion) and len(suggestion) == 13



def test_the_holding_mask_sees_copies_and_red_fives_apart():
    two_fives = tiles("55m", red_fives=True)
    red_and_plain = tiles("05m", red_fives=True)
    assert holding_mask(two_fives, True) & ~holding_mask(two_fives + tiles("1m"), True) == 0
    assert holding_mask(two_fives, True) & ~holding_mask(red_and_plain, True) != 0
    assert holding_mask(two_fives, False) & ~holding_mask(red_and_plain, False) == 0



def test_before_the_wall_is_studied_a_partial_selection_says_so():
    with ThreadPoolExecutor(max_workers=1) as executor:
        executor.submit(lambda: __import__("time").sleep(0.5))  # keeps the worker busy
        fresh = BuildHelper(WALL, EAST, DORA_INDICATOR, RULES, executor)
        report = fresh.report(hand_ids("111m"))
        assert not report.ready and report.completions == 0
        assert fresh.suggest([]) is None



class BrokenPool:
    """An executor whose work always fails, as a process pool that cannot start processes."""

    def submit(self, *args, **kwargs):
        failed = Future()
        failed.set_exception(RuntimeError("no processes here"))
        return failed



def test_when_the_worker_fails_the_wall_is_analysed_in_the_fallback():
    with ThreadPoolExecutor(max_workers=1) as fallback:
        helper = BuildHelper(WALL, WEST, DORA_INDICATOR, RULES, BrokenPool(), fallback=fallback)
        helper.wait_until_ready(timeout=60)
        assert helper.ready
        assert helper.report(hand_ids("111222m")).completions > 0



# The helper answers before the whole wall is ranked, and Suggest pressed too early is
# served the moment the answer comes.
SHUFFLED_WALL = tuple(random.Random(3).sample(range(TILE_COUNT), 34))



INDICATOR = next(t for t in range(TILE_COUNT) if t not in SHUFFLED_WALL)



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
        helper = BuildHelper(SHUFFLED_WALL, EAST, INDICATOR, RULES, pool)
        assert pool.firsts == ["best_of_wall", "rank_wall"]
        assert helper.answered and not helper.ready
        report = helper.report([])
        best = analysis.WallAnalyser(SHUFFLED_WALL, EAST, INDICATOR, RULES).analyze().hands
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
        helper = BuildHelper(SHUFFLED_WALL, EAST, INDICATOR, RULES, pool)
        assert helper.suggest([]) is None and not helper.answered
        assert helper.take_suggestion([]) is None  # nothing was asked for
        helper.want_suggestion()
        assert helper.report([]).suggestion_coming
        assert helper.take_suggestion([]) is None  # still studying
        pool.release.set()
        helper.wait_until_ready(timeout=60)
        best = analysis.WallAnalyser(SHUFFLED_WALL, EAST, INDICATOR, RULES).analyze().hands[0]
        assert helper.take_suggestion([]) == best.tiles
        assert helper.take_suggestion([]) is None  # served once
        assert not helper.report([]).suggestion_coming
    finally:
        pool.shutdown()



def test_the_first_answer_is_the_start_of_the_ranking():
    first, masks = best_of_wall(SHUFFLED_WALL, EAST, INDICATOR, RULES)
    whole, whole_masks = rank_wall(SHUFFLED_WALL, EAST, INDICATOR, RULES)
    assert len(first) == FIRST_ANSWER
    assert first == whole[:FIRST_ANSWER] and masks == whole_masks[:FIRST_ANSWER]


def test_releasing_the_memory_passes_over_a_dead_weak_proxy():
    """The game holds weak proxies; one whose object is gone raised ReferenceError at the
    first summary or title after a match (release_memory asked it for its class)."""
    class Thing:
        pass

    thing = Thing()
    proxy = weakref.proxy(thing)
    del thing
    release_memory()
    assert gc.is_tracked(proxy)  # it was among the objects looked at
