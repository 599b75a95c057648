"""The one interface every seat's player has, AI or human: a view in, an action out."""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action
from game.engine.hand import SeatView


class Player(Protocol):
    name: str

    def act(self, view: SeatView) -> Action:
        """Choose one of `view.legal_actions` (or, while building, any 13 tiles of the wall)."""
        ...
