"""The end of the match: who finished ahead, why it ended, and every hand's payments; then
a rematch, the match again in the theatre, or the title.

Seats are named by their players, whose winds turn from hand to hand: a column is one
player's, and a hand's ending names its winner by the wind that player had in that hand,
as its result did."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.helper import release_memory
from game.app.play.match_setup import new_session
from game.app.play.savegame import HostedSeats
from game.app.play.session import Session
from game.app.play.table_frame import place_of_seat
from game.app.scene import Scene, Screens, Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.scenes.prompts import nothing
from game.app.views.felt import draw_felt
from game.app.window.fitting import fitted_name
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD, INK, SOFT
from game.app.words import i18n, terms
from game.app.words.i18n import N_, _, pgettext
from game.app.words.i18n import format_amount as amount
from game.engine.playback import Playback
from game.engine.record import RecordError, parse_record

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
BUTTONS_TOP = 716
BUTTON_SIZE = (250, 48)
BUTTON_GAP = 20
# Translators: a player among others of the same name, by where they sat from the first
# person's seat (Japanese 下家 / 対面 / 上家)
PLACES = {1: N_("{name} (right)"), 2: N_("{name} (across)"), 3: N_("{name} (left)")}
"""Where a seat sits as seen from the first person's, by table place (game/app/play/table_frame.py)."""


def player_names(names: Sequence[str], players: int) -> list[str]:
    """Each seat's player as the summary names them all the match long: their name, and
    where they sat when another seat has the same name (three "Normal AI" at four seats)."""
    labels = []
    for seat, name in enumerate(names):
        place = place_of_seat(players, seat, 0)
        shared = names.count(name) > 1 and place in PLACES
        labels.append(_(PLACES[place]).format(name=name) if shared else name)
    return labels


def kyoku_winners(record: Sequence[dict[str, Any]]) -> dict[int, list[tuple[int, str, str]]]:
    """Each hand's winners as (seat, wind in that hand, limit), read from the match record;
    an exhaustive draw has none."""
    winners: dict[int, list[tuple[int, str, str]]] = {}
    number, winds = 0, []
    for line in record:
        if line.get("type") == "hand":
            number = line["number"]
            winners[number] = []
        elif line.get("type") == "event" and line.get("event") == "hand_started":
            winds = line["seat_winds"]
        elif line.get("type") == "event" and line.get("event") == "won":
            winners.setdefault(number, []).append((line["seat"], winds[line["seat"]], line["level"]))
    return winners


class SummaryScene(Scene):
    def __init__(self, app: Services, screens: Screens, session: Session) -> None:
        super().__init__(app)
        self.screens = screens
        self.session = session
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}
        # It follows the last result unbidden: a second Enter meant for that result must not
        # press Title before the final standings were seen.
        self.guard = KeyGuard()
        # The match's walls and wins, memoised as its AI and results scored them in this
        # process, are no use to the next: kept, a session grew by a megabyte or two a match.
        release_memory()

    def enter(self) -> None:
        width, height = BUTTON_SIZE
        left = 640 - (3 * width + 2 * BUTTON_GAP) // 2
        choices: list[tuple[str, Callable[[], None]]] = [
            ("rematch", self.rematch), ("watch", self.watch), ("to_title", self.to_title)]
        for index, (name, action) in enumerate(choices):
            button = UIButton(pygame.Rect(left + index * (width + BUTTON_GAP), BUTTONS_TOP, width, height),
                              self.label(name), self.app.manager,
                              object_id=ObjectID(object_id=f"#{name}", class_id="@menu_button"))
            self.elements.append(button)
            self.buttons[name] = button
            self.ring.add(button, action)
        self.ring.focus_on(2)  # Enter: the title, as before there was a choice

    @staticmethod
    def label(name: str) -> str:
        return {"rematch": _("Rematch"), "watch": _("Watch this match"), "to_title": _("Title (Enter)")}[name]

    def relabel(self) -> None:
        for name, button in self.buttons.items():
            button.set_text(self.label(name))

    def to_title(self) -> None:
        self.screens.title()

    def rematch(self) -> None:
        """The same seats and rules (the match's own, whatever Settings now hold), a new seed.
        At a hosted table, the same table: its code, its port and its seats' tokens, so that
        the same people take their seats again (Join again, their seat keys kept)."""
        old = self.session.net
        session = new_session(self.app.files, self.app, self.session.plan, rules=self.session.match.rules)
        if old is None or not session.plan.remote:
            self.screens.table(session)
            return
        old.stop(reopening=True)  # (bounded) the port is free again for the rematch's table
        self.screens.table(session, HostedSeats(old.host.code, old.host.port, old.host.tokens()))

    def watch(self) -> None:
        """This match in the theatre, as the history keeps it (its record, the seats' names
        in its header), read back as a kept file is; Back returns here."""
        record = self.session.match.record
        header = {**record[0], "history": {"plan": self.session.plan.to_dict()}}
        text = "\n".join(json.dumps(line, ensure_ascii=False) for line in [header, *record[1:]])
        try:
            playback = Playback(parse_record(text))
        except RecordError as error:
            self.app.stack.push(Dialog(self.app, _("This match cannot be watched"), str(error),
                                       [Choice(_("OK"), nothing)], escape=nothing))
            return
        self.screens.theatre(playback, _("this match"))

    def next_change(self) -> float | None:
        """None: the key guard's time needs no frame of its own (the window counts the time
        passed up to the moment an input is handled)."""
        return None

    def update(self, dt: float) -> None:
        self.guard.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guard.blocks(event):
            return True
        return self.ring.handle_event(event)

    def names(self) -> list[str]:
        """Each seat's player, as the summary's columns name them (a long name cut with …)."""
        session = self.session
        players = session.match.rules.players
        return player_names([self._fitted(session.name(seat), lambda name: name, NAMES_ROOM // players)
                             for seat in range(players)], players)

    def _fitted(self, name: str, line: Callable[[str], str], room: int) -> str:
        return fitted_name(self.app.text, line, name, TABLE_SIZE, room)

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
        """Each hand's number, ending, stake (where it doubles) and every player's gain, as
        columns each as wide as its widest line, the whole table centred."""
        match = self.session.match
        endings = self.endings()
        settlements = match.settlements[-ROWS_SHOWN:]
        stakes = match.rules.settlement == "stakes"  # a mangan is +4 at a stake of 4: say so
        # Translators: the heading of the column of hand numbers
        columns = [[pgettext("column", "Hand"), *(i18n.format_number(s.kyoku_number) for s in settlements)],
                   [_("How it ended"), *(endings.get(s.kyoku_number, "") for s in settlements)]]
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
        """Each hand's ending in words: its winners by their wind in that hand and their
        player, as its result named them, or the draw."""
        session = self.session
        endings: dict[int, str] = {}
        for number, winners in kyoku_winners(session.match.record).items():
            ending = ""
            for seat, wind, level in winners:
                shown_wind = terms.wind(wind)
                winner = self._fitted(session.name(seat),
                                      lambda name, w=shown_wind: _("{wind} ({name})").format(wind=w, name=name),
                                      NAMES_ROOM // 2)
                won = _("{name}: ron, {limit}").format(name=winner, limit=terms.limit(level))
                # Translators: two wins on one discard, in the summary's column of how hands ended
                ending = _("{first}; {then}").format(first=ending, then=won) if ending else won
            endings[number] = ending or _("Exhaustive draw")
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
