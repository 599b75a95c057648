"""The statistics screen with a full history: how long it takes to open (read the kept
records, compute the figures, draw the first frame) and how much memory it takes. Prints
medians of wall-clock and CPU time, and the process's peak resident memory.

    python benchmarks/statistics_screen.py [--matches 200] [--files N] [--big-file MB]
                                           [--history DIR] [--runs 5] [--shot DIR]

Target: opens in <= 0.5 s with 200 matches of history. The history is made of a few
8-hand matches played by the normal AI against itself (each with its build review),
kept again and again as different matches (seats, AI levels and times vary).

`--files N` fills the history folder to N files (older copies of those matches, as a
history copied in or a cap lowered leaves them): the screen still reads only the newest
200, the cap. `--big-file MB` adds a file of that size as the newest match: refused unread
(larger than any record) and moved aside, on the first opening. `--history DIR` keeps the
history made there for the next run (making 200 matches takes a minute).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
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
from game.app.flow import Flow
from game.app.history import history
from game.app.history.build_review import review_builds
from game.app.play.session import SeatPlan
from game.app.scenes.statistics import StatisticsScene
from game.app.window.window import App, LaunchOptions
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules

DISTINCT_MATCHES = 3
LEVELS = ("easy", "normal", "hard")
START = datetime(2026, 1, 1, tzinfo=UTC)


def played_record(seed: int) -> list[dict]:
    """An 8-hand kaiji match of the normal AI against itself, with both seats' build review."""
    match = Match(Rules.preset("kaiji", settlement="units"), seed)
    agents = [make_agent("normal", seed * 2 + seat) for seat in range(2)]
    while not match.over:
        kyoku = match.next_kyoku()
        while kyoku.phase is not Phase.END:
            seat = kyoku.waiting_on()[0]
            match.apply(agents[seat].act(kyoku.view_for(seat)))
    record = [dict(line) for line in match.record]
    record[0]["review"] = review_builds(record, [0, 1])
    return record


def make_history(folder: Path, matches: int) -> None:
    records = [played_record(seed) for seed in range(DISTINCT_MATCHES)]
    for number in range(matches):
        record = [dict(line) for line in records[number % DISTINCT_MATCHES]]
        review = record[0].pop("review")
        seat = number // DISTINCT_MATCHES % 2
        record[0]["seed"] = number  # a different match to the history (and another file name)
        plan = SeatPlan.solo(2, LEVELS[number % len(LEVELS)])
        plan_dict = {**plan.to_dict(), "humans": [seat]}
        path = history.keep_match(folder, record, plan_dict, history.FINISHED, matches + 1,
                                  START + timedelta(hours=number))
        history.add_builds_review(path, lambda _lines, _seats, r=review: r)


def fill_with_older_copies(folder: Path, files: int) -> None:
    """Copies of the kept matches under older names, until the folder holds `files` files."""
    kept = history.record_files(folder)
    for number in range(files - len(kept)):
        source = kept[number % len(kept)]
        moment = START - timedelta(hours=number + 1)
        shutil.copyfile(source, folder / f"{moment:%Y%m%d-%H%M%S}-{number}-copy{history.SUFFIX}")


def add_big_file(folder: Path, megabytes: int) -> Path:
    """A file of `megabytes` MB named as the newest match: one header, then one long line."""
    newest = history.record_files(folder)[-1]
    path = folder / f"29991231-235959-1-big{history.SUFFIX}"
    with newest.open("rb") as source, path.open("wb") as target:
        target.write(source.readline())
        target.write(b'{"type":"note","text":"')
        for _ in range(megabytes):  # a megabyte at a time: the benchmark's own memory stays flat
            target.write(b"x" * (1 << 20))
        target.write(b'"}\n')
    return path


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def open_once(app: App) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    app.stack.push(StatisticsScene(app, Flow(app)))
    app.step(1 / 60)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    app.stack.pop()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200, metavar="N",
                        help="matches in the history made for it (default: %(default)s, the history's default cap)")
    parser.add_argument("--files", type=int, default=None, metavar="N",
                        help="fill the history folder to N files with older copies (default: none)")
    parser.add_argument("--big-file", type=int, default=None, metavar="MB",
                        help="add one file of MB megabytes as the newest match (default: none)")
    parser.add_argument("--history", type=Path, default=None, metavar="DIR",
                        help="make the history in DIR, or use the one made there before (default: a new temporary one)")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="times the screen is opened and timed (default: %(default)s)")
    parser.add_argument("--shot", type=Path, default=None, metavar="DIR",
                        help="save the screen as statistics.png in this folder (made when missing)")
    args = parser.parse_args()
    made = args.history or Path(tempfile.mkdtemp(prefix="17steps-stats-bench-")) / "made"
    if not history.record_files(made):
        started = time.perf_counter()
        make_history(made, args.matches)
        print(f"made {args.matches} matches of history in {time.perf_counter() - started:.1f} s")
    data = Path(tempfile.mkdtemp(prefix="17steps-stats-bench-"))
    folder = history.history_folder(data / "data")
    shutil.copytree(made, folder)
    if args.files is not None:
        fill_with_older_copies(folder, args.files)
    big = add_big_file(folder, args.big_file) if args.big_file is not None else None
    files = len(history.record_files(folder))
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(config_dir=data / "config", data_dir=data / "data"))
    try:
        app.step(1 / 60)
        before = peak_rss_mb()
        first = open_once(app)
        samples = [open_once(app) for _ in range(args.runs)]
        if args.shot is not None:
            app.stack.push(StatisticsScene(app, Flow(app)))
            app.step(1 / 60)
            args.shot.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(args.shot / "statistics.png"))
    finally:
        app.close()
        pygame.quit()
    walls = [w for w, _ in samples]
    cpus = [c for _, c in samples]
    print(f"history: {files} files ({sum(p.stat().st_size for p in history.record_files(made)) / 2**20:.1f} MB in "
          f"the {args.matches} matches made){'' if big is None else f', one of {args.big_file} MB'}; "
          f"cap {app.settings.history_limit}")
    print(f"first opening: {first[0] * 1000:.0f} ms wall clock, {first[1] * 1000:.0f} ms CPU"
          + ("" if big is None else f" (the big file {'moved aside' if not big.exists() else 'still there'})"))
    print(f"statistics screen opens: median {statistics.median(walls) * 1000:.0f} ms wall clock, "
          f"{statistics.median(cpus) * 1000:.0f} ms CPU (max {max(walls) * 1000:.0f} ms; runs {args.runs}); "
          "target <= 500 ms")
    print(f"peak resident memory: {before:.0f} MB before the first opening, {peak_rss_mb():.0f} MB after "
          f"(+{peak_rss_mb() - before:.0f} MB)")
    shutil.rmtree(data)
    if args.history is None:
        shutil.rmtree(made.parent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
