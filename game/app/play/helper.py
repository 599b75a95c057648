"""The building helper: what the analyser says about the tiles in the hand slots.

When building starts the wall is studied in a worker process, ahead of the AI seats'
work (`submit_first` of the analysis pool): first the best hands (`FIRST_ANSWER` of them,
tens of milliseconds: the analyser scores best-first), then the whole ranking. A selection
of fewer than 13 tiles is answered by filtering the ranked hands (from the first answer
while its hands are enough to be sure of the suggestions shown), and a full hand by
analysing just that hand, both well within a frame. Suggest pressed before any answer is
kept (`want_suggestion`) and taken the moment it can be (`take_suggestion`).
"""

from __future__ import annotations

import ctypes
import gc
import logging
import sys
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass
from functools import _lru_cache_wrapper, cached_property
from typing import Any

from game.app.words.i18n import N_, Later, Message
from game.app.words.terms import tiles_in_sentence
from game.engine import analysis, bound, scoring
from game.engine.analysis import CandidateHand
from game.engine.kyoku import HAND_SIZE
from game.engine.rules import Rules
from game.engine.scoring import WinValue
from game.engine.tiles import KIND_COUNT, is_red, kind_code, kind_of, pick_ids, tile_code
from game.engine.wait_chances import RonChances, hand_luck, riichi_chances, wait_chances

log = logging.getLogger(__name__)

SUGGESTIONS_SHOWN = 3
FIRST_ANSWER = 5
"""Hands in the first answer: the best ones, exactly as the whole ranking starts."""
COPIES_BITS = 4


@dataclass(frozen=True)
class WaitLine:
    """One wait as the helper shows it."""

    kind: int
    live: int
    value: WinValue | None
    clears_floor: bool
    """A plain riichi ron on it (the value shown) is allowed."""
    wins: bool
    """A ron on it is allowed on some discard still to come (game/engine/wait_chances.py):
    what the helper's "can it win" trusts. No default: a line made without it would say that
    its hand cannot win."""
    luck: tuple[str, ...] = ()
    """Every discard that allows a ron on it allows it only with these yaku of its own
    ("houtei", "ippatsu", or "renhou" alone): below the floor but for them."""

    @property
    def luck_only(self) -> bool:
        """Reaches mangan only with ippatsu or houtei."""
        return bool(self.luck)

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
    """Whether the wall has been studied far enough to answer (needed below 13 tiles)."""
    tenpai: bool | None = None
    waits: tuple[WaitLine, ...] = ()
    warnings: tuple[Message, ...] = ()
    completions: int | None = 0
    """Tenpai hands holding the selection; None while the rest of the wall is ranked."""
    suggestions: tuple[Suggestion, ...] = ()
    wall_has_tenpai: bool | None = None
    suggestion_coming: bool = False
    """Suggest was pressed before the wall was studied: the hand is filled when it is."""

    @property
    def suggestions_can_win(self) -> bool:
        """Whether the best tenpai hand holding the selection has a live wait that clears the
        floor: the ranking puts such hands first, so when the best has none, no hand has."""
        return any(w.clears_floor and not w.dead for s in self.suggestions[:1] for w in s.waits)

    @property
    def mangan_tenpai(self) -> bool:
        """A full hand with a live wait that wins on a discard still to come without needing
        ippatsu or houtei: one that can win."""
        return bool(self.tenpai) and any(w.wins and not w.luck and not w.dead for w in self.waits)

    @property
    def luck(self) -> tuple[str, ...]:
        """The situational yaku without which this full hand cannot win ("houtei",
        "ippatsu"): empty when a live wait wins without them, or none wins even with them."""
        if not self.tenpai:
            return ()
        return hand_luck(w for w in self.waits if not w.dead)


def wait_lines(hand: CandidateHand, chances: RonChances) -> tuple[WaitLine, ...]:
    """The hand's waits as shown: the analyser's values, and where each can win as the engine
    judges it on the discards to come (the waits strip's judgement)."""
    judged = wait_chances(hand.tiles, [w.tile for w in hand.waits], chances)
    return tuple(WaitLine(w.kind, w.live, w.value, w.clears_floor, chance.wins, chance.luck)
                 for w, chance in zip(hand.waits, judged, strict=True))


