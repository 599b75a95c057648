"""Line breaking for every language: at spaces, and between Chinese and Japanese characters
with the basic kinsoku rules; the font that draws each language (game/app/window/text.py)."""

from __future__ import annotations

import pytest

from game.app.window.text import NO_LINE_END, NO_LINE_START, font_files, wrap_lines
from game.app.words import i18n


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
