"""The helper panel while building: tenpai or not, each wait with its live copies, value,
yaku and whether it clears the floor, warnings; below 13 tiles, the best hands that
hold the selection."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import layout
from game.app.art import TileArt
from game.app.helper import HelperReport, WaitLine
from game.app.palette import EDGE, GOLD, GOOD, INK, PANEL, SOFT, WARN
from game.app.text import Text
from game.engine.tiles import tile_code

BAD = (255, 120, 90)
WAIT_TILE = 28
SMALL_TILE = 24
PAD = 12


def value_words(line: WaitLine) -> str:
    value = line.value
    if value is None:
        return "no yaku"
    if value.level is None:
        return f"{value.han} han {value.fu} fu"
    if value.yakuman:
        return value.level_name
    return f"{value.han} han {value.fu} fu, {value.level_name}"


def draw_helper(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, red_fives: bool
) -> None:
    panel = layout.HELPER_PANEL
    pygame.draw.rect(surface, PANEL, panel, border_radius=10)
    pygame.draw.rect(surface, EDGE, panel, 2, border_radius=10)
    clip = surface.get_clip()
    surface.set_clip(panel.inflate(-4, -4))
    x, y = panel.left + PAD, panel.top + 8
    text.draw(surface, "Helper", 18, GOLD, (x, y), bold=True)
    y += 30
    if report.tenpai is None:
        _draw_partial(surface, art, text, report, red_fives, x, y)
    else:
        _draw_full(surface, art, text, report, x, y)
    surface.set_clip(clip)


def _draw_full(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, x: int, y: int
) -> None:
    if not report.tenpai:
        text.draw(surface, "Not tenpai", 20, BAD, (x, y), bold=True)
        y += 30
    else:
        verdict, colour = (
            ("Tenpai — can reach mangan", GOOD) if report.mangan_tenpai else ("Tenpai — cannot win", BAD)
        )
        text.draw(surface, verdict, 18, colour, (x, y), bold=True)
        y += 30
        for line in report.waits:
            y = _draw_wait(surface, art, text, line, x, y)
    width = layout.HELPER_PANEL.width - 2 * PAD
    for warning in report.warnings:
        pygame.draw.circle(surface, WARN, (x + 4, y + 10), 3)
        for row in text.wrap(warning, 14, width - 14):
            text.draw(surface, row, 14, WARN, (x + 14, y))
            y += 19
        y += 4


def _draw_wait(surface: pygame.Surface, art: TileArt, text: Text, line: WaitLine, x: int, y: int) -> int:
    """Two lines per wait: live copies, value and the floor verdict; then its yaku."""
    surface.blit(art.tile(line.code, WAIT_TILE), (x, y))
    left = x + WAIT_TILE + 10
    live = "dead" if line.dead else f"{line.live} live"
    rect = text.draw(surface, f"{live} · {value_words(line)}", 15, INK, (left, y - 2), bold=True)
    if line.dead:
        verdict, colour = "never comes", BAD
    elif line.clears_floor:
        verdict, colour = "clears floor", GOOD
    else:
        verdict, colour = "below floor", BAD
    text.draw(surface, verdict, 14, colour, (rect.right + 8, y))
    if line.value is not None:
        yaku = ", ".join(f"{entry.name} {entry.han}" for entry in line.value.yaku)
        text.draw(surface, yaku, 13, SOFT, (left, y + 18))
    return y + 42


def _draw_partial(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, red_fives: bool, x: int, y: int
) -> None:
    if not report.ready:
        text.draw(surface, f"{report.selected} of 13 chosen.", 16, INK, (x, y))
        coming = "Suggestion coming…" if report.suggestion_coming else "Studying your wall…"
        text.draw(surface, coming, 16, SOFT, (x, y + 26))
        return
    if report.wall_has_tenpai is False:
        text.draw(surface, "This wall cannot make any tenpai hand.", 15, BAD, (x, y))
        return
    if report.completions == 0:
        text.draw(surface, "No tenpai hand holds these tiles.", 16, BAD, (x, y), bold=True)
        text.draw(surface, "Take some back to see suggestions.", 14, SOFT, (x, y + 24))
        return
    held = f"these {report.selected} tiles" if report.selected else "your wall"
    counted = "The best" if report.completions is None else str(report.completions)
    text.draw(surface, f"{counted} tenpai hands from {held}.", 16, INK, (x, y))
    y += 26
    text.draw(surface, "Best first (live copies · value); Suggest takes it:", 14, SOFT, (x, y))
    y += 24
    for suggestion in report.suggestions:
        y = _draw_tiles(surface, art, [tile_code(t, red_fives) for t in suggestion.added], x, y)
        y = _draw_wait_summary(surface, art, text, suggestion.waits, x + 14, y) + 8


def _draw_tiles(surface: pygame.Surface, art: TileArt, codes: Sequence[str], x: int, y: int) -> int:
    step = SMALL_TILE + 1
    per_row = (layout.HELPER_PANEL.width - 2 * PAD - 14) // step
    for index, code in enumerate(codes):
        row, column = divmod(index, per_row)
        surface.blit(art.tile(code, SMALL_TILE), (x + 14 + column * step, y + row * 36))
    rows = max(1, (len(codes) + per_row - 1) // per_row)
    return y + rows * 36


def _draw_wait_summary(
    surface: pygame.Surface, art: TileArt, text: Text, waits: Sequence[WaitLine], x: int, y: int
) -> int:
    text.draw(surface, "waits", 13, SOFT, (x, y + 4))
    cx = x + 44
    for line in waits:
        surface.blit(art.tile(line.code, 20), (cx, y))
        level = line.value.level_name if line.value and line.clears_floor else "below"
        colour = GOOD if line.clears_floor and not line.dead else BAD
        rect = text.draw(surface, f"{line.live}·{level}", 12, colour, (cx + 22, y + 4))
        cx = rect.right + 8
    return y + 30