def warnings_for(hand: CandidateHand, lines: Sequence[WaitLine], floor_applies: bool) -> tuple[Message, ...]:
    """What can go wrong with this hand, one note per kind of trouble. Each is kept as its
    message (a report is kept while the hand stays): it reads in the language of the moment."""
    if not hand.tenpai:
        return (Message(N_("Not tenpai: this hand can never win.")),)
    dead = [line.code for line in lines if line.dead]
    no_yaku = [line.code for line in lines if not line.dead and line.value is None]
    below = [line for line in lines
             if floor_applies and not line.dead and line.value is not None and not line.clears_floor]
    notes: list[Message] = []
    if dead:
        notes.append(Message(N_("Dead: {tiles}. Every copy is in your own wall or is the indicator."),
                             tiles=_tiles(dead)))
    if no_yaku:
        notes.append(Message(N_("No yaku on {tiles}: such a win is not allowed."), tiles=_tiles(no_yaku)))
    if below:
        lucky = [line.code for line in below if line.luck_only]
        codes = [line.code for line in below]
        if lucky:
            notes.append(Message(N_("Below mangan: {tiles} ({lucky} reach it only with ippatsu or houtei). If one "
                                    "is discarded you must let it pass, and then you are furiten."),
                                 tiles=_tiles(codes), lucky=_tiles(lucky)))
        else:
            notes.append(Message(N_("Below mangan: {tiles}. If one is discarded you must let it pass, and then you "
                                    "are furiten."), tiles=_tiles(codes)))
    luck = hand_luck(line for line in lines if not line.dead)
    if luck:
        notes.append(Message(LUCK_NOTES[luck]))
    elif not any(line.wins and not line.dead for line in lines):
        notes.append(Message(N_("No live wait reaches mangan: this hand cannot win.")))
    if hand.forced_wait_discards:
        notes.append(Message(N_("Your pool keeps {kept} of your own winning tiles; only 4 can be held back, so you "
                                "must discard {count} of them (furiten)."),
                             kept=hand.pool_wait_copies, count=hand.forced_wait_discards))
    return tuple(notes)


def _tiles(codes: Sequence[str]) -> Later:
    """Tiles named in a note, in the language it is read in."""
    return Later(lambda: tiles_in_sentence(codes))


LUCK_NOTES = {
    ("ippatsu",): N_("No live wait reaches mangan without ippatsu: this hand can win only in the first go-around "
                     "after your riichi."),
    ("houtei",): N_("No live wait reaches mangan without houtei: this hand can win only on a final discard."),
    ("houtei", "ippatsu"): N_("No live wait reaches mangan without ippatsu or houtei: this hand can win only in "
                              "the first go-around after your riichi or on a final discard."),
    ("renhou",): N_("No live wait reaches mangan without renhou: this hand can win only before your own first "
                    "discard."),
}
"""What the helper says of a hand below the floor but for situational yaku, by those it needs."""


def _code_index(tile: int, red_fives: bool) -> int:
    """Red fives count apart from plain fives, as they are different tiles to hold."""
    return KIND_COUNT + tile // 36 if is_red(tile, red_fives) else kind_of(tile)


def holding_mask(tiles: Sequence[int], red_fives: bool) -> int:
    """A bit per (tile, nth copy held): A holds B exactly when B's bits are all in A's."""
    counts: dict[int, int] = {}
    mask = 0
    for tile in tiles:
        index = _code_index(tile, red_fives)
        counts[index] = counts.get(index, 0) + 1
        mask |= 1 << (index * COPIES_BITS + counts[index] - 1)
    return mask


RankedHands = tuple[tuple[bytes, ...], tuple[int, ...]]
"""Hands best first (their 13 tile ids, a byte each: 46 bytes a hand instead of a 13-tuple's
160, for the game to keep the tens of thousands of a rich wall) and their holding masks."""


def warm_up() -> None:
    """Give a worker process the analyser (imported with this module) before it is needed."""


def release_memory() -> None:
    """Forget every wall analysed so far and give the memory back to the system (an
    analysis worker, after each job: the next job is another wall; the game, once a match
    is over: its AI and its results scored in the game's own threads). Every memoised
    function of the process is emptied (the analyser's, the AI's, the scoring library's
    own, and each thread's library configurations): the few entries that outlive a wall
    would otherwise keep most of the allocator's arenas of its ranking in memory. They refill in the first milliseconds
    of the next wall; the memory held meanwhile counts towards the game's 200 MB
    (benchmarks/startup.py, benchmarks/worker_memory.py)."""
    for cached in _memoised_functions():
        cached.cache_clear()
    bound.clear_cache()
    scoring.clear_cache()
    # A full collection also empties the interpreter's free lists (thousands of spare
    # tuples, spread over the arenas, would keep each of them in memory too).
    gc.collect()
    trim_heap()


_MEMOISED: weakref.WeakSet[_lru_cache_wrapper[Any]] = weakref.WeakSet()
"""Every memoised function found so far (weakly: one that goes is not kept for this)."""
_modules_looked_in: set[str] = set()
"""The modules loaded when the heap was last looked through for memoised functions."""


