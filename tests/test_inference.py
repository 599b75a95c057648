"""The hard level's opponent model: sampled walls and what evidence does to them."""

from __future__ import annotations

import random

from game.ai import inference
from game.ai.agents import NormalAgent
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.engine.hand import Phase, SeatView
from game.engine.match import Match
from game.engine.rules import Rules


def view_after_opponent_discards(discards: int) -> SeatView:
    """Seat 0's view at its discard once seat 1 has made `discards` discards (normal play)."""
    match = Match(Rules.preset("kaiji", hands=1), 11)
    hand = match.next_hand()
    agents = [NormalAgent(1), NormalAgent(2)]
    while not (hand.phase is Phase.DISCARD and hand.waiting_on() == [0] and len(hand.rivers[1]) >= discards):
        seat = hand.waiting_on()[0]
        match.apply(agents[seat].act(hand.view_for(seat)))
    return hand.view_for(0)


def test_a_sampled_wall_with_no_tenpai_hand_keeps_only_the_undiscarded_tiles(monkeypatch):
    # such a particle wins on nothing; its pool must still shrink by the opponent's
    # discards, so that a discard it cannot hold contradicts it
    view = view_after_opponent_discards(4)
    knowledge = Knowledge.of(view)
    monkeypatch.setattr(inference, "scored_hands", lambda *args, **kwargs: ())
    particle = OpponentModel(view, 1, random.Random(3))._sample(knowledge)
    assert particle is not None and not particle.clearing
    discarded = len(knowledge.discarded_by[1])
    assert discarded >= 4
    assert sum(particle.pool.values()) == 34 - discarded


def test_a_discard_the_sampled_pool_cannot_hold_kills_the_particle():
    view = view_after_opponent_discards(2)
    knowledge = Knowledge.of(view)
    model = OpponentModel(view, 1, random.Random(4))
    model.update(view, knowledge, 20)
    assert model.particles
    later = view_after_opponent_discards(3)
    kind = Knowledge.of(later).discarded_by[1][-1]
    holding = [p for p in model.particles if p.pool[kind] > 0]
    model.update(later, Knowledge.of(later), 0)
    assert len(model.particles) == len(holding)
