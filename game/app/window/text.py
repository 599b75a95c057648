"""Text in the Noto Sans font of the language the window speaks (pygame_gui ships both):
Noto Sans JP for English and Japanese (Latin and kanji alike), Noto Sans SC for Chinese,
whose hanzi differ in shape from the Japanese kanji of the same code points.

Lines wrap at spaces, and in Chinese and Japanese text, which has none, between any two
characters, keeping the basic kinsoku rules: no line starts with closing punctuation, a
small kana or a prolonged-sound mark, none ends with opening punctuation.

Some things never break: a mahjong term of the language (a yaku name such as 国士無双十三面,
a limit, a recurring word: `terms.whole_words`), characters joined by a word joiner (U+2060,
which translators may put into a message: 「河底\u2060撈魚」) and words joined by a no-break
space (U+00A0). A paragraph's last line is never a lone one or two characters (「す。」) when
moving a few characters down from the line above makes it longer.

Any text can be drawn and measured: a NUL (which ends a C string) and a lone surrogate
(a file name's undecodable byte, half of a character cut in two) come out as a white square
(□, the look of a character no font has), where pygame's font would raise (`drawable`); a
text of characters of no width (U+200B) is drawn as the empty text it looks.
"""

from __future__ import annotations

import os
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Any

import pygame

from game.app.words import i18n, terms

