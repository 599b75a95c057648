"""The hand analyser: every tenpai hand a 34-tile wall can build, what each wait is worth,
and which hand to build.

For a player's wall (tile ids), the table context (rules, seat wind, dora indicator) and
optionally a selection of tiles under the player's fingers, the analyser lists the 13-tile
tenpai hands (standard, seven pairs, thirteen orphans) with, per wait:

* live copies: 4 minus the copies the player can see (own 34 tiles and the indicator,
  unless it comes from the virtual set of 4 players, a second set);
  a wait with none left is dead (karaten);
* the value of a plain riichi ron on it (no ippatsu, no houtei, no ura), through
  `scoring.assess_ron`, and whether that clears the floor; on demand, whether it clears
  with ippatsu or houtei, so a wait that reaches mangan only with luck can be shown.

A wait on a five is scored as a plain five unless the red five is the only copy left to
win on: the red one, if the opponent holds it, is worth one han more than shown.
With red fives on, two hands that differ only in which five they hold are two hands.

Ranking (best first), the measure the builder and the build deadline use:

1. expected payment, highest first: the sum, over waits whose plain riichi ron clears
   the floor, of live copies x the limit multiplier (mangan 1, haneman 1.5, baiman 2,
   sanbaiman 3, yakuman 4 x count; below mangan, base points / 2000 where no floor
   applies). Each unseen copy is about equally likely to be dealt in, so this is the
   hand's expected win in mangan units, up to a constant;
2. live copies of waits that clear the floor, most first;
3. forced own-wait discards, fewest first: the pool keeps 21 tiles and only 4 are never
   discarded, so each copy of an own wait beyond 4 in the pool must be discarded at some
   point, and discarding a winning tile is furiten for good;
4. live copies of waits that do not clear the floor, fewest first: each one the opponent
   discards has to be passed, which is riichi furiten for good;
5. the hand's tile ids (sorted), so that the order never depends on anything else.

`WallAnalyser` asks every question of one wall at one table (the whole ranking, its best
hands, a selection, the build deadline's completion, the hands with their bounds): hands
are scored best-first on a bound of their value (game/engine/bound.py), only as far as the
answer needs, in the same order and with the same values as scoring every wait
(docs/analyser.md). What keeps a wall's tens of thousands of hands cheap to list, hold and
score is in game/engine/analysis_speed.py.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property, lru_cache
from itertools import count, islice
from operator import itemgetter
from typing import NamedTuple, TypeVar

from game.engine.analysis_speed import TenpaiHand, collector_paused, once, tenpai_hands
from game.engine.bound import (
    BoundTable,
    base_points_bound,
    quick_bounds,
    reds_held,
    sure_limits,
    wait_bounds,
)
from game.engine.rules import Rules
from game.engine.scoring import (
    MANGAN_BASE_POINTS,
    RonAssessment,
    WinContext,
    WinValue,
    assess_ron,
    assess_rons,
    mangan_with_one_more_han,
    score_win,
)
from game.engine.shape import waits as shape_waits
from game.engine.tenpai import HAND_SIZE, SUIT_STARTS
from game.engine.tiles import (
    KIND_COUNT,
    NORTH,
    RED_FIVE_IDS,
    TILE_COUNT,
    WEST,
    WIND_KINDS,
    counts34,
    is_red,
)

K = TypeVar("K")
POOL_TILES_NEVER_DISCARDED = 4
KIRIAGE_MANGAN_BASE = 1920
"""4 han 30 fu and 3 han 60 fu: mangan with kiriage."""
COPIES = 4
SUIT_SIZE = 9
SUIT_IDS = SUIT_SIZE * COPIES
_NO_REDS: tuple[tuple[int, ...], ...] = tuple((0,) * waits for waits in range(KIND_COUNT + 1))
SUIT_LETTERS = "mpsz"
_ID_DIGITS = {
    red_fives: tuple("0" if is_red(tile, red_fives) else str(tile // COPIES % SUIT_SIZE + 1)
                     for tile in range(TILE_COUNT))
    for red_fives in (False, True)
}


@dataclass(frozen=True)
class TableContext:
    """What the analyser needs to know about the table besides the wall."""

    rules: Rules
    seat_wind: int
    dora_indicator: int | None

    @cached_property
    def win_context(self) -> WinContext:
        indicators = () if self.dora_indicator is None else (self.dora_indicator,)
        return WinContext(seat_wind=self.seat_wind, riichi=True, dora_indicators=indicators)

    @property
    def houtei_possible(self) -> bool:
        """Whether this seat can ever ron a houtei: with `last_discard_of_hand` only the
        very last discard counts, and that is the last seat's own discard."""
        if self.rules.houtei == "each_final_discard":
            return True
        return self.seat_wind != last_to_discard(self.rules.players)


