"""The fonts the executable ships: pygame_gui's own, cut down to the characters the game can draw.

pygame_gui's PyInstaller hook bundles every font pygame_gui has, about 41 MB, most of it
Chinese, Korean and Japanese glyphs the game never shows. The build keeps only the fonts
that load (the theme's Noto Sans JP for English and Japanese, Noto Sans SC for Chinese, and
the Latin and symbol fonts the UI manager opens at start) and subsets each with fontTools:
to the game's own strings, and to every translation in the catalogs
(game/locale/*/LC_MESSAGES/messages.po) and pygame_gui's texts of the languages the font
draws (`font_characters`); the Latin fonts to `ui_characters()`, everything in any language.
The fonts are under the SIL Open Font License, which travels with them (`FONT_LICENSE`).
Used by `17steps.spec` and by the tests (tests/test_ship.py, tests/ui/test_smoke.py).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import logging
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
THEME_FONTS = ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf", "NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf")
"""assets/ui/theme.json and game/app/window/text.py draw every text in these (Noto Sans SC for Chinese)."""
LANGUAGE_FONTS = {"en": THEME_FONTS[:2], "ja": THEME_FONTS[:2], "zh_CN": THEME_FONTS[2:]}
"""The fonts that draw each language of the catalogs (game/app/window/text.py `font_files`)."""
EVERY_LANGUAGE_FONTS = {"System ({language})": THEME_FONTS[2:]}
"""Messages drawn in these fonts whatever the language, so they hold every catalog's
translation: the settings' language drop-down is in Noto Sans SC (#language in the theme,
for 简体中文), and its Japanese choice is システム（…）."""
CATALOGS = ROOT / "game" / "locale"
PYGAME_GUI_LOCALES = {"en": "en", "ja": "ja", "zh_CN": "zh"}
BABEL_LOCALES = {"en": "en", "ja": "ja", "zh_CN": "zh_Hans_CN"}
"""As game/app/words/i18n.py formats each language's numbers and dates."""
"""pygame_gui's own translations for the game's languages (its Chinese is "zh")."""
STARTUP_FONTS = (
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSans-Italic.ttf",
    "NotoSans-BoldItalic.ttf",
    "FiraCode-Regular.ttf",
)
"""pygame_gui's default (English locale) font family and its symbols font: the UI manager
opens the regular ones when it starts, whatever the theme says, and the other styles when an
element asks for them in the default font, so they must exist."""
SHIPPED_FONTS = THEME_FONTS + STARTUP_FONTS
FONT_LICENSE = "FONTS-LICENSE.txt"
OFL_SOURCE = "licenses/NotoSans-LICENSE.txt"
"""pygame_gui's copy of the SIL Open Font License 1.1 (after its first, copyright, line)."""

# Whatever a player might type into a name or a file might hold: the printable ASCII and
# Latin-1 ranges, the typographer's punctuation, arrows and the shapes of common symbols.
BASE_RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2199),
               (0x25A0, 0x25FF))
SOURCE_FOLDERS = ("game",)
"""Every string literal in these folders counts as text the game may draw."""
PYGAME_GUI_FOLDERS = ("elements", "windows")
"""pygame_gui's own labels (the ▼ of a drop-down, the ✓ of a check box)."""


def pygame_gui_root() -> Path:
    """The installed pygame_gui, found without importing it (that would start pygame)."""
    spec = importlib.util.find_spec("pygame_gui")
    assert spec is not None and spec.origin is not None, "pygame_gui is not installed"
    return Path(spec.origin).parent


def font_path(name: str) -> Path:
    return pygame_gui_root() / "data" / name


