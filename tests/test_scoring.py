"""Table-driven scoring tests for game.engine.scoring.

Every expected value below was worked out by hand from standard riichi scoring (the fu
sums are in the comments: a closed ron starts at 30 fu = 20 base + 10 menzen ron;
concealed triplets 4 simple / 8 terminal-honour, a triplet completed by the ron counts
as open: 2 / 4; a pair of a dragon, the seat wind or the round wind 2; kanchan, penchan
and tanki waits 2; round up to 10; chiitoitsu 25, pinfu ron 30) and from docs/rules.md §5.
The player is West (the second player, non-dealer) unless a row says otherwise; the
round wind is always East.
"""

from __future__ import annotations

import importlib.metadata
import logging
import random
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld

from game.engine import scoring
from game.engine.analysis import WallAnalyser
from game.engine.rules import Rules
from game.engine.scoring import (
    SITUATIONAL_YAKU,
    RonAssessment,
    WinContext,
    WinValue,
    YakuLine,
    assess_ron,
    assess_rons,
    score_win,
)
from game.engine.tiles import EAST, NORTH, SOUTH, WEST, WIND_KINDS
from tests.helpers import ROOT, hand_and_win, kind, tiles

MANGAN, HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN = "mangan", "haneman", "baiman", "sanbaiman", "yakuman"


@dataclass(frozen=True)
class Row:
    id: str
    hand: str
    win: str
    yaku: dict[str, int]
    han: int
    fu: int
    level: str | None
    clears: bool
    preset: str = "kaiji"
    options: dict[str, Any] = field(default_factory=dict)
    seat: int = WEST
    riichi: bool = True
    ippatsu: bool = False
    houtei: bool = False
    renhou: bool = False
    dora: str = ""
    ura: str = ""
    yakuman: int = 0
    kazoe: bool = False
    kiriage: bool = False  # a mangan only because kiriage rounds it up
    floor_han: int | None = None  # when the floor sees a different han than the value

    def rules(self) -> Rules:
        return Rules.preset(self.preset, **self.options)

    def context(self) -> WinContext:
        return WinContext(
            seat_wind=self.seat, round_wind=EAST, riichi=self.riichi, ippatsu=self.ippatsu,
            houtei=self.houtei, renhou=self.renhou,
            dora_indicators=tuple(tiles(self.dora)) if self.dora else (),
            ura_indicators=tuple(tiles(self.ura)) if self.ura else (),
        )


PINFU_HAND = "234m567m345p67s88s"  # + 5s: 234m 567m 345p 567s 88s, ryanmen 6-7s
SANSHOKU_HAND = "234m234p23s567m88p"  # + 4s: 234 in three suits, pinfu, tanyao (no riichi)

