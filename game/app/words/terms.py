"""The mahjong words every screen shows, from one place per language: winds, limit names,
yaku names and the recurring terms, as players of the language write them.

The engine names things in English data words ('east', 'haneman', 'seat wind east',
'ura dora'); they stay its data (`analyze --json`, records). These functions give the word
on screen, translated at the moment it is drawn so a language switch reaches it. The English
text is the engine's word itself, so English screens read as they always have.

Contexts: "wind" (seat and round winds), "limit" (mangan and above, kazoe, kiriage, han and
fu), "yaku" (each yaku of game/engine/scoring.py), "term" (riichi, furiten, dora, tenpai…),
"tile in a sentence", "tile in a hand" and "tile number" (a tile's name: 9-man, 九萬, 发财).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from game.app.words.i18n import _, language, pgettext
from game.engine.scoring import WinValue

_HAN_FU = re.compile(r"(?P<han>\d+) han (?P<fu>\d+) fu")
"""The engine's words for a value below the limits (`WinValue.level_name`)."""
_SEVERAL_YAKUMAN = re.compile(r"(?P<count>\d+)x yakuman")


def wind(name: str) -> str:
    """A seat or round wind ('east' or 'East') as the table says it: 'East', 東."""
    words = _winds(language())
    return words.get(name.lower(), name)


def limit(level: str) -> str:
    """A limit name of the engine ('mangan', 'kazoe yakuman', 'double yakuman', …)."""
    known = _limits(language()).get(level)
    if known is not None:
        return known
    below = _HAN_FU.fullmatch(level)
    if below:
        return han_fu(int(below["han"]), int(below["fu"]))
    several = _SEVERAL_YAKUMAN.fullmatch(level)
    return several_yakuman(int(several["count"])) if several else level


def han_fu(han: int, fu: int) -> str:
    """'3 han 40 fu', the value of a hand below the limits."""
    # Translators: the value of a hand below mangan; han and fu are the counts
    return pgettext("limit", "{han} han {fu} fu").format(han=han, fu=fu)


def several_yakuman(count: int) -> str:
    # Translators: a hand worth several yakuman at once, e.g. "4x yakuman"
    return pgettext("limit", "{count}x yakuman").format(count=count)


def level_name(value: WinValue) -> str:
    """`WinValue.level_name` in the current language: the limit, or 'n han m fu' below it."""
    if value.level is None:
        return han_fu(value.han, value.fu)
    if value.kazoe:
        return limit("kazoe yakuman")
    if value.yakuman > 3:
        return several_yakuman(value.yakuman)
    if value.yakuman > 1:
        return limit({2: "double yakuman", 3: "triple yakuman"}[value.yakuman])
    return limit(value.level)


def limit_name(value: WinValue) -> str:
    """The limit as a player says it: 'mangan (kiriage)', 'haneman', '3 han 40 fu'."""
    return limit("mangan (kiriage)") if value.kiriage else level_name(value)


def yaku(name: str) -> str:
    """A yaku by its engine name ('riichi', 'seat wind east', 'ura dora') as players write it."""
    return _yaku(language()).get(name, name)


def term(name: str) -> str:
    """A recurring mahjong word by its English name ('riichi', 'furiten', 'dora', …)."""
    return _terms(language()).get(name, name)


def tile_in_sentence(code: str) -> str:
    """A tile code as a sentence names it in the player's language: 9-man, Red 5-pin, Green
    dragon (九萬, 赤五筒, 發; 九万, 赤五筒, 发财). A player reads the tile's name, never its
    mpsz code; mpsz stays the notation of the command line, files and the builder's code field.
    Anything that is not one tile's code comes back as it is."""
    return _tile_words(language()).name(code) or code


def tiles_in_sentence(codes: Iterable[str], separator: str | None = None) -> str:
    """Several tiles for one placeholder of a sentence, each as `tile_in_sentence` names it,
    as a list of the language ("1-man, East wind"; 一萬、東) unless `separator` is given: a
    space between names that hold spaces read as one ("East wind Green dragon")."""
    # Translators: between the yaku of a list ("riichi 1, pinfu 1")
    return (_(", ") if separator is None else separator).join(map(tile_in_sentence, codes))


