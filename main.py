"""Entry point for the packaged game and `python main.py`: the same as `python -m game`."""

import sys

from game.__main__ import main


def player_arguments(argv: list[str]) -> list[str]:
    """The command line without the process serial number (`-psn_0_12345`) that macOS's
    Finder may add when it opens an application bundle."""
    return [arg for arg in argv if not arg.startswith("-psn_")]


if __name__ == "__main__":
    sys.exit(main(player_arguments(sys.argv[1:])))
