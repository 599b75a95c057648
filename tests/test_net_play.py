"""The seats' one loop (`TableTurns`) with nobody at the screen, as the headless host steps
it: a remote seat that does not move is moved for by its stand-in when its clock runs out,
at every decision it owes (issue #32 point 6)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from game.ai.agents import make_agent
from game.app.play.hosted_match import AtOnce, HostedMatch
from game.app.play.session import SeatPlan, Session
from game.app.play.table_turns import TableTurns
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.net.client import _Decider, join_uri
from game.net.hosting import HostedTable
from game.net.play import seat_time_limit
from game.net.protocol import Act, HostMessage, MatchOver, Reading, Ready, Resync, Settled, Snapshot, Update
from game.net.seat_link import SeatLink
from game.net.server import Inbound
from game.net.table import READING_TIME_S

MOVE_TIME_S = 30.0


class Silent:
    """A transport to clients that never answer."""

    def send(self, seat, make) -> None:
        make(1)

    def connected(self, seat: int) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def match_at(phase: Phase, preset: str) -> tuple[Match, int]:
    """A match whose hand waits for a seat's decision in `phase` (played by easy AIs)."""
    for seed in range(200):
        match = Match(Rules.preset(preset, hands=1), seed)
        kyoku = match.next_kyoku()
        agents = [make_agent("easy", s) for s in range(match.rules.players)]
        for _ in range(300):
            if kyoku.phase is phase:
                return match, kyoku.waiting_on()[0]
            if kyoku.phase is Phase.END:
                break
            seat = kyoku.waiting_on()[0]
            match.apply(agents[seat].act(kyoku.view_for(seat)))
    raise AssertionError(f"no deal reached the {phase} phase")


def unattended(match: Match, seat: int, clock: Clock, transport: Silent | None = None,
               ) -> tuple[TableTurns, HostedTable, list[str]]:
    """The loop at a table whose `seat` is played at another computer (its client connected
    through `transport`, by default one that never answers), the others by easy AIs."""
    players = match.rules.players
    names = tuple(f"P{s}" for s in range(players))
    levels = tuple(None if s == seat else "easy" for s in range(players))
    hosted = HostedTable(match, names, levels, (seat,), clock=clock)  # never started: no socket is opened
    hosted.table.transport = transport or Silent()
    hosted.move_time_s = MOVE_TIME_S
    agents = {s: make_agent("easy", s) for s in range(players) if s != seat}
    session = Session(match, SeatPlan.unattended(names, levels, (seat,)), {**agents, **hosted.remote}, AtOnce())
    session.net = hosted
    lines: list[str] = []
    return TableTurns(session, AtOnce(), report=lines.append), hosted, lines


@pytest.mark.parametrize(("phase", "preset"), [
    (Phase.DORA, "kaiji"), (Phase.BUILD, "kaiji"), (Phase.DISCARD, "kaiji"), (Phase.RON, "kaiji"),
    (Phase.BUILD, "four_player"), (Phase.RON, "three_player"),
])
def test_an_idle_remote_seat_is_moved_for_when_its_clock_runs_out_and_not_before(phase, preset):
    match, seat = match_at(phase, preset)
    clock = Clock()
    turns, _hosted, lines = unattended(match, seat, clock)
    limit = {Phase.BUILD: match.rules.build_time_s}.get(phase) or MOVE_TIME_S
    kyoku = match.kyoku

    def owes() -> bool:
        return seat in kyoku.waiting_on() and kyoku.phase is phase

    for _ in range(20):  # the other seats move; the idle one is still waited for
        turns.update(0.0, 0.0)
    assert owes()
    clock.now = limit + 0.9
    turns.update(0.0, 0.0)
    assert owes()
    clock.now = limit + 1.1
    for _ in range(5):
        turns.update(0.0, 0.0)
        if not owes():
            break
    assert not owes()
    late = f"seat {seat} (P{seat}) did not move in time: its stand-in moves"
    if phase is Phase.RON and match.rules.players == 2:
        # The question's clock was its discard's: a pass, then the discard at once, out of time too.
        for _ in range(3):  # the stand-in thinks, then discards
            turns.update(0.0, 0.0)
        actions = [(line.get("action"), line.get("seat")) for line in match.record if line["type"] == "action"]
        assert actions[-2:] == [("pass", seat), ("discard", seat)]
        assert lines == [late, late]
        return
    assert lines == [late]
    if phase is Phase.RON:  # the stand-in takes a ron the rules allow (it clears the floor)
        assert any(line.get("action") == "ron" for line in match.record)