def hand_in_sentence(hand: str) -> str:
    """A whole hand in mpsz ('12345566778p11z') as a sentence shows it, grouped as players
    write a hand: the numbers of each suit, then its name, then the honours
    ('12345566778-pin, East East'; 一二三四五五六六七七八筒 東東). Text that is not mpsz comes
    back as it is."""
    if not _HAND.fullmatch(hand):
        return hand
    words = _tile_words(language())
    groups: list[str] = []
    honours: list[str] = []
    for digits, suit in _GROUP.findall(hand):
        if suit == "z":
            honours.extend(words.honours_in_hand[f"{digit}z"] for digit in digits)
            continue
        numbers = "".join(words.red_number if digit == "0" else words.numbers[digit] for digit in digits)
        groups.append(words.suits[suit].format(numbers=numbers))
    if honours:
        groups.append(words.honour_separator.join(honours))
    return words.group_separator.join(groups)


_HAND = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([0-9]+)([mpsz])")


@dataclass(frozen=True)
class _TileWords:
    numbers: dict[str, str]
    suits: dict[str, str]
    red: str
    red_number: str
    honours: dict[str, str]
    honours_in_hand: dict[str, str]
    group_separator: str
    honour_separator: str

    def name(self, code: str) -> str | None:
        """The tile `code` in a sentence; None if `code` is not one tile's code."""
        if code in self.honours:
            return self.honours[code]
        if len(code) != 2 or code[1] not in self.suits or code[0] not in self.numbers:
            return None
        if code[0] == "0":
            return self.red.format(tile=self.suits[code[1]].format(numbers=self.numbers["5"]))
        return self.suits[code[1]].format(numbers=self.numbers[code[0]])

    def names(self) -> tuple[str, ...]:
        """Every tile's name in a sentence."""
        codes = [*self.honours, *(f"{number}{suit}" for suit in self.suits for number in self.numbers)]
        return tuple(name for name in map(self.name, codes) if name)


