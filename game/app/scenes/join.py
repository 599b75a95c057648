"""Joining a table on another computer: the player's name (the one the new-table screen
keeps), the tables announced on the local network, listed by themselves (press one to fill
in its address), or an address typed in, and the join code the host's players say; the
name, address and code last sat down with are offered again. Join first looks at the table
without sitting down: the host's rules in short (Rules: the whole page of them) and who
sits where; Sit down takes a seat. While the host waits for its other players the joined
seat and the host's rules are shown; the table opens with the first view. A refusal, a host
that does not answer or one that went away is one sentence here
(game/app/play/joining.py); the network runs in threads of its own and the frame loop only
reads what they found."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.history.match_history import keep_joined, keep_left
from game.app.play.joining import (
    REMATCH_PATIENCE_S,
    Interfaces,
    Joining,
    LanTables,
    Looking,
    address_problem,
    code_problem,
    ended_sentence,
    holds_key,
    key_for,
    name_problem,
    rules_lines,
    seat_lines,
    sit_problem,
    table_line,
)
from game.app.play.remote_link import Heard, RemoteLink
from game.app.play.remote_table import RemoteTable
from game.app.play.seat_keys import read_keys, table_of
from game.app.scene import Scene, Screens, Services
from game.app.settings import LONGEST_ADDRESS, LONGEST_CODE
from game.app.views.felt import draw_felt
from game.app.window.fitting import fits_in
from game.app.window.menu_keys import LEAVE_FIELD_KEYS, ButtonRing
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.window.text_field import TextField
from game.app.window.wake import wake_window
from game.app.words.i18n import Message, _, ngettext
from game.app.words.rule_texts import rules_summary
from game.engine.names import LONGEST_NAME
from game.net.client import look_at_table
from game.net.protocol import TableLook
from game.net.server import JOIN_CODE_LENGTH

LEFT = 140
WIDTH = 1000
LIST_TOP = 196
ROW_PITCH = 52
TABLES_SHOWN = 4
FIELDS_TOP = 470
ADDRESS_LEFT = LEFT + 300
CODE_LEFT = LEFT + 760
SEAT_PITCH = 26
RULES_WIDTH = CODE_LEFT - 20 - LEFT
"""The host's rules in short wrap short of the Rules button beside them."""
LOOK_AGAIN_S = 0.5
"""How often the list of tables is read while the screen is idle (the browser's snapshot)."""
LIST_TYPE = 18
FIELDS = ("name", "address", "code")
"""The fields in the order Enter goes through them; Enter in the last one joins."""


