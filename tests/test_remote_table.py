"""The joined table's logic (game/app/play/remote_table.py): the seat's views in, what the
player may do, the frames and the moves to send out. A match is played by the engine here,
the views handed over as the network link would (`Heard`), without a network."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from concurrent.futures import Future

import pytest

from game.ai.agents import make_agent
from game.app.play.remote_link import Heard, Reconnecting, RemoteLink
from game.app.play.remote_table import CATCH_UP_NEWS, CATCH_UP_S, RemoteTable
from game.app.play.session import Notice
from game.app.play.table_controller import RonOffer
from game.app.play.table_mode import TableMode
from game.app.play.table_words import reconnect_words, ron_worth
from game.app.play.wait_strip import wait_strip
from game.app.words import terms
from game.engine.actions import BuildHand, ChooseDora, Pass, Ron
from game.engine.events import Discarded
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import tile_code
from game.net.hosting import MOVE_TIME_S, HostedTable
from game.net.play import seat_time_limit
from game.net.protocol import MatchOver, Reading, Ready, Refused, Settled, Welcome, read_host_message, write_message
from game.net.server import Inbound
from game.net.wire import SeatMirror
from tests.helpers import StudyNotDone

SEAT = 1
NAMES = ("Host", "Guest", "Kaiji", "Tonegawa")


@pytest.fixture
def builders():
    """The joined table's helper never studies the wall: no test here reads its answer (a
    thread studying each table's wall was most of this file's CPU, and ran on into the tests
    after it)."""
    return StudyNotDone()


def heard(match: Match, seat: int = SEAT, refused: Refused | None = None, at: float | None = None,
          time_left_s: float | None = -1.0, latency_s: float = 0.0, others: dict[int, float] | None = None) -> Heard:
    """What the link hands the table after a message: the seat's view and the standings, and
    the host's clock for the seat's decision (by default its whole time, as a host stamps a
    decision it has just asked) and for the `others` seats' (none by default), come now (`at`
    None: `time.monotonic`, the table's default clock)."""
    players = match.rules.players
    welcome = Welcome(1, seat, "token", NAMES[:players], (None,) * players, match.rules, "test")
    settled = tuple(Settled(0, s.kyoku_number, s.gains, s.scores, s.stake, s.next_stake) for s in match.settlements)
    over = MatchOver(0, "hands", tuple(match.scores)) if match.over else None
    if time_left_s is not None and time_left_s < 0:
        owes = seat in match.kyoku.waiting_on()
        time_left_s = seat_time_limit(match.rules, match.kyoku.phase, MOVE_TIME_S) if owes else None
    clocks = [(others or {}).get(other) for other in range(match.rules.players)]
    clocks[seat] = time_left_s
    return Heard(welcome, match.kyoku_number, match.kyoku.view_for(seat), tuple(match.scores), match.stake,
                 (True,) * players, settled, over, refused, at=time.monotonic() if at is None else at,
                 clocks=tuple(clocks), latency_s=latency_s)


def new_match(hands: int = 1, **rules: object) -> Match:
    match = Match(Rules.preset("kaiji", hands=hands, **rules), seed=5)
    match.next_kyoku()
    return match


def others_move(match: Match, seat: int = SEAT) -> None:
    """Every seat but `seat` makes its first legal move until the hand waits for `seat`."""
    for _ in range(200):
        waiting = [s for s in match.kyoku.waiting_on() if s != seat]
        if not waiting or match.kyoku.phase is Phase.END:
            return
        match.apply(match.kyoku.view_for(waiting[0]).legal_actions[0])


def test_the_seats_move_waits_in_the_outbox_and_the_table_waits_for_the_host_until_the_view_changes(builders):
    match = new_match()
    table = RemoteTable(heard(match), builders)
    if match.kyoku.dealer != SEAT:
        others_move(match)
        table.take(heard(match))
    view = table.view(SEAT)
    assert table.mode() is (TableMode.DORA if view.phase is Phase.DORA else TableMode.BUILD)
    move = view.legal_actions[0]
    table.play(SEAT, move)
    assert table.take_outbox() == [move]
    assert table.mode() is TableMode.WATCH  # sent: the host answers with the new view
    assert table.take_outbox() == []
    match.apply(move)
    table.take(heard(match))
    assert table.mode() is not TableMode.WATCH or not table.view(SEAT).legal_actions


def test_a_move_for_another_seat_or_while_watching_is_not_sent(builders):
    match = new_match()
    table = RemoteTable(heard(match), builders)
    table.play(1 - SEAT, ChooseDora(1 - SEAT, 0, 0))
    assert table.take_outbox() == []


def test_a_refused_move_is_said_in_a_sentence_and_the_seat_may_move_again(builders):
    match = new_match()
    others_move(match)
    table = RemoteTable(heard(match), builders)
    mode = table.mode()
    table.play(SEAT, table.view(SEAT).legal_actions[0])
    assert table.mode() is TableMode.WATCH
    table.take(heard(match, refused=Refused(3, "illegal_action", "not_your_turn")))
    question = table.prompt()
    assert isinstance(question, Notice) and "not_your_turn" in str(question.text)
    assert table.mode() is mode


def play_to_end(match: Match, table: RemoteTable) -> None:
    """The whole kyoku, the seat moving through the table, the others through the engine."""
    for _ in range(400):
        if match.kyoku.phase is Phase.END:
            break
        others_move(match)
        table.take(heard(match))
        if match.kyoku.phase is Phase.END:
            break
        if table.mode() is TableMode.BUILD:
            table.builds[SEAT].replace(list(match.kyoku.view_for(SEAT).wall[:13]))
            table.play(SEAT, BuildHand(SEAT, table.builds[SEAT].text(), complete=True))
        else:
            table.play(SEAT, table.view(SEAT).legal_actions[0])
        for move in table.take_outbox():
            match.apply(move)
        table.take(heard(match))


def test_a_kyokus_end_stays_on_the_table_until_its_result_is_seen_and_the_next_kyoku_waits(builders):
    match = new_match(hands=2)
    table = RemoteTable(heard(match), builders)
    play_to_end(match, table)
    assert table.kyoku_over
    first = table.shown_kyoku
    match.next_kyoku()
    table.take(heard(match))  # the host goes on at once
    assert table.shown_kyoku == first and table.view(SEAT).phase is Phase.END
    frame = table.result_frame()
    assert not frame.over
    table.show_result()
    table.next_kyoku()
    assert table.shown_kyoku == first + 1 and table.view(SEAT).phase is not Phase.END
    assert not table.kyoku_over


def test_the_end_waits_for_its_settlement_and_the_last_kyoku_ends_the_match(builders):
    match = new_match(hands=1)
    table = RemoteTable(heard(match), builders)
    play_to_end(match, table)
    unsettled = dataclasses.replace(heard(match), settlements=(), over=None)
    table.take(unsettled)
    assert not table.kyoku_over  # the result needs its settlement
    table.take(heard(match))
    assert table.kyoku_over and table.match_over
    assert table.result_frame().over


@pytest.mark.parametrize(("reason", "kept", "over"), [("hands", 1, True), ("bust", 1, True), ("stopped", 0, False)])
def test_a_match_the_host_ended_is_kept_and_one_it_stopped_closes_the_table_and_is_not(builders, reason, kept,
                                                                                       over):
    """A match stopped before its end is not over (the host keeps it to be continued, and
    sends no record): its last result says the match goes on, and the table closes."""
    match = new_match(hands=2)
    keeping: list[Heard] = []
    table = RemoteTable(heard(match), builders, keep=lambda news: keeping.append(news) or Future())
    play_to_end(match, table)
    table.take(dataclasses.replace(heard(match), over=MatchOver(9, reason, tuple(match.scores))))
    assert len(keeping) == kept and table.match_over is over and table.result_frame().over is over
    assert (table.closed is None) is over


