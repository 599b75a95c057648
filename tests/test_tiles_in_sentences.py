"""Tiles inside Japanese and Chinese sentences: numbered tiles stay mpsz, honours are written
by their names (東南西北白發中 / 东南西北 白板 发财 红中); English keeps 1z–7z
(terms.tile_in_sentence, used wherever a tile code is put into a translated sentence)."""

from __future__ import annotations

import pytest

from game.app import i18n, terms
from game.app.draw_reasons import draw_reasons
from game.app.helper import warnings_for
from game.engine.events import RonPassed, WinningTileMissed


@pytest.fixture
def speak():
    def switch(code: str) -> None:
        i18n.set_language(code)

    yield switch
    i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize(
    ("language", "codes", "shown"),
    [
        ("en", "1z 2z 3z 4z 5z 6z 7z", "1z 2z 3z 4z 5z 6z 7z"),
        ("ja", "1z 2z 3z 4z 5z 6z 7z", "東 南 西 北 白 發 中"),
        ("zh_CN", "1z 2z 3z 4z 5z 6z 7z", "东 南 西 北 白板 发财 红中"),
        # Numbered tiles and red fives are the notation in every language.
        ("ja", "1m 5p 0s 9s", "1m 5p 0s 9s"),
        ("zh_CN", "1m 0p 7z", "1m 0p 红中"),
    ],
)
def test_honours_are_written_by_their_characters_in_japanese_and_chinese(speak, language, codes, shown):
    speak(language)
    assert terms.tiles_in_sentence(codes.split()) == shown
    assert [terms.tile_in_sentence(code) for code in codes.split()] == shown.split()


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "passed the ron on 7z; 7z came, with no yaku"),
        ("ja", "中"),
        ("zh_CN", "红中"),
    ],
)
def test_a_draw_reason_names_the_honour_tile(speak, language, reason):
    speak(language)
    told = draw_reasons((RonPassed(0, "7z"), WinningTileMissed(0, "7z", "no_yaku")), ((33,), ()))[0]
    if language == "en":
        assert told == reason
    else:
        assert reason in told and "7z" not in told


def test_the_helper_names_dead_honour_waits_by_their_characters(speak):
    from types import SimpleNamespace

    hand = SimpleNamespace(tenpai=True, forced_wait_discards=0, pool_wait_copies=0)
    lines = [SimpleNamespace(code="1z", dead=True, value=None, clears_floor=False, luck_only=False),
             SimpleNamespace(code="5m", dead=False, value=object(), clears_floor=True, luck_only=False)]
    speak("ja")
    dead = warnings_for(hand, lines, floor_applies=True)[0]
    assert "東" in dead and "1z" not in dead and "5m" not in dead
    speak("en")
    assert "1z" in warnings_for(hand, lines, floor_applies=True)[0]
