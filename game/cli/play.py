"""`python -m game play`: open the game window."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=None,
                        help="close after this many frames (for scripted checks)")


def run(args: argparse.Namespace) -> int:
    from game.app.window import open_window

    return open_window(max_frames=args.frames)
