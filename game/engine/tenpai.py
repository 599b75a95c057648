"""Every 13-tile tenpai hand a wall can build, with its waits, on 34-kind counts.

No scoring and no tile ids here: this is the shape search under the analyser, written to
list the thousands of tenpai hands of a typical 34-tile wall in tens of milliseconds.

A complete 14-tile standard hand has one suit holding the pair (its tile count is 3n+2)
and suits of sets only (3n). Taking the winning tile out leaves either
  * the pair suit one tile short (3n+1, a "one-short pair part"), the rest sets only, or
  * a sets-only suit one tile short (3n+2, a "one-short sets part") plus a pair suit.
So each suit is searched on its own, for every part of it the wall can supply (a part may
exceed the wall by the one winning tile), and the suits are then combined by tile count.
Seven pairs and thirteen orphans are added separately; the results merge by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from game.engine.shape import TERMINALS_AND_HONOURS
from game.engine.tiles import KIND_COUNT

HAND_SIZE = 13
MAX_SETS = 4
SUIT_STARTS = (0, 9, 18, 27)
SUIT_LENGTHS = (9, 9, 9, 7)
HONOUR_SUIT = 3

Part = tuple[int, ...]


@dataclass(frozen=True, init=False)
class TenpaiShape:
    """A 13-tile tenpai hand as 34 kind counts, and the kinds it waits on (sorted)."""

    counts: tuple[int, ...]
    waits: tuple[int, ...]

    def __init__(self, counts: tuple[int, ...], waits: tuple[int, ...]) -> None:
        # Frozen all the same, built in one step: a wall has tens of thousands of hands.
        self.__dict__.update(counts=counts, waits=waits)


@dataclass(frozen=True)
class _SuitParts:
    """What one suit of the wall can contribute, bucketed by tile count.

    sets_only: parts that are sets only (3n); pair_parts: parts that are a pair plus sets
    (3n+2); short_pair: parts one tile short of pair-plus-sets (3n+1) with the kinds that
    complete them; short_sets: parts one tile short of sets only (3n+2) with their kinds.
    Kinds are global (0..33).
    """

    sets_only: dict[int, list[Part]]
    pair_parts: dict[int, frozenset[Part]]
    short_pair: dict[int, list[tuple[Part, tuple[int, ...]]]]
    short_sets: dict[int, dict[Part, tuple[int, ...]]]


def tenpai_shapes(wall_counts: Sequence[int], required: Sequence[int] | None = None) -> list[TenpaiShape]:
    """Every tenpai hand that fits in `wall_counts` (34 counts), in a fixed order.

    With `required` (34 counts) only the hands holding at least those tiles. A kind the
    hand already holds four times is never among its waits. Any wall size works; the
    game's is 34.
    """
    return [TenpaiShape(tuple(counts), waits) for counts, waits in tenpai_counts(wall_counts, required).items()]


def tenpai_counts(wall_counts: Sequence[int], required: Sequence[int] | None = None) -> dict[bytes, tuple[int, ...]]:
    """`tenpai_shapes` as a dict from each hand's 34 kind counts, a byte each, to its
    waits, in the same order: 67 bytes a hand instead of a 34-tuple's 312, for the tens
    of thousands of hands of a rich wall (issue 16: memory)."""
    required = tuple(required) if required is not None else (0,) * KIND_COUNT
    if len(wall_counts) != KIND_COUNT or len(required) != KIND_COUNT:
        raise ValueError(f"walls and selections are given as {KIND_COUNT} kind counts")
    # The standard search meets each hand once; a seven-pairs hand may also be standard.
    found = {bytes(counts): waits for counts, waits in _standard_hands(wall_counts, required)}
    needs = any(required)
    for counts, waits in (*_chiitoitsu_hands(wall_counts), *_kokushi_hands(wall_counts)):
        if not needs or _holds(counts, required):
            key = bytes(counts)
            found[key] = tuple(sorted({*found.get(key, ()), *waits}))
    return found


def clear_cache() -> None:
    """Forget the suits searched so far, for measurements on a cold cache."""
    _suit_parts.cache_clear()


def _holds(counts: Sequence[int], required: Sequence[int]) -> bool:
    return all(have >= need for have, need in zip(counts, required, strict=True))


def _standard_hands(
    wall_counts: Sequence[int], required: Sequence[int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    spans = list(enumerate(zip(SUIT_STARTS, SUIT_LENGTHS, strict=True)))
    suits = [
        _suit_parts(tuple(wall_counts[start:start + n]), start, suit == HONOUR_SUIT)
        for suit, (start, n) in spans
    ]
    needs = [tuple(required[start:start + n]) for _, (start, n) in spans]
    # The winning tile completes the pair suit: one short-pair suit, the rest sets only.
    for short in range(len(suits)):
        buckets = [
            _holding(_short_pair_bucket(s) if i == short else _sets_bucket(s), needs[i])
            for i, s in enumerate(suits)
        ]
        for entries in _combinations_of_size(buckets, HAND_SIZE):
            yield _join(entries), entries[short][1]
    # The winning tile completes a set: two suits of 3n+2 tiles (one short of sets, one
    # holding the pair; a suit may be both, as in a shanpon), the rest sets only.
    for first, second in combinations(range(len(suits)), 2):
        buckets = [
            _holding(_two_bucket(s) if i in (first, second) else _sets_bucket(s), needs[i])
            for i, s in enumerate(suits)
        ]
        for entries in _combinations_of_size(buckets, HAND_SIZE):
            waits = _two_suit_waits(entries[first][1], entries[second][1])
            if waits:
                yield _join(entries), waits


def _two_suit_waits(
    first: tuple[bool, tuple[int, ...]], second: tuple[bool, tuple[int, ...]]
) -> tuple[int, ...]:
    """The first suit's waits count when the second holds the pair, and the other way
    round; the first suit's kinds all come before the second's, so the result is sorted."""
    first_has_pair, first_waits = first
    second_has_pair, second_waits = second
    return (first_waits if second_has_pair else ()) + (second_waits if first_has_pair else ())


Entry = tuple[Part, object]
Bucket = dict[int, list[Entry]]


def _holding(bucket: Bucket, need: Part) -> Bucket:
    """The entries of a bucket whose part holds at least the required tiles."""
    if not any(need):
        return bucket
    kept = {size: [entry for entry in entries if _holds(entry[0], need)] for size, entries in bucket.items()}
    return {size: entries for size, entries in kept.items() if entries}


def _sets_bucket(suit: _SuitParts) -> Bucket:
    return {size: [(part, None) for part in parts] for size, parts in suit.sets_only.items()}


def _short_pair_bucket(suit: _SuitParts) -> Bucket:
    return {size: list(entries) for size, entries in suit.short_pair.items()}


def _two_bucket(suit: _SuitParts) -> Bucket:
    """Parts of 3n+2 tiles with (holds a pair?, kinds completing it as sets only)."""
    bucket: Bucket = {}
    for size in suit.pair_parts.keys() | suit.short_sets.keys():
        pairs = suit.pair_parts.get(size, frozenset())
        shorts = suit.short_sets.get(size, {})
        bucket[size] = [
            (part, (part in pairs, shorts.get(part, ()))) for part in sorted(pairs | shorts.keys())
        ]
    return bucket


def _combinations_of_size(buckets: list[Bucket], total: int) -> Iterator[tuple[Entry, ...]]:
    """Every choice of one entry per suit whose part sizes add up to `total`."""
    for sizes in _size_splits(buckets, total):
        yield from product(*(bucket[size] for bucket, size in zip(buckets, sizes, strict=True)))


def _size_splits(buckets: list[Bucket], total: int) -> Iterator[tuple[int, ...]]:
    if not buckets:
        if total == 0:
            yield ()
        return
    head, rest = buckets[0], buckets[1:]
    for size in head:
        if size <= total:
            for tail in _size_splits(rest, total - size):
                yield (size, *tail)


def _join(entries: tuple[Entry, ...]) -> tuple[int, ...]:
    return entries[0][0] + entries[1][0] + entries[2][0] + entries[3][0]


@lru_cache(maxsize=4096)
def _suit_parts(wall: Part, start: int, is_honour: bool) -> _SuitParts:
    """Search one suit: every sets(+pair) part within the wall plus at most one extra tile."""
    sets_only: set[Part] = set()
    pair_parts: set[Part] = set()
    short_pair: dict[Part, set[int]] = {}
    short_sets: dict[Part, set[int]] = {}
    for complete, extra, has_pair in _complete_parts(wall, is_honour):
        if extra is None:
            (pair_parts if has_pair else sets_only).add(complete)
        shorts = short_pair if has_pair else short_sets
        for kind in (range(len(wall)) if extra is None else (extra,)):
            if complete[kind]:
                part = list(complete)
                part[kind] -= 1
                shorts.setdefault(tuple(part), set()).add(start + kind)
    return _SuitParts(
        sets_only=_by_size(sets_only),
        pair_parts={size: frozenset(parts) for size, parts in _by_size(pair_parts).items()},
        short_pair={
            size: [(part, tuple(sorted(short_pair[part]))) for part in parts]
            for size, parts in _by_size(short_pair.keys()).items()
        },
        short_sets={
            size: {part: tuple(sorted(short_sets[part])) for part in parts}
            for size, parts in _by_size(short_sets.keys()).items()
        },
    )


def _by_size(parts: Iterable[Part]) -> dict[int, list[Part]]:
    grouped: dict[int, list[Part]] = {}
    for part in sorted(parts):  # sorted so that the hand order never depends on hashing
        grouped.setdefault(sum(part), []).append(part)
    return grouped


def _suit_sets(length: int, is_honour: bool) -> list[tuple[int, ...]]:
    """The sets of one suit as kind-index triples: triplets, then runs (not in honours)."""
    sets = [(k, k, k) for k in range(length)]
    if not is_honour:
        sets += [(k, k + 1, k + 2) for k in range(length - 2)]
    return sets


def _complete_parts(wall: Part, is_honour: bool) -> Iterator[tuple[Part, int | None, bool]]:
    """Yield (part, extra kind or None, has pair) for every part made of up to four sets and
    at most one pair that exceeds `wall` by at most one tile and holds no kind five times.
    A part with several readings may come more than once."""
    sets = _suit_sets(len(wall), is_honour)
    part = [0] * len(wall)

    def grow(first_set: int, set_count: int, extra: int | None) -> Iterator[tuple[Part, int | None, bool]]:
        yield tuple(part), extra, False
        for pair_kind in range(len(wall)):
            pair_extra = _place(part, wall, (pair_kind, pair_kind), extra)
            if pair_extra != _NO_ROOM:
                yield tuple(part), pair_extra, True
            _take(part, (pair_kind, pair_kind))
        if set_count < MAX_SETS:
            for index in range(first_set, len(sets)):
                set_extra = _place(part, wall, sets[index], extra)
                if set_extra != _NO_ROOM:
                    yield from grow(index, set_count + 1, set_extra)
                _take(part, sets[index])

    yield from grow(0, 0, None)


_NO_ROOM = -1


def _place(part: list[int], wall: Part, group: Sequence[int], extra: int | None) -> int | None:
    """Add a pair or set to `part`; return the kind now past the wall (None if none), or
    _NO_ROOM when the part holds five of a kind or goes past the wall by more than one
    tile. The caller takes the group back out with `_take` either way."""
    for kind in group:
        part[kind] += 1
    for kind in group:
        over = part[kind] - wall[kind]
        if part[kind] > 4 or over > 1 or (over == 1 and extra not in (None, kind)):
            return _NO_ROOM
        if over == 1:
            extra = kind
    return extra


def _take(part: list[int], group: Sequence[int]) -> None:
    for kind in group:
        part[kind] -= 1


def _chiitoitsu_hands(wall_counts: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Six different pairs and a single of a seventh kind: waits on that single."""
    pair_kinds = [kind for kind, count in enumerate(wall_counts) if count >= 2]
    for pairs in combinations(pair_kinds, 6):
        for single in range(KIND_COUNT):
            if wall_counts[single] and single not in pairs:
                counts = [0] * KIND_COUNT
                for kind in pairs:
                    counts[kind] = 2
                counts[single] = 1
                yield tuple(counts), (single,)


def _kokushi_hands(wall_counts: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """One of each terminal and honour (13-sided wait), or twelve of them and a pair."""
    held = [kind for kind in TERMINALS_AND_HONOURS if wall_counts[kind]]
    if len(held) == len(TERMINALS_AND_HONOURS):
        yield _kind_counts(TERMINALS_AND_HONOURS), TERMINALS_AND_HONOURS
    for missing in TERMINALS_AND_HONOURS:
        others = [kind for kind in TERMINALS_AND_HONOURS if kind != missing]
        if all(wall_counts[kind] for kind in others):
            for pair in others:
                if wall_counts[pair] >= 2:
                    yield _kind_counts((*others, pair)), (missing,)


def _kind_counts(kinds: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)
