"""The end of a match as its summary shows it: who finished ahead, why it ended, and every
hand's payments; below, the summary's buttons (a rematch, the match again in the theatre,
the title). One drawing for a match played at this computer (game/app/scenes/summary.py)
and one joined at another computer's table (game/app/scenes/join_summary.py), so that both
show the same.

Seats are named by their players, whose winds turn from hand to hand: a column is one
player's, and a hand's ending names its winner by the wind that player had in that hand,
as its result did."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
from pygame_gui import UIManager
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.table_frame import place_of_seat
from game.app.views.felt import draw_felt
from game.app.window.fitting import fitted_name
from game.app.window.menu_keys import ButtonRing
from game.app.window.palette import GOLD, INK, SOFT
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.app.words.i18n import N_, _, pgettext
from game.app.words.i18n import format_amount as amount

ROWS_SHOWN = 16
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
NOTE_TOP = 203
"""A note under the final standings (why a joined match is not in the history), above the table."""
BUTTONS_TOP = 716
BUTTON_SIZE = (250, 48)
BUTTON_GAP = 20
# Translators: a player among others of the same name, by where they sat from the first
# person's seat (Japanese 下家 / 対面 / 上家)
PLACES = {1: N_("{name} (right)"), 2: N_("{name} (across)"), 3: N_("{name} (left)")}
"""Where a seat sits as seen from the person's own, by table place (game/app/play/table_frame.py)."""


class SettledHand(Protocol):
    """A hand's settlement as the summary reads it (the engine's `Settlement`, or the one a
    host told a joined seat, `Settled`)."""

    @property
    def kyoku_number(self) -> int: ...

    @property
    def gains(self) -> Sequence[float]: ...

    @property
    def stake(self) -> int: ...


@dataclass(frozen=True)
class MatchEnd:
    """What the summary of a match shows."""

    names: Sequence[str]
    """Each seat's player, in the language of the moment."""
    scores: Sequence[float]
    end_reason: str
    settlements: Sequence[SettledHand]
    record: Sequence[dict[str, Any]]
    """The match's record (its wins and winds name each hand's ending); empty: none known."""
    stakes: bool
    """The stake doubles after a draw (each hand's stake is a column)."""
    you: int | None
    """The seat of the person at this computer ("You win the match"), None: no one's."""
    bottom: int = 0
    """The seat that players of one name are placed from ("right", "across")."""


def player_names(names: Sequence[str], players: int, bottom: int = 0) -> list[str]:
    """Each seat's player as the summary names them all the match long: their name, and
    where they sat from `bottom` when another seat has the same name (three "Normal AI" at four seats)."""
    labels = []
    for seat, name in enumerate(names):
        place = place_of_seat(players, seat, bottom)
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


