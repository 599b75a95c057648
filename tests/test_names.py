"""A player's name: what `game.engine.names.checked_name` lets in (docs: the new-table screen,
saves and records all check names with it)."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.names import LONGEST_NAME, BadName, checked_name


@pytest.mark.parametrize(("name", "shown"), [
    ("Kaiji", "Kaiji"),
    ("  Tonegawa ", "Tonegawa"),
    ("伊藤開司", "伊藤開司"),
    ("A B", "A B"),
    ("山田\u3000花子", "山田\u3000花子"),
    ("x" * LONGEST_NAME, "x" * LONGEST_NAME),
])
def test_names_that_can_be_shown(name: str, shown: str) -> None:
    assert checked_name(name) == shown


@pytest.mark.parametrize("name", [
    "", "   ", "Kai\x00ji", "\ud800", "line\nbreak", "tab\there", "\u2028", "x" * (LONGEST_NAME + 1),
    7, None, ["Kaiji"],
])
def test_names_that_cannot(name: object) -> None:
    with pytest.raises(BadName):
        checked_name(name)


@given(st.text())
def test_any_text_is_either_refused_or_a_printable_line(text: str) -> None:
    try:
        shown = checked_name(text)
    except BadName:
        return
    assert 1 <= len(shown) <= LONGEST_NAME
    assert all(unicodedata.category(character) == "Zs" or character.isprintable() for character in shown)
    assert shown == shown.strip()
