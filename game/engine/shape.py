"""Hand shapes on 34-kind count arrays: complete hands and the waits of a 13-tile hand.

Scoring is the library's job; this is the fast shape test the analyser and the furiten
rules need thousands of times per wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.engine.tiles import KIND_COUNT

TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@lru_cache(maxsize=1 << 16)
def _suit_sets_only(counts: tuple[int, ...], is_honour: bool) -> bool:
    """Whether one suit's counts split entirely into triplets and runs."""
    counts_list = list(counts)
    for index, count in enumerate(counts_list):
        if count == 0:
            continue
        if count >= 3:
            counts_list[index] -= 3
            if _suit_sets_only(tuple(counts_list), is_honour):
                return True
            counts_list[index] += 3
        if is_honour or index > 6 or counts_list[index + 1] == 0 or counts_list[index + 2] == 0:
            return False
        counts_list[index] -= 1
        counts_list[index + 1] -= 1
        counts_list[index + 2] -= 1
        return _suit_sets_only(tuple(counts_list), is_honour)
    return True


def _suits(counts: Sequence[int]) -> list[tuple[tuple[int, ...], bool]]:
    return [
        (tuple(counts[0:9]), False), (tuple(counts[9:18]), False),
        (tuple(counts[18:27]), False), (tuple(counts[27:34]), True),
    ]


@lru_cache(maxsize=1 << 16)
def _suit_with_pair(counts: tuple[int, ...], is_honour: bool) -> bool:
    for index, count in enumerate(counts):
        if count >= 2:
            rest = list(counts)
            rest[index] -= 2
            if _suit_sets_only(tuple(rest), is_honour):
                return True
    return False


def is_standard_complete(counts: Sequence[int]) -> bool:
    """Four sets and a pair (14 tiles)."""
    pair_suits = 0
    for suit_counts, is_honour in _suits(counts):
        total = sum(suit_counts)
        if total % 3 == 0:
            if not _suit_sets_only(suit_counts, is_honour):
                return False
        elif total % 3 == 2:
            pair_suits += 1
            if pair_suits > 1 or not _suit_with_pair(suit_counts, is_honour):
                return False
        else:
            return False
    return pair_suits == 1


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[k] >= 1 for k in TERMINALS_AND_HONOURS)
        and sum(counts[k] for k in TERMINALS_AND_HONOURS) == 14
    )


def is_complete(counts: Sequence[int]) -> bool:
    """Whether 14 tiles form any winning shape (standard, seven pairs, thirteen orphans);
    any other number of tiles is never complete."""
    if sum(counts) != 14:
        return False
    return is_standard_complete(counts) or is_chiitoitsu(counts) or is_kokushi(counts)


def waits(counts: Sequence[int]) -> list[int]:
    """The kinds that complete a 13-tile hand (a kind already held four times is no wait)."""
    if sum(counts) != 13:
        raise ValueError(f"waits are for 13 tiles, not {sum(counts)}")
    found: list[int] = []
    trial = list(counts)
    for kind in range(KIND_COUNT):
        if trial[kind] >= 4:
            continue
        trial[kind] += 1
        if is_complete(trial):
            found.append(kind)
        trial[kind] -= 1
    return found
