"""Hypothesis strategies for outside input: random JSON, and random mutations of a valid
document or file (values replaced, keys removed or added, lines dropped, bytes changed)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "1m", "0m", "1p2z", "5z", "easy", "god", "solo", "hotseat", "kaiji", "hands", "bust"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FUZZ_FAILURES = (
    b"\xff",
    b"[" * 1100 + b"]" * 1100,
    b'{"a":' * 1100 + b"1" + b"}" * 1100,
    b"9" * 5000,
    b"\x00\x00\x00",
    b"",
    b"{}",
    b"null",
)
"""Byte strings every reader must refuse or shrug off (the issue's reproductions among them)."""


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON document (the root is the empty path)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*prefix, index))
    return found


def _parent(document: Any, path: tuple) -> Any:
    for step in path[:-1]:
        document = document[step]
    return document


@st.composite
def mutated_json(draw: st.DrawFn, document: Any, most: int = 3) -> Any:
    """`document` with one to `most` random edits: a value replaced, removed or added."""
    document = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, most))):
        path = draw(st.sampled_from(_paths(document)))
        if not path:
            document = draw(JSON_VALUES)
            continue
        parent, key = _parent(document, path), path[-1]
        edit = draw(st.sampled_from(("replace", "replace", "remove", "add")))
        if edit == "replace":
            parent[key] = draw(JSON_VALUES)
        elif edit == "remove":
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        else:
            parent.insert(key, draw(JSON_VALUES))
    return document


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` cut short, with bytes changed, inserted or removed."""
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        edit = draw(st.sampled_from(("cut", "change", "insert", "remove")))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if edit == "cut":
            del data[at:]
        elif edit == "change" and data:
            data[at] = draw(st.integers(0, 255))
        elif edit == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8) | st.sampled_from(FUZZ_FAILURES))
        elif data:
            del data[at : at + draw(st.integers(1, 16))]
    return bytes(data)


@st.composite
def mutated_lines(draw: st.DrawFn, lines: list[dict[str, Any]]) -> list[Any]:
    """JSON Lines with lines dropped, repeated, swapped, or edited inside."""
    lines = copy.deepcopy(lines)
    edit = draw(st.sampled_from(("inside", "inside", "drop", "repeat", "swap")))
    at = draw(st.integers(0, len(lines) - 1))
    if edit == "inside":
        lines[at] = draw(mutated_json(lines[at]))
    elif edit == "drop":
        del lines[at]
    elif edit == "repeat":
        lines.insert(at, copy.deepcopy(lines[at]))
    else:
        other = draw(st.integers(0, len(lines) - 1))
        lines[at], lines[other] = lines[other], lines[at]
    return lines


def as_json_lines(lines: list[Any]) -> bytes:
    return "".join(json.dumps(line) + "\n" for line in lines).encode("utf-8")


DEEP = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
"""Nested deeper than any file of ours (game.files.MAX_JSON_DEPTH)."""
DAMAGED_VALUES = (st.sampled_from([10**400, -10**400, float("nan"), float("inf"), float("-inf"), 1e308, -1e308,
                                   10**30, True, "1.0", None, [], {}, DEEP]) | JSON_VALUES)
"""Values a damaged file may hold where a number belongs: huge, non-finite, deep, of any type."""


@st.composite
def damaged_record_file(draw: st.DrawFn, lines: list[dict[str, Any]]) -> bytes:
    """A record file with a damaged value put anywhere in its header, a win, its last
    settlement or its end; lines dropped, repeated or swapped; or its bytes changed."""
    how = draw(st.sampled_from(("value", "value", "value", "lines", "bytes")))
    if how == "bytes":
        return draw(mutated_bytes(as_json_lines(lines)))
    if how == "lines":
        return as_json_lines(draw(mutated_lines(lines)))
    lines = copy.deepcopy(lines)
    wins = [i for i, line in enumerate(lines) if line.get("event") == "won"]
    line = lines[draw(st.sampled_from([0, *wins, len(lines) - 2, len(lines) - 1]))]
    path = draw(st.sampled_from(_paths(line)[1:]))
    _parent(line, path)[path[-1]] = draw(DAMAGED_VALUES)
    return as_json_lines(lines)
