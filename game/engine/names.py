"""Player names: what a seat may be called, wherever a name comes in (the new-table screen,
a save, a match record).

A name is drawn on the table, the curtain, the result and the summary, and written into
records: it must be text any font can draw on one line, of a length a name plate holds.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

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


@dataclass(frozen=True)
class NameFault:
    """What keeps a typed name from being one, for a screen to say in its own words."""

    empty: bool = False
    too_long: bool = False
    character: str = ""
    """The first character the name cannot hold ("" when it is empty or too long)."""


def name_fault(name: str) -> NameFault | None:
    """What is wrong with a typed name (None: nothing, `checked_name` takes it): empty, longer
    than `LONGEST_NAME`, or the first character it cannot hold. A space within a name is
    held (an ideographic one between family and given name too), however it is judged alone."""
    try:
        checked_name(name)
    except BadName:
        pass
    else:
        return None
    shown = name.strip()
    if not shown:
        return NameFault(empty=True)
    if len(shown) > LONGEST_NAME:
        return NameFault(too_long=True)
    return NameFault(character=next(c for c in shown if not _can_hold(c)))


def _can_hold(character: str) -> bool:
    try:
        checked_name(f"x{character}x")  # a space alone is no name, but within one it is shown
    except BadName:
        return False
    return True