ROWS = [
    # --- plain yaku and the fu they make ----------------------------------------------
    Row("riichi pinfu tanyao", PINFU_HAND, "5s", {"riichi": 1, "pinfu": 1, "tanyao": 1}, 3, 30, None, False),
    # 223344m = 234m 234m; 9s ends 789s, so no tanyao. pinfu ron 30 fu.
    Row("iipeikou", "223344m678p55s78s", "9s", {"riichi": 1, "pinfu": 1, "iipeikou": 1}, 3, 30, None, False),
    # a seat-wind pair (West for West) is worth 2 fu and spoils pinfu: 30 + 2 = 32 -> 40
    Row("seat wind pair is no pinfu", "234m567m345p67s33z", "5s", {"riichi": 1}, 1, 40, None, False),
    # North is not West's seat wind nor the round wind: pinfu stands
    Row("guest wind pair keeps pinfu", "234m567m345p67s44z", "5s", {"riichi": 1, "pinfu": 1}, 2, 30,
        None, False),
    # East triplet as East seat in an East round: double East. 30 + 8 = 38 -> 40
    Row("double east", "111z234m567p78s55p", "9s",
        {"riichi": 1, "seat wind east": 1, "round wind east": 1}, 3, 40, None, False, seat=EAST),
    Row("round wind east for west", "111z234m567p78s55p", "9s",
        {"riichi": 1, "round wind east": 1}, 2, 40, None, False),
    # West triplet as West: 30 + 8 = 38 -> 40; 456 in three suits. 4 han 40 fu is mangan
    # by points (2560 base) whether kiriage is on or off.
    Row("seat wind west + sanshoku 4h40f kiriage on", "333z456m456p45s88m", "6s",
        {"riichi": 1, "seat wind west": 1, "sanshoku": 2}, 4, 40, MANGAN, True),
    Row("4h40f kiriage off", "333z456m456p45s88m", "6s",
        {"riichi": 1, "seat wind west": 1, "sanshoku": 2}, 4, 40, MANGAN, True, preset="pro_stream"),
    Row("same hand on 3s: no sanshoku", "333z456m456p45s88m", "3s",
        {"riichi": 1, "seat wind west": 1}, 2, 40, None, False),
    # four players: South and North seat winds; no floor, so 2 han wins
    Row("seat wind south (4p, no floor)", "222z345m678p23s99m", "4s",
        {"riichi": 1, "seat wind south": 1}, 2, 40, None, True, preset="four_player", seat=SOUTH),
    Row("seat wind north (4p, no floor)", "444z345m678p23s99m", "4s",
        {"riichi": 1, "seat wind north": 1}, 2, 40, None, True, preset="four_player", seat=NORTH),
    # chun triplet, tanki on 9p: 30 + 8 + 2 = 40
    Row("chun", "777z234m567p789s9p", "9p", {"riichi": 1, "chun": 1}, 2, 40, None, False),
    # 123m 456m 789m, pinfu on 23s
    Row("ittsu 4h30f kiriage", "123456789m55p23s", "4s", {"riichi": 1, "pinfu": 1, "ittsu": 2}, 4, 30,
        MANGAN, True, kiriage=True),
    Row("ittsu 4h30f no kiriage", "123456789m55p23s", "4s", {"riichi": 1, "pinfu": 1, "ittsu": 2}, 4, 30,
        None, False, preset="moegirl"),
    # 123m 789p 123s 999m + East pair (round wind, 2 fu) by tanki: 30 + 8 + 2 + 2 = 42 -> 50
    Row("chanta 3h50f", "123m789p123s999m1z", "1z", {"riichi": 1, "chanta": 2}, 3, 50, None, False),
    # 222s completed by the ron (open simple, 2): 30 + 4 + 4 + 2 = 40
    Row("sanshoku doukou", "222m222p22s88p456m", "2s",
        {"riichi": 1, "tanyao": 1, "sanshoku doukou": 2}, 4, 40, MANGAN, True),
    # all three concealed, tanki 8p: 30 + 4*3 + 2 = 44 -> 50
    Row("sanshoku doukou + sanankou haneman", "222m222p222s456m8p", "8p",
        {"riichi": 1, "tanyao": 1, "sanankou": 2, "sanshoku doukou": 2}, 6, 50, HANEMAN, True),
    # shanpon 99s/11z won on East: 111m 999p 111s concealed (8 each), 111z open (4): 58 -> 60
    Row("honroutou toitoi sanankou", "111m999p111s99s11z", "1z",
        {"riichi": 1, "round wind east": 1, "honroutou": 2, "toitoi": 2, "sanankou": 2}, 8, 60, BAIMAN, True),
    Row("honroutou chiitoitsu", "1199m1199p1199s1z", "1z",
        {"riichi": 1, "honroutou": 2, "chiitoitsu": 2}, 5, 25, MANGAN, True),
    # 555z 666z concealed (8 + 8), chun pair 2: 30 + 18 = 48 -> 50
    Row("shousangen", "555z666z77z234m67p", "5p",
        {"riichi": 1, "haku": 1, "hatsu": 1, "shousangen": 2}, 5, 50, MANGAN, True),
    # penchan 89s: 30 + 2 = 32 -> 40
    Row("junchan", "123m789m123p99p89s", "7s", {"riichi": 1, "junchan": 3}, 4, 40, MANGAN, True),
    # 999m concealed 8, 555z open 4, hatsu pair 2: 44 -> 50
    Row("honitsu haku", "234m567m999m55z66z", "5z", {"riichi": 1, "haku": 1, "honitsu": 3}, 5, 50,
        MANGAN, True),
    Row("chinitsu baiman", "2334455667899m", "7m", {"riichi": 1, "pinfu": 1, "chinitsu": 6}, 8, 30,
        BAIMAN, True),
    # 234 234 55 567 678: iipeikou; on 8m: 234 234 678 678 55 -> ryanpeikou
    Row("chinitsu iipeikou 10 han", "223344m678m55m67m", "5m",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "iipeikou": 1, "chinitsu": 6}, 10, 30, BAIMAN, True),
    Row("chinitsu ryanpeikou sanbaiman", "223344m678m55m67m", "8m",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6}, 12, 30, SANBAIMAN, True),
    # 22 345 345 678 678, ryanmen on 34m; dora 5m x2 -> 14 han: counted yakuman
    Row("kazoe yakuman", "223344m667788m5m", "5m",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6, "dora": 2}, 14, 30,
        YAKUMAN, True, dora="4m", yakuman=1, kazoe=True),
    Row("chiitoitsu", "1133m5577p2299s4z", "4z", {"riichi": 1, "chiitoitsu": 2}, 3, 25, None, False),
    # dora 2m: the pair is two dora
    Row("chiitoitsu tanyao dora haneman", "2288m3355p4466s7p", "7p",
        {"riichi": 1, "tanyao": 1, "chiitoitsu": 2, "dora": 2}, 6, 25, HANEMAN, True, dora="1m"),
    # the higher reading wins: ryanpeikou (5 han, tanki 40 fu) over chiitoitsu (4 han 25 fu)
    Row("ryanpeikou beats chiitoitsu", "223344m556677p8s", "8s",
        {"riichi": 1, "tanyao": 1, "ryanpeikou": 3}, 5, 40, MANGAN, True),
    Row("four identical runs are ryanpeikou", "111122223333m5p", "5p", {"riichi": 1, "ryanpeikou": 3}, 4, 40,
        MANGAN, True),
    # triplets (sanankou, 30 + 8 + 4 + 4 = 46 -> 50) beat runs (pinfu iipeikou 3 han 30 fu)
    Row("triplets beat runs", "111222333m45p99s", "6p", {"riichi": 1, "sanankou": 2}, 3, 50, None, False),
    # --- the example of docs/rules.md §4 ------------------------------------------------
    # 111 222 234 33 777p, kanchan: 30 + 8 + 4 + 4 + 2 = 48 -> 50. 3 han 50 fu is never mangan.
    Row("rules example 2m: 3h50f", "1112223334m777p", "2m", {"riichi": 1, "sanankou": 2}, 3, 50, None, False),
    Row("rules example 5m: 3h50f", "1112223334m777p", "5m", {"riichi": 1, "sanankou": 2}, 3, 50, None, False),
    # 11 123 123 234 777p: 30 + 4 + tanki 2 = 36 -> 40
    Row("rules example 1m: iipeikou", "1112223334m777p", "1m", {"riichi": 1, "iipeikou": 1}, 2, 40,
        None, False),
    # 30 + 8 + 4 + 4 + 4 + 2 = 52 -> 60
    Row("rules example 4m: suuankou tanki", "1112223334m777p", "4m", {"suuankou tanki": 13}, 13, 60, YAKUMAN,
        True, yakuman=1),
    # --- the floor edges -------------------------------------------------------------------
    Row("4h30f kiriage (kaiji) mangan", PINFU_HAND, "5s", {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1},
        4, 30, MANGAN, True, dora="4m", kiriage=True),
    Row("4h30f no kiriage (pro stream)", PINFU_HAND, "5s", {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1},
        4, 30, None, False, preset="pro_stream", dora="4m"),
    # 222m concealed 4 + kanchan 2: 36 -> 40; dora 8s pair
    Row("4h40f tanyao dora kiriage on", "222m46m345p567s88s", "5m", {"riichi": 1, "tanyao": 1, "dora": 2},
        4, 40, MANGAN, True, dora="7s"),
    Row("4h40f tanyao dora kiriage off", "222m46m345p567s88s", "5m", {"riichi": 1, "tanyao": 1, "dora": 2},
        4, 40, MANGAN, True, preset="pro_stream", dora="7s"),
    # shanpon won on 9p: 111m 8 + 555z 8 + 999p open 4 + chun pair 2 = 52 -> 60; dora 2s
    Row("3h60f kiriage (kaiji) mangan", "111m234s99p555z77z", "9p", {"riichi": 1, "haku": 1, "dora": 1},
        3, 60, MANGAN, True, dora="1s", kiriage=True),
    Row("3h60f no kiriage (pro stream)", "111m234s99p555z77z", "9p", {"riichi": 1, "haku": 1, "dora": 1},
        3, 60, None, False, preset="pro_stream", dora="1s"),
    Row("3h60f no kiriage (moegirl)", "111m234s99p555z77z", "9p", {"riichi": 1, "haku": 1, "dora": 1},
        3, 60, None, False, preset="moegirl", dora="1s"),
    # ura counts for the value, never for the floor
    Row("mangan only with ura: may not ron", PINFU_HAND, "5s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "ura dora": 2}, 5, 30, MANGAN, False, ura="7s", floor_han=3),
    Row("dora and ura together", PINFU_HAND, "5s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "ura dora": 2}, 6, 30, HANEMAN, True,
        dora="4m", ura="7s", floor_han=4),
    # red fives (pro stream): the red five counts toward the floor
    Row("red five clears the floor", "234m067m345p67s88s", "5s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "red fives": 1}, 5, 30, MANGAN, True,
        preset="pro_stream", dora="3m"),
    Row("same hand without the red five", PINFU_HAND, "5s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30, None, False,
        preset="pro_stream", dora="3m"),
    Row("red five as the winning tile", "234m567m345p34s88s", "0s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "red fives": 1}, 5, 30, MANGAN, True,
        preset="pro_stream", dora="1m"),
    Row("red fives off: 0 id is a plain five", "234m067m345p67s88s", "5s",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30, None, False,
        preset="pro_stream", options={"red_fives": False}, dora="3m"),
    # --- situational yaku ---------------------------------------------------------------
    Row("ippatsu adds a han", PINFU_HAND, "5s", {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1},
        4, 30, MANGAN, True, ippatsu=True, kiriage=True),
    Row("ippatsu not on the floor when situational is off", PINFU_HAND, "5s",
        {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1}, 4, 30, MANGAN, False,
        options={"floor_counts_situational": False}, ippatsu=True, floor_han=3, kiriage=True),
    Row("houtei adds a han", PINFU_HAND, "5s", {"riichi": 1, "houtei": 1, "pinfu": 1, "tanyao": 1},
        4, 30, MANGAN, True, houtei=True, kiriage=True),
    Row("houtei not on the floor when situational is off", PINFU_HAND, "5s",
        {"riichi": 1, "houtei": 1, "pinfu": 1, "tanyao": 1}, 4, 30, MANGAN, False,
        options={"floor_counts_situational": False}, houtei=True, floor_han=3, kiriage=True),
    Row("ippatsu and houtei together", PINFU_HAND, "5s",
        {"riichi": 1, "ippatsu": 1, "houtei": 1, "pinfu": 1, "tanyao": 1}, 5, 30, MANGAN, True,
        ippatsu=True, houtei=True),
    # renhou: the state machine says no riichi; scoring applies rules.renhou
    Row("renhou none: mangan on its own (kiriage)", SANSHOKU_HAND, "4s",
        {"pinfu": 1, "tanyao": 1, "sanshoku": 2}, 4, 30, MANGAN, True, riichi=False, renhou=True,
        kiriage=True),
    Row("renhou none: short of mangan alone", SANSHOKU_HAND, "4s",
        {"pinfu": 1, "tanyao": 1, "sanshoku": 2}, 4, 30, None, False,
        preset="pro_stream", options={"renhou": "none"}, riichi=False, renhou=True),
    Row("renhou none: 2 han hand", PINFU_HAND, "5s", {"pinfu": 1, "tanyao": 1}, 2, 30, None, False,
        riichi=False, renhou=True),
    Row("renhou four han", SANSHOKU_HAND, "4s", {"renhou": 4, "pinfu": 1, "tanyao": 1, "sanshoku": 2},
        8, 30, BAIMAN, True, preset="pro_stream", riichi=False, renhou=True),
    Row("renhou four han, situational off", SANSHOKU_HAND, "4s",
        {"renhou": 4, "pinfu": 1, "tanyao": 1, "sanshoku": 2}, 8, 30, BAIMAN, False,
        preset="pro_stream", options={"floor_counts_situational": False}, riichi=False, renhou=True,
        floor_han=4),
    # without riichi there is no ura, even with an ura indicator showing
    Row("renhou four han gets no ura", PINFU_HAND, "5s", {"renhou": 4, "pinfu": 1, "tanyao": 1}, 6, 30,
        HANEMAN, True, preset="pro_stream", riichi=False, renhou=True, ura="7s"),
    Row("renhou yakuman", SANSHOKU_HAND, "4s", {"renhou": 13}, 13, 30, YAKUMAN, True,
        options={"renhou": "yakuman"}, riichi=False, renhou=True, yakuman=1),
    # --- yakuman --------------------------------------------------------------------------
    Row("suuankou tanki", "111m333p555s777s9p", "9p", {"suuankou tanki": 13}, 13, 60, YAKUMAN, True,
        yakuman=1),
    Row("suuankou tanki, double yakuman on", "111m333p555s777s9p", "9p", {"suuankou tanki": 26}, 26, 60,
        YAKUMAN, True, preset="moegirl", yakuman=2),
    # shanpon ron: the ron tile's triplet is open. 30 + 8 + 4 + 4 + 4 = 50
    Row("shanpon ron on four triplets: sanankou toitoi", "111m333p555s77s99p", "9p",
        {"riichi": 1, "toitoi": 2, "sanankou": 2}, 5, 50, MANGAN, True),
    Row("kokushi", "119m19p19s123456z", "7z", {"kokushi musou": 13}, 13, 0, YAKUMAN, True, yakuman=1),
    Row("kokushi single wait stays single with double on", "119m19p19s123456z", "7z", {"kokushi musou": 13},
        13, 0, YAKUMAN, True, preset="moegirl", yakuman=1),
    Row("kokushi 13-sided", "19m19p19s1234567z", "1m", {"kokushi musou 13-sided": 13}, 13, 0, YAKUMAN, True,
        yakuman=1),
    Row("kokushi 13-sided, double yakuman on", "19m19p19s1234567z", "1m", {"kokushi musou 13-sided": 26}, 26,
        0, YAKUMAN, True, preset="moegirl", yakuman=2),
    Row("kokushi 13-sided + renhou yakuman, double off", "19m19p19s1234567z", "7z",
        {"kokushi musou 13-sided": 13, "renhou": 13}, 26, 0, YAKUMAN, True,
        options={"renhou": "yakuman"}, riichi=False, renhou=True, yakuman=1),
    Row("kokushi 13-sided + renhou yakuman, double on", "19m19p19s1234567z", "7z",
        {"kokushi musou 13-sided": 26, "renhou": 13}, 39, 0, YAKUMAN, True,
        preset="moegirl", options={"renhou": "yakuman"}, riichi=False, renhou=True, yakuman=3),
    # 30 + 8*3 + tanki 2 = 56 -> 60
    Row("daisangen", "555z666z777z234m8p", "8p", {"daisangen": 13}, 13, 60, YAKUMAN, True, yakuman=1),
    # 30 + 8*3 = 54 -> 60 (the North pair is no value pair for West)
    Row("shousuushii", "111z222z333z44z56m", "4m", {"shousuushii": 13}, 13, 60, YAKUMAN, True, yakuman=1),
    # 30 + 8*4 + 2 = 64 -> 70
    Row("daisuushii + suuankou tanki, double off", "111z222z333z444z5m", "5m",
        {"daisuushii": 13, "suuankou tanki": 13}, 26, 70, YAKUMAN, True, yakuman=1),
    Row("daisuushii + suuankou tanki, double on", "111z222z333z444z5m", "5m",
        {"daisuushii": 26, "suuankou tanki": 26}, 52, 70, YAKUMAN, True, preset="moegirl", yakuman=4),
    # 30 + 8 + 8 + 8 + 777z open 4 + hatsu pair 2 = 60
    Row("tsuuiisou", "111z222z555z66z77z", "7z", {"tsuuiisou": 13}, 13, 60, YAKUMAN, True, yakuman=1),
    # 30 + 8*3 + 111z open 4 = 58 -> 60
    Row("tsuuiisou + daisangen, double off", "555z666z777z11z22z", "1z", {"daisangen": 13, "tsuuiisou": 13},
        26, 60, YAKUMAN, True, yakuman=1),
    Row("tsuuiisou + daisangen, double on", "555z666z777z11z22z", "1z", {"daisangen": 13, "tsuuiisou": 13},
        26, 60, YAKUMAN, True, preset="moegirl", yakuman=2),
    # 30 + 666s 4 + 666z open 4 = 38 -> 40
    Row("ryuuiisou", "234s234s666s88s66z", "6z", {"ryuuiisou": 13}, 13, 40, YAKUMAN, True, yakuman=1),
    # 30 + 8*3 + 999p open 4 = 58 -> 60
    Row("chinroutou", "111m999m111p99p11s", "9p", {"chinroutou": 13}, 13, 60, YAKUMAN, True, yakuman=1),
    # 111 234 55 678 999, tanki: 30 + 8 + 8 + 2 = 48 -> 50
    Row("junsei chuuren", "1112345678999m", "5m", {"junsei chuuren poutou": 13}, 13, 50, YAKUMAN, True,
        yakuman=1),
    Row("junsei chuuren, double on", "1112345678999m", "5m", {"junsei chuuren poutou": 26}, 26, 50, YAKUMAN,
        True, preset="moegirl", yakuman=2),
    # 111 234 567 88 999, 999 by the ron: 30 + 8 + 4 = 42 -> 50
    Row("chuuren", "1112345678899m", "9m", {"chuuren poutou": 13}, 13, 50, YAKUMAN, True, yakuman=1),
]


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_scoring_table(row: Row) -> None:
    rules = row.rules()
    hand, win = hand_and_win(row.hand, row.win)
    assessment = assess_ron(hand, win, row.context(), rules)
    value = assessment.value
    assert value is not None, "the row is a complete hand with a yaku"
    assert {line.name: line.han for line in value.yaku} == row.yaku
    assert len({line.name for line in value.yaku}) == len(value.yaku), "no yaku listed twice"
    assert (value.han, value.fu) == (row.han, row.fu)
    assert value.level == row.level
    assert value.yakuman == row.yakuman
    assert value.kazoe == row.kazoe
    assert value.kiriage is row.kiriage
    assert assessment.clears_floor is row.clears
    floor = assessment.floor_value
    assert floor is not None
    assert floor.han == (row.han if row.floor_han is None else row.floor_han)
    assert "ura dora" not in {line.name for line in floor.yaku}
    # score_win with the full context is what assess_ron reports as the value
    assert score_win(hand, win, row.context(), rules) == value


