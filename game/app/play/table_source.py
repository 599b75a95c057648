"""What the table scene reads and drives: one protocol for a table played at this computer
(`LocalTable`, the `TableController` over a `Session`) and one joined over the network
(`RemoteTable`, the seat's views as the host sends them). The scene draws the frame either
gives and hands the viewer's moves to `play`; it never asks which it has."""

from __future__ import annotations

from typing import Protocol

from game.app.play.builder import BuildState
from game.app.play.helper import BuildHelper, HelperReport
from game.app.play.result_frame import ResultFrame
from game.app.play.result_reading import ResultGate
from game.app.play.session import Notice
from game.app.play.table_controller import RonOffer
from game.app.play.table_frame import TableFrame
from game.app.play.table_mode import TableMode
from game.app.words.i18n import Later
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.kyoku import SeatView
from game.engine.rules import Rules


class TableSource(Protocol):
    viewer: int | None
    bottom: int
    builds: dict[int, BuildState]
    helpers: dict[int, BuildHelper]

    @property
    def rules(self) -> Rules: ...

    @property
    def busy(self) -> bool:
        """Work in the background (a hand completed at the deadline) or nothing to show yet."""
        ...

    @property
    def kyoku_over(self) -> bool:
        """The kyoku has ended and is settled: its result can open."""
        ...

    @property
    def shown_kyoku(self) -> int: ...

    @property
    def match_over(self) -> bool: ...

    @property
    def drawn(self) -> bool:
        """The kyoku shown ended without a win (or has not ended)."""
        ...

    @property
    def shown_private_seat(self) -> int | None: ...

    @property
    def waits_for_screen(self) -> bool:
        """Its clocks stop while this screen is covered (a dialog, the menu): a table of this
        computer alone. A joined table's clock is the host's, and one with seats at other
        computers runs on for their people."""
        ...

    @property
    def closed(self) -> Later | None:
        """Why the table closed under the player (a joined table's host gone), in the words
        of the language of the moment."""
        ...

    def close(self) -> None:
        """The scene leaves: let go of what the table holds (a joined table's connection)."""
        ...

    def view(self, seat: int) -> SeatView: ...

    def mode(self) -> TableMode: ...

    def countdown(self) -> float | None: ...

    def helper_report(self) -> HelperReport | None: ...

    def place(self, seat: int) -> int: ...

    def wall_place(self, wall: int) -> int: ...

    def update(self, dt: float, delay_s: float) -> list[Event]: ...

    def play(self, seat: int, action: Action) -> list[Event]: ...

    def prompt(self) -> Notice | RonOffer | None: ...

    def curtain_for(self) -> int | None: ...

    def cover(self, seat: int) -> None: ...

    def lift_curtain(self, seat: int) -> None: ...

    def next_change(self, delay_s: float) -> float | None: ...

    def run_clock(self, dt: float) -> float | None: ...

    def show_result(self) -> None: ...

    def result_frame(self) -> ResultFrame: ...

    def result_gate(self) -> ResultGate | None: ...

    def next_kyoku(self) -> None: ...

    def frame(self) -> TableFrame: ...
