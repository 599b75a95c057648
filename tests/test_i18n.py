"""The translation layer: choosing, switching and formatting a language."""
from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.words import i18n


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")



@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("ja_JP.UTF-8", "ja"),
        ("ja", "ja"),
        ("Japanese_Japan", "ja"),
        ("zh_CN.UTF-8", "zh_CN"),
        ("zh_SG", "zh_CN"),
        ("zh-Hans-CN", "zh_CN"),
        ("zh_TW.Big5", "zh_CN"),
        ("Chinese (Simplified)_China", "zh_CN"),
        ("en_GB.UTF-8", "en"),
        ("de_DE.UTF-8", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("", None),
        ("sr_RS@latin", None),
    ],
)
def test_language_of_a_locale_name(name: str, expected: str | None) -> None:
    assert i18n.language_of_locale(name) == expected



@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LANGUAGE": "de_DE", "LANG": "de_DE.UTF-8"}, None),
    ],
)
def test_system_language_follows_the_environment(environ: dict[str, str], expected: str | None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_windows_ui_locale", lambda: "")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *_: (None, None))
    assert i18n.system_language(environ) == (expected or "en")



def test_unknown_language_is_refused_and_the_current_one_kept() -> None:
    i18n.set_language("ja")
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")
    assert i18n.language() == "ja"



def test_english_plurals_and_the_source_text() -> None:
    i18n.set_language("en")
    assert i18n._("Build") == "Build"
    assert i18n.ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 tile"
    assert i18n.ngettext("{n} tile", "{n} tiles", 2).format(n=2) == "2 tiles"
    assert i18n.pgettext("wind", "East") == "East"



def test_pseudo_locale_marks_every_kind_of_message() -> None:
    i18n.set_language(i18n.PSEUDO)
    assert i18n._("Build") == "⟦Build⟧"
    assert i18n.ngettext("{n} tile", "{n} tiles", 3).format(n=3) == "⟦3 tiles⟧"
    assert i18n.pgettext("wind", "East") == "⟦East⟧"
    assert i18n.N_("Build") == "Build"



def test_a_catalog_is_read_from_its_po_when_no_mo_is_compiled(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        'msgid "Build"\nmsgstr "構築"\n\n'
        '#, fuzzy\nmsgid "Discard"\nmsgstr "打牌"\n\n'
        'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n}枚"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALE_FOLDER", tmp_path)
    i18n.set_language("ja")
    assert i18n._("Build") == "構築"
    assert i18n._("Discard") == "Discard", "a fuzzy translation is not shown"
    assert i18n.ngettext("{n} tile", "{n} tiles", 5).format(n=5) == "5枚"
    (folder / "messages.mo").write_bytes(i18n.compile_catalog(folder / "messages.po"))
    i18n.set_language("ja")
    assert i18n._("Build") == "構築"



def test_numbers_and_dates_follow_the_language() -> None:
    i18n.set_language("en")
    assert i18n.format_number(12345.678, 2) == "12,345.68"
    assert i18n.format_number(-0.5, 1) == "-0.5"
    moment = datetime(2026, 12, 1, 9, 5)
    english = i18n.format_datetime(moment)
    i18n.set_language("ja")
    japanese = i18n.format_datetime(moment)
    assert "2026" in japanese and "9:05" in japanese
    assert japanese != english



@given(st.dates())
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_day_is_written_as_babel_writes_it_without_its_data(language: str, day) -> None:
    from babel.dates import format_date

    i18n.set_language(language)
    try:
        assert i18n.format_date(day) == format_date(day, format="medium", locale=i18n.BABEL_LOCALES[language])
    finally:
        i18n.set_language("en")



# The window's title names the game once in each language: in Japanese it read
# 「17歩 — 十七歩」, the same name twice (the English title adds the Japanese name to tell
# what the game is; a Japanese reader is told it is Kaiji's mahjong duel instead).
NAMES = {"ja": ("17歩", "十七歩"), "zh_CN": ("十七步", "17步", "十七歩")}



@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_the_window_title_names_the_game_once(language):
    i18n.set_language(language)
    try:
        caption = i18n._("17 Steps — 十七歩")
    finally:
        i18n.set_language("en")
    assert sum(caption.count(name) for name in NAMES[language]) == 1, caption
    assert caption != "17 Steps — 十七歩", "translated"