def test_table_has_at_least_forty_rows() -> None:
    assert len(ROWS) >= 40
    assert len({row.id for row in ROWS}) == len(ROWS)


# --- every yaku the rules list is reached by some row ------------------------------------

EXPECTED_YAKU_NAMES = {
    "riichi", "ippatsu", "houtei", "renhou", "pinfu", "tanyao", "iipeikou", "seat wind east",
    "seat wind south", "seat wind west", "seat wind north", "round wind east", "haku", "hatsu", "chun",
    "toitoi", "sanankou", "ittsu", "sanshoku", "chanta", "chiitoitsu", "sanshoku doukou", "honroutou",
    "shousangen", "junchan", "honitsu", "ryanpeikou", "chinitsu", "kokushi musou", "kokushi musou 13-sided",
    "suuankou tanki", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou",
    "chuuren poutou", "junsei chuuren poutou", "dora", "ura dora", "red fives",
}


def test_rows_cover_every_yaku() -> None:
    seen = {name for row in ROWS for name in row.yaku}
    assert seen >= EXPECTED_YAKU_NAMES
    assert any(row.kazoe for row in ROWS)


# --- limits, multipliers, names ------------------------------------------------------------

def _value(hand: str, win: str, preset: str = "kaiji", **context: Any) -> WinValue:
    h, w = hand_and_win(hand, win)
    value = score_win(h, w, WinContext(seat_wind=WEST, **context), Rules.preset(preset))
    assert value is not None
    return value


