"""The mahjong words on screen come from one place (game/app/words/terms.py): every wind, limit and
yaku the engine names has its message, English reads exactly as the engine's words, and the
table's own texts pass through the catalog (the pseudo-locale marks every translated text)."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.play.draw_reasons import draw_reasons
from game.app.play.helper import warnings_for
from game.app.play.session import SeatPlan, shown_name
from game.app.theatre.theatre_frame import _event_words
from game.app.window.text import WORD_JOINER, wrap_lines
from game.app.words import i18n, terms
from game.app.words.i18n import _
from game.app.words.rule_texts import GLOSSARY, OPTIONS, YAKU, choice_text, rules_summary
from game.engine import scoring
from game.engine.events import Discarded, HandBuilt, RonPassed, WinningTileMissed
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import LEVELS, WinValue, YakuLine
from game.engine.tiles import KIND_COUNT, WIND_NAMES, kind_code
from tests.test_table_controller import DT, person_moves, table

OPEN, CLOSE = i18n.PSEUDO_OPEN, i18n.PSEUDO_CLOSE


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")


def marked(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


def engine_yaku_names() -> list[str]:
    return sorted(set(scoring._YAKU_NAMES.values()))


@pytest.mark.parametrize("name", engine_yaku_names())
def test_every_yaku_the_engine_names_has_a_message(name: str) -> None:
    assert terms.yaku(name) == name  # English: the engine's own word
    i18n.set_language(i18n.PSEUDO)
    assert terms.yaku(name) == f"{OPEN}{name}{CLOSE}"


@pytest.mark.parametrize("yaku", [entry.name for entry in YAKU])
def test_every_yaku_of_the_rules_page_has_a_message(yaku: str) -> None:
    i18n.set_language(i18n.PSEUDO)
    assert marked(terms.yaku(yaku))


@pytest.mark.parametrize("wind", WIND_NAMES)
def test_every_wind_has_a_message(wind: str) -> None:
    assert terms.wind(wind) == wind.capitalize()
    i18n.set_language(i18n.PSEUDO)
    assert terms.wind(wind) == f"{OPEN}{wind.capitalize()}{CLOSE}"


def value(han: int, fu: int, level: str | None, yakuman: int = 0, kazoe: bool = False) -> WinValue:
    return WinValue(han, fu, (YakuLine("riichi", 1),), level, yakuman, kazoe, 0)


VALUES = [
    value(3, 40, None),
    value(1, 30, None),
    *(value(13, 40, level, yakuman=1 if level == "yakuman" else 0) for level in LEVELS),
    value(14, 40, "yakuman", yakuman=1, kazoe=True),
    value(26, 40, "yakuman", yakuman=2),
    value(39, 40, "yakuman", yakuman=3),
    value(52, 40, "yakuman", yakuman=4),
]


@pytest.mark.parametrize("win", VALUES, ids=lambda win: win.level_name)
def test_limit_names_read_as_the_engine_says_them_in_english_and_are_translated(win: WinValue) -> None:
    assert terms.level_name(win) == win.level_name
    assert terms.limit(win.level_name) == win.level_name
    i18n.set_language(i18n.PSEUDO)
    assert marked(terms.level_name(win))
    assert marked(terms.limit(win.level_name))


def test_kiriage_mangan_is_named_as_such() -> None:
    kiriage = replace(value(4, 30, "mangan"), kiriage=True)  # as the scorer marks it
    assert terms.limit_name(kiriage) == "mangan (kiriage)"
    i18n.set_language(i18n.PSEUDO)
    assert terms.limit_name(kiriage) == f"{OPEN}mangan (kiriage){CLOSE}"


@pytest.mark.parametrize("word", ["riichi", "ippatsu", "houtei", "renhou", "furiten", "dora", "ura dora", "tenpai",
                                  "genbutsu", "FURITEN", "Dora"])
def test_recurring_terms_have_messages(word: str) -> None:
    assert terms.term(word) == word
    i18n.set_language(i18n.PSEUDO)
    assert terms.term(word) == f"{OPEN}{word}{CLOSE}"


@pytest.mark.parametrize(("name", "english"), [("You", "You"), ("Player 2", "Player 2"), ("Hard AI", "Hard AI"),
                                               ("Normal AI", "Normal AI"), ("Easy AI", "Easy AI")])
def test_the_names_the_game_gives_are_translated_and_chosen_names_are_not(name: str, english: str) -> None:
    assert shown_name(name) == english
    i18n.set_language(i18n.PSEUDO)
    assert marked(shown_name(name))
    assert shown_name("Akagi") == "Akagi"


def test_every_name_a_seat_plan_gives_is_translated() -> None:
    i18n.set_language(i18n.PSEUDO)
    for seats in (("you", "easy", "normal", "hard"), ("you", "person", "person")):
        names = SeatPlan.table(seats).names
        assert all(marked(shown_name(name)) for name in names), names


def test_every_rule_text_passes_through_the_catalog() -> None:
    i18n.set_language(i18n.PSEUDO)
    for option, text in OPTIONS.items():
        assert marked(text.name) and marked(text.explanation)
        for choice in text.choices.values():
            assert marked(choice) or choice.replace(",", "").isdigit(), (option, choice)
    assert marked(choice_text("red_fives", True)) and marked(choice_text("red_fives", False))
    for entry in GLOSSARY:
        assert marked(entry.term) and marked(entry.explanation)
    for yaku in YAKU:
        assert marked(yaku.shown_note) and marked(yaku.han_text)
    for preset in PRESETS:
        summary = rules_summary(Rules.preset(preset))
        assert all(marked(part) for part in summary.split(f"{OPEN} · {CLOSE}")), summary


def texts_of(frame) -> list[str]:
    centre = frame.centre
    words = [centre.stake, centre.status, *(seat.score for seat in frame.seats), *(seat.wind for seat in frame.seats)]
    if centre.announcement is not None:
        words.append(centre.announcement)
    return [word for word in words if word]


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream", "moegirl", "four_player"])
def test_the_table_frame_speaks_the_catalog_from_deal_to_end(preset: str) -> None:
    """Every text the table frame carries is a translated message, in every settlement and
    at every point of the hand (the pseudo-locale marks each one)."""
    i18n.set_language(i18n.PSEUDO)
    players = Rules.preset(preset).players
    controller = table(preset, ("you", *("normal",) * (players - 1)))
    seen: list[str] = []
    for _step in range(20000):
        seen += texts_of(controller.frame())
        if controller.session.kyoku_over:
            break
        active = controller.active_person()
        if active is not None and active == controller.viewer:
            person_moves(controller, active)
        controller.update(DT, 0.0)
    assert controller.session.kyoku_over
    seen += texts_of(controller.frame())
    controller.result_shown = True
    seen += texts_of(controller.frame())
    assert len(set(seen)) > 5
    unmarked = [text for text in seen if OPEN not in text]
    assert not unmarked


# Tiles in sentences are named in the player's language, never by their mpsz code: 9-man, Red
# 5-pin, Green dragon; 九萬, 赤五筒, 發; 九万, 赤五筒, 发财 (terms.tile_in_sentence, used wherever a tile
# code is put into a translated sentence), and a whole hand is grouped by suit as players
# write one (terms.hand_in_sentence): 12345566778-pin, East East; 一二三…八筒 東東.
MPSZ = re.compile(r"(?<![0-9A-Za-z])[0-9]+[mpsz](?![A-Za-z])")
"""Tile notation anywhere in a text ('9m', '12345p')."""
EVERY_TILE = [kind_code(kind) for kind in range(KIND_COUNT)] + ["0m", "0p", "0s"]


@pytest.fixture
def speak():
    def switch(code: str) -> None:
        i18n.set_language(code)

    yield switch
    i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize(
    ("language", "codes", "shown"),
    [
        ("en", "1m 9m 5p 0p 3s 0s", "1-man 9-man 5-pin Red 5-pin 3-sou Red 5-sou"),
        ("en", "1z 2z 3z 4z 5z 6z 7z",
         "East wind South wind West wind North wind White dragon Green dragon Red dragon"),
        ("ja", "1m 9m 5p 0p 3s 0s", "一萬 九萬 五筒 赤五筒 三索 赤五索"),
        ("ja", "1z 2z 3z 4z 5z 6z 7z", "東 南 西 北 白 發 中"),
        ("zh_CN", "1m 9m 5p 0p 3s 0m", "一万 九万 五筒 赤五筒 三索 赤五万"),
        ("zh_CN", "1z 2z 3z 4z 5z 6z 7z", "东风 南风 西风 北风 白板 发财 红中"),
    ],
)
def test_every_tile_is_named_in_the_players_language(speak, language, codes, shown):
    speak(language)
    assert terms.tiles_in_sentence(codes.split(), " ") == shown
    listed = {"en": ", ", "ja": "、", "zh_CN": "、"}[language]
    assert terms.tiles_in_sentence(codes.split()) == listed.join(terms.tile_in_sentence(code) for code in codes.split())


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_tile_is_named_by_its_code_and_no_two_share_a_name(speak, language):
    speak(language)
    names = [terms.tile_in_sentence(code) for code in EVERY_TILE]
    assert not [name for name in names if MPSZ.search(name)]
    assert len(set(names)) == len(names)
    assert set(names) <= set(terms.whole_words())  # a wrapped line never breaks inside one


def test_what_is_not_a_tiles_code_stays_as_it_is():
    assert [terms.tile_in_sentence(code) for code in ("8z", "0z", "x", "", "1m2m")] == ["8z", "0z", "x", "", "1m2m"]
    assert [terms.hand_in_sentence(text) for text in ("", "8z", "12q", "hand")] == ["", "8z", "12q", "hand"]


@pytest.mark.parametrize(
    ("language", "hand", "shown"),
    [
        ("en", "12345566778p11z", "12345566778-pin, East East"),
        ("en", "123m406p789s1234z", "123-man, 4r56-pin, 789-sou, East South West North"),
        ("ja", "12345566778p11z", f"一二三四五五六六七七八筒 東{WORD_JOINER}東"),
        ("ja", "19m19p19s567z", f"一九萬 一九筒 一九索 白{WORD_JOINER}發{WORD_JOINER}中"),
        ("zh_CN", "123m406p789s77z", f"一二三万 四赤五六筒 七八九索 中{WORD_JOINER}中"),
    ],
)
def test_a_whole_hand_is_grouped_by_suit_with_its_names(speak, language, hand, shown):
    speak(language)
    assert terms.hand_in_sentence(hand) == shown


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "passed the ron on Red dragon; Red dragon came, with no yaku"),
        ("ja", "中"),
        ("zh_CN", "红中"),
    ],
)
def test_a_draw_reason_names_the_tile(speak, language, reason):
    speak(language)
    told = draw_reasons((RonPassed(0, "7z"), WinningTileMissed(0, "7z", "no_yaku")), ((33,), ()))[0]
    if language == "en":
        assert told == reason
    else:
        assert reason in told and "7z" not in told


def test_the_helper_names_dead_waits_by_their_names(speak):
    from types import SimpleNamespace

    hand = SimpleNamespace(tenpai=True, forced_wait_discards=0, pool_wait_copies=0)
    lines = [wait("1z", dead=True, value=None, clears_floor=False),
             wait("9m", dead=True, value=None, clears_floor=False), wait("5m")]
    speak("ja")
    dead = str(warnings_for(hand, lines, floor_applies=True)[0])
    assert "東" in dead and "九萬" in dead and not MPSZ.search(dead)
    speak("en")
    dead = str(warnings_for(hand, lines, floor_applies=True)[0])
    assert dead.startswith("Dead: East wind, 9-man.") and not MPSZ.search(dead)


@pytest.mark.parametrize(
    ("language", "event", "shown"),
    [
        ("en", HandBuilt(0, "12345566778p11z", False), "East builds a hand"),
        ("en", Discarded(0, "1z", 3, False), "East discards East wind (3 of 17)"),
        ("ja", Discarded(0, "6z", 3, False), "發"),
        ("zh_CN", HandBuilt(0, "123m406p789s1122z", True), "自动补齐"),
    ],
)
def test_the_theatre_names_tiles_and_hands(speak, language, event, shown):
    """The theatre's caption said "discards 1z" and "builds 12345566778p11z" (the hand is on
    the table in tiles: in words it ran over the centre's two rows)."""
    speak(language)
    words = " ".join(_event_words(event, lambda seat: terms.wind("east"), False, None))
    assert shown in words and not MPSZ.search(words)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_rules_page_writes_no_tile_code(speak, language):
    """The Japanese rules page said 「表示牌9m：ドラは1m」; its tiles are drawn as tiles or named."""
    from game.app.scenes.rules_page import pages
    from game.engine.rules import Rules

    speak(language)
    blocks = pages(Rules.preset("kaiji"))
    words = [block.caption for block in blocks] + [block.body for block in blocks
                                                   if block.kind not in ("tiles", "yaku")]
    assert not [text for text in words if MPSZ.search(text)]
    names = {"en": "9-man", "ja": "九萬", "zh_CN": "九万"}
    assert any(names.get(language, "9-man") in text for text in words)