def last_to_discard(players: int) -> int:
    """The seat wind of the seat that makes a hand's last discard: the last in turn order."""
    return NORTH if players == 4 else WEST




class Unscored(Enum):
    """The value of a wait not scored yet: its bound showed that it cannot clear the floor."""

    UNSCORED = "unscored"


UNSCORED = Unscored.UNSCORED


@dataclass(frozen=True, eq=False, init=False)
class WaitAnalysis:
    """One wait of one hand: live copies and what a riichi ron on it is worth.

    `tile` is the id scored as the winning tile; `value` is None when the tile completes
    the shape but the win has no value (no yaku). A wait whose bound (game/engine/bound.py)
    cannot reach the floor is built with `exact=UNSCORED`: it does not clear, and its value
    is scored on first use, when something shows it.
    """

    kind: int
    tile: int
    live: int
    clears_floor: bool
    hand: tuple[int, ...] = field(repr=False)
    table: TableContext = field(repr=False)
    exact: WinValue | Unscored | None = field(default=UNSCORED, repr=False)
    limit: float | None = field(default=None, repr=False)
    """The limit multiplier when the bound and the han every reading is sure of meet on
    one limit (e.g. dora 4 and no yaku beyond mangan): it clears, the value comes later."""
    bound: float | None = field(default=None, repr=False)
    """For a wait left unscored, its bound (base points), which tells whether one more
    han could take it to the floor."""

    def __init__(self, kind: int, tile: int, live: int, clears_floor: bool, hand: tuple[int, ...],
                 table: TableContext, exact: WinValue | Unscored | None = UNSCORED,
                 limit: float | None = None, bound: float | None = None) -> None:
        # Frozen all the same: written into the instance dict at once, three times faster
        # than a frozen dataclass's field by field, for the thousands of waits of a wall.
        self.__dict__.update(kind=kind, tile=tile, live=live, clears_floor=clears_floor, hand=hand, table=table,
                             exact=exact, limit=limit, bound=bound)
        if exact is not UNSCORED:
            self.__dict__["value"] = exact  # what `value` would cache, without its first call

    @once
    def value(self) -> WinValue | None:
        if self.exact is UNSCORED:
            # the value paid alone: `assess_ron` would score the floor's value too
            return score_win(self.hand, self.tile, self.table.win_context, self.table.rules)
        return self.exact

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WaitAnalysis):
            return NotImplemented
        return self._identity == other._identity

    def __hash__(self) -> int:
        return hash(self._identity)

    @property
    def _identity(self) -> tuple[object, ...]:
        return (self.kind, self.tile, self.live, self.clears_floor, self.hand, self.value)

    @property
    def mangan_or_more(self) -> bool:
        """Whether a plain riichi ron on it is worth mangan or more: never for a wait left
        unscored (its bound is below mangan)."""
        if self.limit is not None:
            return True
        return self.exact is not UNSCORED and self.exact is not None and self.exact.is_mangan_or_more

    @property
    def scored(self) -> bool:
        """Whether the value was scored with the ranking (it may clear the floor)."""
        return self.exact is not UNSCORED

    @property
    def dead(self) -> bool:
        """Karaten: every copy is in the player's own wall or is the dora indicator (flipped
        from a side wall; a virtual indicator takes no copy)."""
        return self.live == 0

    @property
    def multiplier(self) -> float:
        """What a clearing ron pays, in mangan units (0 when it may not be won)."""
        if self.limit is not None:
            return self.limit
        if not self.clears_floor or self.value is None:
            return 0.0
        return self.value.limit_multiplier

    @once
    def value_with_ippatsu(self) -> WinValue | None:
        return self._assess(ippatsu=True).value

    @once
    def value_with_houtei(self) -> WinValue | None:
        """None when this seat can never ron a houtei (see `TableContext.houtei_possible`)."""
        return self._assess(houtei=True).value if self.table.houtei_possible else None

    @once
    def clears_floor_with_ippatsu(self) -> bool:
        # An added yaku never lowers a value, so a clearing wait needs no second look.
        if self.clears_floor or not self._may_clear_with_luck:
            return self.clears_floor
        rules = self.table.rules
        if not rules.floor_applies or not rules.floor_counts_situational:
            return self._assess(ippatsu=True).clears_floor
        # The plain value decides (scoring.mangan_with_one_more_han), and it is shown anyway.
        return self.value is not None and mangan_with_one_more_han(self.value, rules.kiriage)

    @once
    def clears_floor_with_houtei(self) -> bool:
        """As `clears_floor` when this seat can never ron a houtei. Houtei, like ippatsu,
        is one han that changes no fu and no other yaku, so the floor sees the same value
        with either (the rankings' digests check both against the library)."""
        if self.clears_floor or not self.table.houtei_possible:
            return self.clears_floor
        return self.clears_floor_with_ippatsu

    @property
    def clears_floor_only_with_luck(self) -> bool:
        """Reaches the floor only with ippatsu or houtei."""
        return not self.clears_floor and (self.clears_floor_with_ippatsu or self.clears_floor_with_houtei)

    def _assess(self, *, ippatsu: bool = False, houtei: bool = False) -> RonAssessment:
        context = self.table.win_context
        if ippatsu or houtei:
            context = replace(context, ippatsu=ippatsu, houtei=houtei)
        return assess_ron(self.hand, self.tile, context, self.table.rules)

    @once
    def _may_clear_with_luck(self) -> bool:
        """Whether the bound lets the floor value with one more han (ippatsu or houtei)
        reach mangan (without a floor, the library decides alone). From the wait's own
        bound where it has one: one more han at most doubles a reading's base points
        below mangan (4 han 30 fu and 3 han 60 fu, mangan with kiriage, are twice 960),
        and the bound is at least every reading's."""
        rules = self.table.rules
        if not rules.floor_applies:
            return True
        if self.bound is not None:
            if self.bound >= MANGAN_BASE_POINTS or not rules.floor_counts_situational:
                return self.bound >= MANGAN_BASE_POINTS
            return 2 * self.bound >= (KIRIAGE_MANGAN_BASE if rules.kiriage else MANGAN_BASE_POINTS)
        counts = counts34(self.hand)
        counts[self.kind] += 1
        reds = _reds(self.hand, self.tile, counts, self.table.rules)
        return _bound(self.table, tuple(counts), self.kind, reds, True, False) >= MANGAN_BASE_POINTS


