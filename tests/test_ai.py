"""The AI levels: always legal, reproducible, and sensible in hand-made positions."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.__main__ import main
from game.ai import LEVELS, arena, inference, make_agent, planning
from game.ai.agents import REFERENCE_LEVELS, HardAgent, HardV1Agent
from game.ai.arena import ARENA_LEVELS, run_arena, seat_plan
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.ai.oracle import OracleAgent
from game.engine.actions import ChooseDora, Discard, Ron
from game.engine.events import Discarded, FuritenStarted
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.record import read_record, replay
from game.engine.rules import PRESETS, Rules
from game.engine.tiles import code_kind
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.test_kyoku import JUNK, NO_DORA, SANSHOKU


def quick_agent(level: str, seed: int):
    if level in ("hard", "hard_v1"):
        return (HardAgent if level == "hard" else HardV1Agent)(seed, samples_per_decision=2)
    return make_agent(level, seed)


def play_with_agents(rules: Rules, seed: int, levels: list[str]) -> Match:
    """A hand where every action comes from an agent; the engine refuses any illegal one."""
    match = Match(rules, seed)
    kyoku = match.next_kyoku()
    agents = [quick_agent(level, seed + seat) for seat, level in enumerate(levels)]
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
    return match


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_only_legal_actions_in_every_preset(preset):
    rules = Rules.preset(preset, hands=1)
    levels = ["easy", "normal", "hard", "easy"][: rules.players]
    match = play_with_agents(rules, seed=len(preset), levels=levels)
    assert match.kyoku.phase is Phase.END
    assert replay(match.record).ok


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32 - 1),
       levels=st.lists(st.sampled_from(["easy", "normal", "hard"]), min_size=4, max_size=4),
       virtual_dora=st.booleans())
def test_every_level_plays_only_legal_actions_over_many_seeds(preset, seed, levels, virtual_dora):
    # the engine refuses an illegal action (IllegalAction), so a whole hand played to its
    # end by the agents is a hand of legal actions only
    options = {"virtual_dora": True} if virtual_dora and preset == "four_player" else {}
    rules = Rules.preset(preset, hands=1, **options)
    match = play_with_agents(rules, seed, levels[: rules.players])
    assert match.kyoku.phase is Phase.END
    assert replay(match.record).ok


def test_every_level_plays_with_the_virtual_dora():
    # the virtual indicator comes from a second set: its id is a tile of some player's wall
    rules = Rules.preset("four_player", hands=1, virtual_dora=True)
    match = play_with_agents(rules, seed=1, levels=["easy", "normal", "hard", "normal"])
    assert any(match.kyoku.dora_indicator in match.kyoku.view_for(seat).wall for seat in range(4))
    assert match.kyoku.phase is Phase.END
    assert replay(match.record).ok


def test_the_virtual_indicator_takes_no_copy_from_what_a_seat_cannot_see():
    match = Match(Rules.preset("four_player", hands=1, virtual_dora=True), 1)
    kyoku = match.next_kyoku()
    kind = kyoku.dora_indicator // 4
    for seat in range(4):
        view = kyoku.view_for(seat)
        held = sum(1 for tile in view.wall if tile // 4 == kind)
        assert Knowledge.of(view).unseen[kind] == 4 - held


@pytest.mark.parametrize("levels", [["hard", "normal"], ["hard", "hard_v1"]])
def test_same_seed_same_decisions(levels):
    rules = Rules.preset("kaiji", hands=1)
    first = play_with_agents(rules, 21, levels)
    second = play_with_agents(rules, 21, levels)
    assert first.record == second.record


def test_hard_v1_is_an_arena_level_never_offered_to_a_player():
    from game.app.settings import AI_LEVELS

    assert "hard_v1" in ARENA_LEVELS and "hard_v1" in REFERENCE_LEVELS
    assert "hard_v1" not in LEVELS and "hard_v1" not in AI_LEVELS
    assert set(AI_LEVELS) == set(LEVELS)
    assert type(make_agent("hard_v1", 3)) is HardV1Agent


def test_the_arena_plays_hard_against_hard_v1(capsys):
    assert main(["selfplay", "--a", "hard", "--b", "hard_v1", "--hands", "1", "--seed", "3", "--json"]) == 0
    agents = json.loads(capsys.readouterr().out)["agents"]
    assert set(agents) == {"hard", "hard_v1"}
    assert agents["hard"]["units_per_hand"] == pytest.approx(-agents["hard_v1"]["units_per_hand"])


EAST_WALL = "12333455789m123455666688p12334679s123z"  # all 34 tiles: the rest is dealt by the filler's seed


@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
@pytest.mark.parametrize("level", sorted(LEVELS | REFERENCE_LEVELS))
def test_a_decision_depends_only_on_the_seats_view(level, preset):
    # two deals alike in what East sees (its wall, the indicator) but not in the others'
    # walls: East builds and makes its first discard the same, whatever the others hold and build
    played = []
    for filler in (1, 2):
        rules = Rules.preset(preset, hands=1)
        match = Match(rules, seed=1)
        match.next_kyoku(crafted_deal({0: EAST_WALL}, dora=NO_DORA if rules.has_dora else None, seed=filler), 0)
        if rules.has_dora:
            match.apply(ChooseDora(0, 1, 0))
        players = {0: quick_agent(level, 4)} | {seat: make_agent("normal", seat) for seat in range(1, rules.players)}
        views, actions = [], []
        while not any(isinstance(action, Discard) for action in actions):
            seat = match.kyoku.waiting_on()[0]
            view = match.kyoku.view_for(seat)
            action = players[seat].act(view)
            if seat == 0:
                views.append(view)
                actions.append(action)
            match.apply(action)
        played.append(([match.kyoku.view_for(seat).wall for seat in range(1, rules.players)], views, actions))
    (hidden_a, views_a, actions_a), (hidden_b, views_b, actions_b) = played
    assert all(a != b for a, b in zip(hidden_a, hidden_b, strict=True)), "the hidden walls must differ"
    assert views_a == views_b
    assert actions_a == actions_b


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level"):
        make_agent("impossible")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_discards_a_genbutsu_when_one_exists(level):
    # West discarded 5m and 6p; East's pool holds both among middle tiles.
    match = Match(Rules.preset("kaiji", kiriage=False), seed=1)
    match.next_kyoku(crafted_deal({0: JUNK + "5m6p34567s", 2: SANSHOKU + "5m6p"}, dora=NO_DORA), 0)
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["3s"], 1: ["5m"]}, until_end=False)
    view = match.kyoku.view_for(0)
    assert view.phase is Phase.DISCARD and view.turn == 0
    action = quick_agent(level, 1).act(view)
    assert isinstance(action, Discard)
    assert code_kind(action.tile) in Knowledge.of(view).safe[1]


@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
def test_the_hard_level_decides_as_if_it_analysed_every_wall_when_drawn(preset, monkeypatch):
    rules = Rules.preset(preset, hands=1)
    levels = [("hard", "hard_v1")[seat % 2] for seat in range(rules.players)]
    lazy = play_with_agents(rules, 23, levels)
    update = OpponentModel.update

    def eager(model, view, knowledge, new_samples):
        update(model, view, knowledge, new_samples)
        model.analyse_sampled()

    monkeypatch.setattr(OpponentModel, "update", eager)
    assert play_with_agents(rules, 23, levels).record == lazy.record


@pytest.mark.parametrize(("preset", "levels", "weighs"), [
    ("kaiji", ["hard", "hard_v1"], True),
    ("kaiji", ["hard_v1", "hard_v1"], False),
    ("three_player", ["hard", "hard_v1", "hard"], False),
])
def test_the_hard_level_weighs_what_a_deal_in_costs_at_a_table_of_two(preset, levels, weighs, monkeypatch):
    """Only the hard level, and only against one opponent, plans by the cost of a deal-in
    (`planning.DEAL_IN_COST`): a steeper table changes its discards, and nothing else's."""
    rules = Rules.preset(preset, hands=1)

    def played_with(costs: dict[str, float]) -> list:
        monkeypatch.setattr(planning, "DEAL_IN_COST", costs)
        return play_with_agents(rules, 23, levels).record

    even = played_with(dict.fromkeys(planning.DEAL_IN_COST, 1.0))
    steep = played_with({name: 5.0 if name in ("wind", "dragon") else 0.2 for name in planning.DEAL_IN_COST})
    assert (steep != even) == weighs