@cache
def _tile_words(code: str) -> _TileWords:
    numbers = {
        # Translators: a tile's number in its name and in a hand ("9" of 9-man, 九萬 / 九万): the
        # numbers 1 to 9 as players of the language write them on a tile's name
        "1": pgettext("tile number", "1"),
        "2": pgettext("tile number", "2"),
        "3": pgettext("tile number", "3"),
        "4": pgettext("tile number", "4"),
        "5": pgettext("tile number", "5"),
        "6": pgettext("tile number", "6"),
        "7": pgettext("tile number", "7"),
        "8": pgettext("tile number", "8"),
        "9": pgettext("tile number", "9"),
        "0": "",  # a red five: named by `red`, its five's name
    }
    return _TileWords(
        numbers=numbers,
        suits={
            # Translators: a character tile (man, 萬子) by its number or numbers: 9-man, a hand's
            # 12345-man (九萬, 一二三四五萬)
            "m": pgettext("tile in a sentence", "{numbers}-man"),
            # Translators: a circle tile (pin, 筒子) by its number or numbers: 9-pin (九筒)
            "p": pgettext("tile in a sentence", "{numbers}-pin"),
            # Translators: a bamboo tile (sou, 索子) by its number or numbers: 9-sou (九索)
            "s": pgettext("tile in a sentence", "{numbers}-sou"),
        },
        # Translators: a red five by the name of its suit's five: Red 5-pin (赤五筒)
        red=pgettext("tile in a sentence", "Red {tile}"),
        # Translators: a red five among the numbers of a hand ("1234r56-pin"; 赤五)
        red_number=pgettext("tile number", "r5"),
        honours={
            # Translators: the East wind tile inside a sentence (東 / 东风)
            "1z": pgettext("tile in a sentence", "East wind"),
            # Translators: the South wind tile inside a sentence (南 / 南风)
            "2z": pgettext("tile in a sentence", "South wind"),
            # Translators: the West wind tile inside a sentence (西 / 西风)
            "3z": pgettext("tile in a sentence", "West wind"),
            # Translators: the North wind tile inside a sentence (北 / 北风)
            "4z": pgettext("tile in a sentence", "North wind"),
            # Translators: the white dragon tile inside a sentence (Japanese 白; Chinese by its spoken name, 白板)
            "5z": pgettext("tile in a sentence", "White dragon"),
            # Translators: the green dragon tile inside a sentence (Japanese 發; Chinese 发财)
            "6z": pgettext("tile in a sentence", "Green dragon"),
            # Translators: the red dragon tile inside a sentence (Japanese 中; Chinese 红中: a bare 中
            # reads as "in" in a Chinese sentence)
            "7z": pgettext("tile in a sentence", "Red dragon"),
        },
        honours_in_hand={
            # Translators: the East wind tile in a whole hand, after its suits ("123-man, East East"; 東東)
            "1z": pgettext("tile in a hand", "East"),
            # Translators: the South wind tile in a whole hand (南)
            "2z": pgettext("tile in a hand", "South"),
            # Translators: the West wind tile in a whole hand (西)
            "3z": pgettext("tile in a hand", "West"),
            # Translators: the North wind tile in a whole hand (北)
            "4z": pgettext("tile in a hand", "North"),
            # Translators: the white dragon tile in a whole hand (白)
            "5z": pgettext("tile in a hand", "White"),
            # Translators: the green dragon tile in a whole hand (發 / 发)
            "6z": pgettext("tile in a hand", "Green"),
            # Translators: the red dragon tile in a whole hand (中)
            "7z": pgettext("tile in a hand", "Red"),
        },
        # Translators: between the suits of a whole hand ("123-man, 456-pin, East East")
        group_separator=pgettext("tile in a hand", ", "),
        # Translators: between the honour tiles of a whole hand ("East East"; Japanese and Chinese may join them: 東東)
        honour_separator=pgettext("tile in a hand", " "),
    )


def whole_words() -> tuple[str, ...]:
    """Every word of these tables in the current language (yaku names, limits, winds, terms,
    tiles in a sentence), longest first: a Chinese or Japanese line never breaks inside one
    (game/app/window/text.py)."""
    return _whole_words(language())


@cache
def _whole_words(code: str) -> tuple[str, ...]:
    tables = (_winds(code), _limits(code), _yaku(code), _terms(code))
    words = {word for table in tables for word in table.values()} | set(_tile_words(code).names())
    return tuple(sorted(words, key=len, reverse=True))


def ron_call() -> str:
    """The call at a winner's seat at the end of the hand."""
    # Translators: the call over a winner's hand; English shows the Japanese call and its meaning
    return pgettext("call", "ロン  Ron!")


@cache
def _winds(code: str) -> dict[str, str]:
    return {
        # Translators: the wind of a seat or of the round, as written at the table (東)
        "east": pgettext("wind", "East"),
        # Translators: the wind of a seat or of the round (南)
        "south": pgettext("wind", "South"),
        # Translators: the wind of a seat or of the round (西)
        "west": pgettext("wind", "West"),
        # Translators: the wind of a seat or of the round (北)
        "north": pgettext("wind", "North"),
    }


@cache
def _limits(code: str) -> dict[str, str]:
    return {
        # Translators: the limit hand of 5 han, or 4 han 30 fu / 3 han 60 fu and more (満貫)
        "mangan": pgettext("limit", "mangan"),
        # Translators: a mangan only because kiriage rounds 4 han 30 fu or 3 han 60 fu up (切り上げ満貫)
        "mangan (kiriage)": pgettext("limit", "mangan (kiriage)"),
        # Translators: the limit of 6–7 han (跳満)
        "haneman": pgettext("limit", "haneman"),
        # Translators: the limit of 8–10 han (倍満)
        "baiman": pgettext("limit", "baiman"),
        # Translators: the limit of 11–12 han (三倍満)
        "sanbaiman": pgettext("limit", "sanbaiman"),
        # Translators: the highest limit (役満)
        "yakuman": pgettext("limit", "yakuman"),
        # Translators: a yakuman reached by counting 13 han or more (数え役満)
        "kazoe yakuman": pgettext("limit", "kazoe yakuman"),
        # Translators: a hand worth two yakuman (ダブル役満)
        "double yakuman": pgettext("limit", "double yakuman"),
        # Translators: a hand worth three yakuman (トリプル役満)
        "triple yakuman": pgettext("limit", "triple yakuman"),
    }


