"""The command-line tools under odd input: one clear line and exit 2 for input they cannot
take, exit 1 for a divergence, never a traceback, never a hang (issue 18, 14-17)."""
from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.__main__ import COMMANDS, main
from game.ai import arena
from game.engine.record import read_record
from tests.fuzzing import as_json_lines
from tests.test_record import TWO_PLAYER

ROOT = Path(__file__).resolve().parent.parent



FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])



def run_cli(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, **kwargs)



@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("cli")
    paths = {name: folder / f"{name}.jsonl" for name in ("good", "forged", "vdora", "deep", "seed", "scores")}
    paths["good"].write_bytes(as_json_lines(TWO_PLAYER))
    forged = json.loads(json.dumps(TWO_PLAYER))
    forged[-1].update(reason="bust", scores=[1000, -800])
    paths["forged"].write_bytes(as_json_lines(forged))
    vdora = json.loads(json.dumps(TWO_PLAYER))
    vdora[1]["virtual_dora"] = [[1], [2]]
    paths["vdora"].write_bytes(as_json_lines(vdora))
    paths["deep"].write_bytes(b"[" * 2000 + b"]" * 2000 + b"\n")
    paths["seed"].write_bytes(as_json_lines(TWO_PLAYER).replace(b'"seed": 9', b'"seed": ' + b"9" * 5000))
    scores = json.loads(json.dumps(TWO_PLAYER))
    scores[-1]["scores"] = ["a", "b"]
    paths["scores"].write_bytes(as_json_lines(scores))
    paths["fifo"] = folder / "fifo"
    os.mkfifo(paths["fifo"])
    paths["afile"] = folder / "afile"
    paths["afile"].write_text("in the way", encoding="utf-8")
    paths["folder"] = folder
    return paths



@pytest.mark.parametrize(("name", "code", "says"), [
    ("good", 0, "identical"), ("forged", 1, "DIVERGES"), ("scores", 2, "match_end"),
    ("vdora", 2, "virtual_dora"), ("deep", 2, "nested"), ("seed", 2, "too long"),
    ("fifo", 2, "not a regular file"), ("folder", 2, "a folder, not a file"),
])
def test_replay_exit_codes_and_one_line(files, capsys, name, code, says):
    assert main(["replay", str(files[name])]) == code
    out, err = capsys.readouterr()
    assert says in (out if code < 2 else err)
    if code == 2:
        assert err.count("\n") == 1 and out == ""



def test_replay_prints_the_engines_match_end_not_the_records(files, capsys):
    assert main(["replay", str(files["forged"])]) == 1
    out, _ = capsys.readouterr()
    assert "1000" not in out.split("DIVERGES")[0]



def test_replay_refuses_dev_zero_and_a_fifo_without_blocking(files):
    for path in ("/dev/zero", str(files["fifo"])):
        done = run_cli("replay", path)  # the timeout fails the test if it blocks
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr



def test_a_closed_stdout_is_one_line_and_exit_2(files):
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "game", "replay", str(files["good"])], cwd=ROOT, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(writer)
    assert done.returncode == 2
    assert done.stderr == "replay: the output was closed before the report was complete\n"



RECORD = ROOT / "tests" / "records" / "kaiji_two_draws_then_a_win.jsonl"



REPORTS = {
    "--help": ["--help"],
    "--version": ["--version"],
    **{f"{command} --help": [command, "--help"] for command in COMMANDS},
    "analyze": ["analyze", "1112223334m15677789p123456799s1234567z", "--top", "3"],
    "analyze --json": ["analyze", "1112223334m15677789p123456799s1234567z", "--json", "--top", "3"],
    "replay": ["replay", str(RECORD), "--verbose"],
    "selfplay": ["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--json"],
    "lab": ["lab", "--walls", "1", "--deals", "0"],
}



"""Every command, each with a short run that writes a report on stdout (the window's
`play --smoke` line: tests/ui/test_smoke.py)."""



def speaker(argv: list[str]) -> str:
    """The name a command's messages start with."""
    return argv[0] if argv[0] in COMMANDS else "python -m game"



@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("report", REPORTS)
def test_a_full_output_is_one_line_and_exit_2(report):
    """`> /dev/full`: a traceback (OSError), or exit 0 with nothing written (--help)."""
    argv = REPORTS[report]
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert (done.returncode, done.stderr) == (
        2, f"{speaker(argv)}: the output could not be written (No space left on device)\n")



@pytest.mark.parametrize("report", ["--help", "--version", "analyze", "replay", "selfplay", "lab"])
def test_a_closed_output_is_said_before_any_work(report):
    """stdout closed (`>&-`): `AttributeError ... flush` after the work, or nothing said."""
    argv = REPORTS[report]
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "game", *argv], cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, timeout=60)
    said = f"{speaker(argv)}: standard output is closed: nothing can be written\n"
    assert (done.returncode, done.stderr) == (2, said)



