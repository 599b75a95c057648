"""The theatre's overlay panels: a build beside the wall's best hands, and a pool's danger
as the hard AI reads it, with the tiles that really were winning tiles."""

from __future__ import annotations

import pygame

from game.app.art import TileArt
from game.app.i18n import _, format_number, ngettext
from game.app.palette import GOLD, INK, SOFT, WARN
from game.app.text import Text
from game.app.theatre_overlays import BuildReview, DiscardDanger
from game.app.value_words import percent
from game.app.views import marks
from game.engine.tiles import kind_code, parse_tiles

PANEL = (10, 28, 20, 228)
SMALL_TILE = 20
SMALL_ROW = SMALL_TILE * 4 // 3
DANGER_TILE = 26
DANGER_ROW = DANGER_TILE * 4 // 3 + 6
COLUMNS = 3
TITLE_ROOM = 34
LABEL = 20
"""A line of 14 px text above a row of tiles."""
MEASURE_ROW = LABEL + 4
BOTTOM_ROOM = 12


def _fitted(area: pygame.Rect, content: int) -> pygame.Rect:
    """The panel only as tall as what it shows (the table beneath stays in sight)."""
    return pygame.Rect(area.topleft, (area.width, min(area.height, TITLE_ROOM + content + BOTTOM_ROOM)))


def _panel(surface: pygame.Surface, area: pygame.Rect, text: Text, title: str) -> int:
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill(PANEL)
    surface.blit(shade, area.topleft)
    pygame.draw.rect(surface, GOLD, area, 1, border_radius=8)
    text.draw(surface, title, 16, GOLD, (area.left + 12, area.top + 8), bold=True)
    return area.top + 34


def draw_waiting(surface: pygame.Surface, text: Text, area: pygame.Rect, title: str) -> None:
    area = _fitted(area, LABEL)
    y = _panel(surface, area, text, title)
    text.draw(surface, _("Working it out…"), 15, SOFT, (area.left + 12, y))


def _hand_row(surface: pygame.Surface, art: TileArt, hand: str, red: bool, x: int, y: int) -> None:
    for index, code in enumerate(parse_tiles(hand, red_fives=red)):
        surface.blit(art.tile(code, SMALL_TILE), (x + index * (SMALL_TILE + 1), y))


def draw_build_review(surface: pygame.Surface, art: TileArt, text: Text, area: pygame.Rect, review: BuildReview,
                      who: str, red: bool) -> None:
    area = _fitted(area, MEASURE_ROW + LABEL + SMALL_ROW + 12 + LABEL + len(review.best) * (LABEL + SMALL_ROW + 10))
    y = _panel(surface, area, text, _("{who}: the build and the wall's best").format(who=who))
    x = area.left + 12
    # Translators: what the panel's "worth" counts (the analyser's expected payment, not a ratio)
    text.draw(surface, _("Worth: live winning tiles × their value in mangans"), 13, SOFT, (x, y))
    y += MEASURE_ROW
    share = review.share_of_best
    if share is not None:
        built = _("Built: worth {payment}, {share} of the best").format(
            payment=format_number(review.built_payment, 1), share=percent(share))
    else:
        built = _("Built: worth {payment}; no hand of this wall pays").format(
            payment=format_number(review.built_payment, 1))
    text.draw(surface, built, 14, INK, (x, y))
    _hand_row(surface, art, review.built, red, x, y + LABEL)
    y += LABEL + SMALL_ROW + 12
    text.draw(surface, ngettext("The best of {count} tenpai hand:", "The best of {count} tenpai hands:",
                                review.hands_in_wall).format(count=review.hands_in_wall), 14, SOFT, (x, y))
    y += LABEL
    for rank, (hand, payment) in enumerate(review.best, start=1):
        same = hand == review.built
        words = _("{rank}. worth {payment} (the one built)") if same else _("{rank}. worth {payment}")
        text.draw(surface, words.format(rank=rank, payment=format_number(payment, 1)), 14,
                  GOLD if same else INK, (x, y))
        _hand_row(surface, art, hand, red, x, y + LABEL)
        y += LABEL + SMALL_ROW + 10


def draw_danger(surface: pygame.Surface, art: TileArt, text: Text, area: pygame.Rect, danger: DiscardDanger,
                who: str, wind_of: dict[int, str]) -> None:
    rows = -(-len(danger.danger) // COLUMNS)
    area = _fitted(area, 14 + rows * DANGER_ROW)
    y = _panel(surface, area, text, _("{who}'s pool: danger by the hard AI").format(who=who))
    text.draw(surface, _("Outlined in red: a real winning tile (of the seat named)"), 13, SOFT, (area.left + 12, y - 6))
    y += 14
    width = (area.width - 24) // COLUMNS
    ranked = sorted(danger.danger.items(), key=lambda item: -item[1])
    for index, (kind, chance) in enumerate(ranked):
        row, column = divmod(index, COLUMNS)
        x = area.left + 12 + column * width
        top = y + row * DANGER_ROW
        rect = pygame.Rect((x, top), art.size(DANGER_TILE))
        surface.blit(art.tile(kind_code(kind), DANGER_TILE), rect)
        winners = danger.winning.get(kind, ())
        if winners:
            marks.outline(surface, rect, marks.FURITEN_RED, 3)
        label = percent(chance) + (" " + "/".join(wind_of[s] for s in winners) if winners else "")
        text.draw(surface, label, 14, WARN if winners else INK, (rect.right + 6, rect.top + 8))
