"""Why nobody won an exhaustively drawn hand, seat by seat, from what the hand recorded.

Pure: reads the hand's events (private ones included, so the reasons are the result's, shown
once the hand is over) and each seat's waits; decides no rule, only tells what happened,
in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.app.words import terms
from game.app.words.i18n import N_, _
from game.engine.events import Discarded, Event, FuritenStarted, RonPassed, WinningTileMissed
from game.engine.kyoku import fixes_furiten
from game.engine.tiles import ids_for_codes

MISSED = {
    "furiten": N_("{tile} came while furiten"),
    "below_floor": N_("{tile} came, worth less than mangan"),
    "no_yaku": N_("{tile} came, with no yaku"),
}


def draw_reasons(history: Sequence[Event], waits: Sequence[Sequence[int]],
                 hopeless: Sequence[str | None] = ()) -> tuple[str, ...]:
    """One short reason per seat: what kept it from winning (in the order it happened).
    `hopeless`, per seat: why its hand could never win (a clause: "no wait reaches mangan"),
    said when nothing that happened is, rather than that no winning tile came."""
    told: list[list[str]] = [[] for _seat in waits]
    last_discard: dict[int, str] = {}
    for event in history:
        if isinstance(event, Discarded):
            last_discard[event.seat] = event.tile
        elif isinstance(event, FuritenStarted) and event.reason == "own_discard":
            tile = last_discard.get(event.seat)
            told[event.seat].append(_("furiten: discarded its own winning tile {tile}").format(
                                        tile=terms.tile_in_sentence(tile)) if tile
                                    else terms.term("furiten"))
        elif isinstance(event, WinningTileMissed):
            missed = _(MISSED.get(event.reason, N_("{tile} could not be won on")))
            told[event.seat].append(missed.format(tile=terms.tile_in_sentence(event.tile)))
        elif isinstance(event, RonPassed):
            told[event.seat].append(_("passed the ron on {tile}").format(tile=terms.tile_in_sentence(event.tile)))
    reasons = []
    for seat, seat_waits in enumerate(waits):
        if not seat_waits:
            reasons.append(_("not tenpai"))
        elif told[seat]:
            # Translators: between the reasons one seat did not win
            reasons.append(_("; ").join(dict.fromkeys(told[seat])))
        elif seat < len(hopeless) and hopeless[seat]:
            reasons.append(str(hopeless[seat]))
        else:
            reasons.append(_("no winning tile was discarded"))
    return tuple(reasons)


def told_from_outside(history: Sequence[Event], seat: int, waits: Sequence[int], red_fives: bool) -> tuple[Event, ...]:
    """Another seat's part of a drawn hand as a joined computer can tell it (it has the public
    events and, after the draw, every hand laid open, but never another seat's private events):
    the public `history` with the seat's furiten from discarding one of its own winning tiles
    (public once its hand is open), and each winning tile another seat discarded for it, missed
    while so furiten, else for a reason only that seat was told ("could not be won on")."""
    told: list[Event] = []
    furiten = False
    for event in history:
        told.append(event)
        if not isinstance(event, Discarded):
            continue
        (tile,) = ids_for_codes([event.tile], red_fives)
        if event.seat == seat and fixes_furiten(tile, tuple(waits), furiten):
            furiten = True
            told.append(FuritenStarted(seat, "own_discard", True))
        elif event.seat != seat and fixes_furiten(tile, tuple(waits), False):  # one of its winning tiles
            told.append(WinningTileMissed(seat, event.tile, "furiten" if furiten else "unknown"))
    return tuple(told)
