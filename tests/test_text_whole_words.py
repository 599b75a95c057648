"""Lines that read well in Japanese and Chinese: a mahjong term is never broken across two
lines, translators can join characters with a word joiner or a no-break space, and a
paragraph does not end on a lone character or two when a better break exists
(game/app/window/text.py, terms.whole_words)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.window.text import NO_BREAK_SPACE, NO_LINE_START, WORD_JOINER, wrap_lines
from game.app.words import i18n, terms


def by_characters(line: str) -> int:
    return len(line)


@pytest.mark.parametrize(
    ("text", "width", "whole", "lines"),
    [
        # A term of the language stays on one line (it was 「国士無双十」「三面です。」).
        ("役は国士無双十三面です。", 8, ("国士無双十三面",), ["役は", "国士無双十三面", "です。"]),
        ("荣和国士无双十三面", 6, ("国士无双十三面",), ["荣和", "国士无双十三面"]),
        # A term with a space in it is not broken at the space either.
        ("自風 東と役牌 白で満貫", 6, ("自風 東", "役牌 白", "満貫"), ["自風 東と", "役牌 白", "で満貫"]),
        # The longest term wins where two overlap.
        ("四暗刻単騎で和了", 5, ("四暗刻", "四暗刻単騎"), ["四暗刻単騎", "で和了"]),
        # English words wrap at spaces as before: an English term is no reason to keep words together.
        ("riichi and mangan (kiriage) here", 12, ("mangan (kiriage)",),
         ["riichi and", "mangan", "(kiriage)", "here"]),
        # A word joiner, written by a translator, joins two characters and is not drawn.
        (f"和了は河{WORD_JOINER}底{WORD_JOINER}撈{WORD_JOINER}魚のみ", 5, (), ["和了は", "河底撈魚", "のみ"]),
        # A no-break space joins two words and is drawn as a space.
        (f"立直 ippatsu{NO_BREAK_SPACE}houtei", 10, (), ["立直", "ippatsu houtei"]),
    ],
)
def test_terms_and_joined_words_stay_on_one_line(text: str, width: int, whole: tuple[str, ...],
                                                 lines: list[str]) -> None:
    assert wrap_lines(text, width, by_characters, whole) == lines


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        # The rules page's lone 「す。」: the line above gives a character down.
        ("ルールは以上です。", 4, ["ルールは", "以上", "です。"]),
        ("一二三四五六七八九十です。", 11, ["一二三四五六七八九十", "です。"]),
        ("一二三。四", 4, ["一二", "三。四"]),
        ("听牌时才能荣和", 3, ["听牌时", "才能", "荣和"]),
        # Three characters are a line: nothing moves.
        ("一二三四五六七", 4, ["一二三四", "五六七"]),
        # Nothing moves when the last line would no longer fit, or the line above would be too short.
        ("一二三四五。", 5, ["一二三", "四五。"]),
        ("一二三四五", 2, ["一二", "三四", "五"]),
        ("一二三", 2, ["一二", "三"]),
        ("一二三四五六", 2, ["一二", "三四", "五六"]),
        # A single line, and English, are as they were.
        ("一二", 5, ["一二"]),
        ("the mangan floor applies", 10, ["the mangan", "floor", "applies"]),
    ],
)
def test_no_paragraph_ends_on_a_lone_character_or_two(text: str, width: int, lines: list[str]) -> None:
    assert wrap_lines(text, width, by_characters) == lines


@pytest.mark.parametrize("code", ["ja", "zh_CN"])
def test_the_yaku_limits_and_terms_of_the_language_are_kept_whole(code: str) -> None:
    i18n.set_language(code)
    try:
        words = terms.whole_words()
        assert terms.yaku("kokushi musou 13-sided") in words
        assert terms.limit("sanbaiman") in words
        assert terms.term("furiten") in words
        kokushi = terms.yaku("kokushi musou 13-sided")
        text = "あいう" + kokushi + "です。"
        for width in range(len(kokushi), len(text) + 1):
            lines = wrap_lines(text, width, by_characters, words)
            assert any(kokushi in line for line in lines), (width, lines)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


CJK = st.sampled_from("満貫和了聴牌のです。、「」ー立直一発河底撈魚")


@given(st.lists(CJK, min_size=1, max_size=40).map("".join), st.integers(min_value=1, max_value=12))
def test_wrapping_keeps_every_character_in_order(text: str, width: int) -> None:
    lines = wrap_lines(text, width, by_characters, ("河底撈魚", "満貫", "立直"))
    assert "".join(lines) == text
    assert not any(line[:1] in NO_LINE_START for line in lines[1:])
    assert sum(line.count("河底撈魚") for line in lines) == text.count("河底撈魚")
