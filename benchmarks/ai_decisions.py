"""Benchmark the AI's decisions per preset, level and phase: `python benchmarks/ai_decisions.py`.

Plays `--deals` seeded hands of each preset in this one process, seats alternating
between the two levels (hard and normal unless told), as the arena seats them, and times
every decision an agent makes: the dora flip, building, each discard, each ron. Prints
the median, 95th percentile and maximum per level and phase, and over all of a level's
decisions, in CPU time of this process (`time.process_time`: what the decision cost,
however loaded the machine) and by the clock beside it. Each deal is played once, so
every build analyses its wall afresh; the arena plays each deal twice and its second
play's builds reuse the first's analysis, which makes its `decision_p95_s` lower.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import LEVELS
from game.ai.agents import REFERENCE_LEVELS
from game.ai.arena import percentile, play_deal, seat_plan
from game.engine.rules import PRESETS, Rules

Times = dict[tuple[str, str], list[tuple[float, float]]]
"""Per (level, phase), each decision's (CPU, clock) milliseconds."""


def play(rules: Rules, deal_seed: int, levels: tuple[str, str], times: Times) -> None:
    seated = [levels[who] for who in seat_plan(rules.players, swapped=False)]
    _, timings = play_deal(rules, deal_seed, seated)
    for level, decisions in zip(seated, timings, strict=True):
        for decision in decisions:
            taken = (decision.cpu_seconds * 1000, decision.seconds * 1000)
            times.setdefault((level, decision.phase.value), []).append(taken)
            times.setdefault((level, "all"), []).append(taken)


def line(level: str, phase: str, times: list[tuple[float, float]]) -> str:
    def spread(values: list[float]) -> str:
        ordered = sorted(values)
        return (f"median {statistics.median(ordered):7.1f}  p95 {percentile(ordered, 0.95):7.1f}  "
                f"max {ordered[-1]:7.1f}")

    return (f"  {level:7} {phase:8} CPU ms: {spread([cpu for cpu, _ in times])}   "
            f"clock ms: {spread([clock for _, clock in times])}   ({len(times)} decisions)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10, metavar="N",
                        help="seeded hands played per preset (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1,
                        help="picks the deals: deal i of a preset is seed x 1000003 + i (default: %(default)s)")
    levels = (*LEVELS, *REFERENCE_LEVELS)
    parser.add_argument("--levels", nargs=2, default=("hard", "normal"), choices=levels, metavar="LEVEL",
                        help=f"the two AI levels that take turns in the seats, of {', '.join(levels)} "
                             "(default: hard normal)")
    parser.add_argument("--presets", nargs="+", default=sorted(PRESETS), choices=sorted(PRESETS), metavar="PRESET",
                        help=f"the presets to play, of {', '.join(sorted(PRESETS))} (default: all)")
    args = parser.parse_args(argv)
    for preset in args.presets:
        rules = replace(Rules.preset(preset), settlement="units", hands=1)
        times: Times = {}
        for deal in range(args.deals):
            play(rules, args.seed * 1_000_003 + deal, tuple(args.levels), times)
        print(f"{preset} ({rules.players} players, {args.deals} deals)")
        for (level, phase), taken in sorted(times.items()):
            print(line(level, phase, taken))


if __name__ == "__main__":
    main()
