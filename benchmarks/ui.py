"""UI timings: one table frame at 1280 x 800 (software rendering) with two and with four
seats, the AI seats' pauses at a four-player table, and the building helper's refresh after
a tile moves. Prints medians (and the 95th percentile), wall-clock and CPU time.

    python benchmarks/ui.py [--frames 300] [--walls 5] [--rounds 3] [--level normal]

Targets: frame median <= 8 ms (four seats too); from a discard to the next person's
decision no AI pause longer than the AI delay + 0.3 s; helper refresh median <= 30 ms.
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

from game.app.flow import Flow
from game.app.play.helper import BuildHelper
from game.app.play.session import SeatPlan, Session
from game.app.scenes.table import TableScene
from game.app.settings import AI_LEVELS
from game.app.window.window import App, LaunchOptions
from game.engine.actions import BuildHand, ChooseDora, Discard
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import EAST, WEST, code_kind, format_tiles
from game.engine.wall import Deal

FRAME = 1 / 60


def summary(name: str, samples: list[float], cpu: list[float] | None = None) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    median = statistics.median(ordered)
    line = f"{name:<46} median {median * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms"
    if cpu:
        line += f"   cpu median {statistics.median(cpu) * 1000:6.2f} ms"
    return f"{line}   n={len(ordered)}"


class Frames(list):
    """Wall-clock frame times, with their CPU times beside them."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []


def time_frames(app: App, count: int) -> Frames:
    samples = Frames()
    for _ in range(count):
        start, cpu = time.perf_counter(), time.process_time()
        app.step(FRAME)
        samples.append(time.perf_counter() - start)
        samples.cpu.append(time.process_time() - cpu)
    return samples


def timed(name: str, frames: Frames) -> str:
    return summary(name, frames, frames.cpu)


def table_frames(frames: int) -> list[str]:
    folder = Path(tempfile.mkdtemp(prefix="17steps-bench-"))
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(seed=3, config_dir=folder / "config", data_dir=folder / "data"))
    match = Match(Rules.preset("kaiji"), seed=3)
    session = Session(match, SeatPlan.hotseat(2), {}, app.executor)
    session.next_kyoku()
    table = TableScene(app, Flow(app), session)
    app.stack.push(table)
    dealer = session.kyoku.dealer
    table.lift_curtain(dealer)
    session.apply(ChooseDora(dealer, 1, 4))
    app.step(FRAME)
    busy = []
    while not table.helpers[dealer].ready:  # both walls are being analysed in the background
        busy += time_frames(app, 1)
    lines = [summary("table frame, building, walls being analysed", busy)]
    state = table.builds[dealer]
    state.replace(table.helpers[dealer].suggest([]))
    lines.append(timed("table frame, building (hand + helper)", time_frames(app, frames)))
    for seat in session.kyoku.turn_order:
        hand = session.view(seat).wall[:13]
        session.apply(BuildHand(seat, format_tiles(hand, False)))
    for _ in range(8):  # eight discards each: rivers, riichi tiles, smaller pools
        for seat in session.kyoku.turn_order:
            if session.kyoku.phase.value != "discard":
                break
            session.apply(Discard(seat, session.view(seat).legal_actions[0].tile))
    table.lift_curtain(session.kyoku.turn)
    lines.append(timed("table frame, discarding (pool + rivers)", time_frames(app, frames)))
    app.close()
    pygame.quit()
    return lines


def four_seat_frames(frames: int) -> list[str]:
    """The four-player table: building with the helper, then discarding with four rivers."""
    folder = Path(tempfile.mkdtemp(prefix="17steps-bench-"))
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(seed=3, config_dir=folder / "config", data_dir=folder / "data"))
    match = Match(Rules.preset("four_player"), seed=3)
    session = Session(match, SeatPlan.hotseat(4), {}, app.executor)
    session.next_kyoku()
    table = TableScene(app, Flow(app), session)
    app.stack.push(table)
    dealer = session.kyoku.dealer
    table.lift_curtain(dealer)
    app.step(FRAME)
    table.helpers[dealer].wait_until_ready()
    table.builds[dealer].replace(table.helpers[dealer].suggest([]))
    lines = [timed("4 seats: table frame, building (hand + helper)", time_frames(app, frames))]
    for seat in session.kyoku.turn_order:
        session.apply(BuildHand(seat, format_tiles(session.view(seat).wall[:13], False)))
    for _ in range(12):  # twelve discards each: four rivers of two rows, riichi tiles, small pools
        for seat in session.kyoku.turn_order:
            if session.kyoku.phase.value != "discard":
                break
            session.apply(Discard(seat, session.view(seat).legal_actions[0].tile))
    if session.kyoku.phase.value == "discard":
        table.lift_curtain(session.kyoku.turn)
    lines.append(timed("4 seats: table frame, discarding (4 rivers)", time_frames(app, frames)))
    app.close()
    pygame.quit()
    return lines


