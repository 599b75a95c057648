"""`python -m game join` against `python -m game host`, every program a real process on
127.0.0.1 (issue #32's Tests): a client killed mid-build and mid-discard takes its seat back,
a host killed mid-hand (one with `--save` continued, its players back with their keys), the
client's view log against the host's record, and nothing hidden
in any process's output, refusal or look.

The phase of a seat is read from the join command's own lines (`hand N: build` while the seat
has still to build, `hand N: discards`), which a new process prints again from the view it
is given back: so a test knows from the outside where the match was when it killed one."""

from __future__ import annotations

import dataclasses
import http.client
import json
import os
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from game.engine.actions import Discard, action_from_dict
from game.engine.match import Match
from game.engine.record import read_record, replay
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from game.net.client import join_uri
from game.net.protocol import LOOK_PARAMETER, PROTOCOL_VERSION, Hello, to_wire, write_message

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 120
pytestmark = pytest.mark.timeout(TIMEOUT_S + 60)
SEED = 918273645
"""The host's seed: digits that no line would print by chance."""
JOIN_LINE = r"join with: python -m game join \S+:(\d+) --code ([A-Z]{6})"


# --- processes ------------------------------------------------------------------------------

class Program:
    """A `python -m game` process, its output lines read in a thread as they come (a wait
    never hangs: each is bounded), all kept."""

    def __init__(self, *args: str, program: tuple[str, ...] = ("-m", "game"), **env: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_PROXY": "*", **env}
        self.process = subprocess.Popen([sys.executable, *program, *args], cwd=ROOT, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._new: queue.Queue[str | None] = queue.Queue()
        self._readers = [threading.Thread(target=self._read, args=(self.process.stdout, self._new), daemon=True),
                         threading.Thread(target=self._read, args=(self.process.stderr, None), daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: Any, lines: queue.Queue[str | None] | None) -> None:
        for line in stream:
            if lines is None:
                self.errors.append(line.rstrip("\n"))
            else:
                lines.put(line.rstrip("\n"))
        if lines is not None:
            lines.put(None)

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """The next output line matching `pattern` (the lines before it kept, not matched)."""
        while True:
            line = self._new.get(timeout=timeout)
            assert line is not None, f"the output ended without {pattern!r}: {self.lines[-5:]} {self.errors[-3:]}"
            self.lines.append(line)
            if found := re.search(pattern, line):
                return found

    def finish(self, timeout: float = TIMEOUT_S) -> int:
        """The exit status, once every line is read (killed if it outlives `timeout`)."""
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait(10)
        for reader in self._readers:
            reader.join(10)
        while (line := self._new.get(timeout=1)) is not None:
            self.lines.append(line)
        return status

    def kill(self) -> None:
        """SIGKILL: no goodbye, no `finally`, as a crash or a pulled plug."""
        self.process.kill()
        self.process.wait(10)

    @property
    def output(self) -> str:
        return "\n".join(self.lines + self.errors)


def host(tmp_path: Path, *more: str) -> tuple[Program, str, str]:
    """A headless 2-seat host on 127.0.0.1, both seats remote; its process, port and code."""
    program = Program("host", "--seats", "person,person", "--port", "0", "--bind", "127.0.0.1", "--seed", str(SEED),
                      "--record", str(tmp_path / "match.jsonl"), "--no-discovery", "--wait", "60", *more)
    port, code = program.wait_for(JOIN_LINE).groups()
    return program, port, code


def join(port: str, code: str, name: str, tmp_path: Path, *more: str) -> Program:
    return Program("join", f"127.0.0.1:{port}", "--code", code, "--ai", "easy", "--name", name, "--token-file",
                   str(tmp_path / f"{name}.token"), "--timeout", str(TIMEOUT_S), *more)


def stop(*programs: Program) -> None:
    """Kill those still running: a failed test leaves no host or client behind."""
    for program in programs:
        if program.process.poll() is None:
            program.kill()


def standings(program: Program) -> str:
    return next(line for line in reversed(program.lines) if line.startswith("match over"))


def replays_identically(record: Path) -> bool:
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(record)], cwd=ROOT, text=True,
                          capture_output=True, timeout=120)
    return done.returncode == 0 and "replay identical to the record" in done.stdout


# --- a client killed, a host killed ------------------------------------------------------------

def test_a_client_killed_mid_build_and_again_mid_discard_takes_its_seat_back_and_the_match_ends(tmp_path):
    """SIGKILL while the seat builds (its first line of the build: it has not built), the
    same seat's next process killed while the discards go on; each process started again
    with the token file is given the seat back in the phase it was left in, and the match
    ends with the same standings on every side."""
    server, port, code = host(tmp_path, "--hands", "1")
    programs = [server]
    try:
        steady = join(port, code, "Steady", tmp_path)
        crashing = join(port, code, "Crash", tmp_path)
        programs += [steady, crashing]
        crashing.wait_for(r"^hand 1: build$")
        crashing.kill()  # before its AI's build (a tenth of a second of its CPU) is sent
        server.wait_for(r"Crash left")
        back = join(port, code, "Crash", tmp_path)
        programs.append(back)
        assert back.wait_for(r"^hand \d: ").group(0) == "hand 1: "
        assert back.lines[-1] == "hand 1: build", back.lines  # the seat had not built: it builds now
        back.wait_for(r"^hand 1: discards$")
        back.kill()
        server.wait_for(r"Crash left")
        again = join(port, code, "Crash", tmp_path)
        programs.append(again)
        again.wait_for(r"^hand \d: ")
        assert again.lines[-1] == "hand 1: discards", again.lines
        statuses = [again.finish(), steady.finish(), server.finish()]
    finally:
        stop(*programs)
    assert statuses == [0, 0, 0], (again.errors, steady.errors, server.errors)
    assert sum(line.endswith("Crash joined") for line in server.lines) == 3
    assert standings(again) == standings(steady) == standings(server)
    assert replays_identically(tmp_path / "match.jsonl")


def test_a_host_killed_mid_hand_leaves_its_clients_saying_so_and_one_with_a_save_continues_when_they_rejoin(
        tmp_path):
    """Two tables side by side (so that their clients' half minutes of trying to get back are
    waited for once), each host SIGKILLed during its first hand's discards; each client tries
    to get back for its backoff (the hosts' `--reconnect 1` keep the seats no longer), then
    says in one line that the host is gone and exits 1.

    A host that keeps no save: the join command, and a joined window (the smoke's player)
    back at its title with the title's sentence: this match cannot be continued.

    A host with `--save DIR`: `host --continue DIR` opens the same table (the same code, the
    same port) and waits; each client started again with its token file is given its seat
    back in the phase it was left in, and the match ends with the same standings on every
    side, its record (the hand begun before the crash and the rest) replaying identically.
    The seat keys were beside the save, never in it; the save is gone once the match is
    over. (The window host's Continue is tested in tests/ui/test_host.py.)"""
    (tmp_path / "plain").mkdir()
    save = tmp_path / "save"
    names = ("Kaiji", "Funai")
    plain, plain_port, plain_code = host(tmp_path / "plain", "--hands", "4", "--reconnect", "1")
    server, port, code = host(tmp_path, "--hands", "2", "--reconnect", "1", "--save", str(save))
    programs = [plain, server]
    try:
        scripted = join(plain_port, plain_code, "Tonegawa", tmp_path)
        window = smoke_window(plain_port, plain_code)
        programs += [scripted, window]
        scripted.wait_for(r"^hand 1: discards$")
        plain.kill()
        clients = [join(port, code, name, tmp_path) for name in names]  # now: the line waited for is new
        programs += clients
        clients[0].wait_for(r"^hand 1: discards$")
        server.kill()
        plain_statuses = [scripted.finish(90), window.finish(90)]
        gone = [client.finish(90) for client in clients]
        saved = {path.name: path.read_text(encoding="utf-8") for path in save.iterdir() if path.is_file()}
        continued = Program("host", "--continue", str(save), "--bind", "127.0.0.1", "--record",
                            str(tmp_path / "match.jsonl"), "--no-discovery", "--wait", "60")
        programs.append(continued)
        assert continued.wait_for(JOIN_LINE).groups() == (port, code)
        hand = continued.wait_for(r"^continued from .*: hand (\d), scores [\d.]+, [\d.]+; waiting for its players")[1]
        back = [join(port, code, name, tmp_path) for name in names]
        programs += back
        for client, before in zip(back, clients, strict=True):
            client.wait_for(r"^hand \d: ")
            # Killed at the first client's first line of hand 1's discards (the other may not have
            # read that news yet): each seat is given back there (unless a test process slow to
            # read that line let the host go on, into hand 2 at most).
            assert before.lines[-1] in ("hand 1: build", "hand 1: discards"), before.lines
            assert client.lines[-1] == "hand 1: discards" or hand == "2", client.lines
        statuses = [client.finish() for client in back] + [continued.finish()]
    finally:
        stop(*programs)
    assert plain_statuses == [1, 1], (scripted.errors, window.errors)
    assert scripted.errors == ["join: the host is gone: the host does not answer"]
    assert window.errors == [f"play: the table at 127.0.0.1:{plain_port}: "
                             "The host has closed its table: this match cannot be continued."]
    assert not any(line.startswith("match over") for line in scripted.lines + window.lines)

    assert gone == [1, 1], [client.errors for client in clients]
    assert all(client.errors == ["join: the host is gone: the host does not answer"] for client in clients)
    tokens = [(tmp_path / f"{name}.token").read_text(encoding="utf-8").strip() for name in names]
    record, keys = saved["unfinished_match.jsonl"], saved["unfinished_match.hosting.json"]
    assert all(token in keys for token in tokens) and not any(token in record for token in tokens)
    assert statuses == [0, 0, 0], [program.errors for program in (*back, continued)]
    assert [_seat(client) for client in back] == [_seat(client) for client in clients]  # each its own seat again
    assert sorted(line.split(": ", 1)[1] for line in continued.lines if line.endswith(" joined")) == \
        sorted(f"{name} joined" for name in names)  # under the names they took the match with
    assert standings(back[0]) == standings(back[1]) == standings(continued)
    assert replays_identically(tmp_path / "match.jsonl")
    assert not (save / "unfinished_match.jsonl").exists() and not (save / "unfinished_match.hosting.json").exists()


def _seat(client: Program) -> str:
    """The seat a join command was given (its first line: `seat N at a table of …`)."""
    found = re.search(r"^seat (\d) at a table", client.output, re.MULTILINE)
    assert found is not None, client.lines[:3]
    return found[1]


# --- the window's own player at a host's table -------------------------------------------------

SMOKE_FRAMES = 20_000
"""A bound, never reached: the run ends at the match's end (a hand takes some 300 to 600 frames)."""


def smoke_window(port: str, code: str) -> Program:
    return Program("--smoke", str(SMOKE_FRAMES), "--join", f"127.0.0.1:{port}", "--code", code, program=("main.py",),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SEVENTEEN_STEPS_UNPACED_SMOKE="1")


def test_two_smoke_windows_joined_to_a_headless_host_play_a_whole_match_with_the_same_standings(tmp_path):
    """`python main.py --smoke N --join ADDRESS --code CODE`: the joined window (the Join
    screen's sitting down, the joined table scene, its result and summary) played by the
    smoke's scripted keys, on SDL's dummy driver, against a real host, each seat its own."""
    server, port, code = host(tmp_path, "--hands", "1")
    windows: list[Program] = []
    try:
        windows = [smoke_window(port, code) for _ in range(2)]
        statuses = [window.finish() for window in windows] + [server.finish()]
    finally:
        stop(server, *windows)
    assert statuses == [0, 0, 0], [program.errors for program in (*windows, server)]
    seats = set()
    for window in windows:
        smoke = re.fullmatch(r"smoke: (\d+) frames, joined seat (\d), 1 hands dealt, 1 settled, .*", window.lines[-2])
        assert smoke is not None, window.lines
        assert int(smoke[1]) < SMOKE_FRAMES
        seats.add(int(smoke[2]))
        assert standings(window) == standings(server)
    assert seats == {0, 1}
    assert not any("stand-in" in line for line in server.lines)  # each seat played by its own window
    assert replays_identically(tmp_path / "match.jsonl")


# --- one whole match, looked at from every side --------------------------------------------------

@dataclasses.dataclass
class Played:
    """A whole match of a headless host and two clients (each keeping its view log), with the
    refusals and looks made at its table while it was played."""

    folder: Path
    host: Program
    clients: list[Program]
    refusals: dict[str, str]
    """Each refusal's text as it left the host (an HTTP body, a WebSocket message) or as the
    join command printed it, by what provoked it."""
    looks: list[str]
    """The look replies' bodies, before the match and during it."""

    @property
    def tokens(self) -> list[str]:
        return [(self.folder / f"{name}.token").read_text(encoding="utf-8").strip() for name in ("Kaiji", "Funai")]


def _get(port: str, query: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=10)
    try:
        connection.request("GET", f"/?{query}")
        return connection.getresponse().read().decode("utf-8")
    finally:
        connection.close()


def _hello(port: str, code: str, token: str) -> str:
    """What a hello after the match's start is answered (a refusal, the connection closed)."""
    with connect(join_uri(f"127.0.0.1:{port}", code), open_timeout=10, close_timeout=2, proxy=None) as seat:
        seat.send(write_message(Hello("Late", token)))
        return str(seat.recv(timeout=10))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Played:
    folder = tmp_path_factory.mktemp("played")
    server, port, code = host(folder, "--hands", "2")
    wrong = "HFEDCA" if code != "HFEDCA" else "ACDEFH"
    programs = [server]
    try:
        looks = [_get(port, f"v={PROTOCOL_VERSION}&code={code}&{LOOK_PARAMETER}=1")]
        refusals = {"wrong code": _get(port, f"v={PROTOCOL_VERSION}&code={wrong}"),
                    "another version": _get(port, f"v={PROTOCOL_VERSION + 1}&code={code}")}
        clients = [join(port, code, name, folder, "--view-log", str(folder / f"{name}.views.jsonl"),
                        "--record", str(folder / f"{name}.record.jsonl"), "--seed", str(n))
                   for n, name in enumerate(("Kaiji", "Funai"))]
        refused = Program("join", f"127.0.0.1:{port}", "--code", wrong)
        programs += [*clients, refused]
        clients[0].wait_for(r"^hand 1: ")  # the match has begun (a seat's view of its first hand)
        looks.append(_get(port, f"v={PROTOCOL_VERSION}&code={code}&{LOOK_PARAMETER}=1"))  # the match under way
        refusals["match started"] = _hello(port, code, "")
        refusals["a made-up token"] = _hello(port, code, "x" * 32)
        statuses = [client.finish() for client in clients] + [refused.finish(60), server.finish()]
    finally:
        stop(*programs)
    assert statuses == [0, 0, 1, 0], [program.errors for program in programs]
    refusals["join's wrong code"] = refused.output
    return Played(folder, server, clients, refusals, looks)


def test_the_refusals_and_looks_were_made_while_the_match_was_played(played):
    """The fixture's provocations did what they are for (else the leak test below reads nothing)."""
    said = {why: json.loads(text)["code"] for why, text in played.refusals.items() if text.startswith("{")}
    assert said == {"wrong code": "wrong_code", "another version": "wrong_version", "match started": "match_started",
                    "a made-up token": "not_your_seat"}
    assert played.refusals["join's wrong code"] == "join: refused (wrong_code): The join code is wrong."
    assert [json.loads(look)["started"] for look in played.looks] == [False, True]


def replayed_views(record: Path) -> dict[int, list[dict[str, Any]]]:
    """Each seat's `view_for(seat)` after every hand's deal and every move of the host's
    record, replayed through the engine from the record's seed (the host dealt from it: the
    same tiles, not only the same kinds), written as the join command's view log writes them."""
    lines = read_record(record)
    assert replay(lines).ok
    rules = Rules.from_dict(lines[0]["rules"])
    match = Match(rules, lines[0]["seed"])
    views: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(rules.players)}
    for line in lines[1:]:
        if line["type"] == "hand":
            match.next_kyoku()
            assert match.kyoku is not None and match.kyoku.dealer == line["dealer"]
        elif line["type"] == "action":
            match.apply(action_from_dict({key: value for key, value in line.items() if key != "type"}))
        else:
            continue
        assert match.kyoku is not None
        for seat in views:
            views[seat].append(logged(match.kyoku_number, match.kyoku.view_for(seat)))
    return views


