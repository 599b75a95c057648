"""A hand's result drawn from its `ResultFrame` (game/app/play/result_frame.py) on a panel
over the dimmed table: the result screen's, and the theatre's at each hand's end, alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app.play.result_frame import DrawnSeat, Named, ResultFrame, WinFrame
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.fitting import fit_names, fits_in
from game.app.window.palette import GOLD, GOOD, INK, SOFT
from game.app.window.shade import Shade
from game.app.window.text import Text
from game.app.words.i18n import _

SHADE = (4, 16, 10, 190)
PANEL = (16, 41, 31)
HAND_TILE = 52
SMALL_TILE = 36
HEADING = 26
WHO_ROOM = 420
"""An exhaustive draw's "East (name)", before the reason the hand did not win."""


class ResultPanel:
    def __init__(self, text: Text, art: TileArt, make_frame: Callable[[], ResultFrame], width: int,
                 panel: pygame.Rect = layout.RESULT_PANEL) -> None:
        """`make_frame` makes the result's frame in the language spoken (again by `remake`);
        `width`: the picture's, which the shade covers; `panel`: where the result lies."""
        self.text = text
        self.art = art
        self.make_frame = make_frame
        self.frame = make_frame()
        self.panel = panel
        self.shade = Shade(SHADE, width)
        self.room_below = 0
        """Height kept free under the standings for the scene's own lines (a network table's
        news above the Next button), as far as the hands above them leave room."""

    def remake(self) -> None:
        """The frame made again, in the language now spoken."""
        self.frame = self.make_frame()

    @property
    def heading(self) -> str:
        return self._named(self.frame.heading, HEADING, self.panel.width - 40, bold=True)

    def _named(self, line: Named, size: int, room: int, bold: bool = False) -> str:
        """The line with its names, cut with … where it would be wider than `room`."""
        return fit_names(line.words, [self.frame.names[seat] for seat in line.seats],
                         fits_in(self.text, size, room, bold))

    def draw(self, surface: pygame.Surface) -> None:
        self.shade.draw(surface)
        panel = self.panel
        pygame.draw.rect(surface, PANEL, panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=14)
        self.text.draw(
            surface, self.heading, HEADING, GOLD, (panel.centerx, panel.top + 20), "midtop", bold=True
        )
        y = panel.top + 72
        frame = self.frame
        if frame.drawn:
            for seat in frame.draws:
                y = self._draw_hand(surface, seat, y)
        elif len(frame.wins) == 1:
            y = self._draw_win(surface, frame.wins[0], y)
        else:
            for win in frame.wins:
                y = self._draw_compact_win(surface, win, y)
        self._draw_standings(surface, max(y + 10, panel.bottom - 170 - self.room_below))

    def _draw_tiles(self, surface: pygame.Surface, codes: Sequence[str], x: int, y: int, width: int) -> int:
        for index, code in enumerate(codes):
            surface.blit(self.art.tile(code, width), (x + index * (width + 2), y))
        return x + len(codes) * (width + 2)

    def _draw_win(self, surface: pygame.Surface, win: WinFrame, y: int) -> int:
        text = self.text
        panel = self.panel
        x = panel.left + 40
        right = self._draw_tiles(surface, win.hand, x, y, HAND_TILE)
        surface.blit(self.art.tile(win.tile, HAND_TILE), (right + 22, y))
        text.draw(
            surface,
            _("winning tile"),
            14,
            SOFT,
            (right + 22 + HAND_TILE // 2, y + HAND_TILE * 4 // 3 + 8),
            "midtop",
        )
        y += HAND_TILE * 4 // 3 + 40
        indicators = []
        if self.frame.dora_indicator is not None:
            indicators.append((_("Dora indicator"), self.frame.dora_indicator))
        if win.ura_indicator is not None:
            indicators.append((_("Ura indicator"), win.ura_indicator))
        ix = x
        for label, code in indicators:
            text.draw(surface, label, 16, SOFT, (ix, y + 14))
            ix += text.font(16).size(label)[0] + 10
            surface.blit(self.art.tile(code, SMALL_TILE), (ix, y))
            ix += SMALL_TILE + 36
        y += SMALL_TILE * 4 // 3 + 20
        column_y = y
        for name, worth in win.yaku:
            text.draw(surface, name, 18, INK, (x, y))
            text.draw(surface, worth, 18, INK, (x + 300, y), "topright")
            y += 26
        if win.ura is not None:
            text.draw(surface, _("ura dora (bonus, not toward the floor)"), 18, GOLD, (x, y))
            text.draw(surface, win.ura, 18, GOLD, (x + 400, y), "topright")
            y += 26
        sx = x + 470
        if win.han_fu is not None:
            text.draw(surface, win.han_fu, 24, INK, (sx, column_y), bold=True)
        if win.limit is not None:
            text.draw(surface, win.limit.upper(), 30, GOLD, (sx, column_y + 34), bold=True)
        if win.floor is not None:
            text.draw(surface, win.floor, 17, GOOD, (sx, column_y + 80))
        return max(y, column_y + 110) + 10

    def _draw_compact_win(self, surface: pygame.Surface, win: WinFrame, y: int) -> int:
        """One of several wins on a discard: who, the hand, yaku, value and payment in a band."""
        text = self.text
        x = self.panel.left + 40
        line = self._named(win.band, 19, self.panel.right - 40 - x, bold=True)
        text.draw(surface, line, 19, GOLD, (x, y), bold=True)
        y += 30
        right = self._draw_tiles(surface, win.hand, x, y, SMALL_TILE)
        surface.blit(self.art.tile(win.tile, SMALL_TILE), (right + 14, y))
        column = right + 14 + SMALL_TILE + 24
        for index, row in enumerate(text.wrap(win.band_yaku, 16, self.panel.right - 30 - column)[:3]):
            text.draw(surface, row, 16, INK, (column, y + index * 20))
        if win.ura_indicator is not None:
            text.draw(surface, _("Ura indicator"), 14, SOFT, (column, y + 62))
            surface.blit(self.art.tile(win.ura_indicator, 24), (column + 96, y + 56))
        return y + SMALL_TILE * 4 // 3 + 40

    def _draw_hand(self, surface: pygame.Surface, seat: DrawnSeat, y: int) -> int:
        """One seat's hand after an exhaustive draw: who, why it did not win, its waits."""
        text = self.text
        x = self.panel.left + 40
        who = self._named(seat.who, 18, WHO_ROOM, bold=True)
        right = text.draw(surface, who, 18, INK, (x, y), bold=True).right
        text.draw(surface, f"— {seat.reason}", 16, SOFT, (right + 12, y + 2))
        right = self._draw_tiles(surface, seat.hand, x, y + 28, 44)
        text.draw(surface, seat.waits_words, 15, SOFT, (right + 24, y + 30))
        self._draw_tiles(surface, seat.waits, right + 24, y + 52, 30)
        return y + 28 + 44 * 4 // 3 + 24

    def _draw_standings(self, surface: pygame.Surface, y: int) -> None:
        text = self.text
        x = self.panel.left + 40
        frame = self.frame
        text.draw(surface, frame.payments, 20, GOLD, (x, y), bold=True)
        y += 34
        text.draw(surface, self._named(frame.standings, 18, self.panel.right - 40 - x), 18, INK, (x, y))
        if frame.next_stake is not None:
            text.draw(surface, frame.next_stake, 17, SOFT, (x, y + 30))
