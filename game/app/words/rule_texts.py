"""Every rule option in plain words: its name, what it does, and each choice explained.

The settings screen and the rules page both read this, so they never disagree. The tables
hold the English messages (marked with `N_`); `OptionText.name`, `.explanation`, `.choices`,
`choice_text`, `preset_name`, `rules_name` and the yaku and glossary properties give them in the current
language, at the moment they are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.app.words import terms
from game.app.words.i18n import N_, _, format_number, ngettext, pgettext
from game.engine.rules import PRESETS, Rules

PRESET_NAMES = {
    "kaiji": N_("Kaiji (the manga)"),
    "pro_stream": N_("Points, red fives"),
    "moegirl": N_("Riichi before play, units"),
    "three_player": N_("Three players"),
    "four_player": N_("Four players, no floor"),
}
PRESET_DESCRIPTIONS = {
    "kaiji": N_("As in the manga: stakes, a 3-minute build, kiriage mangan."),
    "pro_stream": N_("As streamed matches play it: points, red fives, no build clock, renhou 4 han."),
    "moegirl": N_("Both players are in riichi before the first discard; units, double yakuman, no clock."),
    "three_player": N_("Three players, points, no build clock."),
    "four_player": N_("Four players, points, no mangan floor, no build clock."),
}


def preset_name(preset: str) -> str:
    """A preset's name in the current language (a name no preset has, as it is)."""
    name = PRESET_NAMES.get(preset)
    return _(name) if name is not None else preset


def rules_name(rules: Rules) -> str:
    """The preset `rules` come from, by name, with "(changed)" when some option differs
    from it: a changed match length is no longer the preset the name promises."""
    name = preset_name(rules.preset_name)
    if rules.preset_name in PRESETS and rules.changed_from_preset():
        # Translators: a preset's name for rules that differ from it ("Kaiji (the manga) (changed)")
        return _("{preset} (changed)").format(preset=name)
    return name


@dataclass(frozen=True)
class OptionText:
    english_name: str
    english_explanation: str
    english_choices: dict[Any, str] = field(default_factory=dict)
    """Value -> plain words (English messages). Empty for on/off options."""

    @property
    def name(self) -> str:
        return _(self.english_name)

    @property
    def explanation(self) -> str:
        return _(self.english_explanation)

    @property
    def choices(self) -> dict[Any, str]:
        """Value -> plain words in the current language. Empty for on/off options."""
        return {value: _translated_choice(words) for value, words in self.english_choices.items()}


def _translated_choice(words: str) -> str:
    return words if words.replace(",", "").isdigit() else _(words)  # numbers alone are not messages


NONE = None

