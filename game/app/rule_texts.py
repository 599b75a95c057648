"""Every rule option in plain words: its name, what it does, and each choice explained.

The settings screen and the rules page both read this, so they never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.rules import Rules

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
        "How many sit at the table. The window plays two-player tables.",
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
    return f"{preset} · {rules.players} players · {payment} · {length}"
