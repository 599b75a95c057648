"""What a win is worth: the one module that imports the `mahjong` library.

The library scores a standard riichi hand (han, fu, yaku, the most valuable reading).
This module adds the 17 Steps context: the situational yaku that exist here, renhou as
none / a 4-han yaku / yakuman, kiriage, double yakuman, and the mangan floor, which
counts dora and red fives but never ura dora (ura is added afterwards, as a bonus).
"""

from __future__ import annotations

import logging
import threading
from bisect import bisect_left, insort
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter, eq
from pathlib import Path
from typing import NamedTuple

import mahjong
from mahjong.hand_calculating import divider
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from game.engine.rules import Rules
from game.engine.tiles import EAST, RED_FIVE_IDS, TILE_COUNT, WIND_NAMES, kind_code, kind_of

LEVELS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
LIMIT_MULTIPLIERS = {"mangan": 1.0, "haneman": 1.5, "baiman": 2.0, "sanbaiman": 3.0, "yakuman": 4.0}
MANGAN_BASE_POINTS = 2000
RENHOU_FOUR_HAN = 4
_FIVE_KINDS = frozenset(kind_of(red) for red in RED_FIVE_IDS)
_NOT_A_KIND = 0xFF
_KIND_OF_ID = bytes(kind_of(t) if t < TILE_COUNT else _NOT_A_KIND for t in range(256))
"""A tile id's kind, as a `bytes.translate` table: the kinds of a hand in one C call."""
_YAKU_FIELDS = attrgetter("name", "han_closed", "is_yakuman")
MAX_CONFIGS_PER_THREAD = 256
_THREAD_CONFIGS = threading.local()
_configs_forgotten = 0
"""How many times `clear_cache` ran: a thread whose configurations are older starts anew
(another thread's locals cannot be reached from the one that clears)."""
log = logging.getLogger(__name__)

_YAKU_NAMES = {
    "Riichi": "riichi", "Ippatsu": "ippatsu", "Houtei Raoyui": "houtei", "Renhou": "renhou",
    "Renhou (yakuman)": "renhou", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Chiitoitsu": "chiitoitsu", "Toitoi": "toitoi", "San Ankou": "sanankou",
    "Sanshoku Doujun": "sanshoku", "Sanshoku Doukou": "sanshoku doukou", "Ittsu": "ittsu",
    "Chantai": "chanta", "Honroutou": "honroutou", "Shou Sangen": "shousangen",
    "Junchan": "junchan", "Honitsu": "honitsu", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu", "Yakuhai (chun)": "chun",
    "Dora": "dora", "Aka Dora": "red fives", "Ura Dora": "ura dora",
    "Kokushi Musou": "kokushi musou", "Kokushi Musou Juusanmen Matchi": "kokushi musou 13-sided",
    "Suu Ankou": "suuankou", "Suu Ankou Tanki": "suuankou tanki", "Daisangen": "daisangen",
    "Shousuushii": "shousuushii", "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou", "Chuuren Poutou": "chuuren poutou",
    "Daburu Chuuren Poutou": "junsei chuuren poutou",
}
for _wind in WIND_NAMES:
    _YAKU_NAMES[f"Yakuhai (seat wind {_wind})"] = f"seat wind {_wind}"
    _YAKU_NAMES[f"Yakuhai (round wind {_wind})"] = f"round wind {_wind}"

SITUATIONAL_YAKU = frozenset({"ippatsu", "houtei", "renhou"})


@dataclass(frozen=True)
class WinContext:
    """The circumstances of one ron, as the rules of the hand decided them."""

    seat_wind: int = EAST
    round_wind: int = EAST
    riichi: bool = True
    ippatsu: bool = False
    houtei: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.ippatsu and not self.riichi:
            raise ValueError("ippatsu needs riichi")

    def without_situational(self) -> WinContext:
        return WinContext(self.seat_wind, self.round_wind, self.riichi, False, False, False,
                          self.dora_indicators, ())

    def without_ura(self) -> WinContext:
        return WinContext(self.seat_wind, self.round_wind, self.riichi, self.ippatsu, self.houtei,
                          self.renhou, self.dora_indicators, ())


@dataclass(frozen=True, slots=True)
class YakuLine:
    name: str
    han: int


