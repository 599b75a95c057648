"""The theatre's overlay panels: a build beside the wall's best hands, and a pool's danger
as the hard AI reads it, with the tiles that really were winning tiles.

A panel is measured before it is drawn: its words wrapped to its width (by whole words, the
language's terms kept whole: text.py) at the table's least readable size (views/legible.py),
it is only as tall as what it shows, and what would not fit in its area is left out — the
least of it (the last of the best hands, the safest kinds) — never drawn past its border."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.app.theatre.theatre_overlays import BuildReview, DiscardDanger
from game.app.views import legible, marks
from game.app.window.art import TileArt
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.window.text import Colour, Text
from game.app.words.i18n import _, format_number, format_percent, ngettext, pgettext
from game.engine.tiles import kind_code, parse_tiles

PANEL = (10, 28, 20, 228)
SMALL_TILE = 20
DANGER_TILE = 26
COLUMNS = (3, 4)
"""The danger grid's choices of columns."""
INSET = 12
"""Between the panel's border and what it shows, left and right."""
TOP_ROOM = 8
BOTTOM_ROOM = 12
TITLE = 16
WORDS = 15
"""The panel's words, at least the table's least readable size (larger in Japanese and Chinese)."""
BLOCK_GAP = 4
"""Between a line of words and what follows it."""
AFTER_HAND = 10
"""Below a row of tiles, before the next hand's words."""
LABEL_GAP = 6
"""Between a danger tile and its percentage."""
ROW_GAP = 3
"""Between the rows of the danger grid (21 kinds in seven rows, with room for a label of two lines)."""


@dataclass(frozen=True)
class Piece:
    """A part of a panel, top to bottom: its height, and how it draws itself at (x, y)."""

    height: int
    draw: Callable[[pygame.Surface, int, int], None]


def words_piece(text: Text, words: str, size: int, colour: Colour, width: int, bold: bool = False) -> Piece:
    """`words` wrapped to `width`, a line per line height."""
    lines = text.wrap(words, size, width, bold)
    step = text.font(size, bold).get_linesize()

    def draw(surface: pygame.Surface, x: int, y: int) -> None:
        for index, line in enumerate(lines):
            text.draw(surface, line, size, colour, (x, y + index * step), bold=bold)

    return Piece(step * len(lines), draw)


def gap(height: int) -> Piece:
    return Piece(height, lambda _surface, _x, _y: None)


def _height(pieces: Sequence[Piece]) -> int:
    return TOP_ROOM + sum(piece.height for piece in pieces) + BOTTOM_ROOM


def _draw_panel(surface: pygame.Surface, area: pygame.Rect, pieces: Sequence[Piece]) -> pygame.Rect:
    """The panel at the top of `area`, as tall as `pieces` (at most the area); a piece that
    would cross its bottom is not drawn, nor any after it."""
    panel = pygame.Rect(area.topleft, (area.width, min(area.height, _height(pieces))))
    shade = pygame.Surface(panel.size, pygame.SRCALPHA)
    shade.fill(PANEL)
    surface.blit(shade, panel.topleft)
    pygame.draw.rect(surface, GOLD, panel, 1, border_radius=8)
    y = panel.top + TOP_ROOM
    for piece in pieces:
        if y + piece.height > panel.bottom - BOTTOM_ROOM:
            break
        piece.draw(surface, panel.left + INSET, y)
        y += piece.height
    return panel


def _title(text: Text, area: pygame.Rect, title: str) -> list[Piece]:
    return [words_piece(text, title, legible.at_least(TITLE), GOLD, area.width - 2 * INSET, bold=True),
            gap(BLOCK_GAP)]


def draw_waiting(surface: pygame.Surface, text: Text, area: pygame.Rect, title: str) -> pygame.Rect:
    width = area.width - 2 * INSET
    return _draw_panel(surface, area, [*_title(text, area, title),
                                       words_piece(text, _("Working it out…"), legible.at_least(WORDS), SOFT, width)])


def hand_piece(art: TileArt, hand: str, red: bool) -> Piece:
    tiles = parse_tiles(hand, red_fives=red)
    height = art.size(SMALL_TILE)[1]

    def draw(surface: pygame.Surface, x: int, y: int) -> None:
        for index, code in enumerate(tiles):
            surface.blit(art.tile(code, SMALL_TILE), (x + index * (SMALL_TILE + 1), y))

    return Piece(height + AFTER_HAND, draw)


