"""The least type size the table draws words at, so that they stay readable in the smallest
window: a 960 x 600 window shows the 1280 x 800 table at three quarters, where 15 logical
pixels are 11 on the screen, and 16 are 12 — kanji and hanzi, denser than Latin letters,
need the larger."""

from __future__ import annotations

from game.app.words import i18n

LATIN = 15
CJK = 16
CJK_LANGUAGES = frozenset({"ja", "zh_CN"})


def smallest() -> int:
    """The least size for the language the window speaks."""
    return CJK if i18n.language() in CJK_LANGUAGES else LATIN


def at_least(size: int) -> int:
    """`size`, or the least readable size if it is smaller."""
    return max(size, smallest())
