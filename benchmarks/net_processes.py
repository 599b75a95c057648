"""Networked play across real processes on 127.0.0.1 (issue #32's performance targets): a
headless host (`python -m game host`) and scripted clients, each a process of its own.

    python benchmarks/net_processes.py match [--hands 8] [--seed 3] [--wire] [--think S]
        a whole 2-player match between two easy AIs: from a discard decided on one client to
        it applied on the other (wall clock, median and p95; the clocks are the machine's one
        monotonic clock, which every process reads), the CPU of that path's own code (the
        sender's encoding, the host's move and views, the receiver's reading and rebuilding;
        thread CPU time, medians), the host process's CPU per move, and the bytes each way
        (the host's count of message bytes; --wire: through a counting TCP proxy, so the
        WebSocket frames, the upgrade and the pings too). --think S: each client waits S before
        each decision (two AIs that move at once on a quiet machine outrun the host's limit of
        20 messages a second, and one is refused: `flood`)
    python benchmarks/net_processes.py idle [--seconds 60] [--windows 6]
        a 4-seat table, three scripted clients that never move during a long clock, an AI in
        the fourth seat: the host process's CPU share, per window (median)
    python benchmarks/net_processes.py reconnect [--outages 1,3,6,12]
        a 2-player match, one client through a loopback TCP proxy; the proxy cuts its
        connections and refuses new ones for each outage, then lets them through again:
        from the network's return to the client back at its seat (the host's welcome on the new
        connection: the seat given back; the snapshot follows)

Targets (issue #32): discard to the other computer <= 50 ms median, CPU-bound part <= 10 ms;
a whole 2-player match under 200 KB each way; the idle host under 2% of a core; a dropped
client back within 3 s of the network returning. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STEP_TIMEOUT_S = 120.0
"""Every wait of this script is bounded: a step that takes longer fails it."""


# --- the processes -------------------------------------------------------------------


def host_role(stats_path: Path, host_args: list[str]) -> int:
    """The headless host, its table's work per move timed (thread CPU, on the table's thread)."""
    from game import __main__ as cli
    from game.engine.match import Match
    from game.net.table import NetTable

    moves: list[float] = []
    views: list[float] = []
    apply, changed = Match.apply, NetTable.changed

    def timed_apply(self: Match, action: object) -> object:
        started = time.thread_time()
        try:
            return apply(self, action)
        finally:
            moves.append(time.thread_time() - started)

    def timed_changed(self: NetTable) -> None:
        started = time.thread_time()
        try:
            changed(self)
        finally:
            views.append(time.thread_time() - started)

    Match.apply, NetTable.changed = timed_apply, timed_changed
    try:
        return cli.main(["host", *host_args])
    finally:
        stats_path.write_text(json.dumps({"moves": moves, "views": views, "cpu": time.process_time()}))


def client_role(uri: str, name: str, level: str, seed: int, delay_s: float, log_path: Path) -> int:
    """A scripted client (an AI level) logging, on the machine's monotonic clock, when it
    decides each discard, and when each message it receives has been applied."""
    from game.ai.agents import make_agent
    from game.engine.actions import Discard
    from game.net import client, seat_link, wire
    from game.net.protocol import Snapshot, Welcome

    agent = make_agent(level, seed)
    log_file = log_path.open("w", encoding="utf-8")
    lock = threading.Lock()

    def note(entry: dict) -> None:  # from the connection's loop and from the AI's thread
        with lock:
            log_file.write(json.dumps(entry) + "\n")
            log_file.flush()
    seat = [-1]
    kyoku = [0]
    rivers: list[int] = []
    receive = wire.SeatMirror.receive

    def timed_receive(self: wire.SeatMirror, message: object) -> None:
        started = time.thread_time()
        receive(self, message)
        cpu = time.thread_time() - started
        if self.welcome is not None:
            seat[0] = self.welcome.seat
        kyoku[0] = self.kyoku_number
        if isinstance(message, Welcome):
            note({"seated": time.perf_counter()})
        view = self.view
        if view is None:
            return
        grew = [(s, len(r)) for s, r in enumerate(view.rivers) if s < len(rivers) and len(r) > rivers[s]]
        rivers[:] = [len(r) for r in view.rivers]
        now = time.perf_counter()
        for s, length in grew:
            if s != seat[0]:
                note({"applied": [kyoku[0], s, length], "t": now, "cpu": cpu + reading[-1]})
        if isinstance(message, Snapshot):
            note({"seated": now})

    read = seat_link.read_host_message
    reading = [0.0]
    sizes: dict[str, list[int]] = {}

    def timed_read(raw: str | bytes) -> object:
        started = time.thread_time()
        message = read(raw)
        reading.append(time.thread_time() - started)
        sizes.setdefault(type(message).__name__, []).append(len(raw))
        return message

    encode = seat_link.write_message
    encodings: list[float] = []

    def timed_write(message: object) -> str:
        started = time.thread_time()
        text = encode(message)
        encodings.append(time.thread_time() - started)
        return text

    def decide(view):
        if delay_s:
            time.sleep(delay_s)
        action = agent.act(view)
        if isinstance(action, Discard):
            note({"sent": [kyoku[0], action.seat, len(view.rivers[action.seat]) + 1], "t": time.perf_counter()})
        return action

    wire.SeatMirror.receive = timed_receive
    connect = seat_link.connect

    def noted_connect(*args: object, **options: object) -> object:
        note({"attempt": time.perf_counter()})
        return connect(*args, **options)

    seat_link.connect = noted_connect
    seat_link.write_message = timed_write
    seat_link.read_host_message = timed_read
    mirror = asyncio.run(asyncio.wait_for(client.play_seat(uri, name, decide), 1800))
    note({"sizes": sizes, "encodings": encodings, "over": mirror.over is not None, "cpu": time.process_time()})
    log_file.close()
    return 0


# --- a loopback TCP proxy that counts bytes and can cut the network ------------------------


class Proxy:
    """127.0.0.1:port → 127.0.0.1:target, on an asyncio loop in a thread of its own. `cut`
    drops every connection and refuses new ones (nothing listens); `restore` listens again."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = free_port()
        self.up = 0
        """Bytes from the client to the host."""
        self.down = 0
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.pipes: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, name="proxy", daemon=True)
        self.thread.start()
        self.restore()

    def _run(self, coroutine) -> object:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=10)

    def restore(self) -> None:
        async def listen() -> None:
            self.server = await asyncio.start_server(self._connected, "127.0.0.1", self.port, reuse_address=True)

        self._run(listen())

    def cut(self) -> None:
        async def drop() -> None:
            if self.server is not None:
                self.server.close()
                self.server = None
            for writer in list(self.pipes):
                writer.transport.abort()  # a reset: the connection is gone, as when the network fails
            self.pipes.clear()

        self._run(drop())

    def close(self) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            host_reader, host_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self.pipes.update((writer, host_writer))
        await asyncio.gather(self._pump(reader, host_writer, "up"), self._pump(host_reader, writer, "down"),
                             return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, way: str) -> None:
        try:
            while data := await reader.read(65536):
                setattr(self, way, getattr(self, way) + len(data))
                writer.write(data)
                await writer.drain()
        finally:
            self.pipes.discard(writer)
            writer.transport.abort()


