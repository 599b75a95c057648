"""Invariants over random seeds and random legal play (hypothesis)."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.analysis import WallAnalyser
from game.engine.hand import Hand, IllegalAction, Phase
from game.engine.match import Match
from game.engine.record import replay
from game.engine.rules import PRESETS, Rules
from game.engine.tiles import EAST, TILE_COUNT, format_tiles, kind_code, parse_tiles, pick_ids
from game.engine.wall import side_walls

PROPERTY_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_legal_action(hand: Hand, rng: random.Random):
    seat = rng.choice(hand.waiting_on())
    if hand.phase is Phase.BUILD:
        # Mostly tenpai hands, so that wins, furiten and settlements happen often.
        roll = rng.random()
        if roll < 0.05:
            selection = rng.sample(hand.walls[seat], 10)
            return BuildHand(seat, format_tiles(selection, hand.rules.red_fives), complete=True)
        tenpai = WallAnalyser(hand.walls[seat], EAST, None, hand.rules).tenpai_hands() if roll < 0.85 else []
        chosen = rng.choice(tenpai).tiles if tenpai else rng.sample(hand.walls[seat], 13)
        return BuildHand(seat, format_tiles(chosen, hand.rules.red_fives))
    if hand.phase is Phase.RON:
        return Ron(seat) if rng.random() < 0.8 else Pass(seat)
    return rng.choice(hand.legal_actions(seat))


def random_action(hand: Hand, rng: random.Random):
    """Any action at all, legal or not: the engine must sort them."""
    seat = rng.randrange(-1, hand.rules.players + 1)
    kind = rng.randrange(5)
    if kind == 0:
        return ChooseDora(seat, rng.randrange(5), rng.randrange(-1, 19))
    if kind == 1:
        tiles = "".join(kind_code(rng.randrange(34)) for _ in range(rng.choice((12, 13, 14))))
        return BuildHand(seat, tiles)
    if kind == 2:
        return Discard(seat, kind_code(rng.randrange(34)))
    return Ron(seat) if kind == 3 else Pass(seat)


def is_legal(hand: Hand, action) -> bool:
    if not 0 <= action.seat < hand.rules.players:
        return False
    if isinstance(action, BuildHand):
        if hand.phase is not Phase.BUILD or hand.hands[action.seat] is not None:
            return False
        try:
            picked = pick_ids(parse_tiles(action.tiles), hand.walls[action.seat], hand.rules.red_fives)
        except ValueError:
            return False
        return len(picked) == 13
    return action in hand.legal_actions(action.seat)


def play_match(rules: Rules, seed: int, hands: int, chaos: bool) -> Match:
    match = Match(rules, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(hands):
        if match.over:
            break
        hand = match.next_hand()
        while hand.phase is not Phase.END:
            if chaos:
                probe = random_action(hand, rng)
                before = copy.deepcopy(hand.__dict__)
                legal = is_legal(hand, probe)
                try:
                    match.apply(probe)
                    accepted = True
                except IllegalAction:
                    accepted = False
                    assert hand.__dict__.keys() == before.keys()
                    assert hand.history == before["history"] and hand.phase == before["phase"]
                    assert hand.pools == before["pools"] and hand.hands == before["hands"]
                assert accepted == legal, f"{probe} accepted={accepted} legal={legal}"
                if accepted:
                    continue
            match.apply(random_legal_action(hand, rng))
        assert_tiles_conserved(hand)
    return match


def assert_tiles_conserved(hand: Hand) -> None:
    seen: list[int] = []
    for seat in range(hand.rules.players):
        river = [tile for tile, _ in hand.rivers[seat]]
        parts = list(hand.hands[seat] or ()) + hand.pools[seat] + river
        assert sorted(parts) == sorted(hand.walls[seat])
        seen += parts
    for wall in side_walls(hand.rules.players):
        seen += hand.deal.wall_tiles(wall)
    assert sorted(seen) == list(range(TILE_COUNT))


presets = st.sampled_from(sorted(PRESETS))


@PROPERTY_SETTINGS
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_random_play_conserves_tiles_settles_to_zero_and_replays(preset, seed):
    rules = Rules.preset(preset, hands=2)
    match = play_match(rules, seed, hands=2, chaos=False)
    for settlement in match.settlements:
        assert abs(sum(settlement.gains)) < 1e-9
    report = replay(match.record)
    assert report.ok, report.divergence
    assert len(report.hands) == len(match.settlements)


@PROPERTY_SETTINGS
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_no_illegal_action_is_ever_accepted(preset, seed):
    match = play_match(Rules.preset(preset), seed, hands=1, chaos=True)
    assert replay(match.record).ok


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_match(seed):
    first = play_match(Rules.preset("kaiji"), seed, hands=2, chaos=False)
    second = play_match(Rules.preset("kaiji"), seed, hands=2, chaos=False)
    assert first.record == second.record
