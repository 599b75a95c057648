"""Benchmark the hand analyser on seeded random walls: `python benchmarks/analyze.py`.

Each wall is `random.Random(seed).sample(range(136), 34)`; the same generator then draws
the dora indicator from the other tiles (`--size N`: N tiles instead of 34, as the walls the
hard AI reads of its opponent, 34 less the tiles they have discarded). Per wall it times
  * shapes: every tenpai hand with its waits (kind counts and red-five choices, no
    scoring); shapes+ids: the same with every hand's 13 tile ids worked out;
  * selection: one 13-tile selection (the wall's middle tenpai hand) as the builder
    helper analyses it;
  * first: the helper's first answer, the wall's 5 best hands exactly
    (`WallAnalyser.best_hands`): whether the wall reaches mangan and what to suggest;
  * full: the whole ranking, every hand in order (`WallAnalyser.analyze`);
  * json: `analyze --json` on top of the full ranking (every hand and wait written, with
    the ippatsu/houtei floor checks and the values that may reach the floor), with its
    ratio to the full ranking wall by wall; json writing: the report written out as the
    CLI prints it (not counted in json); json-library (only with `--only json-library`):
    the `mahjong` library's own time inside json, with its calls, in a pass of its own
    (timing every call costs a little): the floor under json's ratio, since every value
    JSON shows is the library's;
  * deadline: `WallAnalyser.complete_selection` of an empty selection (the build deadline);
and prints, in milliseconds of CPU time (`time.process_time`: the machine is shared), the
median, 95th percentile and maximum of each, and the median wall-clock time beside it.
Each measurement is its own pass over the walls, with every cache emptied before it
(`--runs N`: N passes, each wall's median taken; `--seed S`: only these walls). Each
timing includes making the wall's `WallAnalyser` (checking the wall and the table), as a
caller does; the fast division is in place (`scoring.install_fast_divider`), as in the game.
To measure an older tree, run that tree's own copy of this script.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import analyze as analyze_cli
from game.cli.analyze import report_json
from game.engine import analysis, scoring, tenpai
from game.engine.analysis import SelectionAnalysis, WallAnalyser, WallAnalysis
from game.engine.analysis_speed import TenpaiHand
from game.engine.rules import PRESETS, Rules
from game.engine.tiles import EAST, TILE_COUNT

WALL_SIZE = 34
FIRST_ANSWER = 5
JSON_WRITING = "json writing"
LIBRARY = "json library"
Walls = list[tuple[list[int], int | None]]


def seeded_wall(seed: int, size: int = WALL_SIZE) -> tuple[list[int], int]:
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), size)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall)))
    return wall, indicator


def timed(action: Callable[..., Any], *args: Any) -> tuple[float, float, Any]:
    """CPU and wall-clock milliseconds taken by action(*args), and its result."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = action(*args)
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000, result


def summary(name: str, times: list[tuple[float, float]]) -> str:
    cpu = sorted(c for c, _ in times)
    p95 = cpu[min(len(cpu) - 1, round(0.95 * (len(cpu) - 1)))]
    wall = statistics.median(w for _, w in times)
    return (f"{name:12} CPU median {statistics.median(cpu):7.1f} ms   p95 {p95:7.1f} ms   max {cpu[-1]:7.1f} ms"
            f"   (wall-clock median {wall:7.1f} ms; {len(cpu)} walls)")


def clear_caches() -> None:
    tenpai.clear_cache()
    for module in (scoring, getattr(analysis, "bound", None)):
        clear = getattr(module, "clear_cache", None)
        if clear is not None:
            clear()


def tenpai_hands(wall: list[int], rules: Rules) -> list[TenpaiHand]:
    return WallAnalyser(wall, EAST, None, rules).tenpai_hands()


def first_answer(wall: list[int], indicator: int | None, rules: Rules) -> WallAnalysis:
    return WallAnalyser(wall, EAST, indicator, rules).best_hands(FIRST_ANSWER)


