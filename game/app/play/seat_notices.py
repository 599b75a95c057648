"""What a seat is told privately about its own hand: a winning tile it may not take (and
how long the furiten that follows lasts), a hand completed at the build deadline, the move
its stand-in made; and what a person is told of the other seats' people at a networked
table (dropped, back, played by the stand-in).

A notice may wait before it is shown, and stays on screen: each is kept as its message and
arguments (`Message`, `Later`), put into words when it is drawn, in the language of that
moment.

Pure, and made from the seat's own view alone (its private events and the public ones),
because a table joined over the network (game/app/play/remote_table.py) has nothing else:
the table at this computer (game/app/play/session.py) asks the same function, so both
say the same words about the same events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.app.play.table_words import reconnect_words
from game.app.play.wait_strip import wait_strip
from game.app.words import terms
from game.app.words.i18n import N_, Later, Message, _
from game.app.words.net_words import HERE, LEFT, STAND_IN, came_back_words, dropped_words, left_words
from game.engine.events import Discarded, Event, FuritenStarted, HandBuilt, WinningTileMissed
from game.engine.kyoku import FuritenSpan, SeatView


@dataclass(frozen=True)
class Notice:
    """Something a seat must be told privately, with the tile it is about."""

    seat: int
    text: str | Message | Later
    """A `Message` or `Later` where the game makes it: in the language of the moment it is read."""
    tile: str | None = None
    passing: bool = False
    """News told on the table without stopping play, as a winning tile that may not be taken
    is, never as a question while the seat's own clock runs: another seat's person dropped
    or back, a tile the seat's stand-in discarded when its time ran out."""
    about: int | None = None
    """The seat whose person's presence this news tells: newer news of them supersedes it
    while it is still unread (a connection that drops and comes back several times)."""
    on_own_clock: bool = False
    """Told as the seat's own clock runs: its hand completed at the build's deadline, told
    as the discards begin. Where the table waits for this screen it is a dialog (its clock
    stops under it); where it does not, a card (`stops_play`)."""


def stops_play(notice: Notice, table_waits: bool) -> bool:
    """Whether `notice` is a dialog the person closes before playing on, rather than a card
    on the table that stops nothing. `table_waits`: the table's clocks stop while this
    screen is covered (a table of this computer alone). Where they run on (a joined table,
    whose clock is the host's; a table with seats at other computers), a dialog about the
    move owed would cost the seat its time while it reads: a tester lost a joined table's
    discard time reading the hand completed at the deadline."""
    if notice.tile is not None or notice.passing:
        return False
    return table_waits or not notice.on_own_clock


MISSED_REASONS = {
    "below_floor": N_("it is worth less than mangan (ura dora never counts toward the floor)"),
    "furiten": N_("you are furiten"),
    "no_yaku": N_("the win would have no yaku"),
}


def seat_notices(view: SeatView, start: int = 0) -> list[Notice]:
    """The notices for `view.seat` among its view's events from `start` on; the events
    before them say whose discard a missed tile was and how the seat was furiten."""
    notices = []
    for index in range(max(0, start), len(view.events)):
        event = view.events[index]
        if isinstance(event, WinningTileMissed) and event.seat == view.seat:
            notices.append(Notice(view.seat, missed_text(view, index), event.tile))
        elif isinstance(event, HandBuilt) and event.seat == view.seat and event.completed_automatically:
            notices.append(Notice(view.seat, completed_text(view, event), on_own_clock=True))
    return notices


def stand_in_notices(seat: int, events: Sequence[Event]) -> list[Notice]:
    """What `seat`, whose clock ran out, is told of the discard its stand-in made among
    `events`: on the table, stopping nothing, for its next move's clock already runs."""
    return [Notice(seat, stand_in_discard_message(event), passing=True) for event in events
            if isinstance(event, Discarded) and event.seat == seat]


def presence_notice(seat: int, name: Callable[[], str], presence: str, waited: bool, about: int) -> Notice:
    """What `seat`'s person is told when another seat's person (called `name()`, in the
    language of the moment: "Player 2" is the game's) is now at `presence`
    (`net_words.presence_of`): back; dropped, the table waiting for them (`waited`) or not;
    left the table (the host's table alone knows it: `HostedTable.left_the_table`);
    played by the stand-in, the host's reconnection window over. `about`: that other seat
    (required: news of a person that newer news cannot replace would read on stale)."""
    if presence == HERE:
        return Notice(seat, Later(lambda: came_back_words(name())), passing=True, about=about)
    if presence == LEFT:
        return Notice(seat, Later(lambda: left_words(name())), passing=True, about=about)
    if presence == STAND_IN or waited:
        return reconnect_notice(seat, name, given_up=presence == STAND_IN, about=about)
    return Notice(seat, Later(lambda: dropped_words(name())), passing=True, about=about)