def draw_build_review(surface: pygame.Surface, art: TileArt, text: Text, area: pygame.Rect, review: BuildReview,
                      who: str, red: bool) -> pygame.Rect:
    """The build and its worth beside the wall's best hands: as many of them as the area holds."""
    width, size = area.width - 2 * INSET, legible.at_least(WORDS)
    share = review.share_of_best
    if share is not None:
        built = _("Built: worth {payment}, {share} of the best").format(
            payment=format_number(review.built_payment, 1), share=format_percent(share))
    else:
        built = _("Built: worth {payment}; no hand of this wall pays").format(
            payment=format_number(review.built_payment, 1))
    pieces = [
        *_title(text, area, _("{who}: the build and the wall's best").format(who=who)),
        # Translators: what the panel's "worth" counts (the analyser's expected payment, not a ratio)
        words_piece(text, _("Worth: live winning tiles × their value in mangans"), size, SOFT, width),
        gap(BLOCK_GAP),
        words_piece(text, built, size, INK, width),
        hand_piece(art, review.built, red),
        words_piece(text, ngettext("The best of {count} tenpai hand:", "The best of {count} tenpai hands:",
                                   review.hands_in_wall).format(count=format_number(review.hands_in_wall))
                    if review.hands_in_wall else _("This wall holds no tenpai hand."), size, SOFT, width),
    ]
    for rank, (hand, payment) in enumerate(review.best, start=1):
        same = hand == review.built
        words = _("{rank}. worth {payment} (the one built)") if same else _("{rank}. worth {payment}")
        best = [words_piece(text, words.format(rank=rank, payment=format_number(payment, 1)), size,
                            GOLD if same else INK, width), hand_piece(art, hand, red)]
        if _height([*pieces, *best]) > area.height:
            break  # the lesser hands give way
        pieces += best
    return _draw_panel(surface, area, pieces)


def danger_label(danger: DiscardDanger, kind: int, chance: float, wind_of: dict[int, str]) -> str:
    """A kind's danger, and the seats it really won for ('7% West', '12% South, North')."""
    winners = danger.winning.get(kind, ())
    if not winners:
        return format_percent(chance)
    # Translators: a tile's danger in the replay, and the seats it was a winning tile for ("7% West")
    return _("{percent} {seats}").format(percent=format_percent(chance),
                                         seats=pgettext("list", ", ").join(wind_of[seat] for seat in winners))


def danger_row(art: TileArt, text: Text, cells: Sequence[tuple[int, str, bool]], column: int) -> Piece:
    """A row of the danger grid: each kind's tile (outlined in red if it really won) and its
    label, wrapped beside it; as tall as its tallest label."""
    size = legible.at_least(WORDS)
    step = text.font(size).get_linesize()
    tile_width, tile_height = art.size(DANGER_TILE)
    label_width = column - tile_width - LABEL_GAP
    wrapped = [text.wrap(label, size, label_width) for _kind, label, _won in cells]
    height = max([tile_height, *(len(lines) * step for lines in wrapped)]) + ROW_GAP

    def draw(surface: pygame.Surface, x: int, y: int) -> None:
        for index, ((kind, _label, won), lines) in enumerate(zip(cells, wrapped, strict=True)):
            rect = pygame.Rect((x + index * column, y), (tile_width, tile_height))
            surface.blit(art.tile(kind_code(kind), DANGER_TILE), rect)
            if won:
                marks.outline(surface, rect, marks.FURITEN_RED, 3)
            top = y + max(0, (tile_height - len(lines) * step) // 2)
            for number, line in enumerate(lines):
                text.draw(surface, line, size, WARN if won else INK, (rect.right + LABEL_GAP, top + number * step))

    return Piece(height, draw)


def draw_danger(surface: pygame.Surface, art: TileArt, text: Text, area: pygame.Rect, danger: DiscardDanger,
                who: str, wind_of: dict[int, str]) -> pygame.Rect:
    """The pool's kinds by danger, most dangerous first, in three columns or four, whichever
    shows more of them in the lower panel (the table beneath stays in sight: a label naming
    its winners wraps in narrower columns); if the area cannot hold them all, the safest of
    the kinds that won for no one are left out, and the panel says how many."""
    width = area.width - 2 * INSET
    head = [*_title(text, area, _("{who}'s pool: danger by the hard AI").format(who=who)),
            words_piece(text, _("Outlined in red: a real winning tile (of the seat named)"), legible.at_least(WORDS),
                        SOFT, width),
            gap(BLOCK_GAP)]
    ranked = sorted(danger.danger.items(), key=lambda item: -item[1])
    cells = [(kind, danger_label(danger, kind, chance, wind_of), kind in danger.winning) for kind, chance in ranked]
    layouts = [_danger_grid(art, text, area, head, cells, columns) for columns in COLUMNS]
    pieces = min(layouts, key=lambda found: (found[1], _height(found[0])))[0]
    return _draw_panel(surface, area, pieces)


def _danger_grid(art: TileArt, text: Text, area: pygame.Rect, head: list[Piece],
                 cells: list[tuple[int, str, bool]], columns: int) -> tuple[list[Piece], int]:
    """The panel's pieces with the kinds in `columns` columns, and how many kinds it leaves out."""
    width, size = area.width - 2 * INSET, legible.at_least(WORDS)
    cells = list(cells)
    left_out = 0
    while True:
        pieces = [*head, *(danger_row(art, text, cells[start:start + columns], width // columns)
                           for start in range(0, len(cells), columns))]
        if left_out:
            pieces.append(words_piece(text, ngettext("{count} safer kind not shown", "{count} safer kinds not shown",
                                                     left_out).format(count=left_out), size, SOFT, width))
        safe = [index for index, (_kind, _label, won) in enumerate(cells) if not won]
        if _height(pieces) <= area.height or not safe:
            return pieces, left_out
        del cells[safe[-1]]
        left_out += 1