def ai_pauses(level: str, rounds: int, delay: float = 0.7) -> list[str]:
    """A person and three AIs of `level`, the frame loop at its real pace: how long each AI
    seat keeps the table waiting, from the moment its discard or ron decision is due to the
    move (the person discards at once; wins are taken automatically)."""
    from game.app.play.pacing import make_agents

    folder = Path(tempfile.mkdtemp(prefix="17steps-bench-"))
    pygame.display.init()
    pygame.font.init()
    app = App(LaunchOptions(seed=3, config_dir=folder / "config", data_dir=folder / "data"))
    app.settings = app.settings.with_changes(ai_delay_s=delay, animation="instant", auto_ron=True)
    match = Match(Rules.preset("four_player"), seed=8)
    match.next_kyoku(dealer=0)
    plan = SeatPlan.solo(4, level)
    session = Session(match, plan, make_agents(plan.humans, 4, plan.level, match.seed), app.executor)
    table = TableScene(app, Flow(app), session)
    app.stack.push(table)
    controller = table.controller
    pauses: list[float] = []
    due: dict[int, float] = {}
    last = time.perf_counter()
    deadline = last + 240
    while len(pauses) < 3 * rounds and time.perf_counter() < deadline:
        now = time.perf_counter()
        if app.stack.top is not table:
            app.stack.pop()  # a notice for the person, or the result: read at once
        if session.kyoku_over and not session.match.over:
            table.next_kyoku()
            due.clear()
        elif session.kyoku_over:
            break
        phase = session.kyoku.phase.value
        if phase == "build" and session.view(0).hand is None and not session.busy:
            controller.play(0, BuildHand(0, format_tiles(session.view(0).wall[:13], False)))
        waiting = [] if session.busy or phase == "build" else session.waiting_on()
        for seat in waiting:
            due.setdefault(seat, now)
        for seat in [s for s in due if s not in waiting and not session.busy]:
            pauses.append(now - due.pop(seat))
        if waiting == [0] and phase == "discard":
            view = session.view(0)
            safe = [a for a in view.legal_actions if code_kind(a.tile) not in view.waits]
            controller.play(0, (safe or list(view.legal_actions))[0])
            due.pop(0, None)
        app.step(now - last)
        last = now
        time.sleep(max(0.0, FRAME - (time.perf_counter() - now)))
    app.close()
    pygame.quit()
    if not pauses:
        return [f"4 seats: AI pauses ({level}): none measured"]
    name = f"4 seats: AI pause ({level}, delay {delay:g} s)"
    return [f"{name:<46} median {statistics.median(pauses):5.2f} s    max {max(pauses):5.2f} s"
            f"   (delay + {max(pauses) - delay:.2f} s)   n={len(pauses)}"]


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
    parser.add_argument("--frames", type=int, default=300, metavar="N",
                        help="frames timed on each table (two seats building and discarding, four seats) "
                             "(default: %(default)s)")
    parser.add_argument("--walls", type=int, default=5, metavar="N",
                        help="seeded walls the helper's refresh is timed on (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, metavar="N",
                        help="rounds of three AI moves in the AI pause run (default: %(default)s)")
    parser.add_argument("--level", default="normal", choices=AI_LEVELS, metavar="LEVEL",
                        help=f"the AI level of the pause run, of {', '.join(AI_LEVELS)} (default: %(default)s)")
    args = parser.parse_args()
    for line in table_frames(args.frames) + four_seat_frames(args.frames):
        print(line, flush=True)
    for line in ai_pauses(args.level, args.rounds) + helper_refresh(args.walls):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
