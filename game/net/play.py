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


def clock_phase(rules: Rules, phase: Phase) -> Phase:
    """The decision whose clock a decision of `phase` runs on: its own, but at a table of two
    a ron question shares one clock with the asked seat's following discard (docs/rules.md
    §3.6). It starts at the discard the question answers and a pass leaves the rest of it for
    the discard, so the other seat, which sees that discard's turn from the start
    (`Kyoku.seen_phase`), sees its clock run down as for any turn."""
    return Phase.DISCARD if phase is Phase.RON and rules.players == 2 else phase


def seat_time_limit(rules: Rules, phase: Phase, move_time_s: float) -> float:
    """A remote seat's time for a decision, as every screen shows it: the rules' build or
    discard time, else `move_time_s` (the dora flip, a discard without a limit, the ron
    question); at a table of two the ron question's is its following discard's (`clock_phase`)."""
    limit = {Phase.BUILD: rules.build_time_s, Phase.DISCARD: rules.discard_time_s}.get(clock_phase(rules, phase))
    return float(limit) if limit is not None else move_time_s

