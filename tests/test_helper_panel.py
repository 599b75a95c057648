"""The helper writes how many tenpai hands hold the selection with the language's digit
grouping, as the theatre's build review writes a wall's count ('16,283', not '16283')."""

from __future__ import annotations

import pytest

from game.app.play.helper import HelperReport
from game.app.views.helper_panel import _hands_from
from game.app.words import i18n


@pytest.mark.parametrize(("language", "held", "expected"), [
    ("en", 0, "16,283 tenpai hands from your wall."),
    ("en", 5, "16,283 tenpai hands from these 5 tiles."),
    ("ja", 0, "16,283"), ("zh_CN", 0, "16,283"),
])
def test_the_count_of_tenpai_hands_is_grouped(language, held, expected):
    i18n.set_language(language)
    try:
        words = _hands_from(HelperReport(selected=held, ready=True, completions=16283))
        assert expected in words
    finally:
        i18n.set_language("en")
