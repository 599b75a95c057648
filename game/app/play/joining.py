"""Joining a table from the window, without pygame: the tables found on the local network,
the typed address and code read, and the link's news turned into where the join stands.

`Looking` is the look at a table before sitting down: the host's rules and who sits where
(`TableLook`, no seat taken), or one sentence why not. `Joining` is what the Join screen
shows once the player sits down: connecting, seated (the host's rules known, the match not
started), ready (the first view came: the table opens), or failed with one sentence (a
refusal, no answer, the host gone). `LanTables` lists the tables
announced on the local network (game/net/discovery.py), started in a thread of its own so
that the frame loop never waits for the network; its list is a snapshot read each frame.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from zeroconf import InterfaceChoice

from game import __version__
from game.app.play.remote_link import Ended, Heard, News, Reconnecting, RemoteLink
from game.app.play.seat_keys import forget_key, read_keys, remember_key, table_of
from game.app.play.session import shown_name
from game.app.words.i18n import _, ngettext
from game.app.words.net_words import refusal_sentence
from game.app.words.rule_texts import clocks_summary, preset_name, rules_summary
from game.engine.names import LONGEST_NAME, name_fault
from game.net.client import UnbracketedIPv6, join_uri, look_at_table, parse_address
from game.net.discovery import FoundTable, TableBrowser
from game.net.hosting import MOVE_TIME_S
from game.net.protocol import HOST_LEFT, PROTOCOL_VERSION, Refused, TableLook
from game.net.seat_link import HostUnreachable, JoinRefused
from game.net.server import JOIN_CODE_LENGTH, JOIN_CODE_LETTERS, normal_code

OUR_VERSION = f"17 Steps {__version__} (protocol {PROTOCOL_VERSION})"
"""This computer's version, as a refusal of another version names it."""
DISCOVERY_VARIABLE = "SEVENTEEN_STEPS_DISCOVERY"
"""`off`, or the addresses of the interfaces to look for tables on (comma-separated):
the tests and screenshots keep discovery on the loopback or off."""

Interfaces = InterfaceChoice | list[str]


def discovery_interfaces(environ: Mapping[str, str]) -> Interfaces | None:
    """Where the Join screen looks for tables (None: it does not)."""
    value = environ.get(DISCOVERY_VARIABLE, "").strip()
    if not value:
        return InterfaceChoice.All
    if value.lower() == "off":
        return None
    return [part.strip() for part in value.split(",") if part.strip()]


class LanTables:
    """The tables announced on the local network, found in the background."""

    def __init__(self, interfaces: Interfaces) -> None:
        self.browser = TableBrowser(interfaces)
        self.failed = False
        """Discovery could not start (no network that allows it): join by the address."""
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._start, name="join-discovery", daemon=True)
        self._thread.start()

    def _start(self) -> None:
        try:
            self.browser.start()
        except OSError:
            self.failed = True
            return
        if self._closed.is_set():
            self.browser.close()

    def tables(self) -> list[FoundTable]:
        return self.browser.tables()

    def close(self) -> None:
        """Stop looking (the browser closes in its thread if it is still starting)."""
        self._closed.set()
        if not self._thread.is_alive():
            with contextlib.suppress(OSError):
                self.browser.close()


def table_line(found: FoundTable) -> str:
    """A listed table: its host's name, the seats taken, its rules' preset; another version named."""
    ad = found.ad
    # Translators: a table found on the local network: "studio — 1/2 seats — Kaiji's rules"
    line = _("{name} — {taken}/{seats} seats — {preset}").format(name=ad.name, taken=ad.taken, seats=ad.seats,
                                                                 preset=preset_name(ad.preset))
    if ad.protocol != PROTOCOL_VERSION:
        # Translators: a listed table that runs another version of the game
        line = _("{table} — another version: {version}").format(table=line, version=ad.game_version)
    return line


