"""`python -m game play`: open the game window (or, with --smoke, play a scripted hand in it)."""

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
        help="where F12 saves screenshots (default: the user data folder); --smoke saves its last frame there",
    )
    parser.add_argument(
        "--windowed",
        action="store_true",
        help="open in a window that fits the screen, and keep that setting (the way out of a bad fullscreen)",
    )
    parser.add_argument(
        "--smoke",
        type=positive_int,
        default=None,
        metavar="N",
        help="play N frames of a solo hand with a scripted player against the AI, then exit 0 (for CI); "
        "uses throwaway settings and save folders",
    )


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke is not None:
        from game.app.smoke import run_smoke

        return run_smoke(args.smoke, args.seed, args.screenshots)
    from game.app.window import LaunchOptions, open_window

    return open_window(
        LaunchOptions(
            seed=args.seed, max_frames=args.frames, screenshot_dir=args.screenshots, windowed=args.windowed
        )
    )