def full_ranking(wall: list[int], indicator: int | None, rules: Rules) -> WallAnalysis:
    return WallAnalyser(wall, EAST, indicator, rules).analyze()


def selection_analysis(wall: list[int], selection: tuple[int, ...], indicator: int | None,
                       rules: Rules) -> SelectionAnalysis:
    return WallAnalyser(wall, EAST, indicator, rules).analyze_selection(selection)


def deadline(wall: list[int], indicator: int | None, rules: Rules) -> list[int]:
    return WallAnalyser(wall, EAST, indicator, rules).complete_selection([])


def hands_with_ids(wall: list[int], rules: Rules) -> list[tuple[int, ...]]:
    return [hand.tiles for hand in tenpai_hands(wall, rules)]


def measure_shapes(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    shapes = [timed(tenpai_hands, wall, rules)[:2] for wall, _ in walls]
    tenpai.clear_cache()
    return {"shapes": shapes, "shapes+ids": [timed(hands_with_ids, wall, rules)[:2] for wall, _ in walls]}


def measure_selection(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    times = []
    for wall, indicator in walls:
        hands = tenpai_hands(wall, rules)
        if hands:
            selection = hands[len(hands) // 2].tiles
            times.append(timed(selection_analysis, wall, selection, indicator, rules)[:2])
    return {"selection": times}


def measure_first(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    return {"first": [timed(first_answer, wall, indicator, rules)[:2] for wall, indicator in walls]}


def measure_full(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    return {"full": [timed(full_ranking, wall, indicator, rules)[:2] for wall, indicator in walls]}


def measure_json(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    """The full ranking, then `analyze --json` of it: the second is what JSON adds; then
    writing the report out (`json.dumps`, which the CLI prints), not counted in it."""
    full, extra, dumped = [], [], []
    for wall, indicator in walls:
        cpu, clock, ranked = timed(full_ranking, wall, indicator, rules)
        full.append((cpu, clock))
        cpu, clock, report = timed(report_json, ranked, "east", None)
        extra.append((cpu, clock))
        dumped.append(timed(dump_json, report)[:2])
    return {"full (json)": full, "json on top": extra, JSON_WRITING: dumped}


def measure_json_library(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    """The library's own CPU time inside `analyze --json` on top of the full ranking, with
    the number of its calls (as the second figure)."""
    full, library = [], []
    calculator = scoring.HandCalculator
    spent = [0.0, 0]

    class TimedCalculator:
        @staticmethod
        def estimate_hand_value(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return calculator.estimate_hand_value(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start
                spent[1] += 1

    for wall, indicator in walls:
        cpu, clock, ranked = timed(full_ranking, wall, indicator, rules)
        full.append((cpu, clock))
        spent[:] = [0.0, 0]
        scoring.HandCalculator = TimedCalculator
        try:
            report_json(ranked, "east", None)
        finally:
            scoring.HandCalculator = calculator
        library.append((spent[0] * 1000, float(spent[1])))
    return {"full (json)": full, LIBRARY: library}


def library_summary(times: dict[str, list[tuple[float, float]]], seeds: Sequence[int]) -> str:
    """The library's time inside json over the full ranking, wall by wall: json's own
    ratio cannot be below it without showing fewer of the library's values."""
    full = [cpu for cpu, _ in times["full (json)"]]
    measured = zip(times[LIBRARY], full, seeds, strict=True)
    ratios = sorted((spent / f, calls, seed) for (spent, calls), f, seed in measured if f > 0)
    if not ratios:
        return "json library / full: no wall to compare"
    values = [r for r, _, _ in ratios]
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    worst = ", ".join(f"{seed} {ratio:.2f}x ({calls:.0f} calls)" for ratio, calls, seed in reversed(ratios[-4:]))
    return (f"json library / full  per wall median {statistics.median(values):.2f}x   p95 {p95:.2f}x   "
            f"max {values[-1]:.2f}x   (worst walls: {worst})")


def dump_json(report: dict[str, Any]) -> None:
    write = getattr(analyze_cli, "write_json", None)
    if write is None:  # before the report was written in pieces
        json.dumps(report)
    else:
        write(report, io.StringIO())


def ratio_summary(times: dict[str, list[tuple[float, float]]], seeds: Sequence[int]) -> str:
    """What JSON adds over the full ranking, wall by wall and max over max (CPU)."""
    full = [cpu for cpu, _ in times["full (json)"]]
    extra = [cpu for cpu, _ in times["json on top"]]
    ratios = sorted((e / f, seed) for e, f, seed in zip(extra, full, seeds, strict=True) if f > 0)
    if not ratios:
        return "json / full: no wall to compare"
    values = [r for r, _ in ratios]
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    worst = ", ".join(f"{seed} {ratio:.2f}x" for ratio, seed in reversed(ratios[-4:]))
    return (f"json / full  per wall median {statistics.median(values):.2f}x   p95 {p95:.2f}x   "
            f"max {values[-1]:.2f}x   max over max {max(extra) / max(full):.2f}x   (worst walls: {worst})")


def measure_deadline(walls: Walls, rules: Rules) -> dict[str, list[tuple[float, float]]]:
    return {"deadline": [timed(deadline, wall, indicator, rules)[:2] for wall, indicator in walls]}


MEASURES = {
    "shapes": measure_shapes, "selection": measure_selection, "first": measure_first, "full": measure_full,
    "json": measure_json, "json-library": measure_json_library, "deadline": measure_deadline,
}
DEFAULT_MEASURES = ("shapes", "selection", "first", "full", "json", "deadline")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--walls", type=int, default=200, help="number of seeded walls (default 200)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS))
    parser.add_argument("--size", type=int, default=WALL_SIZE, choices=range(13, WALL_SIZE + 1), metavar="N",
                        help=f"tiles per wall, 13 to {WALL_SIZE} (default {WALL_SIZE})")
    parser.add_argument("--seed", type=int, action="append",
                        help="measure this seed's wall (repeatable; instead of --walls/--first-seed)")
    parser.add_argument("--runs", type=int, default=1,
                        help="passes per measurement; each wall's median over them is reported (default 1)")
    parser.add_argument("--only", choices=sorted(MEASURES), action="append",
                        help="run only this measurement (repeatable); each runs as its own pass")
    args = parser.parse_args(argv)
    scoring.install_fast_divider()
    rules = Rules.preset(args.preset)
    seeds = args.seed or range(args.first_seed, args.first_seed + args.walls)
    walls: Walls = [(wall, indicator if rules.has_dora else None)
                    for wall, indicator in (seeded_wall(seed, args.size) for seed in seeds)]
    hand_counts = [len(tenpai_hands(wall, rules)) for wall, _ in walls]
    shown = ", ".join(map(str, seeds)) if args.seed else f"{seeds[0]}..{seeds[-1]}"
    repeated = f", median of {args.runs} runs" if args.runs > 1 else ""
    print(f"preset {args.preset}, {args.size}-tile walls, seeds {shown}{repeated}")
    print(f"tenpai hands per wall: median {statistics.median(hand_counts):.0f}, max {max(hand_counts)}, "
          f"walls with none: {hand_counts.count(0)}")
    for name in args.only or DEFAULT_MEASURES:
        runs = []
        for _ in range(max(1, args.runs)):
            clear_caches()  # every pass meets its walls for the first time
            runs.append(MEASURES[name](walls, rules))
        measured = {key: [per_wall_median([run[key][at] for run in runs]) for at in range(len(walls))]
                    for key in runs[0]}
        for key, times in measured.items():
            if key != LIBRARY:
                print(summary(key, times), flush=True)
        if name == "json":
            print(ratio_summary(measured, seeds), flush=True)
        if name == "json-library":
            print(summary(LIBRARY, [(spent, spent) for spent, _ in measured[LIBRARY]]).split("   (")[0], flush=True)
            print(library_summary(measured, seeds), flush=True)
    return 0


def per_wall_median(times: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(cpu for cpu, _ in times), statistics.median(clock for _, clock in times)


if __name__ == "__main__":
    sys.exit(main())
