"""Keep the window's translation catalogs in step with the code: extract, update, compile.

    python tools/catalogs.py            # extract the messages, update every language's .po
    python tools/catalogs.py --compile  # and write each messages.mo (the build does this)
    python tools/catalogs.py --init xx  # start the catalog of a new language xx
    python tools/catalogs.py --only ja  # update one language's .po only

The same `pybabel` commands with the options the project uses (docs/translating.md).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TEMPLATE = LOCALE / "messages.pot"


def pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *arguments])


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def extract() -> None:
    pybabel(
        "extract", "--mapping-file", "babel.cfg", "--output-file", relative(TEMPLATE),
        "--sort-by-file", "--add-comments=Translators:", "--project=17 Steps",
        "--copyright-holder=17 Steps contributors", "--msgid-bugs-address=", "--width=100", ".",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--compile", action="store_true", help="also write each language's messages.mo")
    parser.add_argument("--init", metavar="LANGUAGE", help="start the catalog of a new language")
    parser.add_argument("--only", metavar="LANGUAGE", help="update this language's catalog, no other")
    options = parser.parse_args(argv)
    os.chdir(ROOT)  # the catalogs name each message's place relative to the project, not this machine
    extract()
    if options.init:
        pybabel("init", "--input-file", str(TEMPLATE), "--output-dir", str(LOCALE), "--locale", options.init,
                "--width=100")
    only = ["--locale", options.only] if options.only else []
    pybabel("update", "--input-file", str(TEMPLATE), "--output-dir", str(LOCALE), "--width=100",
            "--ignore-obsolete", "--no-fuzzy-matching", *only)
    if options.compile:
        pybabel("compile", "--directory", str(LOCALE), "--statistics")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
