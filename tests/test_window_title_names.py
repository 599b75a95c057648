"""The window's title names the game once in each language: in Japanese it read
「17歩 — 十七歩」, the same name twice (the English title adds the Japanese name to tell
what the game is; a Japanese reader is told it is Kaiji's mahjong duel instead)."""

from __future__ import annotations

import pytest

from game.app.words import i18n

NAMES = {"ja": ("17歩", "十七歩"), "zh_CN": ("十七步", "17步", "十七歩")}


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_the_window_title_names_the_game_once(language):
    i18n.set_language(language)
    try:
        caption = i18n._("17 Steps — 十七歩")
    finally:
        i18n.set_language("en")
    assert sum(caption.count(name) for name in NAMES[language]) == 1, caption
    assert caption != "17 Steps — 十七歩", "translated"