def test_once_built_the_seat_sees_its_waits_strip_as_at_a_local_table(builders):
    match = new_match()
    table = RemoteTable(heard(match), builders)
    for _ in range(50):
        others_move(match)
        table.take(heard(match))
        if table.mode() is TableMode.DISCARD or match.kyoku.phase is Phase.END:
            break
        if table.mode() is TableMode.BUILD:
            table.play(SEAT, BuildHand(SEAT, "", complete=True))
        elif table.mode() is not TableMode.WATCH:
            table.play(SEAT, table.view(SEAT).legal_actions[0])
        for move in table.take_outbox():
            match.apply(move)
            table.take(heard(match))
    view = match.kyoku.view_for(SEAT)
    assert view.hand is not None
    private = table.frame().private
    assert private is not None and private.strip == wait_strip(view)


def test_the_frame_is_drawn_from_the_seats_view_with_its_own_tiles_only(builders):
    match = new_match()
    others_move(match)
    table = RemoteTable(heard(match), builders)
    frame = table.frame()
    assert frame.private is None or frame.private.seat == SEAT
    assert [seat.place for seat in frame.seats if seat.seat == SEAT] == [0]  # the joined seat at the bottom


RON_SEED = 4
"""The first seed whose kyoku asks the seat ron or pass, tried first: playing the four
before it took three quarters of a `to_ron` (some 2 s of CPU)."""


def to_ron(builders, clock=time.monotonic) -> tuple[Match, RemoteTable]:
    """A kyoku played until the host asks the seat ron or pass (`RON_SEED`; should the deal
    change, the first seed that does)."""
    for seed in (RON_SEED, *range(40)):
        match = Match(Rules.preset("kaiji", hands=1), seed=seed)
        match.next_kyoku()
        table = RemoteTable(heard(match, at=clock()), builders, clock=clock)
        for _ in range(400):
            if match.kyoku.phase is Phase.END or table.mode() is TableMode.RON:
                break
            others_move(match)
            table.take(heard(match, at=clock()))
            if table.mode() in (TableMode.WATCH, TableMode.RON):
                continue
            if table.mode() is TableMode.BUILD:
                table.play(SEAT, BuildHand(SEAT, table.builds[SEAT].text(), complete=True))
            else:
                table.play(SEAT, table.view(SEAT).legal_actions[0])
            for move in table.take_outbox():
                match.apply(move)
            table.take(heard(match, at=clock()))
        if table.mode() is TableMode.RON:
            table.notices.clear()  # the seat's notices (its hand completed) were told as it moved
            return match, table
    pytest.skip("no seed of 40 offered the seat a ron")


def test_the_ron_question_names_the_discarder_and_what_passing_costs(builders):
    match, table = to_ron(builders)
    question = table.prompt()
    assert isinstance(question, RonOffer) and question.seat == SEAT and question.tile
    view = match.kyoku.view_for(SEAT)
    discarder = view.last_discard[0]
    assert question.worth and question.worth == ron_worth(
        view.hand, view.ron_tile, match.kyoku.win_context(SEAT, discarder), match.rules,
        view.dealer == SEAT, match.stake, question.discarder)  # what the host's engine says
    assert question.furiten is match.kyoku.furiten_on_passing(SEAT)
    table.play(SEAT, Ron(SEAT))
    for move in table.take_outbox():
        match.apply(move)
    table.take(heard(match))
    assert table.kyoku_over
    frame = table.result_frame()  # the loser's hand stays hidden: its waits are not known here
    assert frame.wins and frame.wins[0].seat == SEAT


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def to_build(match: Match, table: RemoteTable, at: float = 0.0) -> None:
    """Past the dora flip, whoever's it is, to the seat's build."""
    if table.mode() is TableMode.DORA:
        match.apply(table.view(SEAT).legal_actions[0])
        table.take(heard(match, at=at))


def test_when_the_build_clock_runs_out_the_tiles_chosen_are_sent_to_be_completed(builders):
    match = new_match(build_time_s=30)
    others_move(match)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0), builders, clock=clock)
    to_build(match, table)
    assert table.mode() is TableMode.BUILD
    table.builds[SEAT].add(table.view(SEAT).wall[0])
    table.update(0.0, 0.0)
    assert table.countdown() == pytest.approx(30)
    clock.now = 29.5
    table.update(0.0, 0.0)
    assert table.take_outbox() == []
    clock.now = 30.5
    table.update(0.0, 0.0)
    sent = table.take_outbox()
    assert len(sent) == 1 and isinstance(sent[0], BuildHand) and sent[0].complete
    assert sent[0].tiles == table.builds[SEAT].text()


def test_the_next_kyokus_clock_runs_from_when_its_news_came_not_from_when_the_result_was_closed(builders):
    match = new_match(hands=2, build_time_s=30)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0), builders, clock=clock)
    play_to_end(match, table)
    match.next_kyoku()
    others_move(match)
    clock.now = 100.0
    table.take(heard(match, at=100.0))  # kept: the player reads the result
    clock.now = 110.0
    table.show_result()
    table.next_kyoku()
    to_build(match, table, at=100.0)
    assert table.mode() is TableMode.BUILD
    assert table.countdown() == pytest.approx(20)


class QueuedLink:
    """The link as the table reads it: the host's news waiting until it is polled."""

    def __init__(self) -> None:
        self.news: list[Heard] = []
        self.sent: list[object] = []

    def poll(self) -> list[Heard]:
        news, self.news = self.news, []
        return news

    def send(self, action: object) -> None:
        self.sent.append(action)

    def close(self) -> None:
        """Nothing to close."""


def test_a_result_closed_before_the_host_goes_on_waits_for_the_host_and_the_next_kyoku_comes_by_itself(builders):
    match = new_match(hands=2)
    table = RemoteTable(heard(match), builders)
    play_to_end(match, table)
    table.show_result()
    table.next_kyoku()  # Next pressed while the host's person still reads the result
    assert not table.kyoku_over  # the result does not come up again
    assert table.frame().centre.status == "Waiting for the host to start the next hand"
    match.next_kyoku()
    table.take(heard(match))
    assert table.shown_kyoku == 2 and table.view(SEAT).phase is not Phase.END
    assert not table.result_closed and table.frame().centre.status != "Waiting for the host to start the next hand"


def test_while_the_result_is_read_the_next_kyoku_begun_at_the_host_is_said_with_the_seats_clock(builders):
    match = new_match(hands=2, build_time_s=120)
    clock = Clock()
    link = QueuedLink()
    table = RemoteTable(heard(match, at=0.0), builders, clock=clock, link=link)  # type: ignore[arg-type]
    play_to_end(match, table)
    table.show_result()
    assert table.next_news() is None  # the host's person still reads it too
    match.next_kyoku()
    others_move(match)  # at the host, past the dora flip if it is not the seat's
    link.news.append(heard(match, at=10.0))
    clock.now = 25.0
    owes = bool(match.kyoku.view_for(SEAT).legal_actions)
    left = seat_time_limit(match.rules, match.kyoku.phase, MOVE_TIME_S) - 15
    assert table.next_news() == (f"Hand 2 has begun: your clock is running ({int(left) // 60}:{int(left) % 60:02d} "
                                 "left)." if owes else "Hand 2 has begun.")
    table.next_kyoku()  # the first Next after it goes to the table
    assert table.shown_kyoku == 2 and table.view(SEAT).phase is not Phase.END


def test_the_first_next_after_the_host_went_on_goes_to_the_new_kyoku_though_its_news_was_not_read_yet(builders):
    match = new_match(hands=2)
    link = QueuedLink()
    table = RemoteTable(heard(match), builders, link=link)  # type: ignore[arg-type]
    play_to_end(match, table)
    table.show_result()
    match.next_kyoku()
    link.news.append(heard(match))  # on the link, not polled while the result was up
    table.next_kyoku()
    assert table.shown_kyoku == 2 and not table.kyoku_over


