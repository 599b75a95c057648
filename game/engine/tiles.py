"""Tiles and the mpsz notation.

A tile is an id 0..135 (the 136-tile format of the `mahjong` library): its kind is
``id // 4`` (0-8 man, 9-17 pin, 18-26 sou, 27-33 East South West North Haku Hatsu Chun).
With red fives on, ids 16, 52 and 88 are the red 5m, 5p and 5s, written ``0m 0p 0s``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

TILE_COUNT = 136
KIND_COUNT = 34
SUITS = "mpsz"
DIGITS = "0123456789"
RED_FIVE_IDS = frozenset({16, 52, 88})
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
WIND_NAMES = ("east", "south", "west", "north")


def kind_of(tile_id: int) -> int:
    return tile_id // 4


def is_red(tile_id: int, red_fives: bool) -> bool:
    return red_fives and tile_id in RED_FIVE_IDS


def kind_code(kind: int) -> str:
    """The mpsz code of a tile kind: 0 -> '1m', 33 -> '7z'."""
    if not 0 <= kind < KIND_COUNT:
        raise ValueError(f"tile kind {kind} is outside 0..33")
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def tile_code(tile_id: int, red_fives: bool) -> str:
    """The mpsz code of one tile: '5m', or '0m' for the red five when red fives are on."""
    if not 0 <= tile_id < TILE_COUNT:
        raise ValueError(f"tile id {tile_id} is outside 0..135")
    if is_red(tile_id, red_fives):
        return f"0{SUITS[tile_id // 36]}"
    return kind_code(kind_of(tile_id))


def code_kind(code: str) -> int:
    """The kind of a single-tile code ('0m' is kind 4, like '5m')."""
    number, suit = int(code[0]), code[1]
    return SUITS.index(suit) * 9 + (4 if number == 0 else number - 1)


def _sort_key(code: str) -> tuple[int, int]:
    return code_kind(code), 0 if code[0] == "0" else 1


def parse_tiles(text: str, *, red_fives: bool = True, allow_empty: bool = False) -> list[str]:
    """Parse mpsz text into single-tile codes, in the order written (whitespace is ignored).

    Raises ValueError naming the problem and where it is, without quoting the whole text
    (a wall is 34 tiles): the character's position in `text` (counting from 1) and the group
    of digits and suit letter it belongs to. Problems: stray characters, digits without a
    suit, ``0z`` or ``8z``, a red five when red fives are off, or more copies than exist.
    """
    if not isinstance(text, str):
        raise ValueError(f"tiles must be text in mpsz notation, not {type(text).__name__}")
    codes: list[str] = []
    pending: list[tuple[int, str]] = []  # (index in text, digit) since the last suit letter
    for index, char in enumerate(text):
        if char.isspace():
            continue
        if char in DIGITS:  # not str.isdigit(): that accepts '５' and '²' too
            pending.append((index, char))
        elif char in SUITS:
            if not pending:
                raise ValueError(f"suit letter '{char}' at position {index + 1} has no digits before it")
            for at, digit in pending:
                if char == "z" and digit in "089":
                    raise ValueError(f"'{digit}z' at position {at + 1} (in '{_group(text, pending[0][0], index)}') "
                                     "is not a tile: honours are 1z..7z")
                if digit == "0" and not red_fives:
                    raise ValueError(f"'0{char}' at position {at + 1} (in '{_group(text, pending[0][0], index)}') "
                                     "is a red five, but red fives are off")
                codes.append(f"{digit}{char}")
            pending = []
        else:
            where = f" (in '{_group(text, pending[0][0], index)}')" if pending else ""
            raise ValueError(f"unexpected character {char!r} at position {index + 1}{where}; "
                             "mpsz is digits followed by m, p, s or z")
    if pending:
        digits = _excerpt("".join(digit for _at, digit in pending))
        raise ValueError(f"digits '{digits}' at the end (from position {pending[0][0] + 1}) have no suit letter")
    if not codes:
        if allow_empty:
            return []
        raise ValueError("no tiles given (empty mpsz text)")
    check_copies(codes, red_fives)
    return codes


GROUP_SHOWN = 16
"""A group longer than this is quoted by its end, where the fault is."""


def _group(text: str, start: int, end: int) -> str:
    """The group of `text` from `start` to `end` (included), as written without whitespace."""
    return _excerpt("".join(text[start:end + 1].split()))


def _excerpt(group: str) -> str:
    return group if len(group) <= GROUP_SHOWN else "…" + group[-GROUP_SHOWN:]


def check_copies(codes: Iterable[str], red_fives: bool = True) -> None:
    """Raise ValueError when codes hold more copies of a tile than the set has (with red
    fives on, one of each suit's four fives is the red one)."""
    codes = list(codes)
    kinds = Counter(code_kind(code) for code in codes)
    reds = Counter(code for code in codes if code[0] == "0")
    for kind, count in kinds.items():
        if count > 4:
            raise ValueError(f"{count} copies of {kind_code(kind)}: the set has only 4")
    for code, count in reds.items():
        if count > 1:
            raise ValueError(f"{count} copies of {code}: the set has only one red five per suit")
    if red_fives:
        plain = Counter(code for code in codes if code[0] == "5" and code[1] != "z")
        for code, count in plain.items():
            if count > 3:
                raise ValueError(f"{count} copies of {code}: with red fives the set has only 3 plain ones "
                                 f"(write the red one as 0{code[1]})")


def format_codes(codes: Iterable[str], *, sort: bool = True) -> str:
    """Compact mpsz: ['1m', '2m', '5p'] -> '12m5p'. Sorted by kind unless sort is False."""
    ordered = sorted(codes, key=_sort_key) if sort else list(codes)
    out: list[str] = []
    for index, code in enumerate(ordered):
        out.append(code[0])
        if index + 1 == len(ordered) or ordered[index + 1][1] != code[1]:
            out.append(code[1])
    return "".join(out)


def format_tiles(tile_ids: Iterable[int], red_fives: bool, *, sort: bool = True) -> str:
    return format_codes((tile_code(t, red_fives) for t in tile_ids), sort=sort)


def format_kinds(kinds: Iterable[int]) -> str:
    return format_codes(kind_code(k) for k in kinds)


def kinds_from_text(text: str) -> list[int]:
    return [code_kind(c) for c in parse_tiles(text)]


def counts34(tile_ids: Iterable[int]) -> list[int]:
    """How many tiles of each of the 34 kinds."""
    counts = [0] * KIND_COUNT
    for tile_id in tile_ids:
        counts[kind_of(tile_id)] += 1
    return counts


def pick_ids(codes: Sequence[str], available: Iterable[int], red_fives: bool) -> list[int]:
    """Choose tile ids from `available` matching `codes` ('5m' never takes the red five).

    Raises ValueError naming the first tile that is not available.
    """
    by_code: dict[str, list[int]] = {}
    for tile_id in sorted(available):
        by_code.setdefault(tile_code(tile_id, red_fives), []).append(tile_id)
    chosen: list[int] = []
    for code in codes:
        stock = by_code.get(code)
        if not stock:
            raise ValueError(f"{code} is not among the available tiles")
        chosen.append(stock.pop(0))
    return chosen


def ids_for_codes(codes: Sequence[str], red_fives: bool) -> list[int]:
    """Assign stable ids to codes from a full set (first free copy of each tile)."""
    return pick_ids(codes, range(TILE_COUNT), red_fives)


def dora_kind(indicator_kind: int) -> int:
    """The dora a indicator points at: 9 -> 1 in a suit, North -> East, Chun -> Haku."""
    if indicator_kind < 27:
        return indicator_kind // 9 * 9 + (indicator_kind % 9 + 1) % 9
    if indicator_kind < 31:
        return 27 + (indicator_kind - 27 + 1) % 4
    return 31 + (indicator_kind - 31 + 1) % 3
