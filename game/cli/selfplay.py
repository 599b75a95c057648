"""`python -m game selfplay`: the arena, AI against AI in duplicate deals."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.engine.rules import PRESETS


def configure(parser: argparse.ArgumentParser) -> None:
    from game.ai.arena import ARENA_LEVELS

    parser.description = (
        "The arena: two AI levels play the same deals twice, seats swapped (duplicate deals), "
        "and the results are compared in units per hand with a 95% confidence interval, "
        "win, deal-in and draw rates, and decision times. "
        "Levels: easy, normal and hard are the game's AI levels; oracle is a reference, never a "
        "playable level: it builds like normal but sees the other hands, and deals in only when "
        "every tile it holds would, which shows the least deal-in rate perfect knowledge allows."
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
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="play deals in this many worker processes (default 1; the results do not change)")
    parser.add_argument("--records", type=Path, default=None, metavar="DIR",
                        help="write every hand played as a record into this folder (for replay)")


def run(args: argparse.Namespace) -> int:
    from game.ai.arena import run_arena

    if args.hands <= 0:
        print("selfplay: --hands must be a positive number of deals", file=sys.stderr)
        return 2
    if args.jobs <= 0:
        print("selfplay: --jobs must be a positive number of processes", file=sys.stderr)
        return 2

    def progress(done: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{done}/{args.hands} deals", end="", file=sys.stderr, flush=True)

    results = run_arena(args.a, args.b, args.hands, args.seed, args.preset, args.records, progress, args.jobs)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{results['hands']} duplicate deals ({results['plays']} hands), preset {results['preset']}")
    for name, stats in results["agents"].items():
        low, high = stats["ci95"]
        print(f"{name:>8}: {stats['units_per_hand']:+.3f} units/hand (95% CI {low:+.3f} .. {high:+.3f}); "
              f"win {stats['win_rate']:.1%}, deal-in {stats['deal_in_rate']:.1%}, draw {stats['draw_rate']:.1%}; "
              f"avg win {stats['average_win']:.2f}, avg loss {stats['average_loss']:.2f}; "
              f"found mangan {stats['found_mangan_rate']:.1%}; "
              f"decision p50 {stats['decision_p50_s'] * 1000:.0f} ms, p95 {stats['decision_p95_s'] * 1000:.0f} ms")
    return 0