def test_a_seat_gone_past_the_reconnection_window_is_moved_for_without_its_clock():
    match, seat = match_at(Phase.DISCARD, "kaiji")
    clock = Clock()
    turns, hosted, lines = unattended(match, seat, clock)
    discards = len(match.kyoku.rivers[seat])
    turns.update(0.0, 0.0)
    assert seat in match.kyoku.waiting_on()  # its clock has not run: waited for
    hosted.host.inbox.put(Inbound(seat, "left"))
    turns.update(0.0, 0.0)
    clock.now += hosted.reconnect_window_s
    for _ in range(3):
        turns.update(0.0, 0.0)
    assert len(match.kyoku.rivers[seat]) == discards + 1
    assert lines == []  # not late: gone, and said so to every screen


class Recording(Silent):
    """A transport that keeps what it sends."""

    def __init__(self) -> None:
        self.sent: list = []

    def send(self, seat, make) -> None:
        self.sent.append(make(len(self.sent) + 1))

    def time_left(self, seat: int) -> float | None:
        """The time left for `seat`'s decision the latest view carried."""
        return next(m for m in reversed(self.sent) if isinstance(m, Snapshot | Update)).clocks[seat]


@pytest.mark.parametrize("phase", [Phase.DORA, Phase.BUILD, Phase.DISCARD, Phase.RON])
def test_the_messages_asking_a_remote_seat_carry_its_time_left_on_the_loops_clock(phase):
    match, seat = match_at(phase, "kaiji")
    clock, transport = Clock(), Recording()
    turns, hosted, _lines = unattended(match, seat, clock, transport)
    limit = {Phase.BUILD: match.rules.build_time_s}.get(phase) or MOVE_TIME_S
    hosted.table.joined(seat, "token")
    assert transport.time_left(seat) == limit  # its whole time, from the moment it is told
    for _ in range(5):
        turns.update(0.0, 0.0)  # asked now; the other seat builds meanwhile
    clock.now = 12.5
    hosted.table.received(seat, Resync())
    assert transport.time_left(seat) == pytest.approx(limit - 12.5)
    clock.now = limit + 0.5  # in the grace for its move's way back: 0, never below
    hosted.table.received(seat, Resync())
    assert transport.time_left(seat) == 0.0


def test_the_headless_host_plays_the_match_to_its_end_reporting_each_hand():
    """`HostedMatch` steps the same loop with nobody at the screen: each hand dealt, its
    result reported, the clients told the match's end."""
    transport = Recording()
    lines: list[str] = []
    hosted = HostedMatch(Rules.preset("kaiji", hands=2), ["easy", "person"], 5, report=lines.append)
    hosted.table.transport = transport  # never started: no socket is opened
    hosted.table.joined(1, "token")
    far = make_agent("easy", 9)

    def its_client_answers(_timeout: float) -> None:
        if hosted.table.reading is not None:
            hosted.table.received(1, Ready(hosted.table.reading[0]))
        kyoku = hosted.match.kyoku
        if kyoku is not None and 1 in kyoku.waiting_on() and not hosted.remote[1].ready():
            hosted.table.received(1, Act(far.act(kyoku.view_for(1))))

    hosted.wait = its_client_answers
    hosted.play(most_steps=20_000)
    assert hosted.match.over
    assert [line.split(":")[0] for line in lines] == ["hand 1", "hand 2"]
    assert lines[-1].endswith("scores " + ", ".join(f"{s:g}" for s in hosted.match.scores))
    assert isinstance(transport.sent[-1], MatchOver)
    assert not any("stand-in" in line for line in lines)


