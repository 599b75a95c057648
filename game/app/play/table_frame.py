"""A plain description of one frame of the table: what the views draw, nothing more.

The table controller produces it from the engine's views of the seats; it names, for
each place round the table, what lies there, and holds one seat's private tiles only
when that seat's player may be looking (`TableFrame.private`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.play.builder import BuildState
from game.app.play.helper import HelperReport
from game.app.play.wait_strip import WaitStrip
from game.engine.table import PERSONAL_WALLS, WALLS


def place_of_wall(players: int, wall: int, bottom_wall: int) -> int:
    """Where a wall is drawn (0 bottom, 1 right, 2 top, 3 left) when `bottom_wall` is at the
    bottom. Walls run counter-clockwise, so the seat after the bottom one is on the right.
    With three seats the side wall stays on the left and the seats turn round the others."""
    if players == 3:
        seats = PERSONAL_WALLS[3]
        if wall not in seats:
            return 3
        return (seats.index(wall) - seats.index(bottom_wall)) % 3
    return (wall - bottom_wall) % WALLS


def place_of_seat(players: int, seat: int, bottom: int) -> int:
    walls = PERSONAL_WALLS[players]
    return place_of_wall(players, walls[seat], walls[bottom])


@dataclass(frozen=True)
class SeatFrame:
    seat: int
    place: int
    name: str
    wind: str
    score: str
    riichi: bool
    dealer: bool
    turn: bool
    """The seat whose move the table waits for."""
    river: tuple[tuple[int, bool], ...]
    last_discarder: bool
    closed_wall: bool
    """Its personal wall is still closed (before the dora, or drawn for a seat not yet built)."""
    concealed: bool
    """Built: its hand and pool lie face down (every seat but the private one)."""
    pool_left: int
    open_hand: tuple[str, ...] | None = None
    """The hand laid open at the end of the hand (a winner's, or every hand after a draw)."""
    winning_tile: str | None = None
    """The tile a winner won on, laid beside the open hand."""
    call: str | None = None
    """The call shown at the seat at the end of the hand: ロン for a winner."""
    dealt_in: bool = False
    """Its latest discard is the tile someone won on (marked in its river)."""
    standing: str = ""
    """The score as a number alone ('100', '+2'), for the board's column."""


@dataclass(frozen=True)
class SideWallFrame:
    wall: int
    place: int
    flipped_stack: int | None
    indicator: str | None
    ura: str | None


@dataclass(frozen=True)
class CentreInfo:
    hand_number: int
    hands: int | None
    stake: str
    status: str
    discards: tuple[tuple[int, str, int, bool], ...]
    """(place, wind, discards made, whose turn) for every seat."""
    dora_indicator: str | None
    countdown: float | None
    announcement: str | None = None
    """How the hand ended, in large letters over the panel (a ron, an exhaustive draw)."""


@dataclass(frozen=True)
class PrivateFrame:
    """The tiles only this seat's player may see: the building area, or pool and hand."""

    seat: int
    build: BuildState | None
    report: HelperReport | None
    pool: tuple[int, ...]
    hand: tuple[int, ...] | None
    waits: tuple[int, ...]
    furiten: bool
    strip: WaitStrip | None = None
    """Per wait: unseen copies, value, whether it wins; and whether the hand can win."""
    furiten_until_discard: bool = False
    """The furiten ends with the seat's own next discard (a winning tile let pass before its riichi)."""


@dataclass(frozen=True)
class TableFrame:
    players: int
    red_fives: bool
    floor: bool
    """The mangan floor applies (not in 4 players, unless the virtual dora restores it)."""
    mode: str
    seats: tuple[SeatFrame, ...]
    side_walls: tuple[SideWallFrame, ...]
    centre: CentreInfo
    private: PrivateFrame | None
