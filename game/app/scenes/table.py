"""The table scene: input in, a frame out, for any number of seats.

What happens at the table (whose move it is, the AI's pace, time limits, the curtain
between people, what a frame shows) is its controller's (game/app/play/table_source.py): the
`TableController` at this computer (`LocalTable`), or a `RemoteTable` driven by the views a
host sends (a table joined from game/app/scenes/join.py); this scene turns the
pointer and keys into the viewer's moves through it, asks the questions the controller
raises (ron or pass, notices, "are you sure?"), plays sounds and motion for the engine's
events, and draws the controller's `TableFrame`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.controls.build import BuildControls
from game.app.controls.dora import DoraControls
from game.app.controls.pool import PoolControls
from game.app.play.builder import BuildState
from game.app.play.helper import BuildHelper, HelperReport, warm_up
from game.app.play.local_table import LocalTable
from game.app.play.remote_table import RemoteTable
from game.app.play.result_frame import ResultFrame, result_frame
from game.app.play.seat_notices import stops_play
from game.app.play.session import Notice, Session
from game.app.play.table_controller import RonOffer, TableController, seconds_to_next_step
from game.app.play.table_frame import shown_seconds
from game.app.play.table_mode import TableMode
from game.app.play.table_source import TableSource
from game.app.play.table_turns import TableTurns
from game.app.scene import Scene, Screens, Services
from game.app.scenes import prompts
from game.app.views.notice_card import card_room, draw_notice_card
from game.app.views.seats import pool_centre
from game.app.views.table_view import TableUi, draw_table
from game.app.window import layout
from game.app.window.animation import DiscardFlight, DoraFlip, in_motion, moving, sound_and_motion
from game.app.window.menu_keys import KEY_GUARD_S
from game.app.words.i18n import N_, _, pgettext
from game.engine.actions import Action, BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.events import Discarded, Event
from game.engine.kyoku import POOL_SIZE
from game.engine.tiles import tile_code
from game.engine.wall import side_walls

RON_MOMENT_S = 2.6
"""How long the table shows a ron (the call, the hand laid open, the tile marked) before the
result, at normal animation speed; an exhaustive draw is announced for `DRAW_MOMENT_S`."""
DRAW_MOMENT_S = 1.8
# Translators: the keys S, G, C and Enter stay as they are
BUILD_BUTTONS = (("sort", N_("Sort (S)")), ("suggest", N_("Suggest (G)")), ("clear", N_("Clear (C)")),
                 ("confirm", N_("Confirm (Enter)")))
MENU_LABEL = N_("Menu (Esc)")
BUILD_KEYS = {pygame.K_s: "sort", pygame.K_g: "suggest", pygame.K_c: "clear"}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
BUTTON_GAP = 12
NOTICE_CARD_S = 9.0
"""How long a notice that does not stop play (a winning tile that may not be taken) stays."""
CARD_HANDOVER_S = 3.0
"""How long at most a card stays once another waits behind it: notices that come together
(the moves the stand-in made while the host's menu was open) are each read in turn."""
LEAVE_BUTTON = pygame.Rect(layout.MENU_BUTTON.left - BUTTON_GAP - 200, layout.MENU_BUTTON.top, 200,
                           layout.MENU_BUTTON.height)
"""A joined table's way out while its connection is made again: beside the menu."""


class TableScene(Scene):
    def __init__(self, app: Services, screens: Screens, session: Session | None,
                 controller: TableSource | None = None) -> None:
        """The table at this computer (its `session`), or the one `controller` gives (a
        joined table: `session` None)."""
        super().__init__(app)
        self.screens = screens
        self.session = session
        if controller is None:
            assert session is not None
            controller = LocalTable(session, app.executor, builders=app.analysis_pool, fallback=app.executor)
        self.controller: TableSource = controller
        if isinstance(controller, RemoteTable):  # the host's news waits for the tiles in motion to land
            controller.animating = lambda: moving((self.flight, self.flip))
        self.keyboard = False
        self.buttons: dict[str, UIButton] = {}
        app.analysis_pool.submit(warm_up)  # start the analysis worker while the dora is chosen
        self.curtain: tuple[Scene | None, int] | None = None
        """The curtain raised over the table, and the seat it calls."""
        self.missed: Callable[[], ResultFrame] | None = None
        """The result of a hand that ended while the table was covered and went on (the next
        hand was dealt): shown when the table is on top again."""
        self._reset_kyoku_state()

    def _reset_kyoku_state(self) -> None:
        self.kyoku_number = self.controller.shown_kyoku
        self.build_controls: dict[int, BuildControls] = {}
        self.pool_controls = PoolControls(self.request_discard)
        self.dora_controls: DoraControls | None = None
        self.flight: DiscardFlight | None = None
        self.flip: DoraFlip | None = None
        self.end_wait = 0.0
        """How long the end of the hand has been on the table."""
        self.end_seen = False
        """The end has been drawn: the time since counts (not the frame's time before it)."""
        self.result_open = False
        self.card: Notice | None = None
        self.card_left = 0.0
        self.next_cards: deque[Notice] = deque()
        """Notices that stop nothing, waiting for the card shown to go or, at a shared screen,
        for their person to have the screen."""
        self.move_question: Scene | None = None
        """The table's own question about the move being made (build anyway? discard a
        winning tile? ron or pass?), under which the move's clock runs on."""

    # --- what the controller knows, by the names the tests and views use ---------------

    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    @property
    def bottom(self) -> int:
        return self.controller.bottom

    @property
    def builds(self) -> dict[int, BuildState]:
        return self.controller.builds

    @property
    def helpers(self) -> dict[int, BuildHelper]:
        return self.controller.helpers

    @property
    def shown_private_seat(self) -> int | None:
        return self.controller.shown_private_seat

    def mode(self) -> TableMode:
        return self.controller.mode()

    def countdown(self) -> float | None:
        return self.controller.countdown()

    def helper_report(self) -> HelperReport | None:
        return self.controller.helper_report()

    def place(self, seat: int) -> int:
        return self.controller.place(seat)

    # --- scene lifecycle --------------------------------------------------------------

    def enter(self) -> None:
        x, y = layout.for_players(self.controller.rules.players).build_buttons
        width, height = layout.BUILD_BUTTON_SIZE
        for index, (name, label) in enumerate(BUILD_BUTTONS):
            self._button(name, _(label), pygame.Rect(x, y + index * (height + BUTTON_GAP), width, height))
        self._button("menu", _(MENU_LABEL), layout.MENU_BUTTON)
        if isinstance(self.controller, RemoteTable):
            self._button("leave", self._leave_label(), LEAVE_BUTTON)
        self._sync_buttons()

    @staticmethod
    def _leave_label() -> str:
        # Translators: a joined table's button while the connection to the host is made again
        return pgettext("button", "Leave the table")

    def _button(self, name: str, label: str, rect: pygame.Rect) -> None:
        button = UIButton(rect, label, self.app.manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id="@small_button"))
        self.buttons[name] = button
        self.elements.append(button)

    def uncover(self) -> None:
        super().uncover()
        self._sync_buttons()

    def leave(self) -> None:
        super().leave()
        self.controller.close()

    def relabel(self) -> None:
        for name, label in (*BUILD_BUTTONS, ("menu", MENU_LABEL)):
            self.buttons[name].set_text(_(label))
        if "leave" in self.buttons:
            self.buttons["leave"].set_text(self._leave_label())

    def _sync_buttons(self) -> None:
        """The building buttons show only while the viewer builds; Confirm needs 13 tiles."""
        self._sync_leave()
        building = self.mode() == TableMode.BUILD
        for name, _label in BUILD_BUTTONS:
            button = self.buttons[name]
            if building != button.visible:
                button.show() if building else button.hide()
        if building:
            full = self.builds[self.viewer].full
            confirm = self.buttons["confirm"]
            if full != confirm.is_enabled:
                confirm.enable() if full else confirm.disable()

    def _sync_leave(self) -> None:
        """A joined table shows Leave while its connection to the host is being made again (for
        up to 15 minutes): a way to stop waiting besides the menu."""
        leave = self.buttons.get("leave")
        if leave is None:
            return
        reconnecting = isinstance(self.controller, RemoteTable) and self.controller.reconnecting
        if reconnecting != leave.visible:
            leave.show() if reconnecting else leave.hide()

    def leave_table(self) -> None:
        """Stop waiting for the host: to the title. The seat's key stays in the user folder,
        so that Join with the same address and code takes the seat back."""
        self.screens.title()

    def pointed_stack(self) -> tuple[int, int] | None:
        """The side-wall stack under the pointer (or the keyboard cursor) while choosing the dora."""
        if self.mode() != TableMode.DORA or self.dora_controls is None:
            return None
        return self.dora_controls.cursor if self.keyboard else self.dora_controls.hover

    # --- update -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pool_controls.tick(dt)
        self.card_left = max(0.0, self.card_left - dt)
        if self.card is not None and self.viewer != self.card.seat:
            self.next_cards.appendleft(self.card)  # its person left the screen: told again once back
            self.card = None
        elif self.card is not None and self.card_left <= 0:
            self.card = None
        waiting = next((card for card in self.next_cards if card.seat == self.viewer), None)
        if self.card is None and waiting is not None:
            self.next_cards.remove(waiting)
            self._show_card(waiting)
        self.animate(dt)
        controller = self.controller
        self._react(controller.update(dt, self.app.settings.ai_delay_s))
        self._sync_leave()
        if controller.closed is not None:  # a joined table whose host went away
            self.app.notice = controller.closed
            self.screens.title()
            return
        if controller.busy:
            return
        if controller.shown_kyoku != self.kyoku_number:
            self._reset_kyoku_state()
        if self.missed is not None:
            self._show_missed()
            return
        if isinstance(controller, RemoteTable) and controller.result_closed and controller.match_over:
            self.match_ended()  # the host ended the match while the table waited for its next hand
            return
        if controller.kyoku_over:
            self._towards_result(dt)
            return
        seat = controller.curtain_for()
        if seat is not None:
            self._raise_curtain(seat)
            return
        self._sync_buttons()
        if self.flight is not None and not self.flight.done:
            return  # let the discard land before asking about it
        question = controller.prompt()
        if question is None:
            self._serve_suggestion()
        self._ask(question)

    def animate(self, dt: float) -> None:
        """The discard in flight and the dora turning over; under the menu or a prompt only
        these go on at a local table (the AI and the notices wait for `update`), and under
        the table's own question about the move the move's clock too
        (`_clock_under_question`). A table with seats at other computers goes on (`serve`)."""
        speed = self.app.settings.animation_speed
        for animation in (self.flight, self.flip):
            if animation is not None:
                animation.advance(dt, speed)
        if not self._goes_on_covered():
            self._clock_under_question(dt)

    def serve(self, dt: float) -> None:
        """A table this computer hosts answers the other computers while covered (its menu,
        a question, the curtain, a result, Settings); one with seats at other computers
        goes on as if its people here had walked away (`_step_covered`)."""
        if self._goes_on_covered():
            self._step_covered(dt)
        elif isinstance(self.controller, TableTurns):
            self.controller.serve_links()
        elif isinstance(self.controller, RemoteTable):
            self._follow_host(dt)

    def _goes_on_covered(self) -> bool:
        """The table does not wait for this screen: it has seats played at other computers,
        whose people no one here may hold for ever (a local table waits under its menu)."""
        return isinstance(self.controller, TableController) and self.controller.hosts_others

    def _step_covered(self, dt: float) -> None:
        """Covered, the table steps as on top: every clock runs (the people's here too), the
        other computers' moves are played, the AI moves, and a person here out of time is
        moved for by their stand-in (told by a notice when the table is theirs again). A
        question or curtain whose move is no longer owed goes. When the next hand may begin
        (`ResultGate.next_begun`: the reading time is up) it is dealt, and the result
        missed is shown when the table is on top again (`_show_missed`)."""
        controller = self.controller
        assert isinstance(controller, TableController)
        self.pool_controls.tick(dt)
        self._react(controller.update(dt, self.app.settings.ai_delay_s))
        if self not in self.app.stack.shown():
            self.flight = self.flip = None  # hidden (Settings, Rules): no motion of it to show later
        if controller.busy:
            return  # no move is owed while the engine works
        self._drop_stale_question()
        self._drop_stale_curtain()
        if not controller.kyoku_over or self.result_open or controller.match_over:
            return
        if controller.next_begun():
            self.missed = self._missed_result()
            controller.next_kyoku()
            self._reset_kyoku_state()

    def _follow_host(self, dt: float) -> None:
        """A joined table covered (its menu, Settings, Rules, its own question) goes on with
        the host, whose clock does not wait for this screen: the news is taken and the clock
        runs, so that at the build's deadline the tiles chosen so far go to the host (as on
        top) rather than its stand-in building from none. Nothing else is moved for the
        player; a question about a move whose time ran out goes."""
        controller = self.controller
        had_clock = controller.countdown() is not None
        self._clock_under_question(dt)
        self._react(controller.update(dt, self.app.settings.ai_delay_s))
        if self not in self.app.stack.shown():
            self.flight = self.flip = None  # hidden (Settings, Rules): no motion of it to show later
        if had_clock:
            self._drop_stale_question()

    def _drop_stale_question(self) -> None:
        """The table's question about a move the stand-in has made (or whose time is up) goes."""
        question = self.move_question
        if question is None:
            return
        if question not in self.app.stack.scenes:
            self.move_question = None
            return
        left = self.controller.countdown()
        if left is None or left <= 0:
            self.move_question = None
            self.app.stack.remove(question)

    def _drop_stale_curtain(self) -> None:
        """The curtain calling a person whose move their stand-in made goes (the table calls
        the next person when it is on top again)."""
        if self.curtain is None:
            return
        scene, seat = self.curtain
        if scene not in self.app.stack.scenes:
            self.curtain = None
        elif seat != self.controller.curtain_for():
            self.curtain = None
            self.app.stack.remove(scene)

    def _missed_result(self) -> Callable[[], ResultFrame]:
        """The result of the hand that ended under a cover, as it stood (kept before the next
        hand is dealt): shown later, as a joined table shows a result its player missed."""
        controller = self.controller
        assert isinstance(controller, TableController)
        session = controller.session
        views = [session.view(seat) for seat in range(session.rules.players)]
        settlement = session.match.settlements[-1]
        return lambda: result_frame(views, settlement, controller.names(), False)  # names in the language spoken

    def _show_missed(self) -> None:
        """The result missed under a cover, over the hand dealt meanwhile: it says so (and the
        clock of the move owed there), and Next goes back to that hand at once."""
        make_frame, self.missed = self.missed, None
        assert make_frame is not None
        self.result_open = True
        self.screens.result(make_frame, self._missed_read, self._missed_news, self.controller.result_gate())

    def _missed_read(self) -> None:
        self.result_open = False
        self._sync_buttons()

    def _missed_news(self) -> str:
        number = self.controller.shown_kyoku
        left = self.controller.countdown()
        if left is None:
            return _("Hand {number} has begun.").format(number=number)
        seconds = shown_seconds(max(0.0, left))
        return _("Hand {number} has begun: your clock is running ({time} left).").format(
            number=number, time=f"{seconds // 60}:{seconds % 60:02d}")

    def _clock_under_question(self, dt: float) -> None:
        """A question about the move is part of making it: its time limit runs on while the
        question is open (else a player could think for ever under "Build it anyway?"),
        and when it runs out the question goes, so that the deadline's stand-in makes the
        move as it would have without it. At a local table a menu over the question stops
        the clock."""
        question = self.move_question
        if question is None:
            return
        if question not in self.app.stack.scenes:
            self.move_question = None
        elif self.app.stack.top is question:
            left = self.controller.run_clock(dt)
            if left is not None and left <= 0:
                self.move_question = None
                self.app.stack.remove(question)

    def next_change_covered(self) -> float | None:
        if self.animating():
            return 0.0
        if self._goes_on_covered():
            return self._next_change_going_on()
        if isinstance(self.controller, RemoteTable):
            return self.controller.next_change(self.app.settings.ai_delay_s)
        if self.move_question is None or self.app.stack.top is not self.move_question:
            return None
        return seconds_to_next_step(self.controller.countdown())

    def _next_change_going_on(self) -> float | None:
        """Covered, a table that goes on changes when its controller steps, or when the next
        hand may be dealt (the reading time's end)."""
        controller = self.controller
        assert isinstance(controller, TableController)
        if controller.kyoku_over and not self.result_open and not controller.match_over:
            return controller.reading_left()
        return controller.next_change(self.app.settings.ai_delay_s)

    def animating(self) -> bool:
        return in_motion((self.flight, self.flip), self.app.settings.animation_speed)

    def next_change(self) -> float | None:
        """Frames while a tile flies or turns; else the first of: the controller's next step,
        the notice card's fade (its last second) and end, the pool's gap closing, the result."""
        if self.animating():
            return 0.0
        waits = [self.controller.next_change(self.app.settings.ai_delay_s)]
        if self.card is not None:
            waits.append(max(0.0, self.card_left - 1.0))
        if self.pool_controls.gap is not None:
            waits.append(max(0.0, self.pool_controls.gap_left))
        if self.controller.kyoku_over and not self.controller.busy and not self.result_open:
            waits.append(max(0.0, self.moment_s() - self.end_wait))
        return min((wait for wait in waits if wait is not None), default=None)

    def _ask(self, question: Notice | RonOffer | None) -> None:
        if isinstance(question, Notice) and not stops_play(question, self.controller.waits_for_screen):
            self._drop_superseded(question)
            if self.card is None:
                self._show_card(question)  # told without stopping play
            else:
                self.next_cards.append(question)
                self.card_left = min(self.card_left, CARD_HANDOVER_S)
        elif isinstance(question, Notice):
            self.app.stack.push(prompts.notice(self.app, question))
        elif isinstance(question, RonOffer) and self.app.settings.auto_ron:
            self._decide(question.seat, True)
        elif isinstance(question, RonOffer):
            seat = question.seat
            self.move_question = prompts.ron_or_pass(self.app, question.discarder, question.tile,
                                                     lambda ron: self._decide(seat, ron), question.worth,
                                                     question.furiten, self.controller.countdown, self.open_menu)
            self.app.stack.push(self.move_question)
        self._sync_buttons()

    def _drop_superseded(self, notice: Notice) -> None:
        """News of another seat's person goes, unread or on the table, when newer news of them
        comes (`Notice.about`): a connection that dropped and came back several times in a
        few seconds left a card for each change, each shown in turn, and "Waiting for Bob to
        reconnect" read on long after Bob was back."""
        if notice.about is None:
            return
        def stale(card: Notice) -> bool:
            return card.seat == notice.seat and card.about == notice.about
        self.next_cards = deque(card for card in self.next_cards if not stale(card))
        if self.card is not None and stale(self.card):
            self.card = None  # the newer news takes its place at once

    def _show_card(self, notice: Notice) -> None:
        more = any(card.seat == notice.seat for card in self.next_cards)
        self.card, self.card_left = notice, CARD_HANDOVER_S if more else NOTICE_CARD_S
        self.app.audio.play("button")

    def moment_s(self) -> float:
        """How long the end of this hand is shown on the table before its result (0: instant)."""
        speed = self.app.settings.animation_speed
        if speed <= 0:
            return 0.0
        return (DRAW_MOMENT_S if self.controller.drawn else RON_MOMENT_S) / speed

    def _towards_result(self, dt: float) -> None:
        self._sync_buttons()
        if self.result_open:
            return
        if self.end_seen:
            self.end_wait += dt
        self.end_seen = True
        if self.end_wait >= self.moment_s():
            self.open_result()

    def open_result(self) -> None:
        """The hand's result over the table; the standings on the table change with it."""
        if self.result_open or not self.controller.kyoku_over:
            return
        self.result_open = True
        self.controller.show_result()
        news = self.controller.next_news if isinstance(self.controller, RemoteTable) else None
        self.screens.result(self.controller.result_frame, self.next_kyoku, news, self.controller.result_gate())

    def next_kyoku(self) -> None:
        if self.controller.match_over:
            self.match_ended()
            return
        self.controller.next_kyoku()
        self._reset_kyoku_state()
        self._sync_buttons()

    def match_ended(self) -> None:
        if isinstance(self.controller, RemoteTable):
            self.screens.joined_summary(self.controller)
        else:
            assert self.session is not None
            self.screens.summary(self.session)

    def _raise_curtain(self, seat: int) -> None:
        self.controller.cover(seat)
        self.flight = None  # it started from the other player's side of the table
        self._sync_buttons()
        assert self.session is not None  # a curtain is raised between people at this computer
        self.screens.curtain(self.session, seat, lambda: self.lift_curtain(seat), self.open_menu)
        self.curtain = (self.app.stack.top, seat)

    def lift_curtain(self, seat: int) -> None:
        """The person called for has the screen now: their private view may be drawn."""
        self.controller.lift_curtain(seat)
        self.dora_controls = None  # the side walls are seen from another seat now

    # --- engine events: sound and motion ------------------------------------------------

    def _react(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, Discarded) and event.seat == self.viewer and self.place(event.seat) == 0:
                self.pool_controls.keep_gap(POOL_SIZE - len(self.controller.view(event.seat).rivers[event.seat]) + 1)
        flip, flight = sound_and_motion(events, self.app.audio.play, self.app.settings.animation_speed > 0,
                                        self._flight_start)
        self.flip = flip or self.flip
        self.flight = flight or self.flight

    def _flight_start(self, seat: int) -> tuple[int, int]:
        """Where a discard leaves from: the pointer's pool tile, or the middle of a pool."""
        left = POOL_SIZE - len(self.controller.view(seat).rivers[seat])
        place = self.place(seat)
        if place == 0:
            controls = self.pool_controls
            if controls.gap is not None and controls.gap[0] == left + 1:
                return layout.pool_rect(controls.gap[1], left + 1).topleft
            index = controls.hover if controls.hover is not None else left // 2
            return layout.pool_rect(min(index, left), left + 1).topleft
        return pool_centre(layout.for_players(self.controller.rules.players), place, left + 1)

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        cursor_shown = self.keyboard
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.keyboard = False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if self.controller.kyoku_over and not self.result_open and event.type in (pygame.KEYDOWN,
                                                                                 pygame.MOUSEBUTTONDOWN):
            if event.type == pygame.MOUSEBUTTONDOWN or self.end_wait >= KEY_GUARD_S:
                self.open_result()  # the moment of the win is skipped
            return True  # a key on its way when the hand ended was meant for a move
        mode = self.mode()
        if mode == TableMode.DORA:
            return self._dora_controls().handle_event(event)
        if mode == TableMode.BUILD:
            return self._build_event(event)
        if self.shown_private_seat is not None:
            view = self.controller.view(self.shown_private_seat)
            return self.pool_controls.handle_event(event, view.pool, mode == TableMode.DISCARD, cursor_shown)
        return False

    def _button_pressed(self, element: object) -> bool:
        name = next((name for name, button in self.buttons.items() if button is element), None)
        if name == "menu":
            self.open_menu()
        elif name == "leave":
            self.leave_table()
        elif name == "confirm":
            self.confirm_build()
        elif name is not None:
            self.build_command(name)
        return name is not None

    def _build_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in BUILD_KEYS:
            self.build_command(BUILD_KEYS[event.key])
            return True
        if event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS:
            self.confirm_build()
            return True
        used = self._build_controls().handle_event(event)
        self._sync_buttons()
        return used

    def _build_controls(self) -> BuildControls:
        seat = self.viewer
        assert seat is not None
        if seat not in self.build_controls:
            self.build_controls[seat] = BuildControls(self.builds[seat], self.app.audio.play)
        return self.build_controls[seat]

    def _dora_controls(self) -> DoraControls:
        if self.dora_controls is None:
            places = {wall: self.controller.wall_place(wall) for wall in side_walls(self.controller.rules.players)}
            self.dora_controls = DoraControls(places, self.choose_dora)
        return self.dora_controls

    def _play(self, seat: int, action: Action) -> None:
        self._react(self.controller.play(seat, action))
        self._sync_buttons()

    def choose_dora(self, wall: int, stack: int) -> None:
        if self.mode() == TableMode.DORA and self.viewer is not None:
            self._play(self.viewer, ChooseDora(self.viewer, wall, stack))

    def build_command(self, command: str) -> None:
        if self.mode() != TableMode.BUILD:
            return
        assert self.viewer is not None
        state = self.builds[self.viewer]
        if command == "sort":
            state.sort()
        elif command == "clear":
            state.clear()
        elif command == "suggest":
            helper = self.helpers[self.viewer]
            suggestion = helper.suggest(state.hand)
            if suggestion is not None:
                state.replace(suggestion)
                self.app.audio.play("tile_placed")
            elif not helper.answered:
                helper.want_suggestion()  # filled by _serve_suggestion when the answer comes
        self._sync_buttons()

    def _serve_suggestion(self) -> None:
        """Suggest pressed before the helper's first answer: fill the hand as soon as it comes."""
        if self.mode() != TableMode.BUILD or self.viewer not in self.helpers:
            return
        state = self.builds[self.viewer]
        suggestion = self.helpers[self.viewer].take_suggestion(state.hand)
        if suggestion is not None:
            state.replace(suggestion)
            self.app.audio.play("tile_placed")
            self._sync_buttons()

    def confirm_build(self) -> None:
        seat = self.viewer
        if self.mode() != TableMode.BUILD or seat is None or not self.builds[seat].full:
            return
        report = self.helper_report()
        if report is not None and report.mangan_tenpai:
            self._build(seat)
        else:
            tenpai = bool(report is not None and report.tenpai)
            floor = self.controller.rules.floor_applies
            luck = report.luck if report is not None else ()
            self.move_question = prompts.build_anyway(self.app, tenpai, lambda: self._build(seat), floor,
                                                      self.controller.countdown, luck)
            self.app.stack.push(self.move_question)

    def _build(self, seat: int) -> None:
        if self.mode() == TableMode.BUILD and self.viewer == seat:
            self._play(seat, BuildHand(seat, self.builds[seat].text()))

    def request_discard(self, tile: int) -> None:
        seat = self.viewer
        if seat is None or self.mode() != TableMode.DISCARD:
            return
        view = self.controller.view(seat)
        code = tile_code(tile, self.controller.rules.red_fives)
        if view.discard_fixes_furiten(tile):
            self.move_question = prompts.discard_own_wait(self.app, code, lambda: self._discard(seat, code),
                                                          self.controller.countdown)
            self.app.stack.push(self.move_question)
        else:
            self._discard(seat, code)

    def _discard(self, seat: int, code: str) -> None:
        if self.mode() == TableMode.DISCARD and self.viewer == seat:
            self._play(seat, Discard(seat, code))

    def _decide(self, seat: int, ron: bool) -> None:
        if self.mode() == TableMode.RON and self.viewer == seat:
            self._play(seat, Ron(seat) if ron else Pass(seat))

    def open_menu(self) -> None:
        if self.session is None:
            self.screens.joined_pause()  # the match goes on at the host
        else:
            self.screens.pause()

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        seat = self.controller.shown_private_seat
        controls = self._build_controls() if seat is not None and seat in self.builds else None
        ui = TableUi(self.keyboard, self.pool_controls, controls, self.pointed_stack(), self.flight, self.flip)
        frame = self.controller.frame()
        draw_table(surface, self.app.art, self.app.text, frame, ui)
        if self.card is not None:
            title = _("Your winning tile") if self.card.tile is not None else _("At the table")
            draw_notice_card(surface, self.app.art, self.app.text, title, str(self.card.text),
                             self.card.tile, min(1.0, self.card_left), card_room(frame))