@dataclass(frozen=True, slots=True)
class WinValue:
    """The value of a complete hand: han, fu, yaku, and its limit (None below mangan)."""

    han: int
    fu: int
    yaku: tuple[YakuLine, ...]
    level: str | None
    yakuman: int
    kazoe: bool
    base_points: int
    kiriage: bool = False
    """A mangan only because kiriage rounds 4 han 30 fu or 3 han 60 fu up to it."""

    @property
    def is_mangan_or_more(self) -> bool:
        return self.level is not None

    @property
    def limit_multiplier(self) -> float:
        """Mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4 (times the yakuman count)."""
        if self.level is None:
            return self.base_points / MANGAN_BASE_POINTS
        if self.yakuman:
            return LIMIT_MULTIPLIERS["yakuman"] * self.yakuman
        return LIMIT_MULTIPLIERS[self.level]

    @property
    def level_name(self) -> str:
        """Display name: 'mangan', 'kazoe yakuman', 'double yakuman', or '3 han 40 fu'."""
        if self.level is None:
            return f"{self.han} han {self.fu} fu"
        if self.kazoe:
            return "kazoe yakuman"
        if self.yakuman > 1:
            return {2: "double yakuman", 3: "triple yakuman"}.get(self.yakuman, f"{self.yakuman}x yakuman")
        return self.level

    def han_of(self, name: str) -> int:
        return sum(line.han for line in self.yaku if line.name == name)


@dataclass(frozen=True)
class RonAssessment:
    """A ron judged by 17 Steps rules: the value the floor sees, and the value paid."""

    floor_value: WinValue | None
    value: WinValue | None
    clears_floor: bool

    @property
    def is_win_shape(self) -> bool:
        return self.value is not None or self.floor_value is not None


def assess_ron(hand: Sequence[int], win_tile: int, context: WinContext, rules: Rules) -> RonAssessment:
    """Judge a ron on `win_tile` for a 13-tile `hand` (tile ids) under `rules`.

    `clears_floor` says whether the win is allowed by the floor: the value without ura,
    with ippatsu/houtei/renhou only when `floor_counts_situational` is on. With the floor
    off (4 players) any hand with a yaku may win.
    """
    return assess_rons(hand, (win_tile,), context, rules)[0]


def assess_rons(
    hand: Sequence[int], win_tiles: Sequence[int], context: WinContext, rules: Rules
) -> list[RonAssessment]:
    """`assess_ron` for each of `win_tiles` on one hand: the analyser scores thousands of
    waits, so the hand is checked and the table's scoring settings are worked out once."""
    floor_setting, paid_setting = _settings_of(context, rules)
    kinds, red_kinds = _hand_kinds(hand, rules)
    assessments = []
    for win_tile in win_tiles:
        win_kind, reds = _win_kind(kinds, red_kinds, win_tile, rules)
        floor_value = _score_cached(kinds, win_kind, reds, floor_setting)
        value = floor_value if paid_setting is floor_setting else _score_cached(kinds, win_kind, reds, paid_setting)
        if value is None:
            assessments.append(RonAssessment(floor_value, None, False))
            continue
        # with the floor off (4 players) any hand with a yaku may win
        clears = (floor_value is not None and floor_value.is_mangan_or_more) if rules.floor_applies else True
        assessments.append(RonAssessment(floor_value, value, clears))
    return assessments


def mangan_with_one_more_han(value: WinValue, kiriage: bool) -> bool:
    """Whether a win below mangan reaches it with one more han (ippatsu or houtei: one han
    that changes no fu and no other yaku). Every reading's base points double with it, and
    the most valuable reading has the most, so if any reading then reaches mangan, the one
    that was scored does (the kiriage cases included: 3 han 30 fu and 2 han 60 fu are the
    only readings worth 960)."""
    if value.is_mangan_or_more:
        return True
    return _mangan_with_han(value.han + 1, value.fu, kiriage)


@lru_cache(maxsize=256)
def _mangan_with_han(han: int, fu: int, kiriage: bool) -> bool:
    """Whether han and fu alone make mangan (the JSON report asks for thousands of waits,
    of a few dozen han and fu)."""
    return _value(han, fu, (), 0, kiriage, False).is_mangan_or_more


