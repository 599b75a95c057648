"""The language of every word the window shows: gettext catalogs, switched while the game runs.

Messages are the English text itself (`_("Build")`); a catalog per language lives in
`game/locale/<language>/LC_MESSAGES/messages.po`, made and kept up to date with Babel
(docs/translating.md). The executable ships the compiled `messages.mo`; a source checkout
compiles a `.po` in memory when its `.mo` is missing or older, so an edited catalog shows at
the next start without a build step.

Text kept in module-level tables is marked with `N_` and translated where it is shown, so a
language switch reaches it: `_(PRESET_NAMES[name])`, never `PRESET_NAMES = {"x": _("…")}`.

The pseudo-locale `PSEUDO` wraps every translated message in ⟦ ⟧: a test renders every
screen in it and fails on visible text without the markers (text that bypasses the catalog).
The command-line tools never import this module: they stay English.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import locale
import os
import sys
from collections import UserString
from collections.abc import Callable, Mapping
from datetime import date, datetime
from pathlib import Path

from game.app.words import number_format

LANGUAGES = ("en", "ja", "zh_CN")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "zh_CN": "简体中文"}
"""Each language by its own name, as a player looks for it; never translated."""
SOURCE_LANGUAGE = "en"
PSEUDO = "pseudo"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
DOMAIN = "messages"
LOCALE_FOLDER = Path(__file__).resolve().parents[2] / "locale"
BABEL_LOCALES = {"en": "en", "ja": "ja", "zh_CN": "zh_Hans_CN", PSEUDO: "en"}
"""The Babel locale that formats numbers and dates for each language."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


class _PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


def _(message: str) -> str:
    """`message` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that counts `n` things, in the current language's plural rules
    ("1 tile", "2 tiles"; Japanese and Chinese have one form)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, where the same English word means different
    things (`pgettext("wind", "East")` against `pgettext("seat", "East")`)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it yet (module-level tables)."""
    return message


class Message(UserString):
    """A message kept as its id and arguments, and put into words each time it is read, so
    that text which stays on screen (a notice) follows a language switch. An argument may be
    a `Message` too. It reads as the message in the current language wherever a string is
    read (`str(message)`, `in`, `len`, comparisons); pass `str(message)` to a drawing call.

    Mark the id for the catalog: `Message(N_("Not possible: {reason}."), reason=…)`;
    `context` is the `pgettext` context, if the message has one."""

    def __init__(self, msgid: str, /, context: str | None = None, **arguments: object) -> None:
        # No `UserString.__init__`: `data` is worked out at each reading.
        self.msgid = msgid
        self.context = context
        self.arguments = arguments

    @property  # type: ignore[override]
    def data(self) -> str:
        text = pgettext(self.context, self.msgid) if self.context else _(self.msgid)
        return text.format(**self.arguments) if self.arguments else text

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, context={self.context!r}, **{self.arguments!r})"


class Later(UserString):
    """Words worked out by `words()` each time they are read, in the language of the
    moment: an argument of a `Message` that is not a message of its own (a term, a tile)."""

    def __init__(self, words: Callable[[], str]) -> None:
        self.words = words

    @property  # type: ignore[override]
    def data(self) -> str:
        return str(self.words())

    def __repr__(self) -> str:
        return f"Later({self.words!r})"


def language() -> str:
    """The language the window speaks now."""
    return _language


def set_language(code: str) -> None:
    """Speak `code` from now on ("en", "ja", "zh_CN", or `PSEUDO`)."""
    global _translations, _language
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    _translations = _load(code)
    _language = code


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language where it is one the game speaks, else English."""
    for name in _system_locale_names(os.environ if environ is None else environ):
        code = language_of_locale(name)
        if code is not None:
            return code
    return SOURCE_LANGUAGE


def language_of_locale(name: str) -> str | None:
    """The game's language for a POSIX or Windows locale name ("ja_JP.UTF-8", "zh_CN",
    "Japanese_Japan", "zh-Hant-TW"), or None when it speaks none of the game's."""
    base = name.split(".")[0].split("@")[0].replace("-", "_").lower()
    if base in ("", "c", "posix"):
        return None
    if base.startswith(("ja", "japanese")):
        return "ja"
    # Every Chinese locale reads simplified Chinese better than English; the catalog is zh_CN.
    if base.startswith(("zh", "chinese")):
        return "zh_CN"
    if base.startswith(("en", "english")):
        return "en"
    return None


def _system_locale_names(environ: Mapping[str, str]) -> list[str]:
    names = []
    # gettext's own order: LANGUAGE may list several, colon-separated.
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            names.extend(value.split(":"))
            break
    if sys.platform == "win32":
        names.append(_windows_ui_locale())
    category = getattr(locale, "LC_MESSAGES", locale.LC_CTYPE)  # Windows has no LC_MESSAGES
    with contextlib.suppress(ValueError, TypeError):
        names.append(locale.getlocale(category)[0] or "")
    return names


def _windows_ui_locale() -> str:
    import ctypes

    try:
        return locale.windows_locale.get(ctypes.windll.kernel32.GetUserDefaultUILanguage(), "")
    except (AttributeError, OSError):
        return ""


def format_number(value: float, decimals: int = 0) -> str:
    """`value` with the current language's digit grouping and decimal sign (as Babel
    writes it, without loading Babel's data: game/app/words/number_format.py)."""
    return number_format.format_number(value, decimals, _language)


def format_percent(share: float) -> str:
    """A share as the current language writes a percentage, whole ('42%')."""
    return number_format.format_percent(share, _language)


def format_amount(value: float) -> str:
    """A payment or score as the language writes numbers, with only the decimals it has (1.5, 8,000):
    up to six, so that a float's noise (0.30000000000000004) is not written, nor an exponent's
    digits taken for decimals (1,500,000, not 1,500,000.00000)."""
    decimals = len(f"{abs(value):.6f}".rstrip("0").partition(".")[2])
    return format_number(value, decimals)


def format_datetime(moment: datetime) -> str:
    """A date and time as the current language writes it, short (a match's start)."""
    from babel.dates import format_datetime as babel_format

    return babel_format(moment, format="short", locale=BABEL_LOCALES[_language])


ENGLISH_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_date(day: date) -> str:
    """A day as the current language writes it ('Nov 1, 2026', '2026/11/01', '2026年11月1日'):
    Babel's medium dates, written without its CLDR data, which the statistics screen loaded
    for every language it was shown in (some 6 MB of the game's memory; the tests check it
    against Babel)."""
    if _language == "ja":
        return f"{day.year}/{day.month:02d}/{day.day:02d}"
    if _language == "zh_CN":
        return f"{day.year}年{day.month}月{day.day}日"
    return f"{ENGLISH_MONTHS[day.month - 1]} {day.day}, {day.year}"


def catalog_path(code: str, suffix: str = ".po") -> Path:
    return LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def _load(code: str) -> gettext.NullTranslations:
    if code == PSEUDO:
        return _PseudoTranslations()
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    compiled, source = catalog_path(code, ".mo"), catalog_path(code)
    if compiled.exists() and (not source.exists() or compiled.stat().st_mtime >= source.stat().st_mtime):
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(io.BytesIO(compile_catalog(source)))


def compile_catalog(source: Path) -> bytes:
    """The `.mo` bytes of the `.po` at `source` (what `pybabel compile` writes)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()
