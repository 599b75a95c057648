"""How the analyser keeps up: what makes a wall's tens of thousands of hands cheap to
list, hold and score, none of which changes a ranking (game/engine/analysis.py).

* `tenpai_hands` lists the hands as `TenpaiHand`s, plain tuples whose tile ids a
  `TilePicker` works out only when they are asked for, from ids it keeps per suit;
* `once` caches a value on first use without `functools.cached_property`'s lock;
* `collector_paused` runs an analysis with the cyclic garbage collector paused.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from functools import wraps
from itertools import product
from typing import Generic, ParamSpec, TypeVar, overload

from game.engine.tenpai import SUIT_STARTS, tenpai_counts
from game.engine.tiles import RED_FIVE_IDS, counts34, is_red

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
COPIES = 4
FIVE_KINDS = tuple(red // COPIES for red in sorted(RED_FIVE_IDS))
_SUITS = range(len(SUIT_STARTS))
_NO_RED = (False,) * len(SUIT_STARTS)


class once(Generic[T, R]):
    """`functools.cached_property` without its lock (Python 3.11 takes one on every first
    use, and the JSON report makes tens of thousands): the value goes into the instance
    dict, which then answers alone. Two threads may both compute it; they compute the same."""

    def __init__(self, func: Callable[[T], R]) -> None:
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T, R]: ...

    @overload
    def __get__(self, instance: T, owner: type | None = None) -> R: ...

    def __get__(self, instance: T | None, owner: type | None = None) -> R | once[T, R]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


def collector_paused(analysis: Callable[P, R]) -> Callable[P, R]:
    """Run an analysis with the cyclic garbage collector paused. Scoring thousands of waits
    allocates hundreds of thousands of short-lived, acyclic objects (reference counting
    frees them), and each collection they trigger re-walks the long-lived scoring cache:
    about a fifth of a full wall analysis went there. The collector is process-wide, so an
    analysis in one thread pauses it for the others too: that only delays collections."""

    @wraps(analysis)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return analysis(*args, **kwargs)
        gc.disable()
        try:
            return analysis(*args, **kwargs)
        finally:
            gc.enable()

    return paused


class TenpaiHand(tuple):  # type: ignore[type-arg]
    """A tenpai hand before scoring: its kind counts, which suits' red five it holds,
    and its wait kinds; built as `TenpaiHand((counts, red_suits, waits, picker))`, the
    counts a byte each (`candidates.tenpai_counts`).

    A tuple with named parts, as a NamedTuple but made by `tuple`'s own constructor: a
    wall has tens of thousands of hands, and each is 72 bytes instead of an object with
    its attribute dict (some 200), made in a third of the time (issue 16: memory)."""

    __slots__ = ()

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(self[0])

    @property
    def count_bytes(self) -> bytes:
        """The kind counts as they are kept (the analyser reads them so)."""
        return self[0]  # type: ignore[no-any-return]

    @property
    def red_suits(self) -> tuple[bool, ...]:
        return self[1]  # type: ignore[no-any-return]

    @property
    def waits(self) -> tuple[int, ...]:
        return self[2]  # type: ignore[no-any-return]

    @property
    def picker(self) -> TilePicker:
        return self[3]  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"TenpaiHand(counts={self.counts!r}, red_suits={self.red_suits!r}, waits={self.waits!r})"

    @property
    def tiles(self) -> tuple[int, ...]:
        """Its 13 tile ids from the wall, sorted. Worked out on each use, cheaply (the
        picker keeps every suit's ids): caching them cost more than it saved."""
        return self[3].hand_ids(self[0], self[1])  # type: ignore[no-any-return]


def tenpai_hands(wall: tuple[int, ...], selected: tuple[int, ...], red_fives: bool) -> list[TenpaiHand]:
    """Every tenpai hand of a checked wall that keeps the checked selection, once per
    choice of red or plain five the wall allows."""
    picker = TilePicker(wall, selected, red_fives)
    return [
        TenpaiHand((counts, red_suits, waits, picker))
        for counts, waits in tenpai_counts(counts34(wall), required=counts34(selected)).items()
        for red_suits in picker.red_choices(counts)
    ]


class TilePicker:
    """Turns a hand's kind counts into tile ids from the wall: the selected ids first,
    then the lowest ids, once per choice of red or plain five the wall allows.

    Hands are built suit by suit and suits repeat across thousands of hands, so the ids
    of each (suit, part, red five or not) are worked out once.
    """

    def __init__(self, wall: Sequence[int], selected: Sequence[int], red_fives: bool) -> None:
        kept = set(selected)
        self._preferred: dict[tuple[int, bool], list[int]] = {}
        self._plain_stock: dict[int, int] = {}
        self._plain_kept: dict[int, int] = {}
        self._red_in_wall: set[int] = set()
        self._red_kept: set[int] = set()
        for kind in {t // COPIES for t in wall}:
            stock = sorted(t for t in wall if t // COPIES == kind)
            reds = [t for t in stock if is_red(t, red_fives)]
            plain = [t for t in stock if not is_red(t, red_fives)]
            kept_plain = [t for t in plain if t in kept]
            free_plain = [t for t in plain if t not in kept]
            self._preferred[(kind, True)] = kept_plain + reds + free_plain
            self._preferred[(kind, False)] = kept_plain + free_plain
            self._plain_stock[kind], self._plain_kept[kind] = len(plain), len(kept_plain)
            self._red_in_wall.update(kind for _ in reds)
            self._red_kept.update(kind for t in reds if t in kept)
        self._part_ids: dict[tuple[int, Sequence[int], bool], tuple[int, ...]] = {}

    def red_choices(self, counts: Sequence[int]) -> list[tuple[bool, ...]]:
        """Per suit, whether the hand holds its red five: one entry per distinct hand."""
        if not self._red_in_wall:
            return [_NO_RED]
        choices = [self._red_choices(counts, kind) for kind in FIVE_KINDS]
        return [(*reds, False) for reds in product(*choices)]

    def hand_ids(self, counts: Sequence[int], red_suits: tuple[bool, ...]) -> tuple[int, ...]:
        parts = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
        tiles: tuple[int, ...] = ()
        for key in zip(_SUITS, parts, red_suits, strict=True):
            ids = self._part_ids.get(key)
            if ids is None:
                ids = self._part_ids[key] = self._suit_ids(*key)
            tiles += ids
        return tiles

    def _red_choices(self, counts: Sequence[int], kind: int) -> tuple[bool, ...]:
        """Whether the hand can hold this suit's red five, and whether it can do without."""
        held = counts[kind]
        if not held or kind not in self._red_in_wall:
            return (False,)
        with_red = self._plain_kept[kind] <= held - 1
        without_red = held <= self._plain_stock[kind] and kind not in self._red_kept
        return tuple(red for red, allowed in ((True, with_red), (False, without_red)) if allowed)

    def _suit_ids(self, suit: int, part: Sequence[int], red: bool) -> tuple[int, ...]:
        start = SUIT_STARTS[suit]
        return tuple(sorted(
            tile
            for offset, count in enumerate(part) if count
            for tile in self._preferred[(start + offset, red)][:count]
        ))
