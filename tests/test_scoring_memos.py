"""scoring.py divides a hand's 14 tiles as the library does, from the library's own suit,
honour and seven-pairs decompositions memoised per pattern, and memoises each division (the
JSON report scores the same 14 tiles with another winning tile again and again); it also
shares the values of the library's answers. None of it may change a division or a score:
every check below asks the library with its own division in place and compares."""

from __future__ import annotations

import importlib.metadata
import logging
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld

from game.engine import scoring
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.scoring import WinContext, score_win
from game.engine.tiles import EAST, SOUTH, WEST, WIND_KINDS
from tests.helpers import ROOT, kind, tiles

LIBRARY_DIVISION = staticmethod(scoring._LIBRARY_DIVIDE_HAND)
GROUPS = [("seq", start) for suit in range(3) for start in range(suit * 9, suit * 9 + 7)] + \
         [("triplet", k) for k in range(34)]


def _counts(ids) -> list[int]:
    counts = [0] * 34
    for tile in ids:
        counts[tile // 4] += 1
    return counts


def _wins_on_every_kind(seeds: range, rules: Rules, step: int) -> list[tuple[tuple[int, ...], int]]:
    """Every `step`-th tenpai hand of each seeded wall with a winning tile on each wait,
    and for each such win every 13 of its 14 tiles that wait on the tile left out: the
    same 14 tiles with another winning tile, which is what the memo serves."""
    wins = []
    for seed in seeds:
        wall = random.Random(seed).sample(range(136), 34)
        for hand in WallAnalyser(wall, EAST, None, rules).tenpai_hands()[::step]:
            held = set(hand.tiles)
            for wait in hand.waits:
                win = next((t for t in range(wait * 4, wait * 4 + 4) if t not in held), None)
                if win is None:
                    continue
                fourteen = (*hand.tiles, win)
                for out in {t // 4: t for t in fourteen}.values():
                    wins.append((tuple(t for t in fourteen if t != out), out))
    return wins


def _scores(wins, context: WinContext, rules: Rules) -> list[object]:
    scoring.clear_cache()
    HandDivider._divide_hand_impl.cache_clear()
    return [score_win(hand, win, context, rules) for hand, win in wins]


def test_the_division_is_in_place() -> None:
    # tests/conftest.py installs it, as the game's entry points do
    assert scoring._FAST_DIVISION, "the library no longer has the helpers scoring divides with"
    assert scoring.library_version() == importlib.metadata.version("mahjong")
    assert scoring.install_fast_divider(), "the installed mahjong is not the release the division was written for"
    assert HandDivider.divide_hand is scoring._memoised_divide_hand
    assert scoring._LIBRARY_DIVIDE_HAND.__module__.startswith("mahjong")


def test_importing_scoring_leaves_the_library_alone_until_the_division_is_installed_once() -> None:
    script = (
        "from mahjong.hand_calculating.divider import HandDivider\n"
        "from game.engine import scoring\n"
        "library = HandDivider.divide_hand\n"
        "print(library is scoring._LIBRARY_DIVIDE_HAND, scoring.install_fast_divider(),\n"
        "      HandDivider.divide_hand is scoring._memoised_divide_hand, scoring.install_fast_divider(),\n"
        "      HandDivider.divide_hand is scoring._memoised_divide_hand)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"] * 5


@pytest.mark.parametrize("version", ["2.2.0", "3.0.0", "1.4.1", None])
def test_on_another_release_the_library_divides_alone_and_the_log_says_so_once(
        version: str | None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    monkeypatch.setattr(scoring, "library_version", lambda: version)
    monkeypatch.setattr(scoring, "_stood_down", False)
    with caplog.at_level(logging.INFO, logger=scoring.__name__):
        assert [scoring.install_fast_divider() for _ in range(3)] == [False] * 3
    assert HandDivider.divide_hand is scoring._LIBRARY_DIVIDE_HAND
    assert len(caplog.records) == 1
    assert str(version or "unknown version") in caplog.records[0].getMessage()


def test_a_patch_release_of_the_same_series_takes_the_division(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    monkeypatch.setattr(scoring, "library_version", lambda: f"{scoring.FAST_DIVIDER_RELEASE}.7")
    assert scoring.install_fast_divider()
    assert HandDivider.divide_hand is scoring._memoised_divide_hand


def test_scoring_consults_the_division_memo_and_the_suit_memo() -> None:
    scoring.clear_cache()
    hand = tiles("234567m23455s777z")
    score_win(hand[:13], hand[13], WinContext(), Rules.preset())
    score_win(hand[1:], hand[0], WinContext(), Rules.preset())  # the same 14 tiles, won on 2m
    info = scoring._division.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert scoring._suit_decomposition.cache_info().misses == 3


def _library_division(counts) -> list:
    HandDivider._divide_hand_impl.cache_clear()
    return scoring._LIBRARY_DIVIDE_HAND(list(counts))


def test_the_division_is_the_librarys_on_every_pattern_of_many_walls() -> None:
    rules = Rules.preset("pro_stream")
    patterns = {tuple(_counts((*hand, win))) for hand, win in _wins_on_every_kind(range(8), rules, 5)}
    assert len(patterns) > 5000
    scoring.clear_cache()
    several = 0
    for counts in patterns:
        division = HandDivider.divide_hand(list(counts))
        assert division == _library_division(counts), counts
        several += len(division) > 1
    assert several > 50  # hands with more than one reading (and seven pairs) are among them


COUNTS = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@st.composite
def complete_counts(draw: st.DrawFn) -> list[int]:
    """The 34 counts of four groups and a pair, or seven pairs, often with several readings."""
    counts = [0] * 34
    if draw(st.booleans()):
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            counts[k] = 2
    else:
        for _ in range(4):
            shape, start = draw(st.sampled_from(GROUPS))
            for k in ([start, start + 1, start + 2] if shape == "seq" else [start] * 3):
                counts[k] += 1
        counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    return counts


# 400 examples: the complete hands are also checked exhaustively, every pattern of many walls
# (test_the_division_is_the_librarys_on_every_pattern_of_many_walls).
@settings(max_examples=400, deadline=None)
@given(counts=st.one_of(complete_counts(), COUNTS, st.lists(st.integers(0, 2), min_size=34, max_size=34)))
def test_the_division_is_the_librarys_on_any_counts(counts: list[int]) -> None:
    scoring._division.cache_clear()
    assert HandDivider.divide_hand(counts) == _library_division(counts)


def test_counts_the_library_refuses_are_refused_alike() -> None:
    for counts in ([5] + [0] * 33, [0] * 34, [4] * 34, [2] * 7 + [0] * 27):
        assert HandDivider.divide_hand(counts) == _library_division(counts), counts


@pytest.mark.parametrize(("preset", "options"), [
    ("kaiji", {}), ("pro_stream", {}), ("kaiji", {"kiriage": False, "red_fives": True, "double_yakuman": True}),
    ("three_player", {}), ("four_player", {}),
])
def test_memoised_division_changes_no_score(preset: str, options: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.preset(preset, **options)
    wins = _wins_on_every_kind(range(4), rules, 97)
    assert len(wins) > 2000
    contexts = [WinContext(seat_wind=SOUTH, dora_indicators=(kind("5p") * 4,)),
                WinContext(seat_wind=WEST, ippatsu=True, dora_indicators=(kind("9m") * 4,),
                           ura_indicators=(kind("2s") * 4,))]
    for context in contexts:
        memoised = _scores(wins, context, rules)
        monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
        try:
            assert _scores(wins, context, rules) == memoised
        finally:
            monkeypatch.undo()
            scoring.clear_cache()


@pytest.mark.parametrize(("preset", "seat", "seed"),
                         [("kaiji", EAST, 3), ("pro_stream", SOUTH, 7), ("four_player", WEST, 11)])
def test_a_walls_whole_ranking_is_the_same_with_the_librarys_own_division(preset: str, seat: int, seed: int,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    wall = rng.sample(range(136), 34)
    indicator = rng.choice(sorted(set(range(136)) - set(wall)))
    scoring.clear_cache()
    fast = WallAnalyser(wall, seat, indicator, rules).analyze()
    assert len(fast.hands) > 100
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    scoring.clear_cache()
    try:
        library = WallAnalyser(wall, seat, indicator, rules).analyze()
    finally:
        scoring.clear_cache()
    assert library.hands == fast.hands
    assert [[wait.value for wait in hand.waits] for hand in library.hands] == \
        [[wait.value for wait in hand.waits] for hand in fast.hands]


def test_the_divisions_kept_are_the_librarys_after_scoring_with_them() -> None:
    # the library reads the lists it is given and never changes them: after thousands of
    # scores every division kept is still what the library makes afresh
    rules = Rules.preset("pro_stream")
    wins = _wins_on_every_kind(range(3), rules, 29)
    _scores(wins, WinContext(dora_indicators=(kind("3s") * 4,)), rules)
    before = scoring._division.cache_info().hits
    for counts in {tuple(_counts((*hand, win))) for hand, win in wins}:
        assert scoring._division(bytes(counts)) == scoring._LIBRARY_DIVIDE_HAND(list(counts)), counts
    assert scoring._division.cache_info().hits - before > 500


def test_open_melds_go_to_the_library_unmemoised() -> None:
    hand = tiles("123m456p789s11z") + tiles("555z")
    counts = _counts(hand)
    melds = [Meld(meld_type=Meld.PON, tiles=tiles("555z"))]
    assert HandDivider.divide_hand(counts, melds) == scoring._LIBRARY_DIVIDE_HAND(counts, melds)
    assert HandDivider.divide_hand(counts, melds) is not HandDivider.divide_hand(counts, melds)


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A complete 14-tile hand as 136 ids, and a winning tile among them."""
    counts = draw(complete_counts())
    ids = [k * 4 + copy for k in range(34) for copy in range(counts[k])]
    win = draw(st.sampled_from(ids))
    return [t for t in ids if t != win], win


# 300 examples: every winning hand of many walls is also scored both ways, in five rule sets
# (test_memoised_division_changes_no_score).
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=winning_hands(), seat=st.sampled_from(WIND_KINDS), ippatsu=st.booleans(),
       dora=st.integers(0, 135), red_fives=st.booleans(), kiriage=st.booleans())
def test_any_winning_hand_scores_alike_with_and_without_the_memo(hand, seat, ippatsu, dora, red_fives,
                                                                 kiriage) -> None:
    rules = Rules.preset("kaiji", red_fives=red_fives, kiriage=kiriage)
    context = WinContext(seat_wind=seat, ippatsu=ippatsu, dora_indicators=(dora,))
    tiles13, win = hand
    memoised = score_win(tiles13, win, context, rules)
    scoring._score_cached.cache_clear()
    HandDivider.divide_hand = LIBRARY_DIVISION
    try:
        assert score_win(tiles13, win, context, rules) == memoised
    finally:
        HandDivider.divide_hand = staticmethod(scoring._memoised_divide_hand)
        scoring._score_cached.cache_clear()
