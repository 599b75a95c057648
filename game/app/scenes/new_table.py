"""Choosing the table: how many players, who sits in each seat (you, another person at
this computer, a person at another computer, or an AI of a level) and what each person here
is called (a person at another computer gives their own name when they join). The rule preset follows
the count, keeping the match length the player chose; Settings can still change every
option. The seats and names are remembered for the next new table."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.match_setup import ai_available
from game.app.play.session import PERSON, SeatPlan, shown_name
from game.app.scene import Scene, Services
from game.app.settings import AI_LEVELS, REMOTE
from game.app.views.felt import draw_felt
from game.app.window.menu_keys import LEAVE_FIELD_KEYS, ButtonRing
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.window.text_field import TextField
from game.app.words.i18n import N_, _, ngettext
from game.app.words.rule_texts import rules_summary
from game.engine.names import LONGEST_NAME, name_fault
from game.engine.rules import Rules

COUNTS = (2, 3, 4)
COUNT_PRESETS = {3: "three_player", 4: "four_player"}
TWO_PLAYER_DEFAULT = "kaiji"
SEAT_PLACES = {1: N_("Seat 2: on your right"), 2: N_("Seat 3: across from you"), 3: N_("Seat 4: on your left")}
SEAT_PLACES_OF_TWO = {1: N_("Seat 2: across from you")}
AI_NAMES = {"easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI")}
LEFT = 140
WIDTH = 1000
SEAT_LABEL_WIDTH = 230
NAME_LEFT = LEFT + 660
"""Each person's name, right of who sits in the seat."""
ROW_TOP = 346
ROW_PITCH = 54
CURSOR_BLINK = 0.4
"""Seconds between frames while a name is being typed: its cursor blinks."""
CHOSEN = "#chosen_option"
"""The theme's look of a chosen option: filled gold (the keyboard focus is a ring instead)."""


def who_label(who: str) -> str:
    if who == REMOTE:
        return _("A person at another computer")
    return _("Another person at this computer") if who == PERSON else _(AI_NAMES[who])



def rules_for(count: int, current: Rules) -> Rules:
    """The preset that follows the player count, with the match length the player chose;
    the current rules when they already fit."""
    if current.players == count:
        return current
    return Rules.preset(COUNT_PRESETS.get(count, TWO_PLAYER_DEFAULT), hands=current.hands)


def name_or_nothing(name: str) -> str:
    """A remembered name that can still be used; "" when it cannot."""
    return "" if name_fault(name) is not None else name.strip()


def name_problem(seat: int, name: str) -> str | None:
    """Why a seat's typed name cannot be used, in the player's language; None when it can
    (an empty name is the default one)."""
    fault = name_fault(name)
    if fault is None or fault.empty:
        return None
    place = _("Seat {number}").format(number=seat + 1)
    if fault.too_long:
        # Translators: a name typed on the new-table screen is refused ("Seat 3: a name is at most 24 characters")
        return _("{seat}: a name is at most {count} characters").format(seat=place, count=LONGEST_NAME)
    # Translators: a name typed on the new-table screen is refused; {code} is like U+0009
    return _("{seat}: a name cannot hold the character {code}").format(
        seat=place, code=f"U+{ord(fault.character):04X}")