@given(st.text(alphabet=st.sampled_from("0123456789mpsz xZ東"), max_size=40) | st.text(max_size=20))
@settings(max_examples=200, deadline=None)
def test_any_text_from_a_record_is_named_or_kept_never_an_error(text):
    """A record's hand and tiles are outside input (the theatre reads any file)."""
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        try:
            assert isinstance(terms.hand_in_sentence(text), str)
            assert isinstance(terms.tile_in_sentence(text), str)
        finally:
            i18n.set_language(i18n.SOURCE_LANGUAGE)


# Chinese sentences name the dragon tiles as Chinese players do (白板, 发财, 红中), never by the
# bare character (「中是你自己的和牌张」 reads as "in is…"), and the wind tiles as 东风…北风 (「西家打出的西」 read
# badly too); Japanese keeps 白發中. Every sentence a tile is put into says so, and a wrapped
# line never breaks inside one of these names.
DRAGONS = {"5z": "白板", "6z": "发财", "7z": "红中"}


@pytest.fixture
def chinese():
    i18n.set_language("zh_CN")
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def wait(code: str, **kind: object) -> SimpleNamespace:
    """A helper's wait line (`helper.WaitLine`): one that reaches mangan only with luck wins with it."""
    line = {"dead": False, "value": object(), "clears_floor": True, "luck_only": False, **kind}
    line.update(wins=bool(line["clears_floor"] or line["luck_only"]),
                luck=("houtei", "ippatsu") if line["luck_only"] else ())
    return SimpleNamespace(code=code, **line)


