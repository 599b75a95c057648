"""The building arrangement: tiles move between the wall and 13 hand slots, never duplicated."""

from __future__ import annotations

from game.app.play.builder import BuildState
from tests.helpers import tiles

WALL = tiles("1112223334m777p123456789s12345z")


def test_tiles_go_into_the_hand_in_slot_order_and_back():
    state = BuildState(WALL, red_fives=False)
    first, second, third = state.wall[:3]
    assert state.add(second) and state.add(first, slot=0) and state.add(third, slot=1)
    assert state.hand == [first, third, second]
    assert state.remove(third)
    assert state.hand == [first, second]
    assert state.text() == "11m"


def test_a_tile_cannot_enter_twice_or_past_thirteen_or_from_outside_the_wall():
    state = BuildState(WALL, red_fives=False)
    for tile in state.wall[:13]:
        assert state.add(tile)
    assert state.full
    assert not state.add(state.wall[13])
    assert not state.add(state.wall[0])
    state.clear()
    outside = next(t for t in range(136) if t not in state.wall)
    assert not state.add(outside)
    assert state.hand == []


def test_toggle_move_sort_and_each_change_counts_a_revision():
    state = BuildState(WALL, red_fives=False)
    a, b, c = state.wall[5], state.wall[0], state.wall[9]
    start = state.revision
    state.toggle(a)
    state.toggle(b)
    state.toggle(c)
    state.move(c, 0)
    assert state.hand == [c, a, b]
    state.sort()
    assert state.hand == sorted([a, b, c])
    state.toggle(a)
    assert a not in state.hand
    assert state.revision == start + 6


def test_a_suggestion_replaces_the_hand_sorted():
    state = BuildState(WALL, red_fives=False)
    state.add(state.wall[20])
    state.replace(reversed(state.wall[:13]))
    assert state.hand == sorted(state.wall[:13])