OPTIONS: dict[str, OptionText] = {
    "players": OptionText(
        N_("Players"),
        N_("How many sit at the table: two, three or four."),
        {2: N_("2 players"), 3: N_("3 players"), 4: N_("4 players")},
    ),
    "red_fives": OptionText(
        N_("Red fives"), N_("One red five in each suit replaces a plain five; each red five is worth a dora.")
    ),
    "mangan_floor": OptionText(
        N_("Mangan floor"), N_("A win is allowed only if the hand is worth mangan or more without ura dora.")
    ),
    "kiriage": OptionText(N_("Round up to mangan (kiriage)"), N_("4 han 30 fu and 3 han 60 fu count as mangan.")),
    "floor_counts_situational": OptionText(
        N_("Luck counts toward the floor"),
        N_("Ippatsu, houtei and renhou help a hand reach mangan. Off: only what the hand is sure of "
        "before play (its shape, riichi, dora, red fives)."),
    ),
    "build_time_s": OptionText(
        N_("Time to build"),
        N_("When it runs out, the tiles you chose are kept and completed with the best suggestion."),
        {NONE: N_("No limit"), 60: N_("1 minute"), 120: N_("2 minutes"), 180: N_("3 minutes"), 300: N_("5 minutes")},
    ),
    "discard_time_s": OptionText(
        N_("Time per discard"),
        N_("When it runs out, the game discards the tile the normal AI would choose."),
        {NONE: N_("No limit"), 15: N_("15 seconds"), 30: N_("30 seconds"), 60: N_("1 minute"), 120: N_("2 minutes")},
    ),
    "riichi_timing": OptionText(
        N_("When riichi starts"),
        N_("Everyone is in riichi; this says from when."),
        {
            "with_first_discard": N_("With each player's first discard (laid sideways)"),
            "before_play": N_("Every player is in riichi before the first discard"),
        },
    ),
    "renhou": OptionText(
        N_("Renhou"),
        N_("A ron before your own first discard, on another player's discard."),
        {"none": N_("Not a yaku (and no riichi yet)"), "four_han": N_("A 4-han yaku"), "yakuman": N_("Yakuman")},
    ),
    "houtei": OptionText(
        N_("Houtei (last discard)"),
        N_("The one-han yaku for winning on a final discard."),
        {
            "each_final_discard": N_("On each player's 17th discard"),
            "last_discard_of_hand": N_("Only on the very last discard of the hand"),
        },
    ),
    "double_yakuman": OptionText(N_("Double yakuman"), N_("A hand that makes two yakuman at once is paid twice.")),
    "settlement": OptionText(
        N_("Payment"),
        N_("How a win is paid."),
        {
            "stakes": N_("Stakes: mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4 times the stake; "
            "a draw doubles the next stake"),
            "points": N_("Points: standard values, the dealer paid 1.5 times"),
            "points_as_dealer": N_("Points: everyone paid as the dealer (mangan 12000)"),
            "units": N_("Units: mangan 1, haneman 1.5, baiman 2, sanbaiman 3, yakuman 4"),
        },
    ),
    "first_player": OptionText(
        N_("Who starts each hand"),
        N_("The first player flips the dora and discards first. Hand 1 is rolled."),
        {
            "alternate": N_("Players take turns"),
            "winner_first": N_("The last winner (after a draw, the other)"),
            "roll": N_("Rolled every hand"),
        },
    ),
    "multiple_ron": OptionText(
        N_("Several rons on one discard"),
        N_("Only with three or four players."),
        {"head_bump": N_("The first player after the discarder wins"), "all": N_("Everyone who can ron wins")},
    ),
    "virtual_dora": OptionText(
        N_("Virtual dora (4 players)"), N_("A dora from a second set of tiles, which also restores the mangan floor.")
    ),
    "base_stake": OptionText(
        N_("Base stake"), N_("The stake of a hand after a win (stakes payment)."), {1: "1", 2: "2", 5: "5", 10: "10"}
    ),
    "bankroll_stakes": OptionText(
        N_("Bankroll"),
        N_("What each player starts with, in base stakes; the match ends when one cannot pay."),
        {20: N_("20 stakes"), 50: N_("50 stakes"), 100: N_("100 stakes"), 200: N_("200 stakes")},
    ),
    "start_points": OptionText(
        N_("Starting points"),
        N_("Points each player starts with (points payment); below zero ends the match."),
        {25000: "25,000", 30000: "30,000", 35000: "35,000", 50000: "50,000"},
    ),
    "hands": OptionText(
        N_("Match length"),
        N_("The match ends after this many hands, or earlier when someone goes bust."),
        {
            1: N_("1 hand"),
            2: N_("2 hands"),
            4: N_("4 hands"),
            8: N_("8 hands"),
            12: N_("12 hands"),
            16: N_("16 hands"),
            NONE: N_("Until someone goes bust"),
        },
    ),
}


def choice_text(option: str, value: Any) -> str:
    text = OPTIONS[option]
    if not text.english_choices:
        # Translators: an on/off rule option's state
        return pgettext("switch", "On") if value else pgettext("switch", "Off")
    words = text.english_choices.get(value)
    return _translated_choice(words) if words is not None else unlisted_choice(option, value)