@pytest.mark.parametrize(
    ("hand", "win", "preset", "context", "multiplier", "name"),
    [
        (PINFU_HAND, "5s", "kaiji", {"dora_indicators": tuple(tiles("4m"))}, 1.0, "mangan"),
        ("222m222p222s456m8p", "8p", "kaiji", {}, 1.5, "haneman"),
        ("2334455667899m", "7m", "kaiji", {}, 2.0, "baiman"),
        ("223344m678m55m67m", "8m", "kaiji", {}, 3.0, "sanbaiman"),
        ("555z666z777z234m8p", "8p", "kaiji", {}, 4.0, "yakuman"),
        ("223344m667788m5m", "5m", "kaiji", {"dora_indicators": tuple(tiles("4m"))}, 4.0, "kazoe yakuman"),
        ("19m19p19s1234567z", "1m", "moegirl", {}, 8.0, "double yakuman"),
        ("19m19p19s1234567z", "1m", "kaiji", {}, 4.0, "yakuman"),
        ("555z666z777z11z22z", "1z", "moegirl", {}, 8.0, "double yakuman"),
        ("555z666z777z11z22z", "1z", "kaiji", {}, 4.0, "yakuman"),
        ("111z222z333z444z5m", "5m", "moegirl", {}, 16.0, "4x yakuman"),
        (PINFU_HAND, "5s", "kaiji", {}, 960 / 2000, "3 han 30 fu"),
        ("1112223334m777p", "2m", "kaiji", {}, 1600 / 2000, "3 han 50 fu"),
    ],
)
def test_limit_multiplier_and_level_name(
    hand: str, win: str, preset: str, context: dict[str, Any], multiplier: float, name: str
) -> None:
    value = _value(hand, win, preset, **context)
    assert value.limit_multiplier == pytest.approx(multiplier)
    assert value.level_name == name


