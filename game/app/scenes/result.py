"""The end of a hand: the winning hand with its winning tile apart, dora and ura
indicators, yaku and han, fu, the floor without ura, ura as a bonus, the limit, the
payment and the standings; after a draw, every hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.draw_reasons import draw_reasons
from game.app.play.session import Session
from game.app.scene import Scene, Services
from game.app.window import layout
from game.app.window.fitting import fit_names, fits_in
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD, GOOD, INK, SOFT
from game.app.window.shade import Shade
from game.app.words import i18n, terms
from game.app.words.i18n import N_, _, pgettext
from game.app.words.value_words import limit_name
from game.engine.hand import Win
from game.engine.scoring import WinValue
from game.engine.tiles import kind_code, tile_code

SHADE = (4, 16, 10, 190)
PANEL = (16, 41, 31)
HAND_TILE = 52
SMALL_TILE = 36
HEADING = 26
WHO_ROOM = 420
"""An exhaustive draw's "East (name)", before the reason the hand did not win."""
URA = "ura dora"
PAID_TO = {
    # Translators: one winner and what they are paid, in a list ("East 1.5", "South 8,000 points")
    "stakes": N_("{wind} {amount}"),
    "points": N_("{wind} {amount} points"),
    "points_as_dealer": N_("{wind} {amount} points"),
    "units": N_("{wind} {amount} units"),
}
AMOUNT = {"points": N_("{amount} points"), "points_as_dealer": N_("{amount} points"), "units": N_("{amount} units")}
"""A total paid, by settlement; stakes are a bare number."""


amount = i18n.format_amount


def list_separator() -> str:
    # Translators: between the items of a list ("East 8,000, South 4,000"); Japanese 、
    return pgettext("list", ", ")


def yaku_lines(value: WinValue) -> tuple[list[tuple[str, int]], int]:
    """The yaku that count toward the floor, and the ura dora han (a bonus, shown apart)."""
    lines = [(terms.yaku(line.name), line.han) for line in value.yaku if line.name != URA]
    return lines, value.han_of(URA)


def is_yakuman_hand(value: WinValue) -> bool:
    """A hand worth yakuman by its yaku (not a counted one): its han are the library's 13 a
    yakuman, a count no player says ('13 han 0 fu')."""
    return value.yakuman > 0 and not value.kazoe


def yaku_worth(value: WinValue, han: int, double_yakuman: bool) -> str:
    """What one yaku line is worth as a player says it: '2 han', or 'yakuman' for a yakuman
    yaku ('double yakuman' when the table counts it twice)."""
    if is_yakuman_hand(value) and han >= 13:
        return terms.limit("double yakuman" if double_yakuman and han >= 26 else "yakuman")
    return _("{han} han").format(han=han)


def payment_words(session: Session, gains: Sequence[float]) -> str:
    """Who pays whom: the discarder pays every winner; with several, the total too."""
    settlement = session.rules.settlement
    payers = [seat for seat, gain in enumerate(gains) if gain < 0]
    earners = [seat for seat, gain in enumerate(gains) if gain > 0]
    parts = []
    for payer in payers:
        paid = list_separator().join(
            _(PAID_TO[settlement]).format(wind=session.wind(e), amount=amount(gains[e])) for e in earners
        )
        if len(earners) > 1:
            total = amount(-gains[payer])
            if settlement in AMOUNT:
                total = _(AMOUNT[settlement]).format(amount=total)
            parts.append(_("{payer} pays {paid}: {total} in all").format(
                payer=session.wind(payer), paid=paid, total=total))
        else:
            parts.append(_("{payer} pays {paid}").format(payer=session.wind(payer), paid=paid))
    # Translators: between the payments of several payers
    return pgettext("payments", "; ").join(parts) if parts else _("No payment")


