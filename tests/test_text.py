"""Line breaking for every language: at spaces, and between Chinese and Japanese characters
with the basic kinsoku rules; the font that draws each language (game/app/window/text.py)."""
from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.window.text import NO_BREAK_SPACE, NO_LINE_END, NO_LINE_START, WORD_JOINER, font_files, wrap_lines
from game.app.words import i18n, terms
from game.app.words.i18n import _


def by_characters(line: str) -> int:
    """Every character one unit wide: the widths in the table are character counts."""
    return len(line)



@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        # English wraps at spaces only, as it always has; a long word keeps a line of its own.
        ("the mangan floor applies", 10, ["the mangan", "floor", "applies"]),
        ("abcdefghijklmno pq", 5, ["abcdefghijklmno", "pq"]),
        ("a  b", 10, ["a  b"]),
        ("one\ntwo three", 9, ["one", "two three"]),
        ("", 5, [""]),
        # Japanese and Chinese break between any two characters.
        ("満貫以上でないと和了れない", 5, ["満貫以上で", "ないと和了", "れない"]),
        ("听牌时才能荣和", 3, ["听牌时", "才能", "荣和"]),
        # No line starts with closing punctuation, a small kana or ー: it stays with the character before.
        ("あいう。えお", 3, ["あい", "う。", "えお"]),
        ("あいう、えお", 3, ["あい", "う、", "えお"]),
        ("あいう」えお", 3, ["あい", "う」", "えお"]),
        ("ロンしたシャ", 2, ["ロン", "した", "シャ"]),
        ("フリテンーあい", 4, ["フリテ", "ンーあい"]),
        ("立直！一発？", 2, ["立", "直！", "一", "発？"]),
        ("你好，世界。", 2, ["你", "好，", "世", "界。"]),
        # No line ends with opening punctuation: it goes with the character after.
        ("あい「うえ」", 3, ["あい", "「う", "え」"]),
        ("振聴（フリテン）", 4, ["振聴（フ", "リテン）"]),
        ("一二『三』", 3, ["一二", "『三』"]),
        ("一二【三】", 3, ["一二", "【三】"]),
        # Tile codes and numbers inside Japanese stay whole; a space is still a break.
        ("待ちは1m4mです", 4, ["待ちは", "1m4m", "です"]),
        ("東 (You) の番", 6, ["東", "(You)", "の番"]),
        # A date is one word: a line never breaks inside 2026年12月6日 (it did after 年).
        ("对局于2026年12月6日结束", 8, ["对局于", "2026年12月6日", "结束"]),
        ("2026年12月6日の対局", 7, ["2026年12月6日", "の対局"]),
        ("第3局と12月", 2, ["第3", "局と", "12月"]),
    ],
)
def test_lines_break_where_the_language_allows(text: str, width: int, lines: list[str]) -> None:
    assert wrap_lines(text, width, by_characters) == lines



@pytest.mark.parametrize("mark", sorted(NO_LINE_START))
def test_no_line_starts_with_a_closing_mark(mark: str) -> None:
    for width in range(1, 7):
        lines = wrap_lines(f"一二三{mark}四五六{mark}七", width, by_characters)
        assert all(not line.startswith(mark) for line in lines), (width, lines)
        assert "".join(lines) == f"一二三{mark}四五六{mark}七"



@pytest.mark.parametrize("mark", sorted(NO_LINE_END))
def test_no_line_ends_with_an_opening_mark(mark: str) -> None:
    for width in range(2, 7):
        lines = wrap_lines(f"一二{mark}三四五{mark}六七", width, by_characters)
        assert all(not line.endswith(mark) for line in lines), (width, lines)
        assert "".join(lines) == f"一二{mark}三四五{mark}六七"



@pytest.mark.parametrize(
    ("language", "regular", "bold"),
    [
        ("en", "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"),
        ("ja", "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"),
        ("zh_CN", "NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
    ],
)
def test_each_language_draws_in_its_noto_sans(language: str, regular: str, bold: str) -> None:
    assert font_files(language) == (regular, bold)
    assert language in i18n.LANGUAGES



@pytest.fixture
def language_reset():
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)



def test_the_font_follows_a_language_switch(language_reset: None) -> None:
    """The same hanzi is drawn in Noto Sans SC once the window speaks Chinese, and in Noto
    Sans JP again after a switch back: cached fonts and images do not outlive the switch."""
    pygame = pytest.importorskip("pygame")
    from game.app.window.text import Text

    pygame.font.init()
    text = Text()

    def pixels(word: str) -> bytes:
        return pygame.image.tobytes(text.render(word, 40, (255, 255, 255)), "RGBA")

    japanese = pixels("骨直")
    i18n.set_language("zh_CN")
    chinese = pixels("骨直")
    i18n.set_language("ja")
    assert chinese != japanese
    assert pixels("骨直") == japanese



# The pool (持ち牌, 余牌) is a word a line never breaks inside: in a three-player table the
# centre panel's 「あなたの番：持ち牌から切る」 wrapped as 「あなたの番：持」「ち牌から切る」.
@pytest.mark.parametrize(("code", "word"), [("ja", "持ち牌"), ("zh_CN", "余牌")])
def test_the_your_turn_status_keeps_the_pool_whole_at_every_width(code: str, word: str) -> None:
    i18n.set_language(code)
    try:
        status = _("Your turn: discard from your pool")
        assert word in status
        for width in range(len(word), len(status)):
            lines = wrap_lines(status, width, len, terms.whole_words())
            assert any(word in line for line in lines), (width, lines)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)



# Lines that read well in Japanese and Chinese: a mahjong term is never broken across two
# lines, translators can join characters with a word joiner or a no-break space, and a
# paragraph does not end on a lone character or two when a better break exists
# (game/app/window/text.py, terms.whole_words).
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



# 'Match history' (対局履歴 / 对局记录) is kept whole when a Japanese or Chinese line wraps, as
# the new-match warning writes it.
WARNING = "The unfinished one can no longer be continued, but your match history keeps what was played in it."



@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_a_wrapped_line_never_breaks_inside_match_history(language):
    i18n.set_language(language)
    try:
        name = terms.term("match history")
        sentence = _(WARNING)
        assert name in sentence
        broken_without = False
        for width in range(len(name) + 1, len(sentence)):
            lines = wrap_lines(sentence, width, len, terms.whole_words())
            assert "".join(lines) == sentence
            assert not any(name not in line and name in line + after and name not in after
                           for line, after in pairwise(lines)), (width, lines)
            plain = wrap_lines(sentence, width, len)
            broken_without |= any(name not in line and name in line + after and name not in after
                                  for line, after in pairwise(plain))
        assert broken_without, "some width breaks the name when it is not kept whole"
    finally:
        i18n.set_language("en")
