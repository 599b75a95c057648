"""The AI seats' players, and the stand-in that moves for a person whose time ran out.

How and when their moves are played (in the background, after the adjustable AI pause;
at once without a window) is the seats' loop's (game/app/play/table_turns.py), the same
for every seat.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import Action
from game.engine.kyoku import SeatView
from game.engine.player import Player

STAND_IN_LEVEL = "normal"  # docs/rules.md §3.6: at the discard deadline, the normal AI's choice


def make_agents(humans: tuple[int, ...], players: int, level_of: Callable[[int], str],
                seed: int) -> dict[int, Player]:
    """An agent of its chosen level for every seat nobody at the screen plays."""
    from game.ai import make_agent

    return {seat: make_agent(level_of(seat), seed + seat) for seat in range(players) if seat not in humans}


class FirstLegal:
    """Plays the hand's first legal action: the stand-in when no AI is installed."""

    name = "first legal"

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def make_stand_in(seed: int) -> Player:
    try:
        from game.ai import make_agent
    except ImportError:
        return FirstLegal()
    return make_agent(STAND_IN_LEVEL, seed)
