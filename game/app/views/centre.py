"""The centre panel: hand number, stake, whose turn, each seat's discards made of 17 on
its own side of the panel, the dora, the countdown."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.play.table_frame import CentreInfo, shown_seconds
from game.app.views import legible
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.fitting import fit_names_in
from game.app.window.palette import EDGE, GOLD, INK, PANEL, SOFT, URGENT
from game.app.window.text import Text
from game.app.words import terms
from game.app.words.i18n import _
from game.engine.tiles import code_kind, dora_kind, kind_code

DORA_TILE = 30
DORA_TILE_RIGHT = 100 + DORA_TILE
"""The right edge of the dora row's second tile, from the row's left."""


FOOTER_ROWS = 2
"""The status's rows at the foot of the announcement band."""
STATUS_ROW = 20
"""The least room of a status line at the foot of an announcement band (the pitch of its
rows: its letters' height and FOOTER_CLEARANCE where that is more)."""
BAND_GAP = 4
"""Between an announcement band and the top and bottom seats' discard counts it leaves readable."""
BAND_PAD = 7
"""Above the announcement's first row and below its last."""
FOOTER_CLEARANCE = 3
"""Between the status line's letters and the band's lower rule."""
ANNOUNCEMENT_SIZES = (22, 19, 17, 15)
"""The announcement's type, largest first; a narrow panel starts at the second."""


def draw_centre(surface: pygame.Surface, text: Text, art: TileArt, table: layout.TableLayout,
                info: CentreInfo) -> None:
    panel = table.centre
    pygame.draw.rect(surface, PANEL, panel, border_radius=10)
    pygame.draw.rect(surface, EDGE, panel, 2, border_radius=10)
    left, top = panel.left + 12, panel.top + 8
    if info.hands:
        heading = _("Hand {number} of {hands}").format(number=info.kyoku_number, hands=info.hands)
    else:
        heading = _("Hand {number}").format(number=info.kyoku_number)
    text.draw(surface, heading, 16, GOLD, (left, top), bold=True)
    if table.stake_in_centre:
        text.draw(surface, info.stake, legible.at_least(14), INK, (panel.right - 12, top + 1), "topright")
    centre = panel.center
    status = legible.at_least(15)
    rows = status_rows(text, info.status, table, info.status_names) if info.announcement is None else []
    for index, (row, dx) in enumerate(rows):
        y = centre[1] + table.status_y + index * STATUS_ROW
        text.draw(surface, row, status, INK, (centre[0] + dx, y), "midtop")
    counts: dict[int, pygame.Rect] = {}
    for place, wind, made, turn in info.discards:
        (dx, dy), anchor = table.count_at[place]
        colour, bold = (GOLD, True) if turn else (SOFT, False)
        words = _("{wind} {made}/17").format(wind=wind, made=made)
        counts[place] = text.draw(surface, words, legible.at_least(14), colour, (centre[0] + dx, centre[1] + dy),
                                  anchor, bold=bold)
    room = None
    if info.announcement is not None:
        # From under the top seat's count to above the bottom seat's: what lies between
        # (the status, the dora row of two seats) is covered, the counts stay readable.
        above, below = counts[2].bottom + BAND_GAP, counts[0].top - BAND_GAP
        room = pygame.Rect(panel.left + 4, above, panel.width - 8, below - above)
    if info.dora_indicator is not None:
        dora = _dora_rect(art, table.dora_at, info.dora_indicator)
        # A dora row the band would cover is not drawn at all: its tiles are taller than
        # the band leaves between the counts, and their feet showed beneath it.
        if room is None or not room.colliderect(dora):
            _draw_dora(surface, text, art, table.dora_at, info.dora_indicator)
    if room is not None:
        _draw_announcement(surface, text, panel, room, info.announcement, info.status, info.status_names)
    if info.countdown is not None:
        (dx, dy), anchor = table.countdown_at
        draw_clock(surface, text, info.countdown, (centre[0] + dx, centre[1] + dy), anchor)


def draw_clock(surface: pygame.Surface, text: Text, countdown: float, pos: tuple[int, int], anchor: str,
               size: int = 30) -> pygame.Rect:
    """A move's time left as the table shows it ('2:31'; red in its last ten seconds)."""
    seconds = shown_seconds(countdown)
    colour = URGENT if seconds <= 10 else GOLD
    return text.draw(surface, f"{seconds // 60}:{seconds % 60:02d}", size, colour, pos, anchor, bold=True)


def status_rows(text: Text, status: str, table: layout.TableLayout, names: Sequence[str] = ()) -> list[tuple[str, int]]:
    """The status's rows, each with its middle's x from the panel's centre: in the rows
    `table.status_rows` keeps clear of what lies beneath (in the ring, of even length), the
    `names` in it cut with … as far as that needs. A status too long for them even so (a
    theatre's caption) takes the panel's whole width in as many rows; what does not fit
    those is not drawn."""
    size = legible.at_least(15)
    rows, fitted = _fitted_rows(text, status, names, size, [width for _dx, width in table.status_rows])
    if fitted:
        return [(row, dx) for row, (dx, _width) in zip(rows, table.status_rows, strict=False)]
    rows, _fitted = _fitted_rows(text, status, names, size, [table.centre.width - 20] * len(table.status_rows))
    return [(row, 0) for row in rows[:len(table.status_rows)]]


