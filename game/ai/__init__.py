"""The AI: pure Python, no pygame; each player sees only its own seat's view."""

from game.ai.agents import LEVELS, make_agent
from game.ai.player import Player

__all__ = ["LEVELS", "Player", "make_agent"]
