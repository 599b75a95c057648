"""UI timings: one table frame at 1280 x 800 (software rendering), and the building
helper's refresh after a tile moves. Prints medians (and the 95th percentile).

    python benchmarks/ui.py [--frames 300] [--walls 5]

Targets: frame median <= 8 ms; helper refresh median <= 30 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app.helper import BuildHelper
from game.app.scenes.table import TableScene
from game.app.session import SeatPlan, Session
from game.app.window import App, LaunchOptions
from game.engine.actions import BuildHand, ChooseDora, Discard
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.table import Deal
from game.engine.tiles import EAST, WEST, format_tiles

FRAME = 1 / 60


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    median = statistics.median(ordered)
    return f"{name:<44} median {median * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms   n={len(ordered)}"


def time_frames(app: App, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        app.step(FRAME)
        samples.append(time.perf_counter() - start)
    return samples


def table_frames(frames: int) -> list[str]:
    folder = Path(tempfile.mkdtemp(prefix="17steps-bench-"))
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(seed=3, config_dir=folder / "config", data_dir=folder / "data"))
    match = Match(Rules.preset("kaiji"), seed=3)
    session = Session(match, SeatPlan.hotseat(2), {}, app.executor)
    session.next_hand()
    table = TableScene(app, session)
    app.stack.push(table)
    dealer = session.hand.dealer
    table.lift_curtain(dealer)
    session.apply(ChooseDora(dealer, 1, 4))
    app.step(FRAME)
    busy = []
    while not table.helpers[dealer].ready:  # both walls are being analysed in the background
        busy += time_frames(app, 1)
    lines = [summary("table frame, building, walls being analysed", busy)]
    state = table.builds[dealer]
    state.replace(table.helpers[dealer].suggest([]))
    lines.append(summary("table frame, building (hand + helper)", time_frames(app, frames)))
    for seat in session.hand.turn_order:
        hand = session.view(seat).wall[:13]
        session.apply(BuildHand(seat, format_tiles(hand, False)))
    for _ in range(8):  # eight discards each: rivers, riichi tiles, smaller pools
        for seat in session.hand.turn_order:
            if session.hand.phase.value != "discard":
                break
            session.apply(Discard(seat, session.view(seat).legal_actions[0].tile))
    table.lift_curtain(session.hand.turn)
    lines.append(summary("table frame, discarding (pool + rivers)", time_frames(app, frames)))
    app.close()
    pygame.quit()
    return lines


def helper_refresh(walls: int) -> list[str]:
    rules = Rules.preset("kaiji")
    partial: list[float] = []
    full: list[float] = []
    cold: list[float] = []
    with ThreadPoolExecutor(max_workers=1) as executor, ThreadPoolExecutor(max_workers=1) as idle:
        idle.submit(time.sleep, 0.0)
        for seed in range(walls):
            deal = Deal.shuffle(random.Random(seed))
            wall = deal.personal_wall(2, 0)
            helper = BuildHelper(wall, EAST, deal.dora_pair(2, 1, 0)[0], rules, executor)
            helper.wait_until_ready()
            best = helper.suggest([]) or tuple(sorted(wall)[:13])
            rng = random.Random(seed)
            for size in range(13):
                selection = list(rng.sample(best, size))
                start = time.perf_counter()
                helper.report(selection)
                partial.append(time.perf_counter() - start)
            # The same hand for the other seat wind: values the analysis has never scored.
            other = BuildHelper(wall, WEST, deal.dora_pair(2, 1, 0)[0], rules, idle)
            start = time.perf_counter()
            other.report(best)
            cold.append(time.perf_counter() - start)
            for swap in range(8):  # a full hand with one tile swapped, as a player tries tiles
                hand = list(best)
                hand[swap] = next(t for t in wall if t not in hand and t // 4 != hand[swap] // 4)
                start = time.perf_counter()
                helper.report(hand)
                full.append(time.perf_counter() - start)
    return [
        summary("helper refresh, 0-12 tiles chosen", partial),
        summary("helper refresh, 13 tiles, one swapped", full),
        summary("helper refresh, 13-tile tenpai, cold cache", cold),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--walls", type=int, default=5)
    args = parser.parse_args()
    for line in table_frames(args.frames) + helper_refresh(args.walls):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
