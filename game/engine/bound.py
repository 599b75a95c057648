"""An upper bound on what a closed riichi ron is worth, from the 14 tiles' kind counts alone.

The analyser scores thousands of (hand, wait) pairs per wall, and nine in ten cannot reach
the mangan floor. This bound tells those apart without the `mahjong` library: it is never
below the library's value (tests check it against every pair of many walls under every
preset), so a pair whose bound stays below mangan does not clear, and a hand's bound on
its expected payment lets the best hands be scored first.

The bound is the most valuable of three readings of the 14 tiles, each summing every yaku
whose necessary condition on the kind counts holds, plus riichi and the situational yaku
of the table, dora and red fives (exact):

* pinfu, where the tiles read as four runs and a pair of no value and the winning tile
  ends a run two-sided; no triplet yaku and no honour yaku; 30 fu;
* any other standard reading: the run yaku (chanta/junchan, ittsu or sanshoku, iipeikou or
  ryanpeikou; sanankou instead of the last two) or the triplet yaku (toitoi, sanankou,
  honroutou), whichever is larger, with tanyao, honitsu/chinitsu, shousangen, sanshoku
  doukou and value-honour triplets; fu from every possible concealed triplet, the most
  valuable honour pair and a closed or pair wait, where the counts allow them (triplets,
  runs and chanta as the readings of each suit allow: `_readings`);
* seven pairs: chiitoitsu with tanyao, honitsu/chinitsu and honroutou; 25 fu.

`sure_limits` goes the other way: the limit the library's value is sure to reach.

A shape that could hold any yakuman (or a table where renhou is a yakuman) is unbounded.
Value levels follow `scoring`: the base points grow with han and fu, so a bound on both
bounds the limit and the base points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from game.engine.tiles import CHUN, EAST, HAKU, HATSU, KIND_COUNT, dora_kind

MANGAN_BASE_POINTS = 2000
LIMITS = ((13, 8000), (11, 6000), (8, 4000), (6, 3000), (5, 2000))
"""Han from which each limit applies, and its base points (as `scoring._value`)."""
KIRIAGE = ((4, 30), (3, 60))
FIVE_KINDS = (4, 13, 22)
SUIT_KIND_STARTS = (0, 9, 18)
HONOURS_START = 27
DRAGONS = (HAKU, HATSU, CHUN)
WINDS = tuple(range(EAST, EAST + 4))
GREEN_RANKS = frozenset({1, 2, 3, 5, 7})
"""2, 3, 4, 6, 8 of sou: with the green dragon, ryuuiisou."""
CLOSED_RON_FU = 30
PINFU_FU = 30
CHIITOITSU_FU = 25
CHIITOITSU_HAN = 2
PINFU_HAN = 1
WAIT_FU = 2
SIMPLE_TRIPLET_FU = 4
TERMINAL_TRIPLET_FU = 8
UNBOUNDED = math.inf
SUIT_SIZE = 9


@dataclass(frozen=True)
class BoundTable:
    """What the bound needs to know about the table: the same for every pair of a wall."""

    seat_wind: int
    round_wind: int
    dora_kinds: tuple[int, ...]
    """The dora kind of each indicator (ura included when the value counts it)."""
    situational_han: int
    """Riichi, ippatsu, houtei and a four-han renhou, as the value counts them."""
    yakuman_context: bool
    """A yakuman from the circumstances (renhou as a yakuman): nothing is bounded."""
    kiriage: bool

    @classmethod
    def of(cls, *, seat_wind: int, round_wind: int, dora_indicator_kinds: tuple[int, ...], riichi: bool,
           ippatsu: bool, houtei: bool, renhou_han: int | None, kiriage: bool) -> BoundTable:
        """`renhou_han`: 0 without renhou, its han, or None when it is a yakuman."""
        han = int(riichi) + int(ippatsu) + int(houtei) + (renhou_han or 0)
        return cls(seat_wind, round_wind, tuple(dora_kind(kind) for kind in dora_indicator_kinds), han,
                   renhou_han is None, kiriage)


def base_points_bound(counts: tuple[int, ...], win_kind: int, reds: int, table: BoundTable) -> float:
    """At least the base points (limits applied, as `WinValue.base_points`) of any reading
    of the 14 tiles `counts` won by ron on `win_kind`, holding `reds` red fives; infinite
    when a yakuman may be there."""
    hand = list(counts)
    hand[win_kind] -= 1
    return wait_bounds(tuple(hand), (win_kind,), (reds,), table)[0]


def wait_bounds(hand: Sequence[int], waits: Sequence[int], reds: Sequence[int],
                table: BoundTable) -> list[float]:
    """`base_points_bound` for each wait of the 13-tile hand `hand` (kind counts), the
    ron on `waits[i]` holding `reds[i]` red fives."""
    if table.yakuman_context:
        return [UNBOUNDED] * len(waits)
    sure = table.situational_han
    for kind in table.dora_kinds:
        sure += hand[kind]
    kiriage = table.kiriage
    code = _hand_code(hand, table)
    bounds = []
    for win_kind, red in zip(waits, reds, strict=True):
        shape = _SHAPES.get(code + _ONE_MORE[win_kind]) or _new_shape(code, hand, win_kind, table)
        if shape.unbounded:
            bounds.append(UNBOUNDED)
        else:
            bounds.append(_finish(shape, hand, win_kind, sure + table.dora_kinds.count(win_kind) + red, kiriage))
    return bounds


def quick_bounds(hand: bytes, waits: Sequence[int], red_suits: Sequence[bool] | None,
                 table: BoundTable) -> list[float]:
    """For each wait of the 13-tile hand `hand` (kind counts, a byte each), at least its
    `wait_bounds` (`red_suits`: per suit, whether the hand holds its red five; None without
    red fives), from a few facts of each suit of the 13 tiles (remembered per suit) instead
    of the 14 tiles' readings: a fifth of the cost, for a ranking that needs the exact
    bound only of the hands that could come first (the AI's reading of sampled opponent
    walls asks for one best hand of tens of thousands).

    Each yaku of `_shape` is counted where the 13 tiles and any one more tile could hold
    it: the winning tile adds one tile, so a triplet may be a pair of the 13, one cell of a
    run may be missing, and so on; a hand that might hold a yakuman (no simples, one
    number suit and no honours, eight dragons, ten winds, all green, four triplets) is
    unbounded. The fu are every possible triplet's (one more from a pair), the most
    valuable honour pair's and a closed wait's."""
    if table.yakuman_context:
        return [UNBOUNDED] * len(waits)
    man = _SUIT_FACTS.get(hand[0:9]) or _new_suit_facts(hand[0:9])
    pin = _SUIT_FACTS.get(hand[9:18]) or _new_suit_facts(hand[9:18])
    sou = _SUIT_FACTS.get(hand[18:27]) or _new_suit_facts(hand[18:27])
    honours_key = hand[27:34] + bytes((table.seat_wind - EAST, table.round_wind - EAST))
    honours = _HONOUR_FACTS.get(honours_key) or _new_honour_facts(honours_key)
    (m_tiles, m_terminal, m_simple, m_middle, m_runs, m_near, m_twice, m_triplets, m_pairs, m_triplet_ranks,
     m_pair_ranks, m_triplet_fu, m_pair_fu, m_ittsu, _) = man
    (p_tiles, p_terminal, p_simple, p_middle, p_runs, p_near, p_twice, p_triplets, p_pairs, p_triplet_ranks,
     p_pair_ranks, p_triplet_fu, p_pair_fu, p_ittsu, _) = pin
    (s_tiles, s_terminal, s_simple, s_middle, s_runs, s_near, s_twice, s_triplets, s_pairs, s_triplet_ranks,
     s_pair_ranks, s_triplet_fu, s_pair_fu, s_ittsu, s_green) = sou
    (h_tiles, dragons, winds, h_triplets, h_pairs, yakuhai, h_pair_fu, h_triplet_fu, only_hatsu) = honours
    used = (m_tiles > 0) + (p_tiles > 0) + (s_tiles > 0)
    triplets = m_triplets + p_triplets + s_triplets + h_triplets
    pairs = m_pairs + p_pairs + s_pairs + h_pairs
    if (not (m_simple or p_simple or s_simple) or (used == 1 and not h_tiles) or dragons >= YAKUMAN_DRAGONS
            or winds >= YAKUMAN_WINDS or triplets >= 4 or (not m_tiles and not p_tiles and s_green and only_hatsu)):
        return [UNBOUNDED] * len(waits)
    tanyao = 0 if h_tiles or m_terminal or p_terminal or s_terminal else 1
    flush = (3 if h_tiles else 6) if used == 1 else 0
    common = tanyao + flush + (2 if dragons >= SHOUSANGEN_DRAGONS else 0)
    runs = 0 if m_middle or p_middle or s_middle else 2 if h_tiles else 3
    sanshoku = (m_runs & p_runs & s_runs | m_near & p_runs & s_runs | m_runs & p_near & s_runs
                | m_runs & p_runs & s_near)
    sequence = 2 if sanshoku or m_ittsu or p_ittsu or s_ittsu else 0
    twice = m_twice + p_twice + s_twice
    peikou = 3 if twice >= 2 else 1 if twice else 0
    # the winning tile makes at most one more triplet, of a pair
    more = triplets + (pairs > 0)
    sanankou = 2 if more >= 3 else 0
    toitoi = 2 if more >= 4 else 0
    doukou = 2 if (m_triplet_ranks & p_triplet_ranks & s_pair_ranks | m_triplet_ranks & p_pair_ranks & s_triplet_ranks
                   | m_pair_ranks & p_triplet_ranks & s_triplet_ranks) else 0
    standard = common + yakuhai + max(runs + max(sanankou + doukou, sequence + peikou), toitoi + sanankou + doukou)
    pinfu = common + PINFU_HAN + runs + sequence + peikou
    chiitoitsu = CHIITOITSU_HAN + tanyao + flush if pairs == 6 else -1
    fu = (CLOSED_RON_FU + m_triplet_fu + p_triplet_fu + s_triplet_fu + h_triplet_fu
          + max(m_pair_fu, p_pair_fu, s_pair_fu, TERMINAL_TRIPLET_FU if h_pairs else 0) + h_pair_fu + WAIT_FU)
    fu = -(-fu // 10) * 10
    sure = table.situational_han
    for kind in table.dora_kinds:
        sure += hand[kind]
    kiriage = table.kiriage
    bounds = []
    for win_kind in waits:
        han = sure + table.dora_kinds.count(win_kind)
        if red_suits is not None:
            for suit, five in enumerate(FIVE_KINDS):
                if red_suits[suit] or win_kind == five or hand[five] >= 3:
                    han += 1
        key = (han, standard, pinfu, chiitoitsu, fu, kiriage)
        bound = _QUICK_VALUES.get(key)
        if bound is None:
            bound = _QUICK_VALUES[key] = max(_base(han + standard, fu, kiriage), _base(han + pinfu, PINFU_FU, kiriage),
                                             _base(han + chiitoitsu, CHIITOITSU_FU, kiriage) if chiitoitsu >= 0 else 0)
        bounds.append(bound)
    return bounds


YAKUMAN_DRAGONS = 8
"""Dragons in 13 tiles from which the 14 may hold three dragon triplets (daisangen)."""
YAKUMAN_WINDS = 10
"""Winds in 13 tiles from which the 14 may hold three wind triplets and a wind pair."""
SHOUSANGEN_DRAGONS = 7
FACTS_KEPT = 1 << 14
_SUIT_FACTS: dict[bytes, tuple[int, ...]] = {}
"""`_suit_facts` by the suit's nine counts (a wall's hands share a few hundred suits)."""
_HONOUR_FACTS: dict[bytes, tuple[int, ...]] = {}
_QUICK_VALUES: dict[tuple[int, ...], float] = {}


def _new_suit_facts(part: bytes) -> tuple[int, ...]:
    if len(_SUIT_FACTS) >= FACTS_KEPT:
        _SUIT_FACTS.clear()
    facts = _SUIT_FACTS[part] = _suit_facts(part)
    return facts


def _suit_facts(part: bytes) -> tuple[int, ...]:
    """What `quick_bounds` needs of one number suit of 13 tiles: tiles; a terminal; a
    simple; a 4, 5 or 6 (no chanta); bit r: ranks r to r+2 all there / all but one (a
    sanshoku run); how many runs twice one more tile could complete (iipeikou, a window
    counted twice where four of each are almost there); the triplets and the pairs; bit
    r: a triplet / a pair of rank r; the triplets' fu and the most a pair's triplet adds;
    eight ranks or more (ittsu); only green tiles."""
    runs = near = twice = 0
    for rank in range(SUIT_SIZE - 2):
        window = part[rank:rank + 3]
        missing = window.count(0)
        if missing == 0:
            runs |= 1 << rank
        elif missing == 1:
            near |= 1 << rank
        twice += (sum(max(0, 2 - count) for count in window) <= 1) + (sum(max(0, 4 - count) for count in window) <= 1)
    held = [rank for rank in range(SUIT_SIZE) if part[rank]]
    return (
        sum(part), int(bool(part[0] or part[8])), int(any(part[1:8])), int(any(part[3:6])), runs, near, twice,
        sum(1 for count in part if count >= 3), sum(1 for count in part if count == 2),
        _bits(rank for rank in held if part[rank] >= 3), _bits(rank for rank in held if part[rank] >= 2),
        sum(_triplet_fu(rank) for rank in held if part[rank] >= 3),
        max((_triplet_fu(rank) for rank in held if part[rank] == 2), default=0),
        int(len(held) >= SUIT_SIZE - 1), int(all(rank in GREEN_RANKS for rank in held)),
    )


def _triplet_fu(rank: int) -> int:
    return TERMINAL_TRIPLET_FU if rank in (0, SUIT_SIZE - 1) else SIMPLE_TRIPLET_FU


def _new_honour_facts(key: bytes) -> tuple[int, ...]:
    """What `quick_bounds` needs of the honours of 13 tiles at a seat (`key`: the seven
    counts, the seat and round wind less EAST): tiles, dragons, winds, triplets, pairs;
    the most yakuhai han (every triplet and one more of a pair); the most pair fu of any
    honour held; the triplets' fu; only the green dragon."""
    if len(_HONOUR_FACTS) >= FACTS_KEPT:
        _HONOUR_FACTS.clear()
    counts, seat_wind, round_wind = key[:7], key[7] + EAST, key[8] + EAST
    han = _honour_han(seat_wind, round_wind)
    dragons = sum(counts[kind - HONOURS_START] for kind in DRAGONS)
    winds = sum(counts[kind - HONOURS_START] for kind in WINDS)
    held = [offset for offset in range(len(counts)) if counts[offset]]
    triplets = [offset for offset in held if counts[offset] >= 3]
    pairs = [offset for offset in held if counts[offset] == 2]
    facts = _HONOUR_FACTS[key] = (
        sum(counts), dragons, winds, len(triplets), len(pairs),
        sum(han[offset] for offset in triplets) + max((han[offset] for offset in pairs), default=0),
        max((_pair_fu(HONOURS_START + offset, seat_wind, round_wind) for offset in held), default=0),
        TERMINAL_TRIPLET_FU * len(triplets), int(held == [HATSU - HONOURS_START]),
    )
    return facts


