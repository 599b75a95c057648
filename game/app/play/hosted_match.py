"""A match hosted without a window (`python -m game host`): its seats played by AI levels
here and by people at other computers, stepped by the window's loop (`TableTurns`) with
nobody at the screen.

The window's host and this one run the same code: the same `HostedTable` (the server, the
`RemoteSeat` players, what each client is told after every change), the same `Session`
and the same `TableTurns` (each seat's decision, its clock and stand-in). Here the AI
moves at once, on the loop's thread (no AI pause: nobody watches), and the loop waits for
the network when no seat can move.

With a save slot it keeps the match as the window's host does (`savegame.SaveSlot`): the
record saved after every move, the seats' tokens beside it (never in it), so that a host
that crashed or was stopped takes the match up again (`HostedMatch.continued`) at the same
table, its people coming back with their tokens.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.app.play.savegame import HostedSeats, SaveDamaged, SavedMatch, SaveError, SaveSlot
from game.app.play.session import BuildProgress, SeatPlan, Session
from game.app.play.table_turns import TableTurns
from game.app.settings import AI_LEVELS
from game.engine.match import Match
from game.engine.names import BadName, checked_name
from game.engine.player import Player
from game.engine.rules import Rules
from game.files import copy_aside
from game.net.hosting import MOVE_TIME_S, PERSON, RECONNECT_WINDOW_S, HostedTable
from game.net.play import DELAY_GRACE_S

POLL_S = 0.05
"""The longest the loop waits for the network between looks at the table."""
MOST_STEPS = 10_000_000
"""A bound on the loop (a match of the longest preset takes far fewer)."""


class AtOnce(Executor):
    """Runs each job at once on the caller's thread: the AI's moves on the loop's, which has
    nothing else to do meanwhile (the network has its own thread)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # kept in the future, as a pool keeps it
            future.set_exception(error)
        return future


class SavingTurns(TableTurns):
    """The seats' turns, each remote seat's build clock saved with the match as it runs (as
    the window's table does: `TableTurns.note_builds`), so that a match continued gives each
    seat the build clock it had, not a new one."""

    def resume_builds(self, builds: dict[int, BuildProgress]) -> None:
        """A continued match's builds in progress, as saved: each remote seat's clock goes on
        from where it stood, from now."""
        self.session.builds.update(builds)
        self._restore_remote_builds()

    def _after_asking(self) -> None:
        self.note_builds()