def test_the_events_the_hosts_news_brings_come_once_with_the_next_update(builders):
    match = new_match()
    table = RemoteTable(heard(match), builders)
    first = table.update(0.0, 0.0)
    assert first == list(match.kyoku.view_for(SEAT).events)
    others_move(match)
    table.take(heard(match))
    assert table.update(0.0, 0.0) == list(match.kyoku.view_for(SEAT).events[len(first):])
    assert table.update(0.0, 0.0) == []


def test_the_status_says_whom_the_table_waits_to_reconnect_and_that_the_hand_is_being_completed(builders):
    from game.app.words import i18n

    before = i18n.language()
    i18n.set_language("en")
    try:
        match = new_match()
        dealer = match.kyoku.dealer
        match.apply(match.kyoku.view_for(dealer).legal_actions[0])  # the dora chosen: both seats build
        table = RemoteTable(dataclasses.replace(heard(match), present=(False, True)), builders)
        assert table.mode() is TableMode.BUILD and sorted(table.waiting_on()) == [0, 1]
        assert table.frame().centre.status == "Build your hand: 13 of your 34 tiles"  # the player's move first
        told = table.prompt()
        assert isinstance(told, Notice) and told.text == "Waiting for Host to reconnect"  # as the host's table says
        table.play(SEAT, BuildHand(SEAT, "", complete=True))  # the build clock ran out
        assert table.frame().centre.status == "Waiting for Host to reconnect"  # nothing left to do but wait
        table.take(heard(match))
        assert table.frame().centre.status == "Completing the hand…"  # as at a table at this computer
    finally:
        i18n.set_language(before)


def owing(builders, clock, **heard_as) -> RemoteTable:
    """A table whose seat owes the host its first decision (the dora flip or the build)."""
    match = new_match(build_time_s=30)
    others_move(match)
    table = RemoteTable(heard(match, **heard_as), builders, clock=clock)
    assert SEAT in match.kyoku.waiting_on()
    return table


@pytest.mark.parametrize(("time_left_s", "latency_s", "after_s", "shown"), [
    (30.0, 0.0, 0.0, 30.0),
    (30.0, 0.4, 0.0, 29.8),  # the message's way here: half the round trip
    (30.0, 0.4, 10.0, 19.8),
    (12.5, 2.0, 0.0, 11.5),
    (0.2, 1.0, 0.0, 0.0),  # the host's time was gone before the message came: 0, never below
    (30.0, 0.0, 45.0, 0.0),  # run out long ago: 0, never below
])
def test_the_clock_counts_down_from_the_hosts_time_left_less_half_the_round_trip(builders, time_left_s, latency_s,
                                                                                 after_s, shown):
    clock = Clock()
    clock.now = 50.0
    table = owing(builders, clock, at=50.0, time_left_s=time_left_s, latency_s=latency_s)
    clock.now = 50.0 + after_s
    assert table.countdown() == pytest.approx(shown)
    assert table.frame().centre.countdown == pytest.approx(shown)


def told_thirty_seconds_to_build_twenty_seconds_ago() -> tuple[Clock, Match, RemoteTable]:
    """A joined table told at 0 s that its seat has 30 s to build; the clock now at 20 s."""
    clock = Clock()
    match = new_match(build_time_s=30)
    others_move(match)
    table = RemoteTable(heard(match, at=0.0, time_left_s=30.0), StudyNotDone(), clock=clock)
    clock.now = 20.0
    return clock, match, table


def test_news_of_the_same_decision_that_came_late_does_not_give_its_time_again():
    _clock, match, table = told_thirty_seconds_to_build_twenty_seconds_ago()
    table.take(heard(match, at=20.0, time_left_s=30.0))  # stamped before the first, or come the long way
    assert table.countdown() == pytest.approx(10.0)
    table.take(heard(match, at=20.0, time_left_s=None))  # news without a clock (who is present)
    assert table.countdown() == pytest.approx(10.0)
    table.take(heard(match, at=20.0, time_left_s=4.0))  # the host's clock is further on: it rules
    assert table.countdown() == pytest.approx(4.0)


class Link:
    """The link's news, handed over at the next update."""

    def __init__(self, news: list) -> None:
        self.news = news

    def poll(self) -> list:
        news, self.news = self.news, []
        return news

    def send(self, action) -> None:
        pass


def test_after_a_reconnection_the_hosts_clock_rules_even_if_it_gives_more_time():
    """The host was killed and continued its match: its clock stood still meanwhile, restored
    from its save, and the screens show that one clock again."""
    _clock, match, table = told_thirty_seconds_to_build_twenty_seconds_ago()
    table.link = Link([Reconnecting(1), heard(match, at=20.0, time_left_s=25.0)])
    table.update(0.0, 0.0)
    assert table.countdown() == pytest.approx(25.0)


def test_a_move_sent_as_the_connection_dropped_is_the_players_to_make_again_once_back(builders):
    """Player test: a build confirmed (or a tile discarded) as the link went down never
    reached the host, and back at the table the player had no buttons and no clock: the
    table waited for a move the host never had until the stand-in made another."""
    match = new_match()
    others_move(match)
    table = RemoteTable(heard(match), builders)
    mode = table.mode()
    assert mode is not TableMode.WATCH
    table.link = SentLink([])
    move = table.view(SEAT).legal_actions[0]
    table.play(SEAT, move)
    table.link.news = [Reconnecting(1)]
    table.update(0.0, 0.0)  # sent into the dropped connection (the link drops it)
    assert table.link.sent == [move]
    assert table.mode() is TableMode.WATCH
    table.play(SEAT, move)  # while down, nothing is taken: it would be lost the same way
    assert table.take_outbox() == []
    table.link.news = [heard(match)]  # back: the host never had it, the seat still owes it
    table.update(0.0, 0.0)
    assert table.mode() is mode and table.countdown() is not None
    table.play(SEAT, move)
    table.update(0.0, 0.0)
    assert table.link.sent == [move, move]


def test_a_move_the_host_took_before_the_drop_shows_made_once_back(builders):
    match = new_match()
    others_move(match)
    table = RemoteTable(heard(match), builders)
    table.link = SentLink([])
    move = table.view(SEAT).legal_actions[0]
    table.play(SEAT, move)
    table.update(0.0, 0.0)
    match.apply(move)
    table.link.news = [Reconnecting(1), heard(match)]
    table.update(0.0, 0.0)
    assert table.view(SEAT) == match.kyoku.view_for(SEAT)
    assert table.link.sent == [move]


def test_without_the_hosts_clock_no_clock_is_shown(builders):
    table = owing(builders, Clock(), time_left_s=None)
    assert table.countdown() is None and table.frame().centre.countdown is None


def test_the_dora_flip_has_the_hosts_clock_and_once_it_has_run_out_the_seat_is_not_asked(builders):
    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku(dealer=SEAT)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0), builders, clock=clock)
    assert table.mode() is TableMode.DORA
    assert table.frame().centre.countdown == pytest.approx(MOVE_TIME_S)
    assert table.next_change(0.0) == pytest.approx(1.0)  # the clock's next second
    clock.now = MOVE_TIME_S + 0.1
    table.update(0.0, 0.0)
    assert table.mode() is TableMode.WATCH and table.take_outbox() == []  # the host's stand-in flips
    table.play(SEAT, ChooseDora(SEAT, 0, 0))
    assert table.take_outbox() == []
    assert table.countdown() == 0.0 and table.next_change(0.0) is None  # nothing to do until the host's news


def test_the_ron_question_has_the_hosts_clock_and_is_not_asked_once_it_has_run_out(builders):
    clock = Clock()
    _match, table = to_ron(builders, clock)
    assert table.countdown() == pytest.approx(MOVE_TIME_S)
    assert table.frame().centre.countdown == pytest.approx(MOVE_TIME_S)
    clock.now += MOVE_TIME_S
    assert table.countdown() == 0.0
    assert table.prompt() is None and table.mode() is TableMode.WATCH


