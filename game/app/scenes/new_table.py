"""Choosing the table: how many players, and who sits in each seat (you, another person
at this computer, or an AI of a level). The rule preset follows the count; Settings can
still change every option."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.i18n import N_, _, ngettext
from game.app.match_setup import ai_available
from game.app.menu_keys import ButtonRing
from game.app.palette import GOLD, INK, SOFT, WARN
from game.app.rule_texts import rules_summary
from game.app.scene import Scene
from game.app.session import PERSON, SeatPlan
from game.app.settings import AI_LEVELS
from game.app.views.felt import draw_felt
from game.engine.rules import Rules

if TYPE_CHECKING:
    from game.app.window import App

COUNTS = (2, 3, 4)
COUNT_PRESETS = {3: "three_player", 4: "four_player"}
TWO_PLAYER_DEFAULT = "kaiji"
SEAT_PLACES = {1: N_("Seat 2: on your right"), 2: N_("Seat 3: across from you"), 3: N_("Seat 4: on your left")}
SEAT_PLACES_OF_TWO = {1: N_("Seat 2: across from you")}
AI_NAMES = {"easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI")}
LEFT = 340
WIDTH = 600
SEAT_LABEL_WIDTH = 240
CHOSEN = "#chosen_option"
"""The theme's look of a chosen option: filled gold (the keyboard focus is a ring instead)."""


def who_label(who: str) -> str:
    return _("Another person at this computer") if who == PERSON else _(AI_NAMES[who])



def rules_for(count: int, current: Rules) -> Rules:
    """The preset that follows the player count; the current rules when they already fit."""
    if current.players == count:
        return current
    return Rules.preset(COUNT_PRESETS.get(count, TWO_PLAYER_DEFAULT))


class NewTableScene(Scene):
    def __init__(self, app: App, start: Callable[[SeatPlan], None]) -> None:
        super().__init__(app)
        self.start_match = start
        self.count = app.settings.rules.players
        default = app.settings.ai_level if ai_available() else PERSON
        self.seats: list[str] = [default] * 3
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}

    @property
    def choices(self) -> tuple[str, ...]:
        return (*AI_LEVELS, PERSON) if ai_available() else (PERSON,)

    def plan(self) -> SeatPlan:
        return SeatPlan.table(("you", *self.seats[: self.count - 1]))

    def enter(self) -> None:
        width = (WIDTH - 20) // 3
        for index, count in enumerate(COUNTS):
            label = ngettext("{count} player", "{count} players", count).format(count=count)
            # The chosen count is filled gold (its theme), whichever button has the focus.
            self._button(f"count_{count}", label, (LEFT + index * (width + 10), 250, width, 44),
                         lambda c=count: self.set_count(c), CHOSEN if count == self.count else None)
        for seat in range(1, self.count):
            rect = (LEFT + SEAT_LABEL_WIDTH, 340 + seat * 54, WIDTH - SEAT_LABEL_WIDTH, 44)
            self._button(f"seat_{seat}", who_label(self.seats[seat - 1]), rect, lambda s=seat: self.cycle(s))
        self._button("start", _("Start the match"), (LEFT, 600, (WIDTH - 10) // 2, 48), self.start)
        self._button("back", _("Back (Esc)"), (LEFT + (WIDTH + 10) // 2, 600, (WIDTH - 10) // 2, 48), self.back)
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int], action: Callable[[], None],
                look: str | None = None) -> None:
        """`look`: the theme's object id for the button, if not its own name's."""
        button = UIButton(pygame.Rect(rect), label, self.app.manager,
                          object_id=ObjectID(object_id=look or f"#{name}", class_id="@menu_button"))
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def _rebuild(self, focus: str) -> None:
        self.leave()
        self.ring = ButtonRing()
        self.buttons = {}
        self.enter()
        wanted = self.buttons[focus]
        index = next(i for i, (button, _action) in enumerate(self.ring.entries) if button is wanted)
        self.ring.entries[self.ring.focus][0].unselect()
        self.ring.focus = index
        wanted.select()

    def set_count(self, count: int) -> None:
        self.count = count
        settings = self.app.settings
        rules = rules_for(count, settings.rules)
        if rules != settings.rules:
            self.app.change_settings(settings.with_changes(rules=rules))
        self._rebuild(f"count_{count}")

    def cycle(self, seat: int) -> None:
        choices = self.choices
        current = self.seats[seat - 1]
        self.seats[seat - 1] = choices[(choices.index(current) + 1) % len(choices)] if current in choices \
            else choices[0]
        self.buttons[f"seat_{seat}"].set_text(who_label(self.seats[seat - 1]))

    def start(self) -> None:
        settings = self.app.settings
        if settings.rules.players != self.count:
            self.app.change_settings(settings.with_changes(rules=rules_for(self.count, settings.rules)))
        self.start_match(self.plan())

    def back(self) -> None:
        self.app.stack.pop()

    def uncover(self) -> None:
        self._rebuild("start")

    def relabel(self) -> None:
        focused = self.ring.entries[self.ring.focus][0] if self.ring.entries else None
        name = next((name for name, button in self.buttons.items() if button is focused), "start")
        self._rebuild(name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.ring.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, _("A new match"), 48, GOLD, (640, 90), "midtop", bold=True)
        text.draw(surface, _("How many players?"), 18, SOFT, (LEFT, 222))
        text.draw(surface, _("Who sits where (press a seat to change it; turn order runs to your right):"), 18,
                  SOFT, (LEFT, 316))
        text.draw(surface, _("Seat 1: you"), 18, INK, (LEFT, 352), bold=True)
        places = SEAT_PLACES_OF_TWO if self.count == 2 else SEAT_PLACES
        for seat in range(1, self.count):
            text.draw(surface, _(places[seat]), 18, INK, (LEFT, 352 + seat * 54), bold=True)
        rules = self.app.settings.rules
        y = 672
        for row in text.wrap(_("Rules: {summary}").format(summary=rules_summary(rules)), 16, 900):
            text.draw(surface, row, 16, SOFT, (640, y), "midtop")
            y += 22
        text.draw(surface, _("Settings can change every rule option."), 15, SOFT, (640, y + 4), "midtop")
        if not ai_available():
            text.draw(surface, _("The AI is not installed in this copy: every seat is a person."), 16, WARN,
                      (640, y + 30), "midtop")
        self.ring.draw_focus(surface)
