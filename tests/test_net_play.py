"""The headless host's loop: a remote seat that does not move is moved for by its stand-in
when its clock runs out, at every decision it owes (issue #32 point 6)."""

from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.net.play import MatchLoop
from game.net.protocol import Resync, Snapshot, Update
from game.net.table import NetTable, RemoteSeat

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


@pytest.mark.parametrize(("phase", "preset"), [
    (Phase.DORA, "kaiji"), (Phase.BUILD, "kaiji"), (Phase.DISCARD, "kaiji"), (Phase.RON, "kaiji"),
    (Phase.BUILD, "four_player"),
])
def test_an_idle_remote_seat_is_moved_for_when_its_clock_runs_out_and_not_before(phase, preset):
    match, seat = match_at(phase, preset)
    remote = {seat: RemoteSeat(seat, "Idle")}
    players = {s: remote.get(s) or make_agent("easy", s) for s in range(match.rules.players)}
    clock, lines = Clock(), []
    table = NetTable(match, tuple(f"P{s}" for s in range(match.rules.players)), (None,) * match.rules.players, remote,
                     Silent())
    loop = MatchLoop(match, players, table, wait=lambda timeout: None, move_time_s=MOVE_TIME_S,
                     report=lines.append, clock=clock, grace_s=1.0)
    limit = {Phase.BUILD: match.rules.build_time_s}.get(phase) or MOVE_TIME_S
    kyoku = match.kyoku

    def owes() -> bool:
        return seat in kyoku.waiting_on() and kyoku.phase is phase

    for _ in range(20):  # the other seats move; the idle one is still waited for
        loop.step()
    assert owes()
    clock.now = limit + 0.9
    loop.step()
    assert owes()
    clock.now = limit + 1.1
    for _ in range(5):
        loop.step()
        if not owes():
            break
    assert not owes()
    assert any("stand-in moves" in line for line in lines)
    if phase is Phase.RON:  # the stand-in takes a ron the rules allow (it clears the floor)
        assert any(line.get("action") == "ron" for line in match.record)


def test_a_seat_gone_past_the_reconnection_window_is_moved_for_without_its_clock():
    match, seat = match_at(Phase.DISCARD, "kaiji")
    remote = {seat: RemoteSeat(seat, "Gone")}
    players = {s: remote.get(s) or make_agent("easy", s) for s in range(match.rules.players)}
    gone = set()
    table = NetTable(match, ("P0", "P1"), (None, None), remote, Silent())
    loop = MatchLoop(match, players, table, wait=lambda timeout: None, move_time_s=MOVE_TIME_S,
                     clock=Clock(), given_up=gone.__contains__)
    discards = len(match.kyoku.rivers[seat])
    loop.step()
    assert seat in match.kyoku.waiting_on()  # its clock has not run: waited for
    gone.add(seat)
    loop.step()
    assert len(match.kyoku.rivers[seat]) == discards + 1


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
    remote = {seat: RemoteSeat(seat, "Idle")}
    players = {s: remote.get(s) or make_agent("easy", s) for s in range(match.rules.players)}
    clock, transport = Clock(), Recording()
    table = NetTable(match, ("P0", "P1"), (None, None), remote, transport)
    loop = MatchLoop(match, players, table, wait=lambda timeout: None, move_time_s=MOVE_TIME_S, clock=clock)
    limit = {Phase.BUILD: match.rules.build_time_s}.get(phase) or MOVE_TIME_S
    table.joined(seat, "token")
    assert transport.time_left(seat) == limit  # not asked yet: its whole time
    for _ in range(5):
        loop.step()  # asked now; the other seat builds meanwhile
    clock.now = 12.5
    table.received(seat, Resync())
    assert transport.time_left(seat) == pytest.approx(limit - 12.5)
    clock.now = limit + 0.5  # in the grace for its move's way back: 0, never below
    table.received(seat, Resync())
    assert transport.time_left(seat) == 0.0