def waiting_for_the_other(phase: Phase, preset: str = "kaiji") -> Match:
    """A hand that waits for seat 0's decision in `phase` alone: the dora flip, its build (the
    others have built), its discard, its ron question (the first seed whose easy AIs get there)."""
    for seed in range(200):
        match = Match(Rules.preset(preset, hands=1), seed)
        kyoku = match.next_kyoku(dealer=0)
        agents = [make_agent("easy", s) for s in range(match.rules.players)]
        for _ in range(300):
            if kyoku.phase is phase and kyoku.waiting_on() == [0]:
                return match
            if kyoku.phase is Phase.END:
                break
            seat = kyoku.waiting_on()[-1]  # the others build first
            match.apply(agents[seat].act(kyoku.view_for(seat)))
    raise AssertionError(f"no deal waited for the other seat in {phase}")


@pytest.mark.parametrize("phase", [Phase.DORA, Phase.BUILD, Phase.DISCARD, Phase.RON])
def test_the_table_shows_the_clock_of_the_other_seat_it_waits_for_as_the_hosts_table_does(builders, phase):
    from game.app.words import i18n

    match = waiting_for_the_other(phase)
    clock = Clock()
    clock.now = 50.0
    table = RemoteTable(heard(match, at=50.0, latency_s=0.4, others={0: 100.0}), builders, clock=clock)
    assert table.mode() is TableMode.WATCH and table.countdown() is None  # this seat owes nothing
    assert table.waiting_on() == [0] and table.frame().seats[0].turn
    assert table.frame().centre.countdown == pytest.approx(99.8)  # the host's time less half the round trip
    clock.now = 60.3
    assert table.frame().centre.countdown == pytest.approx(89.5)
    assert table.next_change(0.0) == pytest.approx(0.5)  # drawn again at its next second
    before = i18n.language()
    i18n.set_language("en")
    try:
        assert "(Host)" in table.frame().centre.status  # whom it waits for, its ron question too
    finally:
        i18n.set_language(before)
    clock.now = 200.0
    assert table.frame().centre.countdown == 0.0 and table.next_change(0.0) is None  # the host's news comes next


def test_news_of_the_other_seats_decision_that_came_late_does_not_give_its_time_again(builders):
    match = waiting_for_the_other(Phase.DISCARD)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0, others={0: 30.0}), builders, clock=clock)
    clock.now = 20.0
    table.take(heard(match, at=20.0, others={0: 30.0}))  # stamped before the first, or come the long way
    assert table.frame().centre.countdown == pytest.approx(10.0)
    table.take(heard(match, at=20.0, others={0: 4.0}))  # the host's clock is further on: it rules
    assert table.frame().centre.countdown == pytest.approx(4.0)
    match.apply(make_agent("easy", 0).act(match.kyoku.view_for(0)))
    table.take(heard(match, at=20.0, others={0: 30.0}))
    if 0 in match.kyoku.waiting_on():  # its next decision (its ron question): its whole time
        assert table.frame().centre.countdown == pytest.approx(30.0)
    else:
        assert table.frame().centre.countdown == pytest.approx(MOVE_TIME_S)  # this seat's own clock


def test_the_own_clock_is_shown_while_the_seat_owes_its_move_then_the_others_it_waits_for(builders):
    match = Match(Rules.preset("kaiji", hands=1, build_time_s=30), seed=5)
    kyoku = match.next_kyoku(dealer=0)
    match.apply(kyoku.view_for(0).legal_actions[0])  # the dora flipped: both seats build
    table = RemoteTable(heard(match, at=0.0, time_left_s=30.0, others={0: 25.0}), builders, clock=Clock())
    assert table.mode() is TableMode.BUILD and table.frame().centre.countdown == pytest.approx(30.0)
    table.play(SEAT, BuildHand(SEAT, "", complete=True))  # sent: the other seat still builds
    assert table.frame().centre.countdown == pytest.approx(25.0)


class Mirrors:
    """The host's messages as each joined computer reads them (no network): its seat's mirror."""

    def __init__(self, hosted) -> None:
        self.hosted = hosted
        self.mirrors = {seat: SeatMirror() for seat in hosted.remote}

    def connected(self, seat: int) -> bool:
        return self.hosted.connected(seat)

    def send(self, seat, make) -> None:
        mirror = self.mirrors[seat]
        mirror.receive(read_host_message(write_message(make(mirror.seq + 1))))

    def heard(self, seat: int, at: float | None = None) -> Heard:
        mirror = self.mirrors[seat]
        return Heard(mirror.welcome, mirror.kyoku_number, mirror.view, mirror.scores, mirror.stake, mirror.present,
                     (), None, at=time.monotonic() if at is None else at, clocks=mirror.clocks,
                     given_up=mirror.given_up)


def test_the_clock_of_a_seat_the_host_waits_for_comes_over_the_wire_to_the_joined_table(builders):
    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku(dealer=0)
    hosted = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,))  # never started: no socket is opened
    wire = hosted.table.transport = Mirrors(hosted)
    hosted.host.inbox.put(Inbound(SEAT, "joined", token="t"))
    hosted.poll()
    hosted.changed()
    clock = Clock()
    table = RemoteTable(wire.heard(SEAT, at=0.0), builders, clock=clock)
    assert table.waiting_on() == [0] and table.mode() is TableMode.WATCH  # the host's person flips the dora
    assert table.frame().centre.countdown == pytest.approx(MOVE_TIME_S)
    clock.now = 30.0
    assert table.frame().centre.countdown == pytest.approx(MOVE_TIME_S - 30.0)


@pytest.mark.parametrize(("preset", "levels"), [("three_player", ("hard", None, None)),
                                                 ("four_player", ("easy", None, None, "normal"))])
def test_a_joined_table_keeps_the_players_instruction_tells_a_drop_once_then_says_whom_it_waits_for(builders,
                                                                                                    preset, levels):
    """As the host's table does (tests/test_table_controller.py): while the joined player
    still builds, the status keeps "Build your hand" and the drop of another joined seat is
    told once by a notice; once built, the status says whom the table waits for, and that
    its stand-in plays once the host's reconnection window has run out."""
    from game.app.words import i18n

    match = Match(Rules.preset(preset, hands=1), seed=5)
    match.next_kyoku()
    now = [1000.0]
    hosted = HostedTable(match, ("Host AI", "Guest", "Kaiji", "Other")[:len(levels)], levels, (1, 2),
                         clock=lambda: now[0])  # never started: no socket is opened
    wire = hosted.table.transport = Mirrors(hosted)
    for seat in (1, 2):
        hosted.host.inbox.put(Inbound(seat, "joined", token=f"t{seat}"))
    hosted.poll()
    if match.kyoku.phase is Phase.DORA:
        match.apply(match.kyoku.view_for(match.kyoku.dealer).legal_actions[0])  # the dora chosen
    hosted.changed()
    assert 2 in match.kyoku.waiting_on()  # every seat builds
    before = i18n.language()
    i18n.set_language("en")
    try:
        table = RemoteTable(wire.heard(SEAT), builders)
        assert table.mode() is TableMode.BUILD
        hosted.host.inbox.put(Inbound(2, "left"))  # the other joined computer has gone
        hosted.poll()
        table.take(wire.heard(SEAT))
        table.update(0.0, 0.0)
        building = "Build your hand: 13 of your 34 tiles"
        assert table.frame().centre.status == building  # the player's own instruction stays
        told = table.prompt()
        assert isinstance(told, Notice) and told.text == "Waiting for Kaiji to reconnect"
        assert told.about == 2  # newer news of Kaiji takes its place on the table (TableScene)
        assert plate(table, 2) == "Kaiji (away)" and plate(table, 1) == "Guest"
        table.take(wire.heard(SEAT))  # more news while Kaiji is still gone: told once
        assert table.prompt() is None and table.frame().centre.status == building
        match.apply(BuildHand(SEAT, "", complete=True))  # built: nothing left to do but wait
        hosted.changed()
        table.take(wire.heard(SEAT))
        assert table.frame().centre.status == "Waiting for Kaiji to reconnect"
        now[0] += hosted.reconnect_window_s
        hosted.poll()
        table.take(wire.heard(SEAT))
        table.update(0.0, 0.0)
        words = "Kaiji has gone: the AI stands in"
        assert table.frame().centre.status == words == reconnect_words("Kaiji", given_up=True)  # the host's words
        assert words in notices_of(table)  # told, though the status line would not say it again
        assert plate(table, 2) == "Kaiji (AI)"
        hosted.host.inbox.put(Inbound(2, "joined", token="t2"))
        hosted.poll()
        table.take(wire.heard(SEAT))
        assert notices_of(table) == ["Kaiji is back at the table"] and plate(table, 2) == "Kaiji"
    finally:
        i18n.set_language(before)