def reconnect_notice(seat: int, name: Callable[[], str], given_up: bool, about: int) -> Notice:
    """`seat`'s person is told that the table waits for a dropped seat (`about`; `given_up`:
    gone past the reconnection window, its stand-in plays), in the status line's words."""
    return Notice(seat, Later(lambda: reconnect_words(name(), given_up=given_up)), passing=True, about=about)


def stand_in_discard_message(event: Discarded) -> Message:
    return Message(N_("Your time ran out: {tile} was discarded for you."),
                   tile=Later(lambda: terms.tile_in_sentence(event.tile)))


def missed_text(view: SeatView, index: int) -> Message:
    """The notice of the winning tile `view.events[index]` (a `WinningTileMissed`)."""
    events = view.events
    event = events[index]
    assert isinstance(event, WinningTileMissed)
    discard = next((e for e in reversed(events[:index]) if isinstance(e, Discarded)), None)
    discarder = discard.seat if discard is not None else view.last_discard[0] if view.last_discard else event.seat
    following = _until_next_discard(events[index + 1:])
    furiten = next((e for e in following if isinstance(e, FuritenStarted) and e.seat == event.seat), None)
    upto = index + 1 + following.index(furiten) if furiten is not None else index
    return missed_message(event, view.seat_winds, discarder, furiten_span(events[:upto + 1], event.seat), furiten)


def missed_message(event: WinningTileMissed, seat_winds: Sequence[str], discarder: int, span: FuritenSpan | None,
                   furiten: FuritenStarted | None) -> Message:
    """The words of a missed winning tile: `span`, how long the seat is furiten once the tile
    went by; `furiten`, the furiten the tile itself started (None: it was furiten already)."""
    if event.reason == "furiten" and span is FuritenSpan.UNTIL_OWN_DISCARD:
        consequence = Message(N_("You stay furiten until your own next discard."))
    elif event.reason == "furiten":
        consequence = Message(N_("You stay furiten for the rest of this hand."))
    elif furiten is not None and not furiten.permanent:
        consequence = Message(N_("You are not in riichi yet, so this furiten ends with your own discard."))
    else:
        consequence = Message(N_("Letting it pass makes you furiten for the rest of this hand."))
    reason = MISSED_REASONS.get(event.reason)
    return Message(
        N_("{discarder}'s {tile} completes your hand, but you may not win on it: {reason}. {consequence}"),
        discarder=Later(lambda: terms.wind(seat_winds[discarder])),
        tile=Later(lambda: terms.tile_in_sentence(event.tile)),
        reason=Message(reason) if reason else event.reason, consequence=consequence)


def completed_text(view: SeatView, event: HandBuilt) -> Message:
    """The hand completed at the deadline, and whether it can win (the waits strip's verdict).
    A notice is shown later, maybe after a language switch: it is kept as its messages."""
    strip = wait_strip(view)
    if strip.hand_can_win:
        tiles = Later(lambda: terms.tiles_in_sentence(strip.winning, _(", ")))
        outcome = (Message(N_("It can win on {tiles}, but {reason}."), tiles=tiles,
                           reason=Later(lambda: strip.reason or "")) if strip.luck
                   else Message(N_("It can win on {tiles}."), tiles=tiles))
    else:
        outcome = Message(N_("It cannot win this hand: {reason}."), reason=Later(lambda: strip.reason or ""))
    return Message(N_("Time is up: your hand was completed with the builder's best suggestion, {hand}. {outcome}"),
                   hand=Later(lambda: terms.hand_in_sentence(event.hand)), outcome=outcome)


def furiten_span(events: Sequence[Event], seat: int) -> FuritenSpan | None:
    """How long `seat` is furiten after `events` (one kyoku's, in order), as the engine
    rules it: for good once a furiten is, until its own discard after a tile let pass
    before its riichi."""
    lasting = passing = False
    for event in events:
        if isinstance(event, Discarded) and event.seat == seat:
            passing = False
        elif isinstance(event, FuritenStarted) and event.seat == seat:
            lasting, passing = lasting or event.permanent, passing or not event.permanent
    if lasting:
        return FuritenSpan.REST_OF_HAND
    return FuritenSpan.UNTIL_OWN_DISCARD if passing else None


def _until_next_discard(events: Sequence[Event]) -> list[Event]:
    """The events the same discard caused (up to the next discard)."""
    caused = []
    for event in events:
        if isinstance(event, Discarded):
            break
        caused.append(event)
    return caused
