"""The host's waiting room without a window or a network: who sits where, who has joined,
when Start is allowed, an empty remote seat given to the AI, and the plan the match is
played with."""

from __future__ import annotations

import pytest

from game.app.play.session import PERSON, REMOTE, SeatPlan
from game.app.play.waiting_room import AI, HERE, JOINED, LEFT, LENT, LOOKING, OPEN, RoomSeat, WaitingRoom
from game.engine.player import GivenMove


class Seats:
    """The hosted table as the room reads it: remote seats, who is connected, who took one."""

    def __init__(self, remote: tuple[int, ...]) -> None:
        self.remote = {seat: GivenMove(f"Player {seat + 1}") for seat in remote}
        self.present: set[int] = set()
        self.ever: set[int] = set()
        self.looked: set[int] = set()
        self.lent: dict[int, str] = {}
        self.refuse_fill = False

    def join(self, seat: int, name: str) -> None:
        self.remote[seat].name = name
        self.present.add(seat)
        self.ever.add(seat)
        self.lent.pop(seat, None)

    def connected(self, seat: int) -> bool:
        return seat in self.present

    def taken(self, seat: int) -> bool:
        return seat in self.ever

    def looking(self, seat: int) -> bool:
        return seat in self.looked and seat not in self.present

    def give_to_ai(self, seat: int, level: str) -> bool:
        if self.refuse_fill:
            return False
        if seat in self.ever:  # its person's: lent until they are back (HostedTable.give_to_ai)
            self.lent[seat] = level
        else:
            del self.remote[seat]
        return True

    def lent_to_ai(self, seat: int) -> bool:
        return seat in self.lent

    def lent_level(self, seat: int) -> str | None:
        return self.lent.get(seat)


def room(seats: tuple[str, ...]) -> tuple[WaitingRoom, Seats]:
    plan = SeatPlan.table(seats)
    net = Seats(plan.remote)
    return WaitingRoom(plan, net, "hard"), net


@pytest.mark.parametrize(("seats", "states"), [
    (("you", REMOTE), [HERE, OPEN]),
    (("you", REMOTE, "easy", PERSON), [HERE, OPEN, AI, HERE]),
    (("you", "normal", "normal"), [HERE, AI, AI]),
])
def test_each_seat_is_here_an_ai_or_waits_for_another_computer(seats, states):
    waiting, _net = room(seats)
    assert [row.state for row in waiting.seats()] == states


def test_start_waits_for_every_remote_seat_and_shows_who_joined():
    waiting, net = room(("you", REMOTE, "easy", REMOTE))
    assert not waiting.can_start and waiting.joined == 0
    net.join(1, "Kaiji")
    assert not waiting.can_start and waiting.joined == 1
    assert (waiting.seats()[1].state, waiting.seats()[1].name) == (JOINED, "Kaiji")
    net.join(3, "Tonegawa")
    assert waiting.can_start and waiting.joined == 2
    net.present.discard(3)  # gone again: Start waits for them (their token brings them back)
    assert not waiting.can_start and waiting.seats()[3].state == LEFT


def test_a_person_who_looks_at_the_table_with_their_seats_key_is_told_apart_from_one_who_has_left():
    """At a rematch, a joined summary looks at the table now and then: its person has not
    pressed Rematch yet, which the room says instead of "has left"; the AI may still take it."""
    waiting, net = room(("you", REMOTE))
    net.join(1, "Kaiji")
    net.present.discard(1)
    assert waiting.seats()[1].state == LEFT
    net.looked.add(1)
    assert waiting.seats()[1].state == LOOKING and waiting.can_fill(1) and not waiting.can_start
    net.present.add(1)  # Rematch pressed: seated
    assert waiting.seats()[1].state == JOINED and waiting.can_start


def test_an_empty_remote_seat_is_given_to_the_ai_but_not_a_taken_one():
    waiting, net = room(("you", REMOTE, REMOTE))
    net.join(1, "Kaiji")
    assert not waiting.can_fill(1) and not waiting.fill(1)
    assert waiting.can_fill(2) and waiting.fill(2)
    assert waiting.seats()[2].state == AI and waiting.seats()[2].level == "hard"
    assert waiting.can_start  # the one remote seat left is taken


def test_a_seat_taken_while_the_host_gave_it_away_stays_remote():
    waiting, net = room(("you", REMOTE))
    net.refuse_fill = True  # a client took it on the network's thread meanwhile
    assert not waiting.fill(1) and waiting.seats()[1].state == OPEN


def test_the_match_is_played_with_the_joined_names_and_the_seats_given_to_the_ai():
    waiting, net = room(("you", REMOTE, "easy", REMOTE))
    net.join(1, "Kaiji")
    waiting.fill(3)
    plan = waiting.plan_at_start()
    assert plan.names == ("Player 1", "Kaiji", "Easy AI", "Hard AI")
    assert plan.remote == (1,) and plan.humans == (0,)
    assert [plan.level(seat) for seat in (2, 3)] == ["easy", "hard"]
    assert SeatPlan.from_dict(plan.to_dict()) == plan


def test_a_seat_whose_person_left_is_lent_to_the_ai_and_stays_theirs_in_the_plan():
    """Someone took it: they hold its token. The AI plays it until they are back; the match
    is played with it as their remote seat (saved so, Continue offers it to them)."""
    waiting, net = room(("you", REMOTE, REMOTE))
    net.join(1, "Kaiji")
    net.join(2, "Tonegawa")
    net.present.discard(1)
    assert waiting.can_fill(1) and waiting.fill(1)
    assert waiting.seats()[1] == LENT_ROW and not waiting.can_fill(1) and waiting.can_start
    assert net.lent == {1: "hard"}  # played by the AI of the room's level meanwhile
    plan = waiting.plan_at_start()
    assert plan.remote == (1, 2) and plan.names[1] == "Kaiji" and plan.levels[1] is None
    net.join(1, "Kaiji")  # back with the token, still in the room
    assert waiting.seats()[1].state == JOINED and waiting.can_start


LENT_ROW = RoomSeat(1, LENT, "Kaiji", "hard")
