"""`python -m game host`'s save and port (game/cli/host.py), run in this process on 127.0.0.1:
a saved match that cannot be continued (said in one sentence, exit status 2, the file kept),
the options that do not go together, and a table whose port another program holds (waited
for a bounded time, then said). The crash and the continued match with real processes are
in tests/test_cli_join.py."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from pathlib import Path

import pytest

from game import __main__ as cli
from game.app.play.hosted_match import HostedMatch
from game.app.play.savegame import SlotLock
from game.cli import host as host_command
from tests.test_hosted_match import saved_at

pytestmark = pytest.mark.timeout(180)
QUICK = ("--bind", "127.0.0.1", "--no-discovery")
RECORD = "unfinished_match.jsonl"


def occupied(port: int = 0) -> socket.socket:
    """Another program listening at 127.0.0.1:`port` (0: a free one)."""
    taken = socket.socket()
    taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    taken.bind(("127.0.0.1", port))
    taken.listen()
    return taken


def listening(port: int, within_s: float = 30) -> None:
    """Once something listens at 127.0.0.1:`port` (the host started in the test's thread)."""
    deadline = time.monotonic() + within_s
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline, f"nothing listens at port {port}"
            time.sleep(0.05)


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    (line,) = capsys.readouterr().err.splitlines()
    return line


# --- a save that cannot be continued -------------------------------------------------------------

def garbage(folder: Path) -> None:
    saved_at(folder)
    (folder / RECORD).write_bytes(b"\x00not a record\n")


def a_windows_save(folder: Path) -> None:
    from game.app.play.session import SeatPlan

    saved_at(folder, SeatPlan.table(("you", "easy", "person")))


@pytest.mark.parametrize(("make", "says"), [
    pytest.param(garbage, "the saved match is damaged (line 1 is cut short or edited)", id="garbage"),
    pytest.param(a_windows_save, "the saved match is not one a host without a window played", id="a window's save"),
])
def test_a_damaged_save_is_said_in_one_sentence_and_moved_aside_never_lost(tmp_path, capsys, make, says):
    make(tmp_path)
    before = (tmp_path / RECORD).read_bytes()
    assert cli.main(["host", "--continue", str(tmp_path), *QUICK]) == 2
    line = error_line(capsys)
    (aside,) = tmp_path.glob(f"{RECORD}.damaged-*")
    assert line == f"host: the match saved in {tmp_path} cannot be continued: {says}; it is kept as {aside}"
    assert aside.read_bytes() == before and not (tmp_path / RECORD).exists()


def test_a_save_whose_seat_keys_are_gone_is_said_and_left_as_it_is(tmp_path, capsys):
    saved_at(tmp_path).hosting_path.unlink()
    assert cli.main(["host", "--continue", str(tmp_path), *QUICK]) == 2
    assert "the seat keys are not kept beside the save" in error_line(capsys)
    assert (tmp_path / RECORD).exists() and not list(tmp_path.glob("*.damaged-*"))


def test_a_save_cut_short_that_cannot_be_written_again_is_said_and_stays_to_be_continued(tmp_path, capsys,
                                                                                          monkeypatch):
    """A full disk, what cuts a save short, when the host writes it again: said in one line,
    and the save and its keys are still there for the next --continue."""
    import errno

    from game.app.play.savegame import SaveSlot

    slot = saved_at(tmp_path)
    cut = slot.record_path.read_bytes() + b'{"type": "action", "kind": "disc'
    slot.record_path.write_bytes(cut)

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(SaveSlot, "save", disk_full)
    assert cli.main(["host", "--continue", str(tmp_path), *QUICK]) == 2
    assert error_line(capsys) == (f"host: the match saved in {tmp_path} was cut short and cannot be written again "
                                  "(No space left on device): it is left as it is")
    assert slot.record_path.read_bytes() == cut and slot.hosting_path.exists()


@pytest.mark.parametrize(("args", "says"), [
    pytest.param(["--continue", "{save}", "--seats", "person,person"], "--continue takes the table from its save: "
                 "--seats cannot be given with it", id="--continue and --seats"),
    pytest.param(["--continue", "{save}", "--port", "1", "--code", "KANTER"], "--continue takes the table from its "
                 "save: --port, --code cannot be given with it", id="--continue, --port and --code"),
    pytest.param(["--continue", "{save}", "--save", "{save}"], "--continue takes the table from its save: --save "
                 "cannot be given with it", id="--continue and --save"),
    pytest.param(["--seats", "person,person", "--port", "0", "--save", "{save}"], "{save} holds an unfinished "
                 "match: go on with it with --continue {save}, or save this one in another folder",
                 id="--save over an unfinished match"),
    pytest.param(["--continue", "{empty}"], "there is no saved match in {empty}", id="--continue, nothing saved"),
    pytest.param(["--continue", "{nowhere}"], "there is no saved match in {nowhere} (not a folder)",
                 id="--continue, no folder"),
    pytest.param(["--port", "0"], "--seats and --port are needed (or --continue DIR, for a saved match)",
                 id="no --seats"),
])
def test_options_that_do_not_go_together_are_refused_with_exit_status_2(tmp_path, capsys, args, says):
    folders = {"save": tmp_path / "save", "empty": tmp_path / "empty", "nowhere": tmp_path / "nowhere"}
    saved_at(folders["save"])
    folders["empty"].mkdir()
    before = (folders["save"] / RECORD).read_bytes()
    assert cli.main(["host", *(arg.format(**folders) for arg in args), *QUICK]) == 2
    assert error_line(capsys) == "host: " + says.format(**folders)
    assert (folders["save"] / RECORD).read_bytes() == before


def test_a_save_folder_another_host_or_window_keeps_is_refused(tmp_path, capsys):
    lock = SlotLock(tmp_path)
    assert lock.claim()
    try:
        assert cli.main(["host", "--seats", "person,person", "--port", "0", "--save", str(tmp_path), *QUICK]) == 2
    finally:
        lock.release()
    assert error_line(capsys) == f"host: another 17 Steps host or window is saving in {tmp_path}"


def test_a_second_host_saving_in_the_folder_of_one_running_is_refused(tmp_path, capsys):
    with occupied() as probe:
        port = probe.getsockname()[1]
    first: list[int] = []
    running = threading.Thread(target=lambda: first.append(cli.main(
        ["host", "--seats", "person,person", "--port", str(port), "--save", str(tmp_path), "--wait", "3", *QUICK])))
    running.start()
    try:
        listening(port)  # it holds the folder's lock before it listens
        assert cli.main(["host", "--seats", "person,person", "--port", "0", "--save", str(tmp_path), *QUICK]) == 2
    finally:
        running.join(30)
    assert first == [1]  # nobody joined it
    assert f"host: another 17 Steps host or window is saving in {tmp_path}" in capsys.readouterr().err.splitlines()
    lock = SlotLock(tmp_path)
    assert lock.claim()  # let go when it ended
    lock.release()


# --- the port the players look for -------------------------------------------------------------

def test_a_continued_table_whose_port_another_program_holds_waits_for_it_then_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(host_command, "PORT_WAIT_S", 0.5)
    with occupied() as taken:
        port = taken.getsockname()[1]
        saved_at(tmp_path, port=port)
        before = (tmp_path / RECORD).read_bytes()
        assert cli.main(["host", "--continue", str(tmp_path), *QUICK]) == 2
    assert error_line(capsys) == (f"host: the table cannot open port {port} again, where its players look for it "
                                  f"(another program uses the port; waited 0.5 s); the match stays saved in {tmp_path}")
    assert (tmp_path / RECORD).read_bytes() == before


def test_a_continued_table_opens_at_its_port_once_it_is_let_go_within_the_wait(tmp_path, capsys):
    taken = occupied()
    port = taken.getsockname()[1]
    saved_at(tmp_path, port=port)
    threading.Timer(0.5, taken.close).start()
    assert cli.main(["host", "--continue", str(tmp_path), "--wait", "0.5", *QUICK]) == 1
    said = capsys.readouterr().out.splitlines()
    assert said[0].endswith(f"join code KANTER; port {port}")
    assert said[-1] == f"not every player came back in time: the match stays saved in {tmp_path}"
    assert (tmp_path / RECORD).exists()


def test_keep_waits_for_the_port_of_the_next_match_then_says_it_cannot_open_it(tmp_path, capsys, monkeypatch):
    """The first match is played to its end by a client in a thread; as it closes for the
    next, another program takes its port: the next match tries for PORT_WAIT_S, then one line
    says why the table closes, exit status 2."""
    from game.ai.agents import make_agent
    from game.net.client import join_uri, play_seat

    monkeypatch.setattr(host_command, "PORT_WAIT_S", 0.5)
    with occupied() as probe:
        port = probe.getsockname()[1]
    taken: list[socket.socket] = []
    stop = HostedMatch.stop

    def stop_then_taken(self: HostedMatch, reopening: bool = False) -> None:
        stop(self, reopening)
        if reopening:
            taken.append(occupied(port))

    monkeypatch.setattr(HostedMatch, "stop", stop_then_taken)
    played: list[object] = []

    def play() -> None:
        listening(port)
        played.append(asyncio.run(asyncio.wait_for(play_seat(join_uri(f"127.0.0.1:{port}", "KANTER"), "Kaiji",
                                                             make_agent("easy", 1).act), 120)))

    client = threading.Thread(target=play, daemon=True)
    client.start()
    try:
        status = cli.main(["host", "--seats", "person,easy", "--port", str(port), "--code", "KANTER", "--hands", "1",
                           "--seed", "5", "--keep", "--wait", "60", *QUICK])
    finally:
        client.join(30)
        for sock in taken:
            sock.close()
    output = capsys.readouterr()
    said = output.out.splitlines()
    assert status == 2, said
    assert output.err == ""  # no traceback
    assert len(played) == 1 and len(taken) == 1
    assert said[-1] == (f"the next match cannot open port {port} again, where its players look for it "
                        "(another program uses the port; waited 0.5 s): the table closes")