def _memoised_functions() -> list[_lru_cache_wrapper[Any]]:
    """Every `functools` cache of the process. The heap is looked through (a third of a
    second in a game with a window) only when a module was loaded since the last look: the
    memoised functions are made as their modules load (the library's among them)."""
    if sys.modules.keys() != _modules_looked_in:
        _modules_looked_in.clear()
        _modules_looked_in.update(sys.modules.keys())
        # type(), not isinstance(): isinstance asks a weak proxy for its referent's class,
        # and a dead proxy raises ReferenceError (the game holds some).
        _MEMOISED.update(obj for obj in gc.get_objects() if type(obj) is _lru_cache_wrapper)
    return list(_MEMOISED)


def trim_heap() -> None:
    """Hand the C allocator's free pages back to the system (glibc's `malloc_trim`; a
    no-op elsewhere): Python's freed blocks above its small-object sizes (the lists and
    dicts of a ranking) otherwise stay in the process, counted in its resident memory."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim(0)
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        pass


def rank_wall(wall: tuple[int, ...], seat_wind: int, dora_indicator: int | None, rules: Rules) -> RankedHands:
    """Every tenpai hand of the wall, best first, with its holding mask (run in a worker)."""
    hands = tuple(map(bytes, analysis.WallAnalyser(wall, seat_wind, dora_indicator, rules).ranked_tiles()))
    return hands, tuple(holding_mask(hand, rules.red_fives) for hand in hands)


def best_of_wall(wall: tuple[int, ...], seat_wind: int, dora_indicator: int | None, rules: Rules) -> RankedHands:
    """The wall's `FIRST_ANSWER` best hands, as `rank_wall` starts (run in a worker)."""
    best = analysis.WallAnalyser(wall, seat_wind, dora_indicator, rules).best_hands(FIRST_ANSWER)
    hands = tuple(bytes(hand.tiles) for hand in best.hands)
    return hands, tuple(holding_mask(hand, rules.red_fives) for hand in hands)