class ResultScene(Scene):
    opaque = False
    panel = layout.RESULT_PANEL
    """Where the result lies (the theatre's ends above its control bar)."""

    def __init__(self, app: Services, session: Session, on_next: Callable[[], None]) -> None:
        super().__init__(app)
        self.session = session
        self.on_next = on_next
        self.ring = ButtonRing()
        self.guard = KeyGuard()
        """It comes up when the hand ends, whatever keys are on their way: it stays until a
        key pressed after it is shown."""
        self.shade = Shade(SHADE, app.screen.get_width())
        self.result = session.hand.result
        assert self.result is not None
        self.settlement = session.match.settlements[-1]

    def enter(self) -> None:
        panel = self.panel
        button = UIButton(
            pygame.Rect(panel.centerx - 160, panel.bottom - 64, 320, 48),
            self.next_label,
            self.app.manager,
            object_id=ObjectID(object_id="#next_hand", class_id="@menu_button"),
        )
        self.elements.append(button)
        self.next_button = button
        self.ring.add(button, self.next)

    @property
    def next_label(self) -> str:
        return _("Match summary (Enter)") if self.session.match.over else _("Next hand (Enter)")

    def relabel(self) -> None:
        self.next_button.set_text(self.next_label)

    def next(self) -> None:
        self.app.stack.remove(self)
        self.on_next()

    def next_change(self) -> float | None:
        """None: the key guard's time needs no frame of its own (the window counts the time
        passed up to the moment an input is handled)."""
        return None

    def update(self, dt: float) -> None:
        self.guard.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.guard.blocks(event):
            self.ring.handle_event(event)
        return True

    @property
    def heading(self) -> str:
        if self.result.drawn:
            return _("Exhaustive draw — no one won")
        wins = self.result.wins
        win = wins[0]
        discarder = self.session.wind(win.discarder)
        winners = [self.session.wind(w.seat) for w in wins]
        if len(wins) == 2:
            return _("{first} and {second} win by ron on {discarder}'s discard").format(
                first=winners[0], second=winners[1], discarder=discarder)
        if len(wins) == 3:
            return _("{first} and {second} and {third} win by ron on {discarder}'s discard").format(
                first=winners[0], second=winners[1], third=winners[2], discarder=discarder)
        value = win.assessment.value
        assert value is not None
        heading = _("{wind} ({name}) wins by ron on {discarder}'s discard — {limit}")
        wind, limit = self.session.wind(win.seat), limit_name(value)
        return self._named(lambda names: heading.format(wind=wind, name=names[0], discarder=discarder, limit=limit),
                           [win.seat], HEADING, self.panel.width - 40, bold=True)

    def _named(self, compose: Callable[[Sequence[str]], str], seats: Sequence[int], size: int, room: int,
               bold: bool = False) -> str:
        """`compose` of the seats' names, cut with … where the line would be wider than `room`."""
        return fit_names(compose, [self.session.name(seat) for seat in seats],
                         fits_in(self.app.text, size, room, bold))

    def draw(self, surface: pygame.Surface) -> None:
        self.shade.draw(surface)
        panel = self.panel
        pygame.draw.rect(surface, PANEL, panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=14)
        self.app.text.draw(
            surface, self.heading, HEADING, GOLD, (panel.centerx, panel.top + 20), "midtop", bold=True
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
        self.ring.draw_focus(surface)

    def _draw_tiles(self, surface: pygame.Surface, codes: Sequence[str], x: int, y: int, width: int) -> int:
        for index, code in enumerate(codes):
            surface.blit(self.app.art.tile(code, width), (x + index * (width + 2), y))
        return x + len(codes) * (width + 2)

    def _draw_win(self, surface: pygame.Surface, win: Win, y: int) -> int:
        text = self.app.text
        red = self.session.rules.red_fives
        panel = self.panel
        x = panel.left + 40
        right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(win.hand)], x, y, HAND_TILE)
        winning = tile_code(win.tile, red)
        surface.blit(self.app.art.tile(winning, HAND_TILE), (right + 22, y))
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
        hand = self.session.hand
        if hand.dora_indicator is not None:
            indicators.append((_("Dora indicator"), tile_code(hand.dora_indicator, red)))
        if win.ura_indicator is not None:
            indicators.append((_("Ura indicator"), tile_code(win.ura_indicator, red)))
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
        double = self.session.rules.double_yakuman
        for name, han in lines:
            text.draw(surface, name, 18, INK, (x, y))
            text.draw(surface, yaku_worth(value, han, double), 18, INK, (x + 300, y), "topright")
            y += 26
        if ura_han:
            text.draw(surface, _("ura dora (bonus, not toward the floor)"), 18, GOLD, (x, y))
            text.draw(surface, _("+{han} han").format(han=ura_han), 18, GOLD, (x + 400, y), "topright")
            y += 26
        sx = x + 470
        if not is_yakuman_hand(value):
            text.draw(surface, terms.han_fu(value.han, value.fu), 24, INK, (sx, column_y), bold=True)
        if value.level is not None:
            text.draw(surface, limit_name(value).upper(), 30, GOLD, (sx, column_y + 34), bold=True)
        if is_yakuman_hand(value):
            pass  # a yakuman clears any floor, ura or not
        elif not self.session.rules.floor_applies:
            text.draw(surface, _("No mangan floor at this table: any win with a yaku counts."), 17, GOOD,
                      (sx, column_y + 80))
        elif floor is not None:
            floor_words = limit_name(floor) if floor.level is not None else terms.han_fu(floor.han, floor.fu)
            if win.assessment.clears_floor:
                without_ura = _("Without ura: {han} han — {value}, clears the mangan floor")
            else:
                without_ura = _("Without ura: {han} han — {value}, no floor")
            text.draw(
                surface,
                without_ura.format(han=floor.han, value=floor_words),
                17,
                GOOD,
                (sx, column_y + 80),
            )
        return max(y, column_y + 110) + 10

    def _draw_compact_win(self, surface: pygame.Surface, win: Win, y: int) -> int:
        """One of several wins on a discard: who, the hand, yaku, value and payment in a band."""
        text = self.app.text
        red = self.session.rules.red_fives
        x = self.panel.left + 40
        value = win.assessment.value
        assert value is not None
        gain = self.settlement.gains[win.seat]
        wind = self.session.wind(win.seat)
        line = self._named(lambda names: win_band_line(wind, names[0], value, amount(gain)), [win.seat], 19,
                           self.panel.right - 40 - x, bold=True)
        text.draw(surface, line, 19, GOLD, (x, y), bold=True)
        y += 30
        right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(win.hand)], x, y, SMALL_TILE)
        surface.blit(self.app.art.tile(tile_code(win.tile, red), SMALL_TILE), (right + 14, y))
        lines, ura_han = yaku_lines(value)
        if is_yakuman_hand(value):  # the band says yakuman; a yaku's 13 han is no count
            items = [name for name, _han in lines]
        else:
            items = [_("{yaku} {han}").format(yaku=name, han=han) for name, han in lines]
        if ura_han:
            items.append(_("ura dora +{han}").format(han=ura_han))
        yaku = list_separator().join(items)
        column = right + 14 + SMALL_TILE + 24
        for index, row in enumerate(text.wrap(yaku, 16, self.panel.right - 30 - column)[:3]):
            text.draw(surface, row, 16, INK, (column, y + index * 20))
        if win.ura_indicator is not None:
            text.draw(surface, _("Ura indicator"), 14, SOFT, (column, y + 62))
            surface.blit(self.app.art.tile(tile_code(win.ura_indicator, red), 24), (column + 96, y + 56))
        return y + SMALL_TILE * 4 // 3 + 40

    def _draw_hands(self, surface: pygame.Surface, y: int) -> int:
        text = self.app.text
        red = self.session.rules.red_fives
        x = self.panel.left + 40
        hand_now = self.session.hand
        reasons = draw_reasons(hand_now.history, hand_now.waits)
        for seat, hand in enumerate(self.result.hands):
            wind = self.session.wind(seat)
            who = self._named(lambda names, w=wind: _("{wind} ({name})").format(wind=w, name=names[0]), [seat], 18,
                              WHO_ROOM, bold=True)
            right = text.draw(surface, who, 18, INK, (x, y), bold=True).right
            text.draw(surface, f"— {reasons[seat]}", 16, SOFT, (right + 12, y + 2))
            right = self._draw_tiles(surface, [tile_code(t, red) for t in sorted(hand)], x, y + 28, 44)
            waits = self.session.hand.waits[seat]
            text.draw(surface, _("waits") if waits else _("not tenpai"), 15, SOFT, (right + 24, y + 30))
            self._draw_tiles(surface, [kind_code(kind) for kind in waits], right + 24, y + 52, 30)
            y += 28 + 44 * 4 // 3 + 24
        return y

    def _draw_standings(self, surface: pygame.Surface, y: int) -> None:
        text = self.app.text
        session = self.session
        x = self.panel.left + 40
        settlement = self.settlement
        text.draw(surface, payment_words(session, settlement.gains), 20, GOLD, (x, y), bold=True)
        y += 34
        seats = range(len(settlement.scores))
        standings = self._named(lambda names: "    ".join(
            _("{wind} ({name}): {score}").format(wind=session.wind(seat), name=names[seat], score=amount(score))
            for seat, score in enumerate(settlement.scores)
        ), seats, 18, self.panel.right - 40 - x)
        text.draw(surface, standings, 18, INK, (x, y))
        if session.rules.settlement == "stakes" and not session.match.over:
            if settlement.next_stake > settlement.stake:
                next_stake = _("Next stake: {stake} (doubled after the draw)")
            else:
                next_stake = _("Next stake: {stake}")
            text.draw(surface, next_stake.format(stake=amount(settlement.next_stake)), 17, SOFT, (x, y + 30))


def win_band_line(wind: str, name: str, value: WinValue, gain: str) -> str:
    """A winner's line among several: who, the limit, han and fu, the gain ('+8,000')."""
    if value.level is None:  # below mangan the limit is its han and fu: say them once
        return _("{wind} ({name}) — {han} han {fu} fu, +{gain}").format(
            wind=wind, name=name, han=value.han, fu=value.fu, gain=gain)
    if is_yakuman_hand(value):  # its han and fu are no count a player says
        return _("{wind} ({name}) — {limit}, +{gain}").format(
            wind=wind, name=name, limit=limit_name(value), gain=gain)
    return _("{wind} ({name}) — {limit}, {han} han {fu} fu, +{gain}").format(
        wind=wind, name=name, limit=limit_name(value), han=value.han, fu=value.fu, gain=gain)
