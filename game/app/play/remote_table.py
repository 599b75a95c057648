"""A joined table: the host's messages in, frames and the player's actions out. No pygame.

The host's engine is the referee; this computer knows only its own seat's view, as the
network link rebuilt it (`Heard`, game/app/play/remote_link.py). `RemoteTable` answers the
table scene as the local `TableController` does (game/app/play/table_source.py): what the
viewer may do now (`mode`), the frame to draw (`frame_of`, the one table drawing), the
question to ask (ron or pass, the seat's notices worded from its own view as at a local
table, a refusal in words), and takes the player's moves (`play`), which wait in `outbox`
for the scene to hand to the link. Once the host says the match is over, `keep` keeps it
in this computer's history.

Two things differ from a table at this computer. The host moves on by itself: a kyoku's
end is kept on the table until the player has seen its result (`next_kyoku`), the next
kyoku's views waiting meanwhile. And the clock is the host's: each view's message carries
the seconds left on the host's clock for each seat the table waits on (as far as this seat
may know whom it waits on), which this table counts down from when the message came, less
its way here (half the connection's round trip). Every decision has one (the dora flip and
the ron question too). The table shows the seat's own clock while it owes a move, else the
clock of the first seat it waits for, as the host's table does. When the seat's own runs
out its move is no longer asked here (the host's stand-in makes it a second later), and at
the build's deadline the tiles chosen so far are sent to be completed, as at a local table.

The host's news is shown in the order it came, each piece after the motion of the one before
(as a local table lets one discard land before the next): while the scene says a tile is still
moving (`animating`), or has not yet taken the events of the news shown, the next news is held.
Never for long: more than `CATCH_UP_NEWS` held, or the oldest held longer than `CATCH_UP_S`,
and all of it is shown at once (its discards land without flying but the last). A clock
still counts from when its news came, however long it was held; a snapshot (a rejoin, a
resync) supersedes the news of its hand held before it; news of the next hand while the
last one's result is read goes straight to `waiting`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from functools import partial

from game.app.play.builder import BuildState
from game.app.play.draw_reasons import told_from_outside
from game.app.play.helper import BuildHelper, HelperReport
from game.app.play.joining import OUR_VERSION, ended_sentence
from game.app.play.remote_link import STOPPED, Ended, Heard, News, Reconnecting, RemoteLink
from game.app.play.result_frame import ResultFrame, result_frame
from game.app.play.result_reading import ResultGate, reading_words
from game.app.play.seat_notices import Notice, presence_notice, seat_notices, stand_in_notices
from game.app.play.session import shown_name
from game.app.play.table_controller import RonOffer, seconds_to_next_step
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
from game.app.play.table_words import HOST_LOST, MODE_STATUS, reconnect_words, ron_worth, status
from game.app.play.wait_strip import WaitStrip, wait_strip
from game.app.words import terms
from game.app.words.i18n import N_, Later, Message, _
from game.app.words.net_words import HERE, plate_name, presence_of, refusal_sentence
from game.engine.actions import Action, BuildHand
from game.engine.events import Event
from game.engine.kyoku import HAND_SIZE, Phase, SeatView
from game.engine.match import Settlement
from game.engine.rules import Rules
from game.engine.shape import waits
from game.engine.tiles import counts34, tile_code
from game.engine.wait_chances import ron_chances
from game.engine.wall import PERSONAL_WALLS
from game.net.protocol import HOST_LEFT, Reading, Ready
from game.net.wire import seats_waited_on

CATCH_UP_NEWS = 4
"""More news held than this behind the scene's motion, and all of it is shown at once."""
CATCH_UP_S = 1.0
"""The oldest news held longer than this (about the dora's turn, the longest motion at normal
speed), and all of it is shown at once."""


