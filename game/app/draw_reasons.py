"""Why nobody won an exhaustively drawn hand, seat by seat, from what the hand recorded.

Pure: reads the hand's events (private ones included, so the reasons are the result's, shown
once the hand is over) and each seat's waits; decides no rule, only tells what happened.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.events import Discarded, Event, FuritenStarted, RonPassed, WinningTileMissed

MISSED = {
    "furiten": "{tile} came while furiten",
    "below_floor": "{tile} came, worth less than mangan",
    "no_yaku": "{tile} came, with no yaku",
}


def draw_reasons(history: Sequence[Event], waits: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """One short reason per seat: what kept it from winning (in the order it happened)."""
    told: list[list[str]] = [[] for _ in waits]
    last_discard: dict[int, str] = {}
    for event in history:
        if isinstance(event, Discarded):
            last_discard[event.seat] = event.tile
        elif isinstance(event, FuritenStarted) and event.reason == "own_discard":
            tile = last_discard.get(event.seat)
            told[event.seat].append(f"furiten: discarded its own winning tile {tile}" if tile else "furiten")
        elif isinstance(event, WinningTileMissed):
            told[event.seat].append(MISSED.get(event.reason, "{tile} could not be won on").format(tile=event.tile))
        elif isinstance(event, RonPassed):
            told[event.seat].append(f"passed the ron on {event.tile}")
    reasons = []
    for seat, seat_waits in enumerate(waits):
        if not seat_waits:
            reasons.append("not tenpai")
        elif told[seat]:
            reasons.append("; ".join(dict.fromkeys(told[seat])))
        else:
            reasons.append("no winning tile was discarded")
    return tuple(reasons)
