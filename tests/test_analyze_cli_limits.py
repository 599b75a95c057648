"""`analyze` refuses over-long input before parsing it, quotes bad input briefly, and
answers from the best-first ranking exactly as from the whole one."""

from __future__ import annotations

import argparse
import json
import time

import pytest

from game.cli import analyze
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, format_tiles
from tools.analysis_digests import seeded_wall

RULES = Rules.preset("kaiji")


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="python -m game analyze")
    analyze.configure(parser)
    code = analyze.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return code, out, err


def wall_text(seed: int) -> tuple[str, str]:
    wall, indicator = seeded_wall(seed)
    return format_tiles(wall, False), format_tiles([indicator], False)


def test_a_ten_megabyte_wall_is_refused_at_once_without_an_echo(capsys):
    huge = "123m" * 2_500_000
    started = time.process_time()
    code, out, err = run_cli(capsys, huge)
    assert time.process_time() - started < 1.0
    assert (code, out) == (2, "")
    assert err.startswith("analyze: a wall is at most 200 characters") and len(err) < 120


def test_an_over_long_indicator_is_refused_too(capsys):
    code, _, err = run_cli(capsys, wall_text(1)[0], "--dora", "1m" * 1000)
    assert code == 2 and "at most 200 characters" in err and len(err) < 120


@pytest.mark.parametrize("bad", ["1m" * 60 + "x", "9z" + "1m" * 80])
def test_bad_input_is_quoted_briefly(capsys, bad):
    code, _, err = run_cli(capsys, bad)
    assert code == 2 and bad not in err
    assert len(err) < 4 * analyze.SHOWN + 80


def test_json_scores_what_may_reach_the_floor_and_leaves_the_rest_null(capsys):
    wall, dora = wall_text(4)
    code, out, _ = run_cli(capsys, wall, "--dora", dora, "--json")
    report = json.loads(out)
    assert code == 0 and report["tenpai_hands"] == len(report["hands"])
    waits = [wait for hand in report["hands"] for wait in hand["waits"]]
    unscored = [wait for wait in waits if wait["han"] is None]
    assert unscored and len(unscored) < len(waits)
    for wait in unscored:
        assert not (wait["clears_floor"] or wait["clears_floor_with_ippatsu"] or wait["clears_floor_with_houtei"])
        assert (wait["fu"], wait["yaku"], wait["level"]) == (None, None, None)
    assert all(isinstance(wait["han"], int) for wait in waits if wait["clears_floor_with_ippatsu"])
    code, out, _ = run_cli(capsys, wall, "--dora", dora, "--json", "--top", "7")
    assert json.loads(out)["hands"] == report["hands"][:7]


def test_the_text_report_is_the_same_from_the_best_hands_as_from_the_whole_ranking():
    wall, indicator = seeded_wall(6)
    whole = WallAnalyser(wall, EAST, indicator, RULES).analyze()
    best = WallAnalyser(wall, EAST, indicator, RULES).best_hands(12)
    assert analyze.report_text(best, "east", 12) == analyze.report_text(whole, "east", 12)


@pytest.mark.parametrize("top", [str(2**63), "9" * 40])
def test_a_top_above_every_hand_shows_every_hand(capsys, top):
    """`--top` above `sys.maxsize` is every hand, as a smaller one above their count is
    (islice refused it: a traceback)."""
    wall = wall_text(2)[0]
    code, out, err = run_cli(capsys, wall, "--top", "100000")
    assert (code, err) == (0, "")
    assert run_cli(capsys, wall, "--top", top) == (0, out, "")
    code, out, err = run_cli(capsys, wall, "--json", "--top", top)
    assert (code, err) == (0, "") and json.loads(out)["tenpai_hands"] == len(json.loads(out)["hands"])
