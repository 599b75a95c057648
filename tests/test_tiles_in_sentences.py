"""Tiles in sentences are named in the player's language, never by their mpsz code: 9-man,
Red 5-pin, Green dragon; 九萬, 赤五筒, 發; 九万, 赤五筒, 发财 (terms.tile_in_sentence, used
wherever a tile code is put into a translated sentence), and a whole hand is grouped by suit
as players write one (terms.hand_in_sentence): 12345566778-pin, East East; 一二三…八筒 東東."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.play.draw_reasons import draw_reasons
from game.app.play.helper import warnings_for
from game.app.theatre.theatre_frame import _event_words
from game.app.window.text import WORD_JOINER
from game.app.words import i18n, terms
from game.engine.events import Discarded, HandBuilt, RonPassed, WinningTileMissed
from game.engine.tiles import KIND_COUNT, kind_code

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
    lines = [SimpleNamespace(code="1z", dead=True, value=None, clears_floor=False, luck_only=False),
             SimpleNamespace(code="9m", dead=True, value=None, clears_floor=False, luck_only=False),
             SimpleNamespace(code="5m", dead=False, value=object(), clears_floor=True, luck_only=False)]
    speak("ja")
    dead = warnings_for(hand, lines, floor_applies=True)[0]
    assert "東" in dead and "九萬" in dead and not MPSZ.search(dead)
    speak("en")
    dead = warnings_for(hand, lines, floor_applies=True)[0]
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
