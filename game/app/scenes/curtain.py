"""The privacy curtain between people at one screen: "Pass to West — Player 2 · click or
press Space when ready", before every private view. Beneath it the table shows only what
everyone may see. AI seats never raise it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.play.session import Session
from game.app.scene import Scene, Services
from game.app.window.fitting import fitted_name
from game.app.window.menu_keys import KeyGuard
from game.app.window.palette import GOLD, INK, SOFT
from game.app.window.shade import Shade
from game.app.words.i18n import _

SHADE = (6, 20, 14, 215)
CARD = (16, 41, 31)
READY_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
HEADING = 30
LOOK_AWAY = 16
LOOK_AWAY_LINES = 2
"""The card holds the look-away sentence on two lines: a name is cut only past them."""
MARGIN = 20
"""Between the card's edge and its longest line (a long name is cut with …)."""


class CurtainScene(Scene):
    opaque = False

    def __init__(self, app: Services, session: Session, seat: int, on_lift: Callable[[], None],
                 on_menu: Callable[[], None]) -> None:
        """`on_lift`: the seat called for has the screen (the curtain is gone); `on_menu`: Esc."""
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.on_lift = on_lift
        self.on_menu = on_menu
        self.shade = Shade(SHADE, app.screen.get_width())
        self.card = pygame.Rect(0, 0, 620, 220)
        self.card.center = app.screen.get_rect().center
        # The curtain comes up unbidden after a move: keys still on their way from that move
        # must not lift it and show the next person's tiles to the one who just played.
        self.guard = KeyGuard()

    @property
    def heading(self) -> str:
        session = self.session
        wind = session.wind(self.seat)
        # Translators: the privacy curtain, e.g. "Pass to West — Player 2"
        return fitted_name(self.app.text, lambda name: _("Pass to {wind} — {name}").format(wind=wind, name=name),
                           session.name(self.seat), HEADING, self.card.width - 2 * MARGIN, bold=True)

    @property
    def others_look_away(self) -> str:
        """Who looks away: the other person by name, or all the others (the AI seats are
        players too, so "the other player" would not say who)."""
        session = self.session
        others = [seat for seat in session.plan.humans if seat != self.seat]
        if len(others) > 1:
            return _("Everyone else looks away: your tiles are shown next.")
        # Translators: the privacy curtain; {name} is the one other person at the screen
        looks_away = _("{name} looks away: your tiles are shown next.")
        whole = looks_away.format(name=session.name(others[0]))
        if len(self.app.text.wrap(whole, LOOK_AWAY, self.card.width - 2 * MARGIN)) <= LOOK_AWAY_LINES:
            return whole
        return fitted_name(self.app.text, lambda name: looks_away.format(name=name), session.name(others[0]),
                           LOOK_AWAY, self.card.width - 2 * MARGIN)

    def next_change(self) -> float | None:
        """None: the key guard's time needs no frame of its own (the window counts the time
        passed up to the moment an input is handled)."""
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.guard.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guard.blocks(event) and event.key in READY_KEYS:  # Esc (the menu) shows nobody's tiles
            return True
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in READY_KEYS
        )
        if ready:
            self.app.stack.remove(self)
            self.on_lift()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_menu()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.shade.draw(surface)
        pygame.draw.rect(surface, CARD, self.card, border_radius=14)
        pygame.draw.rect(surface, GOLD, self.card, 2, border_radius=14)
        text = self.app.text
        text.draw(
            surface, self.heading, HEADING, GOLD, (self.card.centerx, self.card.top + 40), "midtop", bold=True
        )
        text.draw(
            surface,
            _("Click or press Space when ready."),
            20,
            INK,
            (self.card.centerx, self.card.top + 104),
            "midtop",
        )
        step = text.font(LOOK_AWAY).get_linesize()
        for row, line in enumerate(text.wrap(self.others_look_away, LOOK_AWAY, self.card.width - 2 * MARGIN)):
            text.draw(surface, line, LOOK_AWAY, SOFT, (self.card.centerx, self.card.top + 150 + row * step), "midtop")