class NewTableScene(Scene):
    def __init__(self, app: Services, start: Callable[[SeatPlan], None]) -> None:
        super().__init__(app)
        self.start_match = start
        settings = app.settings
        self.count = settings.rules.players
        default = settings.ai_level if ai_available() else PERSON
        remembered = [*settings.table_seats, "", "", ""][:3]
        self.seats: list[str] = [who if who in self.choices else default for who in remembered]
        self.names: list[str] = [*settings.table_names, "", "", "", ""][:4]
        """What is typed for each seat (kept while a seat is an AI, for when it is a person again)."""
        self.own_name = name_or_nothing(self.names[0])
        """The player's remembered name: theirs when the field is left empty at a table of
        several people (alone with the AI, an empty field is "You")."""
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}

    @property
    def choices(self) -> tuple[str, ...]:
        return (*AI_LEVELS, PERSON, REMOTE) if ai_available() else (PERSON, REMOTE)

    @property
    def table_seats(self) -> tuple[str, ...]:
        return ("you", *self.seats[: self.count - 1])

    def plan(self) -> SeatPlan:
        own = self.names[0] if self.names[0].strip() else self._own_default()
        return SeatPlan.table(self.table_seats, [own, *self.names[1:]])

    def _own_default(self) -> str:
        """Seat 1's name when its field is empty ("" for the name the game gives): alone with
        the AI "You"; among several people the player's remembered name, not "Player 1"."""
        alone = len(self.people()) == 1 and REMOTE not in self.table_seats
        return "" if alone else self.own_name

    def people(self) -> list[int]:
        return [seat for seat, who in enumerate(self.table_seats) if seat == 0 or who == PERSON]

    def problem(self) -> str | None:
        """Why the match cannot start: the first name that cannot be used."""
        return next(filter(None, (name_problem(seat, self.names[seat]) for seat in self.people())), None)

    def enter(self) -> None:
        width = (WIDTH - 20) // 3
        for index, count in enumerate(COUNTS):
            label = ngettext("{count} player", "{count} players", count).format(count=count)
            # The chosen count is filled gold (its theme), whichever button has the focus.
            self._button(f"count_{count}", label, (LEFT + index * (width + 10), 250, width, 44),
                         lambda c=count: self.set_count(c), CHOSEN if count == self.count else None)
        given = SeatPlan.table(self.table_seats, [self._own_default()]).names
        for seat in range(self.count):
            top = ROW_TOP + seat * ROW_PITCH
            if seat:
                rect = (LEFT + SEAT_LABEL_WIDTH, top, NAME_LEFT - 10 - LEFT - SEAT_LABEL_WIDTH, 44)
                self._button(f"seat_{seat}", who_label(self.seats[seat - 1]), rect, lambda s=seat: self.cycle(s))
            if seat in self.people():
                self._name_entry(seat, pygame.Rect(NAME_LEFT, top, LEFT + WIDTH - NAME_LEFT, 44),
                                 shown_name(given[seat]))
        hosting = REMOTE in self.table_seats
        self._button("start", _("Host the table") if hosting else _("Start the match"),
                     (LEFT, 600, (WIDTH - 10) // 2, 48), self.start)
        self._button("back", _("Back (Esc)"), (LEFT + (WIDTH + 10) // 2, 600, (WIDTH - 10) // 2, 48), self.back)
        self._allow_start()
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int], action: Callable[[], None],
                look: str | None = None) -> None:
        """`look`: the theme's object id for the button, if not its own name's."""
        button = UIButton(pygame.Rect(rect), label, self.app.manager,
                          object_id=ObjectID(object_id=look or f"#{name}", class_id="@menu_button"))
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def _name_entry(self, seat: int, rect: pygame.Rect, default: str) -> None:
        """The seat's name as typed; empty, it shows the name the game gives."""
        entry = TextField(rect, self.app.manager, placeholder_text=default,
                          object_id=ObjectID(object_id=f"#name_{seat}"))
        entry.set_text_length_limit(LONGEST_NAME)
        entry.set_text(self.names[seat][:LONGEST_NAME])
        self.elements.append(entry)
        self.buttons[f"name_{seat}"] = entry
        self.ring.add(entry, entry.select)

    def _allow_start(self) -> None:
        if self.problem() is None:
            self.buttons["start"].enable()
        else:
            self.buttons["start"].disable()

    def _rebuild(self, focus: str) -> None:
        self.leave()
        self.ring = ButtonRing()
        self.buttons = {}
        self.enter()
        wanted = self.buttons[focus]
        index = next(i for i, (button, _action) in enumerate(self.ring.entries) if button is wanted)
        self.ring.focus_on(index)

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
        self._rebuild(f"seat_{seat}")  # a person's seat has a name to type, an AI's has none

    def remember(self) -> None:
        """Keep the seats and the names that can be used for the next new table."""
        names = tuple("" if name_problem(seat, name) else name.strip() for seat, name in enumerate(self.names))
        settings = self.app.settings
        if (settings.table_seats, settings.table_names) != (tuple(self.seats), names):
            self.app.change_settings(settings.with_changes(table_seats=tuple(self.seats), table_names=names))

    def start(self) -> None:
        if self.problem() is not None:
            return
        self.remember()
        settings = self.app.settings
        if settings.rules.players != self.count:
            self.app.change_settings(settings.with_changes(rules=rules_for(self.count, settings.rules)))
        self.start_match(self.plan())

    def back(self) -> None:
        self.remember()
        self.app.stack.pop()

    def uncover(self) -> None:
        self._rebuild("start")

    def relabel(self) -> None:
        focused = self.ring.focused()
        name = next((name for name, button in self.buttons.items() if button is focused), "start")
        self._rebuild(name)

    def _typing(self) -> TextField | None:
        return next((entry for entry in self.buttons.values() if isinstance(entry, TextField) and entry.is_focused),
                    None)

    def update(self, dt: float) -> None:
        typing = self._typing()  # a name clicked into has the keyboard focus
        if typing is not None and self.ring.focused() is not typing:
            self.ring.focus_on(next(i for i, (entry, _action) in enumerate(self.ring.entries) if entry is typing))

    def next_change(self) -> float | None:
        return CURSOR_BLINK if self._typing() is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            seat = next((int(name[5:]) for name, entry in self.buttons.items() if entry is event.ui_element), None)
            if seat is not None:
                self.names[seat] = event.ui_element.get_text()
                self._allow_start()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:  # Enter after a name: on to the next line
            self.ring.focus_on((self.ring.focus + 1) % len(self.ring.entries))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and self._typing() is not None and event.key not in LEAVE_FIELD_KEYS:
            return True  # a key the name did not take (a space is typed as text): not a menu key
        return self.ring.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, _("A new match"), 48, GOLD, (640, 90), "midtop", bold=True)
        text.draw(surface, _("How many players?"), 18, SOFT, (LEFT, 222))
        text.draw(surface, _("Who sits where (press a seat to change it; turn order runs to your right):"), 18,
                  SOFT, (LEFT, 316))
        text.draw(surface, _("Name"), 15, SOFT, (NAME_LEFT, 322))
        places = SEAT_PLACES_OF_TWO if self.count == 2 else SEAT_PLACES
        for seat in range(self.count):
            label = _("Seat 1: you") if seat == 0 else _(places[seat])
            text.draw(surface, label, 18, INK, (LEFT, ROW_TOP + seat * ROW_PITCH + 12), bold=True)
        problem = self.problem()
        if problem is not None:
            text.draw(surface, problem, 16, WARN, (LEFT, ROW_TOP + self.count * ROW_PITCH + 4))
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