def unlisted_choice(option: str, value: Any) -> str:
    """A value no choice lists (a host's rules, a settings file, a preset): in words with its
    unit as the listed ones are ("20 seconds", "3 hands"), a number alone being no answer."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    count = format_number(value)
    if option in ("build_time_s", "discard_time_s"):
        if value % 60 == 0:
            minutes = value // 60
            return ngettext("{count} minute", "{count} minutes", minutes).format(count=format_number(minutes))
        return ngettext("{count} second", "{count} seconds", value).format(count=count)
    if option == "players":
        return ngettext("{count} player", "{count} players", value).format(count=count)
    if option == "hands":
        return ngettext("{count} hand", "{count} hands", value).format(count=count)
    if option == "bankroll_stakes":
        # Translators: a bankroll, in base stakes ("40 stakes")
        return ngettext("{count} stake", "{count} stakes", value).format(count=count)
    return count


def choices_for(option: str, current: Any) -> dict[Any, str]:
    """The listed choices, plus the current value if a preset or file set another one."""
    choices = OPTIONS[option].choices
    if choices and current not in choices:
        choices[current] = unlisted_choice(option, current)
    return choices


SUMMARY_PAYMENT = {
    # Translators: the payment in the one-line summary of the rules ("Kaiji (the manga) · stakes · 8 hands")
    "stakes": N_("stakes"),
    "points": N_("points"),
    "points_as_dealer": N_("points (all as dealer)"),
    "units": N_("units"),
}
SUMMARISED = frozenset({"players", "settlement", "hands"})
"""The options the one-line summary says whether or not they changed."""
CHANGES_NAMED = 1
"""How many options changed from the preset the one-line summary names before "…": it must
stay one line at the smallest window, in every language."""
NAMED_PLAYERS = frozenset({"three_player", "four_player"})
"""Presets whose name says how many play ("Three players")."""


def rules_summary(rules: Rules) -> str:
    """The rules in one line: the preset and what differs from it, the payment and the length
    ("Three players (changed: Match length 1 hand) · points"). To a player who did not choose
    them "(changed)" alone says nothing; a part the changes name is not said twice."""
    differs = changed_options(rules)
    changed = [option for option in OPTIONS if option in differs]
    unsaid = [option for option in changed if option not in SUMMARISED]
    said_anyway = [option for option in changed if option in SUMMARISED]
    named = (unsaid + said_anyway)[:CHANGES_NAMED]  # a change the line would not say otherwise first
    parts = [preset_name(rules.preset_name)]
    if named:
        # Translators: one rule option changed from its preset, in the rules summary ("Match length 1 hand")
        changes = [_("{option} {choice}").format(option=OPTIONS[option].name,
                                                 choice=choice_text(option, getattr(rules, option)))
                   for option in named]
        if len(changed) > CHANGES_NAMED:
            changes.append("…")
        # Translators: a preset's name and what differs from it ("Three players (changed: Match length 1 hand)");
        # {changes} is joined by ", "
        parts = [_("{preset} (changed: {changes})").format(preset=parts[0], changes=_(", ").join(changes))]
    preset_players = PRESETS[rules.preset_name].players if rules.preset_name in PRESETS else None
    if "players" not in named and not (preset_players == rules.players and rules.preset_name in NAMED_PLAYERS):
        parts.append(ngettext("{count} player", "{count} players", rules.players).format(count=rules.players))
    if "settlement" not in named:
        parts.append(_(SUMMARY_PAYMENT[rules.settlement]))
    if "hands" not in named:
        if rules.hands:
            parts.append(ngettext("{count} hand", "{count} hands", rules.hands).format(count=rules.hands))
        else:
            parts.append(_("until bust"))
    # Translators: between the parts of the one-line summary of the rules
    return _(" · ").join(parts)


def changed_options(rules: Rules) -> set[str]:
    """The options that differ from the rules' preset (none for rules of no known preset)."""
    return set(rules.changed_from_preset()) if rules.preset_name in PRESETS else set()


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
        # Translators: a yaku's value on the rules page ("2 han")
        return terms.limit("yakuman") if self.han is None else _("{han} han").format(han=self.han)

    @property
    def shown_name(self) -> str:
        return terms.yaku(self.name)

    @property
    def shown_note(self) -> str:
        return _(self.note)


