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

MISSED = {
    "furiten": N_("{tile} came while furiten"),
    "below_floor": N_("{tile} came, worth less than mangan"),
    "no_yaku": N_("{tile} came, with no yaku"),
}


def draw_reasons(history: Sequence[Event], waits: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """One short reason per seat: what kept it from winning (in the order it happened)."""
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
        else:
            reasons.append(_("no winning tile was discarded"))
    return tuple(reasons)
