"""The hard level's opponent model: sampled walls and what evidence does to them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.ai.agents import SAMPLES_PER_DECISION, HardAgent, NormalAgent
from game.ai.inference import OpponentModel, Particle
from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.engine.analysis import WallAnalyser
from game.engine.events import Discarded
from game.engine.kyoku import Phase, SeatView
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import code_kind, kind_code


def view_after_opponent_discards(discards: int) -> SeatView:
    """Seat 0's view at its discard once seat 1 has made `discards` discards (normal play)."""
    match = Match(Rules.preset("kaiji", hands=1), 11)
    kyoku = match.next_kyoku()
    agents = [NormalAgent(1), NormalAgent(2)]
    while not (kyoku.phase is Phase.DISCARD and kyoku.waiting_on() == [0] and len(kyoku.rivers[1]) >= discards):
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
    return kyoku.view_for(0)


def sampled_particle(view: SeatView, seed: int) -> Particle | None:
    """One wall sampled for seat 1 at `view` and analysed; None when the evidence refutes it."""
    model = OpponentModel(view, 1, random.Random(seed))
    model.update(view, Knowledge.of(view), 1)
    model.analyse_sampled()
    return model.particles[0] if model.particles else None


def test_a_sampled_wall_with_no_tenpai_hand_keeps_only_the_undiscarded_tiles(monkeypatch):
    # such a particle wins on nothing; its pool must still shrink by the opponent's
    # discards, so that a discard it cannot hold contradicts it
    view = view_after_opponent_discards(4)
    knowledge = Knowledge.of(view)
    monkeypatch.setattr(WallAnalyser, "best_hands", lambda analyser, count: SimpleNamespace(hands=()))
    particle = sampled_particle(view, 3)
    assert particle is not None and not particle.clearing
    discarded = len(knowledge.discarded_by[1])
    assert discarded >= 4
    assert sum(particle.pool.values()) == 34 - discarded


def test_a_discard_the_sampled_pool_cannot_hold_kills_the_particle():
    view = view_after_opponent_discards(3)
    knowledge = Knowledge.of(view)
    model = OpponentModel(view, 1, random.Random(4))
    model.update(view, knowledge, 20)
    model.analyse_sampled()
    assert model.particles
    later = view_after_opponent_discards(4)
    kind = Knowledge.of(later).discarded_by[1][-1]
    holding = [p for p in model.particles if p.pool[kind] > 0]
    model.update(later, Knowledge.of(later), 0)
    assert len(model.particles) == len(holding)


@pytest.mark.parametrize(("own_wait", "alive"), [("1z", True), ("1m", False)])
def test_a_clearing_wait_let_pass_is_consistent_only_with_an_opponent_furiten_by_then(
        monkeypatch, own_wait, alive):
    # seat 1 discards 1z, 3z, 7z, 1m; seat 0 discards 4z after 1z and before 1m, and seat 1
    # does not ron it. A sampled hand winning on 4z for mangan and on `own_wait` below it
    # fits only if seat 1 had already thrown `own_wait` (furiten) when 4z went by.
    view = view_after_opponent_discards(4)
    assert [e.tile for e in view.events if isinstance(e, Discarded)] == ["1z", "3z", "3z", "4z", "7z", "6z", "1m"]
    waits = [SimpleNamespace(kind=code_kind("4z"), clears_floor=True),
             SimpleNamespace(kind=code_kind(own_wait), clears_floor=False)]
    best = SimpleNamespace(tiles=(), waits=waits)
    monkeypatch.setattr(WallAnalyser, "best_hands", lambda analyser, count: SimpleNamespace(hands=(best,)))
    particle = sampled_particle(view, 5)
    assert (particle is not None) is alive
    assert particle is None or particle.furiten


def test_a_wait_let_pass_in_riichi_counts_across_updates():
    # seat 1 throws 1z in riichi; on seat 0's next turns 3z then 4z go by unronned
    first = view_after_opponent_discards(1)
    model = OpponentModel(first, 1, random.Random(6))
    model.update(first, Knowledge.of(first), 0)
    later_discards = Counter({code_kind("3z"): 1, code_kind("7z"): 1})
    passed = Particle(later_discards.copy(), frozenset({code_kind("4z")}), frozenset({code_kind("4z")}))
    waiting = Particle(later_discards.copy(), frozenset({code_kind("5z")}), frozenset({code_kind("5z")}))
    model.particles = [passed, waiting]
    later = view_after_opponent_discards(3)
    model.update(later, Knowledge.of(later), 0)
    assert model.particles == [waiting]