class RemoteTable:
    """One seat of a host's table, as this computer shows and plays it."""

    def __init__(self, first: Heard, builders: Executor, fallback: Executor | None = None,
                 link: RemoteLink | None = None, address: str = "", backlog: Sequence[News] = (),
                 clock: Callable[[], float] = time.monotonic,
                 keep: Callable[[Heard], Future[Message | None] | None] | None = None,
                 move_time_s: float | None = None, keep_left: Callable[[RemoteLink], None] | None = None) -> None:
        """`first`: the news with the seat's first view; `link` brings the rest (`update`
        takes it, and sends the player's moves), `backlog` the news that came with `first`;
        `builders` and `fallback` run the helper's ranking of the wall; `clock` is the
        link's (`Heard.at`); `keep` keeps the match in the history once the host has said
        it is over (with its record), at once, whatever the player does next (None from it:
        the history is off, nothing is kept); `move_time_s`: the host's move time, as its look
        before sitting down said (None: not looked at, or an older host's look: the default),
        for the rules page (the welcome does not carry it); `keep_left` keeps in the history,
        in the background, the hands played before the player leaves the match under way
        (`leave`), from the record the host sends the link as it goes."""
        self.seat = first.welcome.seat
        self.move_time_s = move_time_s
        self.viewer: int | None = self.seat
        self.bottom = self.seat
        self.builders, self.fallback = builders, fallback
        self.link = link
        self.keep_left = keep_left
        self.address = address
        self.closed: Later | None = None
        """Why the table closed under the player (the host gone, its match stopped), in the words
        of the language of the moment (the title shows it, and the language may change there)."""
        self.reconnecting = False
        self.table_closed = False
        """Reconnecting, and no table listens at the host's address: not reopened yet (Continue does)."""
        self.heard = first
        """The latest news from the host."""
        self.shown = first
        """What the table shows: the latest news, but for a kyoku whose result is not seen yet."""
        self.waiting: list[Heard] = []
        """News of the next kyoku, kept while the player looks at the last one's end."""
        self.held: list[Heard] = []
        """News come but not shown yet, oldest first: each waits for the motion of the one before."""
        self.animating: Callable[[], bool] | None = None
        """The scene's word that a tile it shows is still moving (set by the scene that draws
        this table; None: nothing draws it, and the news is shown as it comes)."""
        self.builds: dict[int, BuildState] = {}
        self.helpers: dict[int, BuildHelper] = {}
        self.outbox: list[Action] = []
        """The player's moves not yet handed to the link."""
        self.refusals: list[Heard] = []
        self.notices: list[Notice] = []
        """The seat's own notices (seat_notices.py) not told yet: told as soon as the table asks."""
        self._told_presence: dict[int, str] = {}
        """Where each other seat's person was as the player was last told (`net_words.presence_of`;
        not there: at the table)."""
        self._completing = False
        """The move sent completes the hand at the build deadline (the host works on it)."""
        self.result_shown = False
        self.result_closed = False
        """The player closed the shown kyoku's result before the host began the next one: the
        table shows the end, says it waits for the host, and shows the next kyoku as it begins."""
        self.clock = clock
        self.keep = keep
        self._read_through = 0
        """The last kyoku whose result the player closed (pressed Next on): the host is told it
        was read, and that one alone (each result waits for its own Next)."""
        self._reading: tuple[Reading, float] | None = None
        """The host's latest word on who the next hand waits for, and when it came (`clock`)."""
        self.keeping: Future[Message | None] | None = None
        """The match being kept in the history (its outcome: None, or why it was not kept)."""
        self._deadlines: dict[int, tuple[tuple[object, ...], float | None]] = {}
        """Each seat's decision (`_key`) and when its time runs out, on `clock` (None: it has no clock)."""
        self._sent: tuple[object, ...] | None = None
        """The decision the player's move was sent for (the table waits for the host)."""
        self._kyoku = first.kyoku_number
        self._report_key: tuple[object, ...] | None = None
        self._report: HelperReport | None = None
        self._strip_key: tuple[object, ...] | None = None
        self._strip: WaitStrip | None = None
        self._fresh: list[Event] = list(first.view.events) if first.view is not None else []
        """Events shown since the last `update`, for the scene's sound and motion."""
        self._prepare_build()
        self._track(first)
        self._tell_presence()
        self._name_told = False
        self._tell_name()
        for news in backlog:
            self._hear(news)

    # --- news from the host ---------------------------------------------------------------

    def take(self, heard: Heard) -> None:
        """One piece of news; the events it brings to the table come with the next `update`."""
        self.heard = heard
        self._tell_presence()
        self._tell_name()
        if heard.over is not None and heard.over.reason == STOPPED:
            # Not over where the host keeps the match (Continue): this seat takes it back by
            # joining again; no summary, nothing kept (no record comes: it holds the seed). A
            # host that cannot continue it (headless, stopped for good) sends its record: it is
            # kept as a stopped match, and the title says so.
            if heard.record_text is not None and self.keep is not None and self.keeping is None:
                self.keeping = self.keep(heard)
            if self.closed is None:
                self.closed = Later(self._stopped_words)
        elif heard.over is not None and self.keep is not None and self.keeping is None:
            self.keeping = self.keep(heard)
        self._ready_again(heard.reading)
        if heard.refused is not None:
            self.refusals.append(heard)
            self._sent = None  # asked again: the move was not made
        if heard.whole:  # it tells all that the held news of its hand would, and more
            self.held = [held for held in self.held if held.kyoku_number != heard.kyoku_number]
        self.held.append(heard)
        self._let_out()

    def _let_out(self, everything: bool = False) -> None:
        """The held news shown, oldest first, as far as the scene's motion allows (all of it
        once it lags too far behind, or `everything`); news of the next kyoku while the last
        one's result is to be read is kept for it in `waiting` at once."""
        catch_up = everything or self._lagging()
        while self.held:
            heard = self.held[0]
            later = self._holding() and heard.kyoku_number != self.shown.kyoku_number
            if not (later or catch_up or self._may_show()):
                return
            del self.held[0]
            if later:
                self.waiting.append(heard)
            else:
                self._show(heard)

    def _may_show(self) -> bool:
        """No scene, or the scene has taken the events of the news shown and its tiles have landed."""
        return self.animating is None or (not self._fresh and not self.animating())

    def _lagging(self) -> bool:
        return bool(self.held) and (len(self.held) > CATCH_UP_NEWS or self.clock() - self.held[0].at > CATCH_UP_S)

    def listen(self) -> None:
        """The link's news taken (never waits): the host goes on while the result is read."""
        if self.link is not None:
            for news in self.link.poll():
                self._hear(news)

    def _hear(self, news: News) -> None:
        if isinstance(news, Heard):
            self.reconnecting = False
            self.take(news)
        elif isinstance(news, Reconnecting):
            self._let_out(everything=True)  # what came before the drop, before its clocks are forgotten
            self.reconnecting, self.table_closed = True, news.table_closed
            self._deadlines = {}  # the host may come back restarted, its clocks restored: its news sets ours
            # A move sent just before the drop may never have reached the host: once back, a
            # decision still owed is the player's to make again (one the host took shows
            # in its news as made).
            self._sent = None
        elif news.reason != "closed" and self.closed is None:
            self.closed = Later(lambda: self._ended_words(news))

    def _stopped_words(self) -> str:
        """Why the table closed when its host stopped the match: for good (it sent the record,
        kept here unless the keeping says why not), or to continue it later."""
        if self.keeping is None and self.heard.record_text is not None:
            # Translators: the title after a host without a window stopped a joined match for good,
            # with the match history turned off in Settings
            return _("The host has stopped the match for good: it cannot be continued.") + " " + \
                _("Your match history is off: it was not kept.")
        if self.keeping is None:
            return self._ended_words(Ended("gone"))
        not_kept = self.keeping.result() if self.keeping.done() else None
        if not_kept is not None:
            # Translators: the title after a host without a window stopped a joined match for good;
            # the reason why it is not in the history follows
            return _("The host has stopped the match for good: it cannot be continued.") + " " + str(not_kept)
        # Translators: the title after a host without a window stopped a joined match for good
        return _("The host has stopped the match for good. It is kept in your match history, "
                 "where you can watch it.")

    def _ended_words(self, ended: Ended) -> str:
        """Why the table closed; a host that cannot continue its match (a headless one) is not
        said to perhaps continue it."""
        left = ended.reason == "gone" or (ended.refusal is not None and ended.refusal.code == HOST_LEFT)
        if left and not self.heard.welcome.can_continue:
            # Translators: a joined table (or its result) when a host without a window has stopped
            return _("The host has closed its table: this match cannot be continued.")
        return ended_sentence(ended, self.address)

    def close(self) -> None:
        """The player left the table (or it closed): the connection goes."""
        if self.link is not None:
            self.link.close()

    def leave(self) -> None:
        """The player leaves the match under way on purpose (Menu → Leave the table): the link
        asks the host for the record of the hands settled so far as it closes, and `keep_left`
        keeps them (the record of the match's end never reaches a seat that left)."""
        self.close()
        if self.link is not None and self.keep_left is not None and self.heard.over is None:
            self.keep_left(self.link)

    def _holding(self) -> bool:
        """The shown kyoku has ended and its result has not been seen and closed yet. A hand
        at its end without its result (another seat's ron question on its last discard) holds
        nothing back: there is no result to see."""
        view = self.shown.view
        return view is not None and view.phase is Phase.END and view.result is not None and not self.result_closed

    def _show(self, heard: Heard) -> None:
        before = self.shown.view
        stood_in = self._time_up()
        self.shown = heard
        view = heard.view
        if view is None:
            return
        if heard.kyoku_number != self._kyoku:
            self._new_kyoku(heard.kyoku_number)
            before = None
        self._prepare_build()
        self._track(heard)
        done = len(before.events) if before is not None and len(before.events) <= len(view.events) else 0
        self._fresh.extend(view.events[done:])
        self.notices.extend(seat_notices(view, done))
        if stood_in:
            self.notices.extend(stand_in_notices(self.seat, view.events[done:]))

    def _tell_presence(self) -> None:
        """Each change of another seat's presence is told once, by a notice, whatever the
        player is doing (their instruction stays on the status line): its computer dropped
        (the host keeps the seat; for a seat the table waits on, in the host's table's words),
        its stand-in plays it (the host's reconnection window is over), it is back. A seat
        already gone when the table opens is told too."""
        present, given_up = self.heard.present, self.heard.given_up
        view = self.shown.view
        waited = set(self.waiting_on()) if view is not None and view.phase is not Phase.END else set()
        for seat in range(len(self.heard.welcome.names)):
            now = presence_of(present, given_up, seat)
            if seat == self.seat or now == self._told_presence.get(seat, HERE):
                continue
            self._told_presence[seat] = now
            self.notices.append(presence_notice(self.seat, partial(self._name, seat), now, seat in waited,
                                                about=seat))

    def _name(self, seat: int) -> str:
        return self.names()[seat]

    def _tell_name(self) -> None:
        """A seat taken back under another name keeps the name it took the match with (the
        host's): the player is told so once, by a notice, rather than left to find it on the plate."""
        sent = self.link.link.name.strip() if isinstance(self.link, RemoteLink) else ""
        names = self.heard.welcome.names
        if self._name_told or not sent or self.seat >= len(names) or names[self.seat] == sent:
            return
        self._name_told = True
        self.notices.append(Notice(self.seat, Message(
            N_("You play this match as {name}: the name your seat took it with stays for the match."),
            name=Later(lambda: self._name(self.seat)))))

    def _track(self, heard: Heard) -> None:
        """A decision's clock counts from when the news asking it came, even if it was kept
        while the player looked at the last kyoku's result (the host's clock ran meanwhile).
        Later news of the same decision may bring its end nearer, never further: news that
        came late does not give the time again. Each seat's decision has its own clock."""
        if self.shown.view is None:
            return
        for seat in range(self.rules.players):
            key = self._key(seat)
            deadline = deadline_of(heard, seat)
            known = self._deadlines.get(seat)
            nearer = deadline is not None and known is not None and (known[1] is None or deadline < known[1])
            if known is None or known[0] != key or nearer:
                self._deadlines[seat] = (key, deadline)

    def _new_kyoku(self, number: int) -> None:
        self._kyoku = number
        self.builds, self.helpers = {}, {}
        self._deadlines, self._sent = {}, None
        self.result_shown = False
        self.result_closed = False
        self.notices.clear()  # the last kyoku's, untold at its end: its result has said it all

    def _prepare_build(self) -> None:
        view = self.shown.view
        if view is None or self.seat in self.builds or view.phase is not Phase.BUILD or view.hand is not None:
            return
        assert view.wall is not None
        self.builds[self.seat] = BuildState(view.wall, view.rules.red_fives)
        self.helpers[self.seat] = BuildHelper(view.wall, view.seat_wind_kind(self.seat), view.dora_indicator,
                                              view.rules, self.builders, fallback=self.fallback,
                                              chances=ron_chances(view))

    # --- what the scene reads (game/app/play/table_source.py) -------------------------

    @property
    def rules(self) -> Rules:
        return self.heard.welcome.rules

    @property
    def busy(self) -> bool:
        return self.shown.view is None

    @property
    def kyoku_over(self) -> bool:
        """The kyoku has ended and its settlement has come: its result can be shown."""
        return self._holding() and self._settlement() is not None

    @property
    def shown_kyoku(self) -> int:
        return self.shown.kyoku_number

    @property
    def match_over(self) -> bool:
        """The kyoku shown was the match's last (its end has come from the host; a match the
        host stopped before its end is not over: the table closes, `closed`)."""
        over = self.heard.over
        return over is not None and over.reason != STOPPED and not self.waiting

    @property
    def drawn(self) -> bool:
        result = self.view(self.seat).result
        return result is None or result.drawn

    def view(self, seat: int) -> SeatView:
        """The seat's view: this computer has only its own, whose public part (the rivers, the
        walls' state) is every seat's."""
        view = self.shown.view
        assert view is not None
        return view

    def names(self) -> Sequence[str]:
        """The host's names for the seats; those the game gave ("Player 2") in this computer's language."""
        return tuple(shown_name(name) for name in self.heard.welcome.names)

    # --- who may see and do what ----------------------------------------------------------

    @property
    def waits_for_screen(self) -> bool:
        return False  # the clock is the host's: it runs on under this screen's dialogs and menu

    @property
    def shown_private_seat(self) -> int | None:
        view = self.shown.view
        if view is None or view.phase is Phase.DORA or (view.phase is Phase.END and view.result is not None):
            return None  # at the end the result lays the hands open; before it, the seat's own tiles stay
        return self.seat

    def mode(self) -> TableMode:
        view = self.shown.view
        if view is None or not view.legal_actions or self._sent == self._key() or self.reconnecting:
            return TableMode.WATCH  # while the link is down a move would be lost: none is taken
        left = self._left()
        if left is not None and left <= 0:
            return TableMode.WATCH  # out of time: the host's stand-in moves
        if view.phase is Phase.BUILD and self.seat not in self.builds:
            return TableMode.WATCH
        return MODE_OF_PHASE.get(view.phase, TableMode.WATCH)

    def waiting_on(self) -> list[int]:
        """The seats the kyoku waits for, as far as this seat can tell (in turn order)."""
        view = self.shown.view
        return [] if view is None else list(seats_waited_on(view))

    def curtain_for(self) -> int | None:
        return None  # one person at this computer

    def cover(self, seat: int) -> None:
        """Never called: no curtain at a joined table."""

    def lift_curtain(self, seat: int) -> None:
        """Never called: no curtain at a joined table."""

    def prompt(self) -> Notice | RonOffer | None:
        """A refusal to read, else the ron question while it is the viewer's."""
        if self.refusals:
            refused = self.refusals.pop(0).refused
            assert refused is not None
            return Notice(self.seat, Later(lambda: refusal_sentence(refused, OUR_VERSION)))
        if self.notices:
            # One person at this computer, always looking: told at once (at a local table the
            # person is told on their turn, a few seconds away; here the other seats' time,
            # minutes maybe, would pass first and the notice come as the seat's own clock runs).
            return self.notices.pop(0)
        if self.mode() != TableMode.RON:
            return None
        view = self.view(self.seat)
        assert view.ron_tile is not None and view.last_discard is not None and view.hand is not None
        discarder = view.last_discard[0]
        wind = terms.wind(view.seat_winds[discarder])
        worth = ron_worth(view.hand, view.ron_tile, view.win_context(discarder), view.rules,
                          self.seat == view.dealer, self.shown.stake, wind)
        return RonOffer(self.seat, wind, tile_code(view.ron_tile, view.rules.red_fives), worth,
                        view.furiten_on_passing())

    def helper_report(self) -> HelperReport | None:
        """The helper's view of the selection (recomputed when it or the helper's answer changes)."""
        if self.seat not in self.builds:
            return None
        state, helper = self.builds[self.seat], self.helpers[self.seat]
        key = (self._kyoku, state.revision, helper.progress)
        if key != self._report_key:
            self._report_key, self._report = key, helper.report(state.hand)
        return self._report

    # --- the clock ------------------------------------------------------------------------

    def _key(self, seat: int | None = None) -> tuple[object, ...]:
        """The decision `seat` (the viewer's by default) owes now, as the shown view tells it:
        each gets its whole time."""
        view = self.shown.view
        if view is None:
            return ()
        seat = self.seat if seat is None else seat
        owes = bool(view.legal_actions) if seat == self.seat else seat in seats_waited_on(view)
        return (self.shown.kyoku_number, view.phase, tuple(map(len, view.rivers)), seat, view.built[seat], owes)

    def _left(self, seat: int | None = None) -> float | None:
        """Seconds until `seat`'s (the viewer's) current decision's time runs out (below 0 once
        it has; None: the host gave it no clock)."""
        seat = self.seat if seat is None else seat
        known = self._deadlines.get(seat)
        if known is None or known[1] is None or known[0] != self._key(seat):
            return None
        return known[1] - self.clock()

    def countdown(self) -> float | None:
        """The seat's time left for its move, never below 0 (None: it owes none, has made
        it, or the host gave it no clock)."""
        view = self.shown.view
        left = self._left()
        if view is None or not view.legal_actions or self._sent == self._key() or left is None:
            return None
        return max(0.0, left)

    def table_clock(self) -> float | None:
        """The clock the table shows: the viewer's own, else that of the first seat the table
        waits for (as far as this seat can tell) whose clock the host told, as the host's
        table shows the clock of a seat at another computer it waits for."""
        own = self.countdown()
        if own is not None:
            return own
        for seat in self.waiting_on():
            left = self._left(seat) if seat != self.seat else None
            if left is not None:
                return max(0.0, left)
        return None

    def run_clock(self, dt: float) -> float | None:
        """The clock runs by itself (from when the decision came); at the build deadline the
        tiles chosen so far are sent to be completed. The time left before that."""
        left = self.countdown()
        if left is not None and left <= 0 and self._building():
            self.outbox.append(BuildHand(self.seat, self.builds[self.seat].text(), complete=True))
            self._sent = self._key()
        return left

    def _building(self) -> bool:
        view = self.shown.view
        return view is not None and view.phase is Phase.BUILD and self.seat in self.builds

    def next_change(self, delay_s: float) -> float | None:
        """The shown clock's next second; once the viewer's own has run out, the build's
        deadline at once; once the shown clock has, nothing until the host's news (which
        wake the window); held news at once, the scene's motion allowing."""
        if self.held:
            return 0.0
        left = self.countdown()
        if left is not None and left <= 0:
            return 0.0 if self._building() else None
        shown = self.table_clock()
        return seconds_to_next_step(shown) if shown is None or shown > 0 else None

    # --- moves ----------------------------------------------------------------------------

    def update(self, dt: float, delay_s: float) -> list[Event]:
        """The link's news taken, the clock run, the player's moves sent; the events the
        host's news brought since the last update."""
        self.listen()
        self._let_out()
        self.run_clock(dt)
        if self.link is not None:
            for action in self.take_outbox():
                self.link.send(action)
        events, self._fresh = self._fresh, []
        return events

    def play(self, seat: int, action: Action) -> list[Event]:
        """The viewer's move: sent to the host, which answers with the new view."""
        if seat != self.seat or self.mode() == TableMode.WATCH:
            return []
        self.outbox.append(action)
        self._sent = self._key()
        self._completing = isinstance(action, BuildHand) and action.complete
        return []

    def take_outbox(self) -> list[Action]:
        moves, self.outbox = self.outbox, []
        return moves

    # --- the end of a kyoku -----------------------------------------------------------

    def _settlement(self) -> Settlement | None:
        number = self.shown.kyoku_number
        settled = next((s for s in self.heard.settlements if s.kyoku_number == number), None)
        if settled is None:
            return None
        return Settlement(number, settled.gains, settled.scores, settled.stake, settled.next_stake)

    def show_result(self) -> None:
        self.result_shown = True

    def standings(self) -> tuple[float, ...]:
        settlement = self._settlement()
        if settlement is not None and self.result_shown:
            return tuple(settlement.scores)
        return tuple(self.shown.scores)

    def shown_stake(self) -> int:
        settlement = self._settlement()
        if settlement is not None and self.result_shown:
            return settlement.next_stake
        return self.shown.stake

    def result_frame(self) -> ResultFrame:
        """The ended kyoku's result: every seat's end as this seat's view tells it (each
        other seat's waits read from its hand laid open)."""
        own = self.view(self.seat)
        result = own.result
        assert result is not None
        views = [own if seat == self.seat else _seen_from_outside(own, seat, _waits(result.hands[seat]))
                 for seat in range(own.rules.players)]
        settlement = self._settlement()
        assert settlement is not None
        return result_frame(views, settlement, self.names(), self.match_over)

    def next_kyoku(self) -> None:
        """The result was seen: on to the next kyoku's news, kept meanwhile (that came up to
        now); none yet, the table waits for the host and shows the next kyoku when it begins."""
        self.listen()
        self.result_shown = True
        waiting, self.waiting = self.waiting, []
        self.result_closed = not waiting
        for heard in waiting:
            self._show(heard)

    def result_gate(self) -> ResultGate:
        """The host begins the next hand when everyone has read the result (or the reading
        time is up): this table tells it when the player has, and says who it waits for."""
        return self

    def close_result(self) -> None:
        self._read_through = self.shown.kyoku_number  # a host gone: the result, which says so, goes on at Next
        if self.link is not None:
            self.link.send(Ready(self.shown.kyoku_number))

    def _ready_again(self, reading: Reading | None) -> None:
        """A Ready sent while the connection was down was lost with it: the host, told again
        who the next hand waits for, hears it again rather than wait out the reading time."""
        if (reading is not None and self.link is not None
                and reading.kyoku_number == self.shown.kyoku_number == self._read_through
                and self.seat < len(reading.waiting)
                and reading.waiting[self.seat] and (self._reading is None or self._reading[0] is not reading)):
            self.link.send(Ready(reading.kyoku_number))

    def next_begun(self) -> bool:
        """The next hand's news has come (or the match's end, or the host is gone); or the
        connection is down after Next, and the table beneath, which says so, has its menu."""
        self.listen()
        return (any(heard.view is not None for heard in self.waiting) or self.heard.over is not None
                or (self._read_through == self.shown.kyoku_number and (self.closed is not None or self.reconnecting)))

    def reading_words(self, closed: bool) -> str | None:
        reading = self.heard.reading
        if reading is None or reading.kyoku_number != self.shown.kyoku_number:
            return None
        if self._reading is None or self._reading[0] is not reading:
            self._reading = (reading, self.heard.at)
        left = reading.time_left - (self.clock() - self._reading[1])
        return reading_words(self.names(), reading.waiting, (self.seat,), closed, left)

    def next_news(self) -> str | None:
        """While the result is read (the link's news taken): that the next kyoku has begun at
        the host, with the seat's time left if it owes a move there (its clock runs); else None.
        A lost connection first, at once: the host's news stopped with it."""
        self.listen()
        if self.closed is not None:
            return str(self.closed)
        if self.reconnecting:
            return self._status_of_link()
        begun = [heard for heard in self.waiting if heard.view is not None]
        if not begun:
            return None
        latest = begun[-1]
        left = self._waiting_left(begun)
        if left is None:
            return _("Hand {number} has begun.").format(number=latest.kyoku_number)
        seconds = shown_seconds(left)
        return _("Hand {number} has begun: your clock is running ({time} left).").format(
            number=latest.kyoku_number, time=f"{seconds // 60}:{seconds % 60:02d}")

    def _waiting_left(self, begun: Sequence[Heard]) -> float | None:
        """The time left for the move the latest kept news asks of the seat (None: none asked,
        or no clock): the earliest deadline among the news of that decision, as `_track` keeps it."""
        latest = begun[-1]
        if latest.view is None or not latest.view.legal_actions:
            return None
        same = [heard for heard in begun if _decision_of(heard) == _decision_of(latest)]
        deadlines = [deadline for heard in same if (deadline := deadline_of(heard, self.seat)) is not None]
        return min(deadlines) - self.clock() if deadlines else None

    # --- the frame ------------------------------------------------------------------------

    def place(self, seat: int) -> int:
        return place_of_seat(self.rules.players, seat, self.bottom)

    def wall_place(self, wall: int) -> int:
        players = self.rules.players
        return place_of_wall(players, wall, PERSONAL_WALLS[players][self.bottom])

    def frame(self) -> TableFrame:
        view = self.view(self.seat)
        mode = self.mode()
        waiting = self.waiting_on()
        present, given_up = self.heard.present, self.heard.given_up
        plates = [plate_name(name, presence_of(present, given_up, seat)) for seat, name in enumerate(self.names())]
        ended = view.result if view.phase is Phase.END else None
        return frame_of(view, plates, self.standings(), self.shown_stake(), self.shown_kyoku, mode=mode,
                        turn=waiting[0] if waiting else None,
                        status=self._status(view, mode, waiting),
                        countdown=self.table_clock(), private=self._private(), ended=ended, own_seat=self.seat)

    def _status(self, view: SeatView, mode: TableMode, waiting: list[int]) -> str:
        if self.reconnecting:
            return self._status_of_link()
        if self.heard.welcome.waiting_for_start and self.seat not in waiting:
            # Translators: a joined table, its host having continued the match but not yet pressed Start
            return _("Waiting for the host to start the match")
        present, given_up = self.heard.present, self.heard.given_up
        gone = next((seat for seat in waiting if seat < len(present) and not present[seat]), None)
        if gone is not None and view.phase is not Phase.END and mode not in MODE_STATUS:
            return reconnect_words(self.names()[gone], given_up=gone < len(given_up) and given_up[gone])
        if self.result_closed and view.phase is Phase.END:
            # Translators: a joined table, its player having closed the result before the host
            return _("Waiting for the host to start the next hand")
        completing = self._completing and self._sent == self._key()
        return status(view, self.names(), mode, waiting, completing, self.result_shown, self._time_up())

    def _time_up(self) -> bool:
        """The viewer's clock ran out before it moved: the host's stand-in moves for it."""
        left = self._left()
        return left is not None and left <= 0 and self._sent != self._key()

    def _status_of_link(self) -> str:
        if self.table_closed:
            # Translators: the joined table, its host's computer answering but no table open there (crashed)
            return _("Waiting for the host to reopen the table…")
        return _(HOST_LOST)

    def _private(self) -> PrivateFrame | None:
        seat = self.shown_private_seat
        if seat is None:
            return None
        view = self.view(seat)
        if view.phase is Phase.BUILD and view.hand is None:
            return private_frame(view, self.builds.get(seat), self.helper_report())
        return private_frame(view, strip=self._wait_strip(view))

    def _wait_strip(self, view: SeatView) -> WaitStrip | None:
        """The waits strip (made again when a tile is seen or the turn moves, as at a local table)."""
        if view.hand is None:
            return None
        key = (self._kyoku, sum(map(len, view.rivers)), view.furiten, view.dora_indicator, view.phase, view.turn)
        if key != self._strip_key:
            self._strip_key, self._strip = key, wait_strip(view)
        return self._strip


