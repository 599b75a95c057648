"""What the viewer's input means at the table now: the mode the controller reads from the
seat's view, the frame carries, and the scene turns clicks and keys by."""

from __future__ import annotations

from enum import StrEnum

from game.engine.kyoku import Phase


class TableMode(StrEnum):
    DORA = "dora"
    """Flip the dora: a click on a side-wall tile."""
    BUILD = "build"
    """Choose 13 of the seat's 34 tiles."""
    DISCARD = "discard"
    """Throw a tile of the pool."""
    RON = "ron"
    """Answer the ron question."""
    WATCH = "watch"
    """Nothing to do: another seat's move, a stand-in's, the AI thinking, or the theatre."""


MODE_OF_PHASE = {Phase.DORA: TableMode.DORA, Phase.BUILD: TableMode.BUILD, Phase.DISCARD: TableMode.DISCARD,
                 Phase.RON: TableMode.RON}
"""The mode of a seat the hand waits for, by the hand's phase."""