@pytest.mark.parametrize(
    ("hand", "win", "preset", "context", "base"),
    [
        (PINFU_HAND, "5s", "kaiji", {}, 960),  # 30 * 2**5
        ("1112223334m777p", "2m", "kaiji", {}, 1600),  # 50 * 2**5
        (PINFU_HAND, "5s", "kaiji", {"dora_indicators": tuple(tiles("4m"))}, 2000),  # kiriage mangan
        (PINFU_HAND, "5s", "pro_stream", {"dora_indicators": tuple(tiles("4m"))}, 1920),  # no kiriage
        ("222m222p222s456m8p", "8p", "kaiji", {}, 3000),
        ("2334455667899m", "7m", "kaiji", {}, 4000),
        ("223344m678m55m67m", "8m", "kaiji", {}, 6000),
        ("555z666z777z234m8p", "8p", "kaiji", {}, 8000),
        ("19m19p19s1234567z", "1m", "moegirl", {}, 16000),
    ],
)
def test_base_points(hand: str, win: str, preset: str, context: dict[str, Any], base: int) -> None:
    assert _value(hand, win, preset, **context).base_points == base


def test_every_thirteen_sided_kokushi_wait() -> None:
    hand = "19m19p19s1234567z"
    for code in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"):
        kaiji = _value(hand, code)
        moegirl = _value(hand, code, "moegirl")
        assert [line.name for line in kaiji.yaku] == ["kokushi musou 13-sided"], code
        assert (kaiji.yakuman, moegirl.yakuman) == (1, 2), code


def test_han_of() -> None:
    value = _value("111m999p111s99s11z", "1z")
    assert value.han_of("sanankou") == 2
    assert value.han_of("round wind east") == 1
    assert value.han_of("pinfu") == 0


# --- not a win ------------------------------------------------------------------------------

def test_not_complete_is_none() -> None:
    hand, win = hand_and_win(PINFU_HAND, "9s")
    context = WinContext(seat_wind=WEST)
    assert score_win(hand, win, context, Rules.preset()) is None
    assessment = assess_ron(hand, win, context, Rules.preset())
    assert assessment == RonAssessment(None, None, False)
    assert not assessment.is_win_shape


