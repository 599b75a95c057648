"""What the executable ships, checked without building it: the version it reports, the
subset fonts (every character the game draws, small, with their licence), the icon, and
that the standard-library parts the spec leaves out are never imported."""

from __future__ import annotations

import ast
import os
import pkgutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

from fontTools.ttLib import TTFont

import game
from tests.helpers import build_module

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "17steps.spec"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SUBSET_LIMIT_BYTES = 200_000
THEME_SUBSET_LIMIT_BYTES = 2_500_000
"""The Japanese and Chinese fonts hold every kanji and hanzi their language's catalog uses."""


fonts = build_module("fonts")


def cmap(path: Path) -> set[str]:
    with TTFont(str(path)) as font:
        return {chr(code) for code in font.getBestCmap()}


def test_version_is_the_one_in_pyproject():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert game.__version__ == version
    done = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"17 Steps {version}"


def test_every_character_of_the_game_is_in_the_shipped_theme_fonts(shipped_fonts):
    drawn = fonts.string_literal_characters(ROOT / "game")
    assert {"十", "七", "歩", "—", "→"} <= drawn  # the scan sees the strings the title and table draw
    drawn = {c for c in drawn if c.isprintable() and c != " "} - {"⟦", "⟧"}  # the pseudo-locale's marks: tests only
    together: set[str] = set()
    for name in fonts.THEME_FONTS:
        shipped = cmap(shipped_fonts / name)
        original = cmap(fonts.font_path(name))
        missing = (drawn & original) - shipped
        assert not missing, f"{name} lacks {''.join(sorted(missing))}"
        assert (fonts.font_characters(name) & original) <= shipped
        together |= shipped
    assert drawn <= together  # 简 of 简体中文 is only in Noto Sans SC


def test_the_latin_and_symbol_fonts_keep_what_they_had_of_the_ui_characters(shipped_fonts):
    for name in fonts.STARTUP_FONTS:
        wanted = fonts.ui_characters() & cmap(fonts.font_path(name))
        assert wanted <= cmap(shipped_fonts / name), name
        assert "A" in wanted


def test_the_subsets_are_small_and_leave_out_what_the_game_never_draws(shipped_fonts):
    for name in fonts.SHIPPED_FONTS:
        limit = THEME_SUBSET_LIMIT_BYTES if name in fonts.THEME_FONTS else SUBSET_LIMIT_BYTES
        assert (shipped_fonts / name).stat().st_size < limit, name
    for name in fonts.THEME_FONTS:
        kept = cmap(shipped_fonts / name)
        assert kept <= fonts.font_characters(name), name  # nothing the game never draws
        assert "鬱" not in kept


def test_the_fonts_carry_their_licence(shipped_fonts):
    text = (shipped_fonts / fonts.FONT_LICENSE).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    for name in fonts.SHIPPED_FONTS:
        assert f"{name}: " in text
    assert "Adobe" in text and "Fira Code Project Authors" in text
    with TTFont(str(shipped_fonts / fonts.THEME_FONTS[0])) as font:
        assert "Open Font License" in font["name"].getDebugName(13)


def test_the_windows_icon_holds_a_png_for_every_size(tmp_path):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    icon = build_module("icon")
    data = icon.write_ico(tmp_path / "17steps.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    for index, size in enumerate(icon.ICO_SIZES):
        width, height, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert width == height == size % 256
        image = data[offset:offset + length]
        assert image.startswith(PNG_SIGNATURE)
        assert struct.unpack(">II", image[16:24]) == (size, size)


def spec_excludes() -> list[str]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "EXCLUDES" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("the spec has no EXCLUDES list")


def test_nothing_the_spec_leaves_out_is_imported_by_the_game(tmp_path):
    """Every game module, then a smoke run's worth of play: none of it imports what the
    executable does not carry."""
    excludes = spec_excludes()
    assert "tkinter" in excludes
    script = (
        "import importlib, json, pkgutil, sys, game\n"
        "for info in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    importlib.import_module(info.name)\n"
        "from game.__main__ import main\n"
        "code = main(['--smoke', '120', '--seed', '2'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    imported = set(ast.literal_eval(done.stdout.strip().splitlines()[-1]))
    assert any(name.startswith("game.ai") for name in imported)
    left_out = {name for name in imported if name.split(".")[0] in excludes}
    assert left_out == set()
    assert {info.name for info in pkgutil.walk_packages(game.__path__, "game.")} <= imported


def test_ci_builds_with_the_readme_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if "pyinstaller" in line and "build/17steps.spec" in line]
    assert len(commands) == 1
    assert commands[0] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
