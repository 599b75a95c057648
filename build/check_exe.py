"""Check a built executable the way CI must: `python build/check_exe.py dist/17steps`.

0. The file is at most 30 MB (`--size-only`: this check alone, for the release builds).
1. `--version` names the version in pyproject.toml.
2. With no display at all it says so in one line on stderr and exits 1, no traceback.
3. `--smoke` under SDL's dummy video driver plays at least one whole hand and exits 0.
4. Under Xvfb (when installed): the smoke run in a real X window, with a screenshot taken
   by pressing F12 through X and the smoke's own last frame; neither may be blank.
5. Under Xvfb, a first launch in an empty home folder: Enter starts a match against the AI,
   the match is saved in the user data folder, and nothing is written beside the executable
   or into the working folder.
Prints what it checked; exits 1 at the first failure.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame loads: no greeting

import pygame

from game.app.window.window import WINDOW_CLASS

ROOT = Path(__file__).resolve().parent.parent
SMOKE_FRAMES = 1200
"""20 s at 60 frames a second: enough for a hand on a loaded 2-core machine."""
XVFB_SMOKE_FRAMES = 600
MIN_COLOURS = 16
F12_AFTER_S = 4.0
TIMEOUT_S = 180
MAX_SIZE_BYTES = 30_000_000


class CheckFailed(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def base_env(home: Path) -> dict[str, str]:
    """The environment of a player who never ran the game: an empty home folder."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               SDL_AUDIODRIVER="dummy")
    return env


def run(exe: Path, args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(exe), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT_S)


def smoke_numbers(stdout: str) -> dict[str, int]:
    found = re.search(r"smoke: (\d+) frames, .* (\d+) hands dealt, (\d+) settled, (\d+) moves", stdout)
    check(found is not None, f"no smoke line in {stdout!r}")
    assert found is not None
    return dict(zip(("frames", "dealt", "settled", "moves"), map(int, found.groups()), strict=True))


def distinct_colours(png: Path) -> int:
    image = pygame.image.load(str(png))
    small = pygame.transform.scale(image, (80, 50))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(80) for y in range(50)})


def check_not_blank(png: Path) -> None:
    check(png.is_file(), f"no screenshot {png}")
    colours = distinct_colours(png)
    check(colours >= MIN_COLOURS, f"{png} looks blank: {colours} colours")
    print(f"  {png.name}: {colours} distinct colours")


