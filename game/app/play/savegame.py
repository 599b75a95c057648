"""The unfinished match: saved after every action, resumed from the title screen.

One file in the user's data folder, written atomically: the match record (the engine's
own JSON Lines) whose header also says who plays which seat (`seats`). A crash leaves the
old save or the new one. Resuming checks every field, replays the record through the
engine (every event must come out the same) and carries on from the match the replay
leaves. A save that cannot be read for a moment is left alone; a save that is damaged or
does not replay is moved aside (kept under a dated name), never deleted.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.play.session import HOTSEAT, SOLO, BuildProgress, SeatPlan
from game.app.settings import AI_LEVELS, ai_level_name
from game.app.words.i18n import N_, _, ngettext
from game.app.words.system_words import record_damage, system_reason
from game.engine.match import Match
from game.engine.names import BadName, checked_name
from game.engine.record import (
    MAX_RECORD_BYTES,
    LineDamage,
    RecordError,
    ReplayReport,
    parse_record,
    replay,
    write_record,
)
from game.engine.rules import Rules
from game.files import (
    FileLock,
    FileRefused,
    move_aside,
    parse_json,
    read_bytes_limited,
    remove_temporary_files,
    write_text_atomically,
)

RECORD_FILE = "unfinished_match.jsonl"
PLAN_FILE = "unfinished_match.json"
"""Where version 0.1.0 kept the seats, beside a record without them: still read, then removed."""
MAX_PLAN_BYTES = 1 << 16
HOSTING_FILE = "unfinished_match.hosting.json"
"""The seat tokens of a hosted unfinished match, beside the save and never in it: the record
goes into the history and may be shared, the tokens give a seat at the table."""
MAX_HOSTING_BYTES = 4096
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
CODE = re.compile(r"[A-Z]{4,12}")
LOCK_FILE = "unfinished_match.lock"
"""Locked by the window that keeps the save (see `SlotLock`); never deleted."""


DOES_NOT_REPLAY = N_("the saved match does not replay in this version of the game")
"""(The engine's English account of where it diverges is for `python -m game replay`.)"""


class SaveError(ValueError):
    """The saved match cannot be resumed; the message says why, for the player."""


class SaveUnreadable(SaveError):
    """The save cannot be read now (permission, I/O): it is left as it is, to try again."""

    def __init__(self, reason: str) -> None:
        super().__init__(_("the saved match cannot be read now ({error}); it is left as it is").format(error=reason))
        self.reason = reason
        """What the system said (in its words)."""


class SaveDamaged(SaveError):
    """The save is not one this game can resume: it is moved aside (see `SaveSlot.move_aside`)."""


@dataclass(frozen=True)
class SavedMatch:
    plan: SeatPlan
    match: Match
    builds: dict[int, BuildProgress] = field(default_factory=dict)
    """The people's builds in progress in the current hand (none in saves before 0.2)."""
    cut: int = 0
    """Lines at the file's end left out: a save cut short (a last line cut, or the lines of
    its last action missing) resumes at its last whole action. 0: the whole file."""


@dataclass(frozen=True)
class SaveSummary:
    """Which match the save holds, read without replaying it (the title screen's Continue)."""

    plan: SeatPlan
    players: int
    kyoku_number: int
    """The hand play resumes in: the last one started, or the next when that one is over."""
    hands: int | None
    """The match's length in hands; None when it lasts until someone goes bust."""


@dataclass(frozen=True)
class HostedSeats:
    """How the other computers took their seats at a hosted match: its join code, the port it
    listened on and each remote seat's token, so that Continue opens the same table again
    and the same people take their seats back."""

    code: str
    port: int
    tokens: dict[int, str]

    def to_json(self, seed: int) -> str:
        return json.dumps({"seed": seed, "code": self.code, "port": self.port,
                           "tokens": {str(seat): token for seat, token in sorted(self.tokens.items())}})


def read_hosted_seats(text: str, seed: int, remote: tuple[int, ...]) -> HostedSeats | None:
    """The hosted seats a hosting file keeps for the match of `seed` played from other
    computers at `remote`; None when the file is not one (damaged, another match's, other
    seats). Read as outside input: every field checked, nothing else used."""
    try:
        data = parse_json(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("seed") != seed:
        return None
    code, port, tokens = data.get("code"), data.get("port"), data.get("tokens")
    if not (isinstance(code, str) and CODE.fullmatch(code) and _is_whole(port) and 0 <= port < 65536
            and isinstance(tokens, dict) and sorted(tokens) == sorted(str(seat) for seat in remote)
            and all(isinstance(token, str) and TOKEN.fullmatch(token) for token in tokens.values())):
        return None
    return HostedSeats(code, port, {int(seat): token for seat, token in tokens.items()})


class SaveSlot:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def record_path(self) -> Path:
        return self.folder / RECORD_FILE

    @property
    def plan_path(self) -> Path:
        return self.folder / PLAN_FILE

    @property
    def hosting_path(self) -> Path:
        return self.folder / HOSTING_FILE

    def save_hosting(self, seed: int, seats: HostedSeats) -> None:
        """Keep the seat tokens of the hosted match of `seed` (atomically; the file is the
        user's alone, as every temporary file is made)."""
        write_text_atomically(self.hosting_path, seats.to_json(seed))

    def hosted_seats(self, seed: int, remote: tuple[int, ...]) -> HostedSeats | None:
        """The seat tokens kept for the hosted match of `seed` (`read_hosted_seats`); None
        when there are none to use: its remote seats are then played by the AI."""
        try:
            raw = read_bytes_limited(self.hosting_path, MAX_HOSTING_BYTES)
            return read_hosted_seats(raw.decode("utf-8"), seed, remote)
        except (OSError, FileRefused, UnicodeDecodeError):
            return None

    def _forget_hosting(self) -> None:
        """The tokens of a match that is no longer continued give nothing: they go (never
        kept aside, where someone might find them)."""
        with contextlib.suppress(OSError):
            self.hosting_path.unlink(missing_ok=True)

    def exists(self) -> bool:
        return self.record_path.is_file()

    def save(self, plan: SeatPlan, match: Match, builds: dict[int, BuildProgress] | None = None) -> None:
        """One atomic write: the match, its seats and the builds in progress never out of step."""
        header, *lines = match.record
        extra: dict[str, Any] = {"seats": plan.to_dict()}
        if builds:
            extra["builds"] = [{"seat": seat, "hand": b.kyoku_number, "chosen": b.chosen, "elapsed": b.elapsed}
                               for seat, b in sorted(builds.items())]
        write_record(self.record_path, [{**header, **extra}, *lines])
        if not plan.remote and self.hosting_path.exists():  # an earlier hosted match's tokens: this one has none
            self._forget_hosting()
        if self.plan_path.exists():
            with contextlib.suppress(OSError):  # a stale plan file is never read: the header wins
                self.plan_path.unlink()

    def clear(self) -> None:
        """Forget the save of a match that is over."""
        self.record_path.unlink(missing_ok=True)
        self.plan_path.unlink(missing_ok=True)
        self._forget_hosting()

    def remove_leftovers(self) -> None:
        """Delete the temporary files of autosaves that were killed (at start, before saving)."""
        remove_temporary_files(self.record_path)
        remove_temporary_files(self.plan_path)
        remove_temporary_files(self.hosting_path)

    def move_aside(self, why: str = "damaged") -> Path:
        """Keep a save out of the way, `<name>.<why>-<time>` (`damaged`: it cannot be resumed;
        `abandoned`: a new match replaces it), the path it now has. Raises OSError when it
        cannot be moved."""
        kept = move_aside(self.record_path, why)
        self._forget_hosting()
        if self.plan_path.exists():
            with contextlib.suppress(OSError):
                move_aside(self.plan_path, why)
        return kept

    def load(self, read_plan: Callable[[Any, int], SeatPlan] | None = None) -> SavedMatch:
        """The saved match; SaveUnreadable or SaveDamaged (both SaveError) saying why not.
        `read_plan`: checks the header's seats instead of `seat_plan` (the headless host's,
        whose seats have nobody at the screen)."""
        try:
            raw = read_bytes_limited(self.record_path, MAX_RECORD_BYTES)
        except OSError as error:
            raise SaveUnreadable(system_reason(error)) from error
        except FileRefused as error:
            raise SaveDamaged(_("the saved match is not a file this game can read")) from error
        lines, cut = whole_lines(raw)
        header = lines[0]
        try:
            rules = Rules.from_dict(header.get("rules"))
        except ValueError as error:
            raise SaveDamaged(_("the saved match's rules are not valid")) from error
        seats = header.get("seats")
        if seats is None:
            seats = self._legacy_seats(header.get("seed"))
        plan = (read_plan or seat_plan)(seats, rules.players)
        report, resumed = replayed_to_last_whole_action(lines)
        match = rebuilt_match(report)
        return SavedMatch(plan, match, saved_builds(header.get("builds"), match, plan),
                          cut + len(lines) - len(resumed))

    def summary(self) -> SaveSummary | None:
        """Who plays and which hand the save is at; None when the save cannot say (then
        continuing tells why)."""
        try:
            lines, _cut = whole_lines(read_bytes_limited(self.record_path, MAX_RECORD_BYTES))
            rules = Rules.from_dict(lines[0].get("rules"))
            plan = seat_plan(lines[0]["seats"], rules.players)
        except (OSError, ValueError, KeyError):  # FileRefused, SaveDamaged are ValueErrors
            return None
        started = sum(line.get("type") == "hand" for line in lines)
        settled = sum(line.get("type") == "settlement" for line in lines)
        return SaveSummary(plan, rules.players, started if started > settled else settled + 1, rules.hands)

    def _legacy_seats(self, seed: Any) -> Any:
        """The seats of a version 0.1.0 save, from its second file."""
        try:
            raw = read_bytes_limited(self.plan_path, MAX_PLAN_BYTES)
        except FileNotFoundError as error:
            raise SaveDamaged(_("the saved match does not say who plays which seat")) from error
        except OSError as error:
            raise SaveUnreadable(system_reason(error)) from error
        try:
            data = parse_json(raw.decode("utf-8"))
        except ValueError as error:  # not UTF-8, not JSON, too deep or too large
            raise SaveDamaged(_("the saved match's seats cannot be read")) from error
        if not isinstance(data, dict) or data.get("seed") != seed:
            raise SaveDamaged(_("the saved match's files do not belong together"))
        return data


def seat_plan(data: Any, players: int) -> SeatPlan:
    """Who plays the saved match, every field checked against its number of players: the
    people (distinct seats; solo is one person, hot-seat several), one name per seat that
    can be shown (`engine.names.checked_name`), and an AI level (`ai_level`, or per seat in
    `levels`) that the game has."""
    if not isinstance(data, dict):
        raise SaveDamaged(_("the saved match does not say who plays which seat"))
    mode, humans, names, level = (data.get(key) for key in ("mode", "humans", "names", "ai_level"))
    levels = data.get("levels", [])
    seats = range(players)
    if mode not in (SOLO, HOTSEAT):
        raise SaveDamaged(_("the saved match is neither solo nor hot-seat"))
    if not isinstance(humans, list) or not humans or not all(_is_whole(h) and h in seats for h in humans) \
            or len(set(humans)) != len(humans):
        raise SaveDamaged(_("the saved match's people are not seats of a {players}-player table").format(
            players=players))
    if (mode == SOLO) != (len(humans) == 1):
        raise SaveDamaged(_("a solo match has one person at the table, a hot-seat match several"))
    listed = [len(column) for column in (names, levels) if isinstance(column, list) and column]
    if any(count != players for count in listed):
        count = next(count for count in listed if count != players)
        raise SaveDamaged(ngettext("the saved match lists {seats} seat for a {players}-player table",
                                   "the saved match lists {seats} seats for a {players}-player table",
                                   count).format(seats=count, players=players))
    if not (level is None or level in AI_LEVELS) or not isinstance(levels, list) \
            or not all(lv is None or lv in AI_LEVELS for lv in levels):
        raise SaveDamaged(_("the saved match's AI level is not one of {levels}").format(
            levels=", ".join(map(ai_level_name, AI_LEVELS))))
    if not isinstance(names, list) or len(names) != players:
        raise SaveDamaged(_("the saved match does not name its {players} players").format(players=players))
    try:
        shown = [checked_name(name) for name in names]
    except BadName as error:
        raise SaveDamaged(_("the saved match has a player name that cannot be shown")) from error
    try:
        return SeatPlan.from_dict({**data, "names": shown})
    except (ValueError, KeyError, TypeError) as error:
        raise SaveDamaged(_("the saved match's seats are not valid")) from error


def saved_builds(data: Any, match: Match, plan: SeatPlan) -> dict[int, BuildProgress]:
    """The builds in progress of the saved hand (a remote seat's: its clock alone). They
    only save time and clicks: any that do not fit the match (another hand, not a person
    here or at another computer, not a tile list, a clock out of range) are left out rather
    than refusing the whole save."""
    builds: dict[int, BuildProgress] = {}
    if not isinstance(data, list):
        return builds
    limit = match.rules.build_time_s
    builders = (*plan.humans, *plan.remote)
    for item in data[: match.rules.players]:
        if not isinstance(item, dict):
            continue
        seat, hand, chosen, elapsed = (item.get(key) for key in ("seat", "hand", "chosen", "elapsed"))
        if not (_is_whole(seat) and seat in builders and hand == match.kyoku_number and isinstance(chosen, str)
                and len(chosen) <= 64 and isinstance(elapsed, int | float) and not isinstance(elapsed, bool)
                and elapsed >= 0 and (limit is None or elapsed <= limit)):
            continue
        builds[seat] = BuildProgress(hand, chosen, float(elapsed))
    return builds


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole_lines(raw: bytes) -> tuple[list[dict[str, Any]], int]:
    """A save's lines, and 1 when its last line was cut short (a write that did not end:
    the line is not JSON, or stops inside a character) and is left out, else 0. Any other
    fault is SaveDamaged."""
    cut = 0
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        whole = raw.rfind(b"\n") + 1
        if error.start < whole:
            raise SaveDamaged(_("the saved match is not a text file")) from error
        text, cut = raw[:whole].decode("utf-8", errors="replace"), 1
    try:
        return parse_record(text, "the saved match"), cut
    except RecordError as error:
        rows = text.splitlines()
        last = max((number for number, row in enumerate(rows, start=1) if row.strip()), default=0)
        if cut or error.damage is not LineDamage.NOT_JSON or error.line != last or last < 2:
            raise SaveDamaged(_("the saved match is damaged ({damage})").format(damage=record_damage(error))) \
                from error
        try:
            return parse_record("\n".join(rows[: last - 1]), "the saved match"), 1
        except RecordError as again:
            raise SaveDamaged(_("the saved match is damaged ({damage})").format(damage=record_damage(again))) \
                from again


def replayed_to_last_whole_action(lines: list[dict[str, Any]]) -> tuple[ReplayReport, list[dict[str, Any]]]:
    """The replay of a save, and the lines it replays. A save whose end is missing (the
    events of its last action or hand, a settlement: the engine produced lines the record
    lacks, after its last line) is replayed up to its last whole action instead; a record
    that disagrees with the engine anywhere else is left to fail."""
    try:
        report = replay(lines)
        for _attempt in range(3):  # a missing match_end, then its settlement, then an action
            starts = [index for index in range(1, len(lines)) if lines[index]["type"] != "event"]
            if report.ok or report.divergence_line != len(lines) + 1 or not starts:
                break
            lines = lines[: starts[-1]]
            report = replay(lines)
    except RecordError as error:
        raise SaveDamaged(_(DOES_NOT_REPLAY)) from error
    return report, lines


def rebuilt_match(report: ReplayReport) -> Match:
    """The match a replay leaves, if it is one to resume."""
    if not report.ok or report.match is None:
        raise SaveDamaged(_(DOES_NOT_REPLAY))
    if report.match.over:
        raise SaveDamaged(_("the saved match is already over"))
    return report.match


class SlotLock:
    """Which window keeps the save: the one that holds the lock on `LOCK_FILE` (an OS lock,
    dropped by the system when its process ends, however it ends). Only that window
    continues the unfinished match, autosaves and replaces it; a second window on the same
    folder plays matches that are not saved."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = FileLock(folder / LOCK_FILE)
        self.owned = False
        self.unlocked = False
        """No lock can be made in the folder (no lock file can be opened, the file system
        has no locks): this window saves as it can, but cannot tell whether another does."""

    def claim(self) -> bool:
        """Hold the lock if no other window does (now or already): True when this window
        keeps the save. On taking it, what killed autosaves left is removed. A folder where
        no lock can be made is this window's (`unlocked`): it saves as it can, and says when
        it cannot; it removes nothing, since another window may be writing there."""
        if not self.owned:
            try:
                self.owned = self._lock.acquire()
                self.unlocked = False
            except OSError:
                self.owned = self.unlocked = True
            if self.owned and not self.unlocked:
                SaveSlot(self.folder).remove_leftovers()
        return self.owned

    def release(self) -> None:
        self._lock.release()
        self.owned = self.unlocked = False