def address_problem(address: str) -> str | None:
    """Why the typed address cannot be joined, in words; None when it can."""
    if not address.strip():
        return _("Type the host's address, or choose a table above.")
    try:
        parse_address(address)
    except ValueError:
        suggestion = bracketed(address)
        if suggestion is not None:
            # Translators: {example} is the address typed, in brackets: [::1]:47123
            return _("Write an IPv6 address in brackets, then its port: {example}.").format(example=suggestion)
        # Translators: {example} shows the forms: 192.168.1.20:17017 or [::1]:17017
        return _("Not an address: type it as host:port, or [IPv6]:port ({example}).").format(
            example="192.168.1.20:17017, [::1]:17017")
    return None


def bracketed(address: str) -> str | None:
    """`[IPv6]:port` for an IPv6 address and a port typed without their brackets, or with
    one of them or in the wrong place (`::1:47123`, `[::1:47123`, `::1]:47123`), as the
    command line's reader names it; None for anything else, or a port that is not one."""
    bare = "".join(address.split()).replace("[", "").replace("]", "")
    try:
        parse_address(bare)
    except UnbracketedIPv6 as error:
        suggestion = error.suggestion
    except ValueError:
        return None
    else:
        return None
    try:
        parse_address(suggestion)
    except ValueError:
        return None
    return suggestion


def code_problem(code: str) -> str | None:
    """Why the typed join code cannot be right, in words; None when it can."""
    normal = normal_code(code)
    unused = sorted(set(normal) - set(JOIN_CODE_LETTERS))
    if len(normal) == JOIN_CODE_LENGTH and not unused:
        return None
    if len(normal) == JOIN_CODE_LENGTH and all(letter.isalpha() for letter in unused):
        # The host never shows a letter that looks like another (B/8, O/0, …): a six-letter
        # code holding one was misread, and "it is six letters" would not say how.
        return _("A join code never holds {letters}: read it again on the host's screen.").format(
            letters=" ".join(unused))
    return _("The join code is {count} letters, as the host's screen shows it.").format(count=JOIN_CODE_LENGTH)


def name_problem(name: str) -> str | None:
    """Why the name typed on the Join screen cannot be the player's at the host's table, in
    words; None when it can (the new-table screen's limits: `name_fault`)."""
    fault = name_fault(name)
    if fault is None:
        return None
    if fault.empty:
        return _("Type your name: the other players see it at the table.")
    if fault.too_long:
        return _("Your name is at most {count} characters.").format(count=LONGEST_NAME)
    # Translators: {code} is like U+0009
    return _("Your name cannot hold the character {code}.").format(code=f"U+{ord(fault.character):04X}")


@dataclass(frozen=True)
class Failed:
    sentence: str