def test_only_the_hard_level_weighs_its_walls_by_the_discards():
    """hard_v1 stays the reference it was: every particle counts alike for it, while the
    hard level's count by how likely the opponent's discards were from them."""
    rules = Rules.preset("kaiji", hands=1)
    match = Match(rules, 23)
    kyoku = match.next_kyoku()
    agents = [quick_agent("hard", 23), quick_agent("hard_v1", 24)]
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
    hard, hard_v1 = agents[0].models[1], agents[1].models[0]
    hard.analyse_sampled()
    hard_v1.analyse_sampled()
    assert len(hard.particles) > 1 and len(hard_v1.particles) > 1
    assert set(hard_v1.weights()) == {1.0}
    assert len(set(hard.weights())) > 1
    assert 1.0 <= sum(hard.weights()) < len(hard.particles)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_holds_back_its_own_waits(level):
    # East waits on 5s/8s and holds three more 8s in its pool: never discard them.
    match = Match(Rules.preset("kaiji"), seed=2)
    match.next_kyoku(crafted_deal({0: SANSHOKU + "888s", 2: JUNK}, dora=NO_DORA), 0)
    build_all(match, {0: SANSHOKU, 1: JUNK})
    agent = quick_agent(level, 3)
    kyoku = match.kyoku
    assert sum(1 for t in kyoku.pools[0] if t // 4 in kyoku.waits[0]) <= 4, "the position must allow it"
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        if seat == 0:
            match.apply(agent.act(kyoku.view_for(0)))
        else:
            drive(match, {1: [None]}, until_end=False)
    own = [e for e in kyoku.history if isinstance(e, FuritenStarted) and e.seat == 0]
    assert own == []
    assert "8s" not in [e.tile for e in kyoku.history if isinstance(e, Discarded) and e.seat == 0]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_temporary_furiten_is_no_reason_to_discard_an_own_wait(level):
    # South waits on 1-5m; 5m (riichi and three concealed triplets: below the floor) comes
    # out in the dealer's first discard and goes by, so South is furiten until its own
    # discard. 5m is now genbutsu against the dealer, but discarding South's copy would
    # make it furiten for good and throw away the 4m wait (four concealed triplets).
    match = Match(Rules.preset("kaiji"), seed=4)
    match.next_kyoku(crafted_deal({0: "123p456p789p123s4s5m", 2: "1112223334m777p5m"}, dora=(1, 0, "9s", "9s")), 0)
    build_all(match, {0: "123p456p789p123s4s", 1: "1112223334m777p"})
    drive(match, {0: ["5m"]}, until_end=False)
    view = match.kyoku.view_for(1)
    assert view.phase is Phase.DISCARD and view.turn == 1 and view.furiten, "the position must be reached"
    assert 4 in view.waits and 4 in Knowledge.of(view).safe[0]
    action = quick_agent(level, 5).act(view)
    assert code_kind(action.tile) not in view.waits


def test_takes_a_legal_ron():
    match = Match(Rules.preset("kaiji"), seed=3)
    match.next_kyoku(crafted_deal({0: JUNK + "8s", 2: SANSHOKU}, dora=NO_DORA), 0)
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None, None, "8s"]}, until_end=False)
    view = match.kyoku.view_for(1)
    assert view.phase is Phase.RON
    for level in ("easy", "normal", "hard"):
        assert make_agent(level).act(view) == Ron(1)


