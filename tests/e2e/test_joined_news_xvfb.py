"""A four-seat table on one X server: a hosting window (its person in seat 1, a person at
another computer in seat 2, the easy AI in seats 3 and 4, moving at once: no AI pause) and
the joining window, over 127.0.0.1, played with xdotool until the hand is settled (issue #32
point 3: the host's news in order, after the joined screen's animations).

Each time the joiner discards, the host's two AI seats discard at once after it: three
pieces of news reach the joined window together, and it shows them one after the other,
each discard landing before the next flies. The picture of both windows is taken in quick
succession from the moment of the joiner's discard (the burst), and once it is over
(SEVENTEEN_STEPS_SHOTS=DIR keeps them; `joined-burst-*` and `joined-after`).

Needs the Debian packages xvfb and xdotool; without them the test is skipped, saying so.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app.play.savegame import RECORD_FILE
from game.app.play.seat_keys import KEYS_FILE
from game.app.window import layout
from game.engine.kyoku import Phase
from tests.e2e.framebuffer import read_screen
from tests.e2e.test_network_xvfb import (
    ADDRESS_FIELD,
    CODE_FIELD,
    COPY,
    HOST_START,
    INVITATION,
    JOIN,
    JOIN_A_TABLE,
    NAME_FIELD,
    NEW_TABLE,
    ROOT,
    SHOTS,
    SIT_DOWN,
    START_MATCH,
    WINDOW,
    Display,
    Window,
    free_port,
    wait_for,
)
from tests.e2e.test_network_xvfb import display as display  # the fixture: one X server
from tests.e2e.test_window_xvfb import current_match

HOST_SEAT, JOINED_SEAT = 0, 1
BURST_GRABS = 14
"""Pictures taken from the joiner's discard on, as fast as the screen can be read (about a
second: the joiner's flight and the two AI discards after it, 0.28 s each)."""

pytestmark = [
    pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                       reason="needs Xvfb and xdotool (Debian packages xvfb and xdotool)"),
    pytest.mark.timeout(240),
]


class FourSeatWindow(Window):
    """A game window whose settings are a four-player table, at normal animation speed, its
    AI moving without a pause, seats 2-4 at the next new table: another computer, two AIs."""

    def __init__(self, display: Display, home: Path, left: int, windows: list[Window], *args: str) -> None:
        self.display = display
        self.home = home
        config = home / "config" / "17steps"
        config.mkdir(parents=True)
        settings = {"rules": {"preset": "four_player", "changes": {"hands": 2}}, "animation": "normal",
                    "ai_delay_s": 0.0, "table_seats": ["remote", "easy", "easy"]}
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


def burst(display: Display, joiner: Window, tile: tuple[int, int], shots: Path) -> list[Path]:
    """The joiner's discard clicked, the screen read as fast as it can be while the news of
    it and of the AI discards after it is shown; the pictures saved once it is over."""
    display.xdotool("mousemove", *joiner.at(tile), "click", "1")
    grabs = []
    for _ in range(BURST_GRABS):
        grabs.append((time.monotonic(), (display.fbdir / "Xvfb_screen0").read_bytes()))
        time.sleep(0.05)
    copy = display.folder / "grab"
    copy.mkdir(exist_ok=True)
    saved = []
    start = grabs[0][0]
    for at, raw in grabs:
        (copy / "Xvfb_screen0").write_bytes(raw)
        path = shots / f"joined-burst-{len(display.shots):02d}-{round((at - start) * 1000):04d}ms.png"
        pygame.image.save(read_screen(copy), str(path))
        display.shots.append(path)
        saved.append(path)
    return saved


def test_a_joined_window_at_four_seats_shows_the_hosts_burst_of_discards_one_after_the_other(display, tmp_path):
    port = free_port()
    record_path = tmp_path / "host" / "data" / "17steps" / RECORD_FILE
    seat_keys = tmp_path / "joiner" / "data" / "17steps" / KEYS_FILE
    shots = Path(SHOTS or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    windows: list[Window] = []
    bursts: list[list[Path]] = []
    try:
        host = FourSeatWindow(display, tmp_path / "host", 0, windows, "--bind", "127.0.0.1", "--port", str(port),
                              "--seed", "5")
        joiner = FourSeatWindow(display, tmp_path / "joiner", WINDOW[0], windows)
        host.click(NEW_TABLE)
        display.shot("joined-new-table")
        host.click(HOST_START)
        host.click(COPY)
        invitation = wait_for("the host's Copy on the clipboard", lambda: INVITATION.search(display.clipboard()), 10)
        joiner.click(JOIN_A_TABLE)
        joiner.click(NAME_FIELD)
        joiner.type("Joiner")
        joiner.click(ADDRESS_FIELD)
        joiner.type(f"127.0.0.1:{port}")
        joiner.click(CODE_FIELD)
        joiner.type(invitation[2])
        joiner.click(JOIN)
        time.sleep(1.0)  # the look at the table
        joiner.click(SIT_DOWN)
        wait_for("the joiner seated", seat_keys.exists, 15)
        time.sleep(0.5)
        host.click(START_MATCH)
        wait_for("the match started", lambda: current_match(record_path), 15)
        windows_of = {HOST_SEAT: host, JOINED_SEAT: joiner}
        deadline = time.monotonic() + 170
        settled = False
        while time.monotonic() < deadline and not settled:
            match = current_match(record_path)
            if match is None:
                time.sleep(0.2)
                continue
            if match.settlements:
                settled = True
                break
            kyoku = match.kyoku
            waiting = [seat for seat in kyoku.waiting_on() if seat in windows_of]
            if kyoku.phase is Phase.DORA and waiting:
                windows_of[waiting[0]].key("Return")
            elif kyoku.phase is Phase.BUILD:
                for seat in waiting:
                    if kyoku.hands[seat] is None:
                        windows_of[seat].key("g")
                        time.sleep(1.0)  # the suggestion is worked out off the frame loop
                        windows_of[seat].key("Return")
                        after = current_match(record_path)
                        if after is not None and after.kyoku.hands[seat] is None:
                            windows_of[seat].key("Home", "Return")  # a question before building: go ahead
            elif kyoku.phase is Phase.DISCARD and waiting:
                seat = waiting[0]
                pool = kyoku.pools[seat]
                tile = layout.pool_rect(len(pool) // 2, len(pool)).center
                if seat == JOINED_SEAT and len(bursts) < 2:
                    time.sleep(1.0)  # everything before it landed on the joined screen
                    bursts.append(burst(display, joiner, tile, shots))
                    time.sleep(1.5)
                    display.shot(f"joined-after-{len(bursts)}")
                else:
                    windows_of[seat].click(tile)
                after = current_match(record_path)
                if after is not None and len(after.record) == len(match.record):
                    windows_of[seat].key("Home", "Return")  # a risky discard's question: go ahead
            elif kyoku.phase is Phase.RON:
                for seat in kyoku.pending_ron:
                    if seat in windows_of:
                        windows_of[seat].key("r")
            time.sleep(0.3)
        time.sleep(3.0)
        display.shot("joined-result")
        assert settled, "the hand did not reach its result"
        assert host.alive() and joiner.alive()
    finally:
        errors = "".join(window.close() for window in windows)
    assert "Traceback" not in errors, errors
    assert bursts, "the joiner never discarded"
