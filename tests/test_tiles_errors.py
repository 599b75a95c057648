"""parse_tiles points at the fault: the character's position in the text as given (from 1,
whitespace counted) and its group, never the whole text (a wall is 34 tiles)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.tiles import parse_tiles

WALL = "123456789m123456789p123456789s1234567z"


@pytest.mark.parametrize(("text", "kwargs", "message"), [
    ("123m 45x6p", {}, "unexpected character 'x' at position 8 (in '45x')"),
    ("1m-2m", {}, "unexpected character '-' at position 3;"),
    ("12m 3p 18z", {}, "'8z' at position 9 (in '18z') is not a tile"),
    ("123m 05p", {"red_fives": False}, "'0p' at position 6 (in '05p') is a red five"),
    ("1m 2 3", {}, "digits '23' at the end (from position 4) have no suit letter"),
    ("11m\tp", {}, "suit letter 'p' at position 5 has no digits before it"),
    (WALL[:-1] + "8z", {}, "'8z' at position 38 (in '12345678z') is not a tile"),
    ("1" * 40 + "x", {}, "unexpected character 'x' at position 41 (in '…111111111111111x')"),
])
def test_an_error_names_the_bad_part_and_where_it_is(text, kwargs, message):
    with pytest.raises(ValueError) as error:
        parse_tiles(text, **kwargs)
    assert message in str(error.value)


@given(st.integers(0, len(WALL) - 1), st.sampled_from("x-M５²,"))
def test_a_bad_character_anywhere_in_a_wall_is_pointed_at_and_the_wall_not_quoted(index, bad):
    text = WALL[:index] + bad + WALL[index + 1:]
    with pytest.raises(ValueError) as error:
        parse_tiles(text)
    message = str(error.value)
    assert f"{bad!r} at position {index + 1}" in message
    assert text not in message and len(message) < 120
