"""tools/measure_build_scale.py plays again only the plays whose build changes, and pairs
each deal's outcome at another deal-in scale with the scale as kept."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.arena import seat_plan
from game.ai.lookahead import DEAL_IN_SCALE
from game.engine.rules import Rules
from tools.measure_build_scale import main, measure_deal, outcome, read_deals, scaled_level, summarise

RULES = replace(Rules.preset("kaiji"), settlement="units", hands=1)
DEAL = 4001 * 1_000_003 + 57
"""A deal of `selfplay --seed 4001` where hard builds another hand at scale 0.3 when
seated second, and the same hands at 0.8."""


def test_only_a_changed_build_is_played_again_and_an_unchanged_play_comes_out_the_same():
    measured = measure_deal(RULES, DEAL, "hard_v1", [0.3, 0.8], every_play=True)
    plays = measured["plays"]
    assert [p["changed"] for p in plays] == [[], ["0.3"]]
    assert plays[1]["at"]["0.3"] != plays[1]["kept"]
    for play, swapped in zip(plays, (False, True), strict=True):
        plan = seat_plan(RULES.players, swapped)
        levels = [scaled_level(0.8) if who == 0 else "hard_v1" for who in plan]
        assert outcome(RULES, DEAL, levels, plan) == play["kept"]


def play(gain: float, won: bool = False, dealt_in: bool = False) -> dict:
    return {"gain": gain, "won": won, "dealt_in": dealt_in, "b_won": dealt_in, "b_dealt_in": won}


UNCHANGED = {"changed": [], "kept": None, "at": {}}


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        # an unchanged deal counts 0: the mean of +1 (a deal-in turned into a win, halved
        # over the deal's two plays) and 0
        ([{"scales": ["0.3"], "plays": [{"changed": ["0.3"], "kept": play(-1, dealt_in=True),
                                         "at": {"0.3": play(1, won=True)}}, UNCHANGED]},
          {"scales": ["0.3"], "plays": [UNCHANGED, UNCHANGED]}],
         ["scale 0.3: 1 plays changed, +0.5000 units per hand",
          "changed plays at 0.45: hard win 0.0%, deal-in 100.0%; B win 100.0%, deal-in 0.0%",
          "changed plays at 0.3: hard win 100.0%, deal-in 0.0%; B win 0.0%, deal-in 100.0%"]),
        # a scale that changed nothing is still reported, at 0
        ([{"scales": ["0.8"], "plays": [UNCHANGED, UNCHANGED]}],
         ["scale 0.8: 0 plays changed, +0.0000 units per hand", "changed plays at 0.8: no plays"]),
        # every play played at the kept scale: the rates over every play, each scale's
        # taking its own outcome where it changed
        ([{"scales": ["0.3"], "plays": [{"changed": ["0.3"], "kept": play(-1, dealt_in=True),
                                         "at": {"0.3": play(1, won=True)}},
                                        {"changed": [], "kept": play(0), "at": {}}]}],
         ["kept scale, every play: hard win 0.0%, deal-in 50.0%",
          "every play at 0.3: hard win 50.0%, deal-in 0.0%"]),
    ],
)
def test_the_summary_pairs_each_deal_with_the_kept_scale(deals, expected):
    printed = summarise(deals)
    assert all(line in printed for line in expected), printed


def test_the_kept_scale_is_the_hard_level_itself():
    assert scaled_level(DEAL_IN_SCALE) == "hard"
    assert scaled_level(0.3) == "hard@0.3"


@pytest.mark.parametrize("argv", [["--hands", "0"], ["--scales", "-1"]])
def test_bad_arguments_are_refused(argv, monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["measure_build_scale.py", *argv])
    assert main() == 2
    assert "measure_build_scale:" in capsys.readouterr().err


def test_files_without_deals_are_a_clear_error(tmp_path, monkeypatch, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    monkeypatch.setattr("sys.argv", ["measure_build_scale.py", "--summarise", str(empty)])
    assert main() == 2
    assert "no deals" in capsys.readouterr().err


GOOD_LINE = ('{"deal_seed": 1, "scales": ["0.3"], "plays": [{"changed": ["0.3"], '
             '"kept": {"gain": -1, "won": false, "dealt_in": true, "b_won": true, "b_dealt_in": false}, '
             '"at": {"0.3": {"gain": 0, "won": false, "dealt_in": false, "b_won": false, "b_dealt_in": false}}}, '
             '{"changed": [], "kept": null, "at": {}}]}')


@given(lines=st.lists(st.one_of(st.text(), st.just(GOOD_LINE), st.just(GOOD_LINE[:-9]),
                          st.just(GOOD_LINE.replace('"0.3"', '"x"')), st.just(GOOD_LINE.replace("-1", "true")))))
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_damaged_line_is_skipped_and_named_and_the_rest_summarised(lines, tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines), errors="replace")
    deals = read_deals([path])
    assert len(deals) == sum(line == GOOD_LINE for line in lines)
    if deals:
        assert "scale 0.3: " in summarise(deals)
    assert capsys.readouterr().err.count("not a measured deal") == sum(
        bool(line.replace("\n", " ").replace("\r", " ").strip()) and line != GOOD_LINE for line in lines)
