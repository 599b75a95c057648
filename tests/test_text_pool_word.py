"""The pool (持ち牌, 余牌) is a word a line never breaks inside: in a three-player table the
centre panel's 「あなたの番：持ち牌から切る」 wrapped as 「あなたの番：持」「ち牌から切る」."""

from __future__ import annotations

import pytest

from game.app.window.text import wrap_lines
from game.app.words import i18n, terms
from game.app.words.i18n import _


@pytest.mark.parametrize(("code", "word"), [("ja", "持ち牌"), ("zh_CN", "余牌")])
def test_the_your_turn_status_keeps_the_pool_whole_at_every_width(code: str, word: str) -> None:
    i18n.set_language(code)
    try:
        status = _("Your turn: discard from your pool")
        assert word in status
        for width in range(len(word), len(status)):
            lines = wrap_lines(status, width, len, terms.whole_words())
            assert any(word in line for line in lines), (width, lines)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