def _fitted_rows(text: Text, words: str, names: Sequence[str], size: int,
                 widths: Sequence[int]) -> tuple[list[str], bool]:
    """`words` in rows of `widths`, the `names` in them cut as far as that needs; and whether
    they fit so (else the rows are more, or wider, than `widths`)."""
    font = text.font(size)

    def fits(line: str) -> bool:
        rows = _rows(text, line, size, widths, even=False)  # as many rows as when even, and no wider
        return len(rows) <= len(widths) and all(font.size(row)[0] <= width
                                                for row, width in zip(rows, widths, strict=False))

    line = fit_names_in(words, names, fits)
    return _rows(text, line, size, widths), fits(line)


def _rows(text: Text, words: str, size: int, widths: Sequence[int], even: bool = True) -> list[str]:
    """`words` wrapped at the first row's width, balanced (`even`) where every row is as wide;
    where they are not, each row is then measured against its own."""
    if even and len(set(widths)) == 1:
        return _balanced(text, words, size, widths[0])
    return text.wrap(words, size, widths[0])


def _dora_rect(art: TileArt, at: tuple[int, int], indicator: str) -> pygame.Rect:
    """Where the dora row's tiles lie (the word before them is within it)."""
    tile = art.tile(indicator, DORA_TILE)
    return pygame.Rect(at[0], at[1], DORA_TILE_RIGHT, tile.get_height())


def _draw_dora(surface: pygame.Surface, text: Text, art: TileArt, at: tuple[int, int], indicator: str) -> None:
    x, y = at
    text.draw(surface, terms.term("Dora"), legible.at_least(15), SOFT, (x, y + 12))
    surface.blit(art.tile(indicator, DORA_TILE), (x + 40, y))
    text.draw(surface, "→", 18, SOFT, (x + 78, y + 10))
    dora = kind_code(dora_kind(code_kind(indicator)))
    surface.blit(art.tile(dora, DORA_TILE), (x + 100, y))


def _draw_announcement(surface: pygame.Surface, text: Text, panel: pygame.Rect, room: pygame.Rect, words: str,
                       status: str, names: Sequence[str]) -> None:
    """The end of the hand across the panel, filling `room` (larger when the words need it),
    with the status line beneath it inside the band."""
    small = legible.at_least(13)
    footer_rows = _fitted_rows(text, status, names, small, [panel.width - 16] * FOOTER_ROWS)[0][:FOOTER_ROWS] \
        if status else []
    # The status is placed by its letters, not its line box (whose empty top and deep foot
    # pushed descenders, kanji and hanzi through the band's lower rule).
    inks = [text.render(row, small, SOFT).get_bounding_rect() for row in footer_rows]
    blank = min((ink.top for ink in inks), default=0)
    letters = max((ink.bottom for ink in inks), default=0) - blank
    pitch = max(STATUS_ROW, letters + FOOTER_CLEARANCE)
    footer = pitch * len(footer_rows)
    sizes = [legible.at_least(size) for size in (ANNOUNCEMENT_SIZES if panel.width > 300 else ANNOUNCEMENT_SIZES[1:])]
    for size in sizes:  # as large as fits the room (three winners take more words)
        rows = _balanced(text, words, size, panel.width - 24, bold=True)[:3]
        needed = 2 * BAND_PAD + (size + 6) * len(rows) + footer
        if needed <= room.height:
            break
    band = room.copy()
    if band.height < needed:
        band.height = needed
        band.centery = panel.centery
    offset = (band.height - needed) // 2
    pygame.draw.rect(surface, PANEL, band)
    pygame.draw.line(surface, EDGE, band.topleft, band.topright, 2)
    pygame.draw.line(surface, EDGE, band.bottomleft, band.bottomright, 2)
    for index, row in enumerate(rows):
        text.draw(surface, row, size, GOLD, (band.centerx, band.top + offset + BAND_PAD + index * (size + 6)), "midtop",
                  bold=True)
    for index, row in enumerate(footer_rows):
        y = band.top + offset + needed - footer + index * pitch + pitch - FOOTER_CLEARANCE - letters - blank
        text.draw(surface, row, small, SOFT, (band.centerx, y), "midtop")


def _balanced(text: Text, words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`words` wrapped within `width` in as few rows as they need, the rows as even as can be
    (never a last word alone on its row)."""
    rows = text.wrap(words, size, width, bold)
    narrower = width
    while len(rows) > 1:
        narrower -= 8
        trial = text.wrap(words, size, narrower, bold)
        if len(trial) > len(rows):
            break
        rows = trial
    return rows
