"""The table at this computer as the table scene reads it (table_source.py): the
`TableController`, with what the scene asks of the match read from its `Session`."""

from __future__ import annotations

from game.app.play.table_controller import TableController
from game.engine.kyoku import SeatView
from game.engine.rules import Rules


class LocalTable(TableController):
    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def busy(self) -> bool:
        return self.session.busy

    @property
    def kyoku_over(self) -> bool:
        return self.session.kyoku_over

    @property
    def shown_kyoku(self) -> int:
        return self.session.match.kyoku_number

    @property
    def match_over(self) -> bool:
        return self.session.match.over

    @property
    def drawn(self) -> bool:
        result = self.session.kyoku.result
        return result is None or result.drawn

    def view(self, seat: int) -> SeatView:
        return self.session.view(seat)

    @property
    def closed(self) -> str | None:
        """A table at this computer never closes under its players."""
        return None

    def close(self) -> None:
        """Nothing to let go: the match is saved after every move."""
