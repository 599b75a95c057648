"""The result's words for several winners and for a match's last hand."""

from __future__ import annotations

import itertools

import pytest

from game.app.scenes.result import win_band_line
from game.app.scenes.summary import score_columns, told_apart
from game.engine.scoring import WinValue, YakuLine


def value(han: int, fu: int, level: str | None) -> WinValue:
    return WinValue(han=han, fu=fu, yaku=(YakuLine("riichi", 1),), level=level, yakuman=0, kazoe=False,
                    base_points=min(fu * 2 ** (2 + han), 2000))


@pytest.mark.parametrize(
    ("win", "line"),
    [
        (value(2, 40, None), "South (Hard AI) — 2 han 40 fu, +2,600"),
        (value(5, 30, "mangan"), "South (Hard AI) — mangan, 5 han 30 fu, +2,600"),
        (value(6, 40, "haneman"), "South (Hard AI) — haneman, 6 han 40 fu, +2,600"),
    ],
)
def test_a_winner_among_several_names_han_and_fu_once(win: WinValue, line: str):
    assert win_band_line("South", "Hard AI", win, "2,600") == line


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_summary_s_score_columns_stay_on_screen_in_seat_order(players: int):
    columns = score_columns(players)
    assert len(columns) == players and columns == sorted(columns)
    assert columns[0] == 860 and columns[-1] <= 1250
    assert min(b - a for a, b in itertools.pairwise(columns)) >= 120


def test_the_summary_numbers_players_who_share_a_name():
    assert told_apart(["You", "Easy AI", "Easy AI", "Hard AI"]) == ["You", "Easy AI 1", "Easy AI 2", "Hard AI"]
    assert told_apart(["You", "Normal AI"]) == ["You", "Normal AI"]
