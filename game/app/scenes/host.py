"""Hosting a table: how the other computers join (this computer's addresses, the port, the
join code, Copy) and the waiting room (who sits where, who has joined, Start once every
remote seat is taken, or an empty one given to the AI).

The server starts when the screen opens and goes on into the match (the table scene's
session holds it); Back closes it. The announcement on the local network is made in the
background and can be switched off here; `HostOptions.discovery` says whether it starts on.
"""

from __future__ import annotations

import errno
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.match_setup import ai_available, seat_levels, start_hosted
from game.app.play.savegame import HostedSeats
from game.app.play.session import Session, shown_name
from game.app.play.waiting_room import (
    AI,
    HERE,
    JOINED,
    LEFT,
    LENT,
    LOOKING,
    OPEN,
    HostOptions,
    RoomSeat,
    WaitingRoom,
    join_address,
)
from game.app.scene import Scene, Screens, Services
from game.app.settings import ai_level_name, reconnect_window_name
from game.app.views.felt import draw_felt
from game.app.window.fitting import fitted_name
from game.app.window.menu_keys import ButtonRing
from game.app.window.palette import GOLD, GOOD, INK, SOFT, WARN
from game.app.window.wake import wake_window
from game.app.words.i18n import N_, _
from game.app.words.rule_texts import clocks_summary, rules_summary

if TYPE_CHECKING:
    from game.app.window.text import Text
    from game.net.hosting import BackgroundAnnouncer, HostedTable

log = logging.getLogger(__name__)

LEFT_X = 140
WIDTH = 1000
CODE_X = 760
ROW_TOP = 456
ROW_PITCH = 52
FILL_WIDTH = 300
STATE_X = LEFT_X + 340
"""Where a seat's state is said, right of its name."""
NAME_GAP = 16
"""Between a seat's name, cut with … to fit, and its state."""
MAX_ADDRESSES = 3
ADDRESS_SIZES = (26, 22, 18)
ADDRESS_WIDTH = CODE_X - LEFT_X - 20
"""An address line's room, left of the code; a long IPv6 address is drawn smaller to fit."""
STATES = {HERE: N_("at this computer"), AI: N_("played by the AI"),
          OPEN: N_("waiting for a player to join…"), JOINED: N_("has joined"),
          LEFT: N_("has left; they can come back"), LOOKING: N_("is looking at the table"),
          LENT: N_("played by the AI until they are back")}
REMATCH_STATES = {**STATES, LEFT: N_("has not joined the rematch yet"), LOOKING: N_("has not pressed Rematch yet")}
"""At a rematch, each person is first away (gone, or not back yet); one whose summary looks at
the table is still on the last match's end."""
LOOK_AGAIN_S = 2.0
"""How often the room is read again while a seat is `LOOKING` (it ends when the looks stop)."""
LISTEN_PROBLEMS = {errno.EADDRINUSE: N_("another program uses the port"),
                   errno.EADDRNOTAVAIL: N_("the address to listen on is not one of this computer's"),
                   errno.EACCES: N_("the system does not allow this program to listen")}


def open_table(session: Session, options: HostOptions, continued: HostedSeats | None = None,
               reconnect_window_s: float = 120.0,
               same_port: bool = False) -> tuple[HostedTable | None, OSError | None]:
    """The session's table hosted: its server listening (on `options.port`, or any free
    port when that one is taken). None and why, when no port opens. A match `continued`
    opens with its code, on its port if it is free, and its seats wait for their tokens; on
    that port or not at all when `same_port` (a rematch: its players knock there)."""
    from game.net.hosting import HostedTable

    names = session.plan.names
    problem: OSError | None = None
    code, tokens = (continued.code, continued.tokens) if continued is not None else (None, None)
    ports = ((continued.port,) if same_port else (continued.port, 0)) if continued is not None else (options.port, 0)
    for port in dict.fromkeys(ports):
        hosted = HostedTable(session.match, names, seat_levels(session.plan), session.plan.remote, code,
                             bind=options.bind, port=port,
                             report=log.info, tokens=tokens)
        hosted.host.notify = wake_window  # a join, a move or a drop wakes the window to read it
        hosted.reconnect_window_s = reconnect_window_s
        try:
            hosted.start()
        except OSError as error:
            problem = error
            continue
        return hosted, None
    return None, problem