def test_a_joined_table_watching_the_hosts_dora_flip_is_told_when_another_joined_seat_drops(builders):
    """The report of a host's screen saying nothing of a drop during its dora flip (three
    seats), checked on a joined screen: it watches the flip and is told, as on the host's."""
    from game.app.words import i18n

    match = Match(Rules.preset("three_player", hands=1), seed=5)
    match.next_kyoku(dealer=0)
    hosted = HostedTable(match, ("Host", "Guest", "Kaiji"), (None, None, None), (1, 2))  # never started: no socket
    wire = hosted.table.transport = Mirrors(hosted)
    for seat in (1, 2):
        hosted.host.inbox.put(Inbound(seat, "joined", token=f"t{seat}"))
    hosted.poll()
    hosted.changed()
    before = i18n.language()
    i18n.set_language("en")
    try:
        table = RemoteTable(wire.heard(SEAT), builders)
        assert table.mode() is TableMode.WATCH and table.waiting_on() == [0]  # the host's person flips
        hosted.host.inbox.put(Inbound(2, "left"))
        hosted.poll()
        table.take(wire.heard(SEAT))
        assert notices_of(table) == ["Kaiji has lost the connection; their seat is kept for them."]
        assert table.mode() is TableMode.WATCH and plate(table, 2) == "Kaiji (away)"
    finally:
        i18n.set_language(before)


def test_after_a_draw_the_joined_result_tells_another_seats_own_discard_furiten_as_the_hosts_does(builders):
    from game.app.play.result_frame import result_frame

    for seed in range(80):
        match = Match(Rules.preset("kaiji", hands=1), seed=seed)
        match.next_kyoku()
        table = RemoteTable(heard(match), builders)
        play_to_end(match, table)
        result = match.kyoku.view_for(SEAT).result
        if result is None or not result.drawn:
            continue
        host = result_frame([match.kyoku.view_for(seat) for seat in range(2)], match.settlements[-1],
                            table.names(), True)
        other = host.draws[1 - SEAT].reason
        if "own winning tile" not in other or "passed" in other:
            continue
        assert table.result_frame().draws[1 - SEAT].reason == other
        return
    pytest.fail("no drawn hand with another seat's own-discard furiten among the seeds")


def test_a_hand_the_hosts_stand_in_completed_is_told_at_once_not_only_at_the_seats_turn(builders):
    match = Match(Rules.preset("kaiji", hands=1), seed=1)
    match.next_kyoku()
    assert match.kyoku.dealer != SEAT
    table = RemoteTable(heard(match), builders)
    others_move(match)  # the dealer flips the dora and builds
    table.take(heard(match))
    match.apply(BuildHand(SEAT, "", complete=True))  # the seat's time ran out: the host's stand-in built
    table.take(heard(match))
    assert table.view(SEAT).phase is Phase.DISCARD and table.view(SEAT).turn != SEAT
    question = table.prompt()
    assert isinstance(question, Notice) and str(question.text).startswith("Time is up: your hand was completed")
    assert table.prompt() is None  # told once


# At 0:00 the joined table spoke of its own player in the third person, and told them
# nothing of the discard the host's stand-in made for them.
def test_a_seat_whose_discard_clock_ran_out_is_spoken_to_and_told_the_stand_ins_discard(builders):
    match = new_match(discard_time_s=5)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0), builders, clock=clock)
    for _ in range(200):
        if match.kyoku.phase is Phase.DISCARD and match.kyoku.turn == SEAT:
            break
        waiting = match.kyoku.waiting_on()[0]
        match.apply(match.kyoku.view_for(waiting).legal_actions[0])
        table.take(heard(match, at=clock.now))
        while table.prompt() is not None:
            pass
    table.take(heard(match, at=clock.now, time_left_s=5.0))
    assert table.frame().centre.status == "Your turn: discard from your pool"
    clock.now += 6.0
    assert table.frame().centre.status == "Your time is up: the AI discards for you"
    discard = match.kyoku.view_for(SEAT).legal_actions[0]
    match.apply(discard)  # the host's stand-in
    table.take(heard(match, at=clock.now))
    tile = match.kyoku.rivers[SEAT][-1][0]
    question = table.prompt()
    assert isinstance(question, Notice)
    named = terms.tile_in_sentence(tile_code(tile, False))
    assert str(question.text) == f"Your time ran out: {named} was discarded for you."


class SentLink(Link):
    """A link that keeps what the table sends."""

    def __init__(self, news: list) -> None:
        super().__init__(news)
        self.sent: list = []

    def send(self, action) -> None:
        self.sent.append(action)


def test_a_ready_lost_with_the_connection_is_sent_again_and_the_result_gives_way_while_it_is_down(builders):
    """The player pressed Next on a hand's result as the connection dropped: the result gives
    way to the table (which says the connection is lost, and has its menu) instead of holding
    the player there; back, the host still lists the seat as not ready, so Ready goes again."""
    match = new_match(hands=2)
    table = RemoteTable(heard(match), builders)
    play_to_end(match, table)
    table.take(heard(match))
    link = table.link = SentLink([])
    table.close_result()
    assert link.sent == [Ready(match.kyoku_number)]
    assert not table.next_begun()
    link.news = [Reconnecting(1)]
    assert table.next_begun()
    again = dataclasses.replace(heard(match), reading=Reading(0, match.kyoku_number,
                                                              tuple(s == SEAT for s in range(2)), 50.0))
    link.news = [again]
    table.listen()
    assert link.sent == [Ready(match.kyoku_number)] * 2


class LinkWire:
    """A host's messages to one seat, handed to a window's link as its connection would: each
    applied to the link's mirror, then heard by the link (its news on its queue). One per
    host, each counting its messages from 1 as a host's connection does."""

    def __init__(self, link: RemoteLink) -> None:
        self.link = link
        self.seq = 0

    def connected(self, seat: int) -> bool:
        return seat == SEAT

    def send(self, seat: int, make) -> None:
        self.seq += 1
        message = read_host_message(write_message(make(self.seq)))
        self.link.link.mirror.receive(message)
        asyncio.run(self.link.heard(self.link.link, message))


