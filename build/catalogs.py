"""What the executable ships for its languages: each language's compiled catalog
(`game/locale/<language>/LC_MESSAGES/messages.po` as the `messages.mo` that
game/app/words/i18n.py reads when frozen: it looks in `game/locale` inside the bundle, where
`LOCALE_FOLDER` points, and finds no `.po` there), and of Babel's CLDR data only the
locales that format the game's numbers and dates. Used by `17steps.spec` and the tests.
"""

from __future__ import annotations

from pathlib import Path, PurePath

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
BUNDLE_LOCALE = "game/locale"
"""Where the bundle keeps them: beside the frozen `game` package, as in the source tree."""
BABEL_DATA = "babel/locale-data"
BABEL_LOCALES_SHIPPED = frozenset({"root", "en", "ja", "zh", "zh_Hans", "zh_Hans_CN"})
"""game/app/words/i18n.py's `BABEL_LOCALES` and the locales their data inherits from; Babel ships
about 1,100 (10 MB in the executable), the game formats in three."""


def is_unused_babel_locale(destination: str) -> bool:
    """A PyInstaller data entry of Babel's locale data the game never loads."""
    path = PurePath(destination)
    return path.parent.as_posix() == BABEL_DATA and path.suffix == ".dat" and path.stem not in BABEL_LOCALES_SHIPPED


def make_catalogs(folder: Path) -> list[tuple[str, str]]:
    """Compile every catalog into `folder`; PyInstaller `datas` entries (source, destination folder)."""
    datas = []
    for source in sorted(LOCALE.glob("*/LC_MESSAGES/messages.po")):
        relative = source.parent.relative_to(LOCALE)
        target = folder / relative / "messages.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with source.open("rb") as file:
            catalog = read_po(file)
        with target.open("wb") as file:
            write_mo(file, catalog)
        datas.append((str(target), f"{BUNDLE_LOCALE}/{relative.as_posix()}"))
    return datas
