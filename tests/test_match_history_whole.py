"""'Match history' (対局履歴 / 对局记录) is kept whole when a Japanese or Chinese line wraps, as
the new-match warning writes it."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.app.window.text import wrap_lines
from game.app.words import i18n, terms
from game.app.words.i18n import _

WARNING = "The unfinished one can no longer be continued, but your match history keeps what was played in it."


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_a_wrapped_line_never_breaks_inside_match_history(language):
    i18n.set_language(language)
    try:
        name = terms.term("match history")
        sentence = _(WARNING)
        assert name in sentence
        broken_without = False
        for width in range(len(name) + 1, len(sentence)):
            lines = wrap_lines(sentence, width, len, terms.whole_words())
            assert "".join(lines) == sentence
            assert not any(name not in line and name in line + after and name not in after
                           for line, after in pairwise(lines)), (width, lines)
            plain = wrap_lines(sentence, width, len)
            broken_without |= any(name not in line and name in line + after and name not in after
                                  for line, after in pairwise(plain))
        assert broken_without, "some width breaks the name when it is not kept whole"
    finally:
        i18n.set_language("en")
