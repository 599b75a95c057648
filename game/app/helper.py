"""The building helper: what the analyser says about the tiles in the hand slots.

The whole wall is ranked once, in a worker process, when building starts (it takes a
second or two, and a process keeps the frame loop free of that work); after that, a
selection of fewer than 13 tiles is answered by filtering the ranked hands, and a full
hand (or a suggestion) by analysing just that hand, both well within a frame.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass

from game.engine import analysis
from game.engine.analysis import CandidateHand, WaitAnalysis
from game.engine.hand import HAND_SIZE
from game.engine.rules import Rules
from game.engine.scoring import WinValue
from game.engine.tiles import KIND_COUNT, is_red, kind_code, pick_ids, tile_code

log = logging.getLogger(__name__)

SUGGESTIONS_SHOWN = 3
COPIES_BITS = 4


@dataclass(frozen=True)
class WaitLine:
    """One wait as the helper shows it."""

    kind: int
    live: int
    value: WinValue | None
    clears_floor: bool
    luck_only: bool
    """Reaches mangan only with ippatsu or houtei."""

    @property
    def code(self) -> str:
        return kind_code(self.kind)

    @property
    def dead(self) -> bool:
        return self.live == 0


@dataclass(frozen=True)
class Suggestion:
    """A tenpai hand holding the selection: the tiles it adds and its waits."""

    tiles: tuple[int, ...]
    added: tuple[int, ...]
    waits: tuple[WaitLine, ...]
    payment: float


@dataclass(frozen=True)
class HelperReport:
    selected: int
    ready: bool
    """Whether the whole-wall analysis has finished (needed below 13 tiles)."""
    tenpai: bool | None = None
    waits: tuple[WaitLine, ...] = ()
    warnings: tuple[str, ...] = ()
    completions: int = 0
    suggestions: tuple[Suggestion, ...] = ()
    wall_has_tenpai: bool | None = None

    @property
    def mangan_tenpai(self) -> bool:
        """A full hand with a live wait that clears the floor: one that can win."""
        return bool(self.tenpai) and any(w.clears_floor and not w.dead for w in self.waits)


def wait_lines(waits: Sequence[WaitAnalysis]) -> tuple[WaitLine, ...]:
    return tuple(
        WaitLine(
            w.kind, w.live, w.value, w.clears_floor, not w.clears_floor and w.clears_floor_only_with_luck
        )
        for w in waits
    )


def warnings_for(hand: CandidateHand, lines: Sequence[WaitLine], floor_applies: bool) -> tuple[str, ...]:
    """What can go wrong with this hand, one note per kind of trouble."""
    if not hand.tenpai:
        return ("Not tenpai: this hand can never win.",)
    dead = [line.code for line in lines if line.dead]
    no_yaku = [line.code for line in lines if not line.dead and line.value is None]
    below = [line for line in lines
             if floor_applies and not line.dead and line.value is not None and not line.clears_floor]
    notes: list[str] = []
    if dead:
        notes.append(f"Dead: {' '.join(dead)}. Every copy is in your own wall or is the indicator.")
    if no_yaku:
        notes.append(f"No yaku on {' '.join(no_yaku)}: such a win is not allowed.")
    if below:
        lucky = [line.code for line in below if line.luck_only]
        luck = f" ({' '.join(lucky)} reach it only with ippatsu or houtei)" if lucky else ""
        notes.append(f"Below mangan: {' '.join(line.code for line in below)}{luck}. If one is discarded you "
                     "must let it pass, and then you are furiten.")
    if not any(line.clears_floor and not line.dead for line in lines):
        notes.append("No live wait reaches mangan: this hand cannot win.")
    if hand.forced_wait_discards:
        notes.append(f"Your pool keeps {hand.pool_wait_copies} of your own winning tiles; only 4 can be held "
                     f"back, so you must discard {hand.forced_wait_discards} of them (furiten).")
    return tuple(notes)


def _code_index(tile: int, red_fives: bool) -> int:
    """Red fives count apart from plain fives, as they are different tiles to hold."""
    return KIND_COUNT + tile // 36 if is_red(tile, red_fives) else tile // 4


def holding_mask(tiles: Sequence[int], red_fives: bool) -> int:
    """A bit per (tile, nth copy held): A holds B exactly when B's bits are all in A's."""
    counts: dict[int, int] = {}
    mask = 0
    for tile in tiles:
        index = _code_index(tile, red_fives)
        counts[index] = counts.get(index, 0) + 1
        mask |= 1 << (index * COPIES_BITS + counts[index] - 1)
    return mask


RankedHands = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


def warm_up() -> None:
    """Give a worker process the analyser (imported with this module) before it is needed."""


def rank_wall(wall: tuple[int, ...], seat_wind: int, dora_indicator: int | None, rules: Rules) -> RankedHands:
    """Every tenpai hand of the wall, best first, with its holding mask (run in a worker)."""
    hands = tuple(hand.tiles for hand in analysis.analyze_wall(wall, seat_wind, dora_indicator, rules).hands)
    return hands, tuple(holding_mask(hand, rules.red_fives) for hand in hands)


class BuildHelper:
    def __init__(self, wall: Sequence[int], seat_wind: int, dora_indicator: int | None, rules: Rules,
                 executor: Executor, fallback: Executor | None = None) -> None:
        """`executor` ranks the wall (a process pool, ideally); if it fails, as a pool of
        processes can on a system that cannot start them, `fallback` ranks it instead."""
        self.wall = tuple(wall)
        self.seat_wind = seat_wind
        self.dora_indicator = dora_indicator
        self.rules = rules
        self._fallback = fallback
        self._future = self._rank(executor)
        self._hands: dict[tuple[int, ...], CandidateHand] = {}
        self._full_hands: dict[tuple[int, ...], HelperReport] = {}

    def _rank(self, executor: Executor) -> Future[RankedHands]:
        return executor.submit(rank_wall, self.wall, self.seat_wind, self.dora_indicator, self.rules)

    @property
    def ready(self) -> bool:
        if self._future.done() and self._future.exception() is not None and self._fallback is not None:
            log.warning("the wall analysis failed in its worker (%s); analysing in a thread instead",
                        self._future.exception())
            self._future, self._fallback = self._rank(self._fallback), None
        return self._future.done()

    def wait_until_ready(self, timeout: float | None = None) -> None:
        wait([self._future], timeout)
        if not self.ready:  # the worker failed and the fallback has taken over
            wait([self._future], timeout)

    def report(self, selection: Sequence[int]) -> HelperReport:
        if len(selection) == HAND_SIZE:
            return self._full_hand_report(tuple(selection))
        if not self.ready:
            return HelperReport(len(selection), ready=False)
        hands, masks = self._future.result()
        wanted = holding_mask(selection, self.rules.red_fives)
        matches = [hand for hand, mask in zip(hands, masks, strict=True) if wanted & ~mask == 0]
        suggestions = tuple(self._suggestion(hand, selection) for hand in matches[:SUGGESTIONS_SHOWN])
        return HelperReport(
            len(selection),
            ready=True,
            completions=len(matches),
            suggestions=suggestions,
            wall_has_tenpai=bool(hands),
        )

    def suggest(self, selection: Sequence[int]) -> tuple[int, ...] | None:
        """The best tenpai hand keeping the selection (or the wall's best); None while analysing
        or when the wall has no tenpai hand at all."""
        if not self.ready:
            return None
        if len(selection) < HAND_SIZE:
            report = self.report(selection)
            if report.suggestions:
                return report.suggestions[0].tiles
        hands = self._future.result()[0]
        return self._suggestion(hands[0], ()).tiles if hands else None

    def _full_hand_report(self, selection: tuple[int, ...]) -> HelperReport:
        key = tuple(sorted(selection))
        cached = self._full_hands.get(key)
        if cached is None:
            result = analysis.analyze_selection(
                self.wall, key, self.seat_wind, self.dora_indicator, self.rules
            )
            hand = result.hand
            assert hand is not None
            lines = wait_lines(hand.waits)
            cached = HelperReport(
                HAND_SIZE,
                ready=self.ready,
                tenpai=hand.tenpai,
                waits=lines,
                warnings=warnings_for(hand, lines, self.rules.floor_applies),
            )
            self._full_hands[key] = cached
        return cached

    def _analysed(self, tiles: tuple[int, ...]) -> CandidateHand:
        """One 13-tile hand through the analyser: its waits, live copies and values."""
        hand = self._hands.get(tiles)
        if hand is None:
            table = (self.seat_wind, self.dora_indicator, self.rules)
            result = analysis.analyze_selection(self.wall, tiles, *table)
            assert result.hand is not None
            hand = self._hands[tiles] = result.hand
        return hand

    def _suggestion(self, tiles: tuple[int, ...], selection: Sequence[int]) -> Suggestion:
        """A ranked hand with the player's own tile ids for what is already selected."""
        hand = self._analysed(tiles)
        red = self.rules.red_fives
        codes = [tile_code(t, red) for t in hand.tiles]
        for tile in selection:
            codes.remove(tile_code(tile, red))
        added = tuple(pick_ids(codes, set(self.wall) - set(selection), red))
        return Suggestion(tuple(selection) + added, added, wait_lines(hand.waits), hand.payment)
