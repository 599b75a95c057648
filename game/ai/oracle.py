"""The oracle: a reference agent that sees the opponents' hands. Never a playable level.

It builds like the normal level and discards a tile that lets an opponent ron only when
every remaining tile does, so the arena can measure how far a level's deal-in rate is
from the least that perfect knowledge allows.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from game.ai.agents import NormalAgent
from game.engine.actions import Discard
from game.engine.events import RonOffered
from game.engine.kyoku import Kyoku, SeatView


class OracleAgent(NormalAgent):
    name = "oracle"

    def __init__(self, seed: int, table: Callable[[], Kyoku]) -> None:
        super().__init__(seed)
        self.table = table

    def discard(self, view: SeatView, options: list[Discard]) -> Discard:
        hand = self.table()
        safe = [action for action in options if not deals_in(hand, action)]
        return super().discard(view, safe or options)


def deals_in(kyoku: Kyoku, action: Discard) -> bool:
    """Whether `action` would let an opponent ron, tried on a copy of the table."""
    trial = copy.deepcopy(kyoku)
    return any(isinstance(event, RonOffered) for event in trial.apply(action))
