"""`python -m game join ADDRESS`: play a seat of a networked table with an AI level."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import errno
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from game.cli.output import program_name

if TYPE_CHECKING:
    from game.engine.kyoku import SeatView
    from game.net.wire import SeatMirror

BAD_INPUT = 2
NOT_PLAYED = 1
TOKEN_FILE_BYTES = 1024
MAX_LIST_SECONDS = 60.0


def configure(parser: argparse.ArgumentParser) -> None:
    from game.ai.agents import LEVELS

    parser.description = (
        "Join a networked table (python -m game host) and play a seat with an AI level: a "
        "scripted client, to try a host. Prints each hand's standings and exits at the match's end."
    )
    parser.add_argument("address", nargs="?", metavar="ADDRESS", help="the host: HOST:PORT or [IPv6]:PORT")
    parser.add_argument("--code", metavar="CODE", help="the table's join code")
    parser.add_argument("--list", action="store_true",
                        help="list the tables announced on the local network (mDNS/DNS-SD) and exit")
    parser.add_argument("--seconds", type=float, default=3.0, metavar="N",
                        help="how long --list looks for tables (default 3)")
    parser.add_argument("--ai", default="normal", choices=sorted(LEVELS), metavar="LEVEL",
                        help=f"the AI level that plays the seat (default normal): {', '.join(sorted(LEVELS))}")
    parser.add_argument("--name", default="", metavar="NAME", help="the name the other players see")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seeds the AI's choices (default 0)")
    parser.add_argument("--token-file", type=Path, default=None, metavar="FILE",
                        help="keep the seat's secret token in this file: run join again with it to take "
                        "the seat back after a crash (the token is never shown)")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="write the match's record (which the host sends at its end) here")
    parser.add_argument("--view-log", type=Path, default=None, metavar="FILE",
                        help="write each view of the seat the host sends, one JSON line each (the seat's own "
                        "view: what it may see, never its token), to compare with the host's record")
    parser.add_argument("--no-discovery", action="store_true",
                        help="never look for tables on the local network (--list is refused)")
    parser.add_argument("--timeout", type=float, default=3600.0, metavar="S",
                        help="give up after this many seconds (default 3600)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 at the match's end, 1 when refused or the host is gone, 2 for bad arguments."""
    from game import __version__
    from game.ai.agents import make_agent
    from game.app.words.net_words import refusal_sentence
    from game.engine.scoring import install_fast_divider
    from game.files import FileRefused, read_bytes_limited, shown_path, write_text_atomically
    from game.net.client import HostGone, HostUnreachable, JoinRefused, join_uri, play_seat
    from game.net.protocol import PROTOCOL_VERSION

    if args.list:
        if args.no_discovery:
            print("join: --list looks on the local network, which --no-discovery forbids", file=sys.stderr)
            return BAD_INPUT
        return list_tables(args.seconds)
    if args.address is None or args.code is None:
        print("join: give ADDRESS and --code CODE (or --list to find the tables on the local network)",
              file=sys.stderr)
        return BAD_INPUT
    install_fast_divider()
    try:
        uri = join_uri(args.address, args.code)
    except ValueError as error:
        print(f"join: {error}", file=sys.stderr)
        return BAD_INPUT
    token = ""
    if args.token_file is not None and args.token_file.exists():
        try:
            token = read_bytes_limited(args.token_file, TOKEN_FILE_BYTES).decode("utf-8").strip()
        except (OSError, FileRefused, UnicodeDecodeError) as error:
            print(f"join: cannot read the token file {shown_path(args.token_file)}: {error}", file=sys.stderr)
            return BAD_INPUT
    agent = make_agent(args.ai, args.seed)
    told = {"settled": 0, "welcome": False}
    views = ViewLog(args.view_log)
    try:
        views.open()
    except OSError as error:
        print(f"join: cannot write the view log {shown_path(args.view_log)}: {error.strerror or error}",
              file=sys.stderr)
        return BAD_INPUT

    def report(mirror: SeatMirror) -> None:
        if mirror.welcome is not None and not told["welcome"]:
            told["welcome"] = True
            if args.token_file is not None:
                try:
                    write_text_atomically(args.token_file, mirror.welcome.token + "\n")
                except OSError as error:  # the seat is still played; only a rejoin after a crash is lost
                    print(f"join: cannot keep the token in {shown_path(args.token_file)}: {error.strerror}",
                          file=sys.stderr)
            rules = mirror.welcome.rules
            _say(f"seat {mirror.welcome.seat} at a table of {rules.players} ({rules.preset_name}), "
                 f"host {mirror.welcome.game_version}")
        views.keep(mirror)
        for settled in mirror.settlements[told["settled"]:]:
            _say(f"hand {settled.kyoku_number}: scores " + ", ".join(f"{s:g}" for s in settled.scores))
        told["settled"] = len(mirror.settlements)

    try:
        mirror = asyncio.run(asyncio.wait_for(play_seat(uri, args.name, agent.act, token, on_message=report),
                                              args.timeout))
    except JoinRefused as refused:
        sentence = refusal_sentence(refused.refusal, f"17 Steps {__version__} (protocol {PROTOCOL_VERSION})")
        print(f"join: refused ({refused.refusal.code}): {sentence}", file=sys.stderr)
        return NOT_PLAYED
    except HostUnreachable as error:  # never seated: there may never have been a host
        print(f"join: no table answers at {args.address}: {error}", file=sys.stderr)
        return NOT_PLAYED
    except (HostGone, TimeoutError) as error:
        print(f"join: the host is gone: {error or 'no answer in time'}", file=sys.stderr)
        return NOT_PLAYED
    finally:
        views.close()
    assert mirror.over is not None
    if args.record is not None:
        saved = keep_record(mirror.record_text, args.record)
        if saved is not None:
            print(f"join: {saved}", file=sys.stderr)
            return NOT_PLAYED
    _say(f"match over ({mirror.over.reason}): scores " + ", ".join(f"{s:g}" for s in mirror.over.scores))
    return 0


