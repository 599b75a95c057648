"""`python -m game selfplay`: the arena, AI against AI in duplicate deals."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.engine.rules import MULTIPLE_RON_MODES, PRESETS
from game.files import shown_path

BAD_INPUT = 2
MAX_JOBS = 64
"""More worker processes than any machine here has cores only costs memory."""


def configure(parser: argparse.ArgumentParser) -> None:
    from game.ai.arena import ARENA_LEVELS

    parser.description = (
        "The arena: two AI levels play the same deals twice, seats swapped (duplicate deals), "
        "and the results are compared in units per hand with a 95% confidence interval, "
        "win, deal-in and draw rates, and decision times. "
        "Levels: easy, normal and hard are the game's AI levels; hard_v1 and oracle are references, "
        "never playable levels: hard_v1 is the hard level before it built for the hand to come, "
        "kept to compare against; oracle builds like normal but sees the other hands, and deals in "
        "only when every tile it holds would, which shows the least deal-in rate perfect knowledge allows."
    )
    levels = ", ".join(ARENA_LEVELS)
    parser.add_argument("--a", required=True, choices=ARENA_LEVELS, metavar="LEVEL",
                        help=f"the first agent's level: {levels}")
    parser.add_argument("--b", required=True, choices=ARENA_LEVELS, metavar="LEVEL",
                        help="the second agent's level (the same level twice is allowed)")
    parser.add_argument("--hands", type=int, required=True, metavar="N",
                        help="duplicate deals to play (each is played twice, seats swapped)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seeds the deals (default 0): the same seed plays the same deals")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS), metavar="PRESET",
                        help=f"the rule preset (default kaiji): {', '.join(sorted(PRESETS))}; "
                        "every hand is settled in units")
    parser.add_argument("--multiple-ron", default=None, choices=MULTIPLE_RON_MODES, metavar="MODE",
                        help="at three or four players, who wins when several seats ron one discard: "
                        "head_bump (the first in turn order) or all (default: the preset's)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="play deals in this many worker processes (default 1; the results do not change)")
    parser.add_argument("--records", type=Path, default=None, metavar="DIR",
                        help="write every hand played as a record into this folder (for replay)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 after the report, 2 (one line on stderr) for bad arguments or a records
    folder that cannot be written."""
    from game.ai.arena import check_records_folder, run_arena

    if args.hands <= 0:
        return _refuse("--hands must be a positive number of deals")
    if not 0 < args.jobs <= MAX_JOBS:
        return _refuse(f"--jobs must be a number of processes from 1 to {MAX_JOBS}")
    if args.multiple_ron is not None and not PRESETS[args.preset].option_applies("multiple_ron"):
        return _refuse("--multiple-ron applies only at three or four players")
    if args.records is not None:
        try:
            check_records_folder(args.records)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            reason = getattr(error, "strerror", None) or error
            return _refuse(f"cannot write records into {shown_path(args.records)}: {reason}")

    def progress(done: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{done}/{args.hands} deals", end="", file=sys.stderr, flush=True)

    try:
        results = run_arena(args.a, args.b, args.hands, args.seed, args.preset, args.records, progress, args.jobs,
                            args.multiple_ron)
    except OSError as error:  # the records folder went away or filled up while playing
        # a write that fails (a full disk) names no file: then the folder is named
        where = shown_path(error.filename or args.records or "")
        return _refuse(f"cannot write a record: {error.strerror or error} ({where})")
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    applies = PRESETS[args.preset].option_applies("multiple_ron")
    several = f", multiple ron {results['multiple_ron']}" if applies else ""
    print(f"{results['hands']} duplicate deals ({results['plays']} hands), preset {results['preset']}{several}")
    for name, stats in results["agents"].items():
        low, high = stats["ci95"]
        print(f"{name:>8}: {stats['units_per_hand']:+.3f} units/hand (95% CI {low:+.3f} .. {high:+.3f}); "
              f"win {stats['win_rate']:.1%}, deal-in {stats['deal_in_rate']:.1%}, draw {stats['draw_rate']:.1%}; "
              f"avg win {stats['average_win']:.2f}, avg loss {stats['average_loss']:.2f}; "
              f"found mangan {stats['found_mangan_rate']:.1%}; "
              f"decision p50 {stats['decision_p50_s'] * 1000:.0f} ms, p95 {stats['decision_p95_s'] * 1000:.0f} ms")
    return 0


def _refuse(message: str) -> int:
    print(f"selfplay: {message}", file=sys.stderr)
    return BAD_INPUT
