"""Replay theatre timings on a 17-discard hand (an exhaustive draw: every seat discards 17
times): loading the record, and each step forward and back, alone (the playback and the
theatre's frame, pure Python), with the theatre's drawing at 1280 x 800 (software), and
through the discards with the danger overlay on while the hard AI's reading is worked out
(in a worker process: the steps must not hitch meanwhile). Prints medians, the 95th
percentile and the slowest step, wall-clock and CPU time (this process's only).

    python benchmarks/playback.py [--preset kaiji] [--runs 5]

Target: a step (forward or back) <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.agents import make_agent
from game.app.scenes.theatre import TheatreScene
from game.app.theatre.theatre_frame import OPEN, theatre_frame
from game.app.window.window import App, LaunchOptions
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.playback import Playback
from game.engine.rules import PRESETS, Rules


def drawn_hand_record(preset: str) -> list[dict]:
    """The record of a one-hand match that runs to the exhaustive draw (seeds tried in order)."""
    rules = Rules.preset(preset, hands=1)
    for seed in range(200):
        match = Match(rules, seed)
        kyoku = match.next_kyoku()
        agents = [make_agent("easy", seed * 7 + seat) for seat in range(rules.players)]
        while kyoku.phase is not Phase.END:
            seat = kyoku.waiting_on()[0]
            match.apply(agents[seat].act(kyoku.view_for(seat)))
        if kyoku.result is not None and kyoku.result.drawn:
            return json.loads(json.dumps(match.record))
    raise SystemExit("no drawn hand in 200 seeds")


def timed(action) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def report(name: str, samples: list[tuple[float, float]]) -> None:
    walls = sorted(s[0] for s in samples)
    cpus = sorted(s[1] for s in samples)
    p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
    print(f"{name}: median {statistics.median(walls):.3f} ms wall, {statistics.median(cpus):.3f} ms CPU; "
          f"95th percentile {p95:.3f} ms wall, slowest {walls[-1]:.3f} ms ({len(samples)} samples)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="kaiji", choices=PRESETS, metavar="PRESET",
                        help=f"the rules of the hand played to its exhaustive draw, of {', '.join(PRESETS)} "
                             "(default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="how often the load and each walk through the steps are timed (default: %(default)s)")
    args = parser.parse_args()
    lines = drawn_hand_record(args.preset)
    discards = sum(1 for line in lines if line.get("action") == "discard")
    print(f"record: {args.preset}, one hand to the exhaustive draw, {discards} discards, {len(lines)} lines")
    holder: list[Playback] = []
    report("load (replay once, keep every step)", [timed(lambda: holder.append(Playback(lines)))
                                                   for _ in range(args.runs)])
    playback = holder[-1]
    names = tuple(f"Seat {s + 1}" for s in range(playback.rules.players))
    print(f"steps: {len(playback.steps)}")

    def step_and_frame(move) -> None:
        move()
        theatre_frame(playback.step, names, OPEN)

    pure = []
    for _ in range(args.runs):
        playback.go(0)
        pure += [timed(lambda: step_and_frame(playback.forward)) for _ in range(len(playback.steps) - 1)]
        pure += [timed(lambda: step_and_frame(playback.back)) for _ in range(len(playback.steps) - 1)]
    report("step forward/back + the theatre's frame", pure)

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as folder:
        app = App(LaunchOptions(config_dir=Path(folder) / "c", data_dir=Path(folder) / "d"))
        scene = TheatreScene(app, playback, "benchmark")
        app.stack.push(scene)
        drawn = []
        for _ in range(args.runs):
            playback.go(0)
            for move in [playback.forward] * (len(playback.steps) - 1) + [playback.back] * (len(playback.steps) - 1):
                drawn.append(timed(lambda m=move: (m(), scene.draw(app.screen))))
        report("step forward/back + drawing the theatre", drawn)
        with_danger = []
        first = next(i for i, step in enumerate(playback.steps) if step.phase is Phase.DISCARD)
        for _ in range(args.runs):
            scene._dangers.clear()
            scene.overlays["danger"] = True
            playback.go(first)
            while not playback.at_end:
                with_danger.append(timed(lambda: (scene.command("forward"), scene.draw(app.screen))))
                time.sleep(1 / 60)  # a frame's time, for the reading to go on meanwhile
        report("step forward + drawing, the danger overlay on and being worked out", with_danger)
        app.close()
    pygame.quit()


if __name__ == "__main__":
    main()
