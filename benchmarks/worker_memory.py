"""One analysis worker's memory on the richest walls: `python benchmarks/worker_memory.py`.

    python benchmarks/worker_memory.py [--seeds 65 114 143] [--trace]

Starts one worker as the window does (an `AnalysisPool` of one spawned process, each job
followed by its release of memory) and gives it, wall after wall, the work a hand brings:
the helper's first answer (`best_of_wall`), its whole ranking (`rank_wall`), the easy and
the normal AI's build of the same wall (`Agent.act` in the BUILD phase), and a hard AI's
sampled wall (`WallAnalyser.best_hands(1)`, as game/ai/inference.py asks it). The default seeds
are the three richest of benchmarks/analyze.py's 200 walls (over 19 000 tenpai hands
each), kaiji rules.

The worker's proportional set size (PSS, /proc/PID/smaps_rollup: shared pages split
between the processes sharing them) is sampled every 5 ms while each job runs: per job it
prints the peak and what stays after it. With `--trace` it also prints, per job, the peak
and the remainder of the memory Python's allocator traced (tracemalloc; that slows the
work down, so the PSS then is not the game's). Linux only; no memory is asserted here.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app.play.analysis_pool import AnalysisPool

SAMPLE_S = 0.005
MB = 1_000_000
RICHEST_SEEDS = (65, 114, 143)
SEAT_WIND = 27  # east


def pss_kb(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    found = re.search(r"^Pss:\s+(\d+) kB", text, re.MULTILINE)
    return int(found.group(1)) if found else 0


def worker_pid() -> int:
    import os

    return os.getpid()


def start_tracing() -> None:
    import tracemalloc

    tracemalloc.start()


def traced(job: Callable[..., Any], *args: Any) -> tuple[float, float]:
    """Run a job under tracemalloc (started by `start_tracing`): its peak and what it left (MB)."""
    import gc
    import tracemalloc

    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    job(*args)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    return (peak - before) / MB, (current - before) / MB


def first_answer(seed: int) -> None:
    from game.app.play.helper import best_of_wall

    best_of_wall(*_table(seed))


def whole_ranking(seed: int) -> None:
    from game.app.play.helper import rank_wall

    rank_wall(*_table(seed))


def ai_build(seed: int, level: str) -> None:
    from game.ai import make_agent
    from game.engine.actions import ChooseDora
    from game.engine.kyoku import Kyoku
    from game.engine.tiles import TILE_COUNT
    from game.engine.wall import Deal, side_walls

    wall, _, _, rules = _table(seed)
    rest = [t for t in range(TILE_COUNT) if t not in set(wall)]
    random.Random(seed).shuffle(rest)
    kyoku = Kyoku(rules, Deal((*wall, *rest), None), dealer=0)  # seat 0 opens the first wall
    kyoku.apply(ChooseDora(0, side_walls(rules.players)[0], 0))
    view = kyoku.view_for(0)
    make_agent(level, seed).act(view)


def sampled_wall(seed: int) -> None:
    from game.engine.analysis import WallAnalyser

    WallAnalyser(*_table(seed)).best_hands(1)


def _table(seed: int) -> tuple[tuple[int, ...], int, int | None, Any]:
    from analyze import seeded_wall  # benchmarks/analyze.py, beside this file

    from game.engine.rules import Rules

    wall, indicator = seeded_wall(seed)
    return tuple(wall), SEAT_WIND, indicator, Rules.preset("kaiji")


JOBS: dict[str, tuple[Callable[..., None], tuple[Any, ...]]] = {
    "first answer": (first_answer, ()),
    "whole ranking": (whole_ranking, ()),
    "easy AI build": (ai_build, ("easy",)),
    "normal AI build": (ai_build, ("normal",)),
    "hard AI sample": (sampled_wall, ()),
}


def measure(pool: AnalysisPool, pid: int, job: Callable[..., Any], *args: Any) -> tuple[int, int, Any]:
    """Peak PSS while the job ran and PSS after it (kB), and its result."""
    peak = [pss_kb(pid)]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], pss_kb(pid))
            time.sleep(SAMPLE_S)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = pool.submit(job, *args).result(timeout=600)
    finally:
        done.set()
        sampler.join()
    pool.submit(worker_pid).result(timeout=60)  # the next job starts once the last one's memory is released
    after = pss_kb(pid)
    return peak[0], after, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=list(RICHEST_SEEDS), metavar="SEED",
                        help="the walls, by their seed in benchmarks/analyze.py "
                             f"(default: {' '.join(map(str, RICHEST_SEEDS))}, the three richest)")
    parser.add_argument("--trace", action="store_true", help="also trace Python's allocations (slower)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    spawn = multiprocessing.get_context("spawn")
    pool = AnalysisPool(1, spawn)
    try:
        pid = pool.submit(worker_pid).result(timeout=120)
        pool.submit(sys.path.insert, 0, str(Path(__file__).resolve().parent)).result()
        if args.trace:
            pool.submit(start_tracing).result()
        print(f"one analysis worker, warmed up: PSS {pss_kb(pid) / 1000:.1f} MB; seeds {args.seeds}, kaiji")
        highest = 0
        for seed in args.seeds:
            for name, (job, extra) in JOBS.items():
                if args.trace:
                    peak, after, (traced_peak, traced_left) = measure(pool, pid, traced, job, seed, *extra)
                    trace = f"; traced peak {traced_peak:5.1f} MB, left {traced_left:5.1f} MB"
                else:
                    peak, after, _ = measure(pool, pid, job, seed, *extra)
                    trace = ""
                highest = max(highest, peak)
                print(f"  seed {seed:3} {name:16} PSS peak {peak / 1000:5.1f} MB, after {after / 1000:5.1f} MB"
                      f"{trace}", flush=True)
        print(f"the worker's peak PSS: {highest / 1000:.1f} MB")
    finally:
        pool.shutdown(cancel_futures=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