def clear_cache() -> None:
    """Forget every win scored so far (for measurements on a cold cache, and in the game
    between matches), and every thread's library configurations at its next score."""
    global _configs_forgotten
    _configs_forgotten += 1
    _score_cached.cache_clear()
    _suit_decomposition.cache_clear()
    _honours_decomposition.cache_clear()
    _division.cache_clear()
    _win_value.cache_clear()


def score_win(hand: Sequence[int], win_tile: int, context: WinContext, rules: Rules) -> WinValue | None:
    """The most valuable reading of `hand` + `win_tile` won by ron, or None (no win, no yaku)."""
    kinds, red_kinds = _hand_kinds(hand, rules)
    win_kind, reds = _win_kind(kinds, red_kinds, win_tile, rules)
    _, paid_setting = _settings_of(context, rules)
    return _score_cached(kinds, win_kind, reds, paid_setting)


def _hand_kinds(hand: Sequence[int], rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hand's kinds, sorted, and the kinds of its red fives; ValueError for a hand
    that is not 13 tiles of the set."""
    if len(hand) != 13:
        raise ValueError(f"a hand has 13 tiles, not {len(hand)}")
    try:  # the usual case in C: ids 0..255 to kinds, 0xFF past the set
        kinds = tuple(sorted(bytes(hand).translate(_KIND_OF_ID)))
    except (TypeError, ValueError):
        kinds = (_NOT_A_KIND,)
    if kinds[-1] == _NOT_A_KIND:
        _check_tile_ids(hand)  # names the id outside the set
        kinds = tuple(sorted([kind_of(t) for t in hand]))
    if any(map(eq, kinds, kinds[4:])):
        over = sorted({kind for at, kind in enumerate(kinds[4:]) if kinds[at] == kind})
        raise ValueError(f"hand holds {', '.join(kind_code(k) for k in over)} more than 4 times: "
                         "the set has only 4 copies")
    if not rules.red_fives or RED_FIVE_IDS.isdisjoint(hand):
        return kinds, ()
    return kinds, tuple(sorted(kind_of(t) for t in hand if t in RED_FIVE_IDS))


def _win_kind(kinds: tuple[int, ...], red_kinds: tuple[int, ...], win_tile: int,
              rules: Rules) -> tuple[int, tuple[int, ...]]:
    """The winning tile's kind, and the red-five kinds of hand and winning tile together;
    ValueError when the hand already holds all 4 copies."""
    if not 0 <= win_tile < TILE_COUNT:
        _check_tile_ids((win_tile,))
    win_kind = kind_of(win_tile)
    if kinds.count(win_kind) >= 4:
        raise ValueError(f"hand and winning tile hold {kind_code(win_kind)} more than 4 times: "
                         "the set has only 4 copies")
    if rules.red_fives and win_tile in RED_FIVE_IDS:
        return win_kind, tuple(sorted((*red_kinds, win_kind)))
    return win_kind, red_kinds


def _check_tile_ids(tiles: Sequence[int]) -> None:
    """ValueError naming the first id outside the set (ids are ints: min and max check the
    usual case in C, the loop finds the culprit)."""
    if tiles and min(tiles) >= 0 and max(tiles) < TILE_COUNT:
        return
    for tile in tiles:
        if not 0 <= tile < TILE_COUNT:
            raise ValueError(f"tile id {tile} is outside 0..{TILE_COUNT - 1}")


class _Setting(NamedTuple):
    """Everything besides the tiles that a win's value depends on (a tuple: it is part of
    every scoring cache key, and tuples hash fast)."""

    red_fives: bool
    seat_wind: int
    round_wind: int
    riichi: bool
    ippatsu: bool
    houtei: bool
    renhou: bool
    dora_kinds: tuple[int, ...]
    ura_kinds: tuple[int, ...]
    renhou_mode: str
    kiriage: bool
    double_yakuman: bool


_LAST_SETTINGS = threading.local()


def _settings_of(context: WinContext, rules: Rules) -> tuple[_Setting, _Setting]:
    """`_floor_and_paid_settings`, remembered for the last context and rules objects of
    this thread: an analysis asks with the same two objects thousands of times, and
    hashing both (the rules have twenty fields) cost more than the rest of a cached score."""
    last = getattr(_LAST_SETTINGS, "last", None)
    if last is not None and last[0] is context and last[1] is rules:
        return last[2]
    settings = _floor_and_paid_settings(context, rules)
    _LAST_SETTINGS.last = (context, rules, settings)
    return settings


@lru_cache(maxsize=256)
def _floor_and_paid_settings(context: WinContext, rules: Rules) -> tuple[_Setting, _Setting]:
    """The settings of the value the floor sees and of the value paid: the same object
    when they are the same win (no ura, situational yaku counted), so it is scored once."""
    floor_context = (context if rules.floor_counts_situational else context.without_situational()).without_ura()
    floor_setting = _setting(floor_context, rules)
    return floor_setting, floor_setting if floor_context == context else _setting(context, rules)


def _setting(context: WinContext, rules: Rules) -> _Setting:
    return _Setting(
        rules.red_fives, context.seat_wind, context.round_wind, context.riichi, context.ippatsu, context.houtei,
        context.renhou, tuple(sorted(map(kind_of, context.dora_indicators))),
        tuple(sorted(map(kind_of, context.ura_indicators))), rules.renhou, rules.kiriage, rules.double_yakuman,
    )


# The division of a closed hand's 14 tiles into four groups and a pair (or seven pairs), as
# the library's HandDivider.divide_hand makes it: a fifth of the library's time went there.
# The library decomposes each suit, the honours and seven pairs (its private helpers, asked
# here once per pattern: a wall's thousands of hands share a few hundred suit patterns),
# combines one decomposition of each suit with exactly one pair, and sorts the groups and
# the divisions; each division is memoised by its 14 tiles, which the JSON report scores
# again and again with another winning tile (hand H waiting on w, and H less x plus w
# waiting on x). Groups are coded as tile * 4 + kind of group, so that sorting the codes
# sorts the library's groups (ordered by tile, then kind), and each code stands for the one
# list of tiles the library would make; the library only reads the lists it is given.
# Tests check the division against the library's own on every pattern of many walls and
# on random counts, and that no score changes. The helpers are private methods of the
# library, so `install_fast_divider` puts it in place only for the release it was written
# for: with another, the library divides alone, only slower.
FAST_DIVIDER_RELEASE = "2.1"
"""The `mahjong` release (major.minor) whose private helpers the fast division reads."""
_LIBRARY_DIVIDE_HAND = HandDivider.divide_hand
_BLOCK_TYPE = getattr(divider, "_BlockType", None)
_LIBRARY_HELPERS = tuple(getattr(HandDivider, name, None) for name in (
    "_decompose_single_color_hand", "_decompose_honors_hand", "_decompose_chiitoitsu"))
_FAST_DIVISION = (
    _BLOCK_TYPE is not None and None not in _LIBRARY_HELPERS
    and sorted(int(kind) for kind in _BLOCK_TYPE) == [0, 1, 2, 3]
)
_GROUP_TILES: dict[int, list[int]] = {}
"""A group's code: its tiles, as the library lists them."""
Coded = tuple[tuple[int, ...], int]
"""Group codes, sorted as the library left them, and how many of them are pairs."""