PHASE_WORDS = {"dora": "dora", "build": "build", "discard": "discards", "ron": "discards"}
"""The line a phase of the seat's view is told by (`hand N: build`): a ron question is part
of the discards."""


class ViewLog:
    """What the seat was told, for a caller watching from outside: a line when its view enters
    a phase of a hand (`hand 2: build`, the build asked only while the seat has not built;
    again after a reconnection, from the new view), and with `--view-log FILE` each view it
    received, one JSON line each (`{"hand": N, "view": {...}}`, the `SeatView`'s fields but
    its rules, as protocol.to_wire writes them)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._file: TextIO | None = None
        self._part: Path | None = None
        self._view: SeatView | None = None
        self._phase: tuple[int, str] | None = None

    def open(self) -> None:
        """The views are written to a file of its own beside FILE, which takes FILE's place
        when the seat was played (`close`): a join refused or a host never reached leaves a
        FILE there as it was (the log of the match it is compared with, say)."""
        from game.files import remove_temporary_files

        if self.path is None:
            return
        if self.path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "it is a folder")
        remove_temporary_files(self.path)
        descriptor, part = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        self._part = Path(part)
        self._file = os.fdopen(descriptor, "w", encoding="utf-8")

    def keep(self, mirror: SeatMirror) -> None:
        from game.net.protocol import to_wire

        view = mirror.view
        if view is None or view is self._view:
            return
        self._view = view
        phase = PHASE_WORDS.get(view.phase.value)
        if view.phase.value == "build" and view.built[view.seat]:
            phase = None  # built: the seat waits for the others' builds
        if phase is not None and (mirror.kyoku_number, phase) != self._phase:
            self._phase = (mirror.kyoku_number, phase)
            _say(f"hand {mirror.kyoku_number}: {phase}")
        if self._file is not None:
            fields = {field.name: to_wire(getattr(view, field.name)) for field in dataclasses.fields(view)
                      if field.name != "rules"}
            self._file.write(json.dumps({"hand": mirror.kyoku_number, "view": fields}, ensure_ascii=False,
                                        separators=(",", ":")) + "\n")
            self._file.flush()

    def close(self) -> None:
        """FILE holds the views, if the host sent any; else it stays as it was."""
        from game.files import shown_path

        if self._file is None or self._part is None or self.path is None:
            return
        self._file.close()
        try:
            if self._view is not None:
                os.replace(self._part, self.path)
        except OSError as error:
            print(f"join: cannot write the view log {shown_path(self.path)}: {error.strerror or error}",
                  file=sys.stderr)
        finally:
            self._part.unlink(missing_ok=True)


def list_tables(seconds: float) -> int:
    """Print the tables announced on the local network within `seconds`; exit status 0."""
    import time

    from game import __version__
    from game.net.discovery import TableBrowser
    from game.net.protocol import PROTOCOL_VERSION

    if not 0 < seconds <= MAX_LIST_SECONDS:
        print(f"join: --seconds is more than 0 and at most {MAX_LIST_SECONDS:g}", file=sys.stderr)
        return BAD_INPUT
    browser = TableBrowser()
    try:
        browser.start()
        time.sleep(seconds)
        tables = browser.tables()
    except OSError as error:
        print(f"join: cannot look on the local network: {error}", file=sys.stderr)
        return NOT_PLAYED
    finally:
        browser.close()
    if not tables:
        _say(f"no table found on the local network in {seconds:g} s")
    for table in tables:
        ad = table.ad
        other = "" if ad.protocol == PROTOCOL_VERSION else (
            f"  (17 Steps {ad.game_version}, protocol {ad.protocol}: this computer runs {__version__}, "
            f"protocol {PROTOCOL_VERSION})")
        _say(f"{ad.name}: {ad.taken}/{ad.seats} seats, preset {ad.preset}, "
             f"join with: {program_name()} join {table.address} --code CODE{other}")
    return 0


def keep_record(text: str | None, path: Path) -> str | None:
    """Write the record the host sent, once read as any record from outside is; what went
    wrong, or None."""
    from game.engine.record import RecordError, parse_record
    from game.files import shown_path, write_text_atomically

    if text is None:
        return "the host sent no record"
    try:
        parse_record(text, "the host's record")
        write_text_atomically(path, text)
    except RecordError as error:
        return str(error)
    except OSError as error:
        return f"cannot write {shown_path(path)}: {error.strerror or error}"
    return None


def _say(line: str) -> None:
    print(line, flush=True)