@pytest.mark.parametrize("mangan_first", [False, True])
def test_a_wait_below_mangan_let_pass_in_riichi_makes_a_later_pass_consistent(mangan_first):
    # the particle waits on 5p for mangan and on 2p below it; seat 0 lets both go by
    model = OpponentModel(view_after_opponent_discards(0), 1, random.Random(7))
    particle = Particle(Counter({code_kind("1m"): 1, code_kind("9m"): 1}), frozenset({code_kind("5p")}),
                        frozenset({code_kind("5p"), code_kind("2p")}))
    below, mangan = Discarded(0, "2p", 1, riichi=False), Discarded(0, "5p", 2, riichi=False)
    first, second = (mangan, below) if mangan_first else (below, mangan)
    events = [Discarded(1, "1m", 1, riichi=True), first, Discarded(1, "9m", 2, riichi=False), second]
    model._observe([particle], events, in_riichi=False)
    assert particle.alive is not mangan_first
    assert particle.furiten


def analyses_counted(monkeypatch) -> list[int]:
    """Counts the sampled walls analysed from now on (one entry each)."""
    analysed: list[int] = []
    best_hands = WallAnalyser.best_hands

    def counted(analyser, count):
        analysed.append(1)
        return best_hands(analyser, count)

    monkeypatch.setattr(WallAnalyser, "best_hands", counted)
    return analysed


def test_a_wall_the_opponents_later_discards_refute_is_never_analysed(monkeypatch):
    # walls drawn before seat 1's fourth discard and analysed after it: those without a
    # copy of that discard's kind are dropped unanalysed, and the particles are those of
    # analysing every wall as soon as it was drawn
    view, later = view_after_opponent_discards(3), view_after_opponent_discards(4)
    kind = Knowledge.of(later).discarded_by[1][-1]
    eager = OpponentModel(view, 1, random.Random(8))
    eager.update(view, Knowledge.of(view), 20)
    eager.analyse_sampled()
    eager.update(later, Knowledge.of(later), 0)
    analysed = analyses_counted(monkeypatch)
    lazy = OpponentModel(view, 1, random.Random(8))
    lazy.update(view, Knowledge.of(view), 20)
    refuted = sum(1 for wall in lazy.sampled if wall.drawn[kind] == 0)
    lazy.update(later, Knowledge.of(later), 0)
    lazy.analyse_sampled()
    assert refuted > 0
    assert len(analysed) == 20 - refuted
    assert lazy.particles == eager.particles


def test_the_danger_of_a_safe_tile_analyses_no_wall(monkeypatch):
    view = view_after_opponent_discards(4)
    knowledge = Knowledge.of(view)
    model = OpponentModel(view, 1, random.Random(9))
    model.update(view, knowledge, 3)
    analysed = analyses_counted(monkeypatch)
    assert model.danger(knowledge.discarded_by[1][0], knowledge) == 0.0
    assert analysed == []
    unsafe = next(kind for kind in range(27) if kind not in knowledge.safe[1])
    assert model.danger(unsafe, knowledge) > 0.0
    assert len(analysed) == 3


def test_a_discard_with_a_tile_safe_against_every_opponent_analyses_no_sampled_wall(monkeypatch):
    # seat 1 has discarded 9m and seat 0 holds one: it goes whatever the particles say,
    # so the walls drawn for them wait until a danger is asked
    view = view_after_opponent_discards(5)
    analysed = analyses_counted(monkeypatch)
    agent = HardAgent(1)
    action = agent.act(view)
    assert code_kind(action.tile) in Knowledge.of(view).safe[1]
    assert analysed == []
    assert len(agent.models[1].sampled) == SAMPLES_PER_DECISION


@pytest.mark.parametrize(("discards", "drawn"), [(0, 0), (2, 0), (3, 5), (4, 5)])
def test_walls_are_drawn_from_the_opponents_third_discard(discards, drawn):
    view = view_after_opponent_discards(discards)
    model = OpponentModel(view, 1, random.Random(10))
    model.update(view, Knowledge.of(view), 5)
    assert len(model.sampled) == drawn


def test_a_wall_whose_pool_makes_the_discards_likelier_counts_more():
    # seat 1 threw 1m twice; a particle whose pool held four 1m explains that better than
    # one whose pool held two among many other tiles
    view = view_after_opponent_discards(0)
    likely_wait, unlikely_wait = code_kind("5p"), code_kind("8s")
    events = [Discarded(1, "1m", 1, riichi=True), Discarded(1, "1m", 2, riichi=False)]

    def particles() -> list[Particle]:
        likely = Particle(Counter({code_kind("1m"): 4, code_kind("9m"): 1}), frozenset({likely_wait}),
                          frozenset({likely_wait}))
        unlikely = Particle(Counter({code_kind("1m"): 2, code_kind("9m"): 3, code_kind("2z"): 3}),
                            frozenset({unlikely_wait}), frozenset({unlikely_wait}))
        return [likely, unlikely]

    later = view_after_opponent_discards(2)
    knowledge = Knowledge.of(later)
    dangers = {}
    for weighs in (False, True):
        model = OpponentModel(view, 1, random.Random(11), weighs_discards=weighs)
        model.particles = particles()
        model._observe(model.particles, events, in_riichi=False)
        weights = model.weights()
        # the two count as the particles they are worth in effect: two when alike
        assert sum(weights) == pytest.approx(sum(weights) ** 2 / sum(w * w for w in weights))
        assert (sum(weights) == pytest.approx(2.0)) is not weighs
        dangers[weighs] = (model.danger(likely_wait, knowledge), model.danger(unlikely_wait, knowledge))
    likely, unlikely = model.particles
    assert likely.log_likelihood > unlikely.log_likelihood
    assert dangers[True][0] > dangers[False][0]
    assert dangers[True][1] < dangers[False][1]


