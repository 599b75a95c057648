"""A kept match's day on the statistics screen, as each language writes dates."""

from __future__ import annotations

import pytest

from game.app.scenes.statistics import shown_day
from game.app.words import i18n


@pytest.mark.parametrize(
    ("language", "day"),
    [("en", "Nov 1, 2026"), ("ja", "2026/11/01"), ("zh_CN", "2026年11月1日")],
)
def test_a_match_s_day_is_written_the_language_s_way(language: str, day: str):
    i18n.set_language(language)
    assert shown_day("2026-11-01", "") == day
    assert shown_day("", "20261101") == day


def test_a_day_that_is_no_date_is_shown_as_it_is():
    assert shown_day("", "match") == "match"
    assert shown_day("sometime", "") == "sometime"