def check_version(exe: Path, work: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    done = run(exe, ["--version"], base_env(work), work)
    check(done.returncode == 0 and done.stdout.strip() == f"17 Steps {version}", f"--version said {done!r}")
    print(f"ok: --version says {done.stdout.strip()}")


def check_no_display(exe: Path, work: Path) -> None:
    for args in ([], ["--smoke", "10"]):
        done = run(exe, args, base_env(work), work)
        lines = done.stderr.strip().splitlines()
        check(done.returncode == 1, f"{args}: exit {done.returncode} without a display")
        check(len(lines) == 1 and "needs a display" in lines[0], f"{args}: stderr {done.stderr!r}")
    print(f"ok: without a display: {lines[0]}")


def check_dummy_smoke(exe: Path, work: Path) -> None:
    env = {**base_env(work), "SDL_VIDEODRIVER": "dummy"}
    done = run(exe, ["--smoke", str(SMOKE_FRAMES), "--seed", "5"], env, work)
    check(done.returncode == 0, f"smoke exit {done.returncode}: {done.stderr}")
    numbers = smoke_numbers(done.stdout)
    check(numbers["frames"] == SMOKE_FRAMES and numbers["settled"] >= 1, f"smoke did not finish a hand: {numbers}")
    check(not (work / ".config").exists() and not (work / ".local").exists(), "the smoke run wrote user files")
    print(f"ok: dummy video smoke: {done.stdout.strip()}")


def free_display() -> int:
    for number in range(71, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise CheckFailed("no free X display number")


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    number = free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        else:
            raise CheckFailed("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def xdotool(env: dict[str, str], *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=env, check=True, capture_output=True, text=True,
                          timeout=60).stdout


def game_window(env: dict[str, str]) -> str:
    """The game's window, by its X11 class: its process is not the one started (a one-file
    executable unpacks itself, then runs the game as its child)."""
    return xdotool(env, "search", "--sync", "--classname", WINDOW_CLASS).split()[0]


def finish(game: subprocess.Popen[str], what: str) -> str:
    stdout, stderr = game.communicate(timeout=TIMEOUT_S)
    check(game.returncode == 0, f"{what}: exit {game.returncode}: {stderr}")
    return stdout


def check_xvfb_smoke(exe: Path, work: Path, display: str) -> None:
    shots = work / "shots"
    env = {**base_env(work), "DISPLAY": display}
    game = subprocess.Popen([str(exe), "--smoke", str(XVFB_SMOKE_FRAMES), "--screenshots", str(shots)],
                            env=env, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = game_window(env)
        time.sleep(F12_AFTER_S)
        xdotool(env, "key", "--window", window, "F12")
        stdout = finish(game, "Xvfb smoke")
    finally:
        game.kill()
    pictures = sorted(shots.glob("*.png"))
    check(len(pictures) == 2, f"expected the F12 screenshot and the last frame, found {pictures}")
    print(f"ok: Xvfb smoke: {stdout.strip()}")
    for picture in pictures:
        check_not_blank(picture)
    keep = os.environ.get("SEVENTEEN_STEPS_SHOTS")  # a folder to copy them to, to look at
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for picture in pictures:
            shutil.copy(picture, Path(keep) / f"exe-{picture.name}")


def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def check_first_launch(exe: Path, work: Path, display: str) -> None:
    home = work / "home"
    home.mkdir()
    env = {**base_env(home), "DISPLAY": display}
    beside = listing(exe.parent)
    game = subprocess.Popen([str(exe), "--frames", "600", "--seed", "3"], env=env, cwd=exe.parent,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = game_window(env)
        time.sleep(1.5)
        for _ in range(3):  # the title's first button (the easy AI), then the dora if it is ours to flip
            xdotool(env, "key", "--window", window, "Return")
            time.sleep(1.0)
        xdotool(env, "key", "--window", window, "F12")
        finish(game, "first launch")
    finally:
        game.kill()
    data = home / ".local/share/17steps"
    check((data / "unfinished_match.jsonl").is_file(), f"no saved match in {data}: {listing(home)}")
    check((data / "screenshots").is_dir(), f"no screenshots folder in {data}")
    check(listing(exe.parent) == beside, f"files appeared beside the executable: {listing(exe.parent)}")
    print(f"ok: first launch: created {', '.join(listing(home))}; nothing beside the executable")


def check_size(exe: Path) -> None:
    size = exe.stat().st_size
    check(size <= MAX_SIZE_BYTES, f"{exe.name} is {size / 1e6:.1f} MB, over {MAX_SIZE_BYTES / 1e6:.0f} MB")
    print(f"ok: {exe.name} is {size / 1e6:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exe", type=Path)
    parser.add_argument("--size-only", action="store_true", help="check only the file's size")
    args = parser.parse_args()
    exe = args.exe.resolve()
    needs_x = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    try:
        check_size(exe)
        if args.size_only:
            return 0
        with tempfile.TemporaryDirectory(prefix="17steps-check-") as folder:
            work = Path(folder)
            check_version(exe, work)
            check_no_display(exe, work)
            check_dummy_smoke(exe, work)
            if needs_x:
                print(f"skipped the Xvfb checks: {', '.join(needs_x)} not installed")
                return 0
            with xvfb() as display:
                check_xvfb_smoke(exe, work, display)
                check_first_launch(exe, work, display)
    except (CheckFailed, subprocess.SubprocessError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
