"""Numbers and percentages are written as Babel writes them, in every language, without the
7 MB of CLDR data Babel reads for its first number (game/app/words/number_format.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol, get_minus_sign_symbol
from hypothesis import given
from hypothesis import strategies as st

from game.app.words import i18n, number_format

ROOT = Path(__file__).resolve().parents[1]
SPOKEN = (*i18n.LANGUAGES, i18n.PSEUDO)
finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False)
hundredths = st.integers(min_value=-10**8, max_value=10**8).map(lambda n: n / 1000)
"""Values on the edge of rounding: 0.005, 2.675, -1.125."""


def babel_number(value: float, decimals: int, language: str) -> str:
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=i18n.BABEL_LOCALES[language])


def test_every_language_has_its_babel_locales_symbols() -> None:
    for language in SPOKEN:
        locale = i18n.BABEL_LOCALES[language]
        symbols = number_format.SYMBOLS[language]
        assert (symbols.group, symbols.decimal, symbols.minus) == (
            get_group_symbol(locale), get_decimal_symbol(locale), get_minus_sign_symbol(locale)), language
        assert format_percent(0.5, format="#,##0%", locale=locale) == f"50{symbols.percent}", language


@given(value=st.one_of(finite, hundredths, st.integers(min_value=-10**12, max_value=10**12)),
       decimals=st.integers(min_value=0, max_value=3), language=st.sampled_from(SPOKEN))
def test_a_number_is_written_as_babel_writes_it(value: float, decimals: int, language: str) -> None:
    assert number_format.format_number(value, decimals, language) == babel_number(value, decimals, language)


@given(share=st.one_of(st.floats(min_value=-3, max_value=3, allow_nan=False),
                       st.integers(min_value=-3000, max_value=3000).map(lambda n: n / 1000)),
       language=st.sampled_from(SPOKEN))
def test_a_percentage_is_written_as_babel_writes_it(share: float, language: str) -> None:
    expected = format_percent(share, format="#,##0%", locale=i18n.BABEL_LOCALES[language])
    assert number_format.format_percent(share, language) == expected


def test_the_game_writes_its_numbers_without_reading_babels_locale_data() -> None:
    script = (
        "import sys\n"
        "from game.app.words import i18n\n"
                "for language in (*i18n.LANGUAGES, i18n.PSEUDO):\n"
        "    i18n.set_language(language)\n"
        "    print(i18n.format_number(1234567.5, 1), i18n.format_percent(0.425))\n"
        "core, data = sys.modules.get('babel.core'), sys.modules.get('babel.localedata')\n"
        "print(getattr(core, '_global_data', None) is None, not getattr(data, '_cache', None))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=60)
    lines = done.stdout.splitlines()
    assert lines[0] == "1,234,567.5 42%"
    assert lines[-1] == "True True"
