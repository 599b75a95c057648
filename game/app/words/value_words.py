"""A hand's value in the words the screens use, in the current language (game/app/words/terms.py)."""

from __future__ import annotations

from game.app.words import terms
from game.app.words.i18n import language
from game.app.words.number_format import format_percent
from game.engine.scoring import WinValue


def limit_name(value: WinValue) -> str:
    """The limit as a player says it: 'mangan (kiriage)', 'haneman', '3 han 40 fu'."""
    return terms.limit("mangan (kiriage)") if value.kiriage else terms.level_name(value)


def percent(share: float) -> str:
    """A share as the current language writes a percentage, whole ('42%')."""
    return format_percent(share, language())
