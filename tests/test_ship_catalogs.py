"""The executable ships the compiled catalogs where game/app/i18n.py looks for them when
frozen: `game/locale/<language>/LC_MESSAGES/messages.mo` inside the bundle, with no `.po`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.app import i18n
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