def logged(hand: int, view: Any) -> dict[str, Any]:
    fields = {field.name: to_wire(getattr(view, field.name)) for field in dataclasses.fields(view)
              if field.name != "rules"}
    return json.loads(json.dumps({"hand": hand, "view": fields}))


def changes(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The views without those that repeat the one before (a host's snapshot resent)."""
    return [view for n, view in enumerate(views) if n == 0 or views[n - 1] != view]


def test_each_clients_view_log_agrees_view_by_view_with_its_seats_views_replayed_from_the_hosts_record(played):
    expected = replayed_views(played.folder / "match.jsonl")
    seats = set()
    for name in ("Kaiji", "Funai"):
        path = played.folder / f"{name}.views.jsonl"
        received = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        seat = received[0]["view"]["seat"]
        seats.add(seat)
        assert changes(received) == changes(expected[seat])
        assert {view["hand"] for view in received} == {1, 2}
    assert seats == {0, 1}


# --- nothing hidden leaves the host -----------------------------------------------------------------

TILE_CODES = re.compile(r"(?<![0-9A-Za-z_])(?:[0-9]+[mpsz])+(?![0-9A-Za-z_])")
"""Tiles as the game writes them (mpsz: `5m`, `123p456s`), as a word of their own."""
TILE_IDS = re.compile(r"[\[(]\s*\d{1,3}\s*(?:,\s*\d{1,3}\s*){2,}[\])]")
"""Tiles as the engine holds them (ids 0 to 135) in a list or tuple, as Python or JSON prints one."""


def tiles_in(text: str) -> list[str]:
    """Every tile `text` shows, in either form: before the match's end no process prints any
    (the host's lines and a joiner's name seats, standings and bytes), so any is a leak."""
    return TILE_CODES.findall(text) + TILE_IDS.findall(text)


def test_the_leak_check_finds_a_hidden_tile_in_every_form_a_log_line_or_reply_would_carry_it():
    """What a line that leaked the other seat's wall or hand would hold is found: its repr,
    the tiles written out, one discard's action, the view as JSON, the record's deal."""
    match = Match(Rules.preset("kaiji"), SEED)
    kyoku = match.next_kyoku()
    match.apply(kyoku.view_for(kyoku.dealer).legal_actions[0])  # the dora flipped: the walls are dealt
    other = kyoku.view_for(1)
    wall = other.wall
    assert wall is not None
    leaks = [f"seat 1 wall {other.wall}", f"seat 1: {list(wall)}", f"built {format_tiles(wall[:13], False)}",
             f"got {Discard(1, '5m')!r}", json.dumps(to_wire(other)), f"hand: {format_tiles(wall[:1], False)}"]
    for leak in leaks:
        assert tiles_in(leak), leak
    for fine in ("seat 1: Funai joined", "hand 2: won by seat 0; scores 101.5, 98.5", "hand 1: discards",
                 "bytes sent seat 0: 22158, seat 1: 21945; received seat 0: 2164, seat 1: 2152",
                 "17 Steps table: 2 seats, preset kaiji, 2 hand(s); join code KANTER; port 17017"):
        assert not tiles_in(fine), fine


def test_no_output_refusal_or_look_holds_a_hidden_tile_the_seed_or_a_token(played):
    """The host's and every client's whole stdout and stderr, every refusal and both looks:
    no tile (none is shown before the match's end, when the record may leave), never the seed
    (from which every wall follows), never a seat's token. The view logs hold the seat's own
    tiles (the test above checks them against its view) but no seed and no token; nor does
    the record the host sends at the end, which players share."""
    tokens = played.tokens
    assert all(len(token) >= 32 for token in tokens)
    texts = {"host": played.host.output, **{f"client {n}": c.output for n, c in enumerate(played.clients)},
             **{f"refusal: {why}": text for why, text in played.refusals.items()},
             **{f"look {n}": look for n, look in enumerate(played.looks)}}
    for what, text in texts.items():
        assert text.strip(), what
        assert not tiles_in(text), (what, tiles_in(text))
    views = {path.name: path.read_text(encoding="utf-8") for path in played.folder.glob("*.views.jsonl")}
    records = {path.name: path.read_text(encoding="utf-8") for path in played.folder.glob("*.record.jsonl")}
    assert len(views) == len(records) == 2
    for what, text in {**texts, **views}.items():
        assert str(SEED) not in text, what
    for what, text in {**texts, **views, **records}.items():
        assert not any(token in text for token in tokens), what
    assert all(str(SEED) in record for record in records.values())  # the match's end: the record may tell it
