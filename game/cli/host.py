"""`python -m game host`: a networked table without a window (docs/network.md), played by
the window's host's code with nobody at the screen (game/app/play/hosted_match.py)."""

from __future__ import annotations

import argparse
import errno
import secrets
import signal
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from game.cli.output import program_name
from game.engine.rules import PRESETS

if TYPE_CHECKING:
    from game.app.play.hosted_match import HostedMatch
    from game.app.play.savegame import SaveSlot, SlotLock
    from game.engine.match import Match
    from game.engine.rules import Rules
    from game.net.discovery import Announcer, TableAd

BAD_INPUT = 2
SIGNALLED = 128
"""A program stopped by a signal exits 128 + the signal's number, as the shell reports one
killed by it (SIGTERM: 143), so that a service manager sees it stopped, not failed."""
SEAT_KINDS = ("person", "easy", "normal", "hard")
DEFAULT_PRESET = "kaiji"
TABLE_OPTIONS = ("seats", "port", "preset", "hands", "seed", "code")
"""What a match continued takes from its save, not from the command line."""
PORT_WAIT_S = 5.0
"""How long a table that its players look for at one port (a match continued, --keep's next)
waits for that port to be free before it gives up: the table before may still be letting
it go, or a host killed a moment ago."""
PORT_RETRY_S = 0.25


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Host a table without a window: each 'person' seat is played from another computer "
        "(python -m game join ADDRESS --code CODE), the other seats by AI levels. Prints how "
        "to join, logs each hand's result, and exits at the match's end (--keep: hosts the next)."
    )
    parser.add_argument("--preset", default=None, choices=sorted(PRESETS), metavar="PRESET",
                        help=f"the rule preset (default kaiji): {', '.join(sorted(PRESETS))}")
    parser.add_argument("--seats", metavar="SEATS",
                        help="who plays each seat, comma-separated: person (another computer), easy, normal "
                        "or hard (an AI level); e.g. person,person (needed, except with --continue)")
    parser.add_argument("--port", type=int, metavar="N",
                        help="the TCP port to listen on (needed, except with --continue)")
    parser.add_argument("--bind", default="", metavar="ADDRESS",
                        help="the address to listen on (default: every address of this computer; "
                        "127.0.0.1 for this computer only)")
    parser.add_argument("--code", default=None, metavar="CODE",
                        help="the join code (default: six random letters)")
    parser.add_argument("--hands", type=int, default=None, metavar="H",
                        help="the number of hands (default: the preset's)")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seeds the deals (default: random)")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="write the match's record here at its end (python -m game replay FILE)")
    parser.add_argument("--history", type=Path, default=None, metavar="DIR",
                        help="keep the match in the match history in DIR, as the window keeps its matches (one "
                        "stopped before its end as abandoned): the window's is history/ in the user data folder")
    parser.add_argument("--wait", type=float, default=600.0, metavar="S",
                        help="how long to wait for every person seat to be taken (default 600 s)")
    parser.add_argument("--move-time", type=float, default=120.0, metavar="S",
                        help="a remote seat's clock for a decision the rules give no time limit (default 120 s); "
                        "when it runs out its stand-in moves")
    parser.add_argument("--reconnect", type=float, default=120.0, metavar="S",
                        help="how long a dropped player's seat is waited for, each decision on its clock, before "
                        "its stand-in plays it at once until they are back (default 120 s)")
    parser.add_argument("--name", default="", metavar="NAME",
                        help="the host's name, shown to players listing the tables on the local network "
                        "(default: this computer's name)")
    parser.add_argument("--keep", action="store_true",
                        help="after the match, host the next at the same table (the same code and port) for the "
                        "same players, who join again with their seat keys; ends when they do not all come back "
                        "within --wait (with --record FILE, the next matches' records are FILE-2, FILE-3, …)")
    parser.add_argument("--save", type=Path, default=None, metavar="DIR",
                        help="save the match in the folder DIR after every move, the seats' keys beside it in a "
                        "file of their own (never in the record), so that --continue DIR takes it up again after "
                        "a crash or a stop (default: not saved); DIR must hold no unfinished match")
    parser.add_argument("--continue", dest="continue_from", type=Path, default=None, metavar="DIR",
                        help="go on with the match saved in DIR by --save DIR: the same table (its rules, seats, "
                        "join code and port) waits up to --wait for its players to join again with their seat "
                        "keys, then plays it to its end, saving it in DIR as --save does")
    parser.add_argument("--no-discovery", action="store_true",
                        help="do not announce the table on the local network (mDNS/DNS-SD); it can still be "
                        "joined by its address")


