"""The settings' language drop-down draws in Noto Sans SC whatever the language (the theme's
#language: 简体中文 must show, and Noto Sans JP has no 简), so the shipped Noto Sans SC holds
every language's "System (…)" choice: in Japanese システム showed as four boxes."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.app.words.i18n import LANGUAGE_NAMES
from tests.helpers import build_module

ROOT = Path(__file__).resolve().parents[1]


fonts = build_module("fonts")


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
