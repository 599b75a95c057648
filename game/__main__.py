"""Command line: no command (or `play`) opens the game window; the other commands are tools."""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import sys
from collections.abc import Sequence

from game import __version__
from game.cli.output import OutputFailed, guarded_output, program_name, say, settle_stdout, silence_stdout

# Each command module has `configure(parser)` and `run(args) -> int`. Only the command being
# run is imported, so that launching the game does not pay for the tools, the tools do not
# load pygame, and --help and --version answer at once.
COMMANDS = {
    "play": ("game.cli.play", "open the game window (the same as no command)"),
    "analyze": ("game.cli.analyze", "list every tenpai hand a 34-tile wall can build, ranked"),
    "replay": ("game.cli.replay", "re-run a match record through the engine and report each hand"),
    "selfplay": ("game.cli.selfplay", "the arena: AI levels play each other in duplicate deals"),
    "lab": ("game.cli.lab", "measure the sources' claims about 17 Steps by simulation"),
    "host": ("game.cli.host", "host a networked table without a window; other computers join it"),
    "join": ("game.cli.join", "join a networked table and play its seat with an AI level"),
    "watch": ("game.cli.watch", "watch a match record in the replay theatre (every hand open, step by step)"),
}
LAUNCH_COMMAND = "play"
WINDOW_COMMANDS = ("play", "watch")
"""The commands that open the window: they write nothing a player waits for on stdout, so
they run without one (a desktop shortcut on Windows starts them with none)."""
BAD_INPUT = 2
"""The exit code of every command for input it cannot take (argparse's own, too) and for
an output that does not take its report."""
INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT, as a shell reports a process it interrupted)."""

DESCRIPTION = "17 Steps (17歩): the two-player riichi mahjong duel from Kaiji."
EPILOG = """\
Without a command the game window opens, with the launch options above.
A command's own options: {prog} COMMAND --help
The rules of the game: docs/rules.md, and the Rules page in the game."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only `command`'s options are configured (the others list their summary)."""
    prog = program_name()
    parser = argparse.ArgumentParser(
        prog=prog, description=DESCRIPTION, epilog=EPILOG.format(prog=prog),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"17 Steps {__version__}",
                        help="print the version and exit")
    launch = parser.add_argument_group("launch options (without a command)")
    importlib.import_module(COMMANDS[LAUNCH_COMMAND][0]).configure(launch)
    for action in launch._group_actions:
        action.default = argparse.SUPPRESS  # listed here for --help; `play` parses them
    subparsers = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        sub.set_defaults(module_name=module_name)
        if name == command:
            importlib.import_module(module_name).configure(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen build re-runs this entry point in its worker processes (the analyser's).
    multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args = [LAUNCH_COMMAND, *args]
    command = args[0] if args[0] in COMMANDS else None
    name = command or program_name()
    try:
        with guarded_output(closed_stdout_ok=command in WINDOW_COMMANDS):
            try:
                parsed = build_parser(command).parse_args(args)
            finally:
                sys.stdout.flush()  # --help, --version: argparse exits without a flush we would see fail
            code = importlib.import_module(parsed.module_name).run(parsed)
            sys.stdout.flush()  # here, where a failing output can still be reported
    except OutputFailed as failure:
        silence_stdout()
        say(f"{name}: {failure}")
        return BAD_INPUT
    except KeyboardInterrupt:
        # Ctrl-C: the command's `with` and `finally` blocks have stopped its worker processes
        settle_stdout()
        say(f"{name}: interrupted")
        return INTERRUPTED
    return code


if __name__ == "__main__":
    sys.exit(main())
