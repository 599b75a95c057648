"""The lab: the sources' claims about 17 Steps, measured by simulation.

Deals random walls and reports, with 95% intervals: the share of 34-tile walls that
cannot form any tenpai, and per seat the share with no tenpai reaching mangan; then deals
whole tables, builds every hand with the hard AI and reports how often a player's winning
tiles are all missing from the opponents' pools, and how often a player holds five or
more of an opponent's winning tiles. docs/lab.md sets the figures beside the sources.
The same seed gives the same figures, whatever --jobs is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from game.engine.rules import PRESETS

DEFAULT_WALLS = 1000
DEFAULT_DEALS = 200


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = __doc__
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--walls", type=int, default=DEFAULT_WALLS,
                        help=f"random walls to analyse (default {DEFAULT_WALLS}; 0 skips them)")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"tables to deal and build with the hard AI (default {DEFAULT_DEALS}; 0 skips them)")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS), help="the rule preset (default kaiji)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of every sample (default 0)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="work in this many processes (default 1; the figures do not change)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    """Exit 0 after the report, 2 for counts that make no sense."""
    from game.ai.lab import run_lab

    for name in ("walls", "deals"):
        if getattr(args, name) < 0:
            print(f"lab: --{name} must be 0 or more", file=sys.stderr)
            return 2
    if args.jobs <= 0:
        print("lab: --jobs must be a positive number of processes", file=sys.stderr)
        return 2

    def progress(kind: str, done: int, total: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{kind}: {done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)

    started_wall, started_cpu = time.perf_counter(), time.process_time()
    results = run_lab(args.preset, args.walls, args.deals, args.seed, args.jobs, progress)
    results["seconds"] = {"wall_clock": round(time.perf_counter() - started_wall, 2),
                          "cpu_this_process": round(time.process_time() - started_cpu, 2)}
    print(json.dumps(results, indent=2) if args.json else report_text(results))
    return 0


def percent(share: dict[str, Any]) -> str:
    low, high = share["ci95"]
    return (f"{share['share']:7.2%}  (95% CI {low:.2%} .. {high:.2%}; "
            f"{share['hits']} of {share['trials']})")


def report_text(results: dict[str, Any]) -> str:
    walls, deals = results["walls"], results["deals"]
    lines = [f"17 Steps lab: preset {results['preset']}, seed {results['seed']}"]
    if walls["count"]:
        lines += ["", f"{walls['count']} random 34-tile walls",
                  f"  no tenpai at all                   {percent(walls['no_tenpai'])}",
                  "  no tenpai reaching mangan (a live wait, plain riichi ron, no ura):"]
        lines += [f"    {seat:<32} {percent(share)}" for seat, share in walls["no_mangan_tenpai"].items()]
    if deals["count"]:
        lines += ["", f"{deals['count']} tables, every hand built by the {deals['builder']} AI"]
        sections = (
            ("no tile in the opponents' pools completes the hand", "no_completing_tile_in_opponents_pools"),
            ("no tile in the opponents' pools wins (clears the floor)", "no_winning_tile_in_opponents_pools"),
            ("holds 5+ tiles completing an opponent's hand", "holds_five_completing_tiles"),
            ("holds 5+ tiles an opponent may win on", "holds_five_winning_tiles"),
        )
        for title, key in sections:
            summary = deals[key]
            lines.append(f"  {title}:")
            lines += [f"    {seat:<32} {percent(share)}" for seat, share in summary["by_seat"].items()]
            lines += [f"    {label:<32} {percent(summary[name])}"
                      for label, name in (("at least one player", "at_least_one"),
                                          ("exactly one player", "exactly_one"), ("every player", "all"))]
    seconds = results.get("seconds")
    if seconds:
        lines += ["", f"{seconds['wall_clock']:.1f} s wall clock, {seconds['cpu_this_process']:.1f} s CPU "
                      "in this process"]
    return "\n".join(lines)
