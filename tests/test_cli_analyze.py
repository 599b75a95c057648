"""`python -m game analyze`: the JSON shape, the text report and the exit codes."""
from __future__ import annotations

import argparse
import io
import json
import random
import subprocess
import sys
import time

import pytest

from game.cli import analyze
from game.cli.analyze import hand_warnings, report_json, write_json
from game.engine.analysis import TableContext, WaitAnalysis, WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT, WEST, format_tiles, ids_for_codes, parse_tiles, tile_code
from tools.analysis_digests import seeded_wall

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



# `analyze` refuses over-long input before parsing it, quotes bad input briefly, and
# answers from the best-first ranking exactly as from the whole one.
RULES = Rules.preset("kaiji")



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



# `analyze --json` writes every wait in one pass with shared texts and entries: its output
# must be what writing each wait on its own from the analyser's answers gives.
def reference_wait(wait):
    shown = wait.scored or wait.clears_floor_with_ippatsu or wait.clears_floor_with_houtei
    value = wait.value if shown else None
    level = value.level_name if value is not None and value.level is not None else None
    return {
        "tile": _code(wait.kind),
        "live": wait.live,
        "han": (value.han if value else 0) if shown else None,
        "fu": (value.fu if value else 0) if shown else None,
        "yaku": [line.name for line in value.yaku] if value else [] if shown else None,
        "yaku_han": [line.han for line in value.yaku] if value else [] if shown else None,
        "level": level if shown else None,
        "clears_floor": wait.clears_floor,
        "dead": wait.dead,
        "clears_floor_with_ippatsu": wait.clears_floor_with_ippatsu,
        "clears_floor_with_houtei": wait.clears_floor_with_houtei,
    }



def _code(kind):
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"



def reference_report(analysis):
    return [
        {
            "hand": hand.text,
            "waits": [reference_wait(wait) for wait in hand.waits],
            "payment": hand.payment,
            "live_clearing_copies": hand.live_clearing_copies,
            "pool_wait_copies": hand.pool_wait_copies,
            "warnings": hand_warnings(hand),
        }
        for hand in analysis.hands
    ]



@pytest.mark.parametrize(("preset", "options", "seat", "seed"), [
    ("kaiji", {}, EAST, 3), ("kaiji", {"kiriage": False, "red_fives": True}, WEST, 5),
    ("three_player", {}, WEST, 8), ("four_player", {}, EAST, 2),
])
def test_report_writes_each_wait_as_the_analyser_answers(preset, options, seat, seed):
    rules = Rules.preset(preset, **options)
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), 34)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall))) if rules.has_dora else None
    written = report_json(WallAnalyser(wall, seat, indicator, rules).analyze(), "east", None)
    expected = reference_report(WallAnalyser(wall, seat, indicator, rules).analyze())
    assert written["hands"], "the wall should have tenpai hands to compare"
    assert json.dumps(written["hands"]) == json.dumps(expected)



# `analyze --json` writes its report in pieces, each shared wait entry and warning list
# encoded once: what it writes must be, byte for byte, `json.dumps` of the report.
def _report(preset: str, options: dict, seat: int, seed: int, top: int | None = None) -> dict:
    rules = Rules.preset(preset, **options)
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), 34)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall))) if rules.has_dora else None
    return report_json(WallAnalyser(wall, seat, indicator, rules).analyze(), "east", top)



def _written(report: dict) -> str:
    out = io.StringIO()
    write_json(report, out)
    return out.getvalue()



@pytest.mark.parametrize(("preset", "options", "seat", "seed", "top"), [
    ("kaiji", {}, EAST, 3, None), ("kaiji", {"kiriage": False, "red_fives": True}, WEST, 5, None),
    ("three_player", {}, WEST, 8, None), ("four_player", {}, EAST, 2, None), ("kaiji", {}, EAST, 11, 7),
])
def test_the_report_is_written_as_json_dumps_writes_it(preset, options, seat, seed, top, monkeypatch):
    report = _report(preset, options, seat, seed, top)
    assert report["hands"]
    assert _written(report) == json.dumps(report)
    monkeypatch.setattr(analyze, "HANDS_PER_WRITE", 3)  # many pieces, and a piece ending with the hands
    assert _written(report) == json.dumps(report)
    report["hands"] = report["hands"][:6]
    assert _written(report) == json.dumps(report)



def test_a_report_without_hands_and_odd_values_are_written_alike():
    report = _report("kaiji", {}, EAST, 3)
    hand = dict(report["hands"][0], hand='1"\\é', payment=float("nan"), pool_wait_copies=True)
    for hands in ([], [hand], [{"other": 1}], [dict(hand, payment=10**20, live_clearing_copies=-0.0)]):
        odd = dict(report, hands=hands)
        assert _written(odd) == json.dumps(odd)
    assert _written({}) == json.dumps({})



def test_the_command_prints_the_report_as_json_dumps_writes_it(capsys):
    rules = Rules.preset("kaiji")
    rng = random.Random(4)
    wall = rng.sample(range(TILE_COUNT), 34)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall)))
    args = analyze.argparse.Namespace(wall=format_tiles(wall, False), dora=tile_code(indicator, False),
                                      preset="kaiji", seat="east", json=True, top=None)
    assert analyze.run(args) == 0
    printed = capsys.readouterr().out
    wall_ids = analyze.parse_wall(args.wall, rules)
    analysis = WallAnalyser(wall_ids, EAST, analyze.parse_indicator(args.dora, wall_ids, rules), rules).analyze()
    expected = report_json(analysis, "east", None)
    assert printed == json.dumps(expected) + "\n"