YAKU: tuple[YakuText, ...] = (
    YakuText("riichi", "立直", 1, "123789m456p1299s", "3s", N_("Every hand is in riichi: this one has nothing else.")),
    YakuText("ippatsu", "一発", 1, "123789m456p1299s", "3s",
             N_("A win on the next discard after your riichi declaration."), {"ippatsu": True}),
    YakuText("houtei", "河底撈魚", 1, "123789m456p1299s", "3s",
             N_("A win on a final discard: each player's 17th, or only the last, by option."), {"houtei": True}),
    YakuText("tanyao", "断幺九", 1, "234m567p345678s8p", "8p", N_("Only tiles 2 to 8.")),
    YakuText("pinfu", "平和", 1, "123m456789p2355s", "4s",
             N_("Four runs, a pair that is no yakuhai, a two-sided wait.")),
    YakuText("iipeikou", "一盃口", 1, "112233m456p5578s", "6s", N_("The same run twice. Here with pinfu.")),
    YakuText("yakuhai", "役牌", 1, "555z123m456p789s4p", "4p",
             N_("A triplet of dragons, of your seat wind or of East, the round wind: 1 han each."),
             scored_as="haku"),
    YakuText("chiitoitsu", "七対子", 2, "1133m5577p2299s6z", "6z", N_("Seven different pairs, always 25 fu.")),
    YakuText("toitoi", "対々和", 2, "111m333p777s99m55z", "9m", N_("Four triplets. Here sanankou counts too.")),
    YakuText("sanankou", "三暗刻", 2, "1112223334m777p", "2m", N_("Three concealed triplets.")),
    YakuText("sanshoku", "三色同順", 2, "123m123p12s456m77p", "3s", N_("The same run in all three suits.")),
    YakuText("ittsu", "一気通貫", 2, "123456789m234p5s", "5s", N_("1-2-3, 4-5-6 and 7-8-9 of one suit.")),
    YakuText("chanta", "混全帯幺九", 2, "123m789p999s44z12s", "3s",
             N_("A terminal or an honour in every set and the pair.")),
    YakuText("sanshoku doukou", "三色同刻", 2, "222m222p222s456m7p", "7p", N_("The same triplet in all three suits.")),
    YakuText("honroutou", "混老頭", 2, "111m999p111s11z99m", "9m", N_("Only terminals and honours.")),
    YakuText("shousangen", "小三元", 2, "555z666z77z123m45p", "3p",
             N_("Two dragon triplets and a dragon pair, with their yakuhai.")),
    YakuText("junchan", "純全帯幺九", 3, "123m789p999s11p12s", "3s",
             N_("A terminal in every set and the pair, no honours.")),
    YakuText("honitsu", "混一色", 3, "123345777m2255z", "5z", N_("One suit and honours.")),
    YakuText("ryanpeikou", "二盃口", 3, "112233m556677p9s", "9s", N_("Two runs, each twice.")),
    YakuText("chinitsu", "清一色", 6, "2223456777888s", "8s", N_("One suit only.")),
    YakuText("kokushi musou", "国士無双", None, "19m19p19s1234567z", "1m",
             N_("Every terminal and honour; the 13-sided wait is realistic here."), scored_as="kokushi musou 13-sided"),
    YakuText("suuankou", "四暗刻", None, "111m333p555s777s9p", "9p",
             N_("Four concealed triplets: always a single wait, a shanpon ron is only sanankou."),
             scored_as="suuankou tanki"),
    YakuText("daisangen", "大三元", None, "555z666z777z123m4p", "4p", N_("Triplets of all three dragons.")),
    YakuText("shousuushii", "小四喜", None, "111z222z333z44z12m", "3m", N_("Three wind triplets and a wind pair.")),
    YakuText("daisuushii", "大四喜", None, "111z222z333z44z55m", "4z", N_("Four wind triplets.")),
    YakuText("tsuuiisou", "字一色", None, "111z222z666z55z77z", "7z", N_("Only honours.")),
    YakuText("ryuuiisou", "緑一色", None, "234s234s666s66z88s", "8s",
             N_("Only green tiles: 2, 3, 4, 6, 8 of bamboo and Hatsu.")),
    YakuText("chinroutou", "清老頭", None, "111m999m111p99p11s", "1s", N_("Only terminals.")),
    YakuText("chuuren poutou", "九蓮宝燈", None, "1112345678899m", "9m",
             N_("1112345678999 of one suit and one more; waiting on all nine counts twice with double yakuman.")),
)
"""Renhou and kazoe yakuman have no fixed example: see RENHOU_TEXT and KAZOE_TEXT."""

