"""A plain description of one frame of the table: what the views draw, nothing more.

`frame_of` makes it from one seat's view (the seat drawn at the bottom) and plain values
alone, so that whoever holds such a view can draw the table: the table controller in live
play, the theatre from a record. It names, for each place round the table, what lies
there, and holds one seat's private tiles only when that seat's player may be looking
(`TableFrame.private`, which the caller decides). No pygame here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.app.play.builder import BuildState
from game.app.play.helper import HelperReport
from game.app.play.table_mode import TableMode
from game.app.play.table_words import announcement, score_words, seat_wind, stake_words, standing_number
from game.app.play.wait_strip import WaitStrip
from game.engine.events import DoraFlipped
from game.engine.kyoku import POOL_SIZE, FuritenSpan, KyokuResult, Phase, SeatView
from game.engine.tiles import tile_code
from game.engine.wall import PERSONAL_WALLS, WALLS, side_walls


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
    kyoku_number: int
    hands: int | None
    stake: str
    status: str
    discards: tuple[tuple[int, str, int, bool], ...]
    """(place, wind, discards made, whose turn) for every seat."""
    dora_indicator: str | None
    countdown: float | None
    announcement: str | None = None
    """How the hand ended, in large letters over the panel (a ron, an exhaustive draw)."""
    status_names: tuple[str, ...] = ()
    """The players' names that stand in `status` (the view cuts them when it is too long)."""


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
    mode: TableMode
    seats: tuple[SeatFrame, ...]
    side_walls: tuple[SideWallFrame, ...]
    centre: CentreInfo
    private: PrivateFrame | None


def frame_of(view: SeatView, names: Sequence[str], standings: Sequence[float], stake: int, kyoku_number: int, *,
             mode: TableMode, turn: int | None, status: str, countdown: float | None = None,
             private: PrivateFrame | None = None, face_up: Collection[int] | None = None,
             ended: KyokuResult | None = None, own_seat: int | None = None,
             bottom_wall_on_table: bool = True) -> TableFrame:
    """The table as `view`'s seat sits at the bottom of it: `names` and `standings` by seat,
    the `stake` and the hand's number shown, `mode` (what input means), the seat whose move
    it waits for (`turn`) and the `status` line.

    `private` is the bottom seat's own tiles, when its player may look; `face_up` the seats
    whose hand and pool lie face up (by default the private seat alone). `ended` is the
    hand's result once the table lays the winners' hands open (every hand after a draw, and
    `own_seat`'s, the one person alone at the screen). With `bottom_wall_on_table` False the
    bottom seat's closed wall is left to the caller (the theatre draws it below its bar)."""
    rules = view.rules
    players, bottom = rules.players, view.seat
    seen = face_up if face_up is not None else ({private.seat} if private is not None else set())
    last = view.last_discard[0] if view.last_discard else None
    dealt_in = ended.wins[0].discarder if ended is not None and ended.wins else None
    seats = []
    for seat in range(players):
        built = view.built[seat] and view.phase is not Phase.DORA
        open_hand, winning_tile, won = _laid_open(ended, seat, own_seat, rules.red_fives)
        seats.append(SeatFrame(
            seat=seat, place=place_of_seat(players, seat, bottom), name=names[seat], wind=seat_wind(view, seat),
            score=score_words(rules.settlement, standings[seat]),
            standing=standing_number(rules.settlement, standings[seat]),
            riichi=view.riichi[seat], dealer=seat == view.dealer, turn=turn == seat, river=view.rivers[seat],
            last_discarder=seat == last,
            closed_wall=seat not in seen and not built and (bottom_wall_on_table or seat != bottom),
            concealed=seat not in seen and built, pool_left=POOL_SIZE - len(view.rivers[seat]),
            open_hand=open_hand, winning_tile=winning_tile, call="ロン" if won else None,
            dealt_in=seat == dealt_in,
        ))
    centre = CentreInfo(kyoku_number, rules.hands, stake_words(rules.settlement, stake), status,
                        tuple((s.place, s.wind, len(s.river), s.turn) for s in seats),
                        _code(view.dora_indicator, rules.red_fives), countdown, announcement(view, ended),
                        tuple(name for name in dict.fromkeys(names) if name and name in status))
    return TableFrame(players, rules.red_fives, rules.floor_applies, mode, tuple(seats), _side_walls(view),
                      centre, private)


def private_frame(view: SeatView, build: BuildState | None = None, report: HelperReport | None = None,
                  strip: WaitStrip | None = None) -> PrivateFrame:
    """The seat's own tiles as its view holds them; while building, its selection and the
    helper's report; once built, its wait strip."""
    return PrivateFrame(view.seat, build, report, view.pool, view.hand, view.waits, view.furiten, strip,
                        view.furiten_span is FuritenSpan.UNTIL_OWN_DISCARD)


def _laid_open(ended: KyokuResult | None, seat: int, own_seat: int | None,
               red: bool) -> tuple[tuple[str, ...] | None, str | None, bool]:
    """(open hand, winning tile, won) of a seat once the hand is over."""
    if ended is None:
        return None, None, False
    win = next((w for w in ended.wins if w.seat == seat), None)
    if win is not None:
        return tuple(tile_code(t, red) for t in sorted(win.hand)), tile_code(win.tile, red), True
    if (ended.drawn or seat == own_seat) and ended.hands[seat]:
        return tuple(tile_code(t, red) for t in sorted(ended.hands[seat])), None, False
    return None, None, False


def _side_walls(view: SeatView) -> tuple[SideWallFrame, ...]:
    """The side walls round the bottom seat: the flipped dora stack, and the ura indicator
    under it once a win reveals it."""
    rules = view.rules
    flipped = next((e for e in view.events if isinstance(e, DoraFlipped)), None)
    indicator = _code(view.dora_indicator, rules.red_fives)
    result = view.result
    ura = None
    if result is not None and result.wins and result.wins[0].ura_indicator is not None:
        ura = tile_code(result.wins[0].ura_indicator, rules.red_fives)  # revealed by the win
    bottom_wall = PERSONAL_WALLS[rules.players][view.seat]
    walls = []
    for wall in side_walls(rules.players):
        stack = flipped.stack if flipped is not None and flipped.wall == wall else None
        walls.append(SideWallFrame(wall, place_of_wall(rules.players, wall, bottom_wall), stack, indicator,
                                   ura if stack is not None else None))
    return tuple(walls)


def _code(tile: int | None, red: bool) -> str | None:
    return tile_code(tile, red) if tile is not None else None


def shown_seconds(left: float) -> int:
    """A countdown's whole seconds as every clock shows them."""
    return max(0, int(left + 0.999))
