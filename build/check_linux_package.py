"""Check the Linux release archive the way a player uses it:
`python build/check_linux_package.py release/17steps-VERSION-linux-x86_64.tar.gz`.

1. The archive unpacks into one folder with the game, the menu entry, install.sh,
   uninstall.sh, README.txt and the icon at every hicolor size; the scripts and the game are
   executable; the menu entry passes `desktop-file-validate`.
2. install.sh, in an empty home folder, installs exactly the game, the menu entry and the
   icons; the installed entry passes `desktop-file-validate` and its Exec is the installed game.
3. The game starts from the installed path (the entry's Exec): `--version`, then under Xvfb a
   smoke run whose window's X11 class (`xprop WM_CLASS`) is the entry's StartupWMClass.
4. uninstall.sh leaves the home folder empty again.
Prints what it checked; exits 1 at the first failure.
"""

from __future__ import annotations

import argparse
import configparser
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import appinfo
import check_exe
import icon
from check_exe import CheckFailed, check, listing

DESKTOP_ENTRY = f"{appinfo.LINUX_APP_ID}.desktop"
SMOKE_FRAMES = 240


def installed_files() -> list[str]:
    """What install.sh puts in a home folder (files only), relative to it."""
    icons = [f".local/share/icons/hicolor/{size}x{size}/apps/{appinfo.LINUX_APP_ID}.png" for size in icon.THEME_SIZES]
    return sorted([f".local/bin/{appinfo.EXECUTABLE}", f".local/share/applications/{DESKTOP_ENTRY}", *icons])


def desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def validate(path: Path) -> None:
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=60)
    check(done.returncode == 0 and not done.stdout.strip(), f"desktop-file-validate {path}: {done.stdout}{done.stderr}")


def unpack(archive: Path, into: Path) -> Path:
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    folders = list(into.iterdir())
    check(len(folders) == 1 and folders[0].name == archive.name.removesuffix(".tar.gz"),
          f"the archive should hold one folder named after it, not {folders}")
    folder = folders[0]
    for name in (appinfo.EXECUTABLE, "install.sh", "uninstall.sh"):
        check(os.access(folder / name, os.X_OK), f"{name} is not executable in the archive")
    for size in icon.THEME_SIZES:
        check((folder / f"icons/hicolor/{size}x{size}/apps/{appinfo.LINUX_APP_ID}.png").is_file(), f"no {size} px icon")
    check((folder / "README.txt").is_file(), "no README.txt")
    validate(folder / DESKTOP_ENTRY)
    print(f"ok: {archive.name} unpacks into {folder.name}/ with the game, its menu entry, scripts and icons")
    return folder


def home_env(home: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    return {**env, "HOME": str(home)}


def install(folder: Path, home: Path) -> list[str]:
    done = subprocess.run([str(folder / "install.sh")], env=home_env(home), capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"install.sh exit {done.returncode}: {done.stderr}")
    files = [name for name in listing(home) if (home / name).is_file()]
    check(files == installed_files(), f"install.sh installed {files}")
    entry_path = home / ".local/share/applications" / DESKTOP_ENTRY
    validate(entry_path)
    command = shlex.split(desktop_entry(entry_path)["Exec"])
    check(command == [str(home / ".local/bin" / appinfo.EXECUTABLE)], f"the installed entry runs {command}")
    print(f"ok: install.sh installed {len(files)} files; the entry runs {command[0]}")
    return command


def check_installed_game(command: list[str], home: Path, work: Path, wm_class: str) -> None:
    env = {**check_exe.base_env(home), "XDG_CACHE_HOME": str(work / "cache")}  # the graphics stack's caches
    done = subprocess.run([*command, "--version"], env=env, cwd=work, capture_output=True, text=True, timeout=120)
    check(done.returncode == 0 and done.stdout.startswith("17 Steps "), f"--version said {done!r}")
    with check_exe.xvfb() as display:
        env["DISPLAY"] = display
        game = subprocess.Popen([*command, "--smoke", str(SMOKE_FRAMES)], env=env, cwd=work,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            window = check_exe.game_window(env)
            found = subprocess.run(["xprop", "-id", window, "WM_CLASS"], env=env, capture_output=True, text=True,
                                   timeout=60).stdout.strip()
            check_exe.finish(game, "the installed game's smoke run")
        finally:
            game.kill()
    expected = f'WM_CLASS(STRING) = "{wm_class}", "{wm_class}"'
    check(found == expected, f"the window says {found!r}, the menu entry's StartupWMClass is {wm_class!r}")
    print(f"ok: the installed game runs; its window's {found}")


def uninstall(folder: Path, home: Path) -> None:
    done = subprocess.run([str(folder / "uninstall.sh")], env=home_env(home), capture_output=True, text=True,
                          timeout=60)
    check(done.returncode == 0, f"uninstall.sh exit {done.returncode}: {done.stderr}")
    check(listing(home) == [], f"uninstall.sh left {listing(home)}")
    print("ok: uninstall.sh left the home folder empty")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", type=Path)
    args = parser.parse_args()
    missing = [tool for tool in ("desktop-file-validate", "Xvfb", "xdotool", "xprop") if shutil.which(tool) is None]
    if missing:
        print(f"FAILED: needs {', '.join(missing)} (Debian: desktop-file-utils, xvfb, xdotool, x11-utils)",
              file=sys.stderr)
        return 1
    try:
        with tempfile.TemporaryDirectory(prefix="17steps-package-check-") as name:
            work = Path(name)
            (work / "unpacked").mkdir()
            (work / "home").mkdir()
            folder = unpack(args.archive.resolve(), work / "unpacked")
            wm_class = desktop_entry(folder / DESKTOP_ENTRY)["StartupWMClass"]
            command = install(folder, work / "home")
            check_installed_game(command, work / "home", work, wm_class)
            uninstall(folder, work / "home")
    except (CheckFailed, subprocess.SubprocessError, OSError, KeyError) as error:
        print(f"FAILED: {error!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
