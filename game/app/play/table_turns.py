"""The one loop that asks a table's seats for their moves: the window's table and the
headless host (`python -m game host`) both step it.

Every seat is a `Player` (game/engine/player.py, which says how a seat is driven). An AI
seat's `act` runs on the executor and its move is played after the AI pause (none when
nobody watches); an `ImmediatePlayer` (a person at this screen, a seat played from another
computer) is asked at once whether it has a move. One `Decision` per seat that must move
covers them all. When a seat's time runs out, a stand-in moves instead: the engine
completes the hand being built, the normal AI makes any other move (docs/rules.md §3.6),
but at a table of two, where a ron question shares its clock with the asked seat's
following discard (`clock_phase`), it passes, and the discard, out of time, follows at once.

A seat played from another computer whose host lent it to the AI (in the waiting room, its
person away) is moved by the AI of the level the host chose, as an AI seat is (no clock, the
AI pause), until its person is back: `player_of` says who moves each decision.

A seat played from another computer is on the host's clock, which runs by real time (the
hosted table's clock) whatever this computer's screen is doing, as its own screen runs it:
the time left is stamped into every message that asks it (`NetTable.time_left`). A move its
client sent before the table stepped again is played even if the clock ran out meanwhile;
without one, its stand-in moves at once.

`TableTurns` knows nobody at the screen; the window's `TableController` adds the people
here (their clocks, builds, curtain and frames). No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass

from game.app.play.builder import BuildState
from game.app.play.pacing import make_stand_in
from game.app.play.session import Session
from game.engine.actions import Action, BuildHand, Pass
from game.engine.events import Event
from game.engine.kyoku import IllegalAction, Phase, SeatView
from game.engine.player import ImmediatePlayer, Player
from game.net.play import DELAY_GRACE_S, clock_phase, seat_time_limit

log = logging.getLogger(__name__)

BUILD_SAVE_EVERY_S = 5
"""How often a build clock running is saved (`TableTurns.note_builds`), so that a match
continued gives each builder the clock it had, within these seconds."""


def lent_ai(level: str, seed: int) -> Player:
    """The AI of `level` that plays a remote seat lent to it (the waiting room offers it only
    where the AI is installed)."""
    from game.ai import make_agent

    return make_agent(level, seed)


class KeepSelection(ImmediatePlayer):
    """The stand-in at the build deadline: the tiles chosen so far (none of a seat built at
    another computer), completed by the engine."""

    name = "time limit"

    def __init__(self, build: BuildState | None) -> None:
        self.build = build

    def ready(self) -> bool:
        return True

    def act(self, view: SeatView) -> Action:
        return BuildHand(view.seat, self.build.text() if self.build is not None else "", complete=True)


class PassOnTimeUp(ImmediatePlayer):
    """The stand-in when a table of two's shared clock runs out on a ron question: a person
    who does nothing declares no ron (the discard then comes at once, out of time)."""

    name = "time limit"

    def ready(self) -> bool:
        return True

    def act(self, view: SeatView) -> Action:
        return Pass(view.seat)


@dataclass
class Decision:
    """One move of one seat, from the moment the table waits for it until it is played."""

    key: tuple[object, ...]
    player: Player
    stand_in: bool = False
    future: Future[Action] | None = None
    """An AI thinking in the background."""
    elapsed: float = 0.0
    """The table's time spent on it (`update`'s dt): the AI pause, a person's clock here."""


