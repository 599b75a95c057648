"""Every translated text can be drawn: each character of each catalog's translations is in
the full font of its language (Noto Sans JP for Japanese, Noto Sans SC for Chinese) and in
the subset of that font the executable ships (build/fonts.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tests.helpers import build_module, scanned_fonts

fonts = build_module("fonts")
LANGUAGES = sorted(fonts.catalog_paths())


def cmap(path: Path) -> set[str]:
    with TTFont(str(path)) as font:
        return {chr(code) for code in font.getBestCmap()}


@pytest.fixture
def subsets(shipped_fonts: Path) -> Path:
    """The theme's fonts as shipped, each subset to `font_characters` (tests/conftest.py)."""
    return shipped_fonts


def test_every_language_of_the_game_has_a_catalog_and_its_fonts() -> None:
    assert {"ja", "zh_CN"} <= set(LANGUAGES)
    for language in LANGUAGES:
        assert fonts.LANGUAGE_FONTS[language], language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_languages_font_draws_every_character_of_its_translations(language: str) -> None:
    texts = fonts.catalog_translations(fonts.catalog_paths()[language])
    for name in fonts.LANGUAGE_FONTS[language]:
        missing = fonts.missing_glyphs(texts, fonts.font_path(name))
        assert not missing, f"{name} cannot draw {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_subset_holds_every_character_of_the_translations(language: str, subsets: Path) -> None:
    texts = fonts.catalog_translations(fonts.catalog_paths()[language])
    for name in fonts.LANGUAGE_FONTS[language]:
        missing = fonts.missing_glyphs(texts, subsets / name)
        assert not missing, f"the shipped {name} lacks {missing}"


CATALOG = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Build"
msgstr "{translation}"
"""


def catalogs_holding(folder: Path, translations: dict[str, str]) -> Path:
    for language, translation in translations.items():
        path = folder / language / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        path.write_text(CATALOG.format(translation=translation), encoding="utf-8")
    return folder


def test_a_translation_the_font_cannot_draw_is_found(tmp_path: Path) -> None:
    catalogs = catalogs_holding(tmp_path, {"ja": "組む⟦"})
    texts = fonts.catalog_translations(catalogs / "ja" / "LC_MESSAGES" / "messages.po")
    assert texts == ["組む⟦"]
    assert fonts.missing_glyphs(texts, fonts.font_path("NotoSansJP-Regular.otf")) == {"⟦": "組む⟦"}


def test_the_subset_follows_the_catalogs_of_the_languages_it_draws(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A kanji only the Japanese catalog uses is in the Japanese font's subset, and not in the
    Chinese one's; the Chinese catalog's hanzi the other way round."""
    monkeypatch.setattr(fonts, "CATALOGS", catalogs_holding(tmp_path / "locale", {"ja": "鬱", "zh_CN": "鑫"}))
    monkeypatch.setattr(fonts, "base_characters", scanned_fonts().base_characters)  # no catalog in it
    assert "鬱" in fonts.font_characters("NotoSansJP-Regular.otf")
    assert "鬱" not in fonts.font_characters("NotoSansSC-Regular.otf")
    assert "鑫" in fonts.font_characters("NotoSansSC-Bold.otf")
    assert "鑫" not in fonts.font_characters("NotoSansJP-Bold.otf")
    fonts.subset_font(fonts.font_path("NotoSansJP-Regular.otf"), tmp_path / "jp.otf",
                      fonts.font_characters("NotoSansJP-Regular.otf"))
    assert fonts.missing_glyphs(["鬱"], tmp_path / "jp.otf") == {}
    assert fonts.missing_glyphs(["鑫"], tmp_path / "jp.otf") == {"鑫": "鑫"}
    assert {"鬱", "鑫"} <= fonts.ui_characters()
