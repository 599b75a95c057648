"""Joining a table on another computer: the tables announced on the local network, listed
by themselves (press one to fill in its address), or an address typed in, and the join
code the host's players say. While the host waits for its other players the joined seat
and the host's rules are shown; the table opens with the first view. A refusal, a host that
does not answer or one that went away is one sentence here (game/app/play/joining.py); the
network runs in threads of its own and the frame loop only reads what they found."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextEntryLine

from game.app.history.match_history import keep_joined
from game.app.play.joining import (
    REMATCH_PATIENCE_S,
    Interfaces,
    Joining,
    LanTables,
    address_problem,
    code_problem,
    table_line,
)
from game.app.play.remote_link import Heard, RemoteLink
from game.app.play.remote_table import RemoteTable
from game.app.scene import Scene, Screens, Services
from game.app.views.felt import draw_felt
from game.app.window.fitting import fits_in
from game.app.window.menu_keys import ButtonRing
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.window.wake import wake_window
from game.app.words.i18n import Message, _
from game.app.words.rule_texts import rules_summary
from game.net.server import JOIN_CODE_LENGTH

LEFT = 140
WIDTH = 1000
LIST_TOP = 196
ROW_PITCH = 52
TABLES_SHOWN = 4
FIELDS_TOP = 470
CODE_LEFT = LEFT + 640
LOOK_AGAIN_S = 0.5
"""How often the list of tables is read while the screen is idle (the browser's snapshot)."""
LIST_TYPE = 18


class Field(UITextEntryLine):
    """A line to type in, in the screen's keyboard ring: having the focus means typing."""

    def select(self) -> None:
        self.ui_manager.set_focus_set(self)

    def unselect(self) -> None:
        if self.is_focused:
            self.ui_manager.set_focus_set(None)


class JoinScene(Scene):
    def __init__(self, app: Services, screens: Screens, discovery: Interfaces | None,
                 make_link: Callable[[str, str, str], RemoteLink] | None = None,
                 rematch: tuple[str, str] | None = None) -> None:
        """`discovery`: where to look for tables (None: not at all). `rematch`: the address
        and code of the table just played at, joined again at once (the seat key takes the
        same seat) and knocked at until its host opens the rematch."""
        super().__init__(app)
        self.screens = screens
        self.lan = LanTables(discovery) if discovery is not None else None
        self.make_link = make_link or (lambda uri, name, token: RemoteLink(uri, name, token, on_news=wake_window))
        self.address = ""
        self.code = ""
        self.joining: Joining | None = None
        self.sentence: str | None = None
        """What the last attempt came to (a refusal, no answer), or why the fields cannot be joined."""
        self.listed: list[tuple[str, str]] = []
        """(address, line) of each table listed now."""
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton | Field] = {}
        if rematch is not None:
            self.address, self.code = rematch
            self.join(REMATCH_PATIENCE_S)

    # --- elements ---------------------------------------------------------------------

    def enter(self) -> None:
        fits = fits_in(self.app.text, LIST_TYPE, WIDTH - 24)
        for index, (address, line) in enumerate(self.listed[:TABLES_SHOWN]):
            shown = line if fits(line) else line[:60] + "…"
            self._button(f"table_{index}", shown, (LEFT, LIST_TOP + index * ROW_PITCH, WIDTH, 44),
                         lambda a=address: self.choose(a), "@small_button")
        self._field("address", self.address, pygame.Rect(LEFT, FIELDS_TOP, CODE_LEFT - 20 - LEFT, 44),
                    "192.168.1.20:17017")
        self._field("code", self.code, pygame.Rect(CODE_LEFT, FIELDS_TOP, LEFT + WIDTH - CODE_LEFT, 44), "")
        self.buttons["code"].set_text_length_limit(JOIN_CODE_LENGTH + 2)
        self._button("join", _("Join"), (LEFT, 620, (WIDTH - 10) // 2, 48), self.join)
        self._button("back", _("Back (Esc)"), (LEFT + (WIDTH + 10) // 2, 620, (WIDTH - 10) // 2, 48), self.back)
        if self.joining is not None:
            self.buttons["join"].disable()
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int], action: Callable[[], None],
                look: str = "@menu_button") -> None:
        button = UIButton(pygame.Rect(rect), label, self.app.manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id=look))
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def _field(self, name: str, text: str, rect: pygame.Rect, placeholder: str) -> None:
        field = Field(rect, self.app.manager, placeholder_text=placeholder, object_id=ObjectID(object_id=f"#{name}"))
        field.set_text(text)
        self.elements.append(field)
        self.buttons[name] = field
        self.ring.add(field, field.select)

    def _rebuild(self) -> None:
        focused = self.ring.focused()
        name = next((n for n, b in self.buttons.items() if b is focused), None)
        self.leave()
        self.ring = ButtonRing()
        self.buttons = {}
        self.enter()
        if name in self.buttons:
            wanted = self.buttons[name]
            self.ring.focus_on(next(i for i, (b, _action) in enumerate(self.ring.entries) if b is wanted))

    def relabel(self) -> None:
        self._rebuild()

    def uncover(self) -> None:
        self._rebuild()

    # --- what the player does -----------------------------------------------------------

    def choose(self, address: str) -> None:
        """A listed table: its address filled in, the code still to be typed."""
        self.address = address
        self.sentence = None
        self._rebuild()
        code = self.buttons["code"]
        self.ring.focus_on(next(i for i, (b, _action) in enumerate(self.ring.entries) if b is code))
        if isinstance(code, Field):
            code.select()

    def join(self, patience_s: float = 0.0) -> None:
        if self.joining is not None:
            return
        self.sentence = address_problem(self.address) or code_problem(self.code)
        if self.sentence is not None:
            return
        names = self.app.settings.table_names
        self.joining = Joining(self.address, self.code, names[0] if names else "", self.make_link,
                               keys=self.app.files.seat_keys_folder, patience_s=patience_s)
        if "join" in self.buttons:
            self.buttons["join"].disable()

    def back(self) -> None:
        if self.joining is not None:
            self.joining.close()
            self.joining = None
        self.app.stack.pop()

    def leave(self) -> None:
        super().leave()
        if self.app.stack.top is not self and self not in self.app.stack.scenes:
            self._stop_looking()

    def _stop_looking(self) -> None:
        if self.lan is not None:
            self.lan.close()
            self.lan = None

    # --- frames -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._list_tables()
        joining = self.joining
        if joining is None:
            return
        joining.poll()
        if joining.failed is not None:
            self.sentence = joining.failed.sentence
            joining.close()
            self.joining = None
            self.buttons["join"].enable()
        elif joining.ready is not None:
            self._stop_looking()
            self.joining = None  # the table owns the link now
            self.app.notice = None  # what the last match's end said is old news at a new table
            self.screens.joined_table(RemoteTable(joining.ready, self.app.analysis_pool, self.app.executor,
                                                  link=joining.link, address=joining.address,
                                                  backlog=joining.backlog, keep=self.keep_match))

    def keep_match(self, heard: Heard) -> Future[Message | None]:
        """The joined match into this computer's history, from the record its host sent (in
        the background: a long record is replayed before it is kept)."""
        app, over = self.app, heard.over
        assert over is not None
        return app.executor.submit(keep_joined, app.files, heard.record_text, heard.welcome.seat,
                                   heard.welcome.names, heard.welcome.levels, over.scores, app.settings, app.executor)

    def _list_tables(self) -> None:
        if self.lan is None:
            return
        listed = [(found.address, table_line(found)) for found in self.lan.tables()]
        if listed != self.listed:
            self.listed = listed
            self._rebuild()

    def next_change(self) -> float | None:
        """The list of tables is looked at twice a second (its browser does not wake the window)."""
        return LOOK_AGAIN_S if self.lan is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.buttons.get("address"):
                self.address = event.ui_element.get_text()
            elif event.ui_element is self.buttons.get("code"):
                self.code = event.ui_element.get_text()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:  # Enter: the address leads to the code, the code joins
            if event.ui_element is self.buttons.get("code"):
                self.join()
            else:
                self.ring.focus_on((self.ring.focus + 1) % len(self.ring.entries))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and self._typing() and event.key not in (pygame.K_UP, pygame.K_DOWN):
            return True  # typed into the field: not a menu key
        return self.ring.handle_event(event)

    def _typing(self) -> bool:
        return any(isinstance(b, Field) and b.is_focused for b in self.buttons.values())

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, _("Join a table"), 48, GOLD, (640, 70), "midtop", bold=True)
        text.draw(surface, _("Tables on this network:"), 18, SOFT, (LEFT, LIST_TOP - 32))
        if self.lan is None:
            looking = _("Looking for tables on this network is off: type the host's address.")
        elif self.lan.failed:
            looking = _("This network cannot be searched for tables: type the host's address.")
        else:
            looking = _("Looking for tables… (press one to fill in its address)")
        if not self.listed:
            text.draw(surface, looking, 17, INK, (LEFT, LIST_TOP + 10))
        text.draw(surface, _("Address (host:port)"), 16, SOFT, (LEFT, FIELDS_TOP - 26))
        text.draw(surface, _("Join code"), 16, SOFT, (CODE_LEFT, FIELDS_TOP - 26))
        y = FIELDS_TOP + 62
        for line in self._state_lines():
            for row in text.wrap(line[0], 17, WIDTH):
                text.draw(surface, row, 17, line[1], (LEFT, y))
                y += 24
        self.ring.draw_focus(surface)

    def _state_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        joining = self.joining
        if joining is None:
            return [(self.sentence, WARN)] if self.sentence else []
        if joining.waiting_for_host:
            return [(_("Waiting for the host at {address} to open the rematch…").format(address=joining.address),
                     INK)]
        if joining.not_reopened and joining.seated is None:
            # Translators: Join again with the seat's key, after the host's computer crashed or its player left
            return [(_("The host at {address} has not reopened the table yet: you take your seat again when they "
                       "continue the match. Trying again…").format(address=joining.address), INK)]
        if joining.seated is None:
            return [(_("Connecting to {address}…").format(address=joining.address), INK)]
        welcome = joining.seated.welcome
        seated = _("Seated at seat {seat} of {players}; waiting for the host to start the match.").format(
            seat=welcome.seat + 1, players=welcome.rules.players)
        return [(seated, INK), (_("The host's rules: {summary}").format(summary=rules_summary(welcome.rules)), SOFT)]
