"""The end of a match played at another computer's table, as the summary of a match at
this computer shows it (game/app/views/match_summary.py): the final standings and why it
ended, as the host announced them, every hand's payments, as the host settled them; then a
rematch at the same table, the match again in the theatre (from the record the host sent
at its end, the one this computer's history keeps), or the title."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.app.history.match_history import joined_plan
from game.app.play.joining import code_of
from game.app.play.remote_table import RemoteTable
from game.app.scene import Scene, Screens, Services
from game.app.views.match_summary import MatchEnd, SummarySheet, relabel_buttons, summary_buttons
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import WARN
from game.app.words.i18n import Message
from game.engine.record import MAX_RECORD_BYTES, RecordError, parse_record

KEEPING_LOOK_S = 0.1


class JoinedSummaryScene(Scene):
    def __init__(self, app: Services, screens: Screens, table: RemoteTable) -> None:
        super().__init__(app)
        self.screens = screens
        heard = table.heard
        over = heard.over
        self.scores = over.scores if over is not None else table.standings()
        self.reason = over.reason if over is not None else ""
        self.names = tuple(table.names())
        self.seat = table.seat
        self.rules = table.rules
        self.settlements = heard.settlements
        self.record = _readable(heard.record_text)
        """The match's record as its host sent it (empty: none came, or it cannot be read)."""
        self.plan = joined_plan(self.seat, heard.welcome.names, heard.welcome.levels)
        """Who played which seat, as this computer's history keeps the match."""
        self.keeping = table.keeping
        """The match being kept in this computer's history (join.py)."""
        self.not_kept: Message | None = None
        """Why the match is not in the history, when it could not be kept."""
        self.table_at = (table.address, code_of(table.link.link.uri)) if table.link is not None and table.address \
            else None
        """Where the match was played (address, code): its Rematch joins there again."""
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}
        self.guard = KeyGuard()

    def enter(self) -> None:
        actions = {"to_title": self.screens.title}
        if self.record:
            actions["watch"] = self.watch
        if self.table_at is not None:
            actions["rematch"] = lambda: self.screens.rejoin(*self.table_at)
        self.buttons = summary_buttons(self.app.manager, self.ring, self.elements, actions)

    def relabel(self) -> None:
        relabel_buttons(self.buttons)

    def watch(self) -> None:
        """The match in the theatre from the host's record, every hand open, the seats named
        as this computer's history names them; Back returns here."""
        self.screens.watch_match(self.record, self.plan)

    def sheet(self) -> SummarySheet:
        return SummarySheet(self.app.text, MatchEnd(
            self.names, self.scores, self.reason, self.settlements, self.record, self.rules.settlement == "stakes",
            self.seat, bottom=self.seat))

    @property
    def heading(self) -> str:
        """The same words as the summary of a match at this computer."""
        return self.sheet().heading

    def update(self, dt: float) -> None:
        self.guard.tick(dt)
        keeping = self.keeping
        if keeping is not None and keeping.done():
            self.keeping = None
            self.not_kept = keeping.result()

    def next_change(self) -> float | None:
        """A look now and then while the match is being kept (to say if it could not be);
        else None: the key guard's time needs no frame of its own (the window counts the
        time passed up to the moment an input is handled)."""
        return KEEPING_LOOK_S if self.keeping is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.guard.blocks(event):
            self.ring.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.sheet().draw(surface, str(self.not_kept) if self.not_kept is not None else None, WARN)
        self.ring.draw_focus(surface)


def _readable(text: str | None) -> list[dict[str, Any]]:
    """The record's lines, or none when the host sent none or one that cannot be read (the
    history's keeping says why: `keep_joined`)."""
    if text is None or len(text) > MAX_RECORD_BYTES:
        return []
    try:
        return parse_record(text, "the host's record")
    except RecordError:
        return []
