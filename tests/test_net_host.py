"""`python -m game host` and `python -m game join` as real processes over 127.0.0.1: a whole
match, the same standings on every side, the host's record replaying identically (issue
#32 point 7)."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game import __main__ as cli
from game.app.history import history
from game.cli.output import program_name
from game.engine.record import read_record

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 240
pytestmark = pytest.mark.timeout(TIMEOUT_S + 60)


def game(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_PROXY": "*"}
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def lines_of(process: subprocess.Popen[str]) -> queue.Queue[str | None]:
    """The process's output lines as they come (read in a thread: a wait never hangs), None
    after the last."""
    lines: queue.Queue[str | None] = queue.Queue()
    stream, process.stdout = process.stdout, None  # this thread alone reads it: `communicate`
    assert stream is not None  # would read it too, and a line could be split between the two

    def read() -> None:
        for line in stream:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def rest_of(lines: queue.Queue[str | None], seen: list[str], timeout: float = 10) -> None:
    """The lines not read yet, to the last (the process has ended: its output is closed)."""
    while (line := lines.get(timeout=timeout)) is not None:
        seen.append(line)


def wait_for_line(lines: queue.Queue[str | None], pattern: str, seen: list[str],
                  timeout: float = 60) -> re.Match[str]:
    while True:
        line = lines.get(timeout=timeout)
        assert line is not None, f"the output ended without a line matching {pattern!r}: {seen[-5:]}"
        seen.append(line)
        found = re.search(pattern, line)
        if found:
            return found


def stop(*processes: subprocess.Popen[str]) -> None:
    """Kill those still running (a test that failed leaves no host or client behind)."""
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Exit status, output and errors (the output is empty when a thread reads it, `lines_of`)."""
    try:
        output, errors = process.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        output, errors = process.communicate(timeout=10)
    return process.returncode, output, errors


@pytest.mark.parametrize(("preset", "seats", "hands"), [
    pytest.param("kaiji", "person,person", "2", id="2 players, both remote"),
    pytest.param("three_player", "person,easy,person", "1", id="3 players, two remote, an AI"),
    pytest.param("four_player", "person,normal,person,easy", "1", id="4 players, two remote, two AIs"),
])
def test_a_headless_host_and_two_scripted_clients_play_a_whole_match(tmp_path, preset, seats, hands):
    record = tmp_path / "match.jsonl"
    host = game("host", "--preset", preset, "--seats", seats, "--port", "0", "--bind", "127.0.0.1",
                "--hands", hands, "--seed", "11", "--record", str(record), "--no-discovery", "--wait", "60",
                "--history", str(tmp_path / "history"))
    clients: list[subprocess.Popen[str]] = []
    try:
        host_lines: list[str] = []
        lines = lines_of(host)
        found = wait_for_line(lines, r"join with: python -m game join \S+:(\d+) --code ([A-Z]{6})", host_lines)
        port, code = found.groups()
        clients = [game("join", f"127.0.0.1:{port}", "--code", code.lower(), "--ai", level, "--seed", str(n),
                        "--timeout", str(TIMEOUT_S), "--record", str(tmp_path / f"client{n}.jsonl"))
                   for n, level in enumerate(["easy", "normal"][:seats.count("person")])]
        results = [finish(client) for client in clients]
        host_code, _, host_errors = finish(host)
    finally:
        stop(host, *clients)
    rest_of(lines, host_lines)
    assert host_code == 0, host_errors
    ends = [line for line in host_lines if line.startswith("match over")]
    assert len(ends) == 1
    assert len([line for line in host_lines if line.startswith("history: kept as")]) == 1
    for status, output, errors in results:
        assert status == 0, errors
        assert output.splitlines()[-1] == ends[0]
    replayed = subprocess.run([sys.executable, "-m", "game", "replay", str(record)], cwd=ROOT, text=True,
                              capture_output=True, timeout=120)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "replay identical to the record" in replayed.stdout
    assert ends[0] in replayed.stdout
    for n in range(len(clients)):  # each computer keeps the match, every hand open
        assert (tmp_path / f"client{n}.jsonl").read_bytes() == record.read_bytes()
    (kept,) = history.load_history(tmp_path / "history").entries  # the host's own history too
    assert kept.ended == history.FINISHED and kept.lines[1:] == read_record(record)[1:]
    assert kept.plan["remote"] == [seat for seat, who in enumerate(seats.split(",")) if who == "person"]


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["^C", "SIGTERM"])
def test_a_headless_host_stopped_before_the_matchs_end_keeps_it_as_abandoned(tmp_path, stop_signal):
    """^C or SIGTERM (a service manager's stop): the match is kept as abandoned; SIGTERM ends
    with one line saying so and where, and exits as a program stopped by it (128 + 15)."""
    from websockets.sync.client import connect

    from game.net.client import join_uri
    from game.net.protocol import Hello, Snapshot, read_host_message, write_message

    # ^C reaches the host even where this test runs with SIGINT ignored (a background job inherits that)
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--seats", "person,easy", "--port", "0", "--bind", "127.0.0.1",
         "--hands", "4", "--wait", "60", "--no-discovery", "--history", str(tmp_path / "history")],
        cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1", "NO_PROXY": "*"}, text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        lines = lines_of(host)
        port, code = wait_for_line(lines, r"join \S+:(\d+) --code ([A-Z]{6})", []).groups()
        with connect(join_uri(f"127.0.0.1:{port}", code), open_timeout=10, close_timeout=2) as seat:
            seat.send(write_message(Hello("Idle", "")))  # a person who never moves: the match waits in hand 1
            for _ in range(20):
                if isinstance(read_host_message(seat.recv(timeout=30)), Snapshot):
                    break
            host.send_signal(stop_signal)  # while the first hand is played
            status, _, errors = finish(host)
    finally:
        stop(host)
    said = []
    rest_of(lines, said)
    kept = history.load_history(tmp_path / "history").entries
    assert len(kept) == 1, (said, errors)
    (kept,) = kept
    assert kept.ended == history.ABANDONED and kept.plan["remote"] == [0] and kept.plan["names"][0] == "Idle"
    if stop_signal == signal.SIGTERM:
        assert status == 128 + signal.SIGTERM, errors
        assert said[-1].startswith("stopped by SIGTERM: the match is kept as ") and said[-1].endswith(".jsonl")
        assert not any(line.startswith("history: kept as") for line in said)