@pytest.mark.parametrize(("under_way", "refusal"), [(False, "table_full"), (True, "match_started")])
def test_a_stranger_at_a_rematch_finds_the_table_full_and_at_a_continued_match_that_it_has_started(under_way,
                                                                                                   refusal):
    """Both tables keep their seats for the people with their tokens; only the continued
    one is a match under way."""
    from websockets.sync.client import connect

    from game.net.protocol import PROTOCOL_VERSION, Hello, Refused, read_host_message, write_message

    match = Match(Rules.preset("kaiji", hands=1), 3)
    if under_way:
        match.next_kyoku()
    hosted = HostedTable(match, ("P1", "P2"), (None, None), (1,), "KANTER", tokens={1: "a" * 32})
    hosted.start()
    try:
        uri = f"ws://127.0.0.1:{hosted.host.port}/?v={PROTOCOL_VERSION}&code=KANTER"
        with connect(uri, open_timeout=30, close_timeout=1, proxy=None) as stranger:
            stranger.send(write_message(Hello("Stranger", "")))
            told = read_host_message(stranger.recv(timeout=10))
        assert isinstance(told, Refused) and told.code == refusal
    finally:
        hosted.stop()


class ReadsTheResult(_Decider):
    """A joined seat played by an AI whose person reads each result a while before pressing
    Next (Ready), without holding up the news meanwhile: what it heard, in order."""

    def __init__(self, seat: int) -> None:
        super().__init__(make_agent("easy", 11).act, lambda mirror: None)
        self.seat = seat
        self.heard_in_order: list[tuple[str, int]] = []
        self.own_clocks: dict[int, list[float]] = {}
        """By hand, the seat's own time left as each message of the hand told it."""
        self.readings: list[Reading] = []
        self.tasks: set[asyncio.Task[None]] = set()

    async def heard(self, link: SeatLink, message: HostMessage) -> None:
        if isinstance(message, Snapshot | Update):
            self.heard_in_order.append(("view", message.kyoku_number))
            if message.clocks and message.clocks[self.seat] is not None:
                self.own_clocks.setdefault(message.kyoku_number, []).append(message.clocks[self.seat])
        if isinstance(message, Settled):
            self.heard_in_order.append(("result", message.kyoku_number))
            task = asyncio.get_running_loop().create_task(self._next_after_reading(link, message.kyoku_number))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        if isinstance(message, Reading):
            self.readings.append(message)
            return  # the person's own Next, not the script's at once
        await super().heard(link, message)

    async def _next_after_reading(self, link: SeatLink, kyoku_number: int) -> None:
        await asyncio.sleep(0.3)
        self.heard_in_order.append(("next", kyoku_number))
        await link.ready(kyoku_number)


def test_over_the_network_the_next_hand_and_its_build_clock_begin_only_after_the_joiner_presses_next():
    """A headless host and a joined seat on 127.0.0.1: the host deals the next hand only
    once the joiner has closed the result (the AI seat has no person to wait for), so the
    joiner's build clock starts after its Next, whole; every Reading names who is waited for."""
    rules = Rules.preset("kaiji", hands=2)
    lines: list[str] = []
    hosted = HostedMatch(rules, ["easy", "person"], 5, report=lines.append, move_time_s=MOVE_TIME_S)
    hosted.start()
    host = threading.Thread(target=lambda: hosted.wait_for_players(30) and hosted.play(most_steps=20_000), daemon=True)
    try:
        host.start()
        reader = ReadsTheResult(1)
        uri = join_uri(f"127.0.0.1:{hosted.host.port}", hosted.host.code)
        mirror = asyncio.run(asyncio.wait_for(SeatLink(uri, "Joiner", "", (0.2,)).run(reader), 120))
        host.join(30)
    finally:
        hosted.close()
        host.join(30)
        hosted.stop()
    assert hosted.match.over and mirror.over is not None
    order = reader.heard_in_order
    assert order.index(("next", 1)) < order.index(("view", 2))
    assert max(reader.own_clocks[2]) == pytest.approx(seat_time_limit(rules, Phase.BUILD, MOVE_TIME_S), abs=5)
    first, last = reader.readings[0], reader.readings[-1]
    assert (first.kyoku_number, first.waiting) == (1, (False, True)) and 0 < first.time_left <= READING_TIME_S
    assert (last.kyoku_number, last.waiting) == (1, (False, False))