def test_seat_plan_swaps_every_seat():
    assert seat_plan(2, False) == [0, 1] and seat_plan(2, True) == [1, 0]
    assert seat_plan(4, False) == [0, 1, 0, 1] and seat_plan(4, True) == [1, 0, 1, 0]


def test_play_deal_times_every_decision_of_every_seat_with_its_phase():
    rules = replace(Rules.preset("four_player"), settlement="units", hands=1)
    match, timings = arena.play_deal(rules, 5, ["easy", "normal", "easy", "normal"])
    actions = [line for line in match.record if line["type"] == "action"]
    phase_of = {"choose_dora": "dora", "build": "build", "discard": "discard", "ron": "ron", "pass": "ron"}
    for seat, decisions in enumerate(timings):
        taken = [phase_of[a["action"]] for a in actions if a["seat"] == seat]
        assert [d.phase.value for d in decisions] == taken


def test_arena_reports_every_agent_and_writes_replayable_records(tmp_path):
    results = run_arena("normal", "easy", deals=1, seed=4, records=tmp_path)
    assert results["hands"] == 1 and results["plays"] == 2
    normal, easy = results["agents"]["normal"], results["agents"]["easy"]
    assert normal["units_per_hand"] == pytest.approx(-easy["units_per_hand"])
    for stats in (normal, easy):
        assert set(stats) >= {"units_per_hand", "ci95", "win_rate", "deal_in_rate", "draw_rate",
                              "found_mangan_rate", "decision_p95_s"}
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["deal4000012a.jsonl", "deal4000012b.jsonl"]
    for path in files:
        assert replay(read_record(path)).ok