def test_a_joiner_back_at_a_continued_match_shows_no_clock_until_the_host_starts_it_again(builders):
    """The host was killed mid-build and continued its match: no clock runs at the host while
    its waiting room is open, so the joined screen that reconnected by itself shows none (not
    the last connection's clock, run again from the welcome); at Start, the host's clock."""
    match = new_match(build_time_s=30)
    others_move(match)
    if match.kyoku.phase is Phase.DORA:
        match.apply(match.kyoku.view_for(SEAT).legal_actions[0])  # the seat's dora flip: on to the build
    link = RemoteLink("ws://127.0.0.1:9/", "Guest")  # never started: its messages are handed over below
    first = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,))  # no socket is opened
    first.table.transport = LinkWire(link)
    first.host.inbox.put(Inbound(SEAT, "joined", token="t"))
    first.poll()
    news = link.poll()
    table = RemoteTable(next(n for n in news if n.view is not None), builders, link=link)
    assert table.countdown() == pytest.approx(30.0, abs=1.0)
    link.reconnecting(1)  # the host's computer went away; the link knocks until it is back
    table.update(0.0, 0.0)
    continued = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,), tokens={SEAT: "t"})
    continued.table.transport = LinkWire(link)
    continued.host.inbox.put(Inbound(SEAT, "joined", token="t"))  # back, in the host's waiting room
    continued.poll()
    table.update(0.0, 0.0)
    assert not table.reconnecting and table.mode() is TableMode.BUILD
    assert table.countdown() is None and table.frame().centre.countdown is None
    continued.begin()  # Start: every seat told its clock
    continued.retell()
    table.update(0.0, 0.0)
    assert table.countdown() == pytest.approx(30.0, abs=1.0)


def test_a_joiner_back_at_a_continued_match_is_told_the_table_waits_for_the_host_to_start_it(builders):
    """The joiner had built, and the host's own person had not, when the host's computer went
    away: back at the continued match, whose waiting room is open, the joined table waits for
    the host to press Start, not for the host's person to build; at Start, for the build."""
    match = new_match(build_time_s=30)
    for _ in range(50):
        waiting = match.kyoku.waiting_on()
        if match.kyoku.phase is Phase.BUILD and waiting == [0]:
            break
        mover = SEAT if SEAT in waiting else waiting[0]
        match.apply(match.kyoku.view_for(mover).legal_actions[0])
    assert match.kyoku.phase is Phase.BUILD and match.kyoku.waiting_on() == [0]
    link = RemoteLink("ws://127.0.0.1:9/", "Guest")  # never started: its messages are handed over below
    continued = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,), tokens={SEAT: "t"})
    continued.table.transport = LinkWire(link)
    continued.host.inbox.put(Inbound(SEAT, "joined", token="t"))  # back, in the host's waiting room
    continued.poll()
    table = RemoteTable(next(n for n in link.poll() if n.view is not None), builders, link=link)
    assert table.frame().centre.status == "Waiting for the host to start the match"
    continued.begin()  # Start
    continued.retell()
    table.update(0.0, 0.0)
    assert table.frame().centre.status == "Waiting for West (Host) to build"


def test_while_the_host_has_not_reopened_its_table_the_joined_table_says_so_as_it_tries_again(builders):
    """The host's computer crashed: the connection drops, then each attempt finds no table at
    the address (`Reconnecting.table_closed`) until the host continues its match."""
    from game.app.words import i18n

    before = i18n.language()
    i18n.set_language("en")
    try:
        match = new_match()
        table = RemoteTable(heard(match), builders)
        table.link = Link([Reconnecting(1)])
        table.update(0.0, 0.0)
        assert table.frame().centre.status == "Connection to the host lost: reconnecting…"
        table.link.news = [Reconnecting(2, table_closed=True)]
        table.update(0.0, 0.0)
        assert table.frame().centre.status == "Waiting for the host to reopen the table…"  # its Continue
        table.link.news = [heard(match)]  # Continue on the host: back at the seat
        table.update(0.0, 0.0)
        assert not table.reconnecting and "reopen" not in table.frame().centre.status
    finally:
        i18n.set_language(before)


def plate(table: RemoteTable, seat: int) -> str:
    return next(shown.name for shown in table.frame().seats if shown.seat == seat)


def notices_of(table: RemoteTable) -> list[object]:
    """The notices the table has to tell now (their texts)."""
    texts = []
    for _ in range(20):
        notice = table.prompt()
        if not isinstance(notice, Notice):
            return texts
        texts.append(notice.text)
    return texts


@pytest.mark.parametrize(("can_continue", "reason", "says"), [
    (False, "host_left", "The host has closed its table: this match cannot be continued."),
    (False, "gone", "The host has closed its table: this match cannot be continued."),
    (True, "host_left", "The host has left the table."),
    (True, "reconnecting", "Connection to the host lost: reconnecting…"),
])
def test_the_result_says_at_once_that_the_connection_to_the_host_is_lost(builders, can_continue, reason, says):
    """Not "Hand 2 has begun: your clock is running (0:00 left)" while nothing comes any more;
    a host that cannot continue its match (a headless one) is not said to perhaps continue it."""
    from game.app.play.remote_link import Ended
    from game.app.words import i18n

    before = i18n.language()
    i18n.set_language("en")
    try:
        match = Match(Rules.preset("kaiji", hands=2), seed=3)
        match.next_kyoku()
        first = heard(match)
        first = dataclasses.replace(first, welcome=dataclasses.replace(first.welcome, can_continue=can_continue))
        link = RemoteLink("ws://127.0.0.1:9/", "Guest")  # never started: its news is handed over below
        table = RemoteTable(first, builders, link=link)
        play_to_end(match, table)
        table.show_result()
        match.next_kyoku()
        table.take(dataclasses.replace(heard(match), welcome=first.welcome))  # hand 2 begun at the host
        assert table.next_news().startswith("Hand 2 has begun")
        if reason == "reconnecting":
            link.news.put(Reconnecting(1))
        else:
            link.news.put(Ended("refused", Refused(0, "host_left", "")) if reason == "host_left" else Ended("gone"))
        assert table.next_news() == says
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("not_kept", [None, "the disk is full"])
def test_a_match_its_host_stopped_for_good_is_kept_from_the_record_it_sent_and_the_title_says_so(builders,
                                                                                              not_kept):
    """A host that cannot continue (headless, ^C) sends the record with its `stopped`: kept
    here as a stopped match; the table closes, saying the host stopped it for good and whether
    the history keeps it. Without a record (a host that continues it) nothing is kept."""
    from game.net.table import record_text

    match = new_match(hands=2)
    keeping: list[Heard] = []
    done: Future[str | None] = Future()
    done.set_result(not_kept)
    table = RemoteTable(heard(match), builders, keep=lambda news: keeping.append(news) or done)
    others_move(match)
    stopped = dataclasses.replace(heard(match), over=MatchOver(9, "stopped", tuple(match.scores)),
                                  record_text=record_text(match.record))
    table.take(stopped)
    assert keeping == [stopped] and not table.match_over and table.closed is not None
    words = str(table.closed)
    assert "stopped the match for good" in words and ("kept in your match history" in words) is (not_kept is None)
    if not_kept is not None:
        assert words.endswith(not_kept)


@pytest.mark.parametrize(("sent", "told"), [("Impostor", True), (None, False)])
def test_a_seat_taken_back_under_another_name_is_told_once_the_name_it_plays_the_match_as(builders, sent, told):
    """The host keeps the name the seat took the match with; its player, back under another,
    is told so once (a notice), not left to find it on their plate."""
    match = new_match()
    first = heard(match)
    link = RemoteLink("ws://127.0.0.1:9/?v=3&code=KANTER", sent or first.welcome.names[SEAT])
    table = RemoteTable(first, builders, link=link)
    table.take(heard(match))
    notices = []
    while isinstance(prompt := table.prompt(), Notice):
        notices.append(str(prompt.text))
    named = [text for text in notices if "the name your seat took it with" in text]
    assert named == ([f"You play this match as {first.welcome.names[SEAT]}: the name your seat took it with "
                      "stays for the match."] if told else [])