@dataclass(frozen=True, init=False)
class CandidateHand:
    """A 13-tile hand from the wall with its waits (none when it is not tenpai)."""

    tiles: tuple[int, ...]
    waits: tuple[WaitAnalysis, ...]
    pool_wait_copies: int
    red_fives: bool

    def __init__(self, tiles: tuple[int, ...], waits: tuple[WaitAnalysis, ...], pool_wait_copies: int,
                 red_fives: bool) -> None:
        self.__dict__.update(tiles=tiles, waits=waits, pool_wait_copies=pool_wait_copies, red_fives=red_fives)

    @property
    def text(self) -> str:
        """The hand in mpsz, as `format_tiles` writes it (the ids are sorted: by kind, the
        red five first), written straight from the ids: JSON writes thousands."""
        digits = _ID_DIGITS[self.red_fives]
        out: list[str] = []
        suit = -1
        for tile in self.tiles:
            if tile // SUIT_IDS != suit:
                if suit >= 0:
                    out.append(SUIT_LETTERS[suit])
                suit = tile // SUIT_IDS
            out.append(digits[tile])
        if suit >= 0:
            out.append(SUIT_LETTERS[suit])
        return "".join(out)

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)

    @property
    def payment(self) -> float:
        """Expected payment in mangan units: live copies x multiplier over clearing waits."""
        return sum(wait.live * wait.multiplier for wait in self.waits)

    @property
    def live_clearing_copies(self) -> int:
        return sum(wait.live for wait in self.waits if wait.clears_floor)

    @property
    def live_passing_copies(self) -> int:
        """Live copies of waits that may not be won: each one discarded means furiten."""
        return sum(wait.live for wait in self.waits if not wait.clears_floor)

    @property
    def forced_wait_discards(self) -> int:
        return max(0, self.pool_wait_copies - POOL_TILES_NEVER_DISCARDED)

    @property
    def rank_key(self) -> tuple[float, int, int, int, tuple[int, ...]]:
        """Sort key of the documented ranking (smaller is better)."""
        return (-self.payment, -self.live_clearing_copies, self.forced_wait_discards,
                self.live_passing_copies, self.tiles)


@dataclass(frozen=True)
class WallAnalysis:
    """Every tenpai hand of a wall at a table, best first."""

    wall: tuple[int, ...]
    table: TableContext
    hands: tuple[CandidateHand, ...]
    tenpai_count: int
    """Every tenpai hand of the wall (`hands` may hold only the best of them)."""


@dataclass(frozen=True)
class Completion:
    """A candidate hand that contains the selection, and the wall tiles it adds to it."""

    added: tuple[int, ...]
    hand: CandidateHand


@dataclass(frozen=True)
class SelectionAnalysis:
    """The builder's view of a selection.

    With 13 tiles `hand` is the selection itself (tenpai or not); with fewer, `hand` is
    None and `completions` are the tenpai hands containing the selection, best first.
    """

    selected: tuple[int, ...]
    hand: CandidateHand | None
    completions: tuple[Completion, ...]


