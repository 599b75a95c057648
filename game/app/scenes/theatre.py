"""The replay theatre: a match record on the table, stepped by action, discard round or hand,
or played at a chosen speed, from any seat's point of view or with every hand open.

The `Playback` (game/engine/playback.py) holds every step; this scene only moves its cursor
and draws the step with the table's own views, and each hand's result with the result
screen's own panel (views/result_panel.py), as live play showed them.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.app.controls.pool import PoolControls
from game.app.play.result_frame import result_frame
from game.app.play.table_frame import place_of_seat
from game.app.play.table_words import seat_wind
from game.app.scene import Scene, Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.scenes.prompts import nothing
from game.app.theatre.theatre_bar import GAP, LEAST_MARGIN, button_widths
from game.app.theatre.theatre_frame import OPEN, TheatreFrame, seat_names, theatre_frame, waiting_on
from game.app.theatre.theatre_overlays import (
    BuildReview,
    DiscardDanger,
    build_request,
    discard_dangers,
    discard_turns,
    review_build,
)
from game.app.views import legible
from game.app.views.open_hands import draw_bottom_wall, draw_closed_bottom_wall, draw_open_seat, open_rects
from game.app.views.overlay_panels import draw_build_review, draw_danger, draw_waiting
from game.app.views.result_panel import ResultPanel
from game.app.views.seats import pool_centre
from game.app.views.table_view import TableUi, draw_table
from game.app.window import layout
from game.app.window.animation import DiscardFlight, DoraFlip, in_motion, sound_and_motion
from game.app.window.palette import SOFT, WARN
from game.app.words import i18n
from game.app.words.i18n import N_, Later, Message, _
from game.app.words.system_words import record_damage
from game.engine.kyoku import POOL_SIZE, Phase
from game.engine.playback import NoKyokuToShow, Playback, read_for_playback
from game.engine.record import LineDamage, RecordError

T = TypeVar("T")

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Steps per second while playing."""
DEFAULT_SPEED = 2
RESULT_HOLD = 4
"""While playing, a hand's result stays this many steps' time."""
BAR = pygame.Rect(196, 705, 1074, 23)
"""The control bar lies between the bottom seat's pool (and the mark under its chosen tile) and
its hand, right of its name plate: the felt free there at every step of a match."""
BAR_X, BAR_Y, BUTTON_H = BAR.left, BAR.top, BAR.height
COUNTER_GAP = 8
"""Between the last button and the step counter."""
RESULT_PANEL = pygame.Rect(layout.RESULT_PANEL.topleft,
                           (layout.RESULT_PANEL.width, BAR_Y - 8 - layout.RESULT_PANEL.top))
"""A hand's result over the table, ending above the bar (where the game's has its Next button)."""
SHIFT = pygame.KMOD_SHIFT
STEP_KEYS = {pygame.K_RIGHT: "forward", pygame.K_LEFT: "back", pygame.K_PERIOD: "forward_round",
             pygame.K_COMMA: "back_round", pygame.K_PAGEDOWN: "forward_hand", pygame.K_PAGEUP: "back_hand",
             pygame.K_HOME: "first", pygame.K_END: "last"}
SHIFTED = {"forward": "forward_round", "back": "back_round"}
BUTTONS = (("back_hand", N_("<< Hand")), ("back_round", N_("< Round")), ("back", N_("< Step")),
           ("play", ""), ("forward", N_("Step >")), ("forward_round", N_("Round >")),
           ("forward_hand", N_("Hand >>")), ("speed", ""), ("view", ""), ("result", ""),
           ("builds", ""), ("danger", ""))