def test_complete_without_yaku_is_none() -> None:
    # 123m 456p 789s 234s 99m won on 2m by kanchan: no tanyao, no pinfu, no riichi
    hand, win = hand_and_win("13m456p789s234s99m", "2m")
    context = WinContext(seat_wind=WEST, riichi=False)
    assert score_win(hand, win, context, Rules.preset()) is None
    assert assess_ron(hand, win, context, Rules.preset("four_player")).clears_floor is False
    # the same tile with riichi: 1 han, 30 + kanchan 2 = 32 -> 40 fu
    with_riichi = score_win(hand, win, WinContext(seat_wind=WEST), Rules.preset())
    assert with_riichi is not None and (with_riichi.han, with_riichi.fu) == (1, 40)


def test_four_players_no_floor_any_yaku_wins() -> None:
    hand, win = hand_and_win("13m456p789s234s99m", "2m")
    assessment = assess_ron(hand, win, WinContext(seat_wind=SOUTH), Rules.preset("four_player"))
    assert assessment.value is not None and assessment.value.level is None
    assert assessment.clears_floor is True


def test_virtual_dora_restores_the_floor() -> None:
    hand, win = hand_and_win("13m456p789s234s99m", "2m")
    rules = Rules.preset("four_player", virtual_dora=True)
    assert assess_ron(hand, win, WinContext(seat_wind=SOUTH), rules).clears_floor is False


def test_hand_must_have_thirteen_tiles() -> None:
    hand, win = hand_and_win(PINFU_HAND, "5s")
    with pytest.raises(ValueError, match="13 tiles"):
        score_win(hand[:12], win, WinContext(), Rules.preset())


def test_fifth_copy_is_rejected() -> None:
    # 1111m held and 1m "won": there is no fifth 1m. Read as 2m it would make 111m 123m.
    hand = tiles("1111m3m567p789s55p")
    with pytest.raises(ValueError, match="copies"):
        score_win(hand, tiles("1m")[0], WinContext(seat_wind=WEST), Rules.preset())


def test_four_fives_with_red_fives_on_take_the_red_five() -> None:
    # three plain 5m held and a plain-five id passed for the fourth (the same id as a held
    # one, as an analyser working on kinds might pass): 5555m 7m is no complete hand here,
    # and the fourth five must not turn into a 6m (5556 7m = 55 567m would be complete).
    hand = tiles("5557m234p567p789s", red_fives=True)
    win = tiles("5m", red_fives=True)[0]
    assert win in hand
    rules = Rules.preset("pro_stream")
    assert score_win(hand, win, WinContext(seat_wind=WEST), rules) is None
    # four fives in a red-fives game always include the red one: 555m 567m 234p 567p 11z
    hand = tiles("555m67m234p567p11z", red_fives=True)
    value = score_win(hand, win, WinContext(seat_wind=WEST), rules)
    assert value is not None
    assert value.han_of("red fives") == 1
    assert (value.han, value.fu) == (2, 40)  # riichi + red five; 30 + 555m 4 + East pair 2 -> 40


def test_dora_indicator_wraps() -> None:
    # 9m indicator -> 1m dora; North indicator -> East dora; Chun indicator -> Haku dora
    v = _value("111m234s99p555z77z", "9p", dora_indicators=tuple(tiles("9m")))
    assert v.han_of("dora") == 3
    v = _value("111z234m567p78s55p", "9s", dora_indicators=tuple(tiles("4z")))
    assert v.han_of("dora") == 3
    v = _value("111m234s99p555z77z", "9p", dora_indicators=tuple(tiles("7z")))
    assert v.han_of("dora") == 3


def test_dora_not_added_to_yakuman() -> None:
    v = _value("555z666z777z234m8p", "8p", dora_indicators=tuple(tiles("4z")))
    assert v.yaku == (YakuLine("daisangen", 13),)


def test_ippatsu_needs_riichi() -> None:
    with pytest.raises(ValueError, match="riichi"):
        WinContext(riichi=False, ippatsu=True)


def test_situational_names() -> None:
    assert frozenset({"ippatsu", "houtei", "renhou"}) == SITUATIONAL_YAKU


def test_context_helpers() -> None:
    context = WinContext(seat_wind=WEST, ippatsu=True, houtei=True, renhou=True,
                         dora_indicators=(1,), ura_indicators=(2,))
    bare = context.without_situational()
    assert (bare.ippatsu, bare.houtei, bare.renhou, bare.ura_indicators) == (False, False, False, ())
    assert (bare.riichi, bare.dora_indicators, bare.seat_wind) == (True, (1,), WEST)
    no_ura = context.without_ura()
    assert (no_ura.ippatsu, no_ura.houtei, no_ura.renhou, no_ura.ura_indicators) == (True, True, True, ())


