"""The real window on screens of 1024 x 640, 1366 x 768 and 1920 x 1080, bare and with a
window manager (openbox, started by the test): it opens at the largest size of the
table's aspect that fits, tells the window manager its minimum size (960 x 600, or the
whole fitted window on a screen too small for that), scales when resized from outside,
goes fullscreen, and clicks land on what is drawn. The X server's own picture of each screen is saved (set
SEVENTEEN_STEPS_SHOTS=DIR to keep them); when the X server dies, the game saves and exits.

Needs the Debian packages xvfb and xdotool (and openbox for the window-manager cases).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.window.display import DECORATION, MINIMUM_SIZE
from game.app.window.display_loss import EXIT_DISPLAY_LOST
from game.app.window.viewport import Viewport, fit
from game.app.window.window import LOGICAL_SIZE
from tests.e2e.framebuffer import save_screen
from tests.e2e.test_window_xvfb import current_match, free_display

ROOT = Path(__file__).resolve().parents[2]
QUIT_BUTTON = (775, 598)  # the title without a saved match: Quit beside Join a table
HOTSEAT_BUTTON = (640, 412)
SCREENS = [(1024, 640), (1366, 768), (1920, 1080)]
SHOTS = os.environ.get("SEVENTEEN_STEPS_SHOTS")

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (Debian packages xvfb and xdotool)",
)
needs_openbox = pytest.mark.skipif(shutil.which("openbox") is None, reason="needs openbox (Debian package openbox)")


class Desktop:
    def __init__(self, folder: Path, size: tuple[int, int], manager: bool) -> None:
        self.folder = folder
        self.size = size
        self.manager = manager
        self.fbdir = folder / "fb"
        self.fbdir.mkdir(parents=True)
        self.number = free_display()
        self.server: subprocess.Popen | None = None
        self.wm: subprocess.Popen | None = None
        self.env = {
            **os.environ,
            "DISPLAY": f":{self.number}",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": str(folder / "config"),
            "XDG_DATA_HOME": str(folder / "data"),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        self.env.pop("SDL_VIDEODRIVER", None)

    def start(self) -> None:
        self.server = subprocess.Popen(
            [
                "Xvfb",
                f":{self.number}",
                "-screen",
                "0",
                f"{self.size[0]}x{self.size[1]}x24",
                "-fbdir",
                str(self.fbdir),
                "-nolisten",
                "tcp",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{self.number}").exists():
                break
            time.sleep(0.05)
        else:
            pytest.fail("Xvfb did not start")
        if self.manager:
            self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)

    def stop(self) -> None:
        for process in (self.wm, self.server):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)

    def settings(self, values: dict) -> None:
        folder = self.folder / "config" / "17steps"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "settings.json").write_text(json.dumps(values), encoding="utf-8")

    def xdotool(self, *args: str) -> str:
        return subprocess.run(
            ["xdotool", *args], env=self.env, check=True, capture_output=True, text=True, timeout=20
        ).stdout

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        """The window's inside: where it is on the screen, and its size."""
        values = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", window).split())
        x, y, width, height = int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])
        if shutil.which("xwininfo") is not None:  # xdotool counts the frame's offset twice
            info = subprocess.run(
                ["xwininfo", "-id", window], env=self.env, capture_output=True, text=True, timeout=20
            ).stdout
            absolute = {
                line.split(":")[0].strip(): int(line.split(":")[1]) for line in info.splitlines() if "Absolute" in line
            }
            x, y = absolute["Absolute upper-left X"], absolute["Absolute upper-left Y"]
        return x, y, width, height

    def frame(self, window: str) -> tuple[int, int, int, int]:
        """The window manager's frame (left, right, top, bottom); none on a bare server."""
        if not self.manager or shutil.which("xprop") is None or shutil.which("xwininfo") is None:
            return (0, 0, 0, 0)
        line = subprocess.run(
            ["xprop", "-id", window, "_NET_FRAME_EXTENTS"], env=self.env, capture_output=True, text=True, timeout=20
        ).stdout
        numbers = [int(part) for part in line.split("=")[-1].replace(",", " ").split() if part.isdigit()]
        return tuple(numbers) if len(numbers) == 4 else (0, 0, 0, 0)

    def minimum_size(self, window: str) -> tuple[int, int] | None:
        """The minimum size the window asks the window manager for (WM_NORMAL_HINTS)."""
        hints = subprocess.run(["xprop", "-id", window, "WM_NORMAL_HINTS"], env=self.env, capture_output=True,
                               text=True, timeout=20).stdout
        line = next((line for line in hints.splitlines() if "minimum size" in line), None)
        if line is None:
            return None
        width, _, height = line.split(":")[1].split()
        return int(width), int(height)

    def click_logical(self, window: str, logical: tuple[int, int]) -> None:
        width, height = self.geometry(window)[2:]
        inside = Viewport(LOGICAL_SIZE, (width, height)).to_window(logical)
        self.xdotool("mousemove", "--window", window, str(inside[0]), str(inside[1]), "sleep", "0.2", "click", "1")

    def shot(self, name: str) -> None:
        save_screen(self.fbdir, Path(SHOTS or self.folder) / f"{name}.png")


