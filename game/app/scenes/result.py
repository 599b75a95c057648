"""The end of a hand: the winning hand with its winning tile apart, dora and ura
indicators, yaku and han, fu, the floor without ura, ura as a bonus, the limit, the
payment and the standings; after a draw, every hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app import layout
from game.app.draw_reasons import draw_reasons
from game.app.menu_keys import ButtonRing
from game.app.palette import GOLD, GOOD, INK, SOFT
from game.app.scene import Scene
from game.app.session import Session
from game.app.value_words import limit_name
from game.engine.hand import Win
from game.engine.scoring import WinValue
from game.engine.tiles import kind_code, tile_code

if TYPE_CHECKING:
    from game.app.window import App

SHADE = (4, 16, 10, 190)
PANEL = (16, 41, 31)
HAND_TILE = 52
SMALL_TILE = 36
URA = "ura dora"


def yaku_lines(value: WinValue) -> tuple[list[tuple[str, int]], int]:
    """The yaku that count toward the floor, and the ura dora han (a bonus, shown apart)."""
    lines = [(line.name, line.han) for line in value.yaku if line.name != URA]
    return lines, value.han_of(URA)


def payment_words(session: Session, gains: Sequence[float]) -> str:
    """Who pays whom: the discarder pays every winner; with several, the total too."""
    settlement = session.rules.settlement
    unit = {"stakes": "", "points": " points", "points_as_dealer": " points", "units": " units"}[settlement]
    payers = [seat for seat, gain in enumerate(gains) if gain < 0]
    earners = [seat for seat, gain in enumerate(gains) if gain > 0]
    parts = []
    for payer in payers:
        paid = ", ".join(f"{session.wind(e)} {gains[e]:g}{unit}" for e in earners)
        total = f": {-gains[payer]:g}{unit} in all" if len(earners) > 1 else ""
        parts.append(f"{session.wind(payer)} pays {paid}{total}")
    return "; ".join(parts) if parts else "No payment"


class ResultScene(Scene):
    opaque = False

    def __init__(self, app: App, session: Session, on_next: Callable[[], None]) -> None:
        super().__init__(app)
        self.session = session
        self.on_next = on_next
        self.ring = ButtonRing()
        self.shade = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        self.shade.fill(SHADE)
        self.result = session.hand.result
        assert self.result is not None
        self.settlement = session.match.settlements[-1]

    def enter(self) -> None:
        label = "Match summary (Enter)" if self.session.match.over else "Next hand (Enter)"
        panel = layout.RESULT_PANEL
        button = UIButton(
            pygame.Rect(panel.centerx - 160, panel.bottom - 64, 320, 48),
            label,
            self.app.manager,
            object_id=ObjectID(object_id="#next_hand", class_id="@menu_button"),
        )
        self.elements.append(button)
        self.ring.add(button, self.next)

    def next(self) -> None:
        self.app.stack.remove(self)
        self.on_next()

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.ring.handle_event(event)
        return True

    @property
    def heading(self) -> str:
        if self.result.drawn:
            return "Exhaustive draw — no one won"
        wins = self.result.wins
        win = wins[0]
        discarder = self.session.wind(win.discarder)
        if len(wins) > 1:
            winners = " and ".join(self.session.wind(w.seat) for w in wins)
            return f"{winners} win by ron on {discarder}'s discard"
        value = win.assessment.value
        assert value is not None
        return (
            f"{self.session.wind(win.seat)} ({self.session.name(win.seat)}) wins by ron on "
            f"{discarder}'s discard — {limit_name(value)}"
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        panel = layout.RESULT_PANEL
        pygame.draw.rect(surface, PANEL, panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=14)
        self.app.text.draw(
            surface, self.heading, 26, GOLD, (panel.centerx, panel.top + 20), "midtop", bold=True
        )
        y = panel.top + 72
        if self.result.drawn:
            y = self._draw_hands(surface, y)
        elif len(self.result.wins) == 1:
            y = self._draw_win(surface, self.result.wins[0], y)
        else:
            for win in self.result.wins:
                y = self._draw_compact_win(surface, win, y)
        self._draw_standings(surface, max(y + 10, panel.bottom - 170))

    def _draw_tiles(self, surface: pygame.Surface, codes: Sequence[str], x: int, y: int, width: int) -> int:
        for index, code in enumerate(codes):
            surface.blit(self.app.art.tile(code, width), (x + index * (width + 2), y))
        return x + len(codes) * (width + 2)

    def _draw_win(self, surface: pygame.Surface, win: Win, y: int) -> int:
        text = self.app.text
        red = self.session.rules.red_fives
        panel = layout.RESULT_PANEL
        x = panel.left + 40
        right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(win.hand)], x, y, HAND_TILE)
        winning = tile_code(win.tile, red)
        surface.blit(self.app.art.tile(winning, HAND_TILE), (right + 22, y))
        text.draw(
            surface,
            "winning tile",
            14,
            SOFT,
            (right + 22 + HAND_TILE // 2, y + HAND_TILE * 4 // 3 + 8),
            "midtop",
        )
        y += HAND_TILE * 4 // 3 + 40
        indicators = []
        hand = self.session.hand
        if hand.dora_indicator is not None:
            indicators.append(("Dora indicator", tile_code(hand.dora_indicator, red)))
        if win.ura_indicator is not None:
            indicators.append(("Ura indicator", tile_code(win.ura_indicator, red)))
        ix = x
        for label, code in indicators:
            text.draw(surface, label, 16, SOFT, (ix, y + 14))
            ix += text.font(16).size(label)[0] + 10
            surface.blit(self.app.art.tile(code, SMALL_TILE), (ix, y))
            ix += SMALL_TILE + 36
        y += SMALL_TILE * 4 // 3 + 20
        value = win.assessment.value
        floor = win.assessment.floor_value
        assert value is not None
        lines, ura_han = yaku_lines(value)
        column_y = y
        for name, han in lines:
            text.draw(surface, name, 18, INK, (x, y))
            text.draw(surface, f"{han} han", 18, INK, (x + 300, y), "topright")
            y += 26
        if ura_han:
            text.draw(surface, "ura dora (bonus, not toward the floor)", 18, GOLD, (x, y))
            text.draw(surface, f"+{ura_han} han", 18, GOLD, (x + 400, y), "topright")
            y += 26
        sx = x + 470
        text.draw(surface, f"{value.han} han {value.fu} fu", 24, INK, (sx, column_y), bold=True)
        if value.level is not None:
            text.draw(surface, limit_name(value).upper(), 30, GOLD, (sx, column_y + 34), bold=True)
        if not self.session.rules.floor_applies:
            text.draw(surface, "No mangan floor at this table: any win with a yaku counts.", 17, GOOD,
                      (sx, column_y + 80))
        elif floor is not None:
            floor_words = limit_name(floor) if floor.level is not None else f"{floor.han} han {floor.fu} fu"
            cleared = "clears the mangan floor" if win.assessment.clears_floor else "no floor"
            text.draw(
                surface,
                f"Without ura: {floor.han} han — {floor_words}, {cleared}",
                17,
                GOOD,
                (sx, column_y + 80),
            )
        return max(y, column_y + 110) + 10

    def _draw_compact_win(self, surface: pygame.Surface, win: Win, y: int) -> int:
        """One of several wins on a discard: who, the hand, yaku, value and payment in a band."""
        text = self.app.text
        red = self.session.rules.red_fives
        x = layout.RESULT_PANEL.left + 40
        value = win.assessment.value
        assert value is not None
        gain = self.settlement.gains[win.seat]
        who = f"{self.session.wind(win.seat)} ({self.session.name(win.seat)})"
        text.draw(surface, f"{who} — {limit_name(value)}, {value.han} han {value.fu} fu, +{gain:g}", 19, GOLD,
                  (x, y), bold=True)
        y += 30
        right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(win.hand)], x, y, SMALL_TILE)
        surface.blit(self.app.art.tile(tile_code(win.tile, red), SMALL_TILE), (right + 14, y))
        lines, ura_han = yaku_lines(value)
        yaku = ", ".join(f"{name} {han}" for name, han in lines) + (f"; ura dora +{ura_han}" if ura_han else "")
        column = right + 14 + SMALL_TILE + 24
        for index, row in enumerate(text.wrap(yaku, 16, layout.RESULT_PANEL.right - 30 - column)[:3]):
            text.draw(surface, row, 16, INK, (column, y + index * 20))
        if win.ura_indicator is not None:
            text.draw(surface, "Ura indicator", 14, SOFT, (column, y + 62))
            surface.blit(self.app.art.tile(tile_code(win.ura_indicator, red), 24), (column + 96, y + 56))
        return y + SMALL_TILE * 4 // 3 + 40

    def _draw_hands(self, surface: pygame.Surface, y: int) -> int:
        text = self.app.text
        red = self.session.rules.red_fives
        x = layout.RESULT_PANEL.left + 40
        hand_now = self.session.hand
        reasons = draw_reasons(hand_now.history, hand_now.waits)
        for seat, hand in enumerate(self.result.hands):
            who = f"{self.session.wind(seat)} ({self.session.name(seat)})"
            right = text.draw(surface, who, 18, INK, (x, y), bold=True).right
            text.draw(surface, f"— {reasons[seat]}", 16, SOFT, (right + 12, y + 2))
            right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(hand)], x, y + 28, 44)
            waits = self.session.hand.waits[seat]
            text.draw(surface, "waits" if waits else "not tenpai", 15, SOFT, (right + 24, y + 30))
            self._draw_tiles(surface, [kind_code(kind) for kind in waits], right + 24, y + 52, 30)
            y += 28 + 44 * 4 // 3 + 24
        return y

    def _draw_standings(self, surface: pygame.Surface, y: int) -> None:
        text = self.app.text
        session = self.session
        x = layout.RESULT_PANEL.left + 40
        settlement = self.settlement
        text.draw(surface, payment_words(session, settlement.gains), 20, GOLD, (x, y), bold=True)
        y += 34
        standings = "    ".join(
            f"{session.wind(seat)} ({session.name(seat)}): {score:g}"
            for seat, score in enumerate(settlement.scores)
        )
        text.draw(surface, standings, 18, INK, (x, y))
        if session.rules.settlement == "stakes":
            change = " (doubled after the draw)" if settlement.next_stake > settlement.stake else ""
            text.draw(surface, f"Next stake: {settlement.next_stake:g}{change}", 17, SOFT, (x, y + 30))
