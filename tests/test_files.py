"""game/files.py's JSON reader: as deep as our files nest and no deeper."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.files import MAX_JSON_DEPTH, FileRefused, parse_json
from tests.fuzzing import JSON_VALUES


def depth(value: Any) -> int:
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    return 0 if children is None else 1 + max(map(depth, children), default=0)


def nested(value: Any, levels: int, kind: str) -> Any:
    for _ in range(levels):
        value = [value] if kind == "list" else {"k": value}
    return value


@given(value=JSON_VALUES, levels=st.integers(0, MAX_JSON_DEPTH + 3), kind=st.sampled_from(["list", "object"]))
def test_json_is_read_up_to_the_depth_limit_and_refused_beyond(value, levels, kind):
    document = nested(value, levels, kind)
    text = json.dumps(document)
    if depth(document) <= MAX_JSON_DEPTH:
        assert parse_json(text) == document
    else:
        with pytest.raises(FileRefused, match="nested"):
            parse_json(text)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000])
def test_json_nested_100000_deep_is_refused(text):
    with pytest.raises(FileRefused, match="nested"):
        parse_json(text)
