"""`analyze --json` writes every wait in one pass with shared texts and entries: its output
must be what writing each wait on its own from the analyser's answers gives."""

from __future__ import annotations

import json
import random

import pytest

from game.cli.analyze import hand_warnings, report_json
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.tiles import EAST, TILE_COUNT, WEST


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