def listen_problem(error: OSError | None) -> str:
    """Why no port could be opened, in the player's language where the reason is a common one."""
    words = LISTEN_PROBLEMS.get(error.errno) if error is not None else None
    if words is not None:
        return _(words)
    return (error.strerror or str(error)) if error is not None else ""


def addresses(options: HostOptions) -> list[str]:
    """Where the other computers reach this one: the address it listens on, else its
    addresses on the local network."""
    from game.net.hosting import listens_everywhere

    if not listens_everywhere(options.bind):
        return [str(options.bind)]
    from game.net.discovery import local_addresses

    return local_addresses()


def address_size(text: Text, shown: str) -> int:
    """The largest of ADDRESS_SIZES at which `shown` fits its line (an IPv6 address is long)."""
    return next((size for size in ADDRESS_SIZES if text.font(size, bold=True).size(shown)[0] <= ADDRESS_WIDTH),
                ADDRESS_SIZES[-1])


class HostScene(Scene):
    def __init__(self, app: Services, screens: Screens, session: Session, options: HostOptions,
                 rematch: HostedSeats | None = None) -> None:
        super().__init__(app)
        self.screens = screens
        self.session = session
        self.options = options
        self.rematch = rematch is not None
        self.continued = rematch or (app.files.slot.hosted_seats(session.match.seed, session.plan.remote)
                                     if session.match.kyoku is not None else None)
        """The seats of a match continued or a rematch: the people who played them come back
        with their tokens."""
        self.hosted, self.problem = open_table(session, options, self.continued, app.settings.reconnect_window_s,
                                               same_port=self.rematch)
        if self.hosted is not None:  # its players are told whether a stopped match can be continued
            self.hosted.table.can_continue = app.files.keeps_the_save()
        self.room = WaitingRoom(session.plan, self.hosted, app.settings.ai_level) if self.hosted else None
        self.addresses = addresses(options)[:MAX_ADDRESSES] if self.hosted else []
        self.announcer: BackgroundAnnouncer | None = None
        self.copied = ""
        """What Copy did (said under the code)."""
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}
        self.shown: tuple[object, ...] = ()
        """The room as the buttons were made for it (they are made again when it changes)."""
        if self.hosted is not None and options.discovery:
            self.announce(True)

    # --- the network -------------------------------------------------------------------

    def announce(self, on: bool) -> None:
        from game.net.hosting import BackgroundAnnouncer, announced_on, table_ad

        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if on and self.hosted is not None:
            self.announcer = BackgroundAnnouncer(table_ad("", self.hosted, self.session.rules), self.hosted.host.port,
                                                 addresses(self.options), notify=wake_window,
                                                 interfaces=announced_on(self.options.bind))

    def toggle_announcement(self) -> None:
        self.announce(self.announcer is None)
        self._rebuild("announce")

    def _room_key(self) -> tuple[object, ...]:
        assert self.room is not None
        return (tuple(self.room.seats()), self.room.can_start)

    def update(self, dt: float) -> None:
        if self.hosted is None or self.room is None:
            return
        self.hosted.poll()
        key = self._room_key()
        if key != self.shown:
            self._announce_seats()
            focused = self.ring.focused()
            ready = key[1] and not self.shown[1]
            self._rebuild("start" if ready else next((name for name, button in self.buttons.items()
                                                      if button is focused), "start"))

    def _announce_seats(self) -> None:
        """The seats taken, as the local network is told."""
        if self.announcer is not None and self.hosted is not None:
            from game.net.hosting import table_ad

            self.announcer.update(table_ad("", self.hosted, self.session.rules))

    def next_change(self) -> float | None:
        """A join, a drop, a look with a seat's key and the announcement being made wake the
        window (`NetHost.notify`, `BackgroundAnnouncer.notify`); only a person looking stops
        doing so with time (their summary closed), so the room is read again now and then."""
        if self.room is not None and any(row.state == LOOKING for row in self.room.seats()):
            return LOOK_AGAIN_S
        return None

    def copy(self) -> None:
        """The addresses and the code on the clipboard, to paste into a message to the others."""
        assert self.hosted is not None
        where = ", ".join(join_address(a, self.hosted.host.port) for a in self.addresses)
        # Translators: what Copy puts on the clipboard for the host to send to the other players
        text = _("17 Steps table at {address}, join code {code}").format(address=where, code=self.hosted.host.code)
        try:
            pygame.scrap.put_text(text)
        except pygame.error:  # no clipboard on this system (a bare X server, a console)
            self.copied = _("There is no clipboard here: give the others the address and the code as shown.")
        else:
            self.copied = _("Copied: {text}").format(text=text)

    def fill(self, seat: int) -> None:
        if self.room is not None and self.room.fill(seat):
            self._announce_seats()
            self._rebuild("start")

    def start(self) -> None:
        if self.hosted is None or self.room is None or not self.room.can_start:
            return
        if self.announcer is not None:  # a started table takes no one new
            self.announcer.close()
            self.announcer = None
        if self.app.files.keeps_the_save():  # beside the save, for Continue: never in the record
            try:
                self.app.files.slot.save_hosting(self.session.match.seed, HostedSeats(
                    self.hosted.host.code, self.hosted.host.port, self.hosted.host.tokens()))
            except OSError as error:  # the match is played; Continue then gives its seats to the AI
                log.warning("the seat tokens could not be kept: %s", error)
        start_hosted(self.session, self.hosted, self.room.plan_at_start())
        if self.session.on_change is not None:  # the seats as played now, saved before any move:
            self.session.on_change(self.session)  # Continue names a seat given to the AI as the AI
        self.screens.table(self.session)

    def back(self) -> None:
        """No match: the server and the announcement closed (in the background: the last
        goodbyes may take a moment). Whoever joined is told at once that the host has left;
        at a continued match, that it can still be continued (its match stopped)."""
        if self.announcer is not None:
            self.announcer.close()
        if self.hosted is not None:
            if self.continued is not None and not self.rematch:
                self.hosted.table.match_over()
            if self.hosted.begin_stop():
                threading.Thread(target=self.hosted.stop, name="net-stop", daemon=True).start()
        self.screens.title()

    # --- the screen ----------------------------------------------------------------------

    def enter(self) -> None:
        if self.room is not None:
            self.shown = self._room_key()
            self._button("copy", _("Copy"), (CODE_X, 270, 240, 44), self.copy)
            label = _("Announce on the local network: on") if self.announcer is not None \
                else _("Announce on the local network: off")
            self._button("announce", label, (LEFT_X, 372, 520, 40), self.toggle_announcement)
            for row in self.room.seats():
                if self.room.can_fill(row.seat) and ai_available():
                    top = ROW_TOP + row.seat * ROW_PITCH
                    self._button(f"fill_{row.seat}", _("Play it with the AI"),
                                 (LEFT_X + WIDTH - FILL_WIDTH, top, FILL_WIDTH, 42),
                                 lambda s=row.seat: self.fill(s))
            self._button("start", self.start_label(), (LEFT_X, 672, (WIDTH - 10) // 2, 48), self.start)
            if not self.room.can_start:
                self.buttons["start"].disable()
        self._button("back", _("Back (Esc)"), (LEFT_X + (WIDTH + 10) // 2, 672, (WIDTH - 10) // 2, 48), self.back)
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int], action: Callable[[], None]) -> None:
        button = UIButton(pygame.Rect(rect), label, self.app.manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id="@menu_button"))
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def _rebuild(self, focus: str) -> None:
        self.leave()
        self.ring = ButtonRing()
        self.buttons = {}
        self.enter()
        wanted = self.buttons.get(focus)
        index = next((i for i, (button, _action) in enumerate(self.ring.entries) if button is wanted), None)
        if index is not None and wanted is not None and wanted.is_enabled:
            self.ring.focus_on(index)

    def relabel(self) -> None:
        focused = self.ring.focused()
        self._rebuild(next((name for name, button in self.buttons.items() if button is focused), "start"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.ring.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        heading = _("A rematch at your table") if self.rematch else _("Host a table") if self.continued is None \
            else _("Continue the match at your table")
        text.draw(surface, heading, 48, GOLD, (640, 60), "midtop", bold=True)
        if self.hosted is None or self.room is None:
            message = _("This computer cannot take players from other computers: {reason}.").format(
                reason=listen_problem(self.problem))
            if self.rematch and self.continued is not None:
                # Translators: {port} is a number; the players' Join again knocks at that port only
                message = _("The rematch cannot open on port {port} again, where the players look for it: "
                            "{reason}.").format(port=self.continued.port, reason=listen_problem(self.problem))
            for index, line in enumerate(text.wrap(message, 20, WIDTH)):
                text.draw(surface, line, 20, WARN, (640, 200 + index * 30), "midtop")
            self.ring.draw_focus(surface)
            return
        for index, line in enumerate(text.wrap(self.how_to_join(), 18, WIDTH)):
            text.draw(surface, line, 18, SOFT, (640, 132 + index * 24), "midtop")
        text.draw(surface, _("Address on the local network"), 17, SOFT, (LEFT_X, 190))
        port = self.hosted.host.port
        for index, address in enumerate(self.addresses):
            shown = join_address(address, port)
            text.draw(surface, shown, address_size(text, shown), INK, (LEFT_X, 216 + index * 34), bold=True)
        text.draw(surface, _("Join code"), 17, SOFT, (CODE_X, 190))
        text.draw(surface, self.hosted.host.code, 40, GOLD, (CODE_X, 212), bold=True)
        if self.copied:
            for index, line in enumerate(text.wrap(self.copied, 15, WIDTH + LEFT_X - CODE_X)[:3]):  # IPv6 is long
                text.draw(surface, line, 15, SOFT, (CODE_X, 318 + index * 18))
        text.draw(surface, self._announcement(), 15, SOFT, (LEFT_X + 540, 383))
        remote = len(self.room.net.remote)
        seats = _("Seats ({joined} of {count} from other computers joined):").format(
            joined=self.room.joined, count=remote) if remote else _("Seats (none waits for another computer):")
        text.draw(surface, seats, 18, SOFT, (LEFT_X, ROW_TOP - 34))
        for row in self.room.seats():
            top = ROW_TOP + row.seat * ROW_PITCH
            name = shown_name(row.name)
            seat = fitted_name(text, lambda shown, number=row.seat + 1: _("Seat {number}: {name}").format(
                number=number, name=shown), name, 20, STATE_X - NAME_GAP - LEFT_X, bold=True)
            text.draw(surface, seat, 20, INK, (LEFT_X, top + 10), bold=True)
            colour = GOOD if row.state == JOINED else WARN if row.state in (OPEN, LEFT, LOOKING) else SOFT
            text.draw(surface, state_words(row, self.rematch), 17, colour, (STATE_X, top + 12))
        rules = self.session.rules
        text.draw(surface, _("Rules: {summary}").format(summary=rules_summary(rules)), 15, SOFT, (640, 728),
                  "midtop")
        # The clocks as this table runs them, as the joiners' look shows them (`TableLook.move_time_s`).
        text.draw(surface, clocks_summary(rules, self.hosted.move_time_s), 15, SOFT, (640, 750), "midtop")
        # Translators: {time} is a setting's value, e.g. "2 minutes"
        text.draw(surface, _("A player who drops is waited for {time} (Settings).").format(
            time=reconnect_window_name(self.hosted.reconnect_window_s)), 15, SOFT, (640, 772), "midtop")
        self.ring.draw_focus(surface)

    def start_label(self) -> str:
        """A match continued is resumed where it stopped, not started."""
        return _("Continue the match") if self.continued is not None and not self.rematch else _("Start the match")

    def how_to_join(self) -> str:
        """The line under the heading: one line, in every language, above the address."""
        if self.rematch:
            return _("The rematch starts when they are back: each joins with this address and code.")
        if self.continued is not None:
            return _("The match goes on when they are back: each joins with this address and code.")
        return _("On each other computer: Join on the title screen, then this address and the code.")

    def _announcement(self) -> str:
        announcer = self.announcer
        if announcer is None:
            return _("Others join by the address.")
        if announcer.state == announcer.FAILED:
            return _("It could not be announced: others join by the address.")
        if announcer.state == announcer.STARTING:
            return _("Announcing…")
        return _("Others see it when they look for tables.")


def state_words(row: RoomSeat, rematch: bool) -> str:
    """What the room says of a seat: a seat lent to the AI names the AI's level."""
    if row.state == LENT and row.level is not None:
        # Translators: {level} is an AI level ("Easy", "Normal", "Hard")
        return _("played by the {level} AI until they are back").format(level=ai_level_name(row.level))
    return _((REMATCH_STATES if rematch else STATES)[row.state])