class _Shape(NamedTuple):
    """What the 14 tiles' counts allow, whatever the winning tile and the sure han. A
    complete hand less any one of its tiles is tenpai, so a wall's (hand, wait) pairs share
    their 14 tiles about nine at a time: this is worked out once for each."""

    unbounded: bool
    """A yakuman may be there (suuankou aside: it needs the winning tile)."""
    chiitoitsu_han: int | None
    """The seven-pairs reading's han beyond the sure han; None without one."""
    standard: bool
    """Some four-groups-and-a-pair reading may exist."""
    suuankou: bool
    """Four concealed triplets, were the ron won on the pair."""
    standard_han: int
    standard_fu: int
    """30 and every possible triplet's and honour pair's fu; not the wait's."""
    pinfu_han: int | None
    """The pinfu reading's han beyond the sure han; None without one."""
    pinfu_wins: int
    """Bit k: a pinfu reading wins on kind k (four runs, a pair of no value, the winning
    tile ending a run two-sided), exactly as the library awards pinfu."""
    tiles_han: int
    """The han every reading has from the tiles alone (tanyao, honitsu/chinitsu,
    value-honour triplets), for `sure_limits`."""


SHAPES_KEPT = 1 << 15
"""The 14-tile shapes remembered: a rich wall's pairs share some 17 000; past this many the
memory is started again (a shape is rarely met again in another wall)."""
_SHAPE_VALUES: dict[_Shape, _Shape] = {}
"""Each distinct `_Shape` once: a few thousand values serve the shapes of many walls."""
_SHAPES: dict[int, _Shape] = {}
"""`_shape` of 14 tiles by their code (`_hand_code` plus `_ONE_MORE` of the winning kind):
one int of some 64 bytes per shape instead of a 34-tuple key (312 bytes) and the links of
an `lru_cache`, for the tens of thousands of shapes of a wall (issue 16: memory)."""
_COUNT_BITS = 8
_ONE_MORE = tuple(1 << (_COUNT_BITS * kind) for kind in range(KIND_COUNT))
_WINDS_AT = _COUNT_BITS * KIND_COUNT