@cache
def _yaku(code: str) -> dict[str, str]:
    names = {
        # Translators: yaku names are in lower case in English; write each as players do (立直)
        "riichi": pgettext("yaku", "riichi"),
        # Translators: winning within one go-around after riichi (一発)
        "ippatsu": pgettext("yaku", "ippatsu"),
        # Translators: winning on the last discard of the hand (河底撈魚)
        "houtei": pgettext("yaku", "houtei"),
        # Translators: winning before one's first discard (人和)
        "renhou": pgettext("yaku", "renhou"),
        # Translators: 平和
        "pinfu": pgettext("yaku", "pinfu"),
        # Translators: all simples (断幺九)
        "tanyao": pgettext("yaku", "tanyao"),
        # Translators: 一盃口
        "iipeikou": pgettext("yaku", "iipeikou"),
        # Translators: seven pairs (七対子)
        "chiitoitsu": pgettext("yaku", "chiitoitsu"),
        # Translators: all triplets (対々和)
        "toitoi": pgettext("yaku", "toitoi"),
        # Translators: three concealed triplets (三暗刻)
        "sanankou": pgettext("yaku", "sanankou"),
        # Translators: the same run in three suits (三色同順)
        "sanshoku": pgettext("yaku", "sanshoku"),
        # Translators: the same triplet in three suits (三色同刻)
        "sanshoku doukou": pgettext("yaku", "sanshoku doukou"),
        # Translators: pure straight (一気通貫)
        "ittsu": pgettext("yaku", "ittsu"),
        # Translators: 混全帯幺九
        "chanta": pgettext("yaku", "chanta"),
        # Translators: 混老頭
        "honroutou": pgettext("yaku", "honroutou"),
        # Translators: little three dragons (小三元)
        "shousangen": pgettext("yaku", "shousangen"),
        # Translators: 純全帯幺九
        "junchan": pgettext("yaku", "junchan"),
        # Translators: half flush (混一色)
        "honitsu": pgettext("yaku", "honitsu"),
        # Translators: 二盃口
        "ryanpeikou": pgettext("yaku", "ryanpeikou"),
        # Translators: full flush (清一色)
        "chinitsu": pgettext("yaku", "chinitsu"),
        # Translators: a triplet of dragons or of a seat or round wind, as a family of yaku (役牌)
        "yakuhai": pgettext("yaku", "yakuhai"),
        # Translators: a triplet of white dragons (役牌 白)
        "haku": pgettext("yaku", "haku"),
        # Translators: a triplet of green dragons (役牌 發)
        "hatsu": pgettext("yaku", "hatsu"),
        # Translators: a triplet of red dragons (役牌 中)
        "chun": pgettext("yaku", "chun"),
        # Translators: han from dora tiles (ドラ)
        "dora": pgettext("yaku", "dora"),
        # Translators: han from red fives (赤ドラ)
        "red fives": pgettext("yaku", "red fives"),
        # Translators: han from the indicators under the dora, counted for a riichi win (裏ドラ)
        "ura dora": pgettext("yaku", "ura dora"),
        # Translators: thirteen orphans (国士無双)
        "kokushi musou": pgettext("yaku", "kokushi musou"),
        # Translators: thirteen orphans waiting on all thirteen (国士無双十三面待ち)
        "kokushi musou 13-sided": pgettext("yaku", "kokushi musou 13-sided"),
        # Translators: four concealed triplets (四暗刻)
        "suuankou": pgettext("yaku", "suuankou"),
        # Translators: four concealed triplets on a pair wait (四暗刻単騎)
        "suuankou tanki": pgettext("yaku", "suuankou tanki"),
        # Translators: big three dragons (大三元)
        "daisangen": pgettext("yaku", "daisangen"),
        # Translators: little four winds (小四喜)
        "shousuushii": pgettext("yaku", "shousuushii"),
        # Translators: big four winds (大四喜)
        "daisuushii": pgettext("yaku", "daisuushii"),
        # Translators: all honours (字一色)
        "tsuuiisou": pgettext("yaku", "tsuuiisou"),
        # Translators: all green (緑一色)
        "ryuuiisou": pgettext("yaku", "ryuuiisou"),
        # Translators: all terminals (清老頭)
        "chinroutou": pgettext("yaku", "chinroutou"),
        # Translators: nine gates (九蓮宝燈)
        "chuuren poutou": pgettext("yaku", "chuuren poutou"),
        # Translators: nine gates waiting on all nine (純正九蓮宝燈)
        "junsei chuuren poutou": pgettext("yaku", "junsei chuuren poutou"),
        # Translators: a triplet of one's own seat wind (役牌 自風 東)
        "seat wind east": pgettext("yaku", "seat wind east"),
        # Translators: a triplet of one's own seat wind (役牌 自風 南)
        "seat wind south": pgettext("yaku", "seat wind south"),
        # Translators: a triplet of one's own seat wind (役牌 自風 西)
        "seat wind west": pgettext("yaku", "seat wind west"),
        # Translators: a triplet of one's own seat wind (役牌 自風 北)
        "seat wind north": pgettext("yaku", "seat wind north"),
        # Translators: a triplet of the round wind (役牌 場風 東)
        "round wind east": pgettext("yaku", "round wind east"),
        # Translators: a triplet of the round wind (役牌 場風 南)
        "round wind south": pgettext("yaku", "round wind south"),
        # Translators: a triplet of the round wind (役牌 場風 西)
        "round wind west": pgettext("yaku", "round wind west"),
        # Translators: a triplet of the round wind (役牌 場風 北)
        "round wind north": pgettext("yaku", "round wind north"),
    }
    return names