# --- the measurements ----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Host:
    """The host process, started with this script's instrumentation; its lines read in a thread."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.stats = folder / "host.json"
        self.process = subprocess.Popen(
            [sys.executable, __file__, "_host", str(self.stats), "--", "--port", "0", "--bind", "127.0.0.1",
             "--no-discovery", "--wait", "120", *args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        first = self.wait_for(lambda line: "join code" in line)
        self.port = int(re.search(r"port (\d+)", first)[1])
        self.code = re.search(r"join code ([A-Z]+)", first)[1]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def wait_for(self, found, seconds: float = STEP_TIMEOUT_S) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.lines:
                if found(line):
                    return line
            if self.process.poll() is not None and not self.reader.is_alive():
                break
            time.sleep(0.05)
        raise SystemExit("the host did not say it: " + "\n".join(self.lines[-10:]))

    def uri(self, port: int | None = None) -> str:
        from game.net.protocol import PROTOCOL_VERSION

        return f"ws://127.0.0.1:{port or self.port}/?v={PROTOCOL_VERSION}&code={self.code}"

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        self.reader.join(timeout=10)


def client(folder: Path, uri: str, name: str, seed: int, delay_s: float = 0.0) -> tuple[subprocess.Popen, Path]:
    log = folder / f"{name}.jsonl"
    process = subprocess.Popen([sys.executable, __file__, "_client", uri, name, "easy", str(seed), str(delay_s),
                                str(log)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return process, log


def entries(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.endswith("}")]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def machine() -> str:
    load = os.getloadavg()
    return f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"


def measure_match(folder: Path, hands: int, seed: int, through_proxy: bool, think_s: float = 0.0) -> None:
    print(f"machine: {machine()}")
    host = Host(folder, "--seats", "person,person", "--preset", "kaiji", "--hands", str(hands), "--seed", str(seed))
    proxies = [Proxy(host.port) for _ in range(2)] if through_proxy else []
    clients = [client(folder, host.uri(proxies[n].port if proxies else None), f"seat{n}", seed + n, think_s)
               for n in range(2)]
    try:
        host.wait_for(lambda line: line.startswith("match over"), 1800)
        sent_line = host.wait_for(lambda line: line.startswith("bytes sent"), 30)
        for process, _ in clients:
            process.wait(timeout=STEP_TIMEOUT_S)
        host.process.wait(timeout=STEP_TIMEOUT_S)
    finally:
        host.stop()
        for process, _ in clients:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        for proxy in proxies:
            proxy.close()
    for n, (process, _) in enumerate(clients):
        if process.returncode != 0:  # its numbers are missing: say why
            print(f"seat {n}'s client ended with status {process.returncode}: "
                  + (process.stderr.read() if process.stderr else "").strip()[-600:])
    for line in host.lines:
        if "did not move in time" in line:
            print(f"host: {line} (a stall: the latencies include the clock's wait)")
    logs = [entries(log) for _, log in clients]
    sent = {tuple(e["sent"]): e["t"] for log in logs for e in log if "sent" in e}
    applied = [(tuple(e["applied"]), e["t"], e["cpu"]) for log in logs for e in log if "applied" in e]
    latencies = sorted(t - sent[key] for key, t, _ in applied if key in sent)
    receive_cpu = [cpu for _, _, cpu in applied]
    encodings = [cost for log in logs for e in log if "encodings" in e for cost in e["encodings"]]
    stats = json.loads(host.stats.read_text())
    print(f"host: {host.lines[-2] if len(host.lines) > 1 else ''}")
    print(f"discards timed: {len(latencies)}")
    print(f"discard decided on one client → applied on the other: median {ms(statistics.median(latencies))}, "
          f"p95 {ms(latencies[int(len(latencies) * 0.95)])}, max {ms(latencies[-1])}")
    cpu_path = statistics.median(encodings) + statistics.median(stats["moves"]) + statistics.median(stats["views"]) \
        + statistics.median(receive_cpu)
    print(f"CPU of the path (medians): client encodes the act {ms(statistics.median(encodings))}, "
          f"host plays the move {ms(statistics.median(stats['moves']))}, "
          f"host makes and sends the views {ms(statistics.median(stats['views']))}, "
          f"client reads and rebuilds {ms(statistics.median(receive_cpu))}; sum {ms(cpu_path)}")
    print(f"host process CPU per move (whole process: the server thread and the websockets library too): "
          f"{ms(stats['cpu'] / max(1, len(stats['moves'])))} over {len(stats['moves'])} moves")
    print(sent_line)
    for n, log in enumerate(logs):
        sizes = next((e["sizes"] for e in log if "sizes" in e), {})
        print(f"seat {n} received, by kind: " + ", ".join(
            f"{kind} {len(lengths)} × {statistics.median(lengths):.0f} B = {sum(lengths) / 1000:.1f} KB"
            for kind, lengths in sorted(sizes.items(), key=lambda item: -sum(item[1]))))
    if proxies:
        for n, proxy in enumerate(proxies):
            print(f"on the wire, seat {n}: host → client {proxy.down} bytes, client → host {proxy.up} bytes")


def measure_idle(folder: Path, seconds: float, windows: int) -> None:
    from websockets.sync.client import connect

    from game.net.protocol import Hello, write_message

    print(f"machine: {machine()}")
    long_clock = str(int(seconds * windows + 120))
    host = Host(folder, "--seats", "person,person,person,easy", "--preset", "four_player", "--move-time", long_clock,
                "--reconnect", long_clock)
    connections = []
    try:
        for n in range(3):
            connection = connect(host.uri(), proxy=None, compression=None, open_timeout=10, legacy=True)
            connection.send(write_message(Hello(f"Idle {n}", "")))
            connections.append(connection)
        host.wait_for(lambda line: "seat 2" in line and "joined" in line)
        time.sleep(3.0)  # the match starts; the AI seat flips or builds; then only the remote seats are waited for
        shares = []
        for _ in range(windows):
            cpu, wall = host.cpu_seconds(), time.monotonic()
            time.sleep(seconds)
            shares.append((host.cpu_seconds() - cpu) / (time.monotonic() - wall))
        print(f"host, 3 remote seats idle: median {statistics.median(shares):.2%} of a core "
              f"({', '.join(f'{s:.2%}' for s in shares)}; windows of {seconds:g} s; "
              f"CPU time counted in clock ticks of {1000 / os.sysconf('SC_CLK_TCK'):g} ms)")
    finally:
        for connection in connections:
            connection.close()
        host.stop()


def measure_reconnect(folder: Path, outages: list[float]) -> None:
    print(f"machine: {machine()}")
    # a slow client: the match lasts through every outage (easy AIs finish one in seconds)
    host = Host(folder, "--seats", "person,person", "--preset", "kaiji", "--hands", "8", "--seed", "3",
                "--reconnect", "600")
    proxy = Proxy(host.port)
    clients = [client(folder, host.uri(proxy.port), "dropped", 3, delay_s=1.0),
               client(folder, host.uri(), "steady", 4, delay_s=1.0)]
    backs = []
    try:
        host.wait_for(lambda line: "seat 1" in line and "joined" in line)
        time.sleep(2.0)
        for outage in outages:
            seated = len([e for e in entries(clients[0][1]) if "seated" in e])
            proxy.cut()
            time.sleep(outage)
            proxy.restore()
            returned = time.perf_counter()
            deadline = time.monotonic() + 60
            back = None
            while back is None and time.monotonic() < deadline:
                later = [e["seated"] for e in entries(clients[0][1]) if "seated" in e][seated:]
                back = later[0] - returned if later else None
                time.sleep(0.02)
            backs.append(back)
            attempt = next((e["attempt"] - returned for e in entries(clients[0][1])
                            if "attempt" in e and e["attempt"] >= returned), None)
            print(f"outage {outage:g} s: back at its seat {'never (60 s)' if back is None else ms(back)} "
                  f"after the network returned; its first attempt after the return at "
                  f"{'-' if attempt is None else ms(attempt)} (the backoff's wait), the rest the handshake "
                  f"and the hello")
            if clients[0][0].poll() is not None:
                print("the dropped client gave up: " + (clients[0][0].stderr.read() or "").strip()[-300:])
                break
            time.sleep(2.0)
    finally:
        for process, _ in clients:
            process.kill()
            process.wait(timeout=10)
        host.stop()
        proxy.close()
    timed = [b for b in backs if b is not None]
    if timed:
        print(f"back at its seat after the network returned: median {ms(statistics.median(timed))}, "
              f"max {ms(max(timed))} over {len(timed)} outages")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "_host":
        return host_role(Path(sys.argv[2]), sys.argv[4:])
    if len(sys.argv) > 1 and sys.argv[1] == "_client":
        uri, name, level, seed, delay, log = sys.argv[2:8]
        return client_role(uri, name, level, int(seed), float(delay), Path(log))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)
    match = modes.add_parser("match")
    match.add_argument("--hands", type=int, default=8)
    match.add_argument("--seed", type=int, default=3)
    match.add_argument("--wire", action="store_true", help="through counting TCP proxies")
    match.add_argument("--think", type=float, default=0.0, metavar="S",
                       help="each client waits S before each decision (default 0): two AIs that move at once on "
                       "a quiet machine send more than the host's 20 messages a second, and one is refused (flood)")
    idle = modes.add_parser("idle")
    idle.add_argument("--seconds", type=float, default=10.0, help="one window")
    idle.add_argument("--windows", type=int, default=6)
    reconnect = modes.add_parser("reconnect")
    reconnect.add_argument("--outages", default="1,3,6,12", help="seconds, comma-separated")
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory(prefix="17steps-net-") as folder:
        if args.mode == "match":
            measure_match(Path(folder), args.hands, args.seed, args.wire, args.think)
        elif args.mode == "idle":
            measure_idle(Path(folder), args.seconds, args.windows)
        else:
            measure_reconnect(Path(folder), [float(s) for s in args.outages.split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
