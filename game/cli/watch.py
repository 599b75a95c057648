"""`python -m game watch FILE`: open a match record in the game window's replay theatre."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    from game.app.words.i18n import LANGUAGES  # the standard library only: --help stays quick

    parser.description = (
        "Open a match record in the replay theatre: the match on the table from any seat or with every "
        "hand open, stepped with the arrow keys (Shift or , . for a discard round, Page Up/Down for a hand), "
        "played with Space. A record that diverges from the engine, or is damaged after its first line, "
        "is shown up to there. A match that is not over is shown whole, its hand in play too (the game's own "
        "Watch shows such a match up to its last settled hand). "
        "Exit status 2: not a readable record, or one with no hand yet; 1: no display."
    )
    parser.add_argument("file", type=Path, metavar="FILE",
                        help="a record (.jsonl) written by the game or by selfplay --records")
    parser.add_argument("--frames", type=int, default=None,
                        help="close after this many frames (for scripted checks)")
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR",
                        help="where F12 saves screenshots (default: screenshots/ in the user data folder)")
    parser.add_argument("--language", choices=LANGUAGES, default=None,
                        help="the language of the window for this run (not saved; default: the Language "
                        "setting, which follows the system's)")


def run(args: argparse.Namespace) -> int:
    from game.engine.playback import read_for_playback, settled_part
    from game.engine.record import RecordError

    try:
        playback = read_for_playback(args.file)
    except RecordError as error:
        print(f"watch: {error}", file=sys.stderr)
        return 2
    if playback.damage is not None:
        print(f"watch: {playback.damage}; the record is shown up to there", file=sys.stderr)
    elif playback.divergence is not None:
        print(f"watch: the record diverges at {playback.divergence}; it is shown up to there", file=sys.stderr)
    if len(settled_part(playback.lines)) < len(playback.lines):
        print(f"watch: the match is not over; hand {playback.steps[-1].kyoku} is shown as far as it is played "
              "(the game's Watch stops at the last settled hand)", file=sys.stderr)
    from game.app.window.quiet import quiet_startup
    from game.engine.scoring import install_fast_divider

    quiet_startup()
    install_fast_divider()
    from game.app.window.window import LaunchOptions, NoDisplayError, create_app

    try:
        app = create_app(LaunchOptions(max_frames=args.frames, screenshot_dir=args.screenshots,
                                       language=args.language))
    except NoDisplayError as error:
        print(error, file=sys.stderr)
        return 1
    import pygame

    from game.app.flow import Flow

    screens = Flow(app)
    screens.title()  # Esc in the theatre leads to the title screen
    screens.theatre(playback, args.file.name)
    try:
        return app.run()
    finally:
        app.close()
        pygame.quit()