@pytest.mark.parametrize(("report", "encoding"), [*((report, "cp1252") for report in REPORTS), ("--help", "ascii")])
def test_an_output_without_unicode_gets_question_marks_for_what_it_cannot_hold(report, encoding):
    """`python -m game --help > help.txt` on a Western Windows console writes cp1252: the
    title's 歩 was a UnicodeEncodeError."""
    argv = REPORTS[report]
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": encoding})
    assert (done.returncode, done.stderr) == (0, b"")
    text = done.stdout.decode(encoding)
    assert text.strip()
    if report == "--help":
        assert "17 Steps (17?)" in text


@pytest.mark.parametrize(("argv", "mode"), [([], "head_bump"), (["--multiple-ron", "all"], "all")])
def test_selfplay_plays_by_the_multiple_ron_asked(argv, mode, tmp_path, capsys):
    """Issue 33 measures the hard level with multiple_ron both ways: the deals are played,
    and recorded, by the mode asked (the preset's by default)."""
    assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--preset", "three_player",
                 "--records", str(tmp_path), *argv]) == 0
    assert f"multiple ron {mode}" in capsys.readouterr().out
    records = sorted(tmp_path.iterdir())
    assert records
    assert all(read_record(path)[0]["rules"]["multiple_ron"] == mode for path in records)


def test_selfplay_refuses_a_multiple_ron_rule_at_two_players(capsys):
    assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--multiple-ron", "all"]) == 2
    assert capsys.readouterr().err == "selfplay: --multiple-ron applies only at three or four players\n"


def test_selfplay_refuses_an_unusable_records_folder_before_playing(files, capsys, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("a deal was played")

    monkeypatch.setattr(arena, "play_duplicate", never)
    for records in (files["afile"], files["afile"] / "inside"):
        assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--records", str(records)]) == 2
        _, err = capsys.readouterr()
        assert err.count("\n") == 1 and str(files["afile"]) in err



def test_selfplay_refuses_a_read_only_records_folder_before_playing(tmp_path, capsys, monkeypatch):
    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(arena, "play_duplicate", read_only)
    monkeypatch.setattr(arena.tempfile, "TemporaryFile", read_only)
    assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--records", str(tmp_path)]) == 2
    assert "Permission denied" in capsys.readouterr().err



@pytest.mark.parametrize("error", [OSError(errno.ENOSPC, "No space left on device"),
                                   OSError(errno.ENOSPC, "No space left on device", "")])
def test_a_record_that_cannot_be_written_names_the_records_folder(tmp_path, capsys, monkeypatch, error):
    """A full disk fails the write, which names no file: the message ended in "()"."""
    def full(*args, **kwargs):
        raise error

    monkeypatch.setattr(arena, "play_duplicate", full)
    assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--records", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"selfplay: cannot write a record: No space left on device ({tmp_path})\n"



@pytest.mark.parametrize("jobs", [1, 2])
def test_a_billion_deals_are_made_one_by_one(monkeypatch, jobs):
    """The arena takes deals as it plays them: stopping after the first deal of a billion
    returns at once (it used to build a billion jobs first and die of MemoryError)."""

    class Enough(Exception):
        pass

    def stop(done: int) -> None:
        raise Enough

    with pytest.raises(Enough):
        arena.run_arena("easy", "easy", 10**9, 0, "four_player", progress=stop, jobs=jobs)



@pytest.fixture(scope="module")
def arena_results() -> dict:
    """One real arena result, to stand in for the arena in the argument fuzzing (a deal takes
    seconds); the arena itself is tested in test_ai.py."""
    return arena.run_arena("easy", "easy", 1, 0, "four_player")



WORDS = ["analyze", "replay", "selfplay", "--a", "--b", "--hands", "--seed", "--preset", "--json", "--jobs",
         "--multiple-ron", "all", "head_bump",
         "--records", "--dora", "--seat", "--top", "-h", "--version", "easy", "normal", "oracle", "god", "0", "-1",
         "1", "65", "x", "1e9", "9" * 40, "kaiji", "four_player", "moegirl", "east", "north", "5z", "1p2z",
         "123456789m123456789p12345678s1234567z", "1m" * 40, "", "--", "-"]



"""Argument words; no complete wall among them (a real analysis takes a second: not here)."""



NUMBERS = st.sampled_from(["0", "-1", "1", "2", "65", "x", "", "1e9", "9" * 40]) | st.integers().map(str)



def joined(parts: tuple[list[str], ...] | list[list[str]]) -> list[str]:
    return list(itertools.chain.from_iterable(parts))



def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """`[name, value]` or nothing."""
    return st.lists(st.tuples(st.just(name), values).map(list), max_size=1).map(joined)



def command_line(files: dict[str, Path]) -> st.SearchStrategy[list[str]]:
    paths = st.sampled_from([*(str(files[name]) for name in ("good", "forged", "vdora", "deep", "seed", "scores",
                                                             "fifo", "afile", "folder")), "/dev/zero",
                             str(files["folder"] / "not" / "yet")])
    noise = st.just([]) | st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=2)
    levels = st.sampled_from(["easy", "oracle", "god", ""])
    replay = st.tuples(st.just(["replay"]), (paths | st.text(max_size=4)).map(lambda path: [path]), noise)
    # walls of every length but 34, so that no real analysis (a second) is run here
    walls = st.sampled_from(["1p2z", "1m" * 40, "123456789m123456789p12345678s1234567z", "0z", "", "5z5z5z5z5z"]) \
        | st.text(alphabet="0123456789mpsz ", max_size=40)
    analyze = st.tuples(st.just(["analyze"]), walls.map(lambda wall: [wall]), option("--dora", walls),
                        option("--top", NUMBERS), option("--seat", st.sampled_from(["east", "up", ""])),
                        option("--preset", st.sampled_from(["kaiji", "four_player", "x"])), noise)
    required = st.tuples(levels, levels, NUMBERS).map(lambda v: ["--a", v[0], "--b", v[1], "--hands", v[2]])
    selfplay = st.tuples(st.just(["selfplay"]), required,
                         option("--jobs", NUMBERS), option("--seed", NUMBERS), option("--records", paths),
                         option("--json", st.just("")).map(lambda found: found[:1]), noise)
    # never `play` (no command, or an option first): that opens the window
    first = st.sampled_from(["analyze", "replay", "selfplay", "-h", "--version", "bogus", ""])
    anything = st.tuples(first.map(lambda word: [word]), st.lists(st.sampled_from(WORDS) | paths, max_size=6))
    return (replay | analyze | selfplay | anything).map(joined)