def deadline_of(heard: Heard, seat: int) -> float | None:
    """When the decision of `seat` that `heard` tells runs out on this computer's clock: the
    host's time left as the message left it, less the message's way here (half the round
    trip), from when it came (None: the host gave it no clock)."""
    time_left_s = heard.time_left_s(seat)
    if time_left_s is None:
        return None
    return heard.at + max(0.0, time_left_s - heard.latency_s / 2)


def _decision_of(heard: Heard) -> tuple[object, ...]:
    """The decision news asks of the seat, as `RemoteTable._key` tells one from the next."""
    view = heard.view
    if view is None:
        return ()
    return (heard.kyoku_number, view.phase, tuple(map(len, view.rivers)), view.built[view.seat],
            bool(view.legal_actions))


def _seen_from_outside(own: SeatView, seat: int, waits: tuple[int, ...]) -> SeatView:
    """Another seat's view of the ended kyoku as far as `own` tells it: its waits, from its hand
    laid open, and its furiten and misses as far as they are public (`told_from_outside`)."""
    return dataclasses.replace(own, seat=seat, waits=waits,
                               events=told_from_outside(own.events, seat, waits, own.rules.red_fives))


def _waits(hand: Sequence[int] | None) -> tuple[int, ...]:
    """A hand's waits, when the end laid it open (every hand after a draw; a win shows only
    the winners')."""
    return tuple(waits(counts34(hand))) if hand and len(hand) == HAND_SIZE else ()
