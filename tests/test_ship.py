"""What the executable ships, checked without building it: the version it reports, the
subset fonts (every character the game draws, small, with their licence), the icon, and
that the standard-library parts the spec leaves out are never imported."""
from __future__ import annotations

import ast
import os
import pkgutil
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

import game
from game.app.words import i18n
from game.app.words.i18n import LANGUAGE_NAMES
from tests.helpers import build_module, scanned_fonts

ROOT = Path(__file__).resolve().parent.parent



SPEC = ROOT / "build" / "17steps.spec"



PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"



SUBSET_LIMIT_BYTES = 200_000



THEME_SUBSET_LIMIT_BYTES = 2_500_000



"""The Japanese and Chinese fonts hold every kanji and hanzi their language's catalog uses."""



fonts = scanned_fonts()



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
    characters = fonts.ui_characters()
    for name in fonts.STARTUP_FONTS:
        wanted = characters & cmap(fonts.font_path(name))
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
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SEVENTEEN_STEPS_UNPACED_SMOKE": "1",
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



# The executable ships the compiled catalogs where game/app/words/i18n.py looks for them when
# frozen: `game/locale/<language>/LC_MESSAGES/messages.mo` inside the bundle, with no `.po`.
catalogs = build_module("catalogs")



@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")



def test_the_catalogs_go_where_the_frozen_game_looks(tmp_path: Path) -> None:
    datas = catalogs.make_catalogs(tmp_path / "work")
    assert sorted(Path(dest).parent.name for _, dest in datas) == ["ja", "zh_CN"]
    bundle = tmp_path / "bundle"
    for source, dest in datas:
        (bundle / dest).mkdir(parents=True, exist_ok=True)
        shutil.copy(source, bundle / dest / Path(source).name)
    # The frozen i18n module sits at <bundle>/game/app/i18n.pyc: its locale folder is <bundle>/game/locale.
    assert i18n.LOCALE_FOLDER.relative_to(ROOT).as_posix() == catalogs.BUNDLE_LOCALE
    frozen_locale = bundle / catalogs.BUNDLE_LOCALE
    for language in ("ja", "zh_CN"):
        compiled = frozen_locale / language / "LC_MESSAGES" / "messages.mo"
        assert compiled.is_file() and not compiled.with_suffix(".po").exists()



def test_the_game_speaks_from_the_compiled_catalog_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With only the `.mo` (as in the bundle), a translated message comes out translated."""
    source = tmp_path / "source" / "ja" / "LC_MESSAGES" / "messages.po"
    source.parent.mkdir(parents=True)
    source.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                      'msgid "Build"\nmsgstr "組む"\n', encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path / "source")
    datas = catalogs.make_catalogs(tmp_path / "work")
    bundle_locale = tmp_path / "bundle" / "game" / "locale"
    for compiled, dest in datas:
        target = tmp_path / "bundle" / dest
        target.mkdir(parents=True)
        shutil.copy(compiled, target)
    monkeypatch.setattr(i18n, "LOCALE_FOLDER", bundle_locale)
    i18n.set_language("ja")
    assert i18n._("Build") == "組む"



def test_the_spec_ships_the_catalogs() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    assert "catalogs.make_catalogs(" in spec



FORMAT_EVERY_LANGUAGE = """
import sys
from datetime import datetime
from babel import localedata
if len(sys.argv) > 1:
    localedata._dirname = sys.argv[1]
from game.app.words import i18n
for language in i18n.LANGUAGES:
    i18n.set_language(language)
    print(i18n.format_number(1234567.5, 1), i18n.format_datetime(datetime(2026, 12, 1, 13, 5)),
          i18n.format_percent(0.425))
"""



def formatted(*data_folder: str) -> str:
    """Every language's numbers and dates, formatted in a fresh process (Babel caches its data)."""
    done = subprocess.run([sys.executable, "-c", FORMAT_EVERY_LANGUAGE, *data_folder], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout



def test_the_babel_locales_shipped_format_every_language(tmp_path: Path) -> None:
    """With only the locale data the spec keeps, every language formats its numbers and dates
    as with all of Babel's data."""
    from babel import localedata

    kept = tmp_path / "locale-data"
    kept.mkdir()
    for data in Path(localedata._dirname).glob("*.dat"):
        if not catalogs.is_unused_babel_locale(f"{catalogs.BABEL_DATA}/{data.name}"):
            shutil.copy(data, kept / data.name)
    assert len(list(kept.glob("*.dat"))) == len(catalogs.BABEL_LOCALES_SHIPPED)
    assert formatted(str(kept)) == formatted()
    assert not catalogs.is_unused_babel_locale("babel/locale-data/ja.dat")
    assert catalogs.is_unused_babel_locale("babel/locale-data/de.dat")



# The settings' language drop-down draws in Noto Sans SC whatever the language (the theme's
# #language: 简体中文 must show, and Noto Sans JP has no 简), so the shipped Noto Sans SC holds
# every language's "System (…)" choice: in Japanese システム showed as four boxes.
@pytest.mark.parametrize("language", sorted(fonts.catalog_paths()))
@pytest.mark.parametrize("name", fonts.LANGUAGE_FONTS["zh_CN"])
def test_the_chinese_font_holds_every_language_s_system_choice(language, name):
    with fonts.catalog_paths()[language].open("rb") as file:
        catalog = read_po(file)
    system = catalog.get("System ({language})").string
    assert system, f"{language}: the choice is translated"
    shown = {system.format(language=own) for own in LANGUAGE_NAMES.values()}
    missing = {c for text in shown for c in text if c != " "} - fonts.font_characters(name)
    assert not missing, f"{language}: {sorted(missing)} would show as boxes in {name}"
