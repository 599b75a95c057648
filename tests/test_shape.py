"""Hand shapes (game.engine.shape): complete hands and waits on 34-kind counts."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from game.engine.shape import (
    TERMINALS_AND_HONOURS,
    is_chiitoitsu,
    is_complete,
    is_kokushi,
    is_standard_complete,
    waits,
)
from game.engine.tiles import code_kind, counts34, kind_code, parse_tiles
from tests.helpers import tiles


def counts(text: str) -> list[int]:
    return counts34(tiles(text, red_fives=False))


def kinds(text: str) -> list[int]:
    return sorted({code_kind(code) for code in parse_tiles(text, allow_empty=True)})


def test_terminals_and_honours() -> None:
    assert [kind_code(k) for k in TERMINALS_AND_HONOURS] == [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    ]


@pytest.mark.parametrize(
    ("hand", "standard", "chiitoitsu", "kokushi"),
    [
        ("123m456p789s234s99m", True, False, False),
        ("111222333m456p99s", True, False, False),
        ("11122233344455m", True, False, False),
        ("11223344556677m", True, True, False),  # ryanpeikou shape is both
        ("1133m5577p2299s44z", False, True, False),
        ("119m19p19s1234567z", False, False, True),
        ("19m19p19s12345677z", False, False, True),
        ("11112233445566m", True, False, False),  # 11 123 123 456 456; 1111 is not two pairs
        ("1111m22p33p44s55s66z", False, False, False),  # four of a kind is not two pairs
        ("123z456z777z11m999m", False, False, False),  # no runs in honours
        ("123m456p789s234s9m1z", False, False, False),
        ("891m234p567s111z22z", False, False, False),  # 891m is no run
        ("111z222z333z444z55z", True, False, False),
    ],
)
def test_complete_shapes(hand: str, standard: bool, chiitoitsu: bool, kokushi: bool) -> None:
    c = counts(hand)
    assert sum(c) == 14
    assert is_standard_complete(c) is standard
    assert is_chiitoitsu(c) is chiitoitsu
    assert is_kokushi(c) is kokushi
    assert is_complete(c) is (standard or chiitoitsu or kokushi)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("2345m123p456p789s", "25m"),  # nobetan
        ("2345678m123p456p", "258m"),  # three-sided
        ("1112345678999m", "123456789m"),  # junsei chuuren: all nine
        ("1112223334m777p", "12345m"),  # the example of docs/rules.md §4
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # kokushi 13-sided
        ("119m19p19s123456z", "7z"),  # kokushi single wait
        ("1133m5577p2299s4z", "4z"),  # chiitoitsu
        ("1111m234p567p789s", ""),  # 1m is held four times: no fifth copy, so no wait
        ("1111m2m345p678p99s", "3m"),  # 111 123; 1m is not a wait
        ("123m456p789s2345s", "25s"),
        ("12m456p789s11z222z", "3m"),  # penchan
        ("13m456p789s11z222z", "2m"),  # kanchan
        ("11m456p789s11z222z", "1m1z"),  # shanpon
        ("123456789m1234p", "14p"),
        ("1m2p3s4z5z6z7z12m34p56s", ""),  # noten
    ],
)
def test_waits(hand: str, expected: str) -> None:
    assert waits(counts(hand)) == kinds(expected)


def test_waits_need_thirteen_tiles() -> None:
    with pytest.raises(ValueError, match="13 tiles, not 14"):
        waits(counts("123m456p789s234s99m"))
    with pytest.raises(ValueError, match="13 tiles, not 12"):
        waits(counts("123m456p789s234s"))


def test_waits_do_not_modify_counts() -> None:
    c = counts("1112223334m777p")
    before = list(c)
    waits(c)
    assert c == before


# --- against the `mahjong` library's own agari test ------------------------------------------

@st.composite
def fourteen_tiles(draw: st.DrawFn) -> list[int]:
    """Counts of 14 tiles from one or two suits (so that complete hands are common)."""
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    ids = [t for s in suits for t in range(s * 36, min(s * 36 + 36, 136))]
    return counts34(draw(st.permutations(ids))[:14])


@settings(max_examples=400, deadline=None)
@given(fourteen_tiles())
def test_is_complete_agrees_with_library(c: list[int]) -> None:
    assert is_complete(c) == Agari.is_agari(c)


@settings(max_examples=200, deadline=None)
@given(fourteen_tiles(), st.data())
def test_waits_agree_with_library(c: list[int], data: st.DataObject) -> None:
    held = [k for k in range(34) if c[k]]
    c[data.draw(st.sampled_from(held))] -= 1
    expected = [k for k in range(34) if c[k] < 4 and Agari.is_agari([*c[:k], c[k] + 1, *c[k + 1:]])]
    assert waits(c) == expected


@st.composite
def built_hands(draw: st.DrawFn) -> list[int]:
    """Counts of a standard complete hand built from four sets and a pair (at most 4 a kind)."""
    c = [0] * 34
    for _ in range(4):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            for k in range(suit * 9 + start, suit * 9 + start + 3):
                c[k] += 1
        else:
            c[draw(st.integers(0, 33))] += 3
    c[draw(st.integers(0, 33))] += 2
    assume(max(c) <= 4)
    return c


@settings(max_examples=300, deadline=None)
@given(built_hands(), st.data())
def test_built_hands_are_complete_and_each_tile_is_a_wait(c: list[int], data: st.DataObject) -> None:
    assert is_standard_complete(c) and is_complete(c)
    taken = data.draw(st.sampled_from([k for k in range(34) if c[k]]))
    c[taken] -= 1
    assert taken in waits(c)
    assert waits(c) == [k for k in range(34) if c[k] < 4 and Agari.is_agari([*c[:k], c[k] + 1, *c[k + 1:]])]


@pytest.mark.parametrize("text", ["11m", "11m123p", "11223344556677m11z", "123456789m11p"])
def test_no_count_but_fourteen_is_complete(text: str) -> None:
    c = counts34(tiles(text))
    assert not is_complete(c)
    assert not is_chiitoitsu(c)
