"""The end of the match: who finished ahead, why it ended, and every hand's payments."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app import i18n, terms
from game.app.fitting import fitted_name
from game.app.i18n import N_, _, pgettext
from game.app.menu_keys import ButtonRing
from game.app.palette import GOLD, INK, SOFT
from game.app.scene import Scene
from game.app.scenes.result import amount
from game.app.session import Session
from game.app.views.felt import draw_felt

if TYPE_CHECKING:
    from game.app.window import App

ROWS_SHOWN = 16
YOU = "You"
"""The name the seat plan gives the one person at a table against the AI (as saved)."""
TABLE_SIZE = 17
TABLE_TOP = 230
ROW_HEIGHT = 28
COLUMN_GAP = 36
TABLE_WIDTH = 1200
"""The widest the final standings may be, on the 1280-pixel canvas."""
FINAL_SIZES = (26, 24, 22, 20, 18)
NAMES_ROOM = 640
"""The players' names share this much of a row of the hands' table (a long name is cut with …)."""
END_REASONS = {"hands": N_("all the hands of the match were played"), "bust": N_("a player could not pay on")}


class SummaryScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.ring = ButtonRing()

    def enter(self) -> None:
        button = UIButton(
            pygame.Rect(540, 716, 200, 48),
            _("Title (Enter)"),
            self.app.manager,
            object_id=ObjectID(object_id="#to_title", class_id="@menu_button"),
        )
        self.elements.append(button)
        self.title_button = button
        self.ring.add(button, self.to_title)

    def relabel(self) -> None:
        self.title_button.set_text(_("Title (Enter)"))

    def to_title(self) -> None:
        from game.app.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.ring.handle_event(event)

    @property
    def heading(self) -> str:
        scores = self.session.match.scores
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) > 1:
            return _("The match ends level")
        if self.session.plan.names[leaders[0]] == YOU:
            return _("You win the match")
        return _("{name} wins the match").format(name=self.names()[leaders[0]])

    def names(self) -> list[str]:
        """Each seat named as the table and the result name it: its wind and its player."""
        session = self.session
        players = session.match.rules.players
        return [self._seat_name(seat, NAMES_ROOM // players) for seat in range(players)]

    def _seat_name(self, seat: int, room: int) -> str:
        wind = self.session.wind(seat)
        return fitted_name(self.app.text, lambda name: _("{wind} ({name})").format(wind=wind, name=name),
                           self.session.name(seat), TABLE_SIZE, room)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        match = self.session.match
        centre = surface.get_width() // 2
        text.draw(surface, self.heading, 44, GOLD, (centre, 50), "midtop", bold=True)
        reason = _(END_REASONS[match.end_reason]) if match.end_reason in END_REASONS else match.end_reason or ""
        text.draw(surface, _("The match is over: {reason}.").format(reason=reason), 20, INK, (centre, 116), "midtop")
        names = self.names()
        final = "    ".join(_("{name}: {score}").format(name=name, score=amount(score))
                           for name, score in zip(names, match.scores, strict=True))
        size = next((size for size in FINAL_SIZES if text.font(size, True).size(final)[0] <= TABLE_WIDTH),
                    FINAL_SIZES[-1])
        text.draw(surface, final, size, INK, (centre, 160), "midtop", bold=True)
        self._draw_hands(surface, names, centre)
        self.ring.draw_focus(surface)

    def _draw_hands(self, surface: pygame.Surface, names: list[str], centre: int) -> None:
        """Each hand's number, ending, stake (where it doubles) and every seat's gain, as
        columns each as wide as its widest line, the whole table centred."""
        match = self.session.match
        endings = self.endings()
        settlements = match.settlements[-ROWS_SHOWN:]
        stakes = match.rules.settlement == "stakes"  # a mangan is +4 at a stake of 4: say so
        # Translators: the heading of the column of hand numbers
        columns = [[pgettext("column", "Hand"), *(i18n.format_number(s.hand_number) for s in settlements)],
                   [_("How it ended"), *(endings.get(s.hand_number, "") for s in settlements)]]
        if stakes:
            # Translators: the heading of the column of each hand's stake (it doubles after a draw)
            columns.append([pgettext("column", "Stake"), *(amount(s.stake) for s in settlements)])
        for seat, name in enumerate(names):
            columns.append([name, *(gain_words(s.gains[seat]) for s in settlements)])
        font = self.app.text.font(TABLE_SIZE)
        widths = [max(font.size(line)[0] for line in column) for column in columns]
        lefts = column_lefts(widths, centre)
        for index, (column, left, width) in enumerate(zip(columns, lefts, widths, strict=True)):
            numbers = index == 0 or index >= 2  # hand numbers, stakes and gains line up on the right
            x, anchor = (left + width, "topright") if numbers else (left, "topleft")
            for row, line in enumerate(column):
                colour = SOFT if row == 0 or (stakes and index == 2) else INK
                self.app.text.draw(surface, line, TABLE_SIZE, colour, (x, TABLE_TOP + row * ROW_HEIGHT), anchor)

    def endings(self) -> dict[int, str]:
        """Each hand's ending in words, read from the match record."""
        endings: dict[int, str] = {}
        number = 0
        for line in self.session.match.record:
            if line["type"] == "hand":
                number = line["number"]
            elif line["type"] == "event" and line["event"] == "won":
                won = _("{name}: ron, {limit}").format(name=self.names()[line["seat"]],
                                                       limit=terms.limit(line["level"]))
                # Translators: two wins on one discard, in the summary's column of how hands ended
                endings[number] = _("{first}; {then}").format(first=endings[number], then=won) \
                    if number in endings else won
            elif line["type"] == "event" and line["event"] == "exhaustive_draw":
                endings[number] = _("Exhaustive draw")
        return endings


def gain_words(gain: float) -> str:
    return ("+" if gain > 0 else "") + amount(gain) if gain else "—"


def column_lefts(widths: list[int], centre: int, gap: int = COLUMN_GAP) -> list[int]:
    """Where each column of `widths` starts, `gap` apart, the whole centred on `centre`."""
    total = sum(widths) + gap * (len(widths) - 1)
    lefts, x = [], centre - total // 2
    for width in widths:
        lefts.append(x)
        x += width + gap
    return lefts
