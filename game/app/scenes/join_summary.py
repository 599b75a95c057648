"""The end of a match played at another computer's table, as the summary of a match at
this computer shows it (game/app/views/match_summary.py): the final standings and why it
ended, as the host announced them, every hand's payments, as the host settled them; then a
rematch at the same table, the match again in the theatre (from the record the host sent
at its end, the one this computer's history keeps), or the title."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.app.history.match_history import joined_plan
from game.app.play.joining import Looking, code_of, key_for
from game.app.play.remote_table import RemoteTable
from game.app.play.seat_keys import read_keys, table_of
from game.app.scene import Scene, Screens, Services
from game.app.views.match_summary import MatchEnd, SummarySheet, relabel_buttons, summary_buttons
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD, WARN
from game.app.window.wake import wake_window
from game.app.words.i18n import Message, _
from game.engine.record import MAX_RECORD_BYTES, RecordError, parse_record, replay
from game.engine.rules import Rules
from game.net.client import look_at_table
from game.net.protocol import Settled

KEEPING_LOOK_S = 0.1
REMATCH_LOOK_S = 5.0
"""How often the summary looks at its table for the host's rematch (a look counts in the host's
limit of join attempts an address may make a minute: this leaves room for the Rematch's own)."""


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
        self.record = _readable(heard.record_text)
        """The match's record as its host sent it (empty: none came, or it cannot be read)."""
        self.settlements = settled_hands(self.record, self.rules) or heard.settlements
        """Every hand's payments as the host's summary lists them: from its record, which holds
        the hands played before the host continued the match too (this connection was told of
        those after it only); the settlements told, when no record came."""
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
        self.key = key_for(read_keys(app.files.seat_keys_folder), table_of(*self.table_at)) \
            if self.table_at is not None else ""
        """The seat key kept for the table: its looks name it (by its digest), so that the host
        knows this player is still here and this summary learns of a rematch kept for them."""
        self.looking: Looking | None = None
        self.look_in = 0.0
        """Seconds until the next look at the table (`REMATCH_LOOK_S`)."""
        self.asked = False
        """The host has opened a rematch that keeps this player's seat."""

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
        self._look_for_rematch(dt)

    def _look_for_rematch(self, dt: float) -> None:
        """A look at the table now and then, with the seat's key (in a thread: never waits):
        the host's summary keeps it closed (`match_over`), its rematch opens it with this seat
        kept. A host of before the look's `yours` never says so: nothing is shown."""
        if self.table_at is None or not self.key or self.asked:
            return
        looking = self.looking
        if looking is not None:
            if not looking.done:
                return
            self.looking = None
            look = looking.table
            self.asked = look is not None and look.yours == self.seat and not look.started
            if self.asked:
                return
        self.look_in -= dt
        if self.looking is None and self.look_in <= 0:
            self.look_in = REMATCH_LOOK_S
            address, code = self.table_at
            self.looking = Looking(address, code, partial(look_at_table, key=self.key), on_done=wake_window)

    def rematch_words(self) -> str | None:
        """What the summary says once the host asks for a rematch (None: not yet). The host,
        never a name: the other person may be another joiner of a host without a window (its
        `--keep` opens the rematch itself), and nothing the host tells says which seat is its own."""
        if not self.asked:
            return None
        return _("The host asks for a rematch: press Rematch to sit down again.")

    def next_change(self) -> float | None:
        """A look now and then while the match is being kept (to say if it could not be), and
        at the table until the host asks for a rematch (the look wakes the window when it is
        over); else None: the key guard's time needs no frame of its own (the window counts
        the time passed up to the moment an input is handled)."""
        if self.keeping is not None:
            return KEEPING_LOOK_S
        if self.table_at is not None and self.key and not self.asked:
            return max(self.look_in, KEEPING_LOOK_S) if self.looking is None else None
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.guard.blocks(event):
            self.ring.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.not_kept is not None:
            self.sheet().draw(surface, str(self.not_kept), WARN)
        else:
            self.sheet().draw(surface, self.rematch_words(), GOLD)
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


def settled_hands(record: list[dict[str, Any]], rules: Rules) -> tuple[Settled, ...]:
    """Each hand's settlement as the engine settles the host's record, in order; none when
    the record does not replay to its end without a divergence, or is of a table of other
    rules (it comes from another computer: only what the engine makes of it is shown)."""
    if not record:
        return ()
    try:
        report = replay(record)
    except RecordError:
        return ()
    if not report.ok or report.match is None or report.match.rules != rules:
        return ()
    return tuple(Settled(0, s.kyoku_number, s.gains, s.scores, s.stake, s.next_stake)
                 for s in report.match.settlements)
