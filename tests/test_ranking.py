"""Best-first ranking: the same hands, waits, values and order as scoring every wait.

The analyser bounds every wait before scoring and scores the hands in the order of their
bound; none of that may show in its answers. Two references: digests of the analyser as it
was before (every wait scored, tests/data/analysis_rankings.json, made by
tools/analysis_digests.py; `python -m tools.analysis_digests --check` runs all 168), and a
plain re-implementation here that scores every wait through `scoring.assess_rons`.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.analysis import CandidateHand, WallAnalyser
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import assess_ron, assess_rons
from game.engine.tiles import (
    EAST,
    SOUTH,
    TILE_COUNT,
    WEST,
    WIND_KINDS,
    counts34,
    format_tiles,
    ids_for_codes,
    is_red,
    parse_tiles,
)
from tools.analysis_digests import case_digest, seeded_wall

RANKINGS = json.loads((Path(__file__).parent / "data" / "analysis_rankings.json").read_text())


@pytest.mark.parametrize("case", [case for case in RANKINGS if case["seed"] == 0],
                         ids=lambda case: f"{case['preset']}-{case['options']}")
def test_rankings_are_identical_to_scoring_every_wait(case):
    assert case_digest(case) == (case["sha256"], case["hands"])


def reference(wall: list[int], seat: int, indicator: int | None, rules: Rules) -> list[tuple]:
    """Every tenpai hand, every wait scored, sorted by the documented rank key."""
    shown = indicator is not None and rules.indicator_is_in_play
    visible = set(wall) | ({indicator} if shown else set())
    wall_counts = counts34(wall)
    context = WallAnalyser(wall, seat, indicator, rules).analyze().table.win_context
    rows = []
    for hand in WallAnalyser(wall, EAST, None, rules).tenpai_hands():
        tiles = hand.tiles
        wins = []
        for kind in hand.waits:
            copies = [t for t in range(kind * 4, kind * 4 + 4) if t not in visible] or [
                t for t in range(kind * 4, kind * 4 + 4) if t not in tiles]
            wins.append(min(copies, key=lambda t: (is_red(t, rules.red_fives), t)))
        assessments = assess_rons(tiles, wins, context, rules)
        live = [4 - sum(1 for t in range(kind * 4, kind * 4 + 4) if t in visible) for kind in hand.waits]
        payment = sum(n * (a.value.limit_multiplier if a.clears_floor and a.value else 0.0)
                      for n, a in zip(live, assessments, strict=True))
        clearing = sum(n for n, a in zip(live, assessments, strict=True) if a.clears_floor)
        passing = sum(n for n, a in zip(live, assessments, strict=True) if not a.clears_floor)
        pool = sum(wall_counts[kind] - hand.counts[kind] for kind in hand.waits)
        waits = [(kind, win, n, a.clears_floor, a.value)
                 for kind, win, n, a in zip(hand.waits, wins, live, assessments, strict=True)]
        rows.append(((-payment, -clearing, max(0, pool - 4), passing, tuple(sorted(tiles))), waits))
    return sorted(rows, key=lambda row: row[0])


def seen(hand: CandidateHand) -> tuple:
    return hand.rank_key, [(w.kind, w.tile, w.live, w.clears_floor, w.value) for w in hand.waits]


@pytest.mark.parametrize(("seed", "preset", "seat"), [(3, "kaiji", EAST), (11, "pro_stream", SOUTH),
                                                       (5, "four_player", WEST)])
def test_the_ranking_equals_a_plain_reference(seed, preset, seat):
    rules = Rules.preset(preset)
    wall, indicator = seeded_wall(seed)
    indicator = indicator if rules.has_dora else None
    expected = reference(wall, seat, indicator, rules)
    ranked = WallAnalyser(wall, seat, indicator, rules).analyze().hands
    assert [seen(hand) for hand in ranked] == expected
    assert WallAnalyser(wall, seat, indicator, rules).ranked_tiles() == [hand.tiles for hand in ranked]
    assert [seen(hand) for hand in WallAnalyser(wall, seat, indicator, rules).best_hands(5).hands] == expected[:5]
    assert WallAnalyser(wall, seat, indicator, rules).complete_selection([]) == list(expected[0][0][4])


@pytest.mark.parametrize("seed", [1, 2])
def test_selections_rank_their_completions_like_the_wall(seed):
    rules = Rules.preset("kaiji")
    wall, indicator = seeded_wall(seed)
    ranked = WallAnalyser(wall, EAST, indicator, rules).analyze().hands
    by_kinds = {tuple(counts34(h.tiles)): h for h in ranked}
    rng = random.Random(seed)
    for hand in rng.sample(ranked, min(5, len(ranked))):
        selection = rng.sample(hand.tiles, 4)
        need = counts34(selection)
        holding = {kinds for kinds in by_kinds if all(have >= n for have, n in zip(kinds, need, strict=True))}
        completions = WallAnalyser(wall, EAST, indicator, rules).analyze_selection(selection).completions
        keys = [c.hand.rank_key for c in completions]
        assert keys == sorted(keys)
        assert {tuple(counts34(c.hand.tiles)) for c in completions} == holding
        for completion in completions:
            same = by_kinds[tuple(counts34(completion.hand.tiles))]
            assert seen(completion.hand)[1:] == seen(same)[1:]
            assert completion.hand.rank_key[:4] == same.rank_key[:4]
        completed = WallAnalyser(wall, EAST, indicator, rules).complete_selection(selection)
        assert completed == sorted(completions[0].hand.tiles)


def test_a_wall_without_tenpai_has_no_best_hands():
    wall = ids_for_codes(parse_tiles("124578m124578p124578s1122334444555567z", red_fives=False), False)
    assert WallAnalyser(wall, EAST, None, Rules.preset("kaiji")).best_hands(5).hands == ()


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream"])
def test_a_hands_text_is_its_mpsz(preset):
    rules = Rules.preset(preset)
    wall, indicator = seeded_wall(9)
    for hand in WallAnalyser(wall, EAST, indicator, rules).analyze().hands[::7]:
        assert hand.text == format_tiles(hand.tiles, rules.red_fives)


@pytest.mark.parametrize(("seed", "preset"), [(12, "kaiji"), (13, "pro_stream"), (14, "three_player")])
def test_the_luck_verdicts_are_the_librarys(seed, preset):
    """Derived from the plain value and the bound, checked against scoring with the luck."""
    rules = Rules.preset(preset)
    wall, indicator = seeded_wall(seed)
    analysis = WallAnalyser(wall, WEST, indicator, rules).analyze()
    context = analysis.table.win_context
    for hand in analysis.hands[::3]:
        for wait in hand.waits:
            with_ippatsu = assess_ron(hand.tiles, wait.tile, replace(context, ippatsu=True), rules)
            with_houtei = assess_ron(hand.tiles, wait.tile, replace(context, houtei=True), rules)
            assert wait.clears_floor_with_ippatsu == with_ippatsu.clears_floor
            assert wait.clears_floor_with_houtei == ((with_houtei.clears_floor and analysis.table.houtei_possible)
                                                     or wait.clears_floor)



@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(20, 31), st.sampled_from(sorted(PRESETS)), st.booleans(),
       st.sampled_from(WIND_KINDS), st.integers(1, 6))
def test_the_best_hands_are_the_head_of_the_whole_ranking(seed, size, preset, red_fives, seat, count):
    """The best hands (looked at quick bound first, exact bound and score only where they
    could still come first) are the whole ranking's first, with the same waits and values,
    on walls of every size the AI reads (an opponent's wall less its discards)."""
    rules = Rules.preset(preset, red_fives=red_fives)
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), size)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall))) if rules.has_dora else None
    ranked = WallAnalyser(wall, seat, indicator, rules).analyze().hands
    best = WallAnalyser(wall, seat, indicator, rules).best_hands(count)
    assert [seen(hand) for hand in best.hands] == [seen(hand) for hand in ranked[:count]]
    assert best.tenpai_count == len(ranked)
    if ranked:
        assert WallAnalyser(wall, seat, indicator, rules).complete_selection([]) == list(ranked[0].tiles)
