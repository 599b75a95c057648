"""Rule options are described in words true at two, three and four seats: the renhou option
said "the second player wins on the first player's first discard" (後手／先手) at a table of
four, and the riichi timing "both players"."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.rule_texts import OPTIONS

TWO_SEAT_WORDS = {"en": ("second player", "first player", "Both players"), "ja": ("後手", "先手", "両者"),
                  "zh_CN": ("后手", "先手", "双方")}


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("option", ["renhou", "riichi_timing"])
def test_an_option_for_any_table_uses_no_two_seat_words(language, option):
    i18n.set_language(language)
    try:
        text = OPTIONS[option]
        words = " ".join((text.explanation, *text.choices.values()))
    finally:
        i18n.set_language("en")
    for word in TWO_SEAT_WORDS[language]:
        assert word not in words, (word, words)
