"""The AI's build (game/ai/building.py), the lab's and the review's mangan checks, found
best-first: the same answers as scoring every hand of the wall.

The builder scores hands in the order of a bound on its expected value and stops once no
unscored hand can beat the best scored one; the references here score every hand
(`WallAnalyser.analyze`) and take the best by the same measure.
"""

from __future__ import annotations

import random

import pytest

from game.ai import building
from game.ai.agents import HardAgent, NormalAgent
from game.engine.analysis import WallAnalyser
from game.engine.kyoku import Phase, SeatView
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import EAST, WIND_NAMES
from tests.helpers import kept

STYLES = (NormalAgent.style, HardAgent.style)


@kept
def seat_views(preset: str, seed: int) -> list[SeatView]:
    """Every seat's view of a dealt hand at the build, the dora flipped at random."""
    match = Match(Rules.preset(preset, hands=1), seed)
    kyoku = match.next_kyoku()
    rng = random.Random(seed)
    while kyoku.phase is Phase.DORA:
        match.apply(rng.choice(kyoku.view_for(kyoku.waiting_on()[0]).legal_actions))
    return [kyoku.view_for(seat) for seat in range(kyoku.rules.players)]


def every_hand(view: SeatView) -> tuple:
    return _every_hand(tuple(view.wall or ()), view.seat_winds[view.seat], view.dora_indicator, view.rules)


@kept
def _every_hand(wall: tuple[int, ...], wind_name: str, indicator: int | None, rules: Rules) -> tuple:
    """Every hand of the wall, scored as the ranking scores it (cached: several tests ask)."""
    wind = EAST + WIND_NAMES.index(wind_name)
    return WallAnalyser(wall, wind, indicator, rules).analyze().hands


def reference_choice(view: SeatView, style: building.BuildStyle) -> tuple[int, ...] | None:
    hands = every_hand(view)
    if not hands:
        return None
    return max(hands, key=lambda h: (building.clears_somewhere(h), building.expected_value(view, h, style),
                                     h.text)).tiles


CASES = [("kaiji", seed) for seed in range(4)] + [("pro_stream", 1), ("three_player", 2), ("moegirl", 3),
                                                  ("four_player", 5)]


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_the_built_hand_is_the_best_expected_value_of_every_hand(preset, seed):
    for view in seat_views(preset, seed):
        for style in STYLES:
            assert building.best_hand(view, style) == reference_choice(view, style)


@pytest.mark.parametrize(("preset", "seed"), CASES[:3] + CASES[-2:])
def test_the_value_bound_is_never_below_a_hands_value(preset, seed):
    for view in seat_views(preset, seed):
        wall = building.seat_wall(view)
        scored = {hand.tiles: hand for hand in every_hand(view)}
        for style in STYLES:
            bound = building.value_bound(view, wall, style)
            for pending in wall.hands:
                hand = scored[pending.tiles]
                assert bound(pending) >= (building.clears_somewhere(hand),
                                          building.expected_value(view, hand, style))


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_live_mangan_and_clearing_walls_are_found_as_by_scoring_every_hand(preset, seed):
    for view in seat_views(preset, seed):
        hands = every_hand(view)
        wind = EAST + WIND_NAMES.index(view.seat_winds[view.seat])
        assert view.wall is not None
        found = WallAnalyser(view.wall, wind, view.dora_indicator, view.rules).bounded().has_live_mangan()
        assert found == any(w.live and w.value is not None and w.value.is_mangan_or_more
                            for hand in hands for w in hand.waits)
        assert building.wall_clears_floor(view) == any(building.clears_somewhere(hand) for hand in hands)
        for hand in hands[:3] + hands[-3:]:
            assert building.hand_clears_floor(view, hand.tiles) == building.clears_somewhere(hand)


@pytest.mark.parametrize(("preset", "seed"), [("kaiji", 0), ("kaiji", 2), ("four_player", 5)])
def test_the_easy_build_draws_a_hand_with_a_live_clearing_wait(preset, seed):
    for view in seat_views(preset, seed):
        hands = {hand.tiles: hand for hand in every_hand(view)}
        live_clearing = {tiles for tiles, hand in hands.items()
                         if any(w.clears_floor and w.live for w in hand.waits)}
        drawn = {building.random_mangan_hand(view, random.Random(draw)) for draw in range(12)}
        if live_clearing:
            assert drawn <= live_clearing
            assert len(live_clearing) == 1 or len(drawn) > 1
        elif any(building.clears_somewhere(hand) for hand in hands.values()):
            assert all(building.clears_somewhere(hands[tiles]) for tiles in drawn)
        elif hands:
            assert drawn == {every_hand(view)[0].tiles}
        else:
            assert drawn == {None}