class JoinScene(Scene):
    def __init__(self, app: Services, screens: Screens, discovery: Interfaces | None,
                 make_link: Callable[[str, str, str], RemoteLink] | None = None,
                 rematch: tuple[str, str] | None = None,
                 look: Callable[..., TableLook] = look_at_table, move_time_s: float | None = None) -> None:
        """`discovery`: where to look for tables (None: not at all). `rematch`: the address
        and code of the table just played at, joined again at once (the seat key takes the
        same seat) and knocked at until its host opens the rematch; `move_time_s`: its host's
        move time, as the last match's look read it (a rematch sits down without a look)."""
        super().__init__(app)
        self.screens = screens
        self.lan = LanTables(discovery) if discovery is not None else None
        self.make_link = make_link or (lambda uri, name, token: RemoteLink(uri, name, token, on_news=wake_window))
        self.look_at = look
        self.rematch_move_time_s = move_time_s
        settings = app.settings
        self.name = settings.table_names[0][:LONGEST_NAME] if settings.table_names else ""
        self.address, self.code = settings.last_join if settings.last_join else ("", "")
        self.looking: Looking | None = None
        """The look at the table before sitting down: under way, or the table it showed."""
        self.shown: Looking | None = None
        """The look whose table the screen shows."""
        self.has_key = False
        """This computer keeps a seat key for the table looked at (Sit down takes that seat back)."""
        self.joining: Joining | None = None
        self.sentence: str | None = None
        """What the last attempt came to (a refusal, no answer), or why the fields cannot be joined."""
        self.listed: list[tuple[str, str]] = []
        """(address, line) of each table listed now."""
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton | TextField] = {}
        if rematch is not None:
            self.address, self.code = rematch
            self._sit(self.name, REMATCH_PATIENCE_S)

    # --- elements ---------------------------------------------------------------------

    def enter(self) -> None:
        fits = fits_in(self.app.text, LIST_TYPE, WIDTH - 24)
        look = self.table_looked_at
        listed = self.listed[:TABLES_SHOWN] if look is None else []  # the table looked at shows in their place
        for index, (address, line) in enumerate(listed):
            shown = line if fits(line) else line[:60] + "…"
            self._button(f"table_{index}", shown, (LEFT, LIST_TOP + index * ROW_PITCH, WIDTH, 44),
                         lambda a=address: self.choose(a), "@small_button")
        self._field("name", self.name, pygame.Rect(LEFT, FIELDS_TOP, ADDRESS_LEFT - 20 - LEFT, 44),
                    _("Your name"), LONGEST_NAME)
        self._field("address", self.address, pygame.Rect(ADDRESS_LEFT, FIELDS_TOP, CODE_LEFT - 20 - ADDRESS_LEFT, 44),
                    # Translators: the empty Address field's hint, drawn as its text would be: "e.g." keeps
                    # it from reading as an address already typed
                    _("e.g. {address}").format(address="192.168.1.20:17017"), LONGEST_ADDRESS)
        self._field("code", self.code, pygame.Rect(CODE_LEFT, FIELDS_TOP, LEFT + WIDTH - CODE_LEFT, 44),
                    # Translators: the empty Join code field's hint
                    _("{count} letters").format(count=JOIN_CODE_LENGTH), LONGEST_CODE)
        half = (WIDTH - 10) // 2
        # Join keeps its place, disabled, once the table is shown: the second click of a
        # double-click on Join, which the look may beat, finds no other button under it.
        self._button("join", _("Join"), (LEFT, 620, half, 48), self.join)
        if self.joining is not None or self.looking is not None:
            self.buttons["join"].disable()
        if look is None:
            self._button("back", _("Back (Esc)"), (LEFT + half + 10, 620, half, 48), self.back)
        else:
            quarter = (half - 10) // 2
            # Translators: the whole page of the rules of the table looked at (the host's)
            self._button("rules", _("Rules"), (CODE_LEFT, rules_top(look) - 10, LEFT + WIDTH - CODE_LEFT, 44),
                         self.show_rules)
            self._button("sit", _("Sit down"), (LEFT + half + 10, 620, quarter, 48), self.sit_down)
            self._button("back", _("Back (Esc)"), (LEFT + WIDTH - quarter, 620, quarter, 48), self.back)
            if self.joining is not None or sit_problem(look, self.has_key) is not None:
                self.buttons["sit"].disable()
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int], action: Callable[[], None],
                look: str = "@menu_button") -> None:
        button = UIButton(pygame.Rect(rect), label, self.app.manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id=look))
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def _field(self, name: str, text: str, rect: pygame.Rect, placeholder: str, longest: int) -> None:
        field = TextField(rect, self.app.manager, placeholder_text=placeholder,
                          object_id=ObjectID(object_id=f"#{name}"))
        field.set_text_length_limit(longest)
        field.set_text(text[:longest])
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
        if name in self.buttons and self.buttons[name].is_enabled:
            self._focus(name)
        elif name == "sit" and "rules" in self.buttons:  # seated: the host's rules are what there is to read
            self._focus("rules")
        elif name in ("sit", "rules"):  # the table put away (gone, or it took no one): Join looks again
            self._focus("join")

    def relabel(self) -> None:
        self._rebuild()

    def uncover(self) -> None:
        self._rebuild()

    # --- what the player does -----------------------------------------------------------

    @property
    def table_looked_at(self) -> TableLook | None:
        """The table the last look showed (None: none shown, or a look under way)."""
        return self.looking.table if self.looking is not None and self.looking is self.shown else None

    def choose(self, address: str) -> None:
        """A listed table: its address filled in, the code still to be typed (the one kept
        stays only for the table it was typed for)."""
        if address != self.address:
            self.code = ""
        self.address = address
        self.sentence = None
        self._rebuild()
        code = self.buttons["code"]
        self.ring.focus_on(next(i for i, (b, _action) in enumerate(self.ring.entries) if b is code))
        if isinstance(code, TextField):
            code.select()

    def join(self) -> None:
        """Look at the table before sitting down (no seat taken): its rules, who sits where."""
        if self.joining is not None or self.looking is not None:
            return
        self.sentence = name_problem(self.name) or address_problem(self.address) or code_problem(self.code)
        if self.sentence is not None:
            return
        key = key_for(read_keys(self.app.files.seat_keys_folder), table_of(self.address, self.code))
        self.looking = Looking(self.address, self.code, lambda address, code: self.look_at(address, code, key=key),
                               on_done=wake_window)  # the key named by its digest: the look says its seat
        self._rebuild()

    def show_rules(self) -> None:
        look = self.table_looked_at
        if look is not None:
            self.screens.rules(look.rules, look.move_time_s)

    def sit_down(self) -> None:
        """Take a seat at the table looked at; the name, address and code kept for the next Join."""
        if self.joining is not None or self.table_looked_at is None:
            return
        self.sentence = name_problem(self.name)
        if self.sentence is not None:
            return
        self._remember()
        self._sit(self.name.strip())
        self._rebuild()

    def _remember(self) -> None:
        settings = self.app.settings
        names = (self.name.strip(), *settings.table_names[1:])
        joined = (self.address.strip(), self.code.strip())
        if (settings.table_names, settings.last_join) != (names, joined):
            self.app.change_settings(settings.with_changes(table_names=names, last_join=joined))

    def _sit(self, name: str, patience_s: float = 0.0) -> None:
        self.joining = Joining(self.address, self.code, name, self.make_link,
                               keys=self.app.files.seat_keys_folder, patience_s=patience_s)

    def back(self) -> None:
        if self.joining is not None:
            self.joining.close()
            self.joining = None
        self.app.stack.pop()

    def leave(self) -> None:
        super().leave()
        if self.app.stack.top is not self and self not in self.app.stack.scenes:
            self._stop_browsing()

    def _stop_browsing(self) -> None:
        if self.lan is not None:
            self.lan.close()
            self.lan = None

    # --- frames -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._follow_typing()
        self._list_tables()
        self._looked()
        joining = self.joining
        if joining is None:
            return
        joining.poll()
        if joining.failed is not None:
            self.sentence = joining.failed.sentence
            joining.close()
            # The table looked at is gone, or took no one: its free seats would be old news,
            # and Sit down a knock at a table that is not there. Join looks again.
            self.joining = self.looking = self.shown = None
            self._rebuild()
        elif joining.ready is not None:
            self._stop_browsing()
            self.joining = None  # the table owns the link now
            self.app.notice = None  # what the last match's end said is old news at a new table
            look = self.table_looked_at  # none at a rematch, or when a seat key took the seat back without one
            move_time_s = look.move_time_s if look is not None else self.rematch_move_time_s
            self.screens.joined_table(RemoteTable(joining.ready, self.app.analysis_pool, self.app.executor,
                                                  link=joining.link, address=joining.address,
                                                  backlog=joining.backlog, keep=self.keep_match,
                                                  move_time_s=move_time_s, keep_left=self.keep_left_match))

    def _looked(self) -> None:
        """A look just over: the table it showed, or why it showed none."""
        looking = self.looking
        if looking is None or not looking.done or looking is self.shown:
            return
        if looking.ended is not None:
            self.looking = None
            if looking.ended.reason == "unreachable" and holds_key(self.app.files.seat_keys_folder, looking.address,
                                                                   looking.code):
                # A seat of ours at a table not open (its host crashed, or is at its title):
                # sit down at once, and the join tries again until the host's Continue opens it.
                self._sit(self.name.strip())
                self._rebuild()
                return
            self.sentence = ended_sentence(looking.ended, looking.address)
        else:
            self.has_key = holds_key(self.app.files.seat_keys_folder, looking.address, looking.code)
            self.shown, self.sentence = looking, None
        self._rebuild()
        if "sit" in self.buttons:  # the table shown: on to Sit down, or to its rules where no seat is free
            self._focus("sit" if self.buttons["sit"].is_enabled else "rules")

    def _focus(self, name: str) -> None:
        """The keyboard's one focus on `name`: a field takes the typing, a button Enter."""
        self._follow_typing()
        wanted = self.buttons[name]
        self.ring.focus_on(next(i for i, (b, _action) in enumerate(self.ring.entries) if b is wanted))
        for field in self.buttons.values():
            if isinstance(field, TextField) and field is not wanted:
                field.unselect()

    def keep_match(self, heard: Heard) -> Future[Message | None] | None:
        """The joined match into this computer's history, from the record its host sent (in
        the background: a long record is replayed before it is kept); None with the history
        off (the table then says nothing was kept)."""
        app, over = self.app, heard.over
        assert over is not None
        if not app.settings.keep_history:
            return None
        return app.executor.submit(keep_joined, app.files, heard.record_text, heard.welcome.seat,
                                   heard.welcome.names, heard.welcome.levels, over.scores, app.settings, app.executor)

    def keep_left_match(self, link: RemoteLink) -> None:
        """The hands settled before the player left the match under way, into this computer's
        history (`keep_left`), in the background: the link waits for the host's record as it
        closes (`LEFT_WAIT_S`). The player is at the title by then: a record that cannot be
        kept is not said, and writes nothing (a refused record never does)."""
        app = self.app
        if not app.settings.keep_history:
            return

        def keep() -> Message | None:
            left = link.left_match()
            return None if left is None else keep_left(app.files, left, app.settings, app.executor)

        app.executor.submit(keep)

    def _list_tables(self) -> None:
        if self.lan is None:
            return
        listed = [(found.address, table_line(found)) for found in self.lan.tables()]
        if listed != self.listed:
            self.listed = listed
            self._rebuild()

    def next_change(self) -> float | None:
        """The list of tables is looked at twice a second (its browser does not wake the window)."""
        return LOOK_AGAIN_S if self.lan is not None and self.table_looked_at is None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._follow_typing()
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.sentence = None  # what the last attempt came to was about what is being changed
            if event.ui_element is self.buttons.get("name"):
                self.name = event.ui_element.get_text()
            elif event.ui_element is self.buttons.get("address"):
                self.address = event.ui_element.get_text()
                self._look_again()
            elif event.ui_element is self.buttons.get("code"):
                self.code = event.ui_element.get_text()
                self._look_again()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._enter_in(event.ui_element)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and self._typing() and event.key not in LEAVE_FIELD_KEYS:
            return True  # typed into the field: not a menu key
        return self.ring.handle_event(event)

    def _enter_in(self, field: object) -> None:
        """Enter in a field: on to the next field; in the last (the code) Join looks, or,
        with the table shown, the focus goes on to Sit down."""
        names = [name for name in FIELDS if name in self.buttons]
        at = next((name for name in names if self.buttons[name] is field), None)
        if at is None:
            return
        if at != names[-1]:
            self._focus(names[names.index(at) + 1])
        elif self.table_looked_at is not None:
            self._focus("sit" if self.buttons["sit"].is_enabled else "rules")
        else:
            self.join()

    def _follow_typing(self) -> None:
        """The ring follows a field clicked into: the keyboard has one focus, the field's."""
        focused = self.ring.focused()
        typed_in = next((b for b in self.buttons.values() if isinstance(b, TextField) and b.is_focused), None)
        if typed_in is not None and typed_in is not focused:
            if focused is not None:
                focused.unselect()
                if not focused.is_enabled:  # the gui's unselect draws a disabled button as enabled
                    focused.enable()
                    focused.disable()
            self.ring.focus = next(i for i, (b, _action) in enumerate(self.ring.entries) if b is typed_in)

    def _look_again(self) -> None:
        """Another address or code: the table looked at, or the one a join not seated yet knocks
        at (a host that has not reopened it, a rematch not opened), is no longer the one they
        name; Join looks at theirs."""
        if self.joining is not None and self.joining.seated is None:
            self.joining.close()
            self.joining = None
        elif self.joining is not None or self.looking is None:
            return  # seated (Back leaves the seat), or no table to put away
        self.looking = None
        self._rebuild()

    def _typing(self) -> bool:
        return any(isinstance(b, TextField) and b.is_focused for b in self.buttons.values())

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, _("Join a table"), 48, GOLD, (640, 70), "midtop", bold=True)
        look = self.table_looked_at
        if look is not None:
            self._draw_table(surface, look)
        else:
            self._draw_list(surface)
        text.draw(surface, _("Your name"), 16, SOFT, (LEFT, FIELDS_TOP - 26))
        text.draw(surface, _("Address (host:port)"), 16, SOFT, (ADDRESS_LEFT, FIELDS_TOP - 26))
        text.draw(surface, _("Join code"), 16, SOFT, (CODE_LEFT, FIELDS_TOP - 26))
        y = FIELDS_TOP + 62
        for line in self._state_lines():
            for row in text.wrap(line[0], 17, WIDTH):
                text.draw(surface, row, 17, line[1], (LEFT, y))
                y += 24
        self.ring.draw_focus(surface)

    def _draw_table(self, surface: pygame.Surface, look: TableLook) -> None:
        """The table looked at: who sits where, and the host's rules in short."""
        text = self.app.text
        assert self.looking is not None
        text.draw(surface, _("The table at {address}:").format(address=self.looking.address), 18, SOFT,
                  (LEFT, LIST_TOP - 32))
        seated = self.joining.seated if self.joining is not None else None
        welcome = seated.welcome if seated is not None else None
        yours = (welcome.seat, welcome.names[welcome.seat]) if welcome is not None \
            else (look.yours, look.names[look.yours]) if look.yours is not None else None
        for row, line in enumerate(seat_lines(look, yours)):
            text.draw(surface, line, 17, INK, (LEFT, LIST_TOP + row * SEAT_PITCH))
        y = rules_top(look)
        for line in rules_lines(look):
            for row in text.wrap(line, 17, RULES_WIDTH):
                text.draw(surface, row, 17, GOLD, (LEFT, y))
                y += 24

    def _draw_list(self, surface: pygame.Surface) -> None:
        text = self.app.text
        text.draw(surface, _("Tables on this network:"), 18, SOFT, (LEFT, LIST_TOP - 32))
        if self.lan is None:
            looking = _("Looking for tables on this network is off: type the host's address.")
        elif self.lan.failed:
            looking = _("This network cannot be searched for tables: type the host's address.")
        else:
            looking = _("Looking for tables… (press one to fill in its address)")
        if not self.listed:
            text.draw(surface, looking, 17, INK, (LEFT, LIST_TOP + 10))

    def _state_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        joining = self.joining
        if joining is None and self.sentence:
            return [(self.sentence, WARN)]
        if joining is None and self.looking is not None:
            look = self.table_looked_at
            if look is None:
                return [(_("Looking at the table at {address}…").format(address=self.looking.address), INK)]
            problem = sit_problem(look, self.has_key)
            if problem is not None:
                return [(problem, WARN)]
            return [(under_way_words(look, self.has_key)
                     or _("Read the host's rules, then sit down: the match may start as soon as every seat is taken."),
                     INK)]
        if joining is None:
            return []
        if joining.waiting_for_host:
            return [(_("Waiting for the host at {address} to open the rematch…").format(address=joining.address),
                     INK)]
        if joining.not_reopened and joining.seated is None:
            seconds = round(joining.tries_for_s)
            # Translators: Join again with the seat's key, after the host's computer crashed or its player left;
            # {seconds} like 30
            return [(ngettext("The host at {address} has not reopened the table yet: you take your seat again if they "
                              "continue the match. Trying again for up to {seconds} second…",
                              "The host at {address} has not reopened the table yet: you take your seat again if they "
                              "continue the match. Trying again for up to {seconds} seconds…", seconds).format(
                                  address=joining.address, seconds=seconds), INK)]
        if joining.seated is None:
            return [(_("Connecting to {address}…").format(address=joining.address), INK)]
        welcome = joining.seated.welcome
        seated = _("Seated at seat {seat} of {players}; waiting for the host to start the match.").format(
            seat=welcome.seat + 1, players=welcome.rules.players)
        if self.table_looked_at is not None:
            return [(seated, INK)]  # the rules are shown above
        return [(seated, INK), (_("The host's rules: {summary}").format(summary=rules_summary(welcome.rules)), SOFT)]


def rules_top(look: TableLook) -> int:
    """Where the host's rules in short begin: under the seats of the table looked at."""
    return LIST_TOP + len(look.names) * SEAT_PITCH + 10


def under_way_words(look: TableLook, has_key: bool) -> str | None:
    """The look's sentence at a match already under way whose seat this computer holds (None:
    another): the hand it is at, where the host says it (an older host does not)."""
    if not look.started or not (has_key or look.yours is not None):
        return None
    if look.hand and look.rules.hands:
        # Translators: the Join screen's look at a match under way (continued, or after a drop)
        return _("This match is under way, at hand {number} of {hands}: sit down to take your seat back.").format(
            number=look.hand, hands=look.rules.hands)
    if look.hand:
        return _("This match is under way, at hand {number}: sit down to take your seat back.").format(
            number=look.hand)
    return _("This match is under way: sit down to take your seat back.")