@cache
def _terms(code: str) -> dict[str, str]:
    return {
        # Translators: the declaration of a closed ready hand (立直)
        "riichi": pgettext("term", "riichi"),
        # Translators: 一発
        "ippatsu": pgettext("term", "ippatsu"),
        # Translators: winning on the very last discard (河底)
        "houtei": pgettext("term", "houtei"),
        # Translators: 人和
        "renhou": pgettext("term", "renhou"),
        # Translators: may not win by ron (振聴/フリテン)
        "furiten": pgettext("term", "furiten"),
        # Translators: the same, as a mark in capitals on the table (フリテン)
        "FURITEN": pgettext("term", "FURITEN"),
        # Translators: the bonus tile (ドラ); a heading on the table
        "Dora": pgettext("term", "Dora"),
        # Translators: ドラ, in running text
        "dora": pgettext("term", "dora"),
        # Translators: 裏ドラ
        "ura dora": pgettext("term", "ura dora"),
        # Translators: one tile from a complete hand (聴牌)
        "tenpai": pgettext("term", "tenpai"),
        # Translators: a tile already discarded by the seat, safe against it (現物)
        "genbutsu": pgettext("term", "genbutsu"),
        # Translators: the call of a win on a discard (ロン)
        "ron": pgettext("term", "ron"),
        # Translators: a hand's value in mangan units
        "mangan units": pgettext("term", "mangan units"),
        # Translators: the 21 leftover tiles a player discards from (持ち牌 / 余牌), as the
        # messages write it; a wrapped line never breaks inside it
        "pool": pgettext("term", "pool"),
        # Translators: the record of every match played (対局履歴 / 对局记录), as the messages
        # write it; a wrapped line never breaks inside it
        "match history": pgettext("term", "match history"),
    }
