"""Player names: what a seat may be called, wherever a name comes in (the new-table screen,
a save, a match record).

A name is drawn on the table, the curtain, the result and the summary, and written into
records: it must be text any font can draw on one line, of a length a name plate holds.
"""

from __future__ import annotations

import unicodedata

LONGEST_NAME = 24
"""Characters: a name plate holds about this many Latin letters at the table's type floor."""


class BadName(ValueError):
    """A name that cannot be shown: its `reason` says why, in English (for files and logs)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def checked_name(name: object) -> str:
    """The name as it is shown (surrounding spaces removed), or `BadName`.

    Refused: anything but text, an empty name, a longer one than `LONGEST_NAME`, and any
    character that is not printable on one line (control characters such as NUL, line and
    paragraph separators, lone surrogates, unassigned code points). Spaces of any width are
    kept: Japanese typing puts an ideographic space (U+3000) between family and given name."""
    if not isinstance(name, str):
        raise BadName("a name is not text")
    shown = name.strip()
    if not shown:
        raise BadName("a name is empty")
    if len(shown) > LONGEST_NAME:
        raise BadName(f"a name is longer than {LONGEST_NAME} characters")
    for character in shown:
        category = unicodedata.category(character)
        if category != "Zs" and (not character.isprintable() or category in ("Cs", "Cn")):
            raise BadName(f"a name holds a character that cannot be shown (U+{ord(character):04X})")
    return shown
