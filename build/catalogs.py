"""The compiled translation catalogs the executable ships: each language's
`game/locale/<language>/LC_MESSAGES/messages.po` as the `messages.mo` that
game/app/i18n.py reads when frozen (it looks in `game/locale` inside the bundle, where
`LOCALE_FOLDER` points, and finds no `.po` there). Used by `17steps.spec` and the tests.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
BUNDLE_LOCALE = "game/locale"
"""Where the bundle keeps them: beside the frozen `game` package, as in the source tree."""


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
