"""A yakuman on the result screen is worth 'yakuman', not the library's '13 han 0 fu'
(from the Japanese play-through: 国士無双十三面 13翻, 13翻0符)."""

from __future__ import annotations

import pytest

from game.app.play.result_frame import is_yakuman_hand, win_band_line, yaku_worth
from game.app.words import i18n
from game.engine.scoring import WinValue, YakuLine

KOKUSHI = WinValue(han=13, fu=0, yaku=(YakuLine("kokushi musou 13-sided wait", 13),), level="yakuman",
                   yakuman=1, kazoe=False, base_points=8000)
DOUBLE = WinValue(han=26, fu=0, yaku=(YakuLine("kokushi musou 13-sided wait", 26),), level="yakuman",
                  yakuman=2, kazoe=False, base_points=16000)
KAZOE = WinValue(han=13, fu=40, yaku=(YakuLine("riichi", 1), YakuLine("chinitsu", 6), YakuLine("dora", 6)),
                 level="yakuman", yakuman=1, kazoe=True, base_points=8000)


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_a_yakuman_yaku_is_worth_yakuman_and_a_counted_one_keeps_its_han():
    assert is_yakuman_hand(KOKUSHI) and not is_yakuman_hand(KAZOE)
    assert yaku_worth(KOKUSHI, 13, double_yakuman=False) == "yakuman"
    assert yaku_worth(DOUBLE, 26, double_yakuman=True) == "double yakuman"
    assert yaku_worth(KAZOE, 6, double_yakuman=False) == "6 han"


def test_in_japanese_the_kokushi_line_says_yakuman(japanese):
    assert yaku_worth(KOKUSHI, 13, double_yakuman=False) == "役満"


def test_a_yakuman_winner_among_several_is_not_given_han_and_fu():
    assert win_band_line("South", "Hard AI", KOKUSHI, "32,000") == "South (Hard AI) — yakuman, +32,000"
    assert "13 han 40 fu" in win_band_line("South", "Hard AI", KAZOE, "32,000")
