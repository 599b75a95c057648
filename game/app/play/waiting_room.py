"""The host's waiting room: who sits where while the people at other computers join.

Pure: it reads the hosted table (who is connected, under which name) and the seat plan the
new-table screen made, and says what the room shows and whether the match may start. The
host screen (game/app/scenes/host.py) draws it and turns its buttons into `give_to_ai` and
`plan_at_start`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from game.app.play.session import SeatPlan
from game.engine.player import Player

HOST_PORT = 17017
"""The port a window hosts on (the joiner's default, game/net/client.py); any free one when it is taken."""
HERE = "here"
"""A person at this computer."""
AI = "ai"
OPEN = "open"
"""A remote seat nobody has taken yet."""
JOINED = "joined"
LEFT = "left"
"""A remote seat whose person has gone; they may come back (their token keeps the seat)."""
LOOKING = "looking"
"""A remote seat whose person is not here but looks at the table with the seat's key: at a
rematch, still on the last match's end (game/app/scenes/join_summary.py looks now and then)."""
LENT = "lent"
"""A remote seat whose person has gone, given to the AI until they are back (their token
takes it back, in the room or during the match)."""


@dataclass(frozen=True)
class HostOptions:
    """How the window hosts: the address it listens on (None: every address of this
    computer), the port, and whether the table is announced on the local network."""

    bind: str | None = None
    port: int = HOST_PORT
    discovery: bool = True


def join_address(address: str, port: int) -> str:
    """An address and port as the join command and the Join screen read them: an IPv6
    address in brackets (`[::1]:17017`), else `host:port`."""
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


class RemoteSeats(Protocol):
    """What the room reads of the hosted table (game/net/hosting.py `HostedTable`)."""

    @property
    def remote(self) -> Mapping[int, Player]: ...

    def connected(self, seat: int) -> bool: ...

    def taken(self, seat: int) -> bool: ...

    def looking(self, seat: int) -> bool: ...

    def give_to_ai(self, seat: int, level: str) -> bool: ...

    def lent_to_ai(self, seat: int) -> bool: ...

    def lent_level(self, seat: int) -> str | None: ...


@dataclass(frozen=True)
class RoomSeat:
    seat: int
    state: str
    """`HERE`, `AI`, `OPEN`, `JOINED`, `LOOKING`, `LEFT` or `LENT`."""
    name: str
    """The seat's name as the plan keeps it (shown with `session.shown_name`); a joined
    person's own name."""
    level: str | None = None
    """An AI seat's level; a `LENT` seat's, the level of the AI that plays it meanwhile."""


class WaitingRoom:
    def __init__(self, plan: SeatPlan, seats: RemoteSeats, fill_level: str) -> None:
        self.plan = plan
        self.net = seats
        self.fill_level = fill_level
        """The AI level an empty remote seat is given to."""
        self.filled: dict[int, str] = {}
        """The seats no one ever took, given to the AI for the match, and their AI level."""

    def seats(self) -> list[RoomSeat]:
        rows = []
        for seat, name in enumerate(self.plan.names):
            if seat in self.plan.humans:
                rows.append(RoomSeat(seat, HERE, name))
            elif seat in self.filled:
                rows.append(RoomSeat(seat, AI, _ai_name(self.filled[seat]), self.filled[seat]))
            elif seat in self.net.remote:
                state = self._remote_state(seat)
                rows.append(RoomSeat(seat, state, self.net.remote[seat].name,
                                     self.net.lent_level(seat) if state == LENT else None))
            else:
                level = self.plan.level(seat)
                rows.append(RoomSeat(seat, AI, name, level))
        return rows

    def _remote_state(self, seat: int) -> str:
        if self.net.connected(seat):
            return JOINED
        if self.net.lent_to_ai(seat):
            return LENT
        if self.net.looking(seat):
            return LOOKING
        return LEFT if self.net.taken(seat) else OPEN

    def can_fill(self, seat: int) -> bool:
        """An empty remote seat (never taken, or left) may be played by the AI instead."""
        return seat in self.net.remote and not self.net.connected(seat) and not self.net.lent_to_ai(seat)

    def fill(self, seat: int) -> bool:
        """Give an empty remote seat to the AI of `fill_level` (False when someone has just
        taken it): for the match when no one ever took it, else until its person is back
        (`LENT`: it stays theirs, a remote seat of the plan, played by that AI meanwhile)."""
        if not self.can_fill(seat) or not self.net.give_to_ai(seat, self.fill_level):
            return False
        if seat not in self.net.remote:
            self.filled[seat] = self.fill_level
        return True

    @property
    def can_start(self) -> bool:
        """Every remote seat is taken by a connected person, or lent to the AI."""
        return all(self.net.connected(seat) or self.net.lent_to_ai(seat) for seat in self.net.remote)

    @property
    def joined(self) -> int:
        return sum(self.net.connected(seat) for seat in self.net.remote)

    def plan_at_start(self) -> SeatPlan:
        """The plan the match is played with: the joined people's names, the seats no one
        took given to the AI as AI seats of their level (a lent seat stays its person's)."""
        names = list(self.plan.names)
        levels = list(self.plan.levels or (None,) * len(names))
        for seat, player in self.net.remote.items():
            names[seat] = player.name
        for seat, level in self.filled.items():
            names[seat], levels[seat] = _ai_name(level), level
        remote = tuple(seat for seat in self.plan.remote if seat not in self.filled)
        ai = [level for level in levels if level is not None]
        return replace(self.plan, names=tuple(names), levels=tuple(levels), remote=remote,
                       ai_level=self.plan.ai_level or (ai[0] if ai else None))


def _ai_name(level: str) -> str:
    """An AI seat's name as `SeatPlan.table` gives it (kept in English, shown translated)."""
    return f"{level.capitalize()} AI"
