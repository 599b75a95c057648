"""The AI: pure Python, no pygame; each player sees only its own seat's view (the seat
interface, `Player`, is the engine's: game/engine/player.py)."""

from game.ai.agents import LEVELS, make_agent

__all__ = ["LEVELS", "make_agent"]