class TableTurns:
    """Asks every seat the hand waits for, runs each decision's clock and stand-in, and
    plays the moves through the session."""

    def __init__(self, session: Session, executor: Executor, builders: Executor | None = None,
                 report: Callable[[str], None] = log.info) -> None:
        """`executor` runs AI discards and ron decisions (they may carry an agent's memory);
        `builders` the AI's choice of a hand. `report`: a line for each stand-in that moves
        for a seat at another computer."""
        self.session = session
        self.executor = executor
        self.builders = builders or executor
        self.report = report
        self.players: dict[int, Player] = dict(session.players)
        self.make_stand_in: Callable[[int], Player] = make_stand_in
        self.make_ai: Callable[[str, int], Player] = lent_ai
        self.lent_players: dict[int, Player] = {}
        """The AI playing each remote seat its host lent to the AI (`player_of`), kept for the
        match: an agent keeps what it has seen."""
        self.grace_s = DELAY_GRACE_S
        """Added to a remote seat's time before its stand-in moves: its move's way back."""
        self.asked: dict[int, tuple[tuple[object, ...], float]] = {}
        """Each remote seat's decision and when, on the hosted table's clock, it began: kept
        apart from its `Decision`, which a refused move starts again."""
        self._reset_kyoku()
        if session.net is not None:
            session.net.table.time_left = self.told_time_left  # the clock the other computers are told
            self._restore_remote_builds()
        self.retold = session.net is None
        """Every remote seat has been told its view with this loop's clocks (at the first
        asking: a person's clock here is restored then too)."""

    def _restore_remote_builds(self) -> None:
        """A continued match: each remote seat's build clock where it stood when it was
        saved (as a person's here is), so that every screen shows the one clock."""
        net = self.session.net
        if net is None or self.session.match.kyoku is None or self.session.busy or net.waiting_to_begin():
            return
        for seat in net.remote:
            progress = self.session.build_progress(seat)
            view = self.session.view(seat)
            if progress is not None and view.phase is Phase.BUILD and view.hand is None:
                self.asked[seat] = (self._key(seat), net.clock() - progress.elapsed)

    def _reset_kyoku(self) -> None:
        self.kyoku_number = self.session.match.kyoku_number
        self.decisions: dict[int, Decision] = {}
        self.spent: dict[int, tuple[tuple[object, ...], float]] = {}
        """Each seat's last decision played and the time it took: a decision on the same clock
        (`_key`: a ron question at a table of two, then its discard) goes on from it."""
        self._noted: dict[int, tuple[int, int]] = {}
        """Per seat building: (its tiles' revision, its clock in BUILD_SAVE_EVERY_S steps) last saved."""

    def update(self, dt: float, delay_s: float) -> list[Event]:
        """Advance every seat the hand waits for (`dt`: the table's time since the last
        update; `delay_s`: the AI pause); the events of the moves played."""
        events = self.session.poll()
        self.serve_links()
        if self.session.busy or self.session.kyoku_over:
            return events
        if self.session.match.kyoku_number != self.kyoku_number:
            self._reset_kyoku()
        self._before_asking()
        if not self.retold and self.session.net is not None:
            self.retold = True
            self.session.net.retell()
        for seat in list(self.decisions):
            if self.decisions[seat].key != self._key(seat):
                del self.decisions[seat]  # the move is no longer this seat's to make
        for seat in self.session.waiting_on():
            if self.session.busy or self.session.kyoku_over:
                break
            events += self._advance(seat, dt, delay_s)
        self._after_asking()
        return events

    def serve_links(self) -> None:
        """Read and answer what the other computers sent (a resync's snapshot, who joined or
        left, each message stamped with the clocks), without the table stepping: at every
        update, and while another screen covers the table (its menu, a result, Settings), so
        that no one there waits for the host to close it. A move that comes meanwhile waits
        for the table to step again. Never while the engine works."""
        if self.session.net is not None and not self.session.busy:
            self.session.net.poll()

    def _before_asking(self) -> None:
        """What the table prepares before the seats are asked (nothing without people here)."""

    def _after_asking(self) -> None:
        """What the table keeps after the seats were asked (nothing without people here)."""

    def next_change(self, delay_s: float) -> float | None:
        """Seconds until a seat moves without input (0: at the next update): an AI's move
        when its pause is over, a seat not yet asked, a remote seat's stand-in. None when it
        waits only for input or for work in the background."""
        if self.session.busy or self.session.kyoku_over:
            return None
        waits: list[float] = []
        for seat in self.session.waiting_on():
            decision = self.decisions.get(seat)
            if decision is None or decision.key != self._key(seat):
                return 0.0
            if isinstance(decision.player, ImmediatePlayer):
                if decision.player.ready():
                    return 0.0
                remote_left = self.remote_time_left(seat) if not decision.stand_in else None
                if remote_left is not None:
                    waits.append(max(0.0, remote_left))
                give_up = self.session.net.give_up_in(seat) if self.session.net is not None else None
                if give_up is not None and not decision.stand_in:
                    waits.append(give_up)
            elif decision.future is None:
                return 0.0
            elif decision.future.done():
                waits.append(0.0 if decision.stand_in else max(0.0, delay_s - decision.elapsed))
        return min(waits, default=None)

    def note_builds(self, here: dict[int, tuple[str, float]] | None = None,
                    revisions: dict[int, int] | None = None) -> None:
        """Save the builds in progress whenever a builder's clock passes a BUILD_SAVE_EVERY_S
        step or a person's tiles change (`revisions`), so that a match continued restores
        them: `here`, the people's at this screen (tiles chosen, time used); each remote seat's
        clock, its time used (its tiles are at its own computer); all in one save, so that the
        clocks restored agree as they did."""
        if self.session.busy or self.session.kyoku_over:
            return
        builds = dict(here or {})
        net = self.session.net
        for seat in net.remote if net is not None else ():
            view = self.session.view(seat)
            left = self.seat_time_left(seat) if view.phase is Phase.BUILD and view.hand is None else None
            if left is not None:
                builds[seat] = ("", seat_time_limit(self.session.rules, Phase.BUILD, net.move_time_s) - max(0.0, left))
        revision = revisions or {}
        marks = {seat: (revision.get(seat, 0), int(elapsed // BUILD_SAVE_EVERY_S))
                 for seat, (_chosen, elapsed) in builds.items()}
        if any(self._noted.get(seat) != mark for seat, mark in marks.items()):
            self._noted.update(marks)
            self.session.note_builds(builds)

    # --- the clocks ---------------------------------------------------------------------

    def elapsed_of(self, seat: int) -> float:
        """The table's time spent on the seat's current decision (`Decision.elapsed`), the time
        of a decision played before on the same clock included (a pass at a table of two)."""
        key = self._key(seat)
        decision = self.decisions.get(seat)
        if decision is not None and decision.key == key:
            return decision.elapsed
        spent = self.spent.get(seat)
        return spent[1] if spent is not None and spent[0] == key else 0.0

    def stand_in(self, seat: int, build: BuildState | None = None) -> Player:
        """Who moves for a seat whose time ran out: `build` completed, a pass on a ron question
        whose clock is the following discard's, else the normal AI."""
        phase = self.session.view(seat).phase
        if phase is Phase.BUILD:
            return KeepSelection(build)
        if phase is Phase.RON and clock_phase(self.session.rules, phase) is not phase:
            return PassOnTimeUp()
        return self.make_stand_in(self.session.match.seed + seat)

    def seat_time_left(self, seat: int) -> float | None:
        """How long a seat played at another computer has left for its decision, as every
        screen shows it (None when it is not such a seat, owes none, or is lent to the AI,
        which has no clock, or the match, continued, has not begun again: its hand waits for
        its people): its clock starts when it is first told or asked, and runs by the hosted
        table's clock; its stand-in moves `grace_s` later, the time its last move may take to
        come."""
        net = self.session.net
        if net is None or seat not in net.remote or self.session.match.kyoku is None or net.waiting_to_begin() \
                or seat not in self.session.waiting_on() or net.lent_level(seat) is not None:
            return None
        key = self._key(seat)
        asked = self.asked.get(seat)
        if asked is None or asked[0] != key:
            asked = self.asked[seat] = (key, net.clock())
        limit = seat_time_limit(self.session.rules, self.session.view(seat).phase, net.move_time_s)
        return limit - (net.clock() - asked[1])

    def told_time_left(self, seat: int) -> float | None:
        """A seat's time left as the other computers are told it: a remote seat's (nobody
        plays at this screen; an AI seat has no clock)."""
        return self.seat_time_left(seat)

    def remote_time_left(self, seat: int) -> float | None:
        """How long until the stand-in of a seat played at another computer moves (None
        when it is not such a seat or owes none)."""
        left = self.seat_time_left(seat)
        return None if left is None else left + self.grace_s

    def _run_clock_of(self, seat: int, decision: Decision, dt: float) -> None:
        """The decision's clock, and its stand-in once it has run out (a remote seat's own
        player's: the AI a seat is lent to has no clock)."""
        decision.elapsed += dt
        if self.session.is_remote(seat) and decision.player is self.players[seat] and not self._has_move(decision):
            self._check_remote_deadline(seat, decision)

    @staticmethod
    def _has_move(decision: Decision) -> bool:
        """A move the seat's client sent before the table stepped again: played, even if the
        clock ran out since (the table may not have stepped while this computer's menu was
        open; the seat's own screen ran its clock on)."""
        return isinstance(decision.player, ImmediatePlayer) and decision.player.ready()

    def _check_remote_deadline(self, seat: int, decision: Decision) -> None:
        """The host's clock rules: a remote seat that has not moved in time is moved for by
        its stand-in, as a person here is (a late move from its client is refused)."""
        left = self.remote_time_left(seat)
        net = self.session.net
        given_up = net is not None and net.given_up(seat)
        if left is None or (left > 0 and not given_up):
            return
        if not given_up:
            self.report(f"seat {seat} ({self.players[seat].name}) did not move in time: its stand-in moves")
        decision.stand_in = True
        decision.player = self.stand_in(seat)

    # --- moves --------------------------------------------------------------------------

    def _key(self, seat: int) -> tuple[object, ...]:
        """One decision of one seat: each gets the whole time limit for it (a ron question at
        a table of two and its following discard are one: `clock_phase`)."""
        view = self.session.view(seat)
        return (self.session.match.kyoku_number, seat, clock_phase(self.session.rules, view.phase),
                len(view.rivers[seat]), bool(view.legal_actions))

    def player_of(self, seat: int) -> Player:
        """Who moves the seat's next decision: its player, but for a remote seat its host lent
        to the AI, until its person is back, the AI of the level the host chose. (A seat whose
        person has been gone past the reconnection window keeps its player, whose clock then
        hands the move to its stand-in at once: `_check_remote_deadline`.)"""
        net = self.session.net
        level = net.lent_level(seat) if net is not None and seat in net.remote else None
        if level is None:
            return self.players[seat]
        lent = self.lent_players.get(seat)
        if lent is None:
            lent = self.lent_players[seat] = self.make_ai(level, self.session.match.seed + seat)
        return lent

    def _advance(self, seat: int, dt: float, delay_s: float) -> list[Event]:
        key = self._key(seat)
        decision = self.decisions.get(seat)
        if decision is None or decision.key != key:
            decision = self.decisions[seat] = Decision(key, self.player_of(seat), elapsed=self.elapsed_of(seat))
        self._run_clock_of(seat, decision, dt)
        player = decision.player
        if isinstance(player, ImmediatePlayer):
            if not player.ready():
                return []
            self._drop_late_move(seat, decision)
            return self._play(seat, self._asked(player, seat))
        if decision.future is None:
            view = self.session.view(seat)
            runner = self.builders if view.phase is Phase.BUILD else self.executor
            decision.future = runner.submit(player.act, view)
            return []
        if not decision.future.done() or (decision.elapsed < delay_s and not decision.stand_in):
            return []
        self._drop_late_move(seat, decision)
        return self._play(seat, self._result(seat, player, decision.future))

    def _drop_late_move(self, seat: int, decision: Decision) -> None:
        """A move a remote seat's client sent while another moved for it (its stand-in, the
        AI it was lent to) is not kept for the seat's next decision."""
        net = self.session.net
        if decision.player is not self.players[seat] and net is not None and seat in net.remote:
            net.remote[seat].forget()

    def _asked(self, player: ImmediatePlayer, seat: int) -> Action | None:
        try:
            return player.act(self.session.view(seat))
        except LookupError:
            return None

    def _result(self, seat: int, player: Player, future: Future[Action]) -> Action | None:
        try:
            return future.result()
        except Exception:  # a player that fails must not stop the match: the hand's default move
            log.exception("%s, the player of seat %s, failed; playing its first legal action", player.name, seat)
            legal = self.session.view(seat).legal_actions
            return legal[0] if legal else None

    def _play(self, seat: int, action: Action | None) -> list[Event]:
        decision = self.decisions.pop(seat, None)
        if action is None:
            return []
        if isinstance(action, BuildHand) and action.complete:
            self.session.apply_in_background(action)
            return []
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            # The table moved on while the player thought; it is asked again next frame.
            log.warning("seat %s: %s (%s); asking again", seat, error, error.rule)
            if self.session.net is not None and self.session.is_remote(seat):
                self.session.net.table.refuse(seat, "illegal_action", error.rule)
            return []
        if decision is not None:
            self.spent[seat] = (decision.key, decision.elapsed)
        return events