def test_the_name_a_seat_plays_the_match_as_is_worded_when_read_in_the_language_of_the_moment(builders):
    """A seat that took the match under the game's name ("Player 2") and came back under a
    typed one is told the game's name in the window's language when the notice is read,
    not in the language (or words) of the moment it was queued."""
    from game.app.words import i18n

    before = i18n.language()
    i18n.set_language("en")
    try:
        match = new_match()
        first = heard(match)
        names = tuple("Player 2" if seat == SEAT else name for seat, name in enumerate(first.welcome.names))
        first = dataclasses.replace(first, welcome=dataclasses.replace(first.welcome, names=names))
        table = RemoteTable(first, builders, link=RemoteLink("ws://127.0.0.1:9/?v=3&code=KANTER", "Impostor"))
        table.take(dataclasses.replace(heard(match), welcome=first.welcome))
        i18n.set_language("ja")
        notices = []
        while isinstance(prompt := table.prompt(), Notice):
            notices.append(str(prompt.text))
        assert [text for text in notices if text.startswith("この対局には")] == [
            "この対局にはプレイヤー2として参加しています。席に着いたときの名前が対局の終わりまで使われます。"]
    finally:
        i18n.set_language(before)


def question_on_the_last_discard(hands: int = 2) -> Match:
    """At two seats, the hand's last discard (SEAT's) completes seat 0's hand: its ron question
    open, SEAT not asked, its view the hand at its end without a result (`Kyoku.seen_phase`)."""
    from tests.scenario_tools import build_all, drive
    from tests.test_kyoku import JUNK, SANSHOKU, start

    match = start(Rules.preset("kaiji", hands=hands), {0: SANSHOKU, 2: JUNK + "8s"})
    build_all(match, {0: SANSHOKU, 1: JUNK})
    drive(match, {SEAT: [None] * 16 + ["8s"]}, until_end=False)
    assert match.kyoku.phase is Phase.RON and match.kyoku.pending_ron == [1 - SEAT]
    return match


@pytest.mark.parametrize("answer", [Ron, Pass])
def test_after_the_last_discard_under_a_ron_question_the_table_waits_keeping_the_seats_own_tiles(builders, answer):
    """No result yet, none offered, nothing said of a question; the seat's own hand stays face
    up, as through the hand. The answer brings the result."""
    from game.app.words import i18n

    before = i18n.language()
    i18n.set_language("en")
    try:
        match = question_on_the_last_discard()
        table = RemoteTable(heard(match), builders)
        view = table.view(SEAT)
        assert view.phase is Phase.END and view.result is None
        frame = table.frame()
        assert not table.kyoku_over and table.mode() is TableMode.WATCH
        assert frame.centre.status == "Waiting for East (Host)" and frame.centre.announcement is None
        own = next(seat for seat in frame.seats if seat.seat == SEAT)
        assert frame.private is not None and frame.private.hand and not own.concealed and own.open_hand is None
        match.apply(answer(1 - SEAT))
        table.take(heard(match))
        assert table.kyoku_over and table.result_frame() is not None
    finally:
        i18n.set_language(before)


def test_news_of_the_next_hand_over_a_hand_ended_without_its_result_shows_that_hand(builders):
    """The connection was lost under the question on the last discard; back, the host is in the
    next hand: it is shown, as after any hand whose end this seat missed (no result to show:
    its view had none). The result was offered, and showing it failed on the missing result."""
    match = question_on_the_last_discard()
    table = RemoteTable(heard(match), builders)
    match.apply(Ron(1 - SEAT))
    match.next_kyoku()
    table.take(heard(match))
    assert not table.kyoku_over and table.shown_kyoku == 2 and table.view(SEAT).phase is not Phase.END
    table.frame()


def test_a_match_its_host_stopped_for_good_with_the_history_off_is_said_not_to_be_kept(builders):
    """With the match history off the keeping makes nothing (`keep` gives None): the title says
    the match was not kept, never that the history keeps it."""
    from game.net.table import record_text

    match = new_match(hands=2)
    table = RemoteTable(heard(match), builders, keep=lambda news: None)
    others_move(match)
    table.take(dataclasses.replace(heard(match), over=MatchOver(9, "stopped", tuple(match.scores)),
                                   record_text=record_text(match.record)))
    words = str(table.closed)
    assert words == ("The host has stopped the match for good: it cannot be continued. "
                     "Your match history is off: it was not kept.")


# The host's news in order, each after the motion of the one before (issue #32 point 3: "the
# client applies them in order, after its animations"): a scene's rhythm without a window.

FLIGHT_S = 0.28
"""A discard's flight at normal speed (game/app/window/animation.py `DISCARD_SECONDS`)."""
FRAME_S = 1 / 60


class Motion:
    """The table scene's rhythm, as game/app/scenes/table.py keeps it: each frame its tiles
    move on, then the table updates, and the last discard the update brings takes off for
    `flight_s` (those before it in the same update land at once), replacing the one in the
    air (the scene's `flight`)."""

    def __init__(self, table: RemoteTable, clock: Clock, flight_s: float = FLIGHT_S) -> None:
        self.table, self.clock, self.flight_s = table, clock, flight_s
        self.left = 0.0
        self.flights: list[tuple[int, bool]] = []
        """Each discard that took off: its seat, and whether the one before had landed."""
        table.animating = lambda: self.left > 0

    def frame(self, dt: float = FRAME_S) -> list[Discarded]:
        """One frame; the discards it brought."""
        self.clock.now += dt
        self.left = max(0.0, self.left - dt)
        discards = [event for event in self.table.update(dt, 0.0) if isinstance(event, Discarded)]
        if discards:
            self.flights.append((discards[-1].seat, self.left == 0))
            self.left = self.flight_s
        return discards


def move(match: Match, seat: int) -> None:
    """`seat`'s first legal move, passing rather than winning (the hand goes on)."""
    legal = match.kyoku.view_for(seat).legal_actions
    match.apply(next((action for action in legal if isinstance(action, Pass)), legal[0]))


def discard(match: Match) -> int:
    """The hand goes on to the next discard (the seats asked before it pass), which is made: its seat."""
    while match.kyoku.phase is not Phase.DISCARD:
        move(match, match.kyoku.waiting_on()[0])
    (seat,) = match.kyoku.waiting_on()
    move(match, seat)
    return seat


def at_the_seats_discard(preset: str = "kaiji") -> Match:
    match = Match(Rules.preset(preset, hands=1), seed=5)
    match.next_kyoku()
    while match.kyoku.phase is not Phase.DISCARD or match.kyoku.waiting_on() != [SEAT]:
        move(match, match.kyoku.waiting_on()[0])
    return match


def discards_heard(match: Match, count: int, clock: Clock) -> tuple[list[Heard], list[int]]:
    """The host's news of `count` discards, one piece each, come now; who made them."""
    news, seats = [], []
    for _ in range(count):
        seats.append(discard(match))
        news.append(heard(match, at=clock.now))
    return news, seats


def joined_with_motion(match: Match, builders, flight_s: float = FLIGHT_S) -> tuple[RemoteTable, Motion, Clock]:
    clock = Clock()
    clock.now = 500.0
    table = RemoteTable(heard(match, at=clock.now), builders, clock=clock)
    scene = Motion(table, clock, flight_s)
    scene.frame()  # the first view's events, and its motion over
    scene.left, scene.flights = 0.0, []
    return table, scene, clock


def test_two_discards_in_one_poll_fly_one_after_the_other_and_the_seats_decision_waits_for_the_last_to_land(
        builders):
    match = at_the_seats_discard()
    table, scene, clock = joined_with_motion(match, builders)
    news, seats = discards_heard(match, 2, clock)  # the seat's own, and the host's AI's at once after it
    assert seats == [SEAT, 0] and SEAT in match.kyoku.waiting_on()
    table.link = Link(news)
    assert [event.seat for event in scene.frame()] == [SEAT]
    frames = 0
    while not (later := scene.frame()):
        frames += 1
        assert len(table.view(SEAT).rivers[0]) == 0 and table.mode() is TableMode.WATCH  # not before it landed
        assert frames < 60
    assert [event.seat for event in later] == [0]
    assert (frames + 1) * FRAME_S >= FLIGHT_S
    assert scene.flights == [(SEAT, True), (0, True)]
    assert table.view(SEAT) == news[-1].view and table.mode() in (TableMode.DISCARD, TableMode.RON)
    assert table.held == []


