"""tools/arena_log.py plays the deals `selfplay` plays, one line each as it goes, and its
summary of those lines gives the figures `selfplay` gives for the same deals."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.arena import run_arena
from tools.arena_log import main, play, read_deals, summarise


def figures(result: dict, name: str) -> str:
    agent = result["agents"][name]
    low, high = agent["ci95"]
    return (f"{agent['units_per_hand']:+.3f} units per hand (95% CI {low:+.3f}, {high:+.3f})", agent["win_rate"],
            agent["deal_in_rate"])


def test_a_run_taken_up_where_it_stopped_sums_to_the_arenas_figures_for_the_same_deals(tmp_path, monkeypatch):
    out = tmp_path / "deals.jsonl"
    for first, hands in ((0, 2), (2, 1)):
        monkeypatch.setattr("sys.argv", ["arena_log.py", "--a", "normal", "--b", "easy", "--preset", "three_player",
                                         "--seed", "7", "--first-deal", str(first), "--hands", str(hands),
                                         "--out", str(out)])
        assert main() == 0
    deals = read_deals([out])
    assert [d["deal"] for d in deals] == [0, 1, 2]
    printed = summarise(deals)
    arena = run_arena("normal", "easy", 3, 7, "three_player")
    units, win, deal_in = figures(arena, "normal")
    assert f"normal {units}" in printed
    plays = [p for d in deals for p in d["plays"]]
    assert round(sum(p["a"]["won"] for p in plays) / len(plays), 4) == win
    assert round(sum(p["a"]["dealt_in"] for p in plays) / len(plays), 4) == deal_in
    assert "3 duplicate deals (seed 7 deals 0-2)" in printed


def line(seed: int, deal: int, gain: float, preset: str = "kaiji") -> dict:
    side = {"gain": gain, "won": gain > 0, "dealt_in": gain < 0, "drew": gain == 0}
    other = {"gain": -gain, "won": gain < 0, "dealt_in": gain > 0, "drew": gain == 0}
    return {"a": "hard", "b": "hard_v1", "preset": preset, "seed": seed, "deal": deal,
            "plays": [{"a": side, "b": other}, {"a": other, "b": side} if gain == 0 else {"a": side, "b": other}],
            "cpu_s": 1.0}


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        # a deal logged twice (overlapping runs) counts once
        ([line(1, 0, 1.0), line(1, 0, 1.0), line(1, 1, -1.0)],
         ["hard vs hard_v1, kaiji: 2 duplicate deals (seed 1 deals 0-1); hard +0.000 units per hand",
          "win 50.0% vs 50.0%"]),
        # the deals named as runs, per seed; each preset apart
        ([line(1, 0, 1.0), line(1, 1, 1.0), line(1, 5, 1.0), line(2, 3, 0.0), line(1, 0, 0.0, "moegirl")],
         ["kaiji: 4 duplicate deals (seed 1 deals 0-1, seed 1 deal 5, seed 2 deal 3); hard +0.750",
          "hard vs hard_v1, moegirl: 1 duplicate deals (seed 1 deal 0); hard +0.000 units per hand "
          "(95% CI +0.000, +0.000); win 0.0% vs 0.0%, deal-in 0.0% vs 0.0%, draw 100.0%"]),
    ],
)
def test_the_summary_counts_each_deal_once_per_match_and_preset(deals, expected):
    printed = summarise(deals)
    assert all(text in printed for text in expected), printed


def test_a_deal_line_is_what_the_arena_played():
    played = play("normal", "easy", "kaiji", 7, 0)
    assert (played["seed"], played["deal"], len(played["plays"])) == (7, 0, 2)
    arena = run_arena("normal", "easy", 1, 7)
    assert sum(p["a"]["gain"] for p in played["plays"]) / 2 == arena["agents"]["normal"]["units_per_hand"]


@pytest.mark.parametrize("argv", [["--hands", "0"], ["--first-deal", "-1"], ["--multiple-ron", "all"]])
def test_bad_arguments_are_refused(argv, monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["arena_log.py", *argv])
    assert main() == 2
    assert "arena_log:" in capsys.readouterr().err


GOOD_LINE = json.dumps(line(3, 4, 1.0))


@given(lines=st.lists(st.one_of(st.text(), st.just(GOOD_LINE), st.just(GOOD_LINE[:-9]),
                                st.just(GOOD_LINE.replace('"deal": 4', '"deal": "4"')),
                                st.just(GOOD_LINE.replace("true", "1")),
                                st.just(GOOD_LINE.replace('"gain": 1.0', '"gain": NaN')))))
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_damaged_line_is_skipped_and_named_and_the_rest_summarised(lines, tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    cleaned = [text.replace("\n", " ").replace("\r", " ") for text in lines]
    path.write_text("\n".join(cleaned), errors="replace")
    deals = read_deals([path])
    assert len(deals) == cleaned.count(GOOD_LINE)
    if deals:
        assert "1 duplicate deals (seed 3 deal 4)" in summarise(deals)
    assert capsys.readouterr().err.count("not a played deal") == sum(
        bool(text.strip()) and text != GOOD_LINE for text in cleaned)


def test_a_deal_line_names_a_multiple_ron_other_than_the_presets():
    assert play("easy", "easy", "three_player", 7, 0)["preset"] == "three_player"
    assert play("easy", "easy", "three_player", 7, 0, "head_bump")["preset"] == "three_player"
    assert play("easy", "easy", "three_player", 7, 0, "all")["preset"] == "three_player, multiple_ron all"