FONT_PACKAGE = "pygame_gui.data"
REGULAR = "NotoSansJP-Regular.otf"
BOLD = "NotoSansJP-Bold.otf"
FONTS = {
    "zh_CN": ("NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
}
"""(regular, bold) per language; every other language draws in Noto Sans JP."""
CACHE_LIMIT = 1024
"""Wrapped paragraphs kept, at most."""
MEASURES_KEPT = 1024
"""Measured lines a font keeps, at most (then it starts again)."""
FACE_SIZE = 16
"""The size a face is opened at; each font sets its own before it draws or measures."""
RENDER_BYTES_LIMIT = 6 * 1024 * 1024
"""Pixels of text images kept, at most: the least recently drawn go first. A screen draws
some 0.5 MB of text; counting images instead let a long session keep up to 1,024 of
them (their sizes unbounded: a paragraph is a large image), grown and freed in steps."""

NO_LINE_START = frozenset("、。，．・）」』】ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ！？：；")
"""Kinsoku: characters that may not begin a line (they stay with the character before)."""
NO_LINE_END = frozenset("（「『【")
"""Kinsoku: characters that may not end a line (they go with the character after)."""
DATE_UNITS = frozenset("年月日")
"""A number stays with the 年, 月 or 日 after it, and 年 and 月 with the number after them:
a date (2026年12月6日) is read as one word and never broken."""
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
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair left alone (pairs are joined first)."""
REPLACEMENT = "\u25a1"
"""Drawn for a character no font can be given (a NUL, a lone surrogate): □, which every shipped
font holds (U+FFFD is cut from the shipped subsets)."""
WORD_JOINER = "\u2060"
"""Never a break here; not drawn (removed from the wrapped lines)."""
NO_BREAK_SPACE = "\u00a0"
"""A space that is never a break; drawn as a space."""
SHORT_LAST_LINE = 2
"""A paragraph's last line of this many characters or fewer takes some from the line above."""

Colour = tuple[int, int, int]


def font_files(language: str) -> tuple[str, str]:
    """The (regular, bold) font files that draw `language`."""
    return FONTS.get(language, (REGULAR, BOLD))


def drawable(text: str) -> str:
    """`text` as a font can take it: a surrogate pair (text joined from UTF-16 halves) as its
    character, a lone surrogate and a NUL as `REPLACEMENT`; anything else unchanged."""
    if "\x00" not in text and text.isascii():
        return text
    whole = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return LONE_SURROGATE.sub(REPLACEMENT, whole).replace("\x00", REPLACEMENT)


class DrawableFont(pygame.font.Font):
    """A font that draws and measures any text (`drawable`), whoever asks it: the table's
    views measure names and words with it directly."""

    path: str
    script: str | None = None
    direction: int | None = None

    def render(self, text: str | bytes | None, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        shown = drawable(text) if isinstance(text, str) else text
        try:
            return super().render(shown, antialias, color, bgcolor, wraplength)
        except pygame.error:
            if shown is None or super().size(shown)[0] > 0:
                raise
            # Only characters of no width (U+200B, U+E0000): SDL_ttf refuses to draw them.
            return super().render("", antialias, color, bgcolor, wraplength)

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text)


def is_cjk(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in CJK_RANGES)


class SizedFont:
    """A font file at one size. The process opens each file once (`open_face`) and sets that
    face to the size asked for as it draws or measures: a face per size was some 0.7 MB of
    FreeType's and HarfBuzz's tables for Noto Sans JP, 0.9 MB for Noto Sans SC, and a session
    draws at fifteen to twenty sizes (and the gui at a dozen more, `gui_font`). The pictures
    and measures are those of a face opened at the size. Measures are kept, so that a view
    measuring its words every frame does not set the face's size back and forth (which
    empties its glyph cache)."""

    def __init__(self, face: DrawableFont, point_size: int) -> None:
        self.face = face
        self.point_size = point_size
        self.underline = False
        self._measures: dict[str | bytes, tuple[int, int]] = {}

    def _at_size(self) -> DrawableFont:
        if self.face.point_size != self.point_size:
            self.face.point_size = self.point_size
        if self.face.underline != self.underline:
            self.face.underline = self.underline
        return self.face

    def render(self, text: str | bytes | None, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        return self._at_size().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: str | bytes) -> tuple[int, int]:
        measured = self._measures.get(text)
        if measured is None:
            if len(self._measures) >= MEASURES_KEPT:
                self._measures.clear()
            measured = self._measures[text] = self._at_size().size(text)
        return measured

    def metrics(self, text: str | bytes) -> list[tuple[int, int, int, int, int] | None]:
        return self._at_size().metrics(text)

    def get_height(self) -> int:
        return self._at_size().get_height()

    def get_linesize(self) -> int:
        return self._at_size().get_linesize()

    def get_ascent(self) -> int:
        return self._at_size().get_ascent()

    def get_descent(self) -> int:
        return self._at_size().get_descent()

    def set_point_size(self, point_size: int) -> None:
        self.point_size = point_size
        self._measures.clear()

    def set_script(self, script: str) -> None:
        """Shape in `script` (pygame_gui sets Latin on every font): the face of the file that does."""
        self.face = open_face(self.face.path, script, self.face.direction)
        self._measures.clear()

    def set_direction(self, direction: int) -> None:
        self.face = open_face(self.face.path, self.face.script, direction)
        self._measures.clear()


FaceKey = tuple[str, str | None, int | None]
_open_faces: weakref.WeakValueDictionary[FaceKey, DrawableFont] = weakref.WeakValueDictionary()
"""Every font file open in the process, by its path (and the script and direction it shapes
in, when set), once whatever its sizes, for as long as a font of it is used (the gui's
language menu keeps Noto Sans SC in any language)."""
_open_fonts: dict[tuple[str, int], SizedFont] = {}
"""Every (file, size) `Text` asked for: each `Text` (a window's, a view's in a test) and each
language switch back asks here."""


_closing_at_quit = False


def _close_at_quit() -> None:
    """Forget every face: one still held after pygame's font module quits (an old window's
    gui) draws nothing, and a new start opens its own."""
    global _closing_at_quit
    _open_fonts.clear()
    _open_faces.clear()
    _closing_at_quit = False


def open_face(path: str, script: str | None = None, direction: int | None = None) -> DrawableFont:
    """The font file at `path`, shaping in `script` and `direction` if given, opened once
    while pygame runs."""
    global _closing_at_quit
    face = _open_faces.get((path, script, direction))
    if face is None:
        if not _closing_at_quit:
            # Closed while pygame's font module is up (its quit callbacks run first; a
            # font freed after it quits keeps its memory). pygame forgets the callback then.
            pygame.register_quit(_close_at_quit)
            _closing_at_quit = True
        face = DrawableFont(path, FACE_SIZE)
        face.path, face.script, face.direction = path, script, direction
        if script is not None:
            face.set_script(script)
        if direction is not None:
            face.set_direction(direction)
        _open_faces[(path, script, direction)] = face
    return face


def font_path(file: str) -> str:
    """The path of `file`, a font of `FONT_PACKAGE` (installed, or unpacked from the executable)."""
    return str(resources.files(FONT_PACKAGE) / file)


def open_font(file: str, size: int) -> SizedFont:
    """The font `file` (of `FONT_PACKAGE`) at `size`, its face opened once while pygame runs."""
    font = _open_fonts.get((file, size))
    if font is None:
        face = open_face(font_path(file))
        font = _open_fonts[(file, size)] = SizedFont(face, size)
    return font


def gui_font(file: Any, size: int) -> SizedFont | pygame.font.Font:
    """The gui's font of `file` at `size` (pygame_gui opens its theme's fonts through here,
    `theme.share_font_faces`): a font file named by its path shares the process's face of it;
    anything else (a file object) is opened as pygame would."""
    if isinstance(file, str) and os.path.isfile(file):
        return SizedFont(open_face(file), size)
    return pygame.font.Font(file, size)


def close_fonts_except(files: Iterable[str]) -> None:
    """Let go of the open fonts of any other file (another language's: a few MB of FreeType
    tables each), so that a session that changes language holds one language's fonts."""
    kept = set(files)
    for key in [key for key in _open_fonts if key[0] not in kept]:
        del _open_fonts[key]


class Text:
    def __init__(self) -> None:
        self._renders: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()
        self._render_bytes = 0
        self._wrapped: dict[tuple[str, int, int, bool, str], list[str]] = {}
        self._files = font_files(i18n.language())

    def _follow_language(self) -> None:
        """A language switch changes the font: every cached image and wrap is dropped, and
        the other language's fonts are closed."""
        files = font_files(i18n.language())
        if files != self._files:
            self._files = files
            self._renders.clear()
            self._render_bytes = 0
            self._wrapped.clear()
            close_fonts_except(files)

    def font(self, size: int, bold: bool = False) -> SizedFont:
        self._follow_language()
        return open_font(self._files[bold], size)

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        self._follow_language()
        key = (text, size, colour, bold)
        image = self._renders.get(key)
        if image is not None:
            self._renders.move_to_end(key)
            return image
        image = self.font(size, bold).render(text, True, colour)
        self._renders[key] = image
        self._render_bytes += _image_bytes(image)
        while self._render_bytes > RENDER_BYTES_LIMIT and len(self._renders) > 1:
            _, oldest = self._renders.popitem(last=False)
            self._render_bytes -= _image_bytes(oldest)
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
        key = (text, size, width, bold, i18n.language())  # the words kept whole are the language's
        cached = self._wrapped.get(key)
        if cached is not None:
            return cached
        if len(self._wrapped) >= CACHE_LIMIT:
            self._wrapped.clear()
        font = self.font(size, bold)
        lines = wrap_lines(text, width, lambda line: font.size(line)[0], terms.whole_words())
        self._wrapped[key] = lines
        return lines


def _image_bytes(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


def wrap_lines(text: str, width: int, measure: Callable[[str], int], whole: Iterable[str] = ()) -> list[str]:
    """`text` in lines no wider than `width` as `measure(line)` counts it; a unit wider
    than `width` on its own (a long word) gets a line of its own. No line breaks inside
    a word of `whole`, at a word joiner or at a no-break space."""
    lines: list[str] = []
    pattern = _whole_pattern(tuple(sorted(set(whole), key=len, reverse=True)))
    for paragraph in text.split("\n"):
        units = break_units(_join_whole(paragraph, pattern))
        lines.extend(_shown(line) for line in _paragraph_lines(units, width, lambda line: measure(_shown(line))))
    return lines


def _paragraph_lines(units: list[tuple[str, bool]], width: int, measure: Callable[[str], int]) -> list[str]:
    """The units filled greedily into lines, then the last line lengthened if it is a lone
    character or two."""
    lines: list[list[tuple[str, bool]]] = [[]]
    for unit in units:
        if _joined(lines[-1]) and measure(_joined([*lines[-1], unit])) > width:
            lines.append([unit])
        else:
            lines[-1].append(unit)
    _lengthen_last_line(lines, width, measure)
    return [_joined(line) for line in lines]


def _lengthen_last_line(lines: list[list[tuple[str, bool]]], width: int,
                        measure: Callable[[str], int]) -> None:
    """Move units from the end of the line before into a last line of at most
    `SHORT_LAST_LINE` characters, while it stays within `width` and the line before keeps
    as many characters (a narrow column has no better break)."""
    if len(lines) < 2:
        return
    before, last = lines[-2], lines[-1]
    while _length(last) <= SHORT_LAST_LINE and len(before) > 1:
        trial_last, trial_before = [before[-1], *last], before[:-1]
        if measure(_joined(trial_last)) > width or _length(trial_before) < SHORT_LAST_LINE:
            return
        before[:], last[:] = trial_before, trial_last


def _length(units: list[tuple[str, bool]]) -> int:
    """The characters a line shows, spaces around it not counted."""
    return len(_shown(_joined(units)).strip())


def _joined(units: list[tuple[str, bool]]) -> str:
    line = ""
    for unit, spaced in units:
        line = f"{line} {unit}" if spaced and line else line + unit
    return line


def _shown(line: str) -> str:
    """A line as drawn: word joiners removed, no-break spaces as spaces."""
    return line.replace(WORD_JOINER, "").replace(NO_BREAK_SPACE, " ")


@cache
def _whole_pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    kept = [word for word in words if len(word) > 1 and any(map(is_cjk, word))]
    return re.compile("|".join(map(re.escape, kept))) if kept else None


def _join_whole(paragraph: str, pattern: re.Pattern[str] | None) -> str:
    """The paragraph with every word of `pattern` held together by word joiners and no-break spaces."""
    if pattern is None:
        return paragraph
    return pattern.sub(lambda found: WORD_JOINER.join(found[0]).replace(f"{WORD_JOINER} {WORD_JOINER}",
                                                                        NO_BREAK_SPACE), paragraph)


def break_units(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space comes before it:
    words at spaces, and each Chinese or Japanese character alone, except where kinsoku,
    a word joiner, a no-break space or a date keeps two together."""
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
            or character in _JOINERS
            or pieces[-1][-1] in NO_LINE_END
            or pieces[-1][-1] in _JOINERS
            or _in_date(pieces[-1][-1], character)
            or not (is_cjk(character) or is_cjk(pieces[-1][-1]))
        )
        if joins:
            pieces[-1] += character
        else:
            pieces.append(character)
    return pieces or [""]


_JOINERS = frozenset((WORD_JOINER, NO_BREAK_SPACE))


def _in_date(before: str, character: str) -> bool:
    """Whether two characters are within a written date (`DATE_UNITS`)."""
    return (before.isdecimal() and character in DATE_UNITS) or (before in "年月" and character.isdecimal())
