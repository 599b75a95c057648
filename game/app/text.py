"""Text in the Noto Sans font of the language the window speaks (pygame_gui ships both):
Noto Sans JP for English and Japanese (Latin and kanji alike), Noto Sans SC for Chinese,
whose hanzi differ in shape from the Japanese kanji of the same code points.

Lines wrap at spaces, and in Chinese and Japanese text, which has none, between any two
characters, keeping the basic kinsoku rules: no line starts with closing punctuation, a
small kana or a prolonged-sound mark, none ends with opening punctuation.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import pygame

from game.app import i18n

FONT_PACKAGE = "pygame_gui.data"
REGULAR = "NotoSansJP-Regular.otf"
BOLD = "NotoSansJP-Bold.otf"
FONTS = {
    "zh_CN": ("NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
}
"""(regular, bold) per language; every other language draws in Noto Sans JP."""
CACHE_LIMIT = 1024

NO_LINE_START = frozenset("、。，．・）」』】ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ！？：；")
"""Kinsoku: characters that may not begin a line (they stay with the character before)."""
NO_LINE_END = frozenset("（「『【")
"""Kinsoku: characters that may not end a line (they go with the character after)."""
CJK_RANGES = (
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3100, 0x31FF),  # bopomofo, katakana extensions
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # full-width and half-width forms
)
"""Characters a line may break between, with no space (Chinese, Japanese)."""

Colour = tuple[int, int, int]


def font_files(language: str) -> tuple[str, str]:
    """The (regular, bold) font files that draw `language`."""
    return FONTS.get(language, (REGULAR, BOLD))


def is_cjk(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in CJK_RANGES)


class Text:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._renders: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}
        self._files = font_files(i18n.language())

    def _follow_language(self) -> None:
        """A language switch changes the font: every cached font, image and wrap is dropped."""
        files = font_files(i18n.language())
        if files != self._files:
            self._files = files
            self._fonts.clear()
            self._renders.clear()
            self._wrapped.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        self._follow_language()
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            with resources.as_file(resources.files(FONT_PACKAGE) / self._files[bold]) as path:
                font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        self._follow_language()
        key = (text, size, colour, bold)
        image = self._renders.get(key)
        if image is None:
            if len(self._renders) >= CACHE_LIMIT:
                self._renders.clear()
            image = self.font(size, bold).render(text, True, colour)
            self._renders[key] = image
        return image

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[float, float],
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        image = self.render(text, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` px: at spaces, and between Chinese
        and Japanese characters (see `break_units`)."""
        self._follow_language()
        key = (text, size, width, bold)
        cached = self._wrapped.get(key)
        if cached is not None:
            return cached
        if len(self._wrapped) >= CACHE_LIMIT:
            self._wrapped.clear()
        font = self.font(size, bold)
        lines = wrap_lines(text, width, lambda line: font.size(line)[0])
        self._wrapped[key] = lines
        return lines


def wrap_lines(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """`text` in lines no wider than `width` as `measure(line)` counts it; a unit wider
    than `width` on its own (a long word) gets a line of its own."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit, spaced in break_units(paragraph):
            trial = f"{line} {unit}" if spaced and line else line + unit
            if line and measure(trial) > width:
                lines.append(line)
                line = unit
            else:
                line = trial
        lines.append(line)
    return lines


def break_units(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space comes before it:
    words at spaces, and each Chinese or Japanese character alone, except where kinsoku
    keeps two together."""
    units: list[tuple[str, bool]] = []
    for index, word in enumerate(paragraph.split(" ")):
        pieces = _word_pieces(word)
        units.append((pieces[0], index > 0))
        units.extend((piece, False) for piece in pieces[1:])
    return units


def _word_pieces(word: str) -> list[str]:
    """A word without spaces in pieces: a run of non-CJK characters stays whole."""
    pieces: list[str] = []
    for character in word:
        joins = bool(pieces) and (
            character in NO_LINE_START
            or pieces[-1][-1] in NO_LINE_END
            or not (is_cjk(character) or is_cjk(pieces[-1][-1]))
        )
        if joins:
            pieces[-1] += character
        else:
            pieces.append(character)
    return pieces or [""]
