"""The executable ships the compiled catalogs where game/app/words/i18n.py looks for them when
frozen: `game/locale/<language>/LC_MESSAGES/messages.mo` inside the bundle, with no `.po`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.app.words import i18n
from tests.test_ship import ROOT, SPEC, build_module

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
