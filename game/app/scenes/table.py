"""The table: one hand after another, from the dora flip to the result.

The scene turns the player's input into engine actions and the engine's events into
sound and motion; every rule (what may be discarded, when ron is allowed, furiten) is
the engine's. It also keeps the table private: a player's own tiles are drawn only
while that player is the `viewer`; with two players at one screen a curtain goes up
whenever the other player must act, and nothing private is drawn until it is lifted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app import layout
from game.app.animation import DISCARD_SECONDS, FLIP_SECONDS, DiscardFlight, DoraFlip
from game.app.builder import BuildState
from game.app.controls.build import BuildControls
from game.app.controls.dora import DoraControls
from game.app.controls.pool import PoolControls
from game.app.helper import BuildHelper, HelperReport, warm_up
from game.app.pacing import Pacer
from game.app.scene import Scene
from game.app.scenes import prompts
from game.app.session import HOTSEAT, Session
from game.app.views.seats import opponent_pool_rect
from game.app.views.table_view import POOL_SIZE, draw_table
from game.engine.actions import BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.events import Discarded, DoraFlipped, Event, ExhaustiveDraw, HandBuilt, RiichiDeclared, Won
from game.engine.hand import Phase
from game.engine.table import side_walls
from game.engine.tiles import tile_code

if TYPE_CHECKING:
    from game.app.window import App

RESULT_PAUSE_S = 1.2
BUILD_BUTTONS = (("sort", "Sort (S)"), ("suggest", "Suggest (G)"), ("clear", "Clear (C)"),
                 ("confirm", "Confirm (Enter)"))
BUILD_KEYS = {pygame.K_s: "sort", pygame.K_g: "suggest", pygame.K_c: "clear"}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
MODES = {Phase.DORA: "dora", Phase.BUILD: "build", Phase.DISCARD: "discard", Phase.RON: "ron"}
EVENT_SOUNDS = {RiichiDeclared: "riichi", HandBuilt: "tile_placed", Won: "ron", ExhaustiveDraw: "draw"}


class TableScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.pacer = Pacer(session, app.executor, builders=app.analysis_pool)
        self.hotseat = session.plan.mode == HOTSEAT
        self.viewer: int | None = None if self.hotseat else session.plan.humans[0]
        """The seat whose private tiles may be drawn now; None while the curtain is up."""
        self.bottom = session.plan.humans[0]
        """The seat drawn at the bottom of the table (the player at the screen)."""
        self.keyboard = False
        self.buttons: dict[str, UIButton] = {}
        app.analysis_pool.submit(warm_up)  # start the analysis worker while the dora is chosen
        self._reset_hand_state()

    def _reset_hand_state(self) -> None:
        self.hand_number = self.session.match.hand_number
        self.builds: dict[int, BuildState] = {}
        self.helpers: dict[int, BuildHelper] = {}
        self.build_controls: dict[int, BuildControls] = {}
        self.pool_controls = PoolControls(self.request_discard)
        self.dora_controls: DoraControls | None = None
        self.flight: DiscardFlight | None = None
        self.flip: DoraFlip | None = None
        self.clock = 0.0
        self.clock_key: tuple[object, ...] | None = None
        self.end_wait = 0.0
        self.result_open = False
        self._report_key: tuple[object, ...] | None = None
        self._report: HelperReport | None = None

    # --- scene lifecycle --------------------------------------------------------------

    def enter(self) -> None:
        x, y, width, height = layout.BUILD_BUTTONS
        for index, (name, label) in enumerate(BUILD_BUTTONS):
            self._button(name, label, pygame.Rect(x, y + index * (height + 12), width, height))
        self._button("menu", "Menu (Esc)", pygame.Rect(1130, 14, 134, 38))
        self._sync_buttons()

    def _button(self, name: str, label: str, rect: pygame.Rect) -> None:
        button = UIButton(rect, label, self.app.manager,
                          object_id=ObjectID(object_id=f"#{name}", class_id="@small_button"))
        self.buttons[name] = button
        self.elements.append(button)

    def uncover(self) -> None:
        super().uncover()
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        """The building buttons show only while the viewer builds; Confirm needs 13 tiles."""
        building = self.mode() == "build"
        for name, _ in BUILD_BUTTONS:
            button = self.buttons[name]
            if building != button.visible:
                button.show() if building else button.hide()
        if building:
            full = self.builds[self.viewer].full
            confirm = self.buttons["confirm"]
            if full != confirm.is_enabled:
                confirm.enable() if full else confirm.disable()

    # --- what the viewer may do ---------------------------------------------------------

    @property
    def shown_private_seat(self) -> int | None:
        """The seat whose own tiles this frame draws (None: only what everyone may see)."""
        if self.viewer is None or self.viewer != self.bottom or self.session.busy:
            return None
        return None if self.session.view(self.viewer).phase is Phase.DORA else self.viewer

    def mode(self) -> str:
        """dora, build, discard, ron or watch: what the viewer's input means now."""
        if self.viewer is None or self.session.busy or self.viewer in self.pacer.stand_ins:
            return "watch"
        view = self.session.view(self.viewer)
        if not view.legal_actions or (view.phase is Phase.BUILD and self.viewer not in self.builds):
            return "watch"
        return MODES.get(view.phase, "watch")

    def wall_place(self, wall: int) -> int:
        return layout.relative_place(wall, layout.seat_wall(self.session.rules.players, self.bottom))

    def place(self, seat: int) -> int:
        return self.wall_place(layout.seat_wall(self.session.rules.players, seat))

    def pointed_stack(self) -> tuple[int, int] | None:
        """The side-wall stack under the pointer (or the keyboard cursor) while choosing the dora."""
        if self.mode() != "dora" or self.dora_controls is None:
            return None
        return self.dora_controls.cursor if self.keyboard else self.dora_controls.hover

    def helper_report(self) -> HelperReport | None:
        """The helper's view of the viewer's current selection (recomputed when it changes)."""
        if self.viewer is None or self.viewer not in self.builds:
            return None
        state, helper = self.builds[self.viewer], self.helpers[self.viewer]
        key = (self.viewer, state.revision, helper.progress)
        if key != self._report_key:
            self._report_key, self._report = key, helper.report(state.hand)
        return self._report

    # --- update -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._react(self.session.poll())
        speed = self.app.settings.animation_speed
        for animation in (self.flight, self.flip):
            if animation is not None:
                animation.advance(dt, speed)
        if self.session.busy:
            return
        if self.session.match.hand_number != self.hand_number:
            self._reset_hand_state()
        if self.session.hand_over:
            self._towards_result(dt)
            return
        self._react(self.pacer.update(dt, self.app.settings.ai_delay_s))
        if self.session.busy or self.session.hand_over:
            return
        self._prepare_builds()
        active = self.session.next_human()
        if self.hotseat and active is not None and active != self.viewer:
            self._raise_curtain(active)
            return
        self._sync_buttons()
        if self.viewer is None or active != self.viewer:
            return
        if self.flight is not None and not self.flight.done:
            return  # let the discard land before asking about it
        told = self.session.take_notice(self.viewer)
        if told is not None:
            self.app.stack.push(prompts.notice(self.app, told))
        elif self.mode() == "ron":
            self._offer_ron(self.viewer)
        else:
            self._serve_suggestion()
            self._tick_clock(dt)

    def _towards_result(self, dt: float) -> None:
        self._sync_buttons()
        if self.result_open:
            return
        self.end_wait += dt
        if self.end_wait >= RESULT_PAUSE_S * min(1.0, self.app.settings.animation_speed or 0.25):
            from game.app.scenes.result import ResultScene

            self.result_open = True
            self.app.stack.push(ResultScene(self.app, self.session, self.next_hand))

    def next_hand(self) -> None:
        if self.session.match.over:
            from game.app.scenes.summary import SummaryScene

            self.app.stack.reset(SummaryScene(self.app, self.session))
            return
        self.session.next_hand()
        self._reset_hand_state()
        self._sync_buttons()

    def _raise_curtain(self, seat: int) -> None:
        from game.app.scenes.curtain import CurtainScene

        self.viewer = None
        self.bottom = seat
        self.flight = None  # it started from the other player's side of the table
        self._sync_buttons()
        self.app.stack.push(CurtainScene(self.app, self, seat))

    def lift_curtain(self, seat: int) -> None:
        """The player called for has the screen now: their private view may be drawn."""
        self.viewer = seat
        self.bottom = seat
        self.dora_controls = None  # the side walls are seen from the other end now

    def _prepare_builds(self) -> None:
        for seat in self.session.plan.humans:
            view = self.session.view(seat)
            if view.phase is not Phase.BUILD or view.hand is not None or seat in self.builds:
                continue
            assert view.wall is not None
            state = BuildState(view.wall, self.session.rules.red_fives)
            self.builds[seat] = state
            self.build_controls[seat] = BuildControls(state, self.app.audio.play)
            self.helpers[seat] = BuildHelper(view.wall, self.session.hand.seat_wind_kind(seat),
                                             view.dora_indicator, self.session.rules, self.app.analysis_pool,
                                             fallback=self.app.executor)

    # --- time limits --------------------------------------------------------------------

    def time_limit(self) -> float | None:
        rules = self.session.rules
        return {"build": rules.build_time_s, "discard": rules.discard_time_s}.get(self.mode())

    def _decision_key(self, seat: int) -> tuple[object, ...]:
        """One decision of one seat: each gets the whole time limit for it."""
        view = self.session.view(seat)
        return (self.hand_number, seat, view.phase, len(view.rivers[seat]))

    def countdown(self) -> float | None:
        limit = self.time_limit()
        if limit is None or self.viewer is None:
            return None
        return limit - (self.clock if self.clock_key == self._decision_key(self.viewer) else 0.0)

    def _tick_clock(self, dt: float) -> None:
        seat = self.viewer
        limit = self.time_limit()
        if seat is None or limit is None:
            return
        key = self._decision_key(seat)
        if key != self.clock_key:
            self.clock_key, self.clock = key, 0.0
        self.clock += dt
        if self.clock < limit:
            return
        if self.mode() == "build":
            # The deadline: what the player chose is kept and completed by the engine.
            self.session.apply_in_background(BuildHand(seat, self.builds[seat].text(), complete=True))
        elif self.mode() == "discard" and not self.pacer.thinking(seat):
            self.pacer.stand_in(seat)

    # --- engine events: sound and motion ------------------------------------------------

    def _react(self, events: list[Event]) -> None:
        animate = self.app.settings.animation_speed > 0
        for event in events:
            if isinstance(event, DoraFlipped):
                self.app.audio.play("dora_flip")
                if animate and event.wall is not None and event.stack is not None:
                    self.flip = DoraFlip(FLIP_SECONDS, wall=event.wall, stack=event.stack)
            elif isinstance(event, Discarded):
                self.app.audio.play("riichi" if event.riichi else "discard")
                if animate:
                    start = self._flight_start(event.seat)
                    self.flight = DiscardFlight(DISCARD_SECONDS, seat=event.seat, start=start)
            elif type(event) in EVENT_SOUNDS:
                self.app.audio.play(EVENT_SOUNDS[type(event)])

    def _flight_start(self, seat: int) -> tuple[int, int]:
        """Where a discard leaves from: the pointer's pool tile, or the middle of a pool."""
        left = POOL_SIZE - len(self.session.view(seat).rivers[seat])
        if self.place(seat) == 0:
            index = self.pool_controls.hover if self.pool_controls.hover is not None else left // 2
            return layout.pool_rect(min(index, left), left + 1).topleft
        return opponent_pool_rect(left // 2, left + 1).topleft

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.keyboard = False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        mode = self.mode()
        if mode == "dora":
            return self._dora_controls().handle_event(event)
        if mode == "build":
            return self._build_event(event)
        if self.shown_private_seat is not None:
            view = self.session.view(self.shown_private_seat)
            return self.pool_controls.handle_event(event, view.pool, mode == "discard")
        return False

    def _button_pressed(self, element: object) -> bool:
        name = next((name for name, button in self.buttons.items() if button is element), None)
        if name == "menu":
            self.open_menu()
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
        assert self.viewer is not None
        used = self.build_controls[self.viewer].handle_event(event)
        self._sync_buttons()
        return used

    def _dora_controls(self) -> DoraControls:
        if self.dora_controls is None:
            places = {wall: self.wall_place(wall) for wall in side_walls(self.session.rules.players)}
            self.dora_controls = DoraControls(places, self.choose_dora)
        return self.dora_controls

    def choose_dora(self, wall: int, stack: int) -> None:
        if self.mode() == "dora" and self.viewer is not None:
            self._react(self.session.apply(ChooseDora(self.viewer, wall, stack)))

    def build_command(self, command: str) -> None:
        if self.mode() != "build":
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
        if self.mode() != "build" or self.viewer not in self.helpers:
            return
        state = self.builds[self.viewer]
        suggestion = self.helpers[self.viewer].take_suggestion(state.hand)
        if suggestion is not None:
            state.replace(suggestion)
            self.app.audio.play("tile_placed")
            self._sync_buttons()

    def confirm_build(self) -> None:
        seat = self.viewer
        if self.mode() != "build" or seat is None or not self.builds[seat].full:
            return
        report = self.helper_report()
        if report is not None and report.mangan_tenpai:
            self._build(seat)
        else:
            tenpai = bool(report is not None and report.tenpai)
            self.app.stack.push(prompts.build_anyway(self.app, tenpai, lambda: self._build(seat)))

    def _build(self, seat: int) -> None:
        if self.mode() == "build" and self.viewer == seat:
            self._react(self.session.apply(BuildHand(seat, self.builds[seat].text())))
            self._sync_buttons()

    def request_discard(self, tile: int) -> None:
        seat = self.viewer
        if seat is None or self.mode() != "discard":
            return
        view = self.session.view(seat)
        code = tile_code(tile, self.session.rules.red_fives)
        if tile // 4 in view.waits and not view.furiten:
            self.app.stack.push(prompts.discard_own_wait(self.app, code, lambda: self._discard(seat, code)))
        else:
            self._discard(seat, code)

    def _discard(self, seat: int, code: str) -> None:
        if self.mode() == "discard" and self.viewer == seat:
            self._react(self.session.apply(Discard(seat, code)))

    def _offer_ron(self, seat: int) -> None:
        if self.app.settings.auto_ron:
            self._decide(seat, True)
            return
        view = self.session.view(seat)
        assert view.ron_tile is not None and view.last_discard is not None
        code = tile_code(view.ron_tile, self.session.rules.red_fives)
        discarder = self.session.wind(view.last_discard[0])
        dialog = prompts.ron_or_pass(self.app, discarder, code, lambda ron: self._decide(seat, ron))
        self.app.stack.push(dialog)

    def _decide(self, seat: int, ron: bool) -> None:
        if self.mode() == "ron" and self.viewer == seat:
            self._react(self.session.apply(Ron(seat) if ron else Pass(seat)))

    def open_menu(self) -> None:
        from game.app.scenes.pause import pause_menu

        self.app.stack.push(pause_menu(self.app))

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self)
