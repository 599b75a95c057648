"""Command line: `python -m game [play|analyze|replay] ...`; no command launches the game."""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import sys
from collections.abc import Sequence

from game import __version__

# Each command module has `configure(parser)` and `run(args) -> int`; imported lazily so
# that launching the game does not pay for the tools and the tools do not load pygame.
COMMANDS = {
    "play": ("game.cli.play", "open the game window (the default)"),
    "analyze": ("game.cli.analyze", "list every tenpai hand a 34-tile wall can build"),
    "replay": ("game.cli.replay", "re-run a record through the engine and report the results"),
    "selfplay": ("game.cli.selfplay", "the arena: AI levels against each other in duplicate deals"),
    "lab": ("game.cli.lab", "measure the sources' claims about 17 Steps by simulation"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    parser.add_argument("--version", action="version", version=f"17 Steps {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    for name, (module_name, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text)
        sub.set_defaults(module_name=module_name)
        importlib.import_module(module_name).configure(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen build re-runs this entry point in its worker processes (the analyser's).
    multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]
    parsed = build_parser().parse_args(args)
    return importlib.import_module(parsed.module_name).run(parsed)


if __name__ == "__main__":
    sys.exit(main())
