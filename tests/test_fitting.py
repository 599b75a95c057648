"""Names cut with … to fit their place (game/app/window/fitting.py): the rest of the line stays
whole, the names are cut no more than needed, and the longest cut to the same length."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.window.fitting import ELLIPSIS, cut, fit_names, fit_names_in


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


@pytest.mark.parametrize(("name", "limit", "shown"), [
    pytest.param("Jose\u0301 Rami\u0301rez", 5, "Jos…", id="an accent stays on its letter"),
    pytest.param("Rene\u0301e", 5, "Ren…", id="the cut falls before the accented letter"),
    pytest.param("ぱ\u3099ぱぱ", 2, "ぱ\u3099…", id="a dakuten kept whole on the one letter left"),
    pytest.param("Yuki\U0001F44B\U0001F3FD!", 6, "Yuki…", id="a skin tone stays with its emoji"),
    pytest.param("\U0001F1EF\U0001F1F5\U0001F1E8\U0001F1F3 Ito", 4, "\U0001F1EF\U0001F1F5…",
                 id="flags stay whole"),
    pytest.param("\U0001F1EF\U0001F1F5\U0001F1E8\U0001F1F3 Ito", 3, "\U0001F1EF\U0001F1F5…",
                 id="the first flag kept whole"),
])
def test_a_cut_never_parts_a_letter_from_what_is_drawn_on_it(name, limit, shown):
    assert cut(name, limit) == shown


@pytest.mark.parametrize(("line", "names", "room", "shown"), [
    pytest.param("Waiting for Washizu Iwao to reconnect", ["Washizu Iwao"], 40,
                 "Waiting for Washizu Iwao to reconnect", id="whole when it fits"),
    pytest.param("Waiting for Washizu Iwao to reconnect", ["Washizu Iwao"], 31,
                 "Waiting for Washi… to reconnect", id="the name cut, the words whole"),
    pytest.param("鷲巣巌鷲巣巌の再接続を待っています", ["鷲巣巌鷲巣巌"], 28, "鷲巣…の再接続を待っています",
                 id="a CJK name"),
    pytest.param("South (Tonegawa Yukio) to discard", ["Ann", "Tonegawa Yukio"], 28,
                 "South (Tonegawa…) to discard", id="only the names that are in the line"),
    pytest.param("Annabel Smith-Jones waits for Ann", ["Ann", "Annabel Smith-Jones"], 26,
                 "Annabel Smi… waits for Ann", id="a short name inside a long one is the long one's"),
    pytest.param("Waiting for for to reconnect", ["for"], 40, "Waiting for for to reconnect",
                 id="a name that is a word of the line, fitting"),
    pytest.param("The hand is over", ["Ann"], 5, "The hand is over", id="no name: nothing to cut"),
])
def test_the_names_in_a_finished_line_are_cut_to_fit_and_nothing_else(line, names, room, shown):
    assert fit_names_in(line, names, lambda text: width(text) <= room) == shown


@given(before=st.text(max_size=20), after=st.text(max_size=20), name=st.text(min_size=1, max_size=24),
       room=st.integers(0, 100))
def test_a_line_with_a_name_keeps_its_words_and_fits_when_any_cut_can(before, after, name, room):
    whole = before + name + after
    line = fit_names_in(whole, [name], lambda text: width(text) <= room)
    shortest = fit_names_in(whole, [name], lambda text: False)
    assert width(line) <= room or line == shortest
    if width(whole) <= room:
        assert line == whole
    elif whole.find(name) == len(before) and whole.find(name, len(before) + 1) < 0 and len(name) > 1:
        # the name stands once, where it was put: it alone is cut
        assert line.startswith(before) and line.endswith(after) and ELLIPSIS in line


@given(names=st.lists(st.text(min_size=1, max_size=24), min_size=1, max_size=4), room=st.integers(0, 120))
def test_whatever_the_names_the_line_fits_when_any_cut_can(names, room):
    def compose(shown):
        return "[" + "/".join(shown) + "]"

    line = fit_names(compose, names, lambda text: width(text) <= room)
    shortest = compose([cut(name, 1) for name in names])
    assert width(line) <= room or line == shortest
    if width(compose(names)) <= room:
        assert line == compose(names)
    elif any(cut(name, 1) != name for name in names):  # (a flag is one letter of two code points)
        assert ELLIPSIS in line