def test_scores_are_independent_of_which_copy_is_held() -> None:
    # other ids of the same kinds give the same value (the cache keys on kinds)
    hand, win = hand_and_win(PINFU_HAND, "5s")
    other = [t ^ 1 for t in hand]
    assert [t // 4 for t in other] == [t // 4 for t in hand]
    context = WinContext(seat_wind=WEST, dora_indicators=(kind("4m") * 4 + 3,))
    assert score_win(other, win, context, Rules.preset()) == score_win(hand, win, context, Rules.preset())


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream", "four_player"])
def test_assess_rons_is_assess_ron_for_each_tile(preset: str) -> None:
    # a nobetan hand (1s or 4s), a red five and a dora on 5s; 7z completes nothing
    hand = tiles("234567m055p1234s")
    rules = Rules.preset(preset)
    context = WinContext(seat_wind=SOUTH, dora_indicators=(kind("4s") * 4,), ura_indicators=(kind("1m") * 4,))
    win_tiles = [kind("1s") * 4 + 1, kind("4s") * 4 + 2, kind("7z") * 4]
    assert assess_rons(hand, win_tiles, context, rules) == [assess_ron(hand, w, context, rules) for w in win_tiles]


# scoring.py divides a hand's 14 tiles as the library does, from the library's own suit,
# honour and seven-pairs decompositions memoised per pattern, and memoises each division (the
# JSON report scores the same 14 tiles with another winning tile again and again); it also
# shares the values of the library's answers. None of it may change a division or a score:
# every check below asks the library with its own division in place and compares.
LIBRARY_DIVISION = staticmethod(scoring._LIBRARY_DIVIDE_HAND)
GROUPS = [("seq", start) for suit in range(3) for start in range(suit * 9, suit * 9 + 7)] + \
         [("triplet", k) for k in range(34)]


def _counts(ids) -> list[int]:
    counts = [0] * 34
    for tile in ids:
        counts[tile // 4] += 1
    return counts


def _wins_on_every_kind(seeds: range, rules: Rules, step: int) -> list[tuple[tuple[int, ...], int]]:
    """Every `step`-th tenpai hand of each seeded wall with a winning tile on each wait,
    and for each such win every 13 of its 14 tiles that wait on the tile left out: the
    same 14 tiles with another winning tile, which is what the memo serves."""
    wins = []
    for seed in seeds:
        wall = random.Random(seed).sample(range(136), 34)
        for hand in WallAnalyser(wall, EAST, None, rules).tenpai_hands()[::step]:
            held = set(hand.tiles)
            for wait in hand.waits:
                win = next((t for t in range(wait * 4, wait * 4 + 4) if t not in held), None)
                if win is None:
                    continue
                fourteen = (*hand.tiles, win)
                for out in {t // 4: t for t in fourteen}.values():
                    wins.append((tuple(t for t in fourteen if t != out), out))
    return wins


def _scores(wins, context: WinContext, rules: Rules) -> list[object]:
    scoring.clear_cache()
    HandDivider._divide_hand_impl.cache_clear()
    return [score_win(hand, win, context, rules) for hand, win in wins]


def test_the_division_is_in_place() -> None:
    # tests/conftest.py installs it, as the game's entry points do
    assert scoring._FAST_DIVISION, "the library no longer has the helpers scoring divides with"
    assert scoring.library_version() == importlib.metadata.version("mahjong")
    assert scoring.install_fast_divider(), "the installed mahjong is not the release the division was written for"
    assert HandDivider.divide_hand is scoring._memoised_divide_hand
    assert scoring._LIBRARY_DIVIDE_HAND.__module__.startswith("mahjong")


def test_importing_scoring_leaves_the_library_alone_until_the_division_is_installed_once() -> None:
    script = (
        "from mahjong.hand_calculating.divider import HandDivider\n"
        "from game.engine import scoring\n"
        "library = HandDivider.divide_hand\n"
        "print(library is scoring._LIBRARY_DIVIDE_HAND, scoring.install_fast_divider(),\n"
        "      HandDivider.divide_hand is scoring._memoised_divide_hand, scoring.install_fast_divider(),\n"
        "      HandDivider.divide_hand is scoring._memoised_divide_hand)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"] * 5


@pytest.mark.parametrize("version", ["2.2.0", "3.0.0", "1.4.1", None])
def test_on_another_release_the_library_divides_alone_and_the_log_says_so_once(
        version: str | None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    monkeypatch.setattr(scoring, "library_version", lambda: version)
    monkeypatch.setattr(scoring, "_stood_down", False)
    with caplog.at_level(logging.INFO, logger=scoring.__name__):
        assert [scoring.install_fast_divider() for _ in range(3)] == [False] * 3
    assert HandDivider.divide_hand is scoring._LIBRARY_DIVIDE_HAND
    assert len(caplog.records) == 1
    assert str(version or "unknown version") in caplog.records[0].getMessage()


def test_a_patch_release_of_the_same_series_takes_the_division(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    monkeypatch.setattr(scoring, "library_version", lambda: f"{scoring.FAST_DIVIDER_RELEASE}.7")
    assert scoring.install_fast_divider()
    assert HandDivider.divide_hand is scoring._memoised_divide_hand


def test_scoring_consults_the_division_memo_and_the_suit_memo() -> None:
    scoring.clear_cache()
    hand = tiles("234567m23455s777z")
    score_win(hand[:13], hand[13], WinContext(), Rules.preset())
    score_win(hand[1:], hand[0], WinContext(), Rules.preset())  # the same 14 tiles, won on 2m
    info = scoring._division.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert scoring._suit_decomposition.cache_info().misses == 3


def _library_division(counts) -> list:
    HandDivider._divide_hand_impl.cache_clear()
    return scoring._LIBRARY_DIVIDE_HAND(list(counts))


def test_the_division_is_the_librarys_on_every_pattern_of_many_walls() -> None:
    rules = Rules.preset("pro_stream")
    patterns = {tuple(_counts((*hand, win))) for hand, win in _wins_on_every_kind(range(8), rules, 5)}
    assert len(patterns) > 5000
    scoring.clear_cache()
    several = 0
    for counts in patterns:
        division = HandDivider.divide_hand(list(counts))
        assert division == _library_division(counts), counts
        several += len(division) > 1
    assert several > 50  # hands with more than one reading (and seven pairs) are among them


COUNTS = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@st.composite
def complete_counts(draw: st.DrawFn) -> list[int]:
    """The 34 counts of four groups and a pair, or seven pairs, often with several readings."""
    counts = [0] * 34
    if draw(st.booleans()):
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            counts[k] = 2
    else:
        for _ in range(4):
            shape, start = draw(st.sampled_from(GROUPS))
            for k in ([start, start + 1, start + 2] if shape == "seq" else [start] * 3):
                counts[k] += 1
        counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    return counts


# 400 examples: the complete hands are also checked exhaustively, every pattern of many walls
# (test_the_division_is_the_librarys_on_every_pattern_of_many_walls).
@settings(max_examples=400, deadline=None)
@given(counts=st.one_of(complete_counts(), COUNTS, st.lists(st.integers(0, 2), min_size=34, max_size=34)))
def test_the_division_is_the_librarys_on_any_counts(counts: list[int]) -> None:
    scoring._division.cache_clear()
    assert HandDivider.divide_hand(counts) == _library_division(counts)


def test_counts_the_library_refuses_are_refused_alike() -> None:
    for counts in ([5] + [0] * 33, [0] * 34, [4] * 34, [2] * 7 + [0] * 27):
        assert HandDivider.divide_hand(counts) == _library_division(counts), counts


@pytest.mark.parametrize(("preset", "options"), [
    ("kaiji", {}), ("pro_stream", {}), ("kaiji", {"kiriage": False, "red_fives": True, "double_yakuman": True}),
    ("three_player", {}), ("four_player", {}),
])
def test_memoised_division_changes_no_score(preset: str, options: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.preset(preset, **options)
    wins = _wins_on_every_kind(range(4), rules, 97)
    assert len(wins) > 2000
    contexts = [WinContext(seat_wind=SOUTH, dora_indicators=(kind("5p") * 4,)),
                WinContext(seat_wind=WEST, ippatsu=True, dora_indicators=(kind("9m") * 4,),
                           ura_indicators=(kind("2s") * 4,))]
    for context in contexts:
        memoised = _scores(wins, context, rules)
        monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
        try:
            assert _scores(wins, context, rules) == memoised
        finally:
            monkeypatch.undo()
            scoring.clear_cache()


@pytest.mark.parametrize(("preset", "seat", "seed"),
                         [("kaiji", EAST, 3), ("pro_stream", SOUTH, 7), ("four_player", WEST, 11)])
def test_a_walls_whole_ranking_is_the_same_with_the_librarys_own_division(preset: str, seat: int, seed: int,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    wall = rng.sample(range(136), 34)
    indicator = rng.choice(sorted(set(range(136)) - set(wall)))
    scoring.clear_cache()
    fast = WallAnalyser(wall, seat, indicator, rules).analyze()
    assert len(fast.hands) > 100
    monkeypatch.setattr(HandDivider, "divide_hand", LIBRARY_DIVISION)
    scoring.clear_cache()
    try:
        library = WallAnalyser(wall, seat, indicator, rules).analyze()
    finally:
        scoring.clear_cache()
    assert library.hands == fast.hands
    assert [[wait.value for wait in hand.waits] for hand in library.hands] == \
        [[wait.value for wait in hand.waits] for hand in fast.hands]


def test_the_divisions_kept_are_the_librarys_after_scoring_with_them() -> None:
    # the library reads the lists it is given and never changes them: after thousands of
    # scores every division kept is still what the library makes afresh
    rules = Rules.preset("pro_stream")
    wins = _wins_on_every_kind(range(3), rules, 29)
    _scores(wins, WinContext(dora_indicators=(kind("3s") * 4,)), rules)
    before = scoring._division.cache_info().hits
    for counts in {tuple(_counts((*hand, win))) for hand, win in wins}:
        assert scoring._division(bytes(counts)) == scoring._LIBRARY_DIVIDE_HAND(list(counts)), counts
    assert scoring._division.cache_info().hits - before > 500


def test_open_melds_go_to_the_library_unmemoised() -> None:
    hand = tiles("123m456p789s11z") + tiles("555z")
    counts = _counts(hand)
    melds = [Meld(meld_type=Meld.PON, tiles=tiles("555z"))]
    assert HandDivider.divide_hand(counts, melds) == scoring._LIBRARY_DIVIDE_HAND(counts, melds)
    assert HandDivider.divide_hand(counts, melds) is not HandDivider.divide_hand(counts, melds)


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A complete 14-tile hand as 136 ids, and a winning tile among them."""
    counts = draw(complete_counts())
    ids = [k * 4 + copy for k in range(34) for copy in range(counts[k])]
    win = draw(st.sampled_from(ids))
    return [t for t in ids if t != win], win


# 300 examples: every winning hand of many walls is also scored both ways, in five rule sets
# (test_memoised_division_changes_no_score).
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=winning_hands(), seat=st.sampled_from(WIND_KINDS), ippatsu=st.booleans(),
       dora=st.integers(0, 135), red_fives=st.booleans(), kiriage=st.booleans())
def test_any_winning_hand_scores_alike_with_and_without_the_memo(hand, seat, ippatsu, dora, red_fives,
                                                                 kiriage) -> None:
    rules = Rules.preset("kaiji", red_fives=red_fives, kiriage=kiriage)
    context = WinContext(seat_wind=seat, ippatsu=ippatsu, dora_indicators=(dora,))
    tiles13, win = hand
    memoised = score_win(tiles13, win, context, rules)
    scoring._score_cached.cache_clear()
    HandDivider.divide_hand = LIBRARY_DIVISION
    try:
        assert score_win(tiles13, win, context, rules) == memoised
    finally:
        HandDivider.divide_hand = staticmethod(scoring._memoised_divide_hand)
        scoring._score_cached.cache_clear()


def test_clear_cache_forgets_every_threads_library_configurations() -> None:
    # A thread that scores keeps a library configuration per setting (some 9 kB each, up to
    # MAX_CONFIGS_PER_THREAD); the game's threads live the whole session, so what they kept
    # of past matches must go when the game clears the cache between matches (issue 30).
    from concurrent.futures import ThreadPoolExecutor

    hand, win = hand_and_win(PINFU_HAND, "5s")
    rules = Rules.preset()

    def score_and_count(indicators: list[int]) -> int:
        for indicator in indicators:
            score_win(hand, win, WinContext(seat_wind=WEST, dora_indicators=(indicator,)), rules)
        return len(scoring._THREAD_CONFIGS.by_setting)

    with ThreadPoolExecutor(max_workers=1) as thread:
        assert thread.submit(score_and_count, [0, 8, 16, 40]).result() == 4
        scoring.clear_cache()
        assert thread.submit(score_and_count, [60]).result() == 1
