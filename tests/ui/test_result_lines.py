"""The result's words for several winners and for a match's last hand."""

from __future__ import annotations

import pytest

from game.app.play.result_frame import win_band_line
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