def test_the_dragons_and_the_winds_by_their_chinese_names(chinese):
    assert {code: terms.tile_in_sentence(code) for code in DRAGONS} == DRAGONS
    assert terms.tiles_in_sentence(["1z", "2z", "3z", "4z"]) == "东风、南风、西风、北风"
    assert terms.tiles_in_sentence(["7z", "3m", "0p"], "、") == "红中、三万、赤五筒"


def test_japanese_keeps_the_characters():
    i18n.set_language("ja")
    try:
        assert terms.tiles_in_sentence(["5z", "6z", "7z"]) == "白、發、中"
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_the_prompt_before_discarding_a_winning_red_dragon_starts_with_its_name(chinese):
    sentence = _("{tile} is one of your own winning tiles. Discarding it makes you furiten: you could "
                 "never win this hand by ron.").format(tile=terms.tile_in_sentence("7z"))
    assert sentence.startswith("红中是你自己的和牌张")


def test_the_ron_prompt_and_the_notice_name_the_dragon(chinese):
    ron = _("{discarder}'s {tile} completes your hand, and the win is allowed. Passing makes you "
            "furiten for the rest of the hand.").format(discarder=terms.wind("west"), tile=terms.tile_in_sentence("6z"))
    assert ron.startswith("西家打出的发财")


