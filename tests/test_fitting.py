"""Names cut with … to fit their place (game/app/window/fitting.py): the rest of the line stays
whole, the names are cut no more than needed, and the longest cut to the same length."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.window.fitting import ELLIPSIS, cut, fit_names


def width(line: str) -> int:
    """A CJK character as wide as two Latin ones, as the game's font draws them."""
    return sum(2 if ord(c) > 0x2E80 else 1 for c in line)


@pytest.mark.parametrize(("names", "room", "line"), [
    (["Ann"], 20, "East · Ann"),
    (["Washizu Iwao"], 12, "East · Wash…"),
    (["鷲巣巌鷲巣巌"], 12, "East · 鷲巣…"),
    (["Washizu Iwao"], 3, "East · W…"),
])
def test_a_name_is_cut_only_as_far_as_its_line_needs(names, room, line):
    assert fit_names(lambda shown: f"East · {shown[0]}", names, lambda text: width(text) <= room) == line


def test_several_names_lose_from_the_longest_first():
    line = fit_names(lambda shown: " | ".join(shown), ["Ann", "Maximilian", "Bartholomew"],
                     lambda text: len(text) <= 25)
    assert line == "Ann | Maximil… | Barthol…"


def test_a_cut_keeps_no_space_before_the_ellipsis():
    assert cut("Ann Bell", 5) == "Ann…"
    assert cut("Ann", 3) == "Ann"


@given(names=st.lists(st.text(min_size=1, max_size=24), min_size=1, max_size=4), room=st.integers(0, 120))
def test_whatever_the_names_the_line_fits_when_any_cut_can(names, room):
    def compose(shown):
        return "[" + "/".join(shown) + "]"

    line = fit_names(compose, names, lambda text: width(text) <= room)
    shortest = compose([cut(name, 1) for name in names])
    assert width(line) <= room or line == shortest
    if width(compose(names)) <= room:
        assert line == compose(names)
    elif any(len(name) > 1 for name in names):
        assert ELLIPSIS in line
