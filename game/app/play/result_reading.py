"""The wait for the next hand in network play, in words: a hand's result is read on every
screen, and the next hand begins when every person at the table has closed it (pressed
Next) or when the reading time is up (game/net/table.py `READING_TIME_S`). No clock of the
next hand runs before it begins. Pure: made from who the host says the table waits for."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from game.app.play.result_frame import list_separator
from game.app.play.table_frame import shown_seconds
from game.app.words.i18n import _


class ResultGate(Protocol):
    """A networked table's side of the result screen: the scene closes by itself when the
    next hand begins."""

    def close_result(self) -> None:
        """The person here pressed Next: the host is told."""
        ...

    def next_begun(self) -> bool:
        """The next hand has begun, or may begin now (the result screen closes)."""
        ...

    def reading_words(self, closed: bool) -> str | None:
        """The countdown to the next hand, and after Next who it still waits for."""
        ...


def reading_words(names: Sequence[str], waiting: Sequence[bool], own: Collection[int], closed: bool,
                  left: float) -> str:
    """`waiting`: by seat, whether the next hand waits for its person; `own`: the seats
    played at this screen (no longer waited for once `closed`); `left`: the reading time."""
    seconds = shown_seconds(max(0.0, left))
    time = f"{seconds // 60}:{seconds % 60:02d}"
    others = [names[seat] for seat, wait in enumerate(waiting) if wait and not (closed and seat in own)]
    if closed and others:
        # Translators: after Next on a hand's result in network play; {names} are the players who have
        # not closed theirs yet, {time} the reading time left (m:ss), after which the next hand begins anyway
        return _("Waiting for {names} to be ready ({time})").format(names=list_separator().join(others), time=time)
    if closed:
        return _("The next hand begins…")
    if own and not any(wait and seat not in own for seat, wait in enumerate(waiting)):
        # Everyone else has pressed Next: they wait for this screen alone, and it should say so.
        # Translators: on a hand's result in network play, every other player has pressed Next; {time} is m:ss
        return _("Everyone else is ready: the next hand begins when you press Next (or in {time})").format(time=time)
    # Translators: on a hand's result in network play; {time} is m:ss
    return _("The next hand begins in {time}, or when everyone is ready").format(time=time)
