"""The theatre's frame: one playback step as the table views draw it, from any seat or open.

From a seat, the frame is what that seat's player saw at that moment in live play: its own
wall, hand and pool, the others' backs. With every hand open (`OPEN`), the bottom seat's
tiles are shown as its own and every other seat's hand and pool are listed in
`TheatreFrame.open_seats`, for the theatre to draw face up. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.app.play.session import shown_name
from game.app.play.table_frame import TableFrame, frame_of, place_of_seat, private_frame
from game.app.play.table_mode import TableMode
from game.app.play.table_words import seat_wind
from game.app.words import terms
from game.app.words.i18n import N_, _
from game.engine.events import (
    Discarded,
    DoraFlipped,
    Event,
    ExhaustiveDraw,
    FuritenStarted,
    HandBuilt,
    RonPassed,
    WinningTileMissed,
    Won,
)
from game.engine.kyoku import Phase, SeatView
from game.engine.playback import Step

OPEN = "open"
"""The point of view with every hand open."""
FURITEN_WORDS = {"own_discard": N_("discarded its own winning tile"), "passed": N_("let a winning tile go by"),
                 "temporary": N_("let a winning tile go by (until its next discard)")}
MISSED_WORDS = {"furiten": N_("furiten"), "below_floor": N_("not mangan without ura"), "no_yaku": N_("no yaku")}


@dataclass(frozen=True)
class OpenSeat:
    """A seat other than the bottom one, its tiles face up (every hand open)."""

    seat: int
    place: int
    wall: tuple[int, ...] | None
    """Its opened wall while it builds; None once built."""
    hand: tuple[int, ...] | None
    pool: tuple[int, ...]
    waits: tuple[int, ...]
    furiten: bool


@dataclass(frozen=True)
class TheatreFrame:
    table: TableFrame
    bottom_wall: tuple[int, ...] | None
    """The bottom seat's opened wall while it has not built."""
    bottom_closed: bool
    """The bottom seat's wall is still closed: the theatre draws it below its control bar
    (the table's `closed_wall` of the bottom seat is False)."""
    open_seats: tuple[OpenSeat, ...]
    caption: str
    """What this step did, in words."""


def seat_names(header: dict[str, Any], players: int) -> tuple[str, ...]:
    """The names a record gives its seats (a saved match's plan, or a kept one's in the
    history) as the table shows them (the game's own names, kept in English, in the
    player's language: 'You' is あなた), else Seat 1, Seat 2, …"""
    history = header.get("history")
    plans = (header.get("seats"), history.get("plan") if isinstance(history, dict) else None)
    names = next((plan.get("names") for plan in plans if isinstance(plan, dict) and plan.get("names")), None)
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) and n for n in names):
        return tuple(shown_name(n[:64]) for n in names)
    return tuple(_("Seat {number}").format(number=seat + 1) for seat in range(players))


def waiting_on(step: Step) -> list[int]:
    """The seats the table waits for, as the hand listed them: those with a legal action."""
    return [view.seat for view in step.views if view.legal_actions]


def theatre_frame(step: Step, names: tuple[str, ...], point_of_view: int | str) -> TheatreFrame:
    """The step as the table's frame draws it (`frame_of`), from `point_of_view`'s seat or
    with every hand open, its caption in the status line."""
    bottom = 0 if point_of_view == OPEN else int(point_of_view)
    view = step.views[bottom]
    players = view.rules.players
    waiting = waiting_on(step)
    opened = view.phase is not Phase.DORA
    shown_open = point_of_view == OPEN and opened
    caption = describe(step, names)
    table = frame_of(view, names, step.scores, step.stake, step.kyoku, mode=TableMode.WATCH,
                     turn=waiting[0] if waiting else None, status=caption,
                     private=private_frame(view) if opened else None,
                     face_up=range(players) if shown_open else None, bottom_wall_on_table=False)
    others = ()
    if shown_open:
        others = tuple(_open_seat(step.views[seat], place_of_seat(players, seat, bottom))
                       for seat in range(players) if seat != bottom)
    return TheatreFrame(table, view.wall if opened and view.hand is None else None, not opened, others, caption)


def describe(step: Step, names: tuple[str, ...]) -> str:
    """The step in a line: who did what, and what it caused."""
    view = step.views[0]

    def who(seat: int) -> str:
        return _("{wind} ({name})").format(wind=seat_wind(view, seat), name=names[seat])

    red = view.rules.red_fives
    parts: list[str] = []
    for event in step.events:
        parts.extend(_event_words(event, who, red, step))
    if step.action is None:
        parts.insert(0, _("Hand {number} begins").format(number=step.kyoku))
    if not parts and step.action is not None and step.action.get("action") == "ron":
        parts.append(_("{who} calls ron").format(who=who(step.action["seat"])))
    # Translators: between the things one step of a replay did
    return _("; ").join(parts)


def _event_words(event: Event, who: Any, red: bool, step: Step) -> list[str]:
    if isinstance(event, DoraFlipped):
        if event.seat is None:
            return [_("The dora indicator is {tile}").format(tile=terms.tile_in_sentence(event.indicator))]
        return [_("{who} flips the dora: {tile}").format(
            who=who(event.seat), tile=terms.tile_in_sentence(event.indicator))]
    if isinstance(event, HandBuilt):
        # The hand itself is on the table in tiles, face up where this view sees it: in words
        # (12345566778p11z, or its names) it took the centre's two rows and more, over the dora.
        if event.completed_automatically:
            return [_("{who}'s hand is completed automatically").format(who=who(event.seat))]
        return [_("{who} builds a hand").format(who=who(event.seat))]
    if isinstance(event, Discarded):
        discards = (_("{who} discards {tile} ({number} of 17, riichi)") if event.riichi
                    else _("{who} discards {tile} ({number} of 17)"))
        return [discards.format(who=who(event.seat), tile=terms.tile_in_sentence(event.tile), number=event.number)]
    if isinstance(event, WinningTileMissed):
        reason = MISSED_WORDS.get(event.reason)
        return [_("{who} cannot ron on {tile}: {reason}").format(
            who=who(event.seat), tile=terms.tile_in_sentence(event.tile), reason=_(reason) if reason else event.reason)]
    if isinstance(event, RonPassed):
        return [_("{who} passes on {tile}").format(who=who(event.seat), tile=terms.tile_in_sentence(event.tile))]
    if isinstance(event, FuritenStarted):
        reason = FURITEN_WORDS.get(event.reason)
        return [_("{who} is furiten: {reason}").format(
            who=who(event.seat), reason=_(reason) if reason else event.reason)]
    if isinstance(event, Won):
        return [_("{who} wins by ron on {tile} — {limit}, {han} han").format(
            who=who(event.seat), tile=terms.tile_in_sentence(event.tile), limit=terms.limit(event.level),
            han=event.han)]
    if isinstance(event, ExhaustiveDraw):
        return [_("Exhaustive draw")]
    return []


def _open_seat(view: SeatView, place: int) -> OpenSeat:
    return OpenSeat(view.seat, place, view.wall if view.hand is None else None, view.hand, view.pool, view.waits,
                    view.furiten)
