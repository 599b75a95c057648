"""The arena tools' `--out` files: one JSON object a line, appended as each deal is
played, so that a run killed mid-write leaves at worst one broken last line; and the
`--out` and `--summarise` options that write and read them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """`--out FILE` (append a line per deal) and `--summarise FILE...` (print the figures
    of such files instead of playing)."""
    parser.add_argument("--out", type=Path, metavar="FILE", help="append one JSON line per deal to FILE")
    parser.add_argument("--summarise", type=Path, nargs="+", metavar="FILE",
                        help="print the figures of --out files instead of playing")


def append_json_line(path: Path | None, value: dict) -> None:
    """`value` as the last line of `path` (nothing when there is no `--out`)."""
    if path is not None:
        with path.open("a") as out:
            out.write(json.dumps(value) + "\n")


def print_summary(paths: Iterable[Path], read: Callable[[Iterable[Path]], list[dict]],
                  summarise: Callable[[list[dict]], str], tool: str) -> int:
    """`--summarise`: the figures of every deal `read` finds in `paths`, and exit status 0;
    2, with the error on stderr, when they hold none."""
    deals = read(paths)
    if not deals:
        print(f"{tool}: no deals in those files", file=sys.stderr)
        return 2
    print(summarise(deals))
    return 0


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
