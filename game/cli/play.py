"""`python -m game play`: open the game window."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed the matches of this session (the same seed deals the same walls)",
    )
    parser.add_argument(
        "--frames", type=int, default=None, help="close after this many frames (for scripted checks)"
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        default=None,
        metavar="DIR",
        help="where F12 saves screenshots (default: the user data folder)",
    )


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.window import LaunchOptions, open_window

    return open_window(LaunchOptions(seed=args.seed, max_frames=args.frames, screenshot_dir=args.screenshots))
