"""A hand's value in the words the screens use, in the current language (game/app/words/terms.py)."""

from __future__ import annotations

from game.app.words import terms
from game.app.words.i18n import language
from game.app.words.number_format import format_percent
from game.engine.scoring import MANGAN_BASE_POINTS, WinValue


def is_kiriage_mangan(value: WinValue) -> bool:
    """A mangan only because kiriage rounds 4 han 30 fu or 3 han 60 fu up to it."""
    return value.level == "mangan" and value.han < 5 and value.fu * 2 ** (2 + value.han) < MANGAN_BASE_POINTS


def limit_name(value: WinValue) -> str:
    """The limit as a player says it: 'mangan (kiriage)', 'haneman', '3 han 40 fu'."""
    return terms.limit("mangan (kiriage)") if is_kiriage_mangan(value) else terms.level_name(value)


def win_verb(name: str) -> str:
    """'You win', 'West wins': the screens name the human seat 'You'."""
    return "win" if name == "You" else "wins"


def percent(share: float) -> str:
    """A share as the current language writes a percentage, whole ('42%')."""
    return format_percent(share, language())
