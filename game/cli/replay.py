"""`python -m game replay FILE`: re-run a record through the engine."""

from __future__ import annotations

import argparse
import sys

from game.engine.record import RecordError, read_record, replay
from game.engine.scoring import install_fast_divider


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Re-run a match record through the engine, compare every event with the record, and "
        "report each hand's result and the standings. Exit status 0: identical; 1: the engine "
        "diverges from the record (the first difference is printed); 2: not a readable record."
    )
    parser.add_argument("file", metavar="FILE",
                        help="a record (.jsonl) written by the game (its saved match) or by selfplay --records")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also say which hands were not dealt from the record's seed "
                        "(a hand-made deal, such as a test's)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the record replays identically, 1 on a divergence, 2 on a bad file."""
    install_fast_divider()
    try:
        report = replay(read_record(args.file))
    except RecordError as error:
        print(f"replay: {error}", file=sys.stderr)
        return 2
    if args.verbose:
        for note in report.notes:
            print(f"note: {note}")
    for hand in report.hands:
        scores = ", ".join(_number(s) for s in hand["scores"])
        print(f"hand {hand['hand']}: {hand['result']}; scores {scores}")
    if report.end is not None:
        print(f"match over ({report.end.get('reason')}): scores "
              + ", ".join(_number(s) for s in report.end.get("scores", [])))
    if report.divergence is not None:
        print(f"DIVERGES at {report.divergence}")
        return 1
    print("replay identical to the record")
    return 0


def _number(value: float) -> str:
    return f"{value:g}"
