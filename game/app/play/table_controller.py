"""The window's table: the seats' one loop (`TableTurns`, table_turns.py) and the people
at this screen.

A person's `HumanPlayer`, an `ImmediatePlayer`, is given its move by the input controls
and asked for it at once; their clock runs while they have the screen (at a table with
seats at other computers, also while the curtain calls them), and when it runs
out the stand-in moves for them (the tiles chosen so far, completed by the engine; the
normal AI's discard). At a table this computer hosts, every move a person here owes has a
clock, so that no one here can hold the people at the other computers for ever.

With several people at one screen the controller keeps their tiles apart: a seat's
private tiles are shown only to the `viewer`, who is set when the curtain naming them
is lifted, and only while that seat has a move to make. The scene asks for the curtain
(`curtain_for`), the prompts (`prompt`) and a plain `TableFrame` to draw, which the
controller has `frame_of` (table_frame.py) make from the bottom seat's view, with the words
of table_words.py. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

from game.app.play.builder import BuildState
from game.app.play.helper import BuildHelper, HelperReport
from game.app.play.result_frame import ResultFrame, result_frame
from game.app.play.result_reading import ResultGate, reading_words
from game.app.play.seat_notices import presence_notice, stand_in_notices
from game.app.play.session import BuildProgress, Notice, Session
from game.app.play.table_frame import (
    PrivateFrame,
    TableFrame,
    frame_of,
    place_of_seat,
    place_of_wall,
    private_frame,
    shown_seconds,
)
from game.app.play.table_mode import MODE_OF_PHASE, TableMode
from game.app.play.table_turns import BUILD_SAVE_EVERY_S, Decision, TableTurns
from game.app.play.table_words import MODE_STATUS, reconnect_words, ron_worth, status
from game.app.play.wait_strip import WaitStrip, wait_strip
from game.app.words.net_words import AWAY, HERE, LEFT, STAND_IN, plate_name, presence_of
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.kyoku import HAND_SIZE, FuritenSpan, Phase
from game.engine.match import Settlement
from game.engine.player import GivenMove
from game.engine.tiles import parse_tiles, pick_ids, tile_code
from game.engine.wait_chances import ron_chances
from game.engine.wall import PERSONAL_WALLS
from game.net.play import clock_phase, seat_time_limit
from game.net.wire import seats_waited_on, told_clocks


class HumanPlayer(GivenMove):
    """A person at this computer: the move is the one the input controls gave."""


@dataclass(frozen=True)
class RonOffer:
    seat: int
    discarder: str
    tile: str
    worth: str = ""
    """What the win is worth: yaku, han and fu, limit, payment."""
    furiten: FuritenSpan = FuritenSpan.REST_OF_HAND
    """How long passing keeps the seat furiten."""


class TableController(TableTurns):
    """The seats' loop with the people at this screen."""

    def __init__(self, session: Session, executor: Executor, builders: Executor | None = None,
                 fallback: Executor | None = None) -> None:
        """`executor` runs AI discards and ron decisions (they may carry an agent's memory);
        `builders` the AI's choice of a hand and the helper's wall ranking (seconds of
        pure Python, best in a process); `fallback` runs the ranking if `builders` fails."""
        super().__init__(session, executor, builders)
        self.fallback = fallback or executor
        humans = session.plan.humans
        for seat in humans:
            self.players[seat] = HumanPlayer(session.name(seat))
        self.hotseat = len(humans) > 1
        self.viewer: int | None = None if self.hotseat else humans[0]
        """The person who has the screen now; None while a curtain is up."""
        self.bottom = humans[0] if humans else 0
        """The seat drawn at the bottom of the table."""
        self._told_presence: dict[int, str] = {}
        """Each remote seat's presence as the people here were last told it (`presence_of`;
        none yet: `HERE`)."""
        if session.net is not None:
            session.net.table.people_here = tuple(humans)  # the next hand waits for them to read the result too

    def _reset_kyoku(self) -> None:
        super()._reset_kyoku()
        self.builds: dict[int, BuildState] = {}
        self.helpers: dict[int, BuildHelper] = {}
        self._report_key: tuple[object, ...] | None = None
        self._report: HelperReport | None = None
        self.result_shown = False
        """The hand's result has been shown: the standings on the table include it."""
        self._strip_key: tuple[object, ...] | None = None
        self._strip: WaitStrip | None = None

    # --- who may see and do what --------------------------------------------------------

    def is_person(self, seat: int) -> bool:
        return isinstance(self.players[seat], HumanPlayer)

    @property
    def shown_private_seat(self) -> int | None:
        """The seat whose own tiles this frame shows (None: only what everyone may see)."""
        seat = self.viewer
        if seat is None or seat != self.bottom or self.session.busy or self.session.kyoku_over:
            return None
        if self.session.view(seat).phase is Phase.DORA:
            return None
        if self.hotseat and seat not in self.session.waiting_on():
            return None  # another person may be next to the screen already
        return seat

    def mode(self) -> TableMode:
        """dora, build, discard, ron or watch: what the viewer's input means now (nothing once
        their time is up: a pass that left none for the discard too)."""
        mode = self._move_mode()
        limit = self._limit(mode)
        if limit is not None and self.viewer is not None and self.elapsed_of(self.viewer) >= limit:
            return TableMode.WATCH
        return mode

    def _move_mode(self) -> TableMode:
        """The move the viewer owes and may make (the stand-in not moving for them)."""
        seat = self.viewer
        if seat is None or self.session.busy:
            return TableMode.WATCH
        decision = self.decisions.get(seat)
        if decision is not None and decision.stand_in:
            return TableMode.WATCH
        view = self.session.view(seat)
        if not view.legal_actions or (view.phase is Phase.BUILD and seat not in self.builds):
            return TableMode.WATCH
        return MODE_OF_PHASE.get(view.phase, TableMode.WATCH)

    def active_person(self) -> int | None:
        """The person who must act now; while building, the first in turn order."""
        return next((seat for seat in self.session.waiting_on() if self.is_person(seat)), None)

    def curtain_for(self) -> int | None:
        """The person to call to the screen before anything private is shown, if any."""
        if not self.hotseat or self.session.busy or self.session.kyoku_over:
            return None
        active = self.active_person()
        return active if active is not None and active != self.viewer else None

    def cover(self, seat: int) -> None:
        """The curtain goes up for `seat`: nothing private until it is lifted."""
        self.viewer = None
        self.bottom = seat

    def lift_curtain(self, seat: int) -> None:
        self.viewer = seat
        self.bottom = seat

    def prompt(self) -> Notice | RonOffer | None:
        """What the viewer must be told or asked before moving on (removed once asked). News
        of another seat's person is told at once, whoever moves: it stops nothing, and the
        viewer's turn may be minutes away."""
        seat = self.viewer
        if seat is None or self.session.busy:
            return None
        if self.active_person() != seat:
            return self._take_news(seat)
        told = self.session.take_notice(seat)
        if told is not None:
            return told
        if self.mode() != TableMode.RON:
            return None
        view = self.session.view(seat)
        assert view.ron_tile is not None and view.last_discard is not None
        discarder = view.last_discard[0]
        return RonOffer(seat, self.session.wind(discarder), tile_code(view.ron_tile, self.session.rules.red_fives),
                        self.ron_worth(seat, discarder, view.ron_tile),
                        view.furiten_on_passing())

    def _take_news(self, seat: int) -> Notice | None:
        """The oldest notice for `seat` that stops nothing (`Notice.passing`), removed."""
        news = next((notice for notice in self.session.notices if notice.seat == seat and notice.passing), None)
        if news is not None:
            self.session.notices.remove(news)
        return news

    def ron_worth(self, seat: int, discarder: int, tile: int) -> str:
        """A ron's value in words, as the engine judges it (table_words.ron_worth)."""
        view = self.session.view(seat)
        assert view.hand is not None
        return ron_worth(view.hand, tile, view.win_context(discarder), self.session.rules, seat == view.dealer,
                         self.session.match.stake, self.session.wind(discarder))

    def helper_report(self) -> HelperReport | None:
        """The helper's view of the viewer's current selection (recomputed when it changes)."""
        seat = self.viewer
        if seat is None or seat not in self.builds:
            return None
        state, helper = self.builds[seat], self.helpers[seat]
        key = (seat, state.revision, helper.progress)
        if key != self._report_key:
            self._report_key, self._report = key, helper.report(state.hand)
        return self._report

    # --- time limits --------------------------------------------------------------------

    def time_limit(self) -> float | None:
        """The viewer's time for their move (`_limit`)."""
        return self._limit(self._move_mode())

    def _limit(self, mode: TableMode) -> float | None:
        """The viewer's time for a move of `mode` (`_seat_limit`)."""
        if mode is TableMode.WATCH or self.viewer is None:
            return None
        return self._seat_limit(self.viewer)

    def _seat_limit(self, seat: int) -> float | None:
        """A person's time for the move they owe: the rules' build and discard clocks (at a
        table of two the ron question's is its following discard's: `clock_phase`); at a
        table with seats at other computers every move has one, the remote seats' own
        (`seat_time_limit`), so that no one here can hold the people there for ever."""
        rules, net = self.session.rules, self.session.net
        phase = self.session.view(seat).phase
        if self.hosts_others:
            assert net is not None
            return seat_time_limit(rules, phase, net.move_time_s)
        return {Phase.BUILD: rules.build_time_s, Phase.DISCARD: rules.discard_time_s}.get(clock_phase(rules, phase))

    @property
    def hosts_others(self) -> bool:
        """The table has seats played at other computers: it never waits for this screen (its
        menu, a question, the curtain), whose people's clocks run on as theirs do."""
        net = self.session.net
        return net is not None and bool(net.remote)

    @property
    def waits_for_screen(self) -> bool:
        return not self.hosts_others

    def countdown(self) -> float | None:
        """The viewer's own time left for their move (None: no clock)."""
        limit = self.time_limit()
        if limit is None or self.viewer is None:
            return None
        return limit - self.elapsed_of(self.viewer)

    def told_time_left(self, seat: int) -> float | None:
        """A remote seat's time left, or a person's here: the people at the other computers see
        the clock of the person they wait for, as this screen shows it to them."""
        remote = self.seat_time_left(seat)
        if remote is not None or not isinstance(self.players.get(seat), HumanPlayer):
            return remote
        net = self.session.net
        if net is None or seat not in self.session.waiting_on():
            return None
        limit = seat_time_limit(self.session.rules, self.session.view(seat).phase, net.move_time_s)
        return limit - self.elapsed_of(seat)

    def table_clock(self) -> float | None:
        """The clock the table shows: the viewer's own, else that of the seat at another
        computer the table waits for (the first in turn order) whose clock the bottom seat may
        be told (`told_clocks`: never another seat's ron question's), so that the people here
        see how long the table may wait."""
        own = self.countdown()
        if own is not None:
            return own
        waiting = self.session.waiting_on()
        told = told_clocks(self.session.view(self.bottom), waiting, self.session.kyoku.phase)
        for seat in waiting:
            left = self.seat_time_left(seat) if seat in told else None
            if left is not None:
                return max(0.0, left)
        return None

    def next_change(self, delay_s: float) -> float | None:
        """Seconds until the table moves on without input (0: at the next update): a seat's
        move (`TableTurns.next_change`) or the clock shown at its next second. None when it
        waits only for input or for work in the background (which wakes the window when done)."""
        soonest = super().next_change(delay_s)
        if self.session.busy or self.session.kyoku_over:
            return None
        waits = [wait for wait in (soonest, seconds_to_next_step(self.table_clock())) if wait is not None]
        return min(waits, default=None)

    def run_clock(self, dt: float) -> float | None:
        """Run the viewer's clock by dt seconds with nothing else (under the table's own
        question about the move, when `update` does not run); the countdown left."""
        seat = self.viewer
        if seat is None or self.time_limit() is None:
            return None
        decision = self.decisions.get(seat)
        if decision is not None and decision.key == self._key(seat) and not decision.stand_in:
            decision.elapsed += dt
            self._note_builds()
        return self.countdown()

    # --- moves --------------------------------------------------------------------------

    def play(self, seat: int, action: Action) -> list[Event]:
        """A person's move, from the input controls: given to their player and played now."""
        player = self.players[seat]
        decision = self.decisions.get(seat)
        if not isinstance(player, HumanPlayer) or self.session.busy or (decision and decision.stand_in):
            return []
        player.give(action)
        return self._advance(seat, 0.0, 0.0)

    def _advance(self, seat: int, dt: float, delay_s: float) -> list[Event]:
        """A seat's move, if it is made now; a person here whose clock ran out is told the
        discard their stand-in made."""
        decision = self.decisions.get(seat)
        events = super()._advance(seat, dt, delay_s)
        if decision is not None and decision.stand_in and self.is_person(seat):
            self.session.notices.extend(stand_in_notices(seat, events))
        return events

    def _before_asking(self) -> None:
        self._prepare_builds()

    def _after_asking(self) -> None:
        self._note_builds()
        self._tell_presence()

    def _run_clock_of(self, seat: int, decision: Decision, dt: float) -> None:
        """A person's clock runs while it is their screen (`_clock_runs`); the other seats' as
        in `TableTurns`."""
        if not self.is_person(seat) or decision.stand_in:
            super()._run_clock_of(seat, decision, dt)
            return
        if self._clock_runs(seat):
            decision.elapsed += dt
        self._check_deadline(seat, decision)

    def _clock_runs(self, seat: int) -> bool:
        """A person's clock runs while they have the screen; at a table with seats at other
        computers also while the curtain calls them to it, else they could hold the people
        there for ever by not coming."""
        if seat == self.viewer:
            return True
        return self.hosts_others and self.viewer is None and seat == self.active_person()

    def _note_builds(self) -> None:
        """Save the builds in progress when a person's tiles change, and every few seconds
        of a builder's clock, so that Continue restores them: each person's tiles and clock,
        each remote seat's clock (its tiles are at its own computer); all in one save, so
        that the clocks restored agree as they did."""
        if self.session.busy or self.session.kyoku_over:
            return
        builds: dict[int, tuple[str, float]] = {}
        for seat, state in self.builds.items():
            view = self.session.view(seat)
            decision = self.decisions.get(seat)
            if view.phase is not Phase.BUILD or view.hand is not None or (decision and decision.stand_in):
                continue
            builds[seat] = (state.text(), decision.elapsed if decision is not None else 0.0)
        self.note_builds(builds, {seat: state.revision for seat, state in self.builds.items()})

    def next_kyoku(self) -> None:
        if self.session.net is not None:
            self.session.net.table.end_reading()
        self.session.next_kyoku()
        self._reset_kyoku()
        if self.hotseat:
            self.viewer = None  # everyone saw the result: the next private view is handed over

    def _check_deadline(self, seat: int, decision: Decision) -> None:
        limit = self._seat_limit(seat) if self._clock_runs(seat) else None
        if limit is None or decision.elapsed < limit:
            return
        decision.stand_in = True
        decision.player = self.stand_in(seat, self.builds.get(seat))

    def _prepare_builds(self) -> None:
        for seat in self.players:
            if not self.is_person(seat) or seat in self.builds:
                continue
            view = self.session.view(seat)
            if view.phase is not Phase.BUILD or view.hand is not None:
                continue
            assert view.wall is not None
            state = self.builds[seat] = BuildState(view.wall, self.session.rules.red_fives)
            progress = self.session.build_progress(seat)
            if progress is not None:
                self._restore_build(seat, state, progress)
            self.helpers[seat] = BuildHelper(view.wall, self.session.kyoku.seat_wind_kind(seat),
                                             view.dora_indicator, self.session.rules, self.builders,
                                             fallback=self.fallback, chances=ron_chances(view))

    # --- the end of a hand ------------------------------------------------------------

    def show_result(self) -> None:
        """The result opens: from now on the table's standings and stake include the hand."""
        self.result_shown = True

    def result_gate(self) -> ResultGate | None:
        """At a table with seats at other computers, the next hand waits for everyone to read
        the result (this table itself); at a local table the result's Next begins it."""
        return self if self.hosts_others else None

    def close_result(self) -> None:
        net = self.session.net
        if net is not None:
            for seat in self.session.plan.humans:
                net.table.ready(seat, self.session.match.kyoku_number)

    def next_begun(self) -> bool:
        """The reading is over (everyone ready, or its time up): the next hand may begin.
        The clients' news is taken here, as the table under the result is not stepped."""
        net = self.session.net
        if net is None:
            return True
        net.poll()
        return net.table.reading_left() <= 0

    def reading_left(self) -> float | None:
        """Seconds until the next hand may begin (None: at a local table, when Next is pressed)."""
        net = self.session.net
        return None if net is None else net.table.reading_left()

    def reading_words(self, closed: bool) -> str | None:
        net = self.session.net
        if net is None or net.table.reading is None:
            return None
        waiting = tuple(seat in net.table.not_ready for seat in range(self.session.rules.players))
        return reading_words(self.names(), waiting, self.session.plan.humans, closed, net.table.reading_left())

    def _unsettled(self) -> Settlement | None:
        """The ended hand's settlement while its result has not been shown yet."""
        match = self.session.match
        if self.result_shown or not self.session.kyoku_over or not match.settlements:
            return None
        settlement = match.settlements[-1]
        return settlement if settlement.kyoku_number == match.kyoku_number else None

    def standings(self) -> tuple[float, ...]:
        """The scores the table shows: those before the hand until its result is shown."""
        settlement = self._unsettled()
        if settlement is None:
            return tuple(self.session.match.scores)
        return tuple(score - gain for score, gain in zip(settlement.scores, settlement.gains, strict=True))

    def shown_stake(self) -> int:
        settlement = self._unsettled()
        return self.session.match.stake if settlement is None else settlement.stake

    def result_frame(self) -> ResultFrame:
        """The ended hand's result as the result screen shows it."""
        session = self.session
        match = session.match
        return result_frame([session.view(seat) for seat in range(session.rules.players)], match.settlements[-1],
                            self.names(), match.over)

    def _restore_build(self, seat: int, state: BuildState, progress: BuildProgress) -> None:
        """A continued match: the tiles chosen before, and the build clock where it stood."""
        red = self.session.rules.red_fives
        try:
            chosen = pick_ids(parse_tiles(progress.chosen, red_fives=red), state.wall, red)
        except ValueError:
            chosen = []  # not tiles of this wall: only the clock is restored
        for tile in chosen[:HAND_SIZE]:
            state.add(tile)  # in the order they were chosen
        self.decisions[seat] = Decision(self._key(seat), self.players[seat], elapsed=progress.elapsed)
        self._noted[seat] = (state.revision, int(progress.elapsed // BUILD_SAVE_EVERY_S))

    # --- the frame ----------------------------------------------------------------------

    def place(self, seat: int) -> int:
        return place_of_seat(self.session.rules.players, seat, self.bottom)

    def wall_place(self, wall: int) -> int:
        players = self.session.rules.players
        return place_of_wall(players, wall, PERSONAL_WALLS[players][self.bottom])

    def names(self) -> Sequence[str]:
        return tuple(self.session.name(seat) for seat in range(self.session.rules.players))

    def shown_waiting(self) -> list[int]:
        """The seats the table is shown to wait for: as far as the bottom seat's view tells
        (`seats_waited_on`), so that another seat's ron question never shows; but where people
        take turns at this screen and one of them is asked, the hand's truth (the curtain calls
        them by name)."""
        waiting = self.session.waiting_on()
        if self.hotseat and any(self.is_person(seat) for seat in waiting):
            return waiting
        return list(seats_waited_on(self.session.view(self.bottom)))

    def frame(self) -> TableFrame:
        session = self.session
        view = session.view(self.bottom)  # only its public parts, unless it is the private seat
        waiting = self.shown_waiting()
        asked = session.view(waiting[0]) if waiting and self.hotseat else None
        told = asked if asked is not None and asked.phase is Phase.RON else view  # a person here asked, by name
        mode = self.mode()
        names = self.names()
        return frame_of(view, self._plates(names), self.standings(), self.shown_stake(), session.match.kyoku_number,
                        mode=mode,
                        turn=waiting[0] if waiting else None,
                        status=self._absence(names, mode) or status(told, names, mode, waiting, session.busy,
                                                                     self.result_shown, self._viewer_time_up()),
                        countdown=self.table_clock(), private=self._private(self.shown_private_seat),
                        ended=view.result if session.kyoku_over else None,
                        own_seat=None if self.hotseat else self.viewer)

    def _viewer_time_up(self) -> bool:
        """The viewer's clock ran out: their stand-in makes their move."""
        decision = self.decisions.get(self.viewer) if self.viewer is not None else None
        return decision is not None and decision.stand_in

    def _plates(self, names: Sequence[str]) -> list[str]:
        """The names on the plates, a remote seat's marked while its person is away."""
        presences = self._presences()
        return [plate_name(name, presence) for name, presence in zip(names, presences, strict=True)]

    def _presences(self) -> list[str]:
        """Each seat's presence (`presence_of`): a remote seat's person here, away (`LEFT` when
        they left the table: their client said so) or played by the AI; every other seat is here."""
        net = self.session.net
        players = self.session.rules.players
        if net is None:
            return [HERE] * players
        present = [seat not in net.remote or net.connected(seat) for seat in range(players)]
        given_up = [seat in net.remote and net.given_up(seat) for seat in range(players)]
        presences = [presence_of(present, given_up, seat) for seat in range(players)]
        return [LEFT if presence == AWAY and net.left_the_table(seat) else presence
                for seat, presence in enumerate(presences)]

    def _absence(self, names: Sequence[str], mode: TableMode) -> str | None:
        """The centre's one line says whom the table waits for, once the viewer has no move of
        their own left to be told (`_tell_presence` told them meanwhile)."""
        return None if mode in MODE_STATUS else self.reconnecting(names)

    def _tell_presence(self) -> None:
        """Each person here is told once, by a notice that stops nothing, that a seat at another
        computer has dropped, that its stand-in plays it once the reconnection window is over,
        and that it is back, whichever seat the table waits for (the dealer's dora flip waits
        for no other), as every joined screen is told (`presence_notice`: for a seat it waits
        for, in the status line's words, which a person with a move of their own is not shown
        there). A seat taken back from the AI was told as it was taken (`Session.seat_back`)."""
        net = self.session.net
        if net is None or self.session.busy or self.session.kyoku_over:
            return
        waited = self.session.waiting_on()
        presences = self._presences()
        for seat in net.remote:
            now, before = presences[seat], self._told_presence.get(seat, HERE)
            if now == before:
                continue
            self._told_presence[seat] = now
            if now == HERE and before == STAND_IN:
                continue
            for person in self.session.plan.humans:
                self.session.notices.append(presence_notice(person, partial(self.session.name, seat), now,
                                                            seat in waited, about=seat))

    def reconnecting(self, names: Sequence[str]) -> str | None:
        """The table waits for a seat whose computer has dropped: say whom it waits for."""
        net = self.session.net
        if net is None or self.session.busy or self.session.kyoku_over:
            return None
        gone = next((seat for seat in self.shown_waiting() if seat in net.remote and not net.connected(seat)), None)
        if gone is None:
            return None
        return reconnect_words(names[gone], net.given_up(gone))

    def _private(self, seat: int | None) -> PrivateFrame | None:
        if seat is None:
            return None
        view = self.session.view(seat)
        if view.phase is Phase.BUILD and view.hand is None:
            return private_frame(view, self.builds.get(seat), self.helper_report())
        return private_frame(view, strip=self.wait_strip(seat))

    def wait_strip(self, seat: int) -> WaitStrip | None:
        """The seat's waits with their unseen copies and values (recomputed when a tile is
        seen or the turn moves: the next discard it can ron changes)."""
        view = self.session.view(seat)
        if view.hand is None:
            return None
        key = (self.kyoku_number, seat, sum(map(len, view.rivers)), view.furiten, view.dora_indicator, view.phase,
               view.turn)
        if key != self._strip_key:
            self._strip_key, self._strip = key, wait_strip(view)
        return self._strip


SHORTEST_STEP_S = 0.001
"""The least wait: a clock at 1000 s does not move on by a wait of 1e-14 s."""


def seconds_to_next_step(left: float | None) -> float | None:
    """Seconds until a countdown's shown whole seconds step down (0 once it has run out).
    Counted from the seconds shown, not from `math.ceil`: a countdown a hair above a whole
    second (what sums of frame times leave) shows that second already, and a wait to it was
    too short to move a clock on, then a second frame showed the same second."""
    if left is None:
        return None
    if left <= 0:
        return 0.0
    shown = shown_seconds(left)
    return max(left - (shown - 1) if shown > 0 else left, SHORTEST_STEP_S)