def test_a_headless_host_stopped_by_sigterm_sends_its_record_then_tells_every_player_at_once_it_has_left(
        tmp_path):
    """It cannot continue the match: each player gets its record first (`match_over`, reason
    `stopped`), and keeps it as a stopped match, as a match at this computer replaced before
    its end is kept (abandoned), which the theatre plays."""
    from concurrent.futures import ThreadPoolExecutor

    from websockets.sync.client import connect

    from game.app.history.match_history import keep_joined
    from game.app.history.player_files import PlayerFiles
    from game.app.settings import Settings
    from game.engine.record import replay
    from game.net.client import join_uri
    from game.net.protocol import Hello, Refused, Snapshot, read_host_message, write_message
    from game.net.wire import SeatMirror

    host = game("host", "--seats", "person,person", "--port", "0", "--bind", "127.0.0.1", "--wait", "60",
                "--no-discovery")
    mirrors = [SeatMirror(), SeatMirror()]
    try:
        lines = lines_of(host)
        port, code = wait_for_line(lines, r"join \S+:(\d+) --code ([A-Z]{6})", []).groups()
        uri = join_uri(f"127.0.0.1:{port}", code)
        with connect(uri, open_timeout=10, close_timeout=2) as first, \
                connect(uri, open_timeout=10, close_timeout=2) as second:
            for seat, name in ((first, "Kaiji"), (second, "Xiao Ming")):
                seat.send(write_message(Hello(name, "")))
            for seat, mirror in zip((first, second), mirrors, strict=True):
                for _ in range(20):
                    message = read_host_message(seat.recv(timeout=30))
                    mirror.receive(message)
                    if isinstance(message, Snapshot):
                        break
            host.terminate()
            for seat, mirror in zip((first, second), mirrors, strict=True):
                last = None
                for _ in range(50):
                    last = read_host_message(seat.recv(timeout=10))
                    if isinstance(last, Refused):
                        break
                    mirror.receive(last)
                assert isinstance(last, Refused) and last.code == "host_left"
        finish(host)
    finally:
        stop(host)
    for seat, mirror in enumerate(mirrors):
        assert mirror.over is not None and mirror.over.reason == "stopped" and mirror.record_text is not None
        report = replay([json.loads(line) for line in mirror.record_text.splitlines()])
        assert report.ok and report.end is None  # the first hand, under way
        files = PlayerFiles(tmp_path / f"config{seat}", tmp_path / f"data{seat}", tmp_path / f"shots{seat}")
        with ThreadPoolExecutor(1) as executor:
            assert keep_joined(files, mirror.record_text, seat, mirror.welcome.names, mirror.welcome.levels,
                               mirror.over.scores, Settings(), executor) is None
        (kept,) = history.load_history(history.history_folder(tmp_path / f"data{seat}")).entries
        assert kept.ended == history.ABANDONED and kept.plan["humans"] == [seat]


