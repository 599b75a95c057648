"""Reading the arena tools' `--out` files: one JSON object a line, written as each deal is
played, so that a run killed mid-write leaves at worst one broken last line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path


def read_json_lines(paths: Iterable[Path], is_one: Callable[[object], bool], what: str) -> list[dict]:
    """Every line of `paths` that `is_one` takes; any other line (a run killed mid-write,
    another file's) is named on stderr as not `what`, and skipped."""
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(errors="replace").split("\n"), start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                value = None
            if is_one(value):
                found.append(value)
            else:
                print(f"{path}:{number}: not {what}, skipped", file=sys.stderr)
    return found
