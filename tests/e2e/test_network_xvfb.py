"""Two game windows on one X server, one hosting and one joining over 127.0.0.1, play a whole
hand of a two-player match with xdotool (issue #32, the Xvfb test).

The host: New table → seat 2 "A person at another computer" → Host the table (listening on
127.0.0.1 and a port chosen free) → Copy. The joiner: Join a table → a name, the address and
the code, read from the clipboard the host's Copy filled (as a player pastes it into a
message) → Join (a look at the table: the host's rules) → Sit down. The host starts the
match; both build with Suggest, discard by clicking their pool, answer a ron with R, until
the hand is settled. Progress is read from the match record the host saves after every move;
the X server's picture of both windows is saved at each step (SEVENTEEN_STEPS_SHOTS=DIR keeps
them). Discovery is off in both windows.

Needs the Debian packages xvfb and xdotool; without them the test is skipped, saying so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.app.play.savegame import RECORD_FILE
from game.app.play.seat_keys import KEYS_FILE
from game.app.window import layout
from game.app.window.viewport import Viewport
from game.app.window.window import LOGICAL_SIZE
from game.engine.kyoku import Phase
from tests.e2e.framebuffer import save_screen
from tests.e2e.test_window_xvfb import current_match, free_display

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 640)
WINDOW = (960, 600)  # two windows side by side, each scaled down from the logical 1280 x 800
NEW_TABLE = (640, 474)
SEAT_2 = (580, 422)
SEAT_2_PRESSES = 3  # the normal AI (the default level) → the hard AI → a person here → at another computer
HOST_START = (387, 624)  # New table's start button: "Host the table" once a seat is remote
COPY = (880, 292)
START_MATCH = (387, 696)
JOIN_A_TABLE = (570, 598)
NAME_FIELD = (280, 492)
ADDRESS_FIELD = (660, 492)
CODE_FIELD = (1020, 492)
JOIN = (387, 644)
SIT_DOWN = (766, 644)  # beside Join, which keeps its place once the table is shown
SUGGEST = (169, 372)
CONFIRM = (169, 476)
DORA_STACK = layout.side_stack_rect(3, 8).center
STEP_PAUSE = 0.3
SHOTS = os.environ.get("SEVENTEEN_STEPS_SHOTS")
INVITATION = re.compile(r"127\.0\.0\.1:(\d+), join code ([A-Z]{6})")

pytestmark = [
    pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                       reason="needs Xvfb and xdotool (Debian packages xvfb and xdotool)"),
    pytest.mark.timeout(240),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(what: str, check: Callable[[], object], seconds: float) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{what}: not within {seconds} s")


class Display:
    """One Xvfb screen (its picture kept in `fbdir`) for both windows."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.fbdir = folder / "fb"
        self.fbdir.mkdir(parents=True)
        self.number = free_display()
        self.server = subprocess.Popen(
            ["Xvfb", f":{self.number}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-fbdir", str(self.fbdir),
             "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for("Xvfb starting", Path(f"/tmp/.X11-unix/X{self.number}").exists, 10)
        self.shots: list[Path] = []

    def env(self, home: Path) -> dict[str, str]:
        env = {**os.environ, "DISPLAY": f":{self.number}", "HOME": str(home), "SDL_AUDIODRIVER": "dummy",
               "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SEVENTEEN_STEPS_DISCOVERY": "off"}
        env.pop("SDL_VIDEODRIVER", None)
        return env

    def xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env=self.env(self.folder), check=True, capture_output=True,
                              text=True, timeout=20).stdout

    def clipboard(self) -> str:
        """What a program on this display pastes (SDL reads the X clipboard)."""
        read = ("import pygame; pygame.display.init(); pygame.display.set_mode((1, 1)); "
                "print(pygame.scrap.get_text())")
        return subprocess.run([sys.executable, "-c", read], env=self.env(self.folder), capture_output=True,
                              text=True, timeout=20).stdout

    def shot(self, name: str) -> None:
        path = Path(SHOTS or self.folder / "shots") / f"network-{len(self.shots):02d}-{name}.png"
        save_screen(self.fbdir, path)
        self.shots.append(path)

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=10)


class Window:
    """A game window on the display, placed at `left` and addressed in logical pixels."""

    def __init__(self, display: Display, home: Path, left: int, windows: list[Window], *args: str) -> None:
        """Opens the window (and adds it to `windows`, which the caller closes)."""
        self.display = display
        self.home = home
        config = home / "config" / "17steps"
        config.mkdir(parents=True)
        settings = {"rules": {"preset": "kaiji", "changes": {"hands": 2}}, "animation": "fast"}
        (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
        self.process = subprocess.Popen([sys.executable, "-m", "game", "play", "--windowed", "--no-discovery", *args],
                                        cwd=ROOT, env=display.env(home), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        windows.append(self)
        self.id = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.process.pid)],
                                 env=display.env(home), check=True, capture_output=True, text=True,
                                 timeout=30).stdout.split()[0]
        time.sleep(1.5)  # the window's first frames: it places itself, then is placed here
        display.xdotool("windowsize", self.id, str(WINDOW[0]), str(WINDOW[1]))
        time.sleep(0.5)
        display.xdotool("windowmove", self.id, str(left), "0")
        wait_for("the window placed", lambda: self.geometry() == (left, 0, *WINDOW), 10)
        self.origin = (left, 0)

    def geometry(self) -> tuple[int, int, int, int]:
        values = dict(line.split("=") for line in self.display.xdotool("getwindowgeometry", "--shell", self.id).split())
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def at(self, logical: tuple[int, int]) -> list[str]:
        inside = Viewport(LOGICAL_SIZE, WINDOW).to_window(logical)
        return [str(self.origin[0] + inside[0]), str(self.origin[1] + inside[1])]

    def click(self, logical: tuple[int, int]) -> None:
        self.display.xdotool("mousemove", *self.at(logical), "sleep", "0.1", "click", "1")
        time.sleep(STEP_PAUSE)

    def key(self, *names: str) -> None:
        self.display.xdotool("windowfocus", "--sync", self.id, "key", *names)
        time.sleep(STEP_PAUSE)

    def type(self, text: str) -> None:
        self.display.xdotool("windowfocus", "--sync", self.id, "type", "--delay", "40", text)
        time.sleep(STEP_PAUSE)

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> str:
        if self.process.poll() is None:
            self.process.terminate()
        try:
            _, errors = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, errors = self.process.communicate(timeout=10)
        return errors.decode(errors="replace")


