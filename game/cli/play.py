"""`python -m game play`: open the game window (or, with --smoke, play a scripted hand in it)."""

from __future__ import annotations

import argparse
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    from game.app.words.i18n import LANGUAGES  # the standard library only: --help stays quick
    from game.engine.rules import PRESETS

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
        help="where F12 saves screenshots (default: screenshots/ in the user data folder); --smoke saves its last "
        "frame there",
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
    parser.add_argument(
        "--reset-settings",
        action="store_true",
        help="start with the default settings; the old settings file is kept beside the new one "
        "as settings.json.reset-<time>",
    )
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=None,
        help="the language of the window for this run (not saved; default: the Language setting, "
        "which follows the system's)",
    )
    parser.add_argument(
        "--no-discovery",
        action="store_true",
        help="a table this window hosts is not announced on the local network (it is joined by its address)",
    )
    parser.add_argument(
        "--bind",
        default=None,
        metavar="ADDRESS",
        help="the address a table this window hosts listens on (default: every address of this computer; "
        "127.0.0.1 for this computer only)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=None,
        metavar="N",
        help="the TCP port a table this window hosts listens on (default 17017, or any free port when it is taken; "
        "0: any free port)",
    )
    parser.add_argument(
        "--join",
        default=None,
        metavar="ADDRESS",
        help="with --smoke and --code: sit at the networked table at ADDRESS (host:port, [IPv6]:port) and play "
        "its seat to the match's end, printing the standings",
    )
    parser.add_argument("--code", default=None, metavar="CODE", help="with --join: the table's join code")
    parser.add_argument(
        "--preset",
        choices=tuple(PRESETS),
        default=None,
        help="with --smoke: the rule preset to play (three_player and four_player seat the AI in the other "
        "seats)",
    )


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def port_number(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    join = joined_table(args)
    if isinstance(join, int):
        return join
    from game.app.window.quiet import quiet_startup

    quiet_startup()
    from game.engine.scoring import install_fast_divider

    install_fast_divider()
    if args.smoke is not None:
        from game.cli.smoke import run_smoke

        return run_smoke(args.smoke, args.seed, args.screenshots, args.preset, args.language, join)
    from game.app.flow import Flow
    from game.app.play.waiting_room import HOST_PORT, HostOptions
    from game.app.window.window import LaunchOptions, open_window

    notice = reset_settings_notice() if args.reset_settings else None
    hosting = HostOptions(bind=args.bind, port=HOST_PORT if args.port is None else args.port,
                          discovery=not args.no_discovery)
    return open_window(LaunchOptions(seed=args.seed, max_frames=args.frames, screenshot_dir=args.screenshots,
                                     notice=notice, windowed=args.windowed, language=args.language),
                       lambda app: Flow(app, hosting).title())


def joined_table(args: argparse.Namespace) -> tuple[str, str] | int | None:
    """`--join ADDRESS --code CODE` (with --smoke) as (address, code); None without them; the
    exit status 2 after one line on stderr for a half, an address or a code that is not one."""
    import sys

    if args.join is None and args.code is None:
        return None
    from game.net.client import parse_address
    from game.net.server import JOIN_CODE_LENGTH, JOIN_CODE_LETTERS, normal_code

    if args.join is None or args.code is None or args.smoke is None:
        print("play: --join ADDRESS and --code CODE go together, with --smoke N", file=sys.stderr)
        return 2
    try:
        parse_address(args.join)
    except ValueError as error:
        print(f"play: {error}", file=sys.stderr)
        return 2
    code = normal_code(args.code)
    if len(code) != JOIN_CODE_LENGTH or set(code) - set(JOIN_CODE_LETTERS):
        print(f"play: --code is {JOIN_CODE_LENGTH} of the letters {JOIN_CODE_LETTERS}", file=sys.stderr)
        return 2
    return args.join, code


def reset_settings_notice() -> str:
    """Move the settings file aside (--reset-settings); what to tell the player, also printed."""
    from game.app.history.player_files import PlayerFiles

    try:
        kept = PlayerFiles().reset_settings()
    except OSError as error:
        notice = f"The settings could not be reset ({error.strerror or error}); they are as they were."
    else:
        notice = ("There were no saved settings to reset." if kept is None
                  else f"The settings are back to the defaults; the old ones are kept as {kept}.")
    print(notice)
    return notice
