"""`analyze --json` writes its report in pieces, each shared wait entry and warning list
encoded once: what it writes must be, byte for byte, `json.dumps` of the report."""

from __future__ import annotations

import io
import json
import random

import pytest

from game.cli import analyze
from game.cli.analyze import report_json, write_json
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT, WEST, format_tiles, tile_code


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