class WallAnalyser:
    """One player's wall at one table, and every analysis of it. The wall and the table are
    checked and what every hand of the wall shares (the copies the player cannot see, the
    copy a ron is scored with) worked out once, however many analyses are asked; each runs
    with the garbage collector paused (`analysis_speed.collector_paused`).

    Raises ValueError for ids that are not distinct tiles of the set, a seat wind that is
    not a wind, or a dora indicator that is not a tile id (or, when it comes from a side
    wall, one of the player's own tiles); each analysis of a selection raises it for a
    selection that is not part of the wall or larger than a hand.
    """

    def __init__(self, wall_ids: Iterable[int], seat_wind: int, dora_indicator: int | None, rules: Rules) -> None:
        self.wall = _check_wall(wall_ids)
        self.table = _table(self.wall, seat_wind, dora_indicator, rules)
        shown = dora_indicator is not None and rules.indicator_is_in_play
        visible = frozenset(self.wall) | ({dora_indicator} if shown else frozenset())
        self.wall_counts = tuple(counts34(self.wall))
        self.live = tuple(COPIES - count for count in counts34(visible))
        """Per kind, the copies the player cannot see."""
        self.unseen_copy = _unseen_copies(visible, rules.red_fives)

    @collector_paused
    def tenpai_hands(self, selected_ids: Iterable[int] = ()) -> list[TenpaiHand]:
        """Every tenpai hand the wall can build that keeps `selected_ids`, unscored. With red
        fives on a hand holding a five comes once per choice of red or plain five the wall
        allows."""
        return tenpai_hands(self.wall, _check_selection(self.wall, selected_ids), self.table.rules.red_fives)

    @collector_paused
    def analyze(self) -> WallAnalysis:
        """Every tenpai hand of the wall, best first (every wait that may clear scored)."""
        hands = tuple(self._whole(self._wall_hands()))
        return WallAnalysis(self.wall, self.table, hands, len(hands))

    @collector_paused
    def ranked_tiles(self) -> list[tuple[int, ...]]:
        """The tile ids of every tenpai hand of the wall, in `analyze`'s order (the helper's
        whole ranking: it needs only the ids)."""
        return self._whole_tiles(self._wall_hands())

    @collector_paused
    def best_hands(self, count: int) -> WallAnalysis:
        """The wall's `count` best tenpai hands, exactly as `analyze` ranks them first,
        scoring only what could come before them (the helper's first answer, `analyze --top`).
        A `count` above the number of hands (even above `sys.maxsize`) is every hand."""
        tenpai = self._wall_hands()
        best = islice(self._ranked(tenpai), min(count, len(tenpai)))
        return WallAnalysis(self.wall, self.table, tuple(best), len(tenpai))

    @collector_paused
    def analyze_selection(self, selected_ids: Iterable[int]) -> SelectionAnalysis:
        """The builder helper: a 13-tile selection analysed as a hand, or for fewer tiles the
        tenpai hands that contain it (what to add, and what it is worth), best first."""
        selected = _check_selection(self.wall, selected_ids)
        if len(selected) == HAND_SIZE:
            waits = tuple(shape_waits(counts34(selected)))
            return SelectionAnalysis(selected, self._hand(selected, waits), ())
        kept = set(selected)
        completions = tuple(
            Completion(tuple(t for t in hand.tiles if t not in kept), hand)
            for hand in self._whole(tenpai_hands(self.wall, selected, self.table.rules.red_fives))
        )
        return SelectionAnalysis(selected, None, completions)

    @collector_paused
    def complete_selection(self, selected_ids: Iterable[int]) -> list[int]:
        """13 tile ids (sorted) that keep every selected tile: the best-ranked tenpai hand
        containing the selection (scored best-first: only what could beat it is scored).
        When no tenpai hand contains the selection, it is filled with the wall's other tiles
        in ascending id order (by kind)."""
        selected = _check_selection(self.wall, selected_ids)
        red_fives = self.table.rules.red_fives
        hands = tenpai_hands(self.wall, selected, red_fives) if len(selected) < HAND_SIZE else []
        if hands:
            return list(next(self._ranked(hands)).tiles)
        rest = sorted(set(self.wall) - set(selected))
        return sorted((*selected, *rest[:HAND_SIZE - len(selected)]))

    @collector_paused
    def bounded(self) -> BoundedWall:
        """Every tenpai hand of the wall with its bound, unscored (see `BoundedWall`)."""
        return BoundedWall(self, tuple(_shared_parts(map(self._pending_hand, self._wall_hands()))))

    def _wall_hands(self) -> list[TenpaiHand]:
        return tenpai_hands(self.wall, (), self.table.rules.red_fives)

    @once
    def _plain_ron_bounds(self) -> BoundTable:
        """What the bound needs for a plain riichi ron here (no ippatsu, no houtei)."""
        return _bound_table(self.table, False, False)

    def _hand(self, hand: Sequence[int], wait_kinds: Sequence[int]) -> CandidateHand:
        """One 13-tile hand (any ids of the wall) with its waits."""
        tiles = tuple(sorted(hand))
        red_fives = self.table.rules.red_fives
        held = {t // SUIT_IDS for t in tiles if t in RED_FIVE_IDS} if red_fives else set()
        red_suits = tuple(suit in held for suit in range(len(SUIT_STARTS)))
        return self._score(self._pending(tiles, tuple(counts34(tiles)), red_suits, tuple(wait_kinds)))

    def _pending_hand(self, hand: TenpaiHand) -> PendingHand:
        return self._pending(hand, hand[0], hand[1], hand[2])

    def _pending(self, hand: TenpaiHand | tuple[int, ...], counts: Sequence[int], red_suits: tuple[bool, ...],
                 waits: tuple[int, ...]) -> PendingHand:
        """Bound every wait: whether it may clear, and the hand's best possible rank key."""
        rules = self.table.rules
        win_tiles = tuple(map(self.unseen_copy.__getitem__, waits))
        if rules.red_fives:
            reds: Sequence[int] = [self._reds_won(hand, counts, red_suits, kind, win)
                                   for kind, win in zip(waits, win_tiles, strict=True)]
        else:
            reds = _NO_REDS[len(waits)]
        floor = rules.floor_applies
        live, wall_counts = self.live, self.wall_counts
        payment, clearing, passing, pool_wait_copies = 0.0, 0, 0, 0
        may_clear = []
        bounds = wait_bounds(counts, waits, reds, self._plain_ron_bounds)
        for kind, bound in zip(waits, bounds, strict=True):
            copies = live[kind]
            pool_wait_copies += wall_counts[kind] - counts[kind]
            if bound >= MANGAN_BASE_POINTS or not floor:
                may_clear.append(True)
                clearing += copies
                if copies:
                    payment += copies * (bound / MANGAN_BASE_POINTS)
            else:
                may_clear.append(False)
                passing += copies
        key = (-payment, -clearing, max(0, pool_wait_copies - POOL_TILES_NEVER_DISCARDED), passing)
        return PendingHand(key, hand, waits, win_tiles, tuple(may_clear), bounds, pool_wait_copies, reds)

    def _limits(self, pending: PendingHand) -> Sequence[float | None]:
        """Per wait, the limit multiplier when the bound proves it (the bound is the limit
        every reading is sure of): no library call needed. Worked out only for hands
        scored."""
        sure = sure_limits(pending.counts, pending.waits, pending.reds, self._plain_ron_bounds)
        return [bound / MANGAN_BASE_POINTS if bound == floor_limit >= MANGAN_BASE_POINTS else None
                for bound, floor_limit in zip(pending.bounds, sure, strict=True)]

    def _score_every_wait(self, hand: TenpaiHand) -> CandidateHand:
        """The hand with every wait scored, no bound looked at: where no floor applies
        every wait may clear, so the bound would spare no library call."""
        tiles = hand.tiles
        waits = hand.waits
        table = self.table
        unseen, live = self.unseen_copy, self.live
        wins = [self._winning_tile(kind, tiles) if unseen[kind] is None else unseen[kind] for kind in waits]
        assessments = assess_rons(tiles, wins, table.win_context, table.rules)
        wait_values = tuple(WaitAnalysis(kind, win, live[kind], assessment.clears_floor, tiles, table, assessment.value)
                            for kind, win, assessment in zip(waits, wins, assessments, strict=True))
        wall_counts, counts = self.wall_counts, hand.counts
        pool_wait_copies = sum(wall_counts[kind] - counts[kind] for kind in waits)
        return CandidateHand(tiles, wait_values, pool_wait_copies, table.rules.red_fives)

    def _reds_won(self, hand: TenpaiHand | tuple[int, ...], counts: Sequence[int], red_suits: tuple[bool, ...],
                  kind: int, win: int | None) -> int:
        if win is None:
            win = self._winning_tile(kind, hand.tiles if isinstance(hand, TenpaiHand) else hand)
        return reds_held(_won(counts, kind), red_suits, win // SUIT_IDS if win in RED_FIVE_IDS else None)

    def _score(self, pending: PendingHand) -> CandidateHand:
        """The hand with its waits: those that may clear scored, the others left unscored."""
        table = self.table
        tiles = pending.tiles
        live = self.live
        wins = [self._winning_tile(kind, tiles) if win is None else win
                for kind, win in zip(pending.waits, pending.win_tiles, strict=True)]
        if not any(pending.may_clear):
            waits = tuple(WaitAnalysis(kind, win, live[kind], False, tiles, table, bound=bound)
                          for kind, win, bound in zip(pending.waits, wins, pending.bounds, strict=True))
            return CandidateHand(tiles, waits, pending.pool_wait_copies, table.rules.red_fives)
        limits = self._limits(pending)
        scored = [win for win, clears, limit in zip(wins, pending.may_clear, limits, strict=True)
                  if clears and limit is None]
        assessments = iter(assess_rons(tiles, scored, table.win_context, table.rules) if scored else ())
        waits = []
        for kind, win, clears, limit, bound in zip(pending.waits, wins, pending.may_clear, limits, pending.bounds,
                                                   strict=True):
            if limit is not None:
                waits.append(WaitAnalysis(kind, win, live[kind], True, tiles, table, limit=limit))
            elif clears:
                assessment = next(assessments)
                waits.append(WaitAnalysis(kind, win, live[kind], assessment.clears_floor, tiles, table,
                                          assessment.value))
            else:
                waits.append(WaitAnalysis(kind, win, live[kind], False, tiles, table, bound=bound))
        return CandidateHand(tiles, tuple(waits), pending.pool_wait_copies, table.rules.red_fives)

    def _ranked(self, hands: Iterable[TenpaiHand]) -> Iterator[CandidateHand]:
        """The hands in rank order, best first, each looked at in three steps, each only
        when the step before cannot rule it out: its quick key (`_quick_key`), its key on
        the exact bound (`_pending`), its score. A hand is given out once its exact rank
        key starts before every key not yet refined: each key is never after the hand's
        rank key, so no hand still unscored can come before it (on a tie of the first four
        parts the tile ids decide, so it waits)."""
        # Only the quick keys are kept for every hand; the bound and the score of the few
        # hands refined wait in `ready`: a rich wall's every bounded hand held at once
        # was some 10 MB (issue 16: memory), and the best hand of a wall rarely needs the
        # exact bound of more than a tenth of its hands.
        hands = hands if isinstance(hands, list) else list(hands)
        keys = [self._quick_key(hand) for hand in hands]
        ready: list[tuple[tuple[object, ...], int, PendingHand | CandidateHand]] = []
        order = count()
        for index in sorted(range(len(keys)), key=keys.__getitem__):
            while ready and ready[0][0] < keys[index]:
                yield from self._refine(ready, order)
            entry = self._pending_hand(hands[index])
            heapq.heappush(ready, (entry.key, next(order), entry))
        while ready:
            yield from self._refine(ready, order)

    def _refine(self, ready: list[tuple[tuple[object, ...], int, PendingHand | CandidateHand]],
                order: Iterator[int]) -> Iterator[CandidateHand]:
        """Take the first of `ready`: a scored hand is given out, a bounded one scored and
        put back under its rank key (exact)."""
        _, _, entry = heapq.heappop(ready)
        if isinstance(entry, CandidateHand):
            yield entry
            return
        hand = self._score(entry)
        key = hand.rank_key if True in entry.may_clear else (*entry.key, hand.tiles)  # exact: nothing scored
        heapq.heappush(ready, (key, next(order), hand))

    def _quick_key(self, hand: TenpaiHand) -> tuple[float, int, int, int]:
        """Never after the hand's `_pending` key (nor its rank key), from `bound.quick_bounds`,
        which is never below the exact bound: each wait it lets clear adds as much or
        more payment, and its live copies to the clearing ones rather than the passing
        ones; the forced discards are exact."""
        counts, red_suits, waits = hand[0], hand[1], hand[2]
        floor = self.table.rules.floor_applies
        live, wall_counts = self.live, self.wall_counts
        payment, clearing, passing, pool_wait_copies = 0.0, 0, 0, 0
        bounds = quick_bounds(counts, waits, red_suits if self.table.rules.red_fives else None,
                              self._plain_ron_bounds)
        for kind, bound in zip(waits, bounds, strict=True):
            copies = live[kind]
            pool_wait_copies += wall_counts[kind] - counts[kind]
            if bound >= MANGAN_BASE_POINTS or not floor:
                clearing += copies
                if copies:
                    payment += copies * (bound / MANGAN_BASE_POINTS)
            else:
                passing += copies
        return -payment, -clearing, max(0, pool_wait_copies - POOL_TILES_NEVER_DISCARDED), passing

    def _whole(self, hands: Iterable[TenpaiHand]) -> list[CandidateHand]:
        """Every hand in rank order (as `_ranked` gives them), scored in one pass and
        sorted once: with every hand wanted, no best-first order is needed."""
        if not self.table.rules.floor_applies:
            entries = [(scored.rank_key, scored) for scored in map(self._score_every_wait, hands)]
        else:
            entries = []
            for hand in hands:
                entry = self._pending_hand(hand)
                scored = self._score(entry)
                # a key with nothing scored is exact already
                entries.append((scored.rank_key if True in entry.may_clear else (*entry.key, scored.tiles), scored))
        entries.sort(key=itemgetter(0))
        return [hand for _, hand in entries]

    def _whole_tiles(self, hands: Iterable[TenpaiHand]) -> list[tuple[int, ...]]:
        """The tile ids of `_whole`, keeping only each hand's rank key (its last part is
        the tile ids) and not building the hands that nothing can clear."""
        if not self.table.rules.floor_applies:
            keys = [scored.rank_key for scored in map(self._score_every_wait, hands)]
        else:
            keys = []
            for hand in hands:
                entry = self._pending_hand(hand)
                keys.append(self._score(entry).rank_key if True in entry.may_clear else (*entry.key, entry.tiles))
        keys.sort()  # the tile ids make every key different: the order of `_whole`
        return [key[-1] for key in keys]

    def _winning_tile(self, kind: int, hand: Sequence[int]) -> int:
        """The copy to score a ron with: one the opponent may hold, a plain one if possible."""
        unseen = self.unseen_copy[kind]
        if unseen is not None:
            return unseen
        red_fives = self.table.rules.red_fives
        outside = [t for t in range(kind * COPIES, kind * COPIES + COPIES) if t not in hand]
        return min(outside, key=lambda t: (is_red(t, red_fives), t))


RankKey = tuple[float, int, int, int, tuple[int, ...]]


class PendingHand(NamedTuple):
    """A tenpai hand before scoring, with what its bound allows (`BoundedWall`): `key` is
    never after the first four parts of the hand's `rank_key`, and equal to them when no
    wait may clear. Its tile ids are worked out only when it is scored."""

    key: tuple[float, int, int, int]
    hand: TenpaiHand | tuple[int, ...]
    waits: tuple[int, ...]
    win_tiles: tuple[int | None, ...]
    """The id each wait is scored with; None until the tile ids are known (every copy seen)."""
    may_clear: tuple[bool, ...]
    """Per wait, whether the bound lets a plain riichi ron clear the floor (every wait
    where no floor applies)."""
    bounds: Sequence[float]
    """Per wait, at least the base points of a plain riichi ron (`bound.base_points_bound`)."""
    pool_wait_copies: int
    reds: Sequence[int]
    """Per wait, the red fives the library counts in the 14 tiles."""

    @property
    def tiles(self) -> tuple[int, ...]:
        return self.hand.tiles if isinstance(self.hand, TenpaiHand) else self.hand

    @property
    def counts(self) -> Sequence[int]:
        """The 13 tiles' kind counts."""
        return self.hand.count_bytes if isinstance(self.hand, TenpaiHand) else tuple(counts34(self.hand))

    @property
    def multiplier_bounds(self) -> tuple[float, ...]:
        """Per wait, at least its `WaitAnalysis.multiplier` (0 for a wait that cannot clear)."""
        return tuple(bound / MANGAN_BASE_POINTS if clears else 0.0
                     for bound, clears in zip(self.bounds, self.may_clear, strict=True))


@dataclass(frozen=True, eq=False)
class BoundedWall:
    """A wall's tenpai hands at a table before scoring, each with what its bound allows:
    for callers that choose by their own measure (the AI's expected value, the lab's live
    mangan) and score only the hands that could be chosen."""

    _analyser: WallAnalyser = field(repr=False)
    hands: tuple[PendingHand, ...]

    @property
    def live(self) -> tuple[int, ...]:
        """Per kind, the copies the player cannot see."""
        return self._analyser.live

    @collector_paused
    def score(self, hand: PendingHand) -> CandidateHand:
        """The hand with its waits (as the ranking scores it)."""
        return self._analyser._score(hand)

    def best_first(self, bound: Callable[[PendingHand], K]) -> Iterator[tuple[K, CandidateHand]]:
        """Every hand, scored one at a time in decreasing order of `bound` (on a tie, in
        the order of `hands`), with its bound. A caller after the greatest of a value
        that `bound` never understates stops at the first bound below the best value it
        has scored: no hand after it can beat that."""
        keys = [bound(hand) for hand in self.hands]
        # a reversed sort keeps equal keys in their order
        for index in sorted(range(len(keys)), key=keys.__getitem__, reverse=True):
            yield keys[index], self.score(self.hands[index])

    def has_live_mangan(self) -> bool:
        """Whether some hand has a live wait whose plain riichi ron is worth mangan or more,
        scoring the hands whose bound allows one, most valuable first, up to the first."""
        live = self.live

        def best_live(hand: PendingHand) -> float:
            return max((bound for kind, bound in zip(hand.waits, hand.bounds, strict=True) if live[kind]),
                       default=0.0)

        for bound, hand in self.best_first(best_live):
            if bound < MANGAN_BASE_POINTS:
                return False
            if any(wait.live and wait.mangan_or_more for wait in hand.waits):
                return True
        return False


def _shared_parts(pending: Iterable[PendingHand]) -> Iterator[PendingHand]:
    """The hands with each equal part one object: a wall's tens of thousands of hands
    have a few thousand different keys, waits and bounds, and a `BoundedWall` holds them
    all for as long as its caller (the AI's build) chooses (issue 16: memory). One table
    per part, as equal tuples of different parts may mix 1, 1.0 and True."""
    tables: tuple[dict[object, object], ...] = tuple({} for _ in range(6))
    keys, waits, wins, may, bounds, reds = (table.setdefault for table in tables)
    for entry in pending:
        per_wait, wait_reds = tuple(entry.bounds), tuple(entry.reds)
        yield PendingHand(keys(entry.key, entry.key), entry.hand, waits(entry.waits, entry.waits),  # type: ignore[arg-type]
                          wins(entry.win_tiles, entry.win_tiles), may(entry.may_clear, entry.may_clear),
                          bounds(per_wait, per_wait), entry.pool_wait_copies, reds(wait_reds, wait_reds))


@lru_cache(maxsize=256)
def _bound_table(table: TableContext, ippatsu: bool, houtei: bool) -> BoundTable:
    """What the bound needs for the floor value of a ron at this table, with this luck
    (counted only when the floor counts situational yaku)."""
    counted = table.rules.floor_counts_situational
    context = table.win_context
    return BoundTable.of(
        seat_wind=context.seat_wind, round_wind=context.round_wind,
        dora_indicator_kinds=tuple(t // COPIES for t in context.dora_indicators), riichi=context.riichi,
        ippatsu=ippatsu and counted, houtei=houtei and counted, renhou_han=0, kiriage=table.rules.kiriage,
    )


def _bound(table: TableContext, counts: tuple[int, ...], win_kind: int, reds: int, ippatsu: bool,
           houtei: bool) -> float:
    return base_points_bound(counts, win_kind, reds, _bound_table(table, ippatsu, houtei))


def _reds(hand: Sequence[int], win_tile: int, counts: Sequence[int], rules: Rules) -> int:
    """The red fives the library counts in a hand and its winning tile."""
    if not rules.red_fives:
        return 0
    held = {t // SUIT_IDS for t in hand if t in RED_FIVE_IDS}
    red_suits = tuple(suit in held for suit in range(len(SUIT_STARTS)))
    return reds_held(tuple(counts), red_suits, win_tile // SUIT_IDS if win_tile in RED_FIVE_IDS else None)


def _won(counts: Sequence[int], win_kind: int) -> tuple[int, ...]:
    won = list(counts)
    won[win_kind] += 1
    return tuple(won)


def _unseen_copies(visible: frozenset[int], red_fives: bool) -> tuple[int | None, ...]:
    """Per kind, the copy a ron is scored with when the player cannot see every copy: an
    unseen one, plain rather than red, lowest id first (None when all are seen)."""
    unseen_copy: list[int | None] = []
    for kind in range(TILE_COUNT // COPIES):
        unseen = [t for t in range(kind * COPIES, kind * COPIES + COPIES) if t not in visible]
        unseen_copy.append(min(unseen, key=lambda t: (is_red(t, red_fives), t)) if unseen else None)
    return tuple(unseen_copy)


def _check_wall(wall_ids: Iterable[int]) -> tuple[int, ...]:
    wall = tuple(wall_ids)
    bad = [t for t in wall if not isinstance(t, int) or not 0 <= t < TILE_COUNT]
    if bad:
        raise ValueError(f"tile ids are 0..{TILE_COUNT - 1}, not {bad[0]!r}")
    if len(set(wall)) != len(wall):
        raise ValueError("a wall holds each tile id once")
    return wall


def _check_selection(wall: tuple[int, ...], selected_ids: Iterable[int]) -> tuple[int, ...]:
    selected = tuple(selected_ids)
    if len(selected) > HAND_SIZE:
        raise ValueError(f"a hand has {HAND_SIZE} tiles; {len(selected)} are selected")
    if len(set(selected)) != len(selected):
        raise ValueError("a tile is selected twice")
    outside = sorted(set(selected) - set(wall))
    if outside:
        raise ValueError(f"selected tile id {outside[0]} is not in the wall")
    return selected


def _table(wall: tuple[int, ...], seat_wind: int, dora_indicator: int | None, rules: Rules) -> TableContext:
    if seat_wind not in WIND_KINDS:
        raise ValueError(f"a seat wind is a wind kind {WIND_KINDS}, not {seat_wind!r}")
    if dora_indicator is not None:
        if not isinstance(dora_indicator, int) or not 0 <= dora_indicator < TILE_COUNT:
            raise ValueError(f"the dora indicator is a tile id 0..{TILE_COUNT - 1}, not {dora_indicator!r}")
        if rules.indicator_is_in_play and dora_indicator in wall:
            raise ValueError("the dora indicator comes from a side wall, not from the player's wall")
    return TableContext(rules, seat_wind, dora_indicator)