"""The bar's buttons, left to right, with their fixed labels (the others say their state)."""
ELLIPSIS = "…"
HAND_MENU = pygame.Rect(layout.MENU_BUTTON.left - 104, layout.MENU_BUTTON.top, 96, layout.MENU_BUTTON.height)
"""Beside the Back button: a drop-down's text needs more height than the bar has."""
OVERLAY_KEYS = {pygame.K_b: "builds", pygame.K_d: "danger"}
CAPTION = N_("17 Steps — 十七歩")
BANNER = (30, 12, 8)
BANNER_BESIDE = pygame.Rect(868, 486, 276, 128)
"""Where the table leaves room for the divergence or damage notice, at 2, 3 and 4 seats:
right of the bottom seat's river, under the overlays, left of the right seat."""
BANNER_ABOVE = pygame.Rect(200, 6, 816, 52)
"""Over a hand's result: above its panel, left of the hand menu."""
BANNER_LEADING = 4
"""Between the banner's rows, beyond the type's size."""


OVERLAY_AREAS = {3: pygame.Rect(116, 268, 404, 340)}
"""Where an overlay panel lies where the helper's place is not free: at three seats the right
seat's open tiles lie there, and the felt left of the centre holds no seat (between the side
wall, its turned indicator, the dora and the bottom seat's pool)."""


