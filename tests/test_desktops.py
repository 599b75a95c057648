"""The game as each desktop receives it, checked without a Mac or a Windows machine: the
spec's settings per platform (a macOS .app bundle, the Windows version resource), the icon
files, and the Linux archive's menu entry, install and uninstall scripts."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pygame
import PyInstaller.compat
import PyInstaller.utils
import PyInstaller.utils.hooks
import pytest
from PIL import Image
from PIL.IcnsImagePlugin import IcnsFile

from game.app.window.icon import icon_surface
from game.app.window.window import ICON_SIZE, WINDOW_CLASS
from tests.helpers import build_module

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "17steps.spec"
LINUX = ROOT / "packaging" / "linux"
ENTRY = LINUX / "seventeen-steps.desktop"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
THEME_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
needs_validator = pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                                     reason="needs desktop-file-validate (Debian package desktop-file-utils)")


icon = build_module("icon")


# --- the spec, run as PyInstaller runs it, with its build targets recorded -----------------

class Analysis:
    def __init__(self, scripts, **kwargs) -> None:
        self.kwargs = kwargs
        self.pure, self.scripts, self.datas = [], [("main", scripts[0], "PYSOURCE")], []
        self.binaries = [("libpython3.11.dylib", "/lib/libpython3.11.dylib", "BINARY"),
                         ("pygame/base.so", "/lib/pygame/base.so", "EXTENSION"),
                         ("pygame/SDL2.dylib", "/lib/pygame/SDL2.dylib", "BINARY")]


def run_spec(platform: str, monkeypatch: pytest.MonkeyPatch, work: Path) -> dict[str, list[SimpleNamespace]]:
    """Execute build/17steps.spec as if on `platform`; what each target (EXE, BUNDLE...) got."""
    built: dict[str, list[SimpleNamespace]] = {}

    def target(kind: str):
        def record(*args, **kwargs):
            made = SimpleNamespace(args=args, kwargs=kwargs)
            built.setdefault(kind, []).append(made)
            return made
        return record

    binary_minimums = {"/lib/libpython3.11.dylib": (10, 9, 0), "/lib/pygame/base.so": (11, 0, 0),
                       "/lib/pygame/SDL2.dylib": (10, 11, 0)}
    fake_osx = SimpleNamespace(macosx_version_min=binary_minimums.__getitem__)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.osx", fake_osx)  # macholib is only on macOS
    monkeypatch.setattr(PyInstaller.utils, "osx", fake_osx, raising=False)
    # PyInstaller's version-resource module imports pywin32, which it needs only to write into an .exe.
    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    monkeypatch.setitem(sys.modules, "fonts", SimpleNamespace(make_fonts=lambda folder: []))  # tested in test_ship
    monkeypatch.setattr(PyInstaller.utils.hooks, "collect_submodules", lambda package: [package])
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    namespace = {"SPECPATH": str(SPEC.parent), "workpath": str(work), "distpath": str(work / "dist"),
                 "Analysis": Analysis, "PYZ": target("PYZ"), "EXE": target("EXE"), "COLLECT": target("COLLECT"),
                 "BUNDLE": target("BUNDLE")}
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return built


def test_on_macos_the_spec_makes_a_windowed_app_bundle_of_a_one_folder_build(monkeypatch, tmp_path):
    built = run_spec("darwin", monkeypatch, tmp_path)
    (exe,), (collected,), (bundle,) = built["EXE"], built["COLLECT"], built["BUNDLE"]
    assert exe.kwargs["exclude_binaries"] is True and exe.kwargs["console"] is False
    assert exe.kwargs["name"] == "17steps" and exe.kwargs["target_arch"] is None  # the runner's own architecture
    assert collected.args[0] is exe and collected.args[1] == Analysis(["main.py"]).binaries
    assert bundle.args == (collected,)
    assert bundle.kwargs["name"] == "17 Steps.app"
    assert bundle.kwargs["bundle_identifier"] == "io.github.seventeen-steps.game"
    assert bundle.kwargs["version"] == VERSION
    assert bundle.kwargs["icon"] == exe.kwargs["icon"] and bundle.kwargs["icon"].endswith(".icns")
    with open(bundle.kwargs["icon"], "rb") as family:
        assert len(IcnsFile(family).itersizes()) == 8
    plist = bundle.kwargs["info_plist"]
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "17 Steps"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSMinimumSystemVersion"] == "11.0"  # the newest minimum among the binaries
    assert "Copyright" in plist["NSHumanReadableCopyright"]


def test_on_windows_the_spec_makes_one_windowed_exe_with_icon_and_version_resource(monkeypatch, tmp_path):
    built = run_spec("win32", monkeypatch, tmp_path)
    from PyInstaller.utils.win32 import versioninfo

    assert "BUNDLE" not in built and "COLLECT" not in built
    (exe,) = built["EXE"]
    assert exe.kwargs["console"] is False and exe.kwargs["name"] == "17steps"
    assert Image.open(exe.kwargs["icon"]).format == "ICO"
    resource = exe.kwargs["version"]  # PyInstaller writes its toRaw() into the .exe's resources
    assert isinstance(resource, versioninfo.VSVersionInfo)
    strings = {entry.name: entry.val for entry in resource.kids[0].kids[0].kids}
    assert strings["FileVersion"] == strings["ProductVersion"] == VERSION
    assert strings["ProductName"] == "17 Steps" and strings["OriginalFilename"] == "17steps.exe"
    assert strings["FileDescription"] and "Copyright" in strings["LegalCopyright"]
    major, minor, patch = (int(part) for part in VERSION.split("."))
    fixed = resource.ffi
    assert (fixed.fileVersionMS, fixed.fileVersionLS) == ((major << 16) | minor, patch << 16)
    assert (fixed.productVersionMS, fixed.productVersionLS) == (fixed.fileVersionMS, fixed.fileVersionLS)


def test_on_linux_the_spec_makes_one_console_executable(monkeypatch, tmp_path):
    built = run_spec("linux", monkeypatch, tmp_path)
    assert "BUNDLE" not in built and "COLLECT" not in built
    (exe,) = built["EXE"]
    assert exe.kwargs["console"] is True and exe.kwargs["icon"] is None and exe.kwargs["version"] is None
    assert exe.args[2] == Analysis(["main.py"]).binaries  # one file: the libraries go inside


# --- the icon files --------------------------------------------------------------------------

def test_the_macos_icon_holds_every_size_finder_and_the_dock_draw(tmp_path):
    with open(icon.write_icns(tmp_path / "17steps.icns"), "rb") as file:
        family = IcnsFile(file)
        sizes = family.itersizes()
        assert sorted(sizes) == [(16, 16, 2), (32, 32, 2), (128, 128, 1), (128, 128, 2), (256, 256, 1),
                                 (256, 256, 2), (512, 512, 1), (512, 512, 2)]
        for points, _, scale in sizes:
            image = family.getimage((points, points, scale))
            assert image.size == (points * scale, points * scale)
            centre = image.getpixel((points * scale // 2, points * scale // 2))
            assert centre[3] == 255  # the tile, not the transparent outside


def test_the_windows_icon_opens_at_every_size_and_is_the_window_icon(tmp_path):
    path = icon.write_ico(tmp_path / "17steps.ico")
    with Image.open(path) as ico:
        assert sorted(ico.info["sizes"]) == [(size, size) for size in (16, 24, 32, 48, 64, 128, 256)]
        ico.size = (ICON_SIZE, ICON_SIZE)
        shown = ico.convert("RGBA").tobytes()
    assert shown == pygame.image.tobytes(icon_surface(ICON_SIZE), "RGBA")


# --- the Linux archive -------------------------------------------------------------------------

def desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


@needs_validator
def test_the_menu_entry_passes_desktop_file_validate():
    done = subprocess.run(["desktop-file-validate", str(ENTRY)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "", done.stdout


def test_the_menu_entry_groups_the_window_under_its_launcher():
    entry = desktop_entry(ENTRY)
    assert entry["StartupWMClass"] == WINDOW_CLASS
    assert entry["Icon"] == WINDOW_CLASS and ENTRY.stem == WINDOW_CLASS
    assert entry["Name"] == "17 Steps" and entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory) -> Path:
    """The release archive, packed around a stand-in game (a script that names its arguments)."""
    work = tmp_path_factory.mktemp("package")
    game = work / "17steps"
    game.write_text('#!/bin/sh\necho "17 Steps stand-in $*"\n', encoding="utf-8")
    game.chmod(0o755)
    done = subprocess.run([sys.executable, str(ROOT / "build" / "package_linux.py"), str(game), str(work / "out"),
                           "--machine", "x86_64"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    archive = Path(done.stdout.strip())
    assert archive.name == f"17steps-{VERSION}-linux-x86_64.tar.gz"
    with tarfile.open(archive) as tar:
        tar.extractall(work / "unpacked", filter="data")
    return work / "unpacked" / archive.name.removesuffix(".tar.gz")


def files_in(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if not path.is_dir())


def run_script(script: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    done = subprocess.run([str(script)], env={**env, "HOME": str(home)}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


INSTALLED = sorted([".local/bin/17steps", ".local/share/applications/seventeen-steps.desktop",
                    *(f".local/share/icons/hicolor/{size}x{size}/apps/seventeen-steps.png" for size in THEME_SIZES)])


def test_the_archive_holds_the_game_its_entry_scripts_and_icons(unpacked):
    assert files_in(unpacked) == sorted(["17steps", "README.txt", "install.sh", "uninstall.sh",
                                         "seventeen-steps.desktop",
                                         *(f"icons/hicolor/{s}x{s}/apps/seventeen-steps.png" for s in THEME_SIZES)])
    for name in ("17steps", "install.sh", "uninstall.sh"):
        assert os.access(unpacked / name, os.X_OK), name
    for size in THEME_SIZES:
        with Image.open(unpacked / f"icons/hicolor/{size}x{size}/apps/seventeen-steps.png") as image:
            assert image.size == (size, size)


def test_install_into_an_empty_home_then_uninstall_leaves_it_empty(unpacked, tmp_path):
    home = tmp_path / "home with space"
    home.mkdir()
    run_script(unpacked / "install.sh", home)
    assert files_in(home) == INSTALLED
    entry = desktop_entry(home / ".local/share/applications/seventeen-steps.desktop")
    game = home / ".local/bin/17steps"
    assert entry["Exec"] == f'"{game}"' and entry["TryExec"] == str(game)
    started = subprocess.run([str(game), "--version"], capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == "17 Steps stand-in --version"
    run_script(unpacked / "install.sh", home)  # again: an update, not a second copy
    assert files_in(home) == INSTALLED
    run_script(unpacked / "uninstall.sh", home)
    assert list(home.iterdir()) == []


@needs_validator
def test_the_installed_entry_passes_desktop_file_validate(unpacked, tmp_path):
    run_script(unpacked / "install.sh", tmp_path)
    installed = tmp_path / ".local/share/applications/seventeen-steps.desktop"
    done = subprocess.run(["desktop-file-validate", str(installed)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "", done.stdout


def test_uninstall_keeps_the_players_saves_and_other_applications(unpacked, tmp_path):
    run_script(unpacked / "install.sh", tmp_path)
    saved = tmp_path / ".local/share/17steps/unfinished_match.jsonl"
    other = tmp_path / ".local/share/applications/other.desktop"
    for path in (saved, other):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("kept\n", encoding="utf-8")
    done = run_script(unpacked / "uninstall.sh", tmp_path)
    assert files_in(tmp_path) == sorted([".local/share/17steps/unfinished_match.jsonl",
                                         ".local/share/applications/other.desktop"])
    assert f"kept your settings and saves in {saved.parent}" in done.stdout


def test_finders_process_serial_number_is_not_taken_for_an_option():
    done = subprocess.run([sys.executable, "main.py", "-psn_0_4711", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"17 Steps {VERSION}", done.stderr