class HostedMatch:
    """One match at a table whose `PERSON` seats are played from other computers."""

    def __init__(self, rules: Rules, seats: list[str], seed: int, code: str | None = None,
                 bind: str | None = "127.0.0.1", port: int = 0, move_time_s: float = MOVE_TIME_S,
                 report: Callable[[str], None] = print, tap: Callable[[int, str], None] | None = None,
                 grace_s: float = DELAY_GRACE_S, reconnect_window_s: float = RECONNECT_WINDOW_S,
                 tokens: dict[int, str] | None = None, slot: SaveSlot | None = None,
                 saved: SavedMatch | None = None) -> None:
        """`tokens`: the seats' tokens of the match before (with its `code` and `port`): the next
        match at the same table, its seats taken again only by the same people. `slot`: where
        the match is saved after every move (None: nowhere). `saved`: the match to go on with
        (`continued`), instead of a new one of `rules` and `seed`."""
        from game.ai.agents import make_agent  # the window's host imports this package; a copy may lack the AI

        if len(seats) != rules.players:
            raise ValueError(f"the table has {rules.players} seats; {len(seats)} were given")
        self.match = Match(rules, seed) if saved is None else saved.match
        remote = tuple(seat for seat, who in enumerate(seats) if who == PERSON)
        names = [f"Player {s + 1}" if s in remote else f"{seats[s].capitalize()} AI" for s in range(rules.players)]
        if saved is not None:
            names = list(saved.plan.names)  # the names its people took it with
        levels = [None if seat in remote else who for seat, who in enumerate(seats)]
        self.hosted = HostedTable(self.match, names, levels, remote, code, bind, port, tap, report, tokens=tokens)
        self.remote = self.hosted.remote
        self.host = self.hosted.host
        self.table = self.hosted.table
        players: dict[int, Player] = {
            seat: self.remote.get(seat) or make_agent(who, seed * 31 + seat) for seat, who in enumerate(seats)
        }
        self.hosted.move_time_s = move_time_s
        self.hosted.reconnect_window_s = reconnect_window_s
        self.report = report
        self.slot = slot
        self.unsaved = False
        """The last save failed (said once, until one succeeds)."""
        self.hosted.table.can_continue = slot is not None  # a host stopped says so to its players
        at_once = AtOnce()
        self.session = Session(self.match, SeatPlan.unattended(names, levels, remote), players, at_once,
                               on_change=self._save)
        self.session.net = self.hosted
        self.turns = SavingTurns(self.session, at_once, report=report) if slot is not None \
            else TableTurns(self.session, at_once, report=report)
        self.saved_builds = {} if saved is None else saved.builds
        """A continued match's builds in progress: each remote seat's build clock goes on from
        where it stood once its people are back (`wait_for_players`), not while they are away."""
        self.turns.grace_s = grace_s
        self.players = self.turns.players
        """Who plays each seat, as the loop asks them."""
        self.wait: Callable[[float], None] = self.poll
        """How the loop waits when no seat can move: for the network, up to the time given."""
        self.closing = threading.Event()
        """Set by `close` from another thread: the wait for players and the match stop."""

    @classmethod
    def continued(cls, saved: SavedMatch, seats: HostedSeats, bind: str | None = "127.0.0.1",
                  **options: Any) -> HostedMatch:
        """The match a host saved (`load_saved`), at the same table again: its code, its port,
        each remote seat kept for the person whose token it was given (`options`: `__init__`'s)."""
        plan, match = saved.plan, saved.match
        who = [PERSON if seat in plan.remote else plan.level(seat) for seat in range(match.rules.players)]
        return cls(match.rules, who, match.seed, seats.code, bind, seats.port, tokens=seats.tokens, saved=saved,
                   **options)

    def start(self) -> None:
        self.hosted.start()

    def wait_for_players(self, timeout_s: float) -> bool:
        """Until every remote seat is taken (True) or `timeout_s` has passed (False)."""
        deadline = time.monotonic() + timeout_s
        while not self.hosted.all_joined():
            if self.closing.is_set():
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.poll(min(left, 0.2))
        self.hosted.begin()
        if isinstance(self.turns, SavingTurns):
            self.turns.resume_builds(self.saved_builds)
        if self.slot is not None:
            self.session.plan = replace(self.session.plan, names=self.table.names)  # the names joined with
            try:
                self.slot.save_hosting(self.match.seed, HostedSeats(self.host.code, self.host.port, self.host.tokens()))
            except OSError as error:
                self._not_saved(error)
            else:
                self._save(self.session)
        return True

    def _save(self, session: Session) -> None:
        """After every change of a match begun: saved in the slot (a match over is not: its
        save is forgotten by whoever keeps it, once it is)."""
        if self.slot is None or self.match.over or not self.hosted.begun:
            return
        try:
            self.slot.save(session.plan, self.match, session.builds)
        except (OSError, ValueError) as error:  # ValueError: text no file can hold
            self._not_saved(error)
        else:
            self.unsaved = False

    def _not_saved(self, error: Exception) -> None:
        if not self.unsaved:
            self.unsaved = True
            self.report(f"save: the match cannot be saved ({error}): it could not be continued after a crash")

    def play(self, most_steps: int = MOST_STEPS) -> None:
        """The match to its end (or until `close`): each hand dealt, the seats' moves, each
        hand's result reported; then every client told the match is over."""
        clock = self.hosted.clock
        last = clock()
        reported = 0
        for _ in range(most_steps):
            if self.match.over or self.closing.is_set():
                break
            if self.match.kyoku is None:
                self.session.next_kyoku()
            now = clock()
            self.turns.update(now - last, 0.0)
            last = now
            if self.session.kyoku_over:
                if reported != self.match.kyoku_number:
                    reported = self.match.kyoku_number
                    self._kyoku_ended()
                if self.match.over:
                    continue
                reading = self.table.reading_left()
                if reading > 0:  # the people read the result: no clock runs until they are ready
                    self.wait(min(reading, POLL_S))
                    continue
                self.table.end_reading()
                self.session.next_kyoku()
                continue
            due = 0.0 if self.session.busy else self.turns.next_change(0.0)
            if due is None or due > 0:
                self.wait(POLL_S if due is None else min(due, POLL_S))
        self.table.match_over()
        self.host.over = self.match.over

    def _kyoku_ended(self) -> None:
        last = self.match.settlements[-1]
        scores = ", ".join(f"{s:g}" for s in last.scores)
        result = self.session.kyoku.result
        assert result is not None
        how = "drawn" if result.drawn else "won by " + ", ".join(f"seat {w.seat}" for w in result.wins)
        self.report(f"hand {last.kyoku_number}: {how}; scores {scores}")

    def poll(self, timeout: float) -> None:
        self.hosted.poll(timeout)

    def close(self) -> None:
        """Stop waiting and playing (from any thread); `stop` then closes the network."""
        self.closing.set()

    def stop(self, reopening: bool = False) -> None:
        """Close the network, telling the players the host has left, unless it is `reopening`
        the table for the next match (`HostedTable.stop`). Stopped for good once the match has
        begun and before its end (^C, SIGTERM, an error), a match saved is told it stopped and
        may be continued; one not saved ends here, for it cannot be: each player is sent its
        record first, to keep as a stopped match (`HostedTable.leave`, `NetTable.match_over`).
        Before it began, only that the host left."""
        if reopening:
            self.hosted.stop(reopening=True)
        else:
            self.hosted.leave()