def _group_code(block: divider._Block) -> int:
    code = block.tile_34 * 4 + int(block.ty)
    if code not in _GROUP_TILES:
        _GROUP_TILES[code] = block.tiles_34
    return code


def _coded(blocks: Sequence[divider._Block]) -> Coded:
    return tuple(map(_group_code, blocks)), sum(block.ty == _BLOCK_TYPE.PAIR for block in blocks)


@lru_cache(maxsize=8192)
def _suit_decomposition(counts: bytes, suit: int) -> tuple[Coded, ...]:
    """The library's decompositions of one suit's 9 counts (suit: its first kind)."""
    return tuple(map(_coded, _LIBRARY_HELPERS[0](list(counts), suit)))


@lru_cache(maxsize=1024)
def _honours_decomposition(counts: bytes) -> Coded:
    """The library's decomposition of the 7 honour counts (none when they cannot be groups
    and a pair: the library then leaves them out, as here)."""
    return _coded(_LIBRARY_HELPERS[1](list(counts)))


@lru_cache(maxsize=4096)
def _division(counts: bytes) -> list[list[list[int]]]:
    """`HandDivider.divide_hand` of 34 counts without melds."""
    if max(counts) > 4:
        return []
    divisions: list[list[int]] = []
    if counts.count(2) == 7 and counts.count(0) == 27:  # the only counts the library reads as seven pairs
        divisions.append([*map(_group_code, _LIBRARY_HELPERS[2](list(counts)))])
    honours, honour_pairs = _honours_decomposition(counts[27:])
    for man, man_pairs in _suit_decomposition(counts[:9], 0):
        for pin, pin_pairs in _suit_decomposition(counts[9:18], 9):
            for sou, sou_pairs in _suit_decomposition(counts[18:27], 18):
                if man_pairs + pin_pairs + sou_pairs + honour_pairs != 1:
                    continue
                groups = [*man, *pin, *sou, *honours]
                if len(groups) == 5:
                    groups.sort()
                    divisions.append(groups)
    divisions.sort()
    return [[_GROUP_TILES[code] for code in groups] for groups in divisions]