class Looking:
    """One look at the table at `address` before sitting down, in a thread of its own (the
    frame loop never waits): `table` once the host has shown it, `ended` when it would not
    (`ended_sentence` says why). `on_done` is called from that thread when the look is over."""

    def __init__(self, address: str, code: str, look: Callable[[str, str], TableLook] = look_at_table,
                 on_done: Callable[[], None] = lambda: None) -> None:
        self.address, self.code = address.strip(), normal_code(code)
        self.table: TableLook | None = None
        self.ended: Ended | None = None
        self._look, self._on_done = look, on_done
        self._thread = threading.Thread(target=self._run, name="join-look", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.table = self._look(self.address, self.code)
        except JoinRefused as refused:
            self.ended = Ended("refused", refused.refusal)
        except HostUnreachable as error:
            self.ended = Ended("unreachable", detail=str(error))
        except Exception as error:  # any other failure is said, never a screen left looking
            self.ended = Ended("failed", detail=f"{type(error).__name__}: {error}")
        self._on_done()

    @property
    def done(self) -> bool:
        return self.table is not None or self.ended is not None


def seat_lines(look: TableLook, yours: tuple[int, str] | None = None) -> list[str]:
    """Who sits where at a table looked at: one line a seat, a free one said to be free;
    with `yours` (the seat the host gave and its name there), that seat is the player's."""
    lines = []
    for seat, (name, free) in enumerate(zip(look.names, look.open, strict=True)):
        if yours is not None and seat == yours[0]:
            # Translators: the seat taken by the player at a table joined ("Seat 2: Guest (you)")
            who = _("{name} (you)").format(name=shown_name(yours[1]))
        elif free:
            # Translators: a seat not taken yet at a table looked at before sitting down
            who = _("free, for a person at another computer")
        else:
            who = shown_name(name)
        # Translators: one seat of a table looked at before sitting down ("Seat 2: Easy AI")
        lines.append(_("Seat {number}: {who}").format(number=seat + 1, who=who))
    return lines


def rules_lines(look: TableLook) -> list[str]:
    """The host's rules in short: the summary, then the clocks (what a joiner most needs)."""
    rules = look.rules
    # A network table gives every decision a clock: "No limit" would be untrue here. An older
    # host's look does not say its move time: it runs the default.
    return [_("The host's rules: {summary}").format(summary=rules_summary(rules)),
            clocks_summary(rules, look.move_time_s or MOVE_TIME_S)]


def sit_problem(look: TableLook, has_key: bool) -> str | None:
    """Why the player cannot sit down at the table looked at (None: they can): a match
    started or a table full takes only a seat's own key back."""
    if has_key:
        return None
    if look.started:
        return refusal_sentence(Refused(0, "match_started", ""), OUR_VERSION)
    if not any(look.open):
        return refusal_sentence(Refused(0, "table_full", ""), OUR_VERSION)
    return None


def holds_key(keys: Path, address: str, code: str) -> bool:
    """This computer keeps a seat key for the table (Join takes that seat back)."""
    return bool(key_for(read_keys(keys), table_of(address, code)))


REMATCH_PATIENCE_S = 180.0
"""How long a Rematch keeps knocking at the host's table until the host opens the rematch."""
KNOCK_EVERY_S = 2.0
NOT_OPEN_YET = ("unreachable", "match_over")
"""How a table not open (yet) for the rematch answers: no answer at all, or the last match over."""


class Joining:
    """One attempt to join a table: the link and where it stands. With `keys` (the user
    data folder) the seat's key is kept there and the next Join of the same table takes the
    same seat back (game/app/play/seat_keys.py). With `patience_s` (a rematch: Join again
    with the same address, code and key) a table that is not open yet is tried again every
    KNOCK_EVERY_S until it opens or the patience runs out."""

    def __init__(self, address: str, code: str, name: str,
                 make_link: Callable[[str, str, str], RemoteLink] = RemoteLink, keys: Path | None = None,
                 patience_s: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.address = address.strip()
        self.uri, self.name = join_uri(self.address, normal_code(code)), name
        self.make_link = make_link
        self.keys = keys
        self.table = table_of(self.address, code)
        self.token = key_for(read_keys(keys), self.table) if keys is not None else ""
        self.seated: Heard | None = None
        """The host's welcome came: the seat, the names, the rules (the match not started yet)."""
        self.ready: Heard | None = None
        """The first view came: the table opens."""
        self.failed: Failed | None = None
        self.backlog: list[News] = []
        """News after the first view, for the table."""
        self.clock = clock
        self.give_up_at = clock() + patience_s
        self.knock_at: float | None = None
        """When to try again a table not open yet (None: not waiting for it)."""
        self.not_reopened = False
        """The seat's key was refused no seat but no table listens at the address: its host has
        not opened it again yet (crashed, or at its title); tried again, as after a drop."""
        self.link = make_link(self.uri, name, self.token)
        self.link.start()

    @property
    def waiting_for_host(self) -> bool:
        """A rematch waits for the host to open it (knocking, or kept waiting by its table)."""
        return self.knock_at is not None or self.link.waiting_for_host

    def poll(self) -> None:
        """Take the link's news (never waits)."""
        if self.knock_at is not None:
            if self.clock() >= self.knock_at:
                self.knock_at = None
                self.link = self.make_link(self.uri, self.name, self.token)
                self.link.start()
            return
        for news in self.link.poll():
            if self.ready is not None:
                self.backlog.append(news)
            elif isinstance(news, Heard):
                if self.seated is None and self.keys is not None:
                    with contextlib.suppress(OSError):  # not kept: only Join again loses the seat
                        remember_key(self.keys, self.table, news.welcome.token)
                self.seated = news
                if news.view is not None:
                    self.ready = news
            elif isinstance(news, Reconnecting):
                self.not_reopened = news.table_closed and self.seated is None
            elif isinstance(news, Ended) and self._stale_key(news):
                self.token = ""  # a key of an earlier table at this address: a free seat then
                self.link = self.make_link(self.uri, self.name, "")
                self.link.start()
                return
            elif isinstance(news, Ended) and self._not_open_yet(news) and self.clock() < self.give_up_at:
                self.link.close()
                self.knock_at = self.clock() + KNOCK_EVERY_S
                return
            elif isinstance(news, Ended):
                if self._closed_before_its_match(news) and self.keys is not None:
                    with contextlib.suppress(OSError):  # kept, Join again knocks at the address a while in vain
                        forget_key(self.keys, self.table)
                self.failed = Failed(self._never_reopened() if self._gave_up_on(news)
                                     else ended_sentence(news, self.address))

    def _closed_before_its_match(self, ended: Ended) -> bool:
        """The host left, for good, a table it had opened for a new match, before that match
        began: no match is kept to continue, so the seat's key takes nothing back (Join again
        would knock at the address as if the host were to reopen it). A table opened for the
        seats of a match before (a rematch, a match continued) is opened again for them."""
        seated = self.seated
        return (seated is not None and not seated.welcome.waiting_for_start and ended.refusal is not None
                and ended.refusal.code == HOST_LEFT)

    @property
    def tries_for_s(self) -> float:
        """How long a seat's key knocks at an address where no table answers before it gives up:
        the link's pauses between attempts (a host that comes back by Continue is back within
        them; one that exited for good never answers, and the player is told so)."""
        return sum(self.link.delays)

    def _gave_up_on(self, ended: Ended) -> bool:
        """The link stopped knocking at a table that never reopened (no host answered)."""
        return ended.reason == "gone" and self.not_reopened and self.seated is None

    def _never_reopened(self) -> str:
        seconds = round(self.tries_for_s)
        # Translators: Join with the seat's key gave up; {seconds} like 30
        return ngettext("No table answered at {address} for {seconds} second: its host has not continued the match. "
                        "If the host continues it later, Join takes your seat back.",
                        "No table answered at {address} for {seconds} seconds: its host has not continued the match. "
                        "If the host continues it later, Join takes your seat back.", seconds).format(
                            address=self.address, seconds=seconds)

    def _not_open_yet(self, ended: Ended) -> bool:
        code = ended.refusal.code if ended.refusal is not None else ended.reason
        return self.seated is None and code in NOT_OPEN_YET

    def _stale_key(self, ended: Ended) -> bool:
        return bool(self.token) and ended.refusal is not None and ended.refusal.code == "not_your_seat"

    def close(self) -> None:
        self.link.close()


def key_for(keys: Mapping[str, str], table: str) -> str:
    """The seat key of `table` (`seat_keys.table_of`); else the newest of the same host and
    code on another port: a host that continued its match where its port was taken opened it
    on another (a key that is not the table's is refused, and a free seat taken instead)."""
    if table in keys:
        return keys[table]
    where, _, code = table.rpartition("/")
    host = where.rpartition(":")[0]
    for other in reversed(list(keys)):
        other_where, _, other_code = other.rpartition("/")
        if other_code == code and other_where.rpartition(":")[0] == host:
            return keys[other]
    return ""


def code_of(uri: str) -> str:
    """The join code a link's address carries (`join_uri`), "" if none."""
    return normal_code(parse_qs(urlsplit(uri).query).get("code", [""])[0])


def ended_sentence(ended: Ended, address: str) -> str:
    """Why a link ended, in one sentence of the current language."""
    if ended.reason == "refused" and ended.refusal is not None:
        return refusal_sentence(ended.refusal, OUR_VERSION)
    if ended.reason == "unreachable":
        return _("No table answers at {address}: check the address, and that the host is still waiting for "
                 "players.").format(address=address)
    if ended.reason == "failed":
        # Translators: {detail} is the network library's own words, in English
        return _("Joining {address} failed: {detail}").format(address=address, detail=ended.detail)
    if ended.reason == "gone":
        # Translators: the host's Continue re-opens the table for the same seats
        return _("The host has left the table. If the host continues the match, join again to play on.")
    return _("You left the table.")