class SummarySheet:
    """A match's end drawn on the canvas: the heading, the reason, the final standings by
    player, and the table of hands."""

    def __init__(self, text: Text, end: MatchEnd) -> None:
        self.text = text
        self.end = end

    def _fitted(self, name: str, line: Callable[[str], str], room: int) -> str:
        return fitted_name(self.text, line, name, TABLE_SIZE, room)

    def names(self) -> list[str]:
        """Each seat's player, as the summary's columns name them (a long name cut with …)."""
        players = len(self.end.names)
        return player_names([self._fitted(name, lambda name: name, NAMES_ROOM // players)
                             for name in self.end.names], players, self.end.bottom)

    @property
    def heading(self) -> str:
        scores = self.end.scores
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) > 1:
            return _("The match ends level")
        if leaders[0] == self.end.you:
            return _("You win the match")
        return _("{name} wins the match").format(name=self.names()[leaders[0]])

    def endings(self) -> dict[int, str]:
        """Each hand's ending in words: its winners by their wind in that hand and their
        player, as its result named them, or the draw."""
        endings: dict[int, str] = {}
        for number, winners in kyoku_winners(self.end.record).items():
            ending = ""
            for seat, wind, level in winners:
                shown_wind = terms.wind(wind)
                winner = self._fitted(self.end.names[seat],
                                      lambda name, w=shown_wind: _("{wind} ({name})").format(wind=w, name=name),
                                      NAMES_ROOM // 2)
                won = _("{name}: ron, {limit}").format(name=winner, limit=terms.limit(level))
                # Translators: two wins on one discard, in the summary's column of how hands ended
                ending = _("{first}; {then}").format(first=ending, then=won) if ending else won
            endings[number] = ending or _("Exhaustive draw")
        return endings

    def draw(self, surface: pygame.Surface, note: str | None = None, note_colour: tuple[int, int, int] = INK) -> None:
        """The whole summary but its buttons; `note`, if any, under the final standings."""
        draw_felt(surface)
        text, end = self.text, self.end
        centre = surface.get_width() // 2
        text.draw(surface, self.heading, 44, GOLD, (centre, 50), "midtop", bold=True)
        if end.end_reason in END_REASONS:  # (a joined match's reason is its host's word: one we know, or none)
            text.draw(surface, _("The match is over: {reason}.").format(reason=_(END_REASONS[end.end_reason])), 20,
                      INK, (centre, 116), "midtop")
        names = self.names()
        final = "    ".join(_("{name}: {score}").format(name=name, score=amount(score))
                           for name, score in zip(names, end.scores, strict=True))
        size = next((size for size in FINAL_SIZES if text.font(size, True).size(final)[0] <= TABLE_WIDTH),
                    FINAL_SIZES[-1])
        text.draw(surface, final, size, INK, (centre, 160), "midtop", bold=True)
        if note:
            text.draw(surface, text.wrap(note, 16, TABLE_WIDTH)[0], 16, note_colour, (centre, NOTE_TOP), "midtop")
        self._draw_hands(surface, names, centre)

    def _draw_hands(self, surface: pygame.Surface, names: list[str], centre: int) -> None:
        """Each hand's number, ending, stake (where it doubles) and every player's gain, as
        columns each as wide as its widest line, the whole table centred."""
        endings = self.endings()
        settlements = self.end.settlements[-ROWS_SHOWN:]
        stakes = self.end.stakes  # a mangan is +4 at a stake of 4: say so
        # Translators: the heading of the column of hand numbers
        columns = [[pgettext("column", "Hand"), *(i18n.format_number(s.kyoku_number) for s in settlements)],
                   [_("How it ended"), *(endings.get(s.kyoku_number, "") for s in settlements)]]
        if stakes:
            # Translators: the heading of the column of each hand's stake (it doubles after a draw)
            columns.append([pgettext("column", "Stake"), *(amount(s.stake) for s in settlements)])
        for seat, name in enumerate(names):
            columns.append([name, *(gain_words(s.gains[seat]) for s in settlements)])
        font = self.text.font(TABLE_SIZE)
        widths = [max(font.size(line)[0] for line in column) for column in columns]
        lefts = column_lefts(widths, centre)
        for index, (column, left, width) in enumerate(zip(columns, lefts, widths, strict=True)):
            numbers = index == 0 or index >= 2  # hand numbers, stakes and gains line up on the right
            x, anchor = (left + width, "topright") if numbers else (left, "topleft")
            for row, line in enumerate(column):
                colour = SOFT if row == 0 or (stakes and index == 2) else INK
                self.text.draw(surface, line, TABLE_SIZE, colour, (x, TABLE_TOP + row * ROW_HEIGHT), anchor)


SUMMARY_LABELS = {"rematch": N_("Rematch"), "watch": N_("Watch this match"), "to_title": N_("Title (Enter)")}
"""The summary's buttons, left to right (a joined match's Rematch only where it can join again)."""


def summary_buttons(manager: UIManager, ring: ButtonRing, elements: list[Any],
                    actions: dict[str, Callable[[], None]]) -> dict[str, UIButton]:
    """The summary's buttons for `actions` (by name, in `SUMMARY_LABELS`' order), side by
    side and centred under the table, in `ring` with the focus on the last (Enter: the title)."""
    names = [name for name in SUMMARY_LABELS if name in actions]
    width, height = BUTTON_SIZE
    left = 640 - (len(names) * width + (len(names) - 1) * BUTTON_GAP) // 2
    buttons: dict[str, UIButton] = {}
    for index, name in enumerate(names):
        button = UIButton(pygame.Rect(left + index * (width + BUTTON_GAP), BUTTONS_TOP, width, height),
                          _(SUMMARY_LABELS[name]), manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id="@menu_button"))
        elements.append(button)
        buttons[name] = button
        ring.add(button, actions[name])
    ring.focus_on(len(names) - 1)  # Enter: the title, as before there was a choice
    return buttons


def relabel_buttons(buttons: dict[str, UIButton]) -> None:
    """The summary's buttons in the language of the moment."""
    for name, button in buttons.items():
        button.set_text(_(SUMMARY_LABELS[name]))
