"""Numbers and percentages as each of the game's languages writes them, without Babel.

Babel's first number costs the game process some 7 MB: it reads CLDR's global data and a
locale's whole data (names of every language, territory, currency, calendar) to learn two
symbols. The game's three languages write numbers alike (CLDR: group ',', decimal '.',
minus '-', percent '%'), so the symbols are kept here and the rounding is Babel's own
(the shortest decimal of a float, half to even); `tests/test_number_format.py` checks every
language against Babel. Dates are still Babel's (i18n.format_date), on the screens that show them.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from typing import NamedTuple


class NumberSymbols(NamedTuple):
    group: str
    decimal: str
    minus: str
    percent: str


WESTERN = NumberSymbols(",", ".", "-", "%")
SYMBOLS = {"en": WESTERN, "ja": WESTERN, "zh_CN": WESTERN, "pseudo": WESTERN}
"""Each language's symbols, as CLDR gives them for its Babel locale (i18n.BABEL_LOCALES)."""


def _rounded(value: float | Decimal, decimals: int) -> Decimal:
    exact = value if isinstance(value, Decimal) else Decimal(str(value))
    return exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)


def _written(number: Decimal, decimals: int, symbols: NumberSymbols) -> str:
    text = f"{number:,.{decimals}f}"
    return text.translate(str.maketrans({",": symbols.group, ".": symbols.decimal, "-": symbols.minus}))


def format_number(value: float | Decimal, decimals: int, language: str) -> str:
    """`value` grouped in thousands with exactly `decimals` decimals (Babel's '#,##0.00')."""
    return _written(_rounded(value, decimals), decimals, SYMBOLS[language])


def format_percent(share: float, language: str) -> str:
    """A share as a whole percentage ('42%'; Babel's '#,##0%')."""
    symbols = SYMBOLS[language]
    exact = Decimal(str(share)) * 100
    return _written(_rounded(exact, 0), 0, symbols) + symbols.percent
