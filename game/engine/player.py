"""The seat interface: how whoever plays a seat is asked for its moves, the same for an AI,
a person at the screen, a stand-in and a seat played from elsewhere.

A player sees its seat's `SeatView` (`Hand.view_for(seat)`) and nothing else: the tiles
that seat holds, what every seat may see, and the legal actions. It answers with one of
`view.legal_actions` (while building, `BuildHand` of any 13 tiles of its own wall). The
driver (the table's loop, `TableTurns` in game/app/play/table_turns.py, which the window and
the headless host both step; the arena; the lab) asks only a seat the hand waits
for, one decision at a time, and plays the answer through the referee; an answer that the
table has overtaken meanwhile is refused there and the seat is asked again.

How the table's loop drives each kind:

- `Player` (an AI): `act(view)` may think for seconds. It is called once per decision
  away from the loop's thread — discards and ron decisions in a worker thread, the
  choice of a hand in a worker process (the player is copied there with the view, and
  what it learns there does not come back) — and its answer is played once it is done
  and the AI pause has passed. It may keep memory between decisions; it is never asked
  two at once.
- `ImmediatePlayer`, a base to subclass (the person at the screen, a stand-in, a seat
  whose moves arrive from outside): its move is decided elsewhere. The loop calls
  `ready()` on its own thread at every step while the seat is waited for, and once
  it is true calls `act(view)` there too, which must answer at once (it raises LookupError
  if it has no move after all, and is asked again later). Both must be quick and must not
  block. While every seat it waits for is such a player and not ready, the window sleeps:
  a move that arrives on another thread is handed over behind a lock and then wakes the
  window (`wake_window` in game/app/window/wake.py, which any thread may call).

The clocks (the time limits, the stand-in at a deadline) are the loop's: a player
never needs one.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol

from game.engine.actions import Action
from game.engine.kyoku import SeatView


class Player(Protocol):
    """Whoever plays a seat; `act` may take its time (the driver runs it in the background)."""

    name: str
    """What the player is called in the logs (the screens name a seat from its seat plan)."""

    def act(self, view: SeatView) -> Action:
        """Choose one of `view.legal_actions` (or, while building, any 13 tiles of the wall)."""
        ...


class ImmediatePlayer(Player):
    """A player whose move is decided outside the call: asked whether it has one (`ready`),
    then for it, at once, on the driver's thread. Declared by subclassing, so that the driver
    tells it from a `Player` with `isinstance` (a nominal check: quick at every update)."""

    @abstractmethod
    def ready(self) -> bool:
        """Whether `act` has a move to give now."""

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """The move decided; raises LookupError when there is none after all."""


class GivenMove(ImmediatePlayer):
    """A player whose move is handed in from outside (`give`): the person at this screen
    by the input controls, a person at another computer by their client."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._move: Action | None = None

    def give(self, action: Action) -> None:
        self._move = action

    def ready(self) -> bool:
        return self._move is not None

    def act(self, view: SeatView) -> Action:
        move, self._move = self._move, None
        if move is None:
            raise LookupError(f"seat {view.seat} has no move given yet")
        return move
