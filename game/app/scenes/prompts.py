"""The questions and notices the table puts to a player, in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.scenes.dialog import Choice, Dialog
from game.app.session import Notice

if TYPE_CHECKING:
    from game.app.window import App


def nothing() -> None:
    """The choice that only closes the dialog."""


KEEP = 1
"""The index of the safe choice, the default where pressing on would cost the hand."""


def build_anyway(app: App, tenpai: bool, build: Callable[[], None], floor: bool = True) -> Dialog:
    """`floor` False: no mangan floor at this table (4 players), so only a yaku is missing."""
    reach = "reaches mangan" if floor else "wins with a yaku"
    reason = f"No live wait of this hand {reach}" if tenpai else "This hand is not tenpai"
    return Dialog(app, "Are you sure?",
                  f"{reason}, so it can never win. Any 13 tiles are allowed; building this hand "
                  "costs nothing more than the chance to win.",
                  [Choice("Build it anyway", build), Choice("Keep building", nothing)], escape=nothing,
                  default=KEEP)


def discard_own_wait(app: App, code: str, discard: Callable[[], None]) -> Dialog:
    return Dialog(app, "Discard a winning tile?",
                  f"{code} is one of your own winning tiles. Discarding it makes you furiten: you could "
                  "never win this hand by ron.",
                  [Choice("Discard it", discard), Choice("Keep it", nothing)], tiles=[code], escape=nothing,
                  default=KEEP)


def ron_or_pass(app: App, discarder: str, code: str, decide: Callable[[bool], None], worth: str = "") -> Dialog:
    """`worth`: what the win is worth, in words (yaku, han/fu, limit, payment), if known."""
    return Dialog(app, "Ron?",
                  f"{discarder}'s {code} completes your hand, and the win is allowed. "
                  + (f"{worth} " if worth else "") + "Passing makes you furiten for the rest of the hand.",
                  [Choice("Ron (R)", lambda: decide(True), pygame.K_r, "#ron_button"),
                   Choice("Pass (P)", lambda: decide(False), pygame.K_p)],
                  tiles=[code])


def notice(app: App, told: Notice) -> Dialog:
    title = "Your winning tile" if told.tile else "Notice"
    return Dialog(app, title, told.text, [Choice("OK", nothing)], tiles=[told.tile] if told.tile else [])