def _memoised_divide_hand(tiles_34: Sequence[int], melds: Collection[Meld] | None = None) -> list[list[list[int]]]:
    if melds or len(tiles_34) != 34 or min(tiles_34) < 0:
        return _LIBRARY_DIVIDE_HAND(tiles_34, melds)
    return _division(bytes(tiles_34))


_stood_down = False


def install_fast_divider() -> bool:
    """Put the fast division in place of the library's `HandDivider.divide_hand`, for the
    processes that score in bulk (the game, its analysis workers, the arena, the commands
    that analyse); calling it again changes nothing. Values never depend on it. With a
    library of another release, or one that lacks the helpers it reads, it stands down:
    the library divides alone, and the log says so once. Returns whether it is in place."""
    global _stood_down
    if HandDivider.divide_hand is _memoised_divide_hand:
        return True
    version = library_version()
    if _FAST_DIVISION and version is not None and _release(version) == FAST_DIVIDER_RELEASE:
        HandDivider.divide_hand = staticmethod(_memoised_divide_hand)  # type: ignore[method-assign]
        return True
    if not _stood_down:
        _stood_down = True
        log.info("mahjong %s: the library divides hands itself (the fast division is written for %s.x)",
                 version or "of unknown version", FAST_DIVIDER_RELEASE)
    return False


def library_version() -> str | None:
    """The installed `mahjong` library's version, from the name of its distribution's
    folder beside the package (`mahjong-2.1.0.dist-info`; build/17steps.spec ships it);
    None when there is no single such folder. Not through `importlib.metadata`, which
    brings in the `email` package the executable leaves out."""
    found = list(Path(mahjong.__file__).parent.parent.glob("mahjong-*.dist-info"))
    if len(found) != 1:
        return None
    return found[0].name.removeprefix("mahjong-").removesuffix(".dist-info")


def _release(version: str) -> str:
    return ".".join(version.split(".")[:2])


def _library_config(setting: _Setting) -> HandConfig:
    """One library configuration per setting and thread, reused: building one costs as much
    as a quarter of scoring a hand. The library writes each win's dora counts into it and
    reads them back, so one configuration must never serve two threads at once."""
    configs: dict[_Setting, HandConfig] | None = getattr(_THREAD_CONFIGS, "by_setting", None)
    if configs is None or len(configs) >= MAX_CONFIGS_PER_THREAD:
        configs = _THREAD_CONFIGS.by_setting = {}
    if setting not in configs:
        configs[setting] = _new_library_config(setting)
    return configs[setting]


def _library_call(setting: _Setting) -> tuple[HandConfig, tuple[int, ...], tuple[int, ...]]:
    """The configuration and the dora and ura indicators (library ids) of a setting,
    remembered for the last setting of this thread: the JSON report scores thousands of
    wins in one setting, and each lookup hashed the whole setting twice."""
    if getattr(_THREAD_CONFIGS, "generation", None) != _configs_forgotten:
        _THREAD_CONFIGS.generation = _configs_forgotten
        _THREAD_CONFIGS.by_setting = {}
        _THREAD_CONFIGS.last = None
    last = _THREAD_CONFIGS.last
    if last is not None and last[0] is setting:
        return last[1]
    call = (_library_config(setting), tuple(k * 4 for k in setting.dora_kinds),
            tuple(k * 4 for k in setting.ura_kinds))
    _THREAD_CONFIGS.last = (setting, call)
    return call


