"""The window as a host, on localhost: New table with a seat at another computer, the host
screen, then the table, with a scripted client (an AI over the real protocol) joined on
127.0.0.1. The host's own seat is played through the table controller by an AI of the same
level. Prints, for the host's side: the time `NetTable.changed` takes after each change
(CPU and wall, medians and worst), the time from a client's action reaching the host's
inbox to its move being played at the host's table (wall: the frame loop here steps the
window, then sleeps a millisecond; the client's AI thinks in a thread of this process, so
the two share the interpreter), a frame's time, and the bytes each way.

    SDL_VIDEODRIVER=dummy python benchmarks/window_host.py [--hands 1] [--level easy]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.agents import LEVELS, make_agent
from game.app.flow import Flow
from game.app.play.match_setup import new_session
from game.app.play.session import SeatPlan, Session
from game.app.play.waiting_room import HostOptions
from game.app.scenes.host import HostScene
from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.app.settings import REMOTE
from game.app.window.window import App, LaunchOptions
from game.engine.rules import Rules
from game.net.client import join_uri, play_seat
from game.net.server import NetHost
from game.net.table import NetTable

FRAME_S = 0.001
LIMIT_S = 600.0


def summary(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name}: no samples"
    return (f"{name}: median {statistics.median(samples) * 1000:.2f} ms, worst {max(samples) * 1000:.2f} ms "
            f"(n={len(samples)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--level", default="easy", choices=sorted(LEVELS))
    args = parser.parse_args()

    changed_cpu: list[float] = []
    changed_wall: list[float] = []
    arrived: list[float] = []
    to_played: list[float] = []
    changed, tell, apply = NetTable.changed, NetHost._tell, Session.apply

    def timed_changed(table: NetTable) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        changed(table)
        changed_cpu.append(time.process_time() - cpu)
        changed_wall.append(time.perf_counter() - wall)

    def timed_tell(host: NetHost, inbound) -> None:
        if inbound.what == "message":
            arrived.append(time.perf_counter())
        tell(host, inbound)

    def timed_apply(session: Session, action):
        events = apply(session, action)
        if action.seat == 1 and arrived:
            to_played.append(time.perf_counter() - arrived[-1])
        return events

    NetTable.changed, NetHost._tell, Session.apply = timed_changed, timed_tell, timed_apply

    pygame.display.init()
    pygame.font.init()
    folder = Path(tempfile.mkdtemp())
    app = App(LaunchOptions(seed=3, config_dir=folder / "config", data_dir=folder / "data"))
    app.change_settings(app.settings.with_changes(rules=Rules.preset("kaiji", hands=args.hands), ai_delay_s=0.0,
                                                  animation="instant"))
    flow = Flow(app, HostOptions(bind="127.0.0.1", port=0, discovery=False))
    flow.title()
    session = new_session(app.files, app, SeatPlan.table(("you", REMOTE)))
    flow.table(session)
    host = app.stack.top
    assert isinstance(host, HostScene) and host.hosted is not None
    uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
    client = threading.Thread(target=lambda: asyncio.run(play_seat(uri, "Client", make_agent(args.level, 5).act)),
                              daemon=True)
    client.start()
    deadline = time.monotonic() + LIMIT_S
    while not (host.room is not None and host.room.can_start) and time.monotonic() < deadline:
        app.step(FRAME_S, [])
        time.sleep(FRAME_S)
    host.start()
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene)
    own, thinking = make_agent(args.level, 4), ThreadPoolExecutor(1)
    pending: Future | None = None  # the host's own move, chosen off the frame loop as a person's would be
    frames: list[float] = []
    while not session.match.over and time.monotonic() < deadline:
        if session.kyoku_over and isinstance(app.stack.top, ResultScene):
            app.stack.top.next()  # the result read: the next kyoku
        elif pending is not None and pending.done():
            table.controller.play(0, pending.result())
            pending = None
        elif pending is None and table.controller.active_person() == 0 and table.mode() != "watch":
            pending = thinking.submit(own.act, session.view(0))
        began = time.perf_counter()
        app.step(FRAME_S, [])
        frames.append(time.perf_counter() - began)
        time.sleep(FRAME_S)
    thinking.shutdown()
    hosted = host.hosted
    print(f"match over: {session.match.over} ({session.match.end_reason}), scores {list(session.match.scores)}")
    print(summary("NetTable.changed, CPU", changed_cpu))
    print(summary("NetTable.changed, wall", changed_wall))
    print(summary("client's action in the inbox -> played at the host's table, wall", to_played))
    print(summary("a frame of the host's window (dummy video driver)", frames))
    print(f"bytes to the client: {hosted.host.sent_bytes[1]}, from it: {hosted.host.received_bytes[1]}")
    client.join(30)
    hosted.stop()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
