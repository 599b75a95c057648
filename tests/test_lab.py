"""The lab: its intervals, its samples, its facts about walls and built tables, and its command."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from game.__main__ import main
from game.ai import lab
from game.ai.lab import (
    DealFacts,
    Share,
    deal_facts,
    reaches_mangan,
    run_lab,
    sample_rng,
    sample_wall,
    summarise_deals,
    wall_facts,
    wilson_interval,
)
from game.engine.analysis import WallAnalyser
from game.engine.kyoku import Kyoku
from game.engine.rules import Rules
from game.engine.tiles import EAST, WEST
from tests.helpers import tiles
from tests.scenario_tools import build_all, crafted_deal

KAIJI = Rules.preset("kaiji")
# A kaiji wall (lab seed 7, sample 14) that builds tenpai hands but none reaching mangan.
NO_MANGAN_WALL = "1123566699m22346777899p345599s2234567z"
NO_MANGAN_INDICATOR = "9p"


def test_wilson_interval_matches_worked_values():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_interval_covers_a_known_share_about_95_times_in_100():
    rng = random.Random(2026)
    truth, trials = 0.3, 60
    covered = 0
    for _ in range(400):
        hits = sum(rng.random() < truth for _ in range(trials))
        low, high = wilson_interval(hits, trials)
        covered += low <= truth <= high
    assert 0.90 <= covered / 400 <= 0.99


def test_sampled_walls_hold_a_given_tile_a_quarter_of_the_time():
    """A tiny case with a known truth: a 34-tile wall holds tile 0 with chance 34/136."""
    samples = [sample_wall(sample_rng("wall", 5, i), KAIJI) for i in range(400)]
    share = Share(sum(0 in wall for wall, _ in samples), len(samples))
    low, high = share.interval
    assert low <= 0.25 <= high
    assert all(len(set(wall)) == 34 and indicator not in wall for wall, indicator in samples)


def test_four_players_have_no_indicator_and_three_players_have_one():
    wall, indicator = sample_wall(sample_rng("wall", 0, 0), Rules.preset("four_player"))
    assert len(wall) == 34 and indicator is None
    assert sample_wall(sample_rng("wall", 0, 0), Rules.preset("three_player"))[1] is not None


@pytest.mark.parametrize("index", [0, 1, 2])
def test_wall_facts_agree_with_scoring_every_hand(index):
    wall, indicator = sample_wall(sample_rng("wall", 11, index), KAIJI)
    facts = wall_facts(wall, indicator, KAIJI)
    for wind, found in zip((EAST, WEST), facts.mangan_by_seat, strict=True):
        every = WallAnalyser(wall, wind, indicator, KAIJI).analyze().hands
        assert found == any(reaches_mangan(w) for hand in every for w in hand.waits)
    assert facts.tenpai


def test_a_wall_without_mangan_tenpai_is_found_so():
    wall = tiles(NO_MANGAN_WALL, red_fives=False)
    (indicator,) = [t for t in tiles("9p9p9p9p", red_fives=False) if t not in wall][:1]
    facts = wall_facts(wall, indicator, KAIJI)
    assert facts.tenpai and facts.mangan_by_seat == (False, False)
    assert WallAnalyser(wall, EAST, indicator, KAIJI).analyze().hands  # tenpai hands exist, all below mangan


def scripted_table() -> Kyoku:
    """East waits on 1p/4p below mangan; West waits on every sou (chuuren). East's pool holds
    five sou, West's pool holds no pin that East waits on."""
    deal = crafted_deal({
        0: "123456789m1234p" "23456s" "111222333444z" "5556z",
        2: "1112345678999s" "2356789p" "2356789p" "7777z" "666z",
    }, dora=(1, 0, "5z", "8p"))
    kyoku = Kyoku(KAIJI, deal, 0)
    build_all(kyoku, {0: "123456789m1234p", 1: "1112345678999s"})
    return kyoku


def test_deal_facts_of_a_scripted_table():
    facts = deal_facts(scripted_table())
    assert facts == DealFacts(
        tenpai=(True, True),
        completable=(False, True),
        winnable=(False, True),
        holds_five=(True, False),
        holds_five_winning=(True, False),
    )


