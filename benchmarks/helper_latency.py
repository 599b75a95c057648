"""From the dora flip to the helper's first answer, with the AI building beside it.

    python benchmarks/helper_latency.py [--runs 5] [--seed 65] [--workers N]

The player's wall is the richest of benchmarks/analyze.py's 200 seeded walls (seed 65,
22 672 tenpai hands). Each run starts the game's analysis pool afresh (`App.analysis_pool`:
spawned workers, warmed up as the table does while the dora is chosen), deals a hand with
that wall in the player's seat, flips the dora, and then does what the table does in that
frame: the AI seats' builds are submitted (`Pacer`: `submit(agent.act, view)`), then the
player's `BuildHelper` is made. It prints, in wall-clock seconds (this is a wait the player
sees), the median and maximum over the runs of the time until the first answer (the best
hands: Suggest works and the panel shows them) and until the whole ranking, with 2 players
(one normal AI) and with 4 players (three normal AIs building at once, no dora), and the
CPU time the workers used until the first answer (Linux /proc): on a busy machine the
wall-clock time is mostly waiting for a core.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from concurrent.futures import Executor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_agent
from game.app.play import helper as helper_module
from game.app.play.helper import BuildHelper, warm_up
from game.engine.actions import ChooseDora
from game.engine.kyoku import Kyoku
from game.engine.rules import Rules
from game.engine.tiles import TILE_COUNT
from game.engine.wall import Deal, side_walls

WALL_SIZE = 34
POLL_S = 0.002


def make_pool(workers: int) -> Executor:
    spawn = multiprocessing.get_context("spawn")
    try:
        from game.app.play.analysis_pool import AnalysisPool
    except ImportError:  # before the analysis pool: the window's one-worker process pool
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=1, mp_context=spawn)
    return AnalysisPool(workers, spawn)


def deal_with(wall: list[int], players: int, seed: int) -> Deal:
    """A deal whose seat 0 opens `wall` (the first personal wall is wall 0)."""
    rest = [t for t in range(TILE_COUNT) if t not in set(wall)]
    random.Random(seed).shuffle(rest)
    return Deal(tuple(wall + rest), None)


def workers_cpu() -> float:
    """CPU seconds used so far by this process's children (the analysis workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for child in multiprocessing.active_children():
        try:
            fields = Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def one_run(wall: list[int], players: int, workers: int, seed: int) -> tuple[float, float, float]:
    rules = Rules.preset("kaiji" if players == 2 else "four_player")
    pool = make_pool(workers)
    try:
        pool.submit(warm_up).result(timeout=120)
        time.sleep(2.0)  # the other worker starts too, while the dora is chosen (seconds, in play)
        kyoku = Kyoku(rules, deal_with(wall, players, seed), dealer=0)
        if rules.has_dora:
            kyoku.apply(ChooseDora(0, side_walls(players)[0], 0))
        flipped, cpu_at_flip = time.perf_counter(), workers_cpu()
        for seat in range(1, players):  # the Pacer's AI builds come first in the frame
            pool.submit(make_agent("normal", seed + seat).act, kyoku.view_for(seat))
        view = kyoku.view_for(0)
        helper = BuildHelper(view.wall, kyoku.seat_wind_kind(0), view.dora_indicator, rules, pool)
        answered = getattr(BuildHelper, "answered", None)
        first = cpu = None
        while not helper.ready:
            if first is None and answered is not None and helper.answered:
                first, cpu = time.perf_counter() - flipped, workers_cpu() - cpu_at_flip
            time.sleep(POLL_S)
        whole = time.perf_counter() - flipped
        if first is None:
            first, cpu = whole, workers_cpu() - cpu_at_flip
        return first, whole, cpu
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="runs per table size, each with a new analysis pool (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=65,
                        help="the seed of the player's wall, as benchmarks/analyze.py draws it "
                             "(default: %(default)s, the richest of its 200)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="analysis worker processes (default: as many as the window starts)")
    args = parser.parse_args(argv)
    from game.app.window.window import ANALYSIS_WORKERS

    workers = args.workers or ANALYSIS_WORKERS
    wall = random.Random(args.seed).sample(range(TILE_COUNT), WALL_SIZE)
    print(f"wall seed {args.seed}, {workers} analysis worker(s), helper module {helper_module.__file__}")
    for players in (2, 4):
        firsts, wholes, cpus = [], [], []
        for run in range(args.runs):
            first, whole, cpu = one_run(wall, players, workers, run)
            firsts.append(first)
            wholes.append(whole)
            cpus.append(cpu)
        print(f"{players} players: first answer median {statistics.median(firsts):.3f} s (max {max(firsts):.3f}; "
              f"the workers' CPU meanwhile, AI included, median {statistics.median(cpus):.3f} s); "
              f"whole ranking median {statistics.median(wholes):.3f} s (max {max(wholes):.3f}); {args.runs} runs; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
