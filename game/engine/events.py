"""What happened in a hand, as the engine reports it. Tiles are mpsz codes.

Events marked `private` concern only their `seat` (its hand, its waits, its furiten):
another seat's view never includes them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class KyokuStarted:
    dealer: int
    seat_winds: tuple[str, ...]
    name: ClassVar[str] = "hand_started"


@dataclass(frozen=True)
class DoraFlipped:
    """The dora indicator; wall and stack are None for the virtual set of 4 players."""

    seat: int | None
    wall: int | None
    stack: int | None
    indicator: str
    name: ClassVar[str] = "dora_flipped"


@dataclass(frozen=True)
class HandBuilt:
    seat: int
    hand: str
    completed_automatically: bool
    name: ClassVar[str] = "hand_built"
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class RiichiDeclared:
    """Riichi before play (riichi_timing = before_play); otherwise the first discard says it."""

    seat: int
    name: ClassVar[str] = "riichi_declared"


@dataclass(frozen=True)
class Discarded:
    seat: int
    tile: str
    number: int
    riichi: bool
    name: ClassVar[str] = "discarded"


@dataclass(frozen=True)
class WinningTileMissed:
    """A discard completes the seat's hand but ron is not allowed: why, for the notice.

    reason: "furiten", "below_floor" (no mangan without ura), or "no_yaku".
    """

    seat: int
    tile: str
    reason: str
    name: ClassVar[str] = "winning_tile_missed"
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class RonOffered:
    seat: int
    tile: str
    name: ClassVar[str] = "ron_offered"
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class RonPassed:
    seat: int
    tile: str
    name: ClassVar[str] = "ron_passed"
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class FuritenStarted:
    """reason: "own_discard", "passed" (a winning tile went by), or "temporary"."""

    seat: int
    reason: str
    permanent: bool
    name: ClassVar[str] = "furiten"
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class Won:
    seat: int
    discarder: int
    tile: str
    hand: str
    ura_indicator: str | None
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    level: str
    floor_han: int
    multiplier: float
    name: ClassVar[str] = "won"


@dataclass(frozen=True)
class ExhaustiveDraw:
    hands: tuple[str, ...]
    name: ClassVar[str] = "exhaustive_draw"


Event = (KyokuStarted | DoraFlipped | HandBuilt | RiichiDeclared | Discarded | WinningTileMissed
         | RonOffered | RonPassed | FuritenStarted | Won | ExhaustiveDraw)


def visible_to(event: Event, seat: int) -> bool:
    return not getattr(event, "private", False) or event.seat == seat


def event_to_dict(event: Event) -> dict[str, Any]:
    data = asdict(event)
    for key, value in data.items():
        if isinstance(value, tuple):
            data[key] = [list(v) if isinstance(v, tuple) else v for v in value]
    return {"event": event.name, **data}
