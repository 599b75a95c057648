"""The end of a match played at another computer's table: the final standings and why it
ended, as the host sent them; then back to the title."""

from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.joining import code_of
from game.app.play.remote_table import RemoteTable
from game.app.scene import Scene, Screens, Services
from game.app.views.felt import draw_felt
from game.app.window.fitting import fitted_name
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.words.i18n import N_, Message, _, pgettext
from game.app.words.i18n import format_amount as amount

KEEPING_LOOK_S = 0.1
HEADING_SIZE = 48
HEADING_ROOM = 1200
NAME_LEFT = 420
SCORE_RIGHT = 860
SCORE_GAP = 24
"""At least this much between a row's name (a long one cut with …) and its score."""
END_REASONS = {"hands": N_("all the hands of the match were played"), "bust": N_("a player could not pay on")}


class JoinedSummaryScene(Scene):
    def __init__(self, app: Services, screens: Screens, table: RemoteTable) -> None:
        super().__init__(app)
        self.screens = screens
        over = table.heard.over
        self.scores = over.scores if over is not None else table.standings()
        self.reason = over.reason if over is not None else ""
        self.names = tuple(table.names())
        self.seat = table.seat
        self.keeping = table.keeping
        """The match being kept in this computer's history (join.py)."""
        self.not_kept: Message | None = None
        """Why the match is not in the history, when it could not be kept."""
        self.table_at = (table.address, code_of(table.link.link.uri)) if table.link is not None and table.address \
            else None
        """Where the match was played (address, code): its Rematch joins there again."""
        self.ring = ButtonRing()
        self.guard = KeyGuard()

    def enter(self) -> None:
        if self.table_at is not None:
            rematch = UIButton(pygame.Rect(385, 660, 250, 48), _("Rematch"), self.app.manager,
                               object_id=ObjectID(object_id="#rematch", class_id="@menu_button"))
            self.elements.append(rematch)
            self.ring.add(rematch, lambda: self.screens.rejoin(*self.table_at))
        # Translators: back to the title screen
        button = UIButton(pygame.Rect(645 if self.table_at else 515, 660, 250, 48), pgettext("button", "Title"),
                          self.app.manager, object_id=ObjectID(object_id="#title", class_id="@menu_button"))
        self.elements.append(button)
        self.ring.add(button, self.screens.title)
        self.ring.focus_on(len(self.ring.entries) - 1)  # Enter: the title, as before there was a choice

    @property
    def heading(self) -> str:
        """The same words as the summary of a match at this computer."""
        best = max(self.scores)
        leaders = [seat for seat, score in enumerate(self.scores) if score == best]
        if len(leaders) > 1:
            return _("The match ends level")
        if leaders[0] == self.seat:
            return _("You win the match")
        return fitted_name(self.app.text, lambda name: _("{name} wins the match").format(name=name),
                           self.names[leaders[0]], HEADING_SIZE, HEADING_ROOM, bold=True)

    def update(self, dt: float) -> None:
        self.guard.tick(dt)
        keeping = self.keeping
        if keeping is not None and keeping.done():
            self.keeping = None
            self.not_kept = keeping.result()

    def next_change(self) -> float | None:
        """A look now and then while the match is being kept (to say if it could not be);
        else None: the key guard's time needs no frame of its own (the window counts the
        time passed up to the moment an input is handled)."""
        return KEEPING_LOOK_S if self.keeping is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.guard.blocks(event):
            self.ring.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, self.heading, HEADING_SIZE, GOLD, (640, 90), "midtop", bold=True)
        if self.reason in END_REASONS:
            text.draw(surface, _("The match is over: {reason}.").format(reason=_(END_REASONS[self.reason])), 20,
                      SOFT, (640, 170), "midtop")
        order = sorted(range(len(self.scores)), key=lambda seat: -self.scores[seat])
        for row, seat in enumerate(order):
            colour = GOLD if seat == self.seat else INK
            y = 250 + row * 48
            bold = seat == self.seat
            score = amount(self.scores[seat])
            room = SCORE_RIGHT - NAME_LEFT - SCORE_GAP - text.font(26, bold).size(score)[0]
            name = fitted_name(text, lambda name, place=row + 1: f"{place}.  {name}", self.names[seat], 26, room, bold)
            text.draw(surface, name, 26, colour, (NAME_LEFT, y), bold=bold)
            text.draw(surface, score, 26, colour, (SCORE_RIGHT, y), "topright", bold=bold)
        if self.not_kept is not None:
            for row, line in enumerate(text.wrap(str(self.not_kept), 17, 1000)[:3]):
                text.draw(surface, line, 17, WARN, (640, 520 + row * 24), "midtop")
        self.ring.draw_focus(surface)
