"""Chinese sentences name the dragon tiles as Chinese players do (白板, 发财, 红中), never by
the bare character (「中是你自己的和牌张」 reads as "in is…"), and the wind tiles as 东风…北风
(「西家打出的西」 read badly too); Japanese keeps 白發中. Every sentence a tile is put into says
so, and a wrapped line never breaks inside one of these names."""

from __future__ import annotations

from itertools import pairwise
from types import SimpleNamespace

import pytest

from game.app.play.draw_reasons import draw_reasons
from game.app.play.helper import warnings_for
from game.app.window.text import wrap_lines
from game.app.words import i18n, terms
from game.app.words.i18n import _
from game.engine.events import RonPassed, WinningTileMissed

DRAGONS = {"5z": "白板", "6z": "发财", "7z": "红中"}


@pytest.fixture
def chinese():
    i18n.set_language("zh_CN")
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def wait(code: str, **kind: bool) -> SimpleNamespace:
    line = {"dead": False, "value": object(), "clears_floor": True, "luck_only": False, **kind}
    return SimpleNamespace(code=code, **line)


def test_the_dragons_and_the_winds_by_their_chinese_names(chinese):
    assert {code: terms.tile_in_sentence(code) for code in DRAGONS} == DRAGONS
    assert terms.tiles_in_sentence(["1z", "2z", "3z", "4z"]) == "东风、南风、西风、北风"
    assert terms.tiles_in_sentence(["7z", "3m", "0p"], "、") == "红中、三万、赤五筒"


def test_japanese_keeps_the_characters():
    i18n.set_language("ja")
    try:
        assert terms.tiles_in_sentence(["5z", "6z", "7z"]) == "白、發、中"
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_the_prompt_before_discarding_a_winning_red_dragon_starts_with_its_name(chinese):
    sentence = _("{tile} is one of your own winning tiles. Discarding it makes you furiten: you could "
                 "never win this hand by ron.").format(tile=terms.tile_in_sentence("7z"))
    assert sentence.startswith("红中是你自己的和牌张")


def test_the_ron_prompt_and_the_notice_name_the_dragon(chinese):
    ron = _("{discarder}'s {tile} completes your hand, and the win is allowed. Passing makes you "
            "furiten for the rest of the hand.").format(discarder=terms.wind("west"), tile=terms.tile_in_sentence("6z"))
    assert ron.startswith("西家打出的发财")


def test_the_helper_warnings_name_the_dragons(chinese):
    hand = SimpleNamespace(tenpai=True, forced_wait_discards=0, pool_wait_copies=0)
    lines = [wait("5z", dead=True), wait("7z", value=None), wait("6z", clears_floor=False, luck_only=True),
             wait("5m")]
    notes = warnings_for(hand, lines, floor_applies=True)
    dead, no_yaku, below = notes[:3]
    assert dead.startswith("空听：白板。")
    assert no_yaku.startswith("和红中无役")
    assert "不够满贯：发财（发财只有" in below


def test_a_draw_reason_names_the_dragon(chinese):
    told = draw_reasons((RonPassed(0, "7z"), WinningTileMissed(0, "5z", "no_yaku")), ((33,), ()))[0]
    assert "放过了荣和红中" in told and "白板出现" in told


def breaks_inside(lines: list[str], name: str) -> bool:
    return any(line.endswith(name[0]) and after.startswith(name[1]) for line, after in pairwise(lines))


@pytest.mark.parametrize("name", DRAGONS.values())
def test_a_wrapped_line_never_breaks_inside_a_dragons_name(chinese, name):
    sentence = _("{tile} is one of your own winning tiles. Discarding it makes you furiten: you could "
                 "never win this hand by ron.").format(tile=f"{terms.tile_in_sentence('3m')}、{name}")
    broken_without = False
    for width in range(4, len(sentence)):
        lines = wrap_lines(sentence, width, len, terms.whole_words())
        assert "".join(lines) == sentence
        assert not breaks_inside(lines, name), (width, lines)
        broken_without |= breaks_inside(wrap_lines(sentence, width, len), name)
    assert broken_without, "some width breaks the name when it is not kept whole"