RENHOU_TEXT = (N_("Renhou (人和): a win before your own first discard. By option not a yaku, a 4-han yaku or a "
               "yakuman. Without it such a win has no riichi and no ippatsu either."))
KAZOE_TEXT = N_("Kazoe yakuman (数え役満): 13 han or more of ordinary yaku and dora count as a yakuman.")
DORA_TEXT = (N_("Dora, red fives and ura dora add 1 han each but are not yaku. Toitoi and sanankou count "
             "together. Several yakuman add up only with double yakuman."))


@dataclass(frozen=True)
class GlossaryEntry:
    english_term: str
    english_explanation: str

    @property
    def term(self) -> str:
        return _(self.english_term)

    @property
    def explanation(self) -> str:
        return _(self.english_explanation)


GLOSSARY: tuple[GlossaryEntry, ...] = (
    GlossaryEntry(
        N_("Riichi"),
        N_("A declaration that the closed hand is tenpai, worth 1 han. Here everyone is in riichi, "
           "from their first discard or before play.")),
    GlossaryEntry(
        N_("Furiten"),
        N_("A player who discarded one of their own winning tiles, or let one pass while in riichi, "
           "may not ron for the rest of the hand.")),
    GlossaryEntry(
        N_("Dora / ura"),
        N_("The tile after the dora indicator is the dora, 1 han per copy. The ura dora comes "
           "from the tile beneath the indicator: shown after a win, it adds to the payment, never to "
           "the floor.")),
    GlossaryEntry(
        N_("Mangan floor"),
        N_("A win is allowed only when it is worth mangan or more without ura dora.")),
    GlossaryEntry(
        N_("Kiriage"),
        N_("Counting 4 han 30 fu and 3 han 60 fu as mangan.")),
    GlossaryEntry(
        N_("Genbutsu"),
        N_("A tile a player has discarded: it can never win against them. Every tile a player in "
           "riichi let pass is as safe against them.")),
    GlossaryEntry(
        N_("Houtei"),
        N_("The 1-han yaku for winning on a final discard.")),
    GlossaryEntry(
        N_("Renhou"),
        N_("A win before one's own first discard: not a yaku, 4 han or yakuman, by option.")),
)


CLOCK_OPTIONS = ("build_time_s", "discard_time_s")


def clock_choice(option: str, rules: Rules, move_time_s: float | None = None) -> str:
    """A clock option as the table runs it. At a table with seats at other computers
    (`move_time_s`: the host's move time) every decision has a clock, a rule of no limit
    being the move time (docs/network.md, The clock): "No limit" there would be untrue."""
    value = getattr(rules, option)
    if value is None and move_time_s is not None:
        # Translators: a clock the rules leave without limit, at a table with seats at other computers
        return _("{time} (network play)").format(time=choice_text(option, round(move_time_s)))
    return choice_text(option, value)


def clocks_summary(rules: Rules, move_time_s: float | None = None) -> str:
    """The build and discard clocks in one line ("Time to build: 3 minutes · Time per discard:
    No limit"); with `move_time_s`, as a network table runs them (`clock_choice`)."""
    return _(" · ").join(_("{option}: {choice}").format(option=OPTIONS[option].name,
                                                        choice=clock_choice(option, rules, move_time_s))
                         for option in CLOCK_OPTIONS)