@pytest.fixture
def display(tmp_path: Path) -> Iterator[Display]:
    screen = Display(tmp_path)
    try:
        yield screen
    finally:
        screen.stop()


def test_two_windows_host_and_join_a_table_and_play_a_hand_over_127_0_0_1(display, tmp_path):
    port = free_port()
    record_path = tmp_path / "host" / "data" / "17steps" / RECORD_FILE
    seat_keys = tmp_path / "joiner" / "data" / "17steps" / KEYS_FILE
    windows: list[Window] = []
    try:
        host = Window(display, tmp_path / "host", 0, windows, "--bind", "127.0.0.1", "--port", str(port), "--seed", "5")
        joiner = Window(display, tmp_path / "joiner", WINDOW[0], windows)
        display.shot("titles")
        host.click(NEW_TABLE)
        for _ in range(SEAT_2_PRESSES):
            host.click(SEAT_2)
        display.shot("new-table")
        host.click(HOST_START)
        host.click(COPY)
        invitation = wait_for("the host's Copy on the clipboard", lambda: INVITATION.search(display.clipboard()), 10)
        assert int(invitation[1]) == port, "the host listens on the port it was given"
        display.shot("host-screen")

        joiner.click(JOIN_A_TABLE)
        joiner.click(NAME_FIELD)
        joiner.type("Joiner")
        joiner.click(ADDRESS_FIELD)
        joiner.type(f"127.0.0.1:{port}")
        joiner.click(CODE_FIELD)
        joiner.type(invitation[2])
        display.shot("join-screen")
        joiner.click(JOIN)
        time.sleep(1.0)  # the look at the table: the host's rules, who sits where
        display.shot("join-looked")
        assert not seat_keys.exists(), "a look takes no seat"
        joiner.click(SIT_DOWN)
        wait_for("the joiner seated (its seat's key kept)", seat_keys.exists, 15)
        time.sleep(0.5)  # the host's waiting room reads the join on its next frame
        display.shot("joined")
        host.click(START_MATCH)
        wait_for("the match started", lambda: current_match(record_path), 15)
        display.shot("table")
        assert play_one_kyoku(display, host, joiner, record_path), "the hand did not reach its result"
        time.sleep(2.0)  # the moment of the draw or the win, then the result on both screens
        display.shot("result")
        assert host.alive() and joiner.alive()
    finally:
        errors = "".join(window.close() for window in windows)
    assert "Traceback" not in errors, errors
    assert len(display.shots) == 10, ("titles, new table, host, join, looked, joined, table, building, discarding, "
                                      "result")


def play_one_kyoku(display: Display, host: Window, joiner: Window, record_path: Path) -> bool:
    """Each window answers what the table asks its seat (the host seat 0, the joiner seat 1)
    until the hand is settled; True when it was."""
    windows = (host, joiner)
    shown_built = shown = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        match = current_match(record_path)
        if match is not None and match.settlements:
            return True
        if match is None:  # the match's first lines are being written
            time.sleep(0.2)
            continue
        kyoku = match.kyoku
        before = len(match.record)
        if kyoku.phase is Phase.DORA:
            windows[kyoku.dealer].click(DORA_STACK)
        elif kyoku.phase is Phase.BUILD:
            if not shown_built:  # both seats building at once (taken before either is built: the
                display.shot("building")  # two builds may land between two looks at the record)
                shown_built = True
            for seat, window in enumerate(windows):
                if kyoku.hands[seat] is None:
                    window.click(SUGGEST)
                    time.sleep(0.5)  # the suggestion is worked out off the frame loop
                    window.click(CONFIRM)
                    after = current_match(record_path)
                    if after is not None and after.kyoku.hands[seat] is None:
                        window.key("Home", "Return")  # a question before confirming: go ahead
        elif kyoku.phase is Phase.DISCARD:
            window = windows[kyoku.turn]
            pool = kyoku.pools[kyoku.turn]
            if len(kyoku.rivers[1]) >= 2 and not shown:
                display.shot("discarding")
                shown = True
            window.click(layout.pool_rect(len(pool) // 2, len(pool)).center)
            after = current_match(record_path)
            if after is not None and len(after.record) == before:
                window.key("Home", "Return")  # a risky discard's question: its first choice goes ahead
        elif kyoku.phase is Phase.RON:
            for seat in kyoku.pending_ron:
                windows[seat].key("r")
        time.sleep(0.2)
    return False