def load_saved(slot: SaveSlot) -> tuple[SavedMatch, HostedSeats]:
    """The match a host without a window saved in `slot`, and its seats' tokens (read only:
    no file is moved or written): SaveUnreadable or SaveDamaged (`SaveSlot.load`), or
    SaveError when the tokens are not kept beside it (its people could not take their seats
    back). A save cut short (`SavedMatch.cut`) goes on from its last whole move once it is
    written again (`save_whole`)."""
    saved = slot.load(unattended_plan)
    seats = slot.hosted_seats(saved.match.seed, saved.plan.remote)
    if seats is None:
        raise SaveError(f"the seat keys are not kept beside the save ({slot.hosting_path.name}), or are "
                        "another match's: its players could not take their seats back")
    return saved, seats


def save_whole(slot: SaveSlot, saved: SavedMatch) -> Path:
    """A save cut short written again up to its last whole move, its file as it was kept as a
    copy beside it first (`copy_aside`), the copy's path. The save is written over atomically
    (its keys left as they are), so that whatever fails (OSError: a full disk is what cuts a
    save short) the save stays to be continued, and the file as it was is never lost."""
    kept = copy_aside(slot.record_path, "damaged")
    slot.save(saved.plan, saved.match, saved.builds)
    return kept


def unattended_plan(data: Any, players: int) -> SeatPlan:
    """The seats of a match saved by a host without a window (`SeatPlan.unattended`), every
    field checked as outside input: nobody at the screen, each seat named (`checked_name`),
    each an AI level or a person at another computer, at least one of them. SaveDamaged
    saying why not."""
    if not isinstance(data, dict) or data.get("humans") != []:
        raise SaveDamaged("the saved match is not one a host without a window played")
    names, levels, remote = data.get("names"), data.get("levels"), data.get("remote")
    if not (isinstance(names, list) and isinstance(levels, list) and isinstance(remote, list)
            and len(names) == len(levels) == players):
        raise SaveDamaged(f"the saved match does not name its {players} seats")
    if not remote or not all(type(seat) is int for seat in remote) \
            or not all(lv is None or lv in AI_LEVELS for lv in levels) \
            or sorted(remote) != [seat for seat, level in enumerate(levels) if level is None]:
        raise SaveDamaged("the saved match's seats are neither AI levels nor people at other computers")
    try:
        shown = [checked_name(name) for name in names]
    except BadName as error:
        raise SaveDamaged("the saved match has a seat name that cannot be shown") from error
    return SeatPlan.unattended(shown, levels, tuple(sorted(remote)))