@contextlib.contextmanager
def desktop(tmp_path: Path, size: tuple[int, int], manager: bool):
    screen = Desktop(tmp_path, size, manager)
    try:
        screen.start()
        yield screen
    finally:
        screen.stop()


@contextlib.contextmanager
def game(screen: Desktop, *args: str):
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "play", *args],
        cwd=ROOT,
        env=screen.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        window = subprocess.run(
            ["xdotool", "search", "--sync", "--pid", str(process.pid)],
            env=screen.env,
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.split()[0]
        time.sleep(2.0)  # the first frames, and the window manager's placing
        yield process, window
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=10)


def exits(process: subprocess.Popen, seconds: float = 10.0) -> int:
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the game did not exit within {seconds} s")


def case_name(size: tuple[int, int], manager: bool, what: str) -> str:
    return f"window-{size[0]}x{size[1]}-{'openbox' if manager else 'bare'}-{what}"


@pytest.mark.parametrize("manager", [False, pytest.param(True, marks=needs_openbox)], ids=["bare", "openbox"])
@pytest.mark.parametrize("size", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_first_window_fits_the_screen_scales_when_resized_and_clicks_land(tmp_path, size, manager):
    with desktop(tmp_path, size, manager) as screen, game(screen) as (process, window):
        x, y, width, height = screen.geometry(window)
        left, right, top, bottom = screen.frame(window)
        screen.shot(case_name(size, manager, "first"))
        outer = (x - left, y - top, x + width + right, y + height + bottom)  # title bar included
        assert outer[0] >= 0 and outer[1] >= 0 and outer[2] <= size[0] and outer[3] <= size[1], outer
        assert abs(width * LOGICAL_SIZE[1] - height * LOGICAL_SIZE[0]) <= LOGICAL_SIZE[0]  # 16:10 to a pixel
        largest = fit(LOGICAL_SIZE, (size[0] - DECORATION[0], size[1] - DECORATION[1]))
        assert (width, height) == largest
        minimum = (min(MINIMUM_SIZE[0], largest[0]), min(MINIMUM_SIZE[1], largest[1]))
        if shutil.which("xprop") is not None:
            assert screen.minimum_size(window) == minimum
        narrower = width * 3 // 4
        screen.xdotool("windowsize", window, str(narrower), str(height))  # narrower: bars above and below
        time.sleep(1.0)
        # A window manager keeps the minimum (on 1024 x 640 the fitted window is the minimum:
        # it does not narrow at all); a bare X server resizes as told, and the picture scales.
        assert screen.geometry(window)[2] == (max(narrower, minimum[0]) if manager else narrower)
        screen.shot(case_name(size, manager, "resized"))
        screen.click_logical(window, QUIT_BUTTON)
        assert exits(process) == 0, "the click on Quit, through the scaling, did not land"


@pytest.mark.parametrize("manager", [False, pytest.param(True, marks=needs_openbox)], ids=["bare", "openbox"])
def test_fullscreen_fills_the_screen_and_clicks_land(tmp_path, manager):
    size = (1920, 1080)
    with desktop(tmp_path, size, manager) as screen:
        screen.settings({"fullscreen": True})
        with game(screen) as (process, window):
            assert screen.geometry(window) == (0, 0, *size)
            screen.shot(case_name(size, manager, "fullscreen"))
            screen.click_logical(window, QUIT_BUTTON)
            assert exits(process) == 0


def test_windowed_launch_leaves_a_saved_fullscreen(tmp_path):
    size = (1366, 768)
    with desktop(tmp_path, size, False) as screen:
        screen.settings({"fullscreen": True})
        with game(screen, "--windowed") as (process, window):
            assert screen.geometry(window)[2:] == fit(LOGICAL_SIZE, (size[0] - DECORATION[0], size[1] - DECORATION[1]))
            screen.click_logical(window, QUIT_BUTTON)
            assert exits(process) == 0
        saved = json.loads((tmp_path / "config" / "17steps" / "settings.json").read_text(encoding="utf-8"))
        assert saved["fullscreen"] is False


def test_when_the_x_server_dies_the_game_saves_and_exits(tmp_path):
    size = (1280, 800)
    record = tmp_path / "data" / "17steps" / "unfinished_match.jsonl"
    with desktop(tmp_path, size, False) as screen, game(screen, "--seed", "5") as (process, window):
        from game.app.window import layout

        screen.click_logical(window, HOTSEAT_BUTTON)
        for _ in range(20):
            if current_match(record) is not None:
                break
            screen.xdotool("key", "space")
            time.sleep(0.4)
            screen.click_logical(window, layout.side_stack_rect(3, 8).center)
            time.sleep(0.6)
        before = current_match(record)
        assert before is not None, "the dora was not flipped"
        screen.server.kill()
        assert exits(process) == EXIT_DISPLAY_LOST
        try:  # the pipe ends when every process of the game has ended: its workers too
            _, errors = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            pytest.fail("a process of the game lives on after it exited")
        assert "display went away" in errors.decode()
    after = current_match(record)
    assert after is not None and len(after.record) == len(before.record)