def string_literal_characters(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(node.value)
    return found


def translation_characters(locale: str = "en") -> set[str]:
    """pygame_gui's own texts in one of its locales."""
    text = font_path(f"translations/pygame-gui.{locale}.json").read_text(encoding="utf-8")
    found: set[str] = set()
    for value in json.loads(text)[locale].values():
        found.update(value)
    return found


def catalog_paths() -> dict[str, Path]:
    """Each language's catalog (the `.po` the translators keep)."""
    return {path.parent.parent.name: path for path in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po"))}


def catalog_translations(path: Path) -> list[str]:
    """Every translated text of the catalog at `path` (each plural form)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalog = read_po(file)
    texts: list[str] = []
    for message in catalog:
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        texts.extend(text for text in strings if text)
    return texts


def catalog_message(path: Path, message: str) -> str:
    """The translation of `message` in the catalog at `path` ('' when it has none)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        found = read_po(file).get(message)
    return found.string if found is not None and isinstance(found.string, str) else ""


def _printable(characters: set[str]) -> set[str]:
    return {c for c in characters if c.isprintable() or c == " "}


def base_characters() -> set[str]:
    """What the window may draw in any language: the game's own strings (English, tile and
    language names), whatever a player might type, pygame_gui's English labels."""
    characters = {chr(code) for low, high in BASE_RANGES for code in range(low, high + 1)}
    for folder in SOURCE_FOLDERS:
        characters |= string_literal_characters(ROOT / folder)
    for folder in PYGAME_GUI_FOLDERS:
        characters |= string_literal_characters(pygame_gui_root() / folder)
    characters |= translation_characters("en")
    return _printable(characters)


def language_characters(language: str) -> set[str]:
    """What the window draws in `language` besides the base: its catalog's translations and
    pygame_gui's texts in that language."""
    characters: set[str] = set()
    catalog = catalog_paths().get(language)
    if catalog is not None:
        for text in catalog_translations(catalog):
            characters.update(text)
    locale = PYGAME_GUI_LOCALES.get(language)
    if locale is not None:
        characters |= translation_characters(locale)
    return _printable(characters | formatted_characters(language))


def formatted_characters(language: str) -> set[str]:
    """What the language's dates and numbers are written with (Chinese dates: 年月日), which
    no catalog holds: Babel writes them when they are shown."""
    from datetime import date

    from babel.dates import format_date
    from babel.numbers import format_decimal

    locale = BABEL_LOCALES.get(language, "en")
    texts = [format_date(date(2026, month, 28), format="medium", locale=locale) for month in range(1, 13)]
    texts.append(format_decimal(-1234567.89, locale=locale))
    return set("".join(texts))


def ui_characters() -> set[str]:
    """Every character the game's window can be asked to draw, in any language."""
    characters = base_characters()
    for language in LANGUAGE_FONTS:
        characters |= language_characters(language)
    return characters


def font_characters(name: str) -> set[str]:
    """What the shipped `name` must hold: the base, and every language it draws (Noto Sans
    JP has no need of the Chinese translations, Noto Sans SC none of the Japanese)."""
    characters = base_characters()
    for language, names in LANGUAGE_FONTS.items():
        if name in names:
            characters |= language_characters(language)
    for message, names in EVERY_LANGUAGE_FONTS.items():
        if name in names:
            characters |= _printable(set("".join(catalog_message(path, message) for path in catalog_paths().values())))
    return characters


def missing_glyphs(texts: list[str], font: Path) -> dict[str, str]:
    """Each character of `texts` the font at `font` cannot draw, with a text that uses it."""
    with TTFont(str(font), lazy=True) as opened:
        drawn = set(opened.getBestCmap())
    missing: dict[str, str] = {}
    for text in texts:
        for character in text:
            if character.isprintable() and character != " " and ord(character) not in drawn:
                missing.setdefault(character, text)
    return missing


def subset_font(source: Path, target: Path, characters: set[str]) -> None:
    logging.getLogger("fontTools").setLevel(logging.WARNING)  # its report on every table would fill the build log
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence records the OFL asks to keep
    options.name_languages = ["*"]
    options.layout_features = ["*"]  # kerning and the rest, for the glyphs that stay
    options.notdef_outline = True  # a character outside the subset shows as a box, not nothing
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in characters))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(target), options)


def license_text() -> str:
    """Each shipped font's copyright line, then the licence they share."""
    ofl = font_path(OFL_SOURCE).read_text(encoding="utf-8").split("\n", 1)[1].lstrip("\n")
    lines = [
        "The fonts in pygame_gui/data are subsets of the fonts pygame_gui ships, cut down to the",
        "characters 17 Steps draws. Each is licensed under the SIL Open Font License 1.1:",
        "",
    ]
    for name in SHIPPED_FONTS:
        with TTFont(str(font_path(name)), lazy=True) as font:
            lines.append(f"{name}: {font['name'].getDebugName(0)}")
    return "\n".join(lines) + "\n\n" + ofl


def make_fonts(folder: Path) -> list[tuple[str, str]]:
    """Write the subset fonts and their licence into `folder`; PyInstaller `datas` entries
    that put them where pygame_gui looks (the package `pygame_gui.data`)."""
    characters = ui_characters()
    datas = []
    for name in SHIPPED_FONTS:
        subset_font(font_path(name), folder / name, font_characters(name) if name in THEME_FONTS else characters)
        datas.append((str(folder / name), "pygame_gui/data"))
    (folder / FONT_LICENSE).write_text(license_text(), encoding="utf-8")
    datas.append((str(folder / FONT_LICENSE), "pygame_gui/data/licenses"))
    return datas