@FUZZ
@given(data=st.data())
def test_fuzz_random_argument_lists(files, capsys, monkeypatch, arena_results, data):
    def fake_arena(level_a, level_b, deals, seed, preset="kaiji", records=None, progress=None, jobs=1,
                   multiple_ron=None):
        if records is not None:
            arena.check_records_folder(records)
        return arena_results

    monkeypatch.setattr(arena, "run_arena", fake_arena)
    monkeypatch.chdir(files["folder"])  # where a relative --records folder may be made
    argv = data.draw(command_line(files))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse: --help/--version, or a usage error
        assert stop.code in (0, 2), argv
        event(f"argparse exit {stop.code}")
        return
    finally:
        err = capsys.readouterr().err
    event(f"{argv[0]} exit {code}")
    assert code in (0, 1, 2), argv
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1, (argv, err)



@pytest.mark.parametrize("name", ["\x00", "two\nlines", "x" * 5000])
def test_odd_file_names_are_one_line(capsys, name):
    assert main(["replay", name]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 1000



@pytest.mark.parametrize("name", ["\x00", "x" * 5000])
def test_odd_records_folders_are_one_line(capsys, name):
    assert main(["selfplay", "--a", "easy", "--b", "easy", "--hands", "1", "--records", name]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 1000



RICH_WALL = ["2344567899m566789p12334456899s2236667z", "--dora", "6m"]



"""The richest of benchmarks/analyze.py's walls (seed 65): seconds of analysis."""



TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100



def cpu_seconds(pid: int) -> float:
    """CPU time a process has used (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS



def living_members(group: int) -> list[int]:
    """The processes of a process group that are still running (not zombies)."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                members.append(int(entry.name))
    return members



def interrupted_when_busy(argv: list[str], cpu: float = 0.0, workers: int = 0,
                          env: dict[str, str] | None = None) -> tuple[int, str, list[int]]:
    """Run `python -m game ARGV` as a terminal would, and press Ctrl-C (SIGINT to its process
    group) once it has used `cpu` seconds and `workers` worker processes are at work;
    its exit code, its stderr and the processes of its group still running after it."""
    child = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, start_new_session=True, env=env,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while cpu_seconds(child.pid) < cpu or sum(
                cpu_seconds(pid) >= 0.3 for pid in living_members(child.pid) if pid != child.pid) < workers:
            assert child.poll() is None, f"it ended before Ctrl-C: {child.stderr.read()}"
            assert time.monotonic() < deadline, "it never got busy"
            time.sleep(0.05)
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=60)
        deadline = time.monotonic() + 15
        while living_members(child.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        return child.returncode, err, living_members(child.pid)
    finally:
        for pid in living_members(child.pid):  # nothing left running on a failure either
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        child.kill()
        child.wait()



@pytest.mark.parametrize(("argv", "cpu", "workers"), [
    (["analyze", *RICH_WALL, "--json"], 1.0, 0),
    (["selfplay", "--a", "easy", "--b", "easy", "--hands", "1000"], 1.5, 0),
    (["selfplay", "--a", "easy", "--b", "easy", "--hands", "1000", "--jobs", "2"], 0.0, 2),
    (["lab", "--walls", "1000000"], 1.5, 0),
    (["lab", "--walls", "1000000", "--jobs", "2"], 0.0, 2),
])
def test_ctrl_c_is_one_line_exit_130_and_no_process_left(argv, cpu, workers):
    """A KeyboardInterrupt traceback from the tool and from each worker, and `lab --jobs 2`
    left a worker running."""
    code, err, left = interrupted_when_busy(argv, cpu, workers)
    assert (code, err, left) == (130, f"{argv[0]}: interrupted\n", [])



# The command-line tools speak English whatever the system's language: their output is
# read by scripts and pasted into bug reports (only the window is translated).
WALL = "1112345678999m111222333444p5556677s11z"



def run(arguments: list[str], language: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "LANG": language, "LC_ALL": language, "LANGUAGE": language.split(".")[0]}
    return subprocess.run([sys.executable, "-m", "game", *arguments], capture_output=True, text=True,
                          env=environ, cwd=ROOT, timeout=120, check=False)



@pytest.mark.parametrize(
    "arguments",
    [
        ["analyze", WALL, "--top", "3"],
        ["replay", str(RECORD)],
        ["analyze", "not tiles"],
    ],
    ids=["analyze", "replay", "an error"],
)
@pytest.mark.parametrize("language", ["ja_JP.UTF-8", "zh_CN.UTF-8"])
def test_a_tool_prints_the_same_in_any_system_language(arguments: list[str], language: str):
    english = run(arguments, "C.UTF-8")
    translated = run(arguments, language)
    assert (translated.returncode, translated.stdout, translated.stderr) == (
        english.returncode, english.stdout, english.stderr)
    assert english.stdout or english.stderr



# `python -m game watch FILE` on a file it cannot show: one sentence, exit status 2, no window.
@pytest.mark.parametrize(("content", "said"), [
    (RECORD.read_bytes().splitlines(keepends=True)[0], "the record holds no hand"),
    (b"[" * 100_000 + b"]" * 100_000, "not a 17 Steps record"),
    (RECORD.read_bytes().splitlines(keepends=True)[0] + b'{"type": "hand", "wall', "line 2: not valid JSON"),
], ids=["no-hand", "deep", "damaged-first-hand"])
def test_a_record_that_cannot_be_shown_is_one_sentence_and_status_2(tmp_path, capsys, monkeypatch, content, said):
    import game.app.window.window

    monkeypatch.setattr(game.app.window.window, "create_app", lambda *_args: pytest.fail("a window was opened"))
    path = tmp_path / "record.jsonl"
    path.write_bytes(content)
    assert main(["watch", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("watch: ") and said in err and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "says"), [
    pytest.param(["--smoke", "5", "--join", "127.0.0.1:17017"], "go together", id="no code"),
    pytest.param(["--smoke", "5", "--code", "KANTER"], "go together", id="no address"),
    pytest.param(["--join", "127.0.0.1:17017", "--code", "KANTER"], "with --smoke", id="no smoke"),
    pytest.param(["--smoke", "5", "--join", "nowhere:port", "--code", "KANTER"], "not an address", id="address"),
    pytest.param(["--smoke", "5", "--join", "::1:17017", "--code", "KANTER"], "[::1]:17017", id="unbracketed"),
    pytest.param(["--smoke", "5", "--join", "127.0.0.1:17017", "--code", "KANTEB"], "--code is 6", id="code"),
])
def test_the_smokes_networked_table_is_refused_before_any_window_for_arguments_that_cannot_join(argv, says, capsys):
    """`--smoke N --join ADDRESS --code CODE` (the joined window's own player at a host's table:
    tests/test_cli_join.py) needs all three, an address and a code that can be joined."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and says in err


def test_a_launch_without_join_loads_no_network_module_to_read_its_arguments():
    """`joined_table` is asked at every `play`: the client and the server are for `--join`."""
    probe = (
        "import argparse, sys\n"
        "from game.cli.play import joined_table\n"
        "assert joined_table(argparse.Namespace(join=None, code=None, smoke=None)) is None\n"
        "print([m for m in sys.modules if m.startswith('game.net')])\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.strip() == "[]"
