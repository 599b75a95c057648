"""Names cut with … to fit where they are drawn: a name may be 24 characters
(`game.engine.names.LONGEST_NAME`), wider than a name plate or a line of standings holds,
and the rest of the line (a wind, a score, the words of a status) must stay whole."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from game.app.window.text import Text

ELLIPSIS = "…"
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
"""Two of them make a flag. Code points, not characters: the font check counts every
character of the game's text as drawn, and these are only ever a player's."""


def cut(name: str, limit: int) -> str:
    """`name` in at most `limit` characters (at least one letter kept), … standing for the
    rest. The cut falls between letters as they are drawn: never between a letter and an
    accent or skin tone on it, nor inside a flag."""
    if len(name) <= limit:
        return name
    end = max(limit - 1, 1)
    while end > 1 and _joins_previous(name, end):
        end -= 1
    while end < len(name) and _joins_previous(name, end):  # the first letter kept whole
        end += 1
    return name[:end].rstrip() + ELLIPSIS if end < len(name) else name


def _joins_previous(name: str, index: int) -> bool:
    """Whether `name[index]` is drawn as one with the character before it: a combining mark
    (an accent, a variation selector), an emoji's skin tone, a flag's second half."""
    character = name[index]
    if unicodedata.category(character).startswith("M") or ord(character) in SKIN_TONES:
        return True
    if not _regional(character):
        return False
    before = index
    while before > 0 and _regional(name[before - 1]):
        before -= 1
    return (index - before) % 2 == 1  # regional indicators pair up from the first


def _regional(character: str) -> bool:
    return ord(character) in REGIONAL_INDICATORS


def fit_names(compose: Callable[[Sequence[str]], str], names: Sequence[str], fits: Callable[[str], bool]) -> str:
    """`compose(names)` as it fits (`fits`): the names whole, or the longest cut to the
    same number of characters, as many as fit (the shortest cut when none does)."""
    whole = compose(names)
    if not names or fits(whole):
        return whole
    low, high = 1, max(len(name) for name in names) - 1
    while low < high:  # the width grows with the limit: the longest limit that fits
        middle = (low + high + 1) // 2
        if fits(compose([cut(name, middle) for name in names])):
            low = middle
        else:
            high = middle - 1
    return compose([cut(name, low) for name in names])


def fit_names_in(line: str, names: Sequence[str], fits: Callable[[str], bool]) -> str:
    """`line`, a finished sentence in which `names` stand, as it fits (`fits`): the names in
    it cut as `fit_names` cuts them, the other words whole. A name within a longer one
    ('Ann' in 'Annabel') is the longer one's."""
    wanted = sorted({name for name in names if name}, key=len, reverse=True)
    if not wanted or fits(line):
        return line
    pieces: list[tuple[str, bool]] = []  # (text, whether it is a name)
    start = 0
    for found in re.finditer("|".join(map(re.escape, wanted)), line):
        pieces += [(line[start:found.start()], False), (found.group(), True)]
        start = found.end()
    pieces.append((line[start:], False))
    present = sorted({text for text, named in pieces if named})

    def compose(shown: Sequence[str]) -> str:
        cut_to = dict(zip(present, shown, strict=True))
        return "".join(cut_to[text] if named else text for text, named in pieces)

    return fit_names(compose, present, fits)


def fits_in(text: Text, size: int, room: int, bold: bool = False) -> Callable[[str], bool]:
    """Whether a line drawn by `text` at `size` is at most `room` pixels wide."""
    font = text.font(size, bold)
    return lambda line: font.size(line)[0] <= room


def fitted_name(text: Text, line: Callable[[str], str], name: str, size: int, room: int,
                bold: bool = False) -> str:
    """`line(name)`, with the name cut to fit `room` pixels at `size`."""
    return fit_names(lambda names: line(names[0]), [name], fits_in(text, size, room, bold))