def test_a_killed_client_started_again_with_its_token_file_takes_its_seat_back_and_the_match_ends(tmp_path):
    record = tmp_path / "match.jsonl"
    host = game("host", "--seats", "person,person", "--port", "0", "--bind", "127.0.0.1", "--hands", "2",
                "--seed", "4", "--record", str(record), "--wait", "60", "--move-time", "120", "--no-discovery")
    processes = [host]
    try:
        host_lines: list[str] = []
        lines = lines_of(host)
        port, code = wait_for_line(lines, r"join \S+:(\d+) --code ([A-Z]{6})", host_lines).groups()

        def join(name: str, level: str) -> subprocess.Popen[str]:
            process = game("join", f"127.0.0.1:{port}", "--code", code, "--ai", level, "--name", name,
                           "--token-file", str(tmp_path / f"{name}.token"), "--timeout", str(TIMEOUT_S))
            processes.append(process)
            return process

        crashing = join("Crash", "easy")
        steady = join("Steady", "easy")
        wait_for_line(lines_of(crashing), r"^seat \d", [])
        crashing.kill()
        crashing.communicate(timeout=10)
        wait_for_line(lines, r"Crash left", host_lines)
        again = join("Crash", "easy")
        results = [finish(again), finish(steady)]
        host_code, _, host_errors = finish(host)
    finally:
        stop(*processes)
    rest_of(lines, host_lines)
    assert host_code == 0, host_errors
    assert sum("Crash joined" in line for line in host_lines) == 2
    token = (tmp_path / "Crash.token").read_text(encoding="utf-8").strip()
    assert len(token) >= 32
    assert not any(token in text for text in (*host_lines, *(out + err for _, out, err in results)))
    end = next(line for line in host_lines if line.startswith("match over"))
    for status, output, errors in results:
        assert status == 0, errors
        assert output.splitlines()[-1] == end
    assert "replay identical" in subprocess.run([sys.executable, "-m", "game", "replay", str(record)], cwd=ROOT,
                                                text=True, capture_output=True, timeout=120).stdout


EARLIER_LOG = '{"hand":1,"view":"of an earlier match"}\n'


def test_a_wrong_code_is_refused_with_a_sentence_and_exit_status_1(tmp_path):
    """The view log named, an earlier match's, is left as it was: nothing was played."""
    log = tmp_path / "views.jsonl"
    log.write_text(EARLIER_LOG, encoding="utf-8")
    host = game("host", "--seats", "person,normal", "--port", "0", "--bind", "127.0.0.1", "--code", "ACDEFH",
                "--wait", "20", "--no-discovery")
    try:
        port = wait_for_line(lines_of(host), r"port (\d+)", [])[1]
        joined = subprocess.run([sys.executable, "-m", "game", "join", f"127.0.0.1:{port}", "--code", "HFEDCA",
                                 "--view-log", str(log)], cwd=ROOT, text=True, capture_output=True, timeout=60)
    finally:
        host.kill()
        host.communicate(timeout=10)
    assert joined.returncode == 1
    assert joined.stderr.strip() == "join: refused (wrong_code): The join code is wrong."
    assert sorted(tmp_path.iterdir()) == [log] and log.read_text(encoding="utf-8") == EARLIER_LOG


@pytest.mark.parametrize("earlier", [EARLIER_LOG, None])
def test_a_host_never_reached_leaves_the_view_log_as_it_was(tmp_path, capsys, earlier):
    """A typo in the address emptied the file named by --view-log (the log of the match it
    was to be compared with); none is made where there was none."""
    import socket

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens there once it is closed
    log = tmp_path / "views.jsonl"
    if earlier is not None:
        log.write_text(earlier, encoding="utf-8")
    assert cli.main(["join", f"127.0.0.1:{port}", "--code", "ACDEFH", "--view-log", str(log), "--timeout", "30"]) == 1
    # nobody was ever seated there: no host is said to be gone
    assert f"join: no table answers at 127.0.0.1:{port}: " in capsys.readouterr().err
    assert sorted(tmp_path.iterdir()) == ([log] if earlier is not None else [])
    if earlier is not None:
        assert log.read_text(encoding="utf-8") == earlier


