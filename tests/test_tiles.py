"""Tiles and the mpsz notation (game.engine.tiles)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.tiles import (
    CHUN,
    EAST,
    HAKU,
    NORTH,
    RED_FIVE_IDS,
    check_copies,
    code_kind,
    counts34,
    dora_kind,
    format_codes,
    format_kinds,
    format_tiles,
    ids_for_codes,
    is_red,
    kind_code,
    kind_of,
    kinds_from_text,
    parse_tiles,
    pick_ids,
    tile_code,
)

# --- parse ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("1m2p3s4z", ["1m", "2p", "3s", "4z"]),
        ("0m", ["0m"]),
        ("055m", ["0m", "5m", "5m"]),
        ("0m0p0s", ["0m", "0p", "0s"]),
        ("1234567z", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
        (" 12m  3p\n", ["1m", "2m", "3p"]),  # whitespace is ignored
        ("31m", ["3m", "1m"]),  # order as written
        ("11112222m", ["1m"] * 4 + ["2m"] * 4),
    ],
)
def test_parse(text: str, codes: list[str]) -> None:
    assert parse_tiles(text) == codes


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        ("0z", {}, "'0z' at position 1 (in '0z') is not a tile"),
        ("8z", {}, "'8z' at position 1 (in '8z') is not a tile"),
        ("19z", {}, "'9z' at position 2 (in '19z') is not a tile"),
        ("11111m", {}, "5 copies of 1m"),
        ("1111m1m", {}, "5 copies of 1m"),
        ("5555m0m", {}, "5 copies of 5m"),
        ("5555m", {}, "4 copies of 5m: with red fives the set has only 3 plain ones"),
        ("5s5555p", {}, "4 copies of 5p"),
        ("00m", {}, "2 copies of 0m"),
        ("0p50p", {}, "2 copies of 0p"),
        ("12x3m", {}, "unexpected character 'x' at position 3 (in '12x')"),
        ("1m-2m", {}, "unexpected character '-'"),
        ("123", {}, "digits '123' at the end"),
        ("1m23", {}, "digits '23' at the end"),
        ("m", {}, "suit letter 'm' at position 1 has no digits"),
        ("12mp", {}, "suit letter 'p' at position 4 has no digits"),
        ("", {}, "no tiles given"),
        ("   ", {}, "no tiles given"),
        ("0m", {"red_fives": False}, "'0m' at position 1 (in '0m') is a red five, but red fives are off"),
        ("1230s", {"red_fives": False}, "'0s' at position 4 (in '1230s') is a red five"),
        ("1M", {}, "unexpected character 'M'"),
        ("\uff15m", {}, "unexpected character"),  # a full-width digit is not an mpsz digit
        ("\u00b2m", {}, "unexpected character"),  # nor is a superscript two
    ],
)
def test_parse_errors(text: str, kwargs: dict[str, bool], message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_tiles(text, **kwargs)
    assert message in str(error.value)


def test_parse_allow_empty() -> None:
    assert parse_tiles("", allow_empty=True) == []
    assert parse_tiles("  ", allow_empty=True) == []


def test_parse_rejects_non_text() -> None:
    with pytest.raises(ValueError, match="not list"):
        parse_tiles(["1m"])  # type: ignore[arg-type]


def test_check_copies() -> None:
    check_copies(["1m"] * 4)
    check_copies(["0m", "5m", "5m", "5m"])
    with pytest.raises(ValueError, match="5 copies of 9s"):
        check_copies(["9s"] * 5)


# --- codes and kinds ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("kind", "code"),
    [(0, "1m"), (4, "5m"), (8, "9m"), (9, "1p"), (17, "9p"), (18, "1s"), (26, "9s"), (27, "1z"), (33, "7z")],
)
def test_kind_code(kind: int, code: str) -> None:
    assert kind_code(kind) == code
    assert code_kind(code) == kind


@pytest.mark.parametrize("bad", [-1, 34])
def test_kind_code_range(bad: int) -> None:
    with pytest.raises(ValueError, match=r"outside 0\.\.33"):
        kind_code(bad)


def test_red_codes() -> None:
    assert code_kind("0m") == 4 and code_kind("0p") == 13 and code_kind("0s") == 22
    assert [tile_code(t, True) for t in (16, 52, 88)] == ["0m", "0p", "0s"]
    assert [tile_code(t, False) for t in (16, 52, 88)] == ["5m", "5p", "5s"]
    assert [tile_code(t, True) for t in (17, 53, 89)] == ["5m", "5p", "5s"]
    assert {16, 52, 88} == RED_FIVE_IDS
    assert is_red(16, True) and not is_red(16, False) and not is_red(17, True)


@pytest.mark.parametrize("bad", [-1, 136])
def test_tile_code_range(bad: int) -> None:
    with pytest.raises(ValueError, match=r"outside 0\.\.135"):
        tile_code(bad, False)


def test_kind_of_and_counts() -> None:
    assert [kind_of(t) for t in (0, 3, 4, 135)] == [0, 0, 1, 33]
    counts = counts34([0, 1, 2, 135, 16])
    assert len(counts) == 34 and counts[0] == 3 and counts[33] == 1 and counts[4] == 1 and sum(counts) == 5


def test_kinds_from_text() -> None:
    assert kinds_from_text("19m0p7z") == [0, 8, 13, 33]


# --- format ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("codes", "text"),
    [
        (["3m", "1m", "2m"], "123m"),
        (["1z", "9s", "1m", "5p"], "1m5p9s1z"),
        (["5m", "0m", "5m"], "055m"),
        (["0s", "0p", "0m"], "0m0p0s"),
        ([], ""),
    ],
)
def test_format_codes(codes: list[str], text: str) -> None:
    assert format_codes(codes) == text


def test_format_unsorted_keeps_order() -> None:
    assert format_codes(["3m", "1m", "2p", "1m"], sort=False) == "31m2p1m"


def test_format_tiles_and_kinds() -> None:
    ids = [16, 17, 0, 135, 52]
    assert format_tiles(ids, True) == "105m0p7z"
    assert format_tiles(ids, False) == "155m5p7z"
    assert format_kinds([33, 0, 4, 4]) == "155m7z"


@pytest.mark.parametrize(
    "text",
    ["123m456p789s1234567z", "0m0p0s", "055m", "19m19p19s1234567z", "11112222333344m", "5550m"],
)
def test_round_trip_examples(text: str) -> None:
    ids = ids_for_codes(parse_tiles(text), True)
    assert format_tiles(ids, True) == format_codes(parse_tiles(text))
    assert format_codes(parse_tiles(format_codes(parse_tiles(text)))) == format_codes(parse_tiles(text))


ALL_CODES = [kind_code(k) for k in range(34)] + ["0m", "0p", "0s"]


@st.composite
def legal_codes(draw: st.DrawFn) -> list[str]:
    """A multiset of tile codes the 136-tile set (with red fives) can supply."""
    ids = draw(st.lists(st.integers(0, 135), unique=True, max_size=40))
    return [tile_code(t, True) for t in ids]


@given(legal_codes(), st.randoms(use_true_random=False))
def test_round_trip_property(codes: list[str], rng: random.Random) -> None:
    shuffled = list(codes)
    rng.shuffle(shuffled)
    text = format_codes(shuffled)
    parsed = parse_tiles(text, allow_empty=True)
    assert sorted(parsed) == sorted(codes)
    assert format_codes(parsed) == text
    # unsorted formatting keeps the order and parses back to it
    assert parse_tiles(format_codes(shuffled, sort=False), allow_empty=True) == shuffled
    # ids round trip through format_tiles
    if codes:
        ids = ids_for_codes(parsed, True)
        assert len(set(ids)) == len(ids)
        assert format_tiles(ids, True) == text


@given(st.lists(st.integers(0, 135), unique=True, min_size=1, max_size=30))
def test_ids_round_trip_property_without_red(ids: list[int]) -> None:
    text = format_tiles(ids, False)
    assert sorted(t // 4 for t in ids_for_codes(parse_tiles(text, red_fives=False), False)) == sorted(
        t // 4 for t in ids
    )


# --- picking ids ----------------------------------------------------------------------------

def test_ids_for_codes_first_free_copy() -> None:
    assert ids_for_codes(parse_tiles("111m"), False) == [0, 1, 2]
    assert ids_for_codes(parse_tiles("5m0m5m"), True) == [17, 16, 18]
    # with red fives off, the first 5m is id 16
    assert ids_for_codes(parse_tiles("55m", red_fives=False), False) == [16, 17]


def test_ids_for_codes_runs_out() -> None:
    # with red fives on there are only three plain fives
    with pytest.raises(ValueError, match="5m is not among the available tiles"):
        ids_for_codes(parse_tiles("5555m", red_fives=False), True)
    assert ids_for_codes(parse_tiles("5555m", red_fives=False), False) == [16, 17, 18, 19]
    assert ids_for_codes(parse_tiles("5550m"), True) == [17, 18, 19, 16]


def test_pick_ids_from_a_wall() -> None:
    wall = [3, 17, 16, 100, 135]
    assert pick_ids(["1m", "7z"], wall, True) == [3, 135]
    assert pick_ids(["0m"], wall, True) == [16]
    assert pick_ids(["5m"], wall, True) == [17]  # '5m' never takes the red five
    with pytest.raises(ValueError, match="5m is not among"):
        pick_ids(["5m", "5m"], wall, True)
    with pytest.raises(ValueError, match="1m is not among"):
        pick_ids(["1m", "1m"], wall, True)
    with pytest.raises(ValueError, match="0m is not among"):
        pick_ids(["0m"], wall, False)  # red fives off: no tile is written 0m
    assert pick_ids(["5m", "5m"], wall, False) == [16, 17]


# --- dora -----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"), ("8m", "9m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("4p", "5p"),
        ("1z", "2z"), ("3z", "4z"), ("4z", "1z"), ("5z", "6z"), ("6z", "7z"), ("7z", "5z"),
    ],
)
def test_dora_kind(indicator: str, dora: str) -> None:
    assert kind_code(dora_kind(code_kind(indicator))) == dora


def test_dora_kind_stays_in_its_group() -> None:
    for k in range(34):
        d = dora_kind(k)
        if k < 27:
            assert d // 9 == k // 9
        elif k <= NORTH:
            assert EAST <= d <= NORTH
        else:
            assert HAKU <= d <= CHUN
    assert sorted(dora_kind(k) for k in range(34)) == list(range(34))  # a permutation


def test_a_tile_ids_kind_is_worked_out_only_by_kind_of():
    """`id // 4` anywhere else in the game restates `kind_of`; a 4 that is not a tile's copies
    gets a name of its own."""
    game = Path(__file__).resolve().parents[1] / "game"
    restated = []
    for path in sorted(game.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {id(node) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "kind_of"
                   and path.name == "tiles.py" for node in ast.walk(fn)}  # the one place the kind is made
        restated += [f"{path.relative_to(game.parent)}:{node.lineno}" for node in ast.walk(tree)
                     if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv)
                     and isinstance(node.right, ast.Constant) and node.right.value == 4 and id(node) not in defined]
    assert restated == []
