"""`python -m game analyze`: the JSON shape, the text report and the exit codes."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from game.cli import analyze
from game.engine.analysis import TableContext, WaitAnalysis
from game.engine.rules import Rules
from game.engine.tiles import EAST, ids_for_codes, parse_tiles

FURITEN_HAND = "1112223334m777p"
FURITEN_WALL = FURITEN_HAND + "89m13589p13579s1234567z12z"
FOUR_ONE_MAN_WALL = "1" + FURITEN_WALL.replace("12z", "2z")
NO_TENPAI_WALL = "124578m124578p124578s1122334444555567z"
KOKUSHI_ONLY_WALL = "124589m124589p124589s1122334444555567z"

WAIT_KEYS = {"tile": str, "live": int, "han": int, "fu": int, "yaku": list, "clears_floor": bool}


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="python -m game analyze")
    analyze.configure(parser)
    code = analyze.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return code, out, err


def json_report(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


# --- JSON ----------------------------------------------------------------------------


def test_json_top_level_shape(capsys):
    report = json_report(capsys, KOKUSHI_ONLY_WALL)
    assert report["wall"] == KOKUSHI_ONLY_WALL
    assert report["dora_indicator"] is None
    assert (report["preset"], report["seat"]) == ("kaiji", "east")
    assert len(report["hands"]) == 61


def test_json_hands_and_waits_have_the_documented_keys(capsys):
    report = json_report(capsys, KOKUSHI_ONLY_WALL, "--dora", "6z", "--seat", "west")
    assert (report["dora_indicator"], report["seat"]) == ("6z", "west")
    for hand in report["hands"]:
        assert len(parse_tiles(hand["hand"])) == 13
        assert hand["waits"]
        for wait in hand["waits"]:
            for key, kind in WAIT_KEYS.items():
                assert isinstance(wait[key], kind), key
            assert wait["level"] in ("yakuman", "double yakuman")
            assert all(isinstance(name, str) for name in wait["yaku"])
            assert wait["clears_floor"] is True
    thirteen_sided = [hand for hand in report["hands"] if len(hand["waits"]) == 13]
    assert [hand["hand"] for hand in thirteen_sided] == ["19m19p19s1234567z"]


def test_json_carries_the_furiten_example(capsys):
    report = json_report(capsys, FURITEN_WALL)
    (hand,) = [hand for hand in report["hands"] if hand["hand"] == FURITEN_HAND]
    by_tile = {wait["tile"]: wait for wait in hand["waits"]}
    assert list(by_tile) == ["1m", "2m", "3m", "4m", "5m"]
    assert [by_tile[t]["clears_floor"] for t in by_tile] == [False, False, False, True, False]
    assert by_tile["4m"]["level"] == "yakuman"
    assert by_tile["4m"]["yaku"] == ["suuankou tanki"]
    assert (by_tile["2m"]["han"], by_tile["2m"]["fu"], by_tile["2m"]["level"]) == (3, 50, None)
    assert by_tile["2m"]["yaku"] == ["riichi", "sanankou"]
    assert by_tile["2m"]["clears_floor_with_ippatsu"] is True
    assert [by_tile[t]["live"] for t in by_tile] == [1, 1, 1, 3, 4]


def test_json_marks_a_dead_wait(capsys):
    report = json_report(capsys, FURITEN_WALL, "--dora", "1m")
    (hand,) = [hand for hand in report["hands"] if hand["hand"] == FURITEN_HAND]
    one_man = hand["waits"][0]
    assert (one_man["tile"], one_man["live"], one_man["dead"]) == ("1m", 0, True)
    assert any("dead" in warning for warning in hand["warnings"])


def test_json_of_a_wall_without_tenpai_has_no_hands(capsys):
    assert json_report(capsys, NO_TENPAI_WALL)["hands"] == []


def test_a_wait_without_value_is_written_as_zero():
    # Every riichi ron has a yaku, so build the no-value case by hand.
    table = TableContext(Rules.preset("kaiji"), EAST, None)
    hand = tuple(ids_for_codes(parse_tiles(FURITEN_HAND), False))
    wait = WaitAnalysis(kind=0, tile=3, live=1, clears_floor=False, hand=hand, table=table, exact=None)
    entry = analyze.wait_json(wait)
    assert {key: entry[key] for key in ("han", "fu", "yaku", "level", "clears_floor")} == {
        "han": 0, "fu": 0, "yaku": [], "level": None, "clears_floor": False,
    }


# --- text ------------------------------------------------------------------------------


def test_text_report_shows_hands_waits_and_warnings(capsys):
    code, out, err = run_cli(capsys, FURITEN_WALL, "--dora", "1m", "--top", "50")
    assert (code, err) == (0, "")
    assert "dora    indicator 1m (dora 2m)" in out
    assert "tenpai hands; the best 50" in out
    assert FURITEN_HAND in out
    assert "suuankou tanki" in out
    assert "1m is dead (karaten)" in out
    for header in ("wait", "live", "han", "fu", "level", "floor", "yaku"):
        assert header in out


def test_text_report_warns_about_waits_that_must_be_passed(capsys):
    code, out, _ = run_cli(capsys, FURITEN_WALL, "--top", "600")
    assert code == 0
    assert "2m clears the floor only with ippatsu or houtei" in out
    assert "1m does not clear the floor" in out


def test_top_limits_the_text_report(capsys):
    _, out, _ = run_cli(capsys, KOKUSHI_ONLY_WALL, "--top", "1")
    assert "the best 1," in out
    assert "\n  1. " in out and "\n  2. " not in out


def test_text_report_of_a_wall_without_tenpai(capsys):
    code, out, _ = run_cli(capsys, NO_TENPAI_WALL)
    assert code == 0
    assert "No tenpai hand can be built from this wall." in out


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["123m"], "34 tiles"),
        ([FURITEN_WALL + "1z"], "34 tiles"),
        ([FURITEN_WALL[:-3] + "1x"], "unexpected character"),
        (["11" + FURITEN_WALL], "5 copies of 1m"),
        ([FURITEN_WALL.replace("13589p", "13089p")], "red fives are off"),
        ([FOUR_ONE_MAN_WALL, "--dora", "1m"], "5 copies of 1m"),
        ([FURITEN_WALL, "--dora", "1m2m"], "one tile"),
        ([FURITEN_WALL, "--dora", "8z"], "not a tile"),
        ([FURITEN_WALL, "--preset", "four_player", "--dora", "1z"], "no dora"),
        ([FURITEN_WALL.replace("13589p", "13089p"), "--preset", "pro_stream"], None),
        ([FURITEN_WALL, "--top", "-1"], "--top"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    if message is None:  # control: the same shape of wall is fine when red fives are on
        assert code == 0
        return
    assert (code, out) == (2, "")
    assert err.startswith("analyze: ") and message in err
    assert "Traceback" not in err


def test_four_plain_fives_are_refused_when_one_must_be_red(capsys):
    code, _, err = run_cli(capsys, "5555m" + FURITEN_WALL[4:], "--preset", "pro_stream")
    assert code == 2
    assert "with red fives the set has only 3 plain ones (write the red one as 0m)" in err


def test_an_unknown_preset_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        run_cli(capsys, FURITEN_WALL, "--preset", "nope")
    assert exit_info.value.code == 2


def test_the_command_runs_through_python_dash_m_game():
    ok = subprocess.run([sys.executable, "-m", "game", "analyze", NO_TENPAI_WALL, "--json"],
                        capture_output=True, text=True, check=False, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["hands"] == []
    bad = subprocess.run([sys.executable, "-m", "game", "analyze", "123m"],
                         capture_output=True, text=True, check=False, timeout=120)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert "Traceback" not in bad.stderr and "34 tiles" in bad.stderr