def _hand_code(hand: Sequence[int], table: BoundTable) -> int:
    """The kind counts (a byte each) and the seat and round winds, as one int."""
    return int.from_bytes(bytes(hand), "little") | (table.seat_wind << _COUNT_BITS | table.round_wind) << _WINDS_AT


def _new_shape(code: int, hand: Sequence[int], win_kind: int, table: BoundTable) -> _Shape:
    if len(_SHAPES) >= SHAPES_KEPT:
        _SHAPES.clear()
        _SHAPE_VALUES.clear()
    won = (*hand[:win_kind], hand[win_kind] + 1, *hand[win_kind + 1:])
    shape = _shape(won, table.seat_wind, table.round_wind)
    shape = _SHAPES[code + _ONE_MORE[win_kind]] = _SHAPE_VALUES.setdefault(shape, shape)
    return shape


def _shape(won: tuple[int, ...], seat_wind: int, round_wind: int) -> _Shape:
    man, pin, sou = _suit(won[0:9]), _suit(won[9:18]), _suit(won[18:27])
    honours = _honours(won[HONOURS_START:])
    used = (man.tiles > 0) + (pin.tiles > 0) + (sou.tiles > 0)
    has_honours = honours.tiles > 0
    tanyao = 0 if has_honours or man.terminal or pin.terminal or sou.terminal else 1
    flush = (3 if has_honours else 6) if used == 1 else 0
    honour_han = _honour_han(seat_wind, round_wind)
    yakuhai = sum(honour_han[kind - HONOURS_START] for kind in honours.triplets)
    tiles_han = tanyao + flush + yakuhai
    if not used or _yakuman_possible(man, pin, sou, honours, used):
        return _Shape(True, None, False, False, 0, 0, None, 0, tiles_han)
    all_outside = 2 if man.outside_only and pin.outside_only and sou.outside_only else 0
    chiitoitsu = None
    if honours.pairs_only and man.pairs_only and pin.pairs_only and sou.pairs_only and (
            honours.kinds + man.kinds + pin.kinds + sou.kinds == 7):
        chiitoitsu = 2 + tanyao + flush + all_outside
    pair_parts = (man.tiles % 3 == 2) + (pin.tiles % 3 == 2) + (sou.tiles % 3 == 2) + (honours.tiles % 3 == 2)
    if honours.no_standard or pair_parts != 1 or not (man.standard and pin.standard and sou.standard):
        return _Shape(False, chiitoitsu, False, False, 0, 0, None, 0, tiles_han)
    triplet_kinds = man.triplets + pin.triplets + sou.triplets + len(honours.triplets)
    sanankou = 2 if triplet_kinds >= 3 else 0
    doukou = 2 if man.triplet_ranks & pin.triplet_ranks & sou.triplet_ranks else 0
    runs = 0
    if man.chanta and pin.chanta and sou.chanta and (man.chanta_run or pin.chanta_run or sou.chanta_run):
        runs = 2 if has_honours else 3
    sequence = 2 if man.ittsu or pin.ittsu or sou.ittsu or man.run_starts & pin.run_starts & sou.run_starts else 0
    twice = man.runs_twice + pin.runs_twice + sou.runs_twice
    peikou = 3 if twice >= 2 else 1 if twice else 0
    suuankou = triplet_kinds == 4 and man.toitoi and pin.toitoi and sou.toitoi
    toitoi = 2 if suuankou else 0
    with_runs = runs + max(sanankou + doukou, sequence + peikou)
    without_runs = toitoi + sanankou + doukou + all_outside
    common = tanyao + flush + honours.shousangen
    pair_fu = _pair_fu(honours.pairs[0], seat_wind, round_wind) if honours.pairs else 0
    triplet_fu = man.triplet_fu + pin.triplet_fu + sou.triplet_fu + TERMINAL_TRIPLET_FU * len(honours.triplets)
    pinfu_wins = _pinfu_wins((man, pin, sou), honours, pair_fu)
    pinfu = common + 1 + runs + sequence + peikou if pinfu_wins else None
    return _Shape(False, chiitoitsu, True, suuankou, common + yakuhai + max(with_runs, without_runs),
                  CLOSED_RON_FU + triplet_fu + pair_fu, pinfu, pinfu_wins, tiles_han)


