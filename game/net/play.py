"""A remote seat's clock: how long a seat played at another computer has for a decision,
as every screen shows it, and when its stand-in moves.

No seat holds the table for ever: a remote seat that has not moved when its clock runs out
(the rules' build or discard time, else `move_time_s`) is moved for by its stand-in, as a
person who does not move is at a local table (docs/rules.md §3.6). The one loop that runs
these clocks, for the window's host and the headless host alike, is `TableTurns`
(game/app/play/table_turns.py); a joined screen counts the same time down.
"""

from __future__ import annotations

from game.engine.kyoku import Phase
from game.engine.rules import Rules

DELAY_GRACE_S = 1.0
"""Added to a remote seat's clock: its action travels back over the network."""


def seat_time_limit(rules: Rules, phase: Phase, move_time_s: float) -> float:
    """A remote seat's time for a decision, as every screen shows it: the rules' build or
    discard time, else `move_time_s` (the dora flip, a discard without a limit, the ron question)."""
    limit = {Phase.BUILD: rules.build_time_s, Phase.DISCARD: rules.discard_time_s}.get(phase)
    return float(limit) if limit is not None else move_time_s