class TheatreScene(Scene):
    def __init__(self, app: Services, playback: Playback, title: str) -> None:
        super().__init__(app)
        self.playback = playback
        self.title = title
        self.rules = playback.rules
        self.names = seat_names(playback.lines[0], self.rules.players)
        self.point_of_view: int | str = OPEN
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.clock = 0.0
        self.show_result = True
        self.overlays = {"builds": False, "danger": False}
        self._reviews: dict[tuple[int, int], Future[BuildReview]] = {}
        self._dangers: dict[tuple[int, int], Future[dict[int, DiscardDanger]]] = {}
        self.buttons: dict[str, UIButton] = {}
        self.kyoku_menu: UIDropDownMenu | None = None
        self.menu_kyoku: int | None = None
        self.pool_controls = PoolControls(lambda _index: None)
        self.flight: DiscardFlight | None = None
        self.flip: DoraFlip | None = None
        self._results: dict[int, ResultPanel] = {}

    # --- gui -------------------------------------------------------------------------

    def enter(self) -> None:
        self._make_bar()
        back = UIButton(layout.MENU_BUTTON, _("Back (Esc)"), self.app.manager,
                        object_id=ObjectID(object_id="#theatre_back", class_id="@small_button"))
        self.elements.append(back)
        self.buttons["back_to_title"] = back
        self._sync_kyoku_menu()
        self._refresh_labels()
        pygame.display.set_caption(_("17 Steps — theatre: {file}").format(file=self.title))

    def _make_bar(self) -> None:
        """The bar's buttons, sized for their labels in the language spoken (made again on a
        switch): the type is placed higher for Latin letters, whose descenders go lower."""
        latin = legible.smallest() == legible.LATIN
        look = ObjectID(class_id="@bar_button" if latin else "@bar_button_cjk")
        for name, _label in BUTTONS:
            old = self.buttons.pop(name, None)
            if old is not None:
                self.elements.remove(old)
                old.kill()
            button = UIButton(pygame.Rect(BAR.topleft, (40, BAR.height)), "", self.app.manager,
                              object_id=ObjectID(object_id=f"#theatre_{name}", class_id=look.class_id))
            self.elements.append(button)
            self.buttons[name] = button
        widest = {name: max(self.buttons[name].font.size(label)[0] for label in labels)
                  for name, labels in self._labels().items()}
        steps = len(self.playback.steps)
        widest_count = f"{steps}/{steps}" if steps else _("Nothing to show")
        counter = self.app.text.font(legible.at_least(14)).size(widest_count)[0]
        widths = button_widths(widest, BAR.width - COUNTER_GAP - counter, "view")
        x = BAR.left
        for name, _label in BUTTONS:
            self.buttons[name].set_dimensions((widths[name], BAR.height))
            self.buttons[name].set_relative_position((x, BAR.top))
            x += widths[name] + GAP

    def _labels(self) -> dict[str, list[str]]:
        """Every label each bar button can show, its present one first."""
        shown = {"result": self.show_result, **self.overlays}
        on = {"result": _("Result: on"), "builds": _("Builds: on"), "danger": _("Danger: on")}
        off = {"result": _("Result: off"), "builds": _("Builds: off"), "danger": _("Danger: off")}
        speeds = [_("{speed} steps/s").format(speed=i18n.format_number(speed, len(f"{speed:g}".partition(".")[2])))
                  for speed in SPEEDS]
        views = [_("View: all open"), *(_("View: {seat}").format(seat=name) for name in self.names)]
        view = 0 if self.point_of_view == OPEN else 1 + int(self.point_of_view)
        labels = {name: [_(label)] for name, label in BUTTONS if label}
        labels["play"] = [_("Pause"), _("Play")] if self.playing else [_("Play"), _("Pause")]
        labels["speed"] = [speeds[self.speed], *speeds]
        labels["view"] = [views[view], *views]
        for name, showing in shown.items():
            labels[name] = [on[name], off[name]] if showing else [off[name], on[name]]
        return labels

    def relabel(self) -> None:
        self._results.clear()  # their words are made again in the new language
        self._make_bar()
        self.buttons["back_to_title"].set_text(_("Back (Esc)"))
        self.menu_kyoku = None
        if self.kyoku_menu is not None:
            self.elements.remove(self.kyoku_menu)
            self.kyoku_menu.kill()
            self.kyoku_menu = None
        self._sync_kyoku_menu()
        self._refresh_labels()

    def leave(self) -> None:
        super().leave()
        pygame.display.set_caption(_(CAPTION))

    def _sync_kyoku_menu(self) -> None:
        """The hand menu names the hand on the table (made again when the hand changes)."""
        current = self.playback.step.kyoku if self.playback.steps else None
        if self.kyoku_menu is not None:
            if self.menu_kyoku == current:
                return
            self.elements.remove(self.kyoku_menu)
            self.kyoku_menu.kill()
        self.menu_kyoku = current
        # The option ids stay English ("Hand 3"): the menu's answer is read from them.
        hands = [(_("Hand {number}").format(number=n), f"Hand {n}") for n in self.playback.hands] \
            or [(_("no hand"), "none")]
        start = next((option for option in hands if option[1] == f"Hand {current}"), hands[0])
        self.kyoku_menu = UIDropDownMenu(hands, start, HAND_MENU,
                                        self.app.manager, expansion_height_limit=300)
        self.elements.append(self.kyoku_menu)

    def _refresh_labels(self) -> None:
        for name, labels in self._labels().items():
            self.buttons[name].set_text(labels[0])
        if self.point_of_view != OPEN:
            self._shorten_view(self.names[int(self.point_of_view)])

    def _shorten_view(self, seat: str) -> None:
        """A seat name too long for the view button, cut short (the sentence around it whole)."""
        button = self.buttons["view"]
        room = button.rect.width - 2 * LEAST_MARGIN
        kept = len(seat)
        while button.font.size(button.text)[0] > room and kept > 0:
            kept -= 1
            button.set_text(_("View: {seat}").format(seat=seat[:kept] + ELLIPSIS))

    # --- input -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.command(name)
                    return True
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.kyoku_menu:
            if event.selected_option_id != "none":
                self.jump_to_kyoku(int(event.selected_option_id.split()[-1]))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key in STEP_KEYS:
            name = STEP_KEYS[key]
            self.command(SHIFTED.get(name, name) if event.mod & SHIFT else name)
        elif key == pygame.K_SPACE:
            self.command("play")
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif key == pygame.K_v:
            self.command("view")
        elif key == pygame.K_r:
            self.command("result")
        elif key in OVERLAY_KEYS:
            self.command(OVERLAY_KEYS[key])
        elif pygame.K_1 <= key <= pygame.K_9:
            self.jump_to_kyoku(key - pygame.K_0)
        elif key == pygame.K_ESCAPE:
            menu = self.kyoku_menu
            if menu is not None and menu.current_state is menu.menu_states["expanded"]:
                menu.unfocus()  # the first Esc closes the open hand menu, the next leaves
            else:
                self.command("back_to_title")
        else:
            return False
        return True

    def command(self, name: str) -> None:
        playback = self.playback
        moves: dict[str, Any] = {
            "forward": playback.forward, "back": playback.back, "forward_round": playback.forward_round,
            "back_round": playback.back_round, "forward_hand": playback.forward_kyoku,
            "back_hand": playback.back_kyoku, "first": lambda: playback.go(0),
            "last": lambda: playback.go(len(playback.steps) - 1),
        }
        if name in moves:
            self.playing = False
            if playback.steps:
                before = playback.position
                moves[name]()
                self._react(playback.position == before + 1)
        elif name == "play":
            self.playing = not self.playing and bool(playback.steps) and not playback.at_end
            self.clock = 0.0
        elif name == "speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
        elif name == "view":
            seats = [*range(self.rules.players), OPEN]
            self.point_of_view = seats[(seats.index(self.point_of_view) + 1) % len(seats)]
        elif name == "result":
            self.show_result = not self.show_result
        elif name in self.overlays:
            self.overlays[name] = not self.overlays[name]
        elif name == "back_to_title":
            self.app.stack.remove(self)
            return
        self._refresh_labels()

    def change_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        self._refresh_labels()

    def jump_to_kyoku(self, number: int) -> None:
        if number in self.playback.hands:
            self.playing = False
            self.playback.jump_to_kyoku(number)
            self._react(False)
            self._refresh_labels()

    def _react(self, one_step_on: bool) -> None:
        """Sound and motion for a step played forward, as live play has them; none for a
        step back or a jump."""
        self.flight = self.flip = None
        if not one_step_on:
            return
        self.flip, self.flight = sound_and_motion(self.playback.step.events, self.app.audio.play,
                                                  self.app.settings.animation_speed > 0, self._flight_start)

    def _flight_start(self, seat: int) -> tuple[int, int]:
        """Where a discard leaves from: the middle of the seat's pool."""
        left = POOL_SIZE - len(self.playback.step.views[seat].rivers[seat])
        bottom = 0 if self.point_of_view == OPEN else int(self.point_of_view)
        place = place_of_seat(self.rules.players, seat, bottom)
        if place == 0:
            return layout.pool_rect(left // 2, left + 1).topleft
        table = layout.for_players(self.rules.players)
        if self.point_of_view == OPEN:  # from the pool as it lies face up
            pool = open_rects(table, place, left + 1)[1]
            return pool[len(pool) // 2].topleft
        return pool_centre(table, place, left + 1)

    # --- time ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._sync_kyoku_menu()
        self.animate(dt)
        if not self.playing:
            return
        self.clock += dt
        if self.clock >= self._step_interval():
            self.clock = 0.0
            self.playback.forward()
            self._react(True)
            if self.playback.at_end:
                self.playing = False
                self._refresh_labels()

    def animate(self, dt: float) -> None:
        """The discard in flight and the dora turning over. Under a dialog only these go on,
        as at the table: the step under way finishes moving and playing waits (its clock
        stopped, Pause still offered) for the theatre to be on top again, so no step passes
        unseen behind the dialog's shade."""
        for animation in (self.flight, self.flip):
            if animation is not None:
                animation.advance(dt, self.app.settings.animation_speed)

    def animating(self) -> bool:
        return in_motion((self.flight, self.flip), self.app.settings.animation_speed)

    def _step_interval(self) -> float:
        """Seconds between two steps while playing; a hand's result is held longer."""
        interval = 1.0 / SPEEDS[self.speed]
        return interval * RESULT_HOLD if self.playback.step.phase is Phase.END else interval

    def next_change(self) -> float | None:
        """Frames while a tile flies or turns or the hand menu is behind; while playing, the
        next step's time."""
        behind = bool(self.playback.steps) and self.menu_kyoku != self.playback.step.kyoku
        if behind or self.animating():
            return 0.0
        return max(0.0, self._step_interval() - self.clock) if self.playing else None

    # --- drawing ---------------------------------------------------------------------

    def frame(self) -> TheatreFrame | None:
        if not self.playback.steps:
            return None
        return theatre_frame(self.playback.step, self.names, self.point_of_view)

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            surface.fill((8, 30, 20))
            self._draw_notes(surface)
            return
        ui = TableUi(False, self.pool_controls, None, None, self.flight, self.flip)
        draw_table(surface, self.app.art, self.app.text, frame.table, ui)
        table = layout.for_players(self.rules.players)
        for seat in frame.open_seats:
            draw_open_seat(surface, self.app.art, self.app.text, table, seat, self.rules.red_fives)
        if frame.bottom_closed:
            draw_closed_bottom_wall(surface, self.app.art)
        if frame.bottom_wall is not None:
            seat = frame.table.private.seat if frame.table.private else 0
            draw_bottom_wall(surface, self.app.art, self.app.text, frame.bottom_wall, self.rules.red_fives,
                             # Translators: above a seat's 34-tile wall in the replay while that seat
                             # builds; {name} may be "You", so no possessive
                             _("Wall of {name}, building").format(name=self.names[seat]))
        self._draw_overlays(surface)
        step = self.playback.step
        if self.show_result and step.settlement is not None:
            self._result(step.kyoku).draw(surface)
        self._draw_notes(surface)  # over the result, which dims the table

    # --- overlays --------------------------------------------------------------------

    def build_review(self) -> Future[BuildReview] | None:
        """The analyser's verdict on the build of this step (started on first asking)."""
        step = self.playback.step
        if step.action is None or step.action.get("action") != "build":
            return None
        seat = step.action["seat"]
        key = (step.kyoku, seat)
        if key not in self._reviews:
            request = build_request(step.views[seat])
            if request is None:
                return None
            self._reviews[key] = self._in_worker(review_build, *request)
        return self._reviews[key]

    def discard_danger(self) -> tuple[int, Future[dict[int, DiscardDanger]]] | None:
        """The seat to discard at this step and the hard AI's reading of its hand's pools."""
        step = self.playback.step
        seat = next((s for s in waiting_on(step) if step.views[s].phase is Phase.DISCARD), None)
        if seat is None:
            return None
        key = (step.kyoku, seat)
        if key not in self._dangers:
            seed = self.playback.seed * 31 + step.kyoku * 7 + seat
            turns = discard_turns(self.playback, step.kyoku, seat)
            self._dangers[key] = self._in_worker(discard_dangers, turns, seed)
        return seat, self._dangers[key]

    def _in_worker(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """`fn(*args)` in an analysis worker process, handed over by a thread: in the frame
        loop's thread the overlays' pure Python would hold the interpreter for whole frames
        (a step hitched by 50 ms), and starting the workers, the first time, blocks."""
        pool = self.app.analysis_pool
        return self.app.executor.submit(lambda: pool.submit_first(fn, *args).result())

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        area = OVERLAY_AREAS.get(self.rules.players, layout.for_players(self.rules.players).helper)
        art, text, red = self.app.art, self.app.text, self.rules.red_fives
        view = self.playback.step.views[0]
        winds = {seat: seat_wind(view, seat) for seat in range(self.rules.players)}
        review = self.build_review() if self.overlays["builds"] else None
        if review is not None:
            seat = self.playback.step.action["seat"]
            who = winds[seat]
            if not review.done():
                draw_waiting(surface, text, area, _("{seat}: the build and the best").format(seat=who))
            elif review.exception() is None:
                draw_build_review(surface, art, text, area, review.result(), who, red)
            return
        reading = self.discard_danger() if self.overlays["danger"] else None
        if reading is not None:
            seat, future = reading
            who = winds[seat]
            if not future.done():
                draw_waiting(surface, text, area, _("{seat}: danger by the hard AI").format(seat=who))
            elif future.exception() is None:
                danger = future.result().get(self.playback.position)
                if danger is not None:
                    draw_danger(surface, art, text, area, danger, who, winds)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        text = self.app.text
        playback = self.playback
        where = f"{playback.position + 1}/{len(playback.steps)}" if playback.steps else _("Nothing to show")
        bar_end = self.buttons[BUTTONS[-1][0]].rect.right + COUNTER_GAP
        text.draw(surface, where, legible.at_least(14), SOFT, (bar_end, BAR.centery), "midleft")
        message = damage_notice(playback)
        if message is not None:
            self._draw_banner(surface, message)

    def _draw_banner(self, surface: pygame.Surface, message: str) -> None:
        """The notice where it hides nothing: beside the bottom seat's river, or above a
        hand's result (which covers the table)."""
        text = self.app.text
        over_result = self.show_result and self.playback.step.settlement is not None
        room = BANNER_ABOVE if over_result else BANNER_BESIDE
        size = legible.at_least(14)
        row_height = size + BANNER_LEADING
        rows = text.wrap(message, size, room.width - 16)[:(room.height - 12) // row_height]
        banner = pygame.Rect(room.topleft, (room.width, 12 + row_height * len(rows)))
        if not over_result:
            banner.bottom = room.bottom
        pygame.draw.rect(surface, BANNER, banner, border_radius=8)
        for index, row in enumerate(rows):
            text.draw(surface, row, size, WARN, (banner.centerx, banner.top + 6 + index * row_height), "midtop",
                      bold=True)

    def _result(self, kyoku: int) -> ResultPanel:
        panel = self._results.get(kyoku)
        if panel is None:
            step = self.playback.step
            settlement = step.settlement
            assert settlement is not None
            last = self.playback.at_end and self.playback.end is not None
            panel = self._results[kyoku] = ResultPanel(
                self.app.text, self.app.art, lambda: result_frame(step.views, settlement, self.names, last),
                self.app.screen.get_width(), RESULT_PANEL)
        return panel


def damage_notice(playback: Playback) -> str | None:
    """What the banner says of a record damaged or diverging, in the player's language (the
    reader's English detail is for the command line)."""
    damage = playback.damage
    if damage is not None:
        if damage.last and damage.kind is LineDamage.NOT_JSON:
            return _("This file is cut short: its last line ({line}) is incomplete — shown up to there.").format(
                line=damage.line)
        return _("This file is damaged from line {line}: it may be cut short or edited — shown up to there.").format(
            line=damage.line)
    if playback.divergence_line is not None:
        return _("This record diverges from the engine at line {line} — shown up to there.").format(
            line=playback.divergence_line)
    if playback.divergence is not None:
        return _("This record diverges from the engine — shown up to there.")
    return None


def read_record(app: Services, path: Path, named: Callable[[Path], str | Later]) -> Playback | None:
    """A record file to watch; None for a file that is not one, explained in a dialog: a
    record with no hand by its match (`named`, as the player knows it), a file that cannot
    be read by its file's name (what the player finds it by)."""
    try:
        return read_for_playback(path)
    except NoKyokuToShow:
        app.stack.push(Dialog(app, Message(N_("No hand to watch yet")),
                              Message(N_("This match record holds no hand yet ({match})."), match=named(path)),
                              [Choice(Message(N_("OK")), nothing)], escape=nothing))
    except RecordError as error:
        app.stack.push(Dialog(app, Message(N_("This file cannot be watched")),
                              # Translators: {reason} says how, e.g. "line 4 is cut short or edited"
                              Message(N_("This record ({file}) cannot be read: {reason}."), file=path.name,
                                      reason=record_damage(error)),
                              [Choice(Message(N_("OK")), nothing)],
                              escape=nothing))
    return None


def nothing_to_watch(app: Services) -> Dialog:
    """What Watch says when there is no match to watch yet."""
    return Dialog(app, Message(N_("No match to watch yet")),
                  Message(N_("Finish or start a match first, or drop a record file (.jsonl) onto the window "
                             "— such as one saved by selfplay --records.")), [Choice(Message(N_("OK")), nothing)],
                  escape=nothing)
