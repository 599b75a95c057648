"""Every rule option in plain words: its name, what it does, and each choice explained.

The settings screen and the rules page both read this, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.rules import PRESETS, Rules

PRESET_NAMES = {
    "kaiji": "Kaiji (the manga)",
    "pro_stream": "Points, red fives",
    "moegirl": "Riichi before play, units",
    "three_player": "Three players",
    "four_player": "Four players, no floor",
}
PRESET_DESCRIPTIONS = {
    "kaiji": "As in the manga: stakes, a 3-minute build, kiriage mangan.",
    "pro_stream": "As streamed matches play it: points, red fives, no build clock, renhou 4 han.",
    "moegirl": "Both players are in riichi before the first discard; units, double yakuman, no clock.",
    "three_player": "Three players, points, no build clock.",
    "four_player": "Four players, points, no mangan floor, no build clock.",
}


@dataclass(frozen=True)
class OptionText:
    name: str
    explanation: str
    choices: dict[Any, str] = field(default_factory=dict)
    """Value -> plain words. Empty for on/off options."""


NONE = None

OPTIONS: dict[str, OptionText] = {
    "players": OptionText(
        "Players",
        "How many sit at the table: two, three or four.",
        {2: "2 players", 3: "3 players", 4: "4 players"},
    ),
    "red_fives": OptionText(
        "Red fives", "One red five in each suit replaces a plain five; each red five is worth a dora."
    ),
    "mangan_floor": OptionText(
        "Mangan floor", "A win is allowed only if the hand is worth mangan or more without ura dora."
    ),
    "kiriage": OptionText("Round up to mangan (kiriage)", "4 han 30 fu and 3 han 60 fu count as mangan."),
    "floor_counts_situational": OptionText(
        "Luck counts toward the floor",
        "Ippatsu, houtei and renhou help a hand reach mangan. Off: only what the hand is sure of "
        "before play (its shape, riichi, dora, red fives).",
    ),
    "build_time_s": OptionText(
        "Time to build",
        "When it runs out, the tiles you chose are kept and completed with the best suggestion.",
        {NONE: "No limit", 60: "1 minute", 120: "2 minutes", 180: "3 minutes", 300: "5 minutes"},
    ),
    "discard_time_s": OptionText(
        "Time per discard",
        "When it runs out, the game discards the tile the normal AI would choose.",
        {NONE: "No limit", 15: "15 seconds", 30: "30 seconds", 60: "1 minute", 120: "2 minutes"},
    ),
    "riichi_timing": OptionText(
        "When riichi starts",
        "Everyone is in riichi; this says from when.",
        {
            "with_first_discard": "With each player's first discard (laid sideways)",
            "before_play": "Both players are in riichi before the first discard",
        },
    ),
    "renhou": OptionText(
        "Renhou",
        "The second player wins on the first player's first discard, before discarding.",
        {"none": "Not a yaku (and no riichi yet)", "four_han": "A 4-han yaku", "yakuman": "Yakuman"},
    ),
    "houtei": OptionText(
        "Houtei (last discard)",
        "The one-han yaku for winning on a final discard.",
        {
            "each_final_discard": "On each player's 17th discard",
            "last_discard_of_hand": "Only on the very last discard of the hand",
        },
    ),
    "double_yakuman": OptionText("Double yakuman", "A hand that makes two yakuman at once is paid twice."),
    "settlement": OptionText(
        "Payment",
        "How a win is paid.",
        {
            "stakes": "Stakes: mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4 times the stake; "
            "a draw doubles the next stake",
            "points": "Points: standard values, the dealer paid 1.5 times",
            "points_as_dealer": "Points: everyone paid as the dealer (mangan 12000)",
            "units": "Units: mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4",
        },
    ),
    "first_player": OptionText(
        "Who starts each hand",
        "The first player flips the dora and discards first. Hand 1 is rolled.",
        {
            "alternate": "Players take turns",
            "winner_first": "The last winner (after a draw, the other)",
            "roll": "Rolled every hand",
        },
    ),
    "multiple_ron": OptionText(
        "Several rons on one discard",
        "Only with three or four players.",
        {"head_bump": "The first player after the discarder wins", "all": "Everyone who can ron wins"},
    ),
    "virtual_dora": OptionText(
        "Virtual dora (4 players)", "A dora from a second set of tiles, which also restores the mangan floor."
    ),
    "base_stake": OptionText(
        "Base stake", "The stake of a hand after a win (stakes payment).", {1: "1", 2: "2", 5: "5", 10: "10"}
    ),
    "bankroll_stakes": OptionText(
        "Bankroll",
        "What each player starts with, in base stakes; the match ends when one cannot pay.",
        {20: "20 stakes", 50: "50 stakes", 100: "100 stakes", 200: "200 stakes"},
    ),
    "start_points": OptionText(
        "Starting points",
        "Points each player starts with (points payment); below zero ends the match.",
        {25000: "25,000", 30000: "30,000", 35000: "35,000", 50000: "50,000"},
    ),
    "hands": OptionText(
        "Match length",
        "The match ends after this many hands, or earlier when someone goes bust.",
        {
            1: "1 hand",
            2: "2 hands",
            4: "4 hands",
            8: "8 hands",
            12: "12 hands",
            16: "16 hands",
            NONE: "Until someone goes bust",
        },
    ),
}


def choice_text(option: str, value: Any) -> str:
    text = OPTIONS[option]
    if not text.choices:
        return "On" if value else "Off"
    return text.choices.get(value, str(value))


def choices_for(option: str, current: Any) -> dict[Any, str]:
    """The listed choices, plus the current value if a preset or file set another one."""
    choices = dict(OPTIONS[option].choices)
    if choices and current not in choices:
        choices[current] = str(current)
    return choices


def rules_summary(rules: Rules) -> str:
    payment = {
        "stakes": "stakes",
        "points": "points",
        "points_as_dealer": "points (all as dealer)",
        "units": "units",
    }[rules.settlement]
    length = f"{rules.hands} hands" if rules.hands else "until bust"
    preset = PRESET_NAMES.get(rules.preset_name, rules.preset_name)
    preset_players = PRESETS[rules.preset_name].players if rules.preset_name in PRESETS else None
    named = preset_players == rules.players and "player" in preset.lower()  # "Three players"
    seats = "" if named else f" · {rules.players} players"
    return f"{preset}{seats} · {payment} · {length}"


@dataclass(frozen=True)
class YakuText:
    """A yaku that exists in 17 Steps, with an example win drawn in tiles (docs/rules.md §5.3)."""

    name: str
    kanji: str
    han: int | None
    """Its closed value (every hand here is closed); None for a yakuman."""
    hand: str
    """13 tiles in mpsz; the example wins on `win` by ron, in riichi, seat East."""
    win: str
    note: str
    situation: dict[str, bool] = field(default_factory=dict)
    """What the example needs besides the tiles (ippatsu, houtei)."""
    scored_as: str = ""
    """The name the scorer gives it, when that says more (haku, suuankou tanki)."""

    @property
    def han_text(self) -> str:
        return "yakuman" if self.han is None else f"{self.han} han"


YAKU: tuple[YakuText, ...] = (
    YakuText("riichi", "立直", 1, "123789m456p1299s", "3s", "Every hand is in riichi: this one has nothing else."),
    YakuText("ippatsu", "一発", 1, "123789m456p1299s", "3s",
             "A win on the next discard after your riichi declaration.", {"ippatsu": True}),
    YakuText("houtei", "河底撈魚", 1, "123789m456p1299s", "3s",
             "A win on a final discard: each player's 17th, or only the last, by option.", {"houtei": True}),
    YakuText("tanyao", "断幺九", 1, "234m567p345678s8p", "8p", "Only tiles 2 to 8."),
    YakuText("pinfu", "平和", 1, "123m456789p2355s", "4s", "Four runs, a pair that is no yakuhai, a two-sided wait."),
    YakuText("iipeikou", "一盃口", 1, "112233m456p5578s", "6s", "The same run twice. Here with pinfu."),
    YakuText("yakuhai", "役牌", 1, "555z123m456p789s4p", "4p",
             "A triplet of dragons, of your seat wind or of East, the round wind: 1 han each.",
             scored_as="haku"),
    YakuText("chiitoitsu", "七対子", 2, "1133m5577p2299s6z", "6z", "Seven different pairs, always 25 fu."),
    YakuText("toitoi", "対々和", 2, "111m333p777s99m55z", "9m", "Four triplets. Here sanankou counts too."),
    YakuText("sanankou", "三暗刻", 2, "1112223334m777p", "2m", "Three concealed triplets."),
    YakuText("sanshoku", "三色同順", 2, "123m123p12s456m77p", "3s", "The same run in all three suits."),
    YakuText("ittsu", "一気通貫", 2, "123456789m234p5s", "5s", "1-2-3, 4-5-6 and 7-8-9 of one suit."),
    YakuText("chanta", "混全帯幺九", 2, "123m789p999s44z12s", "3s",
             "A terminal or an honour in every set and the pair."),
    YakuText("sanshoku doukou", "三色同刻", 2, "222m222p222s456m7p", "7p", "The same triplet in all three suits."),
    YakuText("honroutou", "混老頭", 2, "111m999p111s11z99m", "9m", "Only terminals and honours."),
    YakuText("shousangen", "小三元", 2, "555z666z77z123m45p", "3p",
             "Two dragon triplets and a dragon pair, with their yakuhai."),
    YakuText("junchan", "純全帯幺九", 3, "123m789p999s11p12s", "3s",
             "A terminal in every set and the pair, no honours."),
    YakuText("honitsu", "混一色", 3, "123345777m2255z", "5z", "One suit and honours."),
    YakuText("ryanpeikou", "二盃口", 3, "112233m556677p9s", "9s", "Two runs, each twice."),
    YakuText("chinitsu", "清一色", 6, "2223456777888s", "8s", "One suit only."),
    YakuText("kokushi musou", "国士無双", None, "19m19p19s1234567z", "1m",
             "Every terminal and honour; the 13-sided wait is realistic here.", scored_as="kokushi musou 13-sided"),
    YakuText("suuankou", "四暗刻", None, "111m333p555s777s9p", "9p",
             "Four concealed triplets: always a single wait, a shanpon ron is only sanankou.",
             scored_as="suuankou tanki"),
    YakuText("daisangen", "大三元", None, "555z666z777z123m4p", "4p", "Triplets of all three dragons."),
    YakuText("shousuushii", "小四喜", None, "111z222z333z44z12m", "3m", "Three wind triplets and a wind pair."),
    YakuText("daisuushii", "大四喜", None, "111z222z333z44z55m", "4z", "Four wind triplets."),
    YakuText("tsuuiisou", "字一色", None, "111z222z666z55z77z", "7z", "Only honours."),
    YakuText("ryuuiisou", "緑一色", None, "234s234s666s66z88s", "8s",
             "Only green tiles: 2, 3, 4, 6, 8 of bamboo and Hatsu."),
    YakuText("chinroutou", "清老頭", None, "111m999m111p99p11s", "1s", "Only terminals."),
    YakuText("chuuren poutou", "九蓮宝燈", None, "1112345678899m", "9m",
             "1112345678999 of one suit and one more; waiting on all nine counts twice with double yakuman."),
)
"""Renhou and kazoe yakuman have no fixed example: see RENHOU_TEXT and KAZOE_TEXT."""

RENHOU_TEXT = ("Renhou (人和): a win before your own first discard. By option not a yaku, a 4-han yaku or a "
               "yakuman. Without it such a win has no riichi and no ippatsu either.")
KAZOE_TEXT = "Kazoe yakuman (数え役満): 13 han or more of ordinary yaku and dora count as a yakuman."
DORA_TEXT = ("Dora, red fives and ura dora add 1 han each but are not yaku. Toitoi and sanankou count "
             "together. Several yakuman add up only with double yakuman.")


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    explanation: str


GLOSSARY: tuple[GlossaryEntry, ...] = (
    GlossaryEntry("Riichi", "A declaration that the closed hand is tenpai, worth 1 han. Here everyone is in riichi, "
                  "from their first discard or before play."),
    GlossaryEntry("Furiten", "A player who discarded one of their own winning tiles, or let one pass while in riichi, "
                  "may not ron for the rest of the hand."),
    GlossaryEntry("Dora / ura", "The tile after the dora indicator is the dora, 1 han per copy. The ura dora comes "
                  "from the tile beneath the indicator: shown after a win, it adds to the payment, never to "
                  "the floor."),
    GlossaryEntry("Mangan floor", "A win is allowed only when it is worth mangan or more without ura dora."),
    GlossaryEntry("Kiriage", "Counting 4 han 30 fu and 3 han 60 fu as mangan."),
    GlossaryEntry("Genbutsu", "A tile a player has discarded: it can never win against them. Every tile a player in "
                  "riichi let pass is as safe against them."),
    GlossaryEntry("Houtei", "The 1-han yaku for winning on a final discard."),
    GlossaryEntry("Renhou", "A win before one's own first discard: not a yaku, 4 han or yakuman, by option."),
)
