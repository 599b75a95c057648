"""The statistics screen with a full history: how long it takes to open (read every kept
record, compute the figures, draw the first frame). Prints medians of wall-clock and CPU.

    python benchmarks/statistics_screen.py [--matches 200] [--runs 5] [--shot DIR]

Target: opens in <= 0.5 s with 200 matches of history. The history is made of a few
8-hand matches played by the normal AI against itself (each with its build review),
kept again and again as different matches (seats, AI levels and times vary).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.agents import make_agent
from game.app import history
from game.app.build_review import review_builds
from game.app.scenes.statistics import StatisticsScene
from game.app.session import SeatPlan
from game.app.window import App, LaunchOptions
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.rules import Rules

DISTINCT_MATCHES = 3
LEVELS = ("easy", "normal", "hard")


def played_record(seed: int) -> list[dict]:
    """An 8-hand kaiji match of the normal AI against itself, with both seats' build review."""
    match = Match(Rules.preset("kaiji", settlement="units"), seed)
    agents = [make_agent("normal", seed * 2 + seat) for seat in range(2)]
    while not match.over:
        hand = match.next_hand()
        while hand.phase is not Phase.END:
            seat = hand.waiting_on()[0]
            match.apply(agents[seat].act(hand.view_for(seat)))
    record = [dict(line) for line in match.record]
    record[0]["review"] = review_builds(record, [0, 1])
    return record


def make_history(folder: Path, matches: int) -> None:
    records = [played_record(seed) for seed in range(DISTINCT_MATCHES)]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(matches):
        record = [dict(line) for line in records[number % DISTINCT_MATCHES]]
        review = record[0].pop("review")
        seat = number // DISTINCT_MATCHES % 2
        record[0]["seed"] = number  # a different match to the history (and another file name)
        plan = SeatPlan.solo(2, LEVELS[number % len(LEVELS)])
        plan_dict = {**plan.to_dict(), "humans": [seat]}
        path = history.keep_match(folder, record, plan_dict, history.FINISHED, matches + 1,
                                  start + timedelta(hours=number))
        history.add_builds_review(path, lambda _lines, _seats, r=review: r)


def open_once(app: App) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    app.stack.push(StatisticsScene(app))
    app.step(1 / 60)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    app.stack.pop()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200, metavar="N",
                        help="matches in the history made for it (default: %(default)s, the history's default cap)")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="times the screen is opened and timed (default: %(default)s)")
    parser.add_argument("--shot", type=Path, default=None, metavar="DIR",
                        help="save the screen as statistics.png in this folder (made when missing)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="17steps-stats-bench-"))
    started = time.perf_counter()
    make_history(history.history_folder(folder / "data"), args.matches)
    print(f"made {args.matches} matches of history in {time.perf_counter() - started:.1f} s")
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(config_dir=folder / "config", data_dir=folder / "data"))
    try:
        app.step(1 / 60)
        samples = [open_once(app) for _ in range(args.runs)]
        if args.shot is not None:
            app.stack.push(StatisticsScene(app))
            app.step(1 / 60)
            args.shot.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(args.shot / "statistics.png"))
    finally:
        app.close()
        pygame.quit()
    walls = [w for w, _ in samples]
    cpus = [c for _, c in samples]
    print(f"statistics screen opens ({args.matches} matches): median {statistics.median(walls) * 1000:.0f} ms "
          f"wall clock, {statistics.median(cpus) * 1000:.0f} ms CPU (max {max(walls) * 1000:.0f} ms; "
          f"runs {args.runs}); target <= 500 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