class BuildHelper:
    def __init__(self, wall: Sequence[int], seat_wind: int, dora_indicator: int | None, rules: Rules,
                 executor: Executor, fallback: Executor | None = None, chances: RonChances | None = None) -> None:
        """`executor` studies the wall (the analysis pool: its `submit_first` puts the
        player's work first; any executor will do); if it fails, as a pool of processes
        can on a system that cannot start them, `fallback` ranks it instead. `chances`: the
        rons the seat can take, as its view tells them at the table (`ron_chances`); a wall
        studied away from a table judges a seat in riichi (`riichi_chances`)."""
        self.wall = tuple(wall)
        self.seat_wind = seat_wind
        self.dora_indicator = dora_indicator
        self.rules = rules
        self.chances = chances if chances is not None else riichi_chances(rules, seat_wind, dora_indicator)
        self._fallback = fallback
        self._first = self._submit(executor, best_of_wall)
        self._future = self._submit(executor, rank_wall)
        self._hands: dict[bytes, CandidateHand] = {}
        self._lines: dict[bytes, tuple[WaitLine, ...]] = {}
        """Each suggested hand's waits as shown (judged once: the same hands come up again and again)."""
        self._full_hands: dict[tuple[int, ...], HelperReport] = {}
        self._wanted = False

    def _submit(self, executor: Executor, work: Callable[..., RankedHands]) -> Future[RankedHands]:
        submit = getattr(executor, "submit_first", executor.submit)
        return submit(work, self.wall, self.seat_wind, self.dora_indicator, self.rules)

    @cached_property
    def _analyser(self) -> analysis.WallAnalyser:
        """The wall at this table, for the hands analysed here one at a time."""
        return analysis.WallAnalyser(self.wall, self.seat_wind, self.dora_indicator, self.rules)

    @property
    def ready(self) -> bool:
        """Whether the whole wall is ranked."""
        if self._future.done() and self._future.exception() is not None and self._fallback is not None:
            log.warning("the wall analysis failed in its worker (%s); analysing in a thread instead",
                        self._future.exception())
            self._future, self._fallback = self._rank(self._fallback), None
        return self._future.done()

    @property
    def answered(self) -> bool:
        """Whether the best hands are known (the first answer, or the whole ranking)."""
        return self._ranked(self._first) is not None or self.ready

    @property
    def progress(self) -> tuple[bool, bool, bool]:
        """What a report depends on besides the selection: answered, ranked, suggestion wanted."""
        return self.answered, self.ready, self._wanted

    def _rank(self, executor: Executor) -> Future[RankedHands]:
        return executor.submit(rank_wall, self.wall, self.seat_wind, self.dora_indicator, self.rules)

    def wait_until_ready(self, timeout: float | None = None) -> None:
        wait([self._future], timeout)
        if not self.ready:  # the worker failed and the fallback has taken over
            wait([self._future], timeout)

    def report(self, selection: Sequence[int]) -> HelperReport:
        if len(selection) == HAND_SIZE:
            return self._full_hand_report(tuple(selection))
        ranked = self._best_known()
        if ranked is None:
            return HelperReport(len(selection), ready=False, suggestion_coming=self._wanted)
        whole, (hands, masks) = ranked
        wanted = holding_mask(selection, self.rules.red_fives)
        matches = [hand for hand, mask in zip(hands, masks, strict=True) if wanted & ~mask == 0]
        # The first answer is the start of the ranking: its first matches are the first of
        # all, so it answers once it holds as many as are shown (or the wall has no more).
        complete = whole or len(hands) < FIRST_ANSWER
        if not complete and len(matches) < SUGGESTIONS_SHOWN:
            return HelperReport(len(selection), ready=False, suggestion_coming=self._wanted)
        suggestions = tuple(self._suggestion(hand, selection) for hand in matches[:SUGGESTIONS_SHOWN])
        return HelperReport(
            len(selection),
            ready=True,
            completions=len(matches) if complete else None,
            suggestions=suggestions,
            wall_has_tenpai=bool(hands),
            suggestion_coming=self._wanted,
        )

    def suggest(self, selection: Sequence[int]) -> tuple[int, ...] | None:
        """The best tenpai hand keeping the selection (or the wall's best); None while the
        wall is studied or when the wall has no tenpai hand at all."""
        ranked = self._best_known()
        if ranked is None:
            return None
        if len(selection) < HAND_SIZE:
            report = self.report(selection)
            if report.suggestions:
                return report.suggestions[0].tiles
            if not report.ready:
                return None
        hands = ranked[1][0]
        return self._suggestion(hands[0], ()).tiles if hands else None

    def want_suggestion(self) -> None:
        """Suggest was pressed before the answer: keep it until `take_suggestion` can serve it."""
        self._wanted = True

    def take_suggestion(self, selection: Sequence[int]) -> tuple[int, ...] | None:
        """The suggestion asked for by `want_suggestion`, for the selection as it is now,
        once it can be given (then it is no longer wanted); else None."""
        if not self._wanted:
            return None
        suggestion = self.suggest(selection)
        if suggestion is not None or (self.ready and self._future.exception() is None):
            self._wanted = False
        return suggestion

    def _best_known(self) -> tuple[bool, RankedHands] | None:
        """(whole ranking?, hands and masks): the whole ranking if it has come, else the
        first answer if it has, else None."""
        if self.ready and self._future.exception() is None:
            return True, self._future.result()
        first = self._ranked(self._first)
        return None if first is None else (False, first)

    @staticmethod
    def _ranked(future: Future[RankedHands]) -> RankedHands | None:
        if not future.done() or future.cancelled() or future.exception() is not None:
            return None
        return future.result()

    def _full_hand_report(self, selection: tuple[int, ...]) -> HelperReport:
        key = tuple(sorted(selection))
        cached = self._full_hands.get(key)
        if cached is None:
            result = self._analyser.analyze_selection(key)
            hand = result.hand
            assert hand is not None
            lines = wait_lines(hand, self.chances)
            cached = HelperReport(
                HAND_SIZE,
                ready=self.ready,
                tenpai=hand.tenpai,
                waits=lines,
                warnings=warnings_for(hand, lines, self.rules.floor_applies),
            )
            self._full_hands[key] = cached
        return cached

    def _analysed(self, tiles: bytes) -> CandidateHand:
        """One 13-tile hand through the analyser: its waits, live copies and values."""
        hand = self._hands.get(tiles)
        if hand is None:
            result = self._analyser.analyze_selection(tiles)
            assert result.hand is not None
            hand = self._hands[tiles] = result.hand
        return hand

    def _suggestion(self, tiles: bytes, selection: Sequence[int]) -> Suggestion:
        """A ranked hand with the player's own tile ids for what is already selected."""
        hand = self._analysed(tiles)
        red = self.rules.red_fives
        codes = [tile_code(t, red) for t in hand.tiles]
        for tile in selection:
            codes.remove(tile_code(tile, red))
        added = tuple(pick_ids(codes, set(self.wall) - set(selection), red))
        lines = self._lines.get(tiles)
        if lines is None:
            lines = self._lines[tiles] = wait_lines(hand, self.chances)
        return Suggestion(tuple(selection) + added, added, lines, hand.payment)