def test_oracle_sees_the_winning_tile_and_keeps_it():
    match = Match(Rules.preset("kaiji"), seed=3)
    match.next_kyoku(crafted_deal({0: JUNK + "8s", 2: SANSHOKU}, dora=NO_DORA), 0)
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None], 1: [None]}, until_end=False)
    kyoku = match.kyoku
    oracle = OracleAgent(1, lambda: kyoku)
    for _ in range(15):
        action = oracle.act(kyoku.view_for(0))
        assert action.tile != "8s"
        match.apply(action)
        drive(match, {1: [None]}, until_end=False)
    assert kyoku.phase is Phase.DISCARD


ONLY_KOKUSHI = "19m19p19s1234567z2457m2457p2457s2457m245p57s"  # 1597 tenpai hands, one reaches mangan


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_builds_the_only_mangan_hand_of_a_wall_that_has_exactly_one(level):
    match = Match(Rules.preset("kaiji"), seed=4)
    match.next_kyoku(crafted_deal({0: ONLY_KOKUSHI, 2: JUNK}, dora=(1, 0, "2m", "3m")), 0)
    match.apply(ChooseDora(0, 1, 0))  # indicator 2m: the dora, 3m, is nowhere in the wall
    action = make_agent(level, seed=9).act(match.kyoku.view_for(0))
    assert action.tiles == "19m19p19s1234567z"


def test_arena_results_do_not_depend_on_worker_processes():
    def without_times(results: dict) -> dict:
        return {name: {k: v for k, v in stats.items() if not k.startswith("decision")}
                for name, stats in results["agents"].items()}

    alone = run_arena("easy", "normal", deals=2, seed=9)
    shared = run_arena("easy", "normal", deals=2, seed=9, jobs=2)
    assert without_times(shared) == without_times(alone)
    assert shared["hands"] == alone["hands"] == 2


@pytest.mark.parametrize(("preset", "per_opponent"), [("kaiji", 3), ("three_player", 1), ("four_player", 1)])
def test_hard_shares_its_sampled_walls_among_its_opponents(preset, per_opponent, monkeypatch):
    """The sampled walls per discard are the hard level's cost: with more opponents each
    gets fewer, so a 4-player discard costs about what a 2-player one does."""
    monkeypatch.setattr(inference, "DISCARDS_BEFORE_SAMPLING", 0)  # walls from the first discard
    rules = Rules.preset(preset, hands=1)
    match = Match(rules, 5)
    kyoku = match.next_kyoku()
    agents = [HardAgent(seat) for seat in range(rules.players)]
    while kyoku.phase is not Phase.DISCARD:
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
    seat = kyoku.waiting_on()[0]
    match.apply(agents[seat].act(kyoku.view_for(seat)))
    models = agents[seat].models
    assert len(models) == rules.players - 1
    assert all(len(model.particles) + len(model.sampled) == per_opponent for model in models.values())


def test_a_ron_between_one_agents_own_seats_is_neither_a_win_nor_a_deal_in(monkeypatch):
    # 3 players, agent A at seats 0 and 2: seat 0 rons seat 2, then (another deal) seat 1
    monkeypatch.setattr(arena, "_wall_has_mangan", lambda kyoku, seat: False)

    def play(winner: int, discarder: int, gains: tuple[int, ...], seats: list[int]) -> arena.Play:
        win = SimpleNamespace(seat=winner, discarder=discarder)
        kyoku = SimpleNamespace(result=SimpleNamespace(wins=[win], drawn=False))
        match = SimpleNamespace(kyoku=kyoku, settlements=[SimpleNamespace(gains=gains)])
        return arena._play(match, seats, [[], [], []])

    own = play(0, 2, (1, 0, -1), [0, 2])
    assert (own.gain, own.won, own.dealt_in) == (0, False, False)
    assert not play(0, 2, (1, 0, -1), [1]).won
    a, b = play(0, 1, (1, -1, 0), [0, 2]), play(0, 1, (1, -1, 0), [1])
    assert (a.won, a.dealt_in, b.won, b.dealt_in) == (True, False, False, True)