def test_a_view_log_in_a_folder_that_is_not_there_is_refused_before_joining(tmp_path, capsys):
    log = tmp_path / "missing" / "views.jsonl"
    assert cli.main(["join", "127.0.0.1:9", "--code", "ACDEFH", "--view-log", str(log)]) == 2
    assert "cannot write the view log" in capsys.readouterr().err and not log.parent.exists()


@pytest.mark.parametrize("args", [
    ["host", "--seats", "normal,hard", "--port", "0"],
    ["host", "--seats", "person,robot", "--port", "0"],
    ["host", "--seats", "person,person", "--port", "0", "--code", "ABCDEF"],
    ["host", "--seats", "person,person,person", "--port", "0"],
    ["join", "nowhere:port", "--code", "ACDEFH"],
])
def test_bad_arguments_are_refused_with_exit_status_2(args, capsys):
    assert cli.main(args) == 2
    assert capsys.readouterr().err.strip()


def test_keep_hosts_the_next_match_at_the_same_table_for_the_same_player(tmp_path):
    """Each step waits for the host's line that opens it, never on a time budget that a loaded
    machine's start of a process can spend (a 10 s --wait failed so): the host's wait is long,
    and the table is closed by SIGTERM once the third match waits for its players."""
    record = tmp_path / "match.jsonl"
    host = game("host", "--seats", "person,normal", "--port", "0", "--bind", "127.0.0.1", "--hands", "1",
                "--seed", "5", "--record", str(record), "--wait", str(TIMEOUT_S), "--no-discovery", "--keep")
    processes = [host]
    try:
        host_lines: list[str] = []
        lines = lines_of(host)
        port, code = wait_for_line(lines, r"join \S+:(\d+) --code ([A-Z]{6})", host_lines).groups()

        def join(*more: str) -> tuple[int, str, str]:
            process = game("join", f"127.0.0.1:{port}", "--code", code, "--ai", "easy", "--name", "Kaiji",
                           "--timeout", str(TIMEOUT_S), *more)
            processes.append(process)
            return finish(process)

        token_file = ("--token-file", str(tmp_path / "kaiji.token"))
        first = join(*token_file)
        wait_for_line(lines, r"^the next match: waiting for the same players", host_lines, timeout=TIMEOUT_S)
        stranger = join()  # no seat key: the seats are the same players'
        rematch = join(*token_file)  # the player's rematch: join again, the seat key takes the seat
        wait_for_line(lines, r"^the next match: waiting for the same players", host_lines, timeout=TIMEOUT_S)
        host.send_signal(signal.SIGTERM)
        host_code, _, host_errors = finish(host)
    finally:
        stop(*processes)
    rest_of(lines, host_lines)
    assert host_code == 128 + signal.SIGTERM, host_errors
    ends = [line for line in host_lines if line.startswith("match over")]
    assert len(ends) == 2 and host_lines[-1] == "stopped by SIGTERM: the match is not kept (no --history)"
    for (status, output, errors), end in zip((first, rematch), ends, strict=True):
        assert status == 0, errors
        assert output.splitlines()[-1] == end
    assert stranger[0] == 1 and "table_full" in stranger[2]  # the rematch has not started: its seats are kept
    for path in (record, tmp_path / "match-2.jsonl"):
        assert "replay identical" in subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                                                    text=True, capture_output=True, timeout=120).stdout


@pytest.mark.parametrize(("bind", "shown"), [("::1", "[::1]:{port}"), ("127.0.0.1", "127.0.0.1:{port}")])
def test_the_join_command_the_host_prints_is_one_the_join_command_reads(bind, shown, capsys):
    """An IPv6 address in brackets: `::1:47123` cannot be told from an address ending in 47123."""
    assert cli.main(["host", "--seats", "normal,person", "--port", "0", "--bind", bind, "--code", "KANTER",
                     "--hands", "1", "--no-discovery", "--wait", "0"]) == 1
    out = capsys.readouterr().out
    port = re.search(r"port (\d+)", out)[1]
    assert f"join with: {program_name()} join {shown.format(port=port)} --code KANTER\n" in out