@pytest.mark.parametrize("count", [2, 3, CATCH_UP_NEWS, CATCH_UP_NEWS + 1, 12])
@pytest.mark.parametrize("flight_s", [FLIGHT_S, 2 * FLIGHT_S])  # normal, slow
def test_a_burst_of_news_is_shown_in_order_each_discard_once_and_caught_up_within_a_bounded_time(builders, count,
                                                                                                flight_s):
    match = at_the_seats_discard("four_player")
    table, scene, clock = joined_with_motion(match, builders, flight_s)
    news, seats = discards_heard(match, count, clock)
    came = clock.now
    table.link = Link(news)
    shown: list[int] = []
    while table.view(SEAT) != news[-1].view:
        shown += [event.seat for event in scene.frame()]
        assert clock.now - came <= CATCH_UP_S + 2 * FRAME_S  # never further behind than that
    assert shown == seats and table.held == []
    if count <= CATCH_UP_NEWS and (count - 1) * flight_s < CATCH_UP_S:
        assert scene.flights == [(seat, True) for seat in seats]  # each flew whole, one after the other


def test_a_decision_held_behind_a_flight_has_its_clock_counted_from_when_its_news_came(builders):
    match = at_the_seats_discard()
    table, scene, clock = joined_with_motion(match, builders)
    news, _seats = discards_heard(match, 2, clock)
    came = clock.now
    limit = news[-1].time_left_s(SEAT)
    assert limit is not None and limit > 10
    table.link = Link(news)
    while not scene.frame():  # the seat's own discard
        pass
    while not scene.frame():  # the host's, asking the seat's move
        assert table.countdown() is None
    assert table.countdown() == pytest.approx(limit - (clock.now - came))
    assert clock.now - came >= FLIGHT_S


def test_a_whole_view_from_the_host_replaces_the_news_of_its_hand_held_before_it(builders):
    match = at_the_seats_discard("four_player")
    table, scene, clock = joined_with_motion(match, builders)
    news, seats = discards_heard(match, 3, clock)
    table.link = Link(news)
    assert [event.seat for event in scene.frame()] == seats[:1]
    assert len(table.held) == 2
    news, more = discards_heard(match, 2, clock)
    table.link = Link([dataclasses.replace(news[-1], whole=True)])  # a resync: the seat missed a message
    scene.frame()
    assert len(table.held) == 1 and table.held[0].whole
    later: list[int] = []
    while table.view(SEAT) != news[-1].view:
        later += [event.seat for event in scene.frame()]
    assert later == seats[1:] + more  # every discard told once, those held before it with the whole view
    assert scene.flights == [(seats[0], True), (more[-1], True)]  # ...at once, after the first landed


def test_news_of_the_next_hand_while_the_last_discard_flies_waits_for_the_result_and_is_not_replaced(builders):
    match = new_match(hands=2)
    clock = Clock()
    table = RemoteTable(heard(match, at=clock.now), builders, clock=clock)
    scene = Motion(table, clock)
    scene.frame()
    ended = []
    while match.kyoku.phase is not Phase.END:
        others_move(match)
        if match.kyoku.phase is not Phase.END:
            move(match, SEAT)
        ended.append(heard(match, at=clock.now))
    match.next_kyoku()
    begun = dataclasses.replace(heard(match, at=clock.now), whole=True)
    table.link = Link([*ended[-2:], begun])
    for _ in range(60):
        scene.frame()
    assert table.kyoku_over and table.shown_kyoku == begun.kyoku_number - 1  # the end, its result to be read
    assert table.waiting == [begun] and table.next_begun()
    table.next_kyoku()
    assert table.shown_kyoku == begun.kyoku_number


def test_news_held_when_the_connection_dropped_does_not_bring_back_the_clock_of_before_the_drop(builders):
    """The host restarted (Continue) gives the decision its own time, more than was left: its
    clock rules, not that of the news held behind a flight when the connection went."""
    match = at_the_seats_discard()
    table, scene, clock = joined_with_motion(match, builders)
    news, _seats = discards_heard(match, 2, clock)
    table.link = Link([*news, Reconnecting(1)])
    scene.frame()
    assert table.reconnecting
    for _ in range(30):
        scene.frame()
    table.link.news = [heard(match, at=clock.now, time_left_s=100.0)]
    scene.frame()
    assert table.countdown() == pytest.approx(100.0, abs=0.1)  # (less the frame since it came)


def test_a_next_pressed_on_one_hands_result_is_not_taken_for_the_next_results(builders):
    """Next on hand 1's result tells the host the player read that one only: when hand 2's
    result comes up, the host is told nothing until the player presses Next again, and the
    result stays up while the connection is down (player test: after one Next, every later
    result closed under the joiner at the host's Next)."""
    match = new_match(hands=3)
    table = RemoteTable(heard(match), builders)
    link = table.link = SentLink([])
    for number in (1, 2):
        play_to_end(match, table)
        table.take(heard(match))
        reading = Reading(0, number, tuple(s == SEAT for s in range(2)), 60.0)
        table.take(dataclasses.replace(heard(match), reading=reading))
        assert link.sent == [Ready(n) for n in range(1, number)]  # none for this result yet
        table.show_result()
        assert not table.next_begun()
        if number == 2:
            link.news = [Reconnecting(1)]
            assert not table.next_begun()  # unread, it stays up while the table tries again
        table.close_result()
        table.next_kyoku()
        match.next_kyoku()
        table.take(heard(match))
    assert link.sent == [Ready(1), Ready(2)]


def test_at_a_continued_match_the_host_waits_for_the_joiners_next_on_every_result(builders):
    """Player test: the host's window closed mid-hand, Continue, the joiner back; from the
    second result on, the host's result said at once that everyone else was ready, and its
    Next closed the joiner's result unread. The host's table (its people here, as a window's)
    and the joined table over the wire: each result waits for the joiner's own Next."""
    match = new_match(hands=5)
    while match.kyoku_number < 2:  # hand 1 played before the host's window closed
        others_move(match, seat=-1)
        match.next_kyoku()
    while match.kyoku.phase is not Phase.DISCARD:  # mid-hand 2
        match.apply(match.kyoku.view_for(match.kyoku.waiting_on()[0]).legal_actions[0])
    link = RemoteLink("ws://127.0.0.1:9/", "Guest")  # never started: its messages are handed over below
    continued = HostedTable(match, ("Host", "Guest"), (None, None), (SEAT,), tokens={SEAT: "t"})
    continued.table.people_here = (0,)
    continued.table.transport = LinkWire(link)
    link.send = lambda item: continued.table.received(SEAT, item)  # type: ignore[method-assign]
    continued.host.inbox.put(Inbound(SEAT, "joined", token="t"))  # back at the reopened table
    continued.poll()
    table = RemoteTable(next(n for n in link.poll() if n.view is not None), builders, link=link)
    continued.begin()
    continued.retell()
    for number in (2, 3, 4):
        others_move(match, seat=-1)
        continued.changed()  # the hand's end: its settlement, and the reading begins
        table.update(0.0, 0.0)
        table.show_result()
        assert continued.table.reading is not None and continued.table.reading[0] == number
        assert continued.table.not_ready == {0, SEAT}, f"hand {number}: the host does not wait for the joiner"
        continued.table.ready(0, number)  # the host's Next
        assert continued.table.reading_left() > 0 and not table.next_begun()
        table.close_result()  # the joiner's Next
        assert continued.table.reading_left() == 0
        table.next_kyoku()
        continued.table.end_reading()
        match.next_kyoku()
        continued.changed()
        table.update(0.0, 0.0)
