"""The end of a match at this computer: who finished ahead, why it ended, and every hand's
payments (game/app/views/match_summary.py, drawn alike for a joined match); then a
rematch, the match again in the theatre, or the title."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.app.play.helper import release_memory
from game.app.play.match_setup import new_session
from game.app.play.savegame import HostedSeats
from game.app.play.session import Session
from game.app.scene import Scene, Screens, Services
from game.app.views.match_summary import MatchEnd, SummarySheet, relabel_buttons, summary_buttons
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import WARN
from game.app.words.i18n import _

if TYPE_CHECKING:
    from game.net.hosting import HostedTable

log = logging.getLogger(__name__)

YOU = "You"
"""The name the seat plan gives the one person at a table against the AI (as saved)."""
REMATCH_STOP_S = 5.0
"""The longest the old table takes to close before a rematch opens (a client that does not
read is closed without its last messages)."""
CLOSING_LOOK_S = 0.05
"""How often the summary looks whether the old table has closed (the frames go on meanwhile)."""


class SummaryScene(Scene):
    def __init__(self, app: Services, screens: Screens, session: Session) -> None:
        super().__init__(app)
        self.screens = screens
        self.session = session
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}
        # It follows the last result unbidden: a second Enter meant for that result must not
        # press Title before the final standings were seen.
        self.guard = KeyGuard()
        # The match's walls and wins, memoised as its AI and results scored them in this
        # process, are no use to the next: kept, a session grew by a megabyte or two a match.
        release_memory()
        self.reopening: tuple[Session, HostedSeats, HostedTable] | None = None
        """A rematch at the same table, opened once the old table (the third) has closed (`rematch`)."""
        self.closed = threading.Event()
        """Set once the old table's stop for the rematch is over, well or not (`failure`)."""
        self.failure = ""
        """Why the old table could not be closed for the rematch (said on the summary)."""

    def enter(self) -> None:
        self.buttons = summary_buttons(self.app.manager, self.ring, self.elements,
                                       {"rematch": self.rematch, "watch": self.watch, "to_title": self.to_title})

    def relabel(self) -> None:
        relabel_buttons(self.buttons)

    def to_title(self) -> None:
        self.screens.title()

    def rematch(self) -> None:
        """The same seats and rules (the match's own, whatever Settings now hold), a new seed.
        At a hosted table, the same table: its code, its port and its seats' tokens, so that
        the same people take their seats again (Join again, their seat keys kept)."""
        old = self.session.net
        if self.reopening is not None:
            return  # pressed again while the old table closes
        session = new_session(self.app.files, self.app, self.session.plan, rules=self.session.match.rules)
        if old is None or not session.plan.remote:
            self.screens.table(session)
            return
        # The old table closes off the frame loop (a client that does not read would hold the
        # window for seconds); the rematch's opens on its port once it has (`update`).
        if not old.begin_stop():
            return  # the table is closing for good already
        self.reopening = (session, HostedSeats(old.host.code, old.host.port, old.host.tokens()), old)
        for button in self.buttons.values():
            button.disable()
        threading.Thread(target=self._close, args=(old,), name="net-stop", daemon=True).start()

    def _close(self, old: HostedTable) -> None:
        """The old table closed for the rematch (on a thread of its own): a failure is logged
        and said on the summary, never a rematch waited for in silence."""
        try:
            old.stop(reopening=True, within_s=REMATCH_STOP_S)
        except Exception as error:  # any: the summary must hear of it
            log.exception("the table could not be closed for the rematch")
            self.failure = str(error) or type(error).__name__
        finally:
            self.closed.set()

    def watch(self) -> None:
        """This match in the theatre, as the history keeps it; Back returns here."""
        self.screens.watch_match(self.session.match.record, self.session.plan.to_dict())

    def next_change(self) -> float | None:
        """A look now and then while the old table closes for a rematch; else None: the key
        guard's time needs no frame of its own (the window counts the time passed up to the
        moment an input is handled)."""
        return CLOSING_LOOK_S if self.reopening is not None else None

    def update(self, dt: float) -> None:
        self.guard.tick(dt)
        if self.reopening is None or not self.closed.is_set():
            return
        session, seats, _old = self.reopening
        if self.failure:  # no rematch here: the title and the theatre are still open
            self.reopening = None
            for name, button in self.buttons.items():
                if name != "rematch":
                    button.enable()
            return
        self.screens.table(session, seats)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guard.blocks(event) or self.reopening is not None:
            return True
        return self.ring.handle_event(event)

    def sheet(self) -> SummarySheet:
        session = self.session
        match = session.match
        players = match.rules.players
        you = next((seat for seat, name in enumerate(session.plan.names) if name == YOU), None)
        return SummarySheet(self.app.text, MatchEnd(
            [session.name(seat) for seat in range(players)], match.scores, match.end_reason or "",
            match.settlements, match.record, match.rules.settlement == "stakes", you))

    @property
    def heading(self) -> str:
        return self.sheet().heading

    def draw(self, surface: pygame.Surface) -> None:
        # Translators: the host's summary after Rematch, while its table closes to open again
        if self.reopening is not None:  # every button off until the rematch opens: no focus shown
            self.sheet().draw(surface, _("Opening the rematch at your table…"))
            return
        if self.failure:
            # Translators: {reason} is the system's words, in English
            self.sheet().draw(surface, _("The rematch could not be opened: the table did not close ({reason}).").format(
                reason=self.failure), WARN)
        else:
            self.sheet().draw(surface)
        self.ring.draw_focus(surface)