def test_deal_summary_counts_one_and_both_players():
    flags = [DealFacts((True, True), (False, False), (False, True), (True, False), (False, False)),
             DealFacts((True, True), (False, True), (True, True), (False, False), (False, False))]
    summary = summarise_deals(KAIJI, flags)
    missing = summary["no_completing_tile_in_opponents_pools"]
    assert missing["by_seat"]["east"]["hits"] == 2 and missing["by_seat"]["west"]["hits"] == 1
    assert [missing[k]["hits"] for k in ("at_least_one", "exactly_one", "all")] == [2, 1, 1]
    assert summary["holds_five_completing_tiles"]["at_least_one"]["hits"] == 1


def test_the_lab_is_deterministic_for_a_seed():
    first = run_lab("kaiji", walls=3, deals=1, seed=4)
    assert first == run_lab("kaiji", walls=3, deals=1, seed=4)
    assert first["walls"]["count"] == 3 and first["deals"]["count"] == 1


def test_worker_processes_do_not_change_the_figures():
    assert run_lab("kaiji", walls=4, deals=0, seed=9, jobs=2) == run_lab("kaiji", walls=4, deals=0, seed=9)


def test_the_lab_command_prints_json(capsys):
    assert main(["lab", "--walls", "2", "--deals", "0", "--seed", "1", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert results["preset"] == "kaiji" and results["walls"]["no_tenpai"]["trials"] == 2
    assert set(results["walls"]["no_mangan_tenpai"]) == {"east", "west"}


def test_the_lab_command_reports_text_for_three_players(capsys):
    assert main(["lab", "--walls", "1", "--deals", "0", "--preset", "three_player"]) == 0
    out = capsys.readouterr().out
    assert "no tenpai at all" in out and "south" in out


def test_the_lab_command_refuses_negative_counts(capsys):
    assert main(["lab", "--walls", "-1"]) == 2
    assert "--walls" in capsys.readouterr().err


MADE_AT_MOST = 1000
"""Samples a lab stopped after its first may have made: a few chunks a process, never all."""
_made = itertools.count()


class Enough(Exception):
    pass


def counted(sample: object) -> None:
    if next(_made) > MADE_AT_MOST:
        raise AssertionError("the samples were made up front")


class CountedWallJob(lab.WallJob):
    """A wall sample that fails the test when too many are made before one is studied (at
    module level: a worker process unpickles it, without calling this)."""

    def __init__(self, *args, **kwargs) -> None:
        counted(self)
        super().__init__(*args, **kwargs)


class CountedDealJob(lab.DealJob):
    def __init__(self, *args, **kwargs) -> None:
        counted(self)
        super().__init__(*args, **kwargs)


def stop(kind: str, done: int, total: int) -> None:
    raise Enough


@pytest.mark.parametrize(("walls", "deals", "jobs"), [(10**12, 0, 1), (10**12, 10**9, 2), (0, 10**9, 1)])
def test_samples_are_made_as_they_are_studied(monkeypatch, walls, deals, jobs):
    """`lab --walls 10**12` used to make every sample first and grow to gigabytes: now the
    first result comes after a few samples were made, whatever the counts."""
    global _made
    _made = itertools.count()
    monkeypatch.setattr(lab, "WallJob", CountedWallJob)
    monkeypatch.setattr(lab, "DealJob", CountedDealJob)
    with pytest.raises(Enough):
        run_lab("kaiji", walls=walls, deals=deals, jobs=jobs, progress=stop)


def test_the_figures_are_tallied_without_a_list_of_samples():
    """The summaries take the facts as a stream (a generator), as the lab hands them over."""
    flags = [DealFacts((True, False), (False, False), (False, True), (True, False), (False, False))] * 3
    assert summarise_deals(KAIJI, iter(flags)) == summarise_deals(KAIJI, flags)
    assert summarise_deals(KAIJI, iter(flags))["not_tenpai"]["west"]["hits"] == 3