class Stopped(BaseException):
    """SIGTERM reached the host (kill, a service's stop): it leaves as at ^C (the players told
    at once that it has left, the match kept as abandoned), past every `except Exception`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, _frame: object) -> None:
    # A second SIGTERM (a service manager's, a repeated kill) must not cut short the keeping
    # of the match and the goodbye that the first one began.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Stopped(signum)


def run(args: argparse.Namespace) -> int:
    """Exit 0 at the match's end (with --keep: when no one comes back for the next), 1 if the
    seats were not taken in time for the first match, 2 for bad arguments, 143 (128 + 15)
    stopped by SIGTERM, after one line saying so and where the match is kept."""
    try:
        before = signal.signal(signal.SIGTERM, _stop)
    except ValueError:  # not the main thread (a test's): no handler, the default stays
        before = None
    kept: list[str] = []
    saved: list[Path] = []
    try:
        return _run(args, kept, saved)
    except Stopped as stopped:
        from game.app.play.savegame import SaveSlot
        from game.files import shown_path

        if saved and SaveSlot(saved[-1]).exists():
            folder = shown_path(saved[-1])
            where = f"the match is saved in {folder} (--continue {folder} goes on with it)"
        elif kept:
            where = f"the match is kept as {kept[-1]}"
        else:
            where = "the match is not kept" + (" (no --history)" if args.history is None else "")
        _say(f"stopped by {signal.Signals(stopped.signum).name}: {where}")
        return SIGNALLED + stopped.signum
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


def _run(args: argparse.Namespace, kept: list[str], saved: list[Path]) -> int:
    """`run`'s matches; `kept` gets where the history keeps the match being hosted (in the
    `finally` too: a match stopped by a signal is kept before the line that says so), `saved`
    the folder it is saved in, while it is (a match stopped there can be continued)."""
    from game.app.play.savegame import SaveSlot
    from game.engine.scoring import install_fast_divider
    from game.files import shown_path
    from game.net.hosting import PERSON
    from game.net.server import JOIN_CODE_LENGTH, JOIN_CODE_LETTERS, normal_code

    install_fast_divider()

    folder = args.continue_from or args.save
    if args.continue_from is not None:
        given = [f"--{name}" for name in TABLE_OPTIONS if getattr(args, name) is not None]
        if args.save is not None or given:
            return _refuse(f"--continue takes the table from its save: {', '.join(given or ['--save'])} cannot "
                           "be given with it")
    elif args.seats is None or args.port is None:
        return _refuse("--seats and --port are needed (or --continue DIR, for a saved match)")
    else:
        seats = [s.strip() for s in args.seats.split(",")]
        if any(s not in SEAT_KINDS for s in seats) or PERSON not in seats:
            return _refuse(f"--seats takes {', '.join(SEAT_KINDS)}, comma-separated, with at least one person")
        if args.code is not None and (len(normal_code(args.code)) != JOIN_CODE_LENGTH
                                      or set(normal_code(args.code)) - set(JOIN_CODE_LETTERS)):
            return _refuse(f"--code is {JOIN_CODE_LENGTH} of the letters {JOIN_CODE_LETTERS}")
        if not 0 <= args.port < 65536:
            return _refuse("--port is a TCP port, 0 to 65535")
    if folder is None:
        return _host(args, None, kept, saved)
    lock, problem = _claim(folder, args.continue_from is None)
    if lock is None:
        return _refuse(problem)
    try:
        if args.continue_from is None and SaveSlot(folder).exists():
            return _refuse(f"{shown_path(folder)} holds an unfinished match: go on with it with --continue "
                           f"{shown_path(folder)}, or save this one in another folder")
        return _host(args, SaveSlot(folder), kept, saved)
    finally:
        lock.release()


def _host(args: argparse.Namespace, slot: SaveSlot | None, kept: list[str], saved: list[Path]) -> int:
    """The table hosted, match after match (`_run`'s, its arguments checked), saved in `slot`."""
    from game.app.play.hosted_match import HostedMatch
    from game.app.play.waiting_room import join_address
    from game.engine.rules import Rules
    from game.files import shown_path
    from game.net.hosting import PERSON

    seats = [] if args.seats is None else [s.strip() for s in args.seats.split(",")]
    folder = "" if slot is None else shown_path(slot.folder)
    announced: list[Announcer] = []
    hosted: HostedMatch | None = None
    kept_match: Match | None = None

    def report(line: str) -> None:
        _say(line)
        for announcer in announced:
            if hosted is not None:
                announcer.update(_table_ad(args.name, hosted, rules))

    options = {"move_time_s": args.move_time, "report": report, "reconnect_window_s": args.reconnect, "slot": slot}
    try:
        if slot is not None and args.continue_from is not None:
            hosted = _continued(slot, args, options)
            if hosted is None:
                return BAD_INPUT
            rules, seed = hosted.match.rules, hosted.match.seed
            seats = [PERSON if seat in hosted.remote else level or PERSON
                     for seat, level in enumerate(hosted.table.levels)]
        else:
            rules = Rules.preset(args.preset or DEFAULT_PRESET, **({} if args.hands is None else {"hands": args.hands}))
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            hosted = HostedMatch(rules, seats, seed, args.code, args.bind or None, args.port, **options)
            hosted.start()
    except (ValueError, OSError) as error:
        return _refuse(str(error))
    if slot is not None:
        saved.append(slot.folder)
    try:
        where = args.bind if args.bind and args.bind not in ("0.0.0.0", "::") else "THIS-COMPUTER"
        _say(f"17 Steps table: {rules.players} seats, preset {rules.preset_name}, "
             f"{rules.hands or 'until a bust'} hand(s); join code {hosted.host.code}; port {hosted.host.port}")
        _say(f"join with: {program_name()} join {join_address(where, hosted.host.port)} --code {hosted.host.code}")
        if args.continue_from is not None:
            _say(f"continued from {folder}: hand {hosted.match.kyoku_number or 1}, scores "
                 + ", ".join(f"{score:g}" for score in hosted.match.scores)
                 + "; waiting for its players to join again with their seat keys")
        elif slot is not None:
            _say(f"saved after every move in {folder} (--continue {folder} goes on with it)")
        if not args.no_discovery:
            announced.extend(_announce(_table_ad(args.name, hosted, rules), hosted.host.port, args.bind))
        if not hosted.wait_for_players(args.wait):
            _say("not every seat was taken in time: no match" if args.continue_from is None
                 else f"not every player came back in time: the match stays saved in {folder}")
            return 1
        for announcer in announced:  # a started table takes no one new: withdrawn
            announcer.close()
        for number in range(1, MOST_MATCHES + 1):
            _play(hosted, args.record if number == 1 or args.record is None else _numbered(args.record, number))
            if args.history is not None:
                _keep_in_history(args.history, hosted, seats, kept, say_kept=True)
                kept_match = hosted.match
            if slot is not None and hosted.match.over:
                slot.clear()  # kept where asked (the record, the history): no longer to continue
            if not args.keep or number == MOST_MATCHES:
                break
            # The next match at the same table: its code, port and seat tokens, so that the same
            # people take their seats again with their seat keys (a rematch), nobody else.
            code, port, tokens = hosted.host.code, hosted.host.port, hosted.host.tokens()
            hosted.stop(reopening=True)
            seed = seed + 1 if args.seed is not None else secrets.randbelow(2**31)
            try:
                hosted = _opened(partial(HostedMatch, rules, seats, seed, code, args.bind or None, port,
                                         tokens=tokens, **options))
            except OSError as error:
                hosted = None
                _say(f"the next match cannot open port {port} again, where its players look for it "
                     f"({_listen_problem(error)}; waited {PORT_WAIT_S:g} s): the table closes")
                return BAD_INPUT
            kept.clear()  # the line at a stop names where this match is kept, not the last
            _say(f"the next match: waiting for the same players to join again (code {code}, port {port})")
            if not hosted.wait_for_players(args.wait):
                _say("not every player came back in time: the table closes")
                break
    finally:
        try:
            # First: a ^C may leave the closing to fail. A match kept after its end is not kept
            # (nor said) again; one stopped is said by the line that says it stopped. A match
            # saved is not kept before its end: it may be continued.
            if args.history is not None and hosted is not None and hosted.match is not kept_match \
                    and (slot is None or not slot.exists()):
                _keep_in_history(args.history, hosted, seats, kept, say_kept=not isinstance(sys.exception(), Stopped))
        finally:
            for announcer in announced:
                announcer.close()
            if hosted is not None:
                hosted.stop()
    return 0


def _claim(folder: Path, make: bool) -> tuple[SlotLock | None, str]:
    """The save folder's lock held (`SlotLock`: no other host, nor a window, writes there
    meanwhile), or None and why not. `make`: the folder is made if it is not there."""
    from game.app.play.savegame import SlotLock
    from game.files import shown_path

    try:
        if make:
            folder.mkdir(parents=True, exist_ok=True)
        elif not folder.is_dir():
            return None, f"there is no saved match in {shown_path(folder)} (not a folder)"
        lock = SlotLock(folder)
        if not lock.claim():
            return None, f"another 17 Steps host or window is saving in {shown_path(folder)}"
    except OSError as error:
        return None, f"cannot save in {shown_path(folder)} ({error.strerror or error})"
    return lock, ""


def _continued(slot: SaveSlot, args: argparse.Namespace, options: dict[str, object]) -> HostedMatch | None:
    """The saved match at its table, listening on its port; None when it cannot be, after
    one line saying why (a damaged save moved aside and kept, one that cannot be read now
    left as it is)."""
    from game.app.play.hosted_match import HostedMatch, load_saved, save_whole
    from game.app.play.savegame import SaveDamaged, SaveError
    from game.files import shown_path

    where = shown_path(slot.folder)
    if not slot.exists():
        _refuse(f"there is no saved match in {where}")
        return None
    try:
        saved, seats = load_saved(slot)
    except SaveDamaged as error:
        try:
            aside = f"it is kept as {shown_path(slot.move_aside('damaged'))}"
        except OSError as move_error:
            aside = f"it is left as it is ({move_error.strerror or move_error})"
        _refuse(f"the match saved in {where} cannot be continued: {error}; {aside}")
        return None
    except SaveError as error:
        _refuse(f"the match saved in {where} cannot be continued: {error}")
        return None
    if saved.cut:
        try:
            kept = save_whole(slot, saved)
        except OSError as error:
            _refuse(f"the match saved in {where} was cut short and cannot be written again "
                    f"({error.strerror or error}): it is left as it is")
            return None
        _say(f"the match saved in {where} was cut short: it goes on from its last whole move; "
             f"the file as it was is kept as {shown_path(kept)}")
    try:
        return _opened(partial(HostedMatch.continued, saved, seats, args.bind or None, **options))
    except OSError as error:
        _refuse(f"the table cannot open port {seats.port} again, where its players look for it "
                f"({_listen_problem(error)}; waited {PORT_WAIT_S:g} s); the match stays saved in {where}")
        return None


def _opened(make: Callable[[], HostedMatch]) -> HostedMatch:
    """A table listening at the port its players look for: while another program has the
    port, made again (a server that failed to start is not started again) and tried again,
    for up to PORT_WAIT_S; then the last OSError."""
    deadline = time.monotonic() + PORT_WAIT_S
    while True:
        hosted = make()
        try:
            hosted.start()
            return hosted
        except OSError as error:
            if error.errno != errno.EADDRINUSE or time.monotonic() >= deadline:
                raise
        time.sleep(PORT_RETRY_S)


def _listen_problem(error: OSError) -> str:
    return "another program uses the port" if error.errno == errno.EADDRINUSE else str(error.strerror or error)


def _keep_in_history(folder: Path, hosted: HostedMatch, seats: list[str], kept: list[str], say_kept: bool) -> None:
    from game.app.history.match_history import keep_hosted
    from game.files import shown_path

    levels = [None if who == "person" else who for who in seats]
    try:
        path = keep_hosted(folder, hosted.match, hosted.table.names, levels)
    except (OSError, ValueError) as error:
        _say(f"history: the match could not be kept in {shown_path(folder)} ({error})")
        return
    if path is not None:
        kept.append(shown_path(path))
        if say_kept:
            _say(f"history: kept as {shown_path(path)}")


MOST_MATCHES = 1000
"""--keep hosts match after match, up to this many."""


def _play(hosted: HostedMatch, record: Path | None) -> None:
    from game.engine.record import write_record

    hosted.play()
    match = hosted.match
    _say(f"match over ({match.end_reason}): scores " + ", ".join(f"{s:g}" for s in match.scores))
    if record is not None:
        write_record(record, match.record)
        _say(f"record: {record}")
    sent = ", ".join(f"seat {s}: {n}" for s, n in hosted.host.sent_bytes.items())
    received = ", ".join(f"seat {s}: {n}" for s, n in hosted.host.received_bytes.items())
    _say(f"bytes sent {sent}; received {received}")


def _numbered(record: Path, number: int) -> Path:
    """The record of the `number`th match hosted with --keep: FILE-2.jsonl beside FILE.jsonl."""
    return record.with_name(f"{record.stem}-{number}{record.suffix}")


def _table_ad(name: str, hosted: HostedMatch, rules: Rules) -> TableAd:
    from game.net.hosting import table_ad

    return table_ad(name, hosted.hosted, rules)


def _announce(ad: TableAd, port: int, bind: str) -> list[Announcer]:
    """The table announced on the local network, or nothing (said why): it is still joined
    by its address."""
    from game.net.discovery import Announcer, local_addresses

    if bind in ("", "0.0.0.0", "::"):
        announcer = Announcer(ad, port, local_addresses())
    else:  # only on the network of the one address the table listens on
        announcer = Announcer(ad, port, [bind], interfaces=[bind])
    try:
        announcer.start()
    except OSError as error:
        _say(f"discovery: not announced ({error}); join by the address")
        return []
    _say(f"discovery: announced on the local network as {ad.name!r}")
    return [announcer]


def _say(line: str) -> None:
    print(line, flush=True)


def _refuse(message: str) -> int:
    print(f"host: {message}", file=sys.stderr)
    return BAD_INPUT