def _pinfu_wins(numbers: tuple[_Suit, _Suit, _Suit], honours: _Honours, pair_fu: int) -> int:
    """The kinds a pinfu reading of the 14 tiles can win on (`_Shape.pinfu_wins`): the
    honours are nothing or a pair of no value, and each number suit is runs only, or
    runs and the pair where its tile count says it holds the pair."""
    if honours.tiles and (honours.kinds != 1 or not honours.pairs or pair_fu):
        return 0
    wins = 0
    for start, suit in zip(SUIT_KIND_STARTS, numbers, strict=True):
        if suit.tiles % 3 == 2:
            if honours.tiles or not suit.runs_and_pair:
                return 0
            wins |= suit.runs_and_pair_wins << start
        elif suit.all_runs:
            wins |= suit.all_runs_wins << start
        else:
            return 0
    return wins


def _finish(shape: _Shape, hand: Sequence[int], win_kind: int, sure_han: int, kiriage: bool) -> float:
    """The bound of a bounded shape won on `win_kind` (`hand`: the 13 tiles); `sure_han`
    counts riichi, the situational yaku, dora and red fives. The most valuable of the
    readings: seven pairs (25 fu), any other standard one (with the fu of a closed or pair
    wait where one may be), pinfu (30 fu, a two-sided wait)."""
    best = 0.0
    if shape.chiitoitsu_han is not None:
        best = _base(sure_han + shape.chiitoitsu_han, CHIITOITSU_FU, kiriage)
    if not shape.standard:
        return best
    if shape.suuankou and hand[win_kind] == 1:
        return UNBOUNDED  # suuankou: won on the pair
    fu = shape.standard_fu + (WAIT_FU if _closed_wait(hand, win_kind) else 0)
    best = max(best, _base(sure_han + shape.standard_han, -(-fu // 10) * 10, kiriage))
    if shape.pinfu_han is not None and shape.pinfu_wins >> win_kind & 1:
        best = max(best, _base(sure_han + shape.pinfu_han, PINFU_FU, kiriage))
    return best


def sure_limits(hand: Sequence[int], waits: Sequence[int], reds: Sequence[int], table: BoundTable) -> list[float]:
    """For each wait of `hand` (as `wait_bounds`), the limit's base points the library's
    value is sure to reach (0 below mangan): the value of its most valuable reading is at
    least that of any one reading. Every reading holds riichi and the situational yaku,
    dora and red fives, and the yaku the tiles alone decide (tanyao, honitsu/chinitsu,
    value-honour triplets), at 30 fu (seven pairs: 25 fu and two han more); a seven-pairs
    reading, where the tiles are seven pairs, adds chiitoitsu's two han, and a pinfu
    reading, where one wins on the tile (`_Shape.pinfu_wins`), pinfu's one (both are
    yaku, so the win stands even where riichi is not declared). Where it equals the
    bound, the value's limit is known without the library."""
    sure = table.situational_han
    for kind in table.dora_kinds:
        sure += hand[kind]
    kiriage = table.kiriage
    code = _hand_code(hand, table)
    limits = []
    for win_kind, red in zip(waits, reds, strict=True):
        shape = _SHAPES.get(code + _ONE_MORE[win_kind]) or _new_shape(code, hand, win_kind, table)
        han = sure + red + table.dora_kinds.count(win_kind) + shape.tiles_han
        # any reading: 30 fu or more, or seven pairs' 25 fu with two han more (4 han 30 fu
        # is the lowest value either reaches at a given han below 5); without a yaku
        # (dora are none) there is no win
        best = _base(han, CLOSED_RON_FU, kiriage) if table.situational_han or shape.tiles_han else 0
        if shape.chiitoitsu_han is not None:
            best = max(best, _base(han + CHIITOITSU_HAN, CHIITOITSU_FU, kiriage))
        if shape.pinfu_wins >> win_kind & 1:
            best = max(best, _base(han + PINFU_HAN, PINFU_FU, kiriage))
        limits.append(best if best >= MANGAN_BASE_POINTS else 0)
    return limits


def clear_cache() -> None:
    """Forget the suits looked at so far, for measurements on a cold cache."""
    _suit.cache_clear()
    _honours.cache_clear()
    _SHAPES.clear()
    _SHAPE_VALUES.clear()
    _SUIT_FACTS.clear()
    _HONOUR_FACTS.clear()
    _QUICK_VALUES.clear()


def reds_held(counts: tuple[int, ...], red_suits: tuple[bool, ...], win_red_suit: int | None) -> int:
    """The red fives the library counts in 14 tiles: the hand's, the winning tile's, and a
    fourth five of a suit (the set holds only three plain ones)."""
    return sum(
        1 for suit, five in enumerate(FIVE_KINDS)
        if red_suits[suit] or win_red_suit == suit or counts[five] == 4
    )


@dataclass(frozen=True, slots=True)
class _Suit:
    """What one number suit of the 14 tiles allows (its nine counts alone decide it)."""

    tiles: int
    kinds: int
    terminal: bool
    outside_only: bool
    """Only 1s and 9s (or nothing)."""
    pairs_only: bool
    standard: bool
    """Some reading as sets (and the pair, for 3n+2 tiles) exists; what follows, down to
    the triplets, is the most any such reading holds."""
    chanta: bool
    """Every group and the pair here can hold a terminal: runs only 123 and 789."""
    chanta_run: bool
    ittsu: bool
    run_starts: int
    """Bit n: a run starting at rank n fits."""
    runs_twice: int
    """How many runs twice (iipeikou's six tiles): 0, 1 or 2."""
    all_runs: bool
    """The suit is runs only (or nothing)."""
    all_runs_wins: int
    """Bit r: in that reading, a run that a tile of rank r ends two-sided."""
    runs_and_pair: bool
    """The suit is runs and one pair in some reading."""
    runs_and_pair_wins: int
    """Bit r: in some such reading, a run that a tile of rank r ends two-sided."""
    triplets: int
    triplet_ranks: int
    triplet_fu: int
    toitoi: bool
    """Only pairs and triplets."""
    green: bool
    chuuren: bool
    terminals_only: bool


@lru_cache(maxsize=1 << 14)
def _suit(part: tuple[int, ...]) -> _Suit:
    held = [rank for rank in range(9) if part[rank]]
    readings = _readings(part)
    all_runs = _run_wins(part)
    runs_and_pair = None
    for rank in held:
        if part[rank] >= 2:
            rest = list(part)
            rest[rank] -= 2
            wins = _run_wins(rest)
            if wins is not None:
                runs_and_pair = (runs_and_pair or 0) | wins
    chanta = [runs for triplets, runs, pair in readings
              if all(rank in (0, 8) for rank in triplets) and all(start in (0, 6) for start in runs)
              and pair in (None, 0, 8)]
    return _Suit(
        tiles=sum(part),
        kinds=len(held),
        terminal=bool(part[0] or part[8]),
        outside_only=all(rank in (0, 8) for rank in held),
        pairs_only=all(part[rank] == 2 for rank in held),
        standard=bool(readings),
        chanta=bool(chanta),
        chanta_run=any(chanta),
        ittsu=any({0, 3, 6} <= set(runs) for _, runs, _ in readings),
        run_starts=_bits(start for _, runs, _ in readings for start in runs),
        runs_twice=max((sum(runs.count(start) // 2 for start in set(runs)) for _, runs, _ in readings), default=0),
        all_runs=all_runs is not None,
        all_runs_wins=all_runs or 0,
        runs_and_pair=runs_and_pair is not None,
        runs_and_pair_wins=runs_and_pair or 0,
        triplets=max((len(triplets) for triplets, _, _ in readings), default=0),
        triplet_ranks=_bits(rank for triplets, _, _ in readings for rank in triplets),
        triplet_fu=max((sum(TERMINAL_TRIPLET_FU if rank in (0, 8) else SIMPLE_TRIPLET_FU for rank in triplets)
                        for triplets, _, _ in readings), default=0),
        toitoi=all(part[rank] in (2, 3) for rank in held),
        green=all(rank in GREEN_RANKS for rank in held),
        chuuren=part[0] >= 3 and part[8] >= 3 and all(part[1:8]),
        terminals_only=all(rank in (0, 8) for rank in held),
    )


Reading = tuple[tuple[int, ...], tuple[int, ...], int | None]


def _readings(part: tuple[int, ...]) -> list[Reading]:
    """Every way to read the nine counts as sets and, where the count is 3n+2, one pair:
    (triplet ranks, run start ranks, pair rank or None); none for a count of 3n+1."""
    size = sum(part)
    if size % 3 == 1:
        return []
    found: set[Reading] = set()
    left = list(part)

    def grow(rank: int, triplets: tuple[int, ...], runs: tuple[int, ...], pair: int | None) -> None:
        while rank < 9 and not left[rank]:
            rank += 1
        if rank == 9:
            found.add((triplets, runs, pair))
            return
        if left[rank] >= 3:
            left[rank] -= 3
            grow(rank, (*triplets, rank), runs, pair)
            left[rank] += 3
        if rank <= 6 and left[rank + 1] and left[rank + 2]:
            for kind in (rank, rank + 1, rank + 2):
                left[kind] -= 1
            grow(rank, triplets, (*runs, rank), pair)
            for kind in (rank, rank + 1, rank + 2):
                left[kind] += 1
        if pair is None and size % 3 == 2 and left[rank] >= 2:
            left[rank] -= 2
            grow(rank, triplets, runs, rank)
            left[rank] += 2

    grow(0, (), (), None)
    return sorted(found, key=repr)


def _bits(ranks: Iterable[int]) -> int:
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    return bits


def _run_wins(part: Sequence[int]) -> int | None:
    """None unless the nine counts are runs only; else bit r: a run of that reading (there
    is one: the lowest tile starts a run) that a tile of rank r ends two-sided, that is
    not the 3 of 123 (edge), not the 7 of 789, not a middle tile (closed)."""
    left = list(part)
    wins = 0
    for start in range(9):
        runs = left[start]
        if not runs:
            continue
        if start > 6 or left[start + 1] < runs or left[start + 2] < runs:
            return None
        left[start + 1] -= runs
        left[start + 2] -= runs
        if start != 6:
            wins |= 1 << start
        if start != 0:
            wins |= 1 << (start + 2)
    return wins


@dataclass(frozen=True, slots=True)
class _Honours:
    """What the honours of the 14 tiles allow."""

    tiles: int
    kinds: int
    pairs_only: bool
    no_standard: bool
    """A single or four of an honour, or two honour pairs: no four-groups-and-pair reading."""
    triplets: tuple[int, ...]
    pairs: tuple[int, ...]
    shousangen: int
    dragon_triplets: int
    wind_triplets: int
    wind_pairs_or_more: int
    green: bool


@lru_cache(maxsize=1 << 12)
def _honours(part: tuple[int, ...]) -> _Honours:
    held = [HONOURS_START + i for i, count in enumerate(part) if count]
    triplets = tuple(kind for kind in held if part[kind - HONOURS_START] >= 3)
    pairs = tuple(kind for kind in held if part[kind - HONOURS_START] == 2)
    dragons = [part[kind - HONOURS_START] for kind in DRAGONS]
    winds = [part[kind - HONOURS_START] for kind in WINDS]
    return _Honours(
        tiles=sum(part),
        kinds=len(held),
        pairs_only=len(pairs) == len(held),
        no_standard=any(count in (1, 4) for count in part) or len(pairs) > 1,
        triplets=triplets,
        pairs=pairs,
        shousangen=2 if sum(1 for count in dragons if count >= 3) == 2 and 2 in dragons else 0,
        dragon_triplets=sum(1 for count in dragons if count >= 3),
        wind_triplets=sum(1 for count in winds if count >= 3),
        wind_pairs_or_more=sum(1 for count in winds if count >= 2),
        green=all(kind == HATSU for kind in held),
    )


def _yakuman_possible(man: _Suit, pin: _Suit, sou: _Suit, honours: _Honours, used: int) -> bool:
    """Whether some yakuman's necessary condition holds (kokushi, daisangen,
    shousuushii/daisuushii, chinroutou, ryuuiisou, chuuren poutou; tsuuiisou is the
    caller's: no number suit at all; suuankou needs the winning tile)."""
    if not honours.tiles and man.terminals_only and pin.terminals_only and sou.terminals_only:
        return True
    if honours.green and not man.tiles and not pin.tiles and sou.green:
        return True
    if honours.dragon_triplets == 3 or (honours.wind_triplets >= 3 and honours.wind_pairs_or_more == 4):
        return True
    numbers = (man, pin, sou)
    if honours.kinds == 7 and all(suit.kinds == 2 and suit.outside_only for suit in numbers):
        return True  # kokushi: every terminal and honour
    return used == 1 and not honours.tiles and (man.chuuren or pin.chuuren or sou.chuuren)


def _closed_wait(hand: Sequence[int], win_kind: int) -> bool:
    """Whether some reading wins on a pair wait, a closed (kanchan) or an edge (penchan)
    wait (`hand`: the 13 tiles)."""
    if hand[win_kind]:
        return True
    if win_kind >= HONOURS_START:
        return False
    rank = win_kind % 9
    if 0 < rank < 8 and hand[win_kind - 1] and hand[win_kind + 1]:
        return True
    return bool((rank == 2 and hand[win_kind - 1] and hand[win_kind - 2]) or (
        rank == 6 and hand[win_kind + 1] and hand[win_kind + 2]))


def _pair_fu(kind: int, seat_wind: int, round_wind: int) -> int:
    value = (kind in DRAGONS) + (kind == seat_wind) + (kind == round_wind)
    return 4 if value >= 2 else 2 * value


@lru_cache(maxsize=64)
def _honour_han(seat_wind: int, round_wind: int) -> tuple[int, ...]:
    """The yakuhai han a triplet of each honour gives at this seat."""
    return tuple(
        (kind in DRAGONS) + (kind == seat_wind) + (kind == round_wind) for kind in range(HONOURS_START, KIND_COUNT)
    )


def _base(han: int, fu: int, kiriage: bool) -> float:
    for threshold, points in LIMITS:
        if han >= threshold:
            return points
    base = fu * 2 ** (2 + han)
    if base >= MANGAN_BASE_POINTS or (kiriage and (han, fu) in KIRIAGE):
        return MANGAN_BASE_POINTS
    return base
