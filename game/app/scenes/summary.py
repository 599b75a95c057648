"""The end of the match: who finished ahead, why it ended, and every hand's payments."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app import i18n, terms
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
STAKE_COLUMN = 780
"""Where the stake of each hand ends, left of the first seat's gains (at 860 or more)."""
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
        return told_apart([self.session.name(seat) for seat in range(self.session.match.rules.players)])

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        match = self.session.match
        text.draw(surface, self.heading, 44, GOLD, (640, 50), "midtop", bold=True)
        reason = _(END_REASONS[match.end_reason]) if match.end_reason in END_REASONS else match.end_reason or ""
        text.draw(surface, _("The match is over: {reason}.").format(reason=reason), 20, INK, (640, 116), "midtop")
        names = self.names()
        columns = score_columns(match.rules.players)
        final = "    ".join(_("{name}: {score}").format(name=name, score=amount(score))
                           for name, score in zip(names, match.scores, strict=True))
        text.draw(surface, final, 26, INK, (640, 160), "midtop", bold=True)
        y = 230
        # Translators: the heading of the column of hand numbers
        text.draw(surface, pgettext("column", "Hand"), 17, SOFT, (260, y))
        text.draw(surface, _("How it ended"), 17, SOFT, (340, y))
        for name, x in zip(names, columns, strict=True):
            text.draw(surface, name, 17, SOFT, (x, y), "topright")
        stakes = match.rules.settlement == "stakes"  # a mangan is +4 at a stake of 4: say so
        if stakes:
            # Translators: the heading of the column of each hand's stake (it doubles after a draw)
            text.draw(surface, pgettext("column", "Stake"), 17, SOFT, (STAKE_COLUMN, y), "topright")
        endings = self.endings()
        for settlement in match.settlements[-ROWS_SHOWN:]:
            y += 28
            text.draw(surface, i18n.format_number(settlement.hand_number), 17, INK, (260, y))
            text.draw(surface, endings.get(settlement.hand_number, ""), 17, INK, (340, y))
            if stakes:
                text.draw(surface, amount(settlement.stake), 17, SOFT, (STAKE_COLUMN, y), "topright")
            for gain, x in zip(settlement.gains, columns, strict=True):
                words = ("+" if gain > 0 else "") + amount(gain) if gain else "—"
                text.draw(surface, words, 17, INK, (x, y), "topright")

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


def score_columns(players: int) -> list[int]:
    """Where each seat's column of gains ends: 160 px apart, closer with four seats so the
    last stays on screen."""
    step = 160 if players <= 3 else 130
    last = 860 + (players - 1) * step
    return [last - (players - 1 - index) * step for index in range(players)]


def told_apart(names: list[str]) -> list[str]:
    """The seats' names, numbered in seat order where several share one (three Easy AIs)."""
    counts = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    shown = []
    for name in names:
        if counts[name] == 1:
            shown.append(name)
            continue
        seen[name] = seen.get(name, 0) + 1
        # Translators: one of several players of the same name ("Easy AI 2")
        shown.append(_("{name} {number}").format(name=name, number=seen[name]))
    return shown