def test_the_helper_warnings_name_the_dragons(chinese):
    hand = SimpleNamespace(tenpai=True, forced_wait_discards=0, pool_wait_copies=0)
    lines = [wait("5z", dead=True), wait("7z", value=None), wait("6z", clears_floor=False, luck_only=True),
             wait("5m")]
    notes = warnings_for(hand, lines, floor_applies=True)
    dead, no_yaku, below = notes[:3]
    assert dead.startswith("空听：白板。")
    assert no_yaku.startswith("和红中无役")
    assert "不够满贯：发财（发财只有" in below


def test_a_draw_reason_names_the_dragon(chinese):
    told = draw_reasons((RonPassed(0, "7z"), WinningTileMissed(0, "5z", "no_yaku")), ((33,), ()))[0]
    assert "放过了荣和红中" in told and "白板出现" in told


def breaks_inside(lines: list[str], name: str) -> bool:
    return any(line.endswith(name[0]) and after.startswith(name[1]) for line, after in pairwise(lines))


@pytest.mark.parametrize("name", DRAGONS.values())
def test_a_wrapped_line_never_breaks_inside_a_dragons_name(chinese, name):
    sentence = _("{tile} is one of your own winning tiles. Discarding it makes you furiten: you could "
                 "never win this hand by ron.").format(tile=f"{terms.tile_in_sentence('3m')}、{name}")
    broken_without = False
    for width in range(4, len(sentence)):
        lines = wrap_lines(sentence, width, len, terms.whole_words())
        assert "".join(lines) == sentence
        assert not breaks_inside(lines, name), (width, lines)
        broken_without |= breaks_inside(wrap_lines(sentence, width, len), name)
    assert broken_without, "some width breaks the name when it is not kept whole"