def test_an_honour_let_go_is_likelier_than_the_dora():
    # the opponent lets nearly every honour go and keeps two dora in three (`throws.LET_GO`):
    # of two pools alike but for which of them seat 1 held, the one that let go an honour
    # explains the discard better
    view = view_after_opponent_discards(0)
    dora = Knowledge.of(view).dora
    honour = next(kind for kind in range(27, 34) if kind != dora)
    model = OpponentModel(view, 1, random.Random(12), weighs_discards=True)
    rest = Counter({code_kind("5s"): 3, code_kind("2p"): 3})
    by_honour = Particle(rest + Counter({honour: 1}), frozenset(), frozenset())
    by_dora = Particle(rest + Counter({dora: 1}), frozenset(), frozenset())
    model._observe([by_honour], [Discarded(1, kind_code(honour), 1, riichi=True)], in_riichi=False)
    model._observe([by_dora], [Discarded(1, kind_code(dora), 1, riichi=True)], in_riichi=False)
    assert by_honour.log_likelihood > by_dora.log_likelihood


def test_a_wait_that_clears_only_on_a_final_discard_is_dangerous_only_then():
    view = view_after_opponent_discards(4)
    knowledge = Knowledge.of(view)
    model = OpponentModel(view, 1, random.Random(13), reads_final=True)
    houtei_wait = code_kind("8s")
    model.particles = [Particle(Counter(), frozenset({code_kind("5p")}), frozenset({code_kind("5p"), houtei_wait}),
                                final_only=frozenset({houtei_wait}))]
    prior = read_danger(houtei_wait, 1, knowledge)
    assert prior > 0.0
    # one particle beside the reading's 60: it wins on 8s only as a final discard
    assert model.danger(houtei_wait, knowledge) == pytest.approx(60 * prior / 61)
    assert model.danger(houtei_wait, knowledge, final=True) == pytest.approx((1 + 60 * prior) / 61)


@pytest.mark.parametrize(("number", "houtei", "alive"), [
    (5, "each_final_discard", True),
    (17, "each_final_discard", False),
    # by this rule only the hand's very last discard is a final one, and it ends the hand
    (17, "last_discard_of_hand", True),
])
def test_a_final_only_wait_let_pass_on_a_final_discard_refutes_the_hand(number, houtei, alive):
    # seat 1 is in riichi; seat 0 throws 8s, a wait of the particle's hand that reaches the
    # floor only on a final discard: let pass on seat 0's 17th discard, the hand cannot be
    # seat 1's (it would have ronned); on an earlier one it is merely furiten
    view = view_after_opponent_discards(0)
    model = OpponentModel(view, 1, random.Random(14), reads_final=True)
    model.rules = replace(view.rules, houtei=houtei)
    houtei_wait = code_kind("8s")
    particle = Particle(Counter({code_kind("1m"): 1}), frozenset({code_kind("5p")}),
                        frozenset({code_kind("5p"), houtei_wait}), final_only=frozenset({houtei_wait}))
    events = [Discarded(1, "1m", 1, riichi=True), Discarded(0, "8s", number, riichi=False)]
    model._observe([particle], events, in_riichi=False)
    assert particle.alive is alive
    assert particle.furiten


@pytest.mark.parametrize("reads_final", [False, True])
def test_the_waits_a_final_discard_brings_to_the_floor_are_read_from_the_sampled_hand(monkeypatch, reads_final):
    view = view_after_opponent_discards(4)
    waits = [SimpleNamespace(kind=code_kind("5p"), clears_floor=True, clears_floor_with_houtei=True),
             SimpleNamespace(kind=code_kind("8s"), clears_floor=False, clears_floor_with_houtei=True),
             SimpleNamespace(kind=code_kind("2s"), clears_floor=False, clears_floor_with_houtei=False)]
    best = SimpleNamespace(tiles=(), waits=waits)
    monkeypatch.setattr(WallAnalyser, "best_hands", lambda analyser, count: SimpleNamespace(hands=(best,)))
    model = OpponentModel(view, 1, random.Random(5), reads_final=reads_final)
    model.update(view, Knowledge.of(view), 1)
    model.analyse_sampled()
    particle, = model.particles
    assert particle.final_only == (frozenset({code_kind("8s")}) if reads_final else frozenset())
