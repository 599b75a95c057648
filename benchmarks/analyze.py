"""Benchmark the hand analyser on seeded random walls: `python benchmarks/analyze.py`.

Each wall is `random.Random(seed).sample(range(136), 34)`; the same generator then draws
the dora indicator from the other tiles. Per wall it times
  * shapes: every tenpai hand with its waits (kind counts and red-five choices, no
    scoring); shapes+ids: the same with every hand's 13 tile ids worked out;
  * selection: one 13-tile selection (the wall's middle tenpai hand, scored) as the
    builder helper analyses it (its waits are scored afresh: nothing is cached yet);
  * deadline: `complete_selection` of an empty selection (its default scoring budget);
  * full: every tenpai hand with every wait scored, ranked;
  * situational: the ippatsu/houtei floor checks on top of the full analysis (`--only
    full-only` leaves them out);
and prints the median, 95th percentile and maximum of each, in milliseconds. Each
measurement is its own pass over the walls, in the order above.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import candidates
from game.engine.analysis import analyze_selection, analyze_wall, complete_selection, tenpai_hands
from game.engine.rules import PRESETS, Rules
from game.engine.tiles import EAST, TILE_COUNT

WALL_SIZE = 34


def seeded_wall(seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    wall = rng.sample(range(TILE_COUNT), WALL_SIZE)
    indicator = rng.choice(sorted(set(range(TILE_COUNT)) - set(wall)))
    return wall, indicator


def timed(action: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Milliseconds taken by action(*args), and its result."""
    start = time.perf_counter()
    result = action(*args)
    return (time.perf_counter() - start) * 1000, result


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{name:12} median {statistics.median(ordered):8.1f} ms   p95 {p95:8.1f} ms   "
            f"max {ordered[-1]:8.1f} ms   ({len(ordered)} walls)")


def situational_checks(analysis: Any) -> int:
    return sum(wait.clears_floor_only_with_luck for hand in analysis.hands for wait in hand.waits)


def hands_with_ids(wall: list[int], rules: Rules) -> list[tuple[int, ...]]:
    return [hand.tiles for hand in tenpai_hands(wall, rules)]


def measure_shapes(walls: list[tuple[list[int], int]], rules: Rules) -> dict[str, list[float]]:
    shapes = [timed(tenpai_hands, wall, rules)[0] for wall, _ in walls]
    candidates.clear_cache()
    return {"shapes": shapes, "shapes+ids": [timed(hands_with_ids, wall, rules)[0] for wall, _ in walls]}


def measure_selection(walls: list[tuple[list[int], int]], rules: Rules) -> dict[str, list[float]]:
    """The builder helper on a tenpai selection: the wall's middle tenpai hand."""
    times = []
    for wall, indicator in walls:
        hands = tenpai_hands(wall, rules)
        if hands:
            selection = hands[len(hands) // 2].tiles
            times.append(timed(analyze_selection, wall, selection, EAST, indicator, rules)[0])
    return {"selection": times}


def measure_full(walls: list[tuple[list[int], int]], rules: Rules) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"full": [], "situational": []}
    for wall, indicator in walls:
        elapsed, analysis = timed(analyze_wall, wall, EAST, indicator, rules)
        times["full"].append(elapsed)
        times["situational"].append(timed(situational_checks, analysis)[0])
    return times


def measure_full_only(walls: list[tuple[list[int], int]], rules: Rules) -> dict[str, list[float]]:
    """The full analysis without the situational checks: a third of the time of `full`."""
    return {"full": [timed(analyze_wall, wall, EAST, indicator, rules)[0] for wall, indicator in walls]}


def measure_deadline(walls: list[tuple[list[int], int]], rules: Rules) -> dict[str, list[float]]:
    """The build deadline with nothing selected: `complete_selection` within its budget."""
    return {"deadline": [timed(complete_selection, wall, [], EAST, indicator, rules)[0] for wall, indicator in walls]}


MEASURES = {
    "shapes": measure_shapes, "selection": measure_selection, "deadline": measure_deadline, "full": measure_full,
    "full-only": measure_full_only,
}
DEFAULT_MEASURES = ("shapes", "selection", "deadline", "full")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--walls", type=int, default=200, help="number of seeded walls (default 200)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS))
    parser.add_argument("--only", choices=sorted(MEASURES), action="append",
                        help="run only this measurement (repeatable); each runs as its own pass")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset)
    seeds = range(args.first_seed, args.first_seed + args.walls)
    walls = [seeded_wall(seed) for seed in seeds]
    hand_counts = [len(tenpai_hands(wall, rules)) for wall, _ in walls]
    print(f"preset {args.preset}, seeds {seeds.start}..{seeds.stop - 1}")
    print(f"tenpai hands per wall: median {statistics.median(hand_counts):.0f}, max {max(hand_counts)}, "
          f"walls with none: {hand_counts.count(0)}")
    for name in args.only or DEFAULT_MEASURES:
        candidates.clear_cache()  # every pass meets its walls for the first time
        for measured, times in MEASURES[name](walls, rules).items():
            print(summary(measured, times), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