def _new_library_config(setting: _Setting) -> HandConfig:
    options = OptionalRules(
        has_aka_dora=setting.red_fives,
        has_double_yakuman=setting.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=setting.kiriage,
        renhou_as_yakuman=setting.renhou_mode == "yakuman",
    )
    config = HandConfig(
        is_riichi=setting.riichi, is_ippatsu=setting.ippatsu, is_houtei=setting.houtei,
        is_renhou=setting.renhou and setting.renhou_mode != "none",
        player_wind=setting.seat_wind, round_wind=setting.round_wind, options=options,
    )
    config.yaku.renhou.han_closed = RENHOU_FOUR_HAN
    return config


@lru_cache(maxsize=4096)
def _score_cached(
    kinds: tuple[int, ...], win_kind: int, red_kinds: tuple[int, ...], setting: _Setting
) -> WinValue | None:
    tiles, win_id = _library_tiles(kinds, win_kind, red_kinds, setting.red_fives)
    config, dora_indicators, ura_indicators = _library_call(setting)
    response = HandCalculator.estimate_hand_value(
        tiles, win_id, dora_indicators=dora_indicators, ura_dora_indicators=ura_indicators, config=config,
    )
    if response.error is not None or response.han is None:
        return None
    lines = tuple(map(_YAKU_FIELDS, response.yaku or ()))
    return _win_value(response.han, response.fu or 0, lines, setting.kiriage, setting.double_yakuman)


@lru_cache(maxsize=4096)
def _win_value(han: int, fu: int, lines: tuple[tuple[str, int, bool], ...], kiriage: bool,
               double_yakuman: bool) -> WinValue:
    """The value of the library's answer (its yaku as name, han and whether yakuman):
    values are shared between wins, a few thousand cover a wall's tens of thousands, and
    naming the yaku and working out the limit took a tenth of a library call."""
    yaku = _yaku_lines(tuple((_YAKU_NAMES.get(name) or name.lower(), line_han) for name, line_han, _ in lines))
    yakuman_han = sum(line_han for _, line_han, yakuman in lines if yakuman)
    return _value(han, fu, yaku, yakuman_han, kiriage, double_yakuman)


@lru_cache(maxsize=4096)
def _yaku_lines(lines: tuple[tuple[str, int], ...]) -> tuple[YakuLine, ...]:
    """Shared between wins: a few thousand yaku lists cover them all, and the scoring cache
    holds tens of thousands of wins."""
    return tuple(YakuLine(name, han) for name, han in lines)


def _value(han: int, fu: int, yaku: tuple[YakuLine, ...], yakuman_han: int, kiriage: bool,
           double_yakuman: bool) -> WinValue:
    yakuman = 0
    kazoe = rounded_up = False
    if yakuman_han:
        yakuman = yakuman_han // 13 if double_yakuman else 1
    elif han >= 13:
        yakuman, kazoe = 1, True
    base = fu * 2 ** (2 + han) if han < 5 else 0
    if yakuman:
        level = "yakuman"
    elif han >= 11:
        level = "sanbaiman"
    elif han >= 8:
        level = "baiman"
    elif han >= 6:
        level = "haneman"
    elif han == 5 or base >= MANGAN_BASE_POINTS:
        level = "mangan"
    elif kiriage and (han, fu) in ((4, 30), (3, 60)):
        level, rounded_up = "mangan", True
    else:
        level = None
    if level is not None:
        base = MANGAN_BASE_POINTS * LIMIT_MULTIPLIERS[level] * max(yakuman, 1)
    return WinValue(han, fu, yaku, level, yakuman, kazoe, int(base), rounded_up)


def _library_tiles(kinds: tuple[int, ...], win_kind: int, red_kinds: tuple[int, ...],
                   red_fives: bool) -> tuple[list[int], int]:
    """136-format ids for the library (`kinds` sorted, as `_hand_kinds` gives them); a red
    five takes the red id, other fives avoid it.

    Four fives of a suit with red fives on always include the red one (the set has only
    three plain fives), so a fourth five takes the red id even when no id passed was red.
    """
    won = list(kinds)
    insort(won, win_kind)
    ids: list[int] = []
    previous, copy = -1, 0
    for kind in won:
        copy = copy + 1 if kind == previous else 0
        previous = kind
        if red_fives and kind in _FIVE_KINDS and kind not in red_kinds:
            ids.append(kind * 4 + (1 + copy) % 4)
        else:
            ids.append(kind * 4 + copy)
    return ids, ids[bisect_left(ids, win_kind * 4)]
