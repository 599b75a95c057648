"""The centre panel: hand number, stake, whose turn, discards made, dora, countdown."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app import layout
from game.app.art import TileArt
from game.app.palette import EDGE, GOLD, INK, PANEL, SOFT, URGENT
from game.app.text import Text
from game.engine.tiles import code_kind, dora_kind, kind_code

DORA_TILE = 30


@dataclass(frozen=True)
class CentreInfo:
    hand_number: int
    hands: int | None
    stake: str
    status: str
    discards: tuple[tuple[str, int], ...]
    dora_indicator: str | None
    countdown: float | None


def draw_centre(surface: pygame.Surface, text: Text, art: TileArt, info: CentreInfo) -> None:
    panel = layout.CENTRE_PANEL
    pygame.draw.rect(surface, PANEL, panel, border_radius=10)
    pygame.draw.rect(surface, EDGE, panel, 2, border_radius=10)
    left, top = panel.left + 14, panel.top + 8
    of = f" of {info.hands}" if info.hands else ""
    text.draw(surface, f"Hand {info.hand_number}{of}", 18, GOLD, (left, top), bold=True)
    text.draw(surface, info.stake, 16, INK, (panel.right - 14, top + 2), "topright")
    text.draw(surface, info.status, 17, INK, (left, top + 30))
    counts = "   ".join(f"{name} {made}/17" for name, made in info.discards)
    text.draw(surface, f"Discards: {counts}", 15, SOFT, (left, top + 58))
    row = top + 86
    if info.dora_indicator is not None:
        text.draw(surface, "Dora", 15, SOFT, (left, row + 14))
        surface.blit(art.tile(info.dora_indicator, DORA_TILE), (left + 44, row))
        text.draw(surface, "→", 18, SOFT, (left + 84, row + 10))
        dora = kind_code(dora_kind(code_kind(info.dora_indicator)))
        surface.blit(art.tile(dora, DORA_TILE), (left + 108, row))
    if info.countdown is not None:
        seconds = max(0, int(info.countdown + 0.999))
        colour = URGENT if seconds <= 10 else GOLD
        text.draw(
            surface,
            f"{seconds // 60}:{seconds % 60:02d}",
            34,
            colour,
            (panel.right - 14, row - 4),
            "topright",
            bold=True,
        )
