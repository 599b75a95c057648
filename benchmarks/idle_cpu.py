"""The window's CPU use while the player only looks: the title, the statistics, the table
while the player builds (the clock counting, the helper's answer shown), and the table at
the player's discard (no clock in the Kaiji rules).

    python benchmarks/idle_cpu.py [--seconds 20] [--seed 5] [--screenshots DIR]

Starts `python -m game play` in a private Xvfb (Debian packages xvfb and xdotool), goes to
each screen with xdotool, lets it settle, and prints the game process's CPU time (user +
system, from /proc) over `--seconds` of wall-clock time as a percentage of one core, with
the analysis workers' CPU beside it (with --screenshots, the game's own picture of each
screen after its measurement, to see that it was the screen meant). Linux only.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.window.viewport import Viewport  # noqa: E402
from game.app.window.window import LOGICAL_SIZE  # noqa: E402

STATISTICS_BUTTON = (1158, 42)
EASY_AI_BUTTON = (503, 350)
SETTLE_S = 3.0
DISCARD_WAIT_S = 6.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def workers_cpu(pid: int) -> float:
    total = 0.0
    for child in children(pid):
        try:
            total += cpu_seconds(child)
        except OSError:
            continue
    return total


class Window:
    def __init__(self, env: dict[str, str], window: str) -> None:
        self.env, self.window = env, window

    def xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True, text=True,
                              timeout=20).stdout

    def click(self, logical: tuple[int, int]) -> None:
        values = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", self.window).split())
        inside = Viewport(LOGICAL_SIZE, (int(values["WIDTH"]), int(values["HEIGHT"]))).to_window(logical)
        self.xdotool("mousemove", "--window", self.window, str(inside[0]), str(inside[1]), "sleep", "0.2",
                     "click", "1")

    def key(self, name: str) -> None:
        self.xdotool("key", "--window", self.window, name)


def measure(name: str, pid: int, seconds: float, screen: Window, shots: bool) -> None:
    time.sleep(SETTLE_S)
    start, own, workers = time.monotonic(), cpu_seconds(pid), workers_cpu(pid)
    time.sleep(seconds)
    wall = time.monotonic() - start
    own, workers = cpu_seconds(pid) - own, workers_cpu(pid) - workers
    print(f"{name:<34} game process {100 * own / wall:5.1f}% of a core   workers {100 * workers / wall:5.1f}%   "
          f"({wall:.0f} s)", flush=True)
    if shots:
        screen.key("F12")
        time.sleep(0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="wall-clock seconds each screen is measured for, once settled (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=5,
                        help="the game's --seed: the match on the table (default: %(default)s)")
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR",
                        help="save the game's own picture (F12) of each screen here after its measurement")
    args = parser.parse_args(argv)
    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        print("needs Xvfb and xdotool (Debian packages xvfb and xdotool)", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="17steps-idle-"))
    number = next(n for n in range(120, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                  and not Path(f"/tmp/.X{n}-lock").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": f":{number}", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "XDG_CONFIG_HOME": str(folder / "config"), "XDG_DATA_HOME": str(folder / "data")}
    env.pop("SDL_VIDEODRIVER", None)
    game = None
    try:
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            time.sleep(0.05)
        shots = ["--screenshots", str(args.screenshots.resolve())] if args.screenshots else []
        game = subprocess.Popen([sys.executable, "-m", "game", "play", "--seed", str(args.seed), *shots], cwd=ROOT,
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(game.pid)], env=env, check=True,
                                capture_output=True, text=True, timeout=60).stdout.split()[0]
        screen = Window(env, window)
        screen.xdotool("mousemove", "0", "0")
        measure("title", game.pid, args.seconds, screen, bool(shots))
        screen.click(STATISTICS_BUTTON)
        measure("statistics", game.pid, args.seconds, screen, bool(shots))
        screen.key("Escape")
        time.sleep(0.5)
        screen.click(EASY_AI_BUTTON)  # with seed 5 the AI deals and flips the dora
        time.sleep(1.0)
        screen.xdotool("mousemove", "0", "0")
        measure("table, building (the clock runs)", game.pid, args.seconds, screen, bool(shots))
        screen.key("g")  # Suggest: the helper's best hand, a mangan
        time.sleep(0.5)
        screen.key("Return")
        time.sleep(DISCARD_WAIT_S)  # the AI builds and discards first
        measure("table, your discard", game.pid, args.seconds, screen, bool(shots))
    finally:
        if game is not None:
            game.terminate()
            game.wait(timeout=20)
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
