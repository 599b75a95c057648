"""Networked play on localhost: a hosted 2-player match and two clients (AI levels) over
127.0.0.1, in one process. Prints the bytes each seat's client received and sent, the time
from a discard leaving the host's engine to the client's rebuilt view holding it (median,
p95; wall clock), and the CPU time of that path's own work (the host's encoding, the
client's reading and rebuilding of the view; medians).

    python benchmarks/net_match.py [--preset kaiji] [--hands 8] [--level easy] [--seed 3]
    python benchmarks/net_match.py --idle 20   # a 4-seat host, three remote seats idle: its CPU

Targets (issue #32): a whole 2-player match under 200 KB each way; from a discard to the
other computer <= 50 ms median, its CPU-bound part <= 10 ms; the host with three remote seats
idle under 2% of a core.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import LEVELS, make_agent
from game.app.play.hosted_match import HostedMatch
from game.engine.events import Discarded
from game.engine.rules import PRESETS, Rules
from game.net.client import join_uri, play_seat
from game.net.protocol import Update, read_host_message
from game.net.wire import SeatMirror

WAIT_S = 600.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--level", default="easy", choices=sorted(LEVELS))
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--idle", type=float, default=0.0, metavar="S",
                        help="instead: measure the host's CPU over S seconds with three remote seats idle")
    args = parser.parse_args()
    if args.idle:
        return idle_host(args.idle)

    rules = Rules.preset(args.preset, hands=args.hands)
    sent_at: dict[tuple[int, int], float] = {}
    texts: list[tuple[int, str]] = []

    counts = dict.fromkeys(range(rules.players), 0)

    def tap(seat: int, text: str) -> None:
        texts.append((seat, text))
        counts[seat] += 1
        if '"discarded"' in text:
            sent_at[(seat, counts[seat])] = time.perf_counter()

    hosted = HostedMatch(rules, ["person"] * rules.players, args.seed, None, "127.0.0.1", 0, 60.0,
                         report=lambda line: None, tap=tap)
    hosted.start()
    host = threading.Thread(target=lambda: hosted.wait_for_players(WAIT_S) and hosted.play(), daemon=True)
    host.start()
    latencies: list[float] = []
    uri = join_uri(f"127.0.0.1:{hosted.host.port}", hosted.host.code)

    def client(seat_seed: int) -> None:
        agent = make_agent(args.level, seat_seed)

        def arrived(mirror: SeatMirror) -> None:
            if mirror.welcome is None:
                return
            started = sent_at.pop((mirror.welcome.seat, mirror.seq), None)
            if started is not None and mirror.view is not None:
                latencies.append(time.perf_counter() - started)

        try:
            asyncio.run(asyncio.wait_for(play_seat(uri, f"Seat {seat_seed}", agent.act, on_message=arrived), WAIT_S))
        except Exception as error:  # said, and the host stopped: a benchmark that failed must not wait for ever
            print(f"seat {seat_seed}'s client failed: {type(error).__name__}: {error}", file=sys.stderr)
            hosted.close()

    clients = [threading.Thread(target=client, args=(n,)) for n in range(rules.players)]
    started = time.perf_counter()
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join(WAIT_S)
    host.join(WAIT_S)
    hosted.stop()
    wall = time.perf_counter() - started

    print(f"{rules.preset_name}, {args.hands} hand(s), {rules.players} remote seats ({args.level} AIs); "
          f"{wall:.1f} s")
    for seat in hosted.remote:
        print(f"seat {seat}: host -> client {hosted.host.sent_bytes[seat] / 1024:.1f} KB "
              f"({sum(1 for s, _ in texts if s == seat)} messages); "
              f"client -> host {hosted.host.received_bytes[seat] / 1024:.1f} KB")
    if latencies:
        ordered = sorted(latencies)
        print(f"discard -> client's view: median {statistics.median(ordered) * 1000:.2f} ms, "
              f"p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.2f} ms ({len(ordered)} discards)")
    print(f"CPU of the path: {cpu_of_path(hosted, texts):.3f} ms median "
          "(the host's encoding + the client's reading and rebuilding)")
    return 0


def idle_host(seconds: float) -> int:
    """A 4-seat table (three remote seats, an AI) waiting for its remote seats' builds: the
    host process's CPU, in a child process of its own so that the clients' CPU is not counted."""
    import subprocess

    from websockets.sync.client import connect

    from game.net.protocol import Hello, write_message

    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--preset", "four_player", "--seats", "person,person,person,easy",
         "--port", "0", "--bind", "127.0.0.1", "--wait", str(seconds + 60), "--move-time", str(seconds + 60),
         "--no-discovery"],
        cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        port, code = line.split("port ")[1].strip(), line.split("join code ")[1].split(";")[0]
        clients = []
        for n in range(3):
            client = connect(join_uri(f"127.0.0.1:{port}", code), proxy=None, compression=None, legacy=True)
            client.send(write_message(Hello(f"Idle {n}", "")))
            clients.append(client)
        time.sleep(3)  # the AI seat builds; then only the remote seats are waited for
        before = _cpu_seconds(host.pid)
        time.sleep(seconds)
        used = _cpu_seconds(host.pid) - before
        print(f"host, 3 remote seats idle: {used / seconds:.2%} of a core over {seconds:g} s")
        for client in clients:
            client.close()
    finally:
        host.kill()
        host.communicate(timeout=10)
    return 0


def _cpu_seconds(pid: int) -> float:
    """A process's user and system CPU time so far (Linux: /proc)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_of_path(hosted: HostedMatch, texts: list[tuple[int, str]]) -> float:
    """Re-read each seat's messages as its client does, timing the updates that carry a
    discard, plus their encoding on the host."""
    from game.net.protocol import write_message

    costs: list[float] = []
    for seat in hosted.remote:
        mirror = SeatMirror()
        for _, text in (item for item in texts if item[0] == seat):
            cpu = time.process_time_ns()
            message = read_host_message(text)
            if isinstance(message, Update) and any(isinstance(e, Discarded) for e in message.events):
                write_message(message)
                mirror.receive(message)
                _ = mirror.view
                costs.append((time.process_time_ns() - cpu) / 1e6)
            else:
                mirror.receive(message)
    return statistics.median(costs) if costs else float("nan")


if __name__ == "__main__":
    sys.exit(main())
