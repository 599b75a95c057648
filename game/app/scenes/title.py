"""The title screen: continue, play the AI (by level), people on this computer, choose the
table (2-4 players, who sits where), rules, settings, join a table at another computer, quit.
Starting a new match while an unfinished one is saved asks first, and keeping the old one
is the default; when the old one can be neither kept in the history nor moved aside, it
asks again, saying why.
Whatever starting a match has to say (the old match kept aside, a save cut short, a save
that failed) is said before the table opens, and stays on the title screen afterwards."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.helper import release_memory
from game.app.play.match_setup import (
    ANOTHER_WINDOW,
    UnfinishedNotKept,
    ai_available,
    new_session,
    resume_session,
)
from game.app.play.savegame import SaveError, SaveSummary
from game.app.play.session import SeatPlan, Session, shown_name
from game.app.scene import Scene, Screens, Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.scenes.prompts import nothing
from game.app.settings import AI_LEVELS, ai_level_name
from game.app.views.felt import draw_felt
from game.app.window.fitting import fit_names, fits_in
from game.app.window.menu_keys import ButtonRing
from game.app.window.palette import GOLD, INK, SOFT, WARN
from game.app.words.i18n import N_, Later, Message, _, ngettext, pgettext
from game.app.words.rule_texts import rules_summary

COLUMN = pygame.Rect(440, 300, 400, 48)
NOTE_LINES = 4
"""Lines of notes the foot holds below the buttons (the newest kept)."""
MENU_TYPE = 22
"""The menu buttons' type size (assets/ui/theme.json, @menu_button)."""
DECORATION = ("1z", "7z", "1m", "7m", "0p", "9s", "6z")
HOTSEAT_LABELS = {
    2: N_("Two players on this computer"),
    3: N_("Three players on this computer"),
    4: N_("Four players on this computer"),
}


def continue_label(saved: SaveSummary | None, fits: Callable[[str], bool] | None = None) -> str:
    """The Continue button, saying which match it resumes: the hand, and the other seats (one
    person "vs" them, several people "with" them): the AI seats and the people at other
    computers by their names; or the number of players of a table of people here. `fits`:
    whether a label fits the button; where the names do not, the AI seats' levels, and
    everything cut with … if need be."""
    if saved is None:
        return _("Continue the unfinished match")
    plan = saved.plan
    others = [seat for seat in range(saved.players) if seat not in plan.humans]
    if not others:
        return _people_label(saved)
    compose = _against_label if len(plan.humans) == 1 else _with_label
    fits = fits or (lambda _label: True)
    named = compose(saved, _ai_list([shown_name(plan.names[seat]) for seat in others]))
    if fits(named):
        return named
    away = [shown_name(plan.names[seat]) for seat in others if seat in plan.remote]
    ai_seats = [seat for seat in others if seat not in plan.remote]
    # Translators: the AI seats of a table by their levels, when their names are too long for the Continue
    # button ("Hard ×2, Easy AI")
    levels = [_("{levels} AI").format(levels=_ai_list([ai_level_name(plan.level(seat)) for seat in ai_seats]))]
    return fit_names(lambda shown: compose(saved, pgettext("list", ", ").join(shown)),
                     [*away, *(levels if ai_seats else [])], fits)


def button_fits(app: Services) -> Callable[[str], bool]:
    """Whether a label fits a button of the title's column."""
    return fits_in(app.text, MENU_TYPE, COLUMN.width - 24, bold=True)


def _ai_list(names: list[str]) -> str:
    """The AI seats' names (or levels) in seat order, each once, with how many seats it plays
    ("Easy AI ×2")."""
    counted = [(name, names.count(name)) for name in dict.fromkeys(names)]
    # Translators: several AI seats of one level on the Continue button ("Easy AI ×2")
    several = _("{name} ×{count}")
    return pgettext("list", ", ").join(name if count == 1 else several.format(name=name, count=count)
                                       for name, count in counted)


def _against_label(saved: SaveSummary, opponent: str) -> str:
    if saved.hands is None:
        # Translators: the title screen's Continue button; {opponent} is the AI seats' names ("Normal AI")
        return _("Continue: hand {number} vs {opponent}").format(number=saved.kyoku_number, opponent=opponent)
    # Translators: the title screen's Continue button: "hand 3/8" is the third hand of eight
    return _("Continue: hand {number}/{hands} vs {opponent}").format(
        number=saved.kyoku_number, hands=saved.hands, opponent=opponent)


def _with_label(saved: SaveSummary, ais: str) -> str:
    """Several people and the AI at the table: the AI seats they play with."""
    if saved.hands is None:
        # Translators: the title screen's Continue button, for several people and the AI ("with Hard AI")
        return _("Continue: hand {number} with {ais}").format(number=saved.kyoku_number, ais=ais)
    # Translators: the title screen's Continue button, for several people and the AI; "hand 3/8" is the third
    # of eight
    return _("Continue: hand {number}/{hands} with {ais}").format(number=saved.kyoku_number, hands=saved.hands,
                                                                   ais=ais)


def _people_label(saved: SaveSummary) -> str:
    """People alone at the table: how many."""
    number, hands, players = saved.kyoku_number, saved.hands, saved.players
    if hands is None:
        # Translators: the title screen's Continue button, for a table of several players
        return ngettext("Continue: hand {number}, {players} player", "Continue: hand {number}, {players} players",
                        players).format(number=number, players=players)
    # Translators: the title screen's Continue button, for a table of several players; "hand 3/8" is the third of eight
    return ngettext("Continue: hand {number}/{hands}, {players} player",
                    "Continue: hand {number}/{hands}, {players} players",
                    players).format(number=number, hands=hands, players=players)


class TitleScene(Scene):
    def __init__(self, app: Services, screens: Screens) -> None:
        super().__init__(app)
        self.screens = screens
        self.ring = ButtonRing()
        self.buttons: dict[str, UIButton] = {}
        self.keeps_the_save = True
        # A match left for the title (from its menu) is over: what it memoised goes, as at
        # its summary.
        release_memory()

    def enter(self) -> None:
        y = COLUMN.top
        self.keeps_the_save = self.app.files.keeps_the_save()
        if self.app.files.has_save():
            self._button(
                "continue",
                continue_label(self.app.files.save_summary(), button_fits(self.app)),
                (COLUMN.left, y, COLUMN.width, 48),
                self.continue_match,
            )
            if not self.keeps_the_save:  # another window plays it
                self.buttons["continue"].disable()
            y += 62
        level_width = (COLUMN.width - 20) // 3
        for index, level in enumerate(AI_LEVELS):
            rect = (COLUMN.left + index * (level_width + 10), y + 26, level_width, 48)
            self._button(f"ai_{level}", ai_level_name(level), rect, lambda lv=level: self.start_solo(lv))
        self.ai_label_y = y
        y += 26 + 62
        players = self.app.settings.rules.players
        self._button("hotseat", _(HOTSEAT_LABELS[players]),
                     (COLUMN.left, y, COLUMN.width, 48), self.start_hotseat)
        y += 62
        self._button("table", _("Choose players and seats (2–4)"), (COLUMN.left, y, COLUMN.width, 48),
                     self.choose_table)
        y += 62
        third = (COLUMN.width - 20) // 3
        self._button("rules", _("Rules"), (COLUMN.left, y, third, 48), self.open_rules)
        self._button("settings", _("Settings"), (COLUMN.left + third + 10, y, third, 48), self.open_settings)
        self._button("watch", _("Watch"), (COLUMN.left + 2 * (third + 10), y, third, 48), self.watch)
        y += 62
        self._button("statistics", _("Your statistics"), (1060, 20, 196, 44), self.open_statistics)
        join_width = (COLUMN.width - 10) * 2 // 3
        self._button("join", _("Join a table"), (COLUMN.left, y, join_width, 48), self.join)
        self._button("quit", _("Quit"), (COLUMN.left + join_width + 10, y, COLUMN.width - join_width - 10, 48),
                     self.app.quit)
        for level in AI_LEVELS:
            if not ai_available():
                self.buttons[f"ai_{level}"].disable()
        self.ring.focus_first_enabled()

    def _button(self, name: str, label: str, rect: tuple[int, int, int, int],
                action: Callable[[], None]) -> None:
        button = UIButton(
            pygame.Rect(rect),
            label,
            self.app.manager,
            object_id=ObjectID(object_id=f"#{name}", class_id="@menu_button"),
        )
        self.elements.append(button)
        self.buttons[name] = button
        self.ring.add(button, action)

    def uncover(self) -> None:
        # Settings may have changed what can be played: rebuild the buttons.
        self.relabel()

    def relabel(self) -> None:
        self.leave()
        self.ring = ButtonRing()
        self.buttons = {}
        self.enter()

    def start_solo(self, level: str) -> None:
        self.app.settings = self.app.settings.with_changes(ai_level=level)
        self.start_new(SeatPlan.solo(self.app.settings.rules.players, level))

    def start_hotseat(self) -> None:
        self.start_new(SeatPlan.hotseat(self.app.settings.rules.players))

    def choose_table(self) -> None:
        self.screens.new_table(self.start_new)

    def start_new(self, plan: SeatPlan) -> None:
        """A new match; an unfinished one is kept unless the player says to drop it."""
        files = self.app.files
        if not files.keeps_the_save() or not files.has_save():  # now: the other window may have closed
            self._new_match(plan)
            return
        if self.app.settings.keep_history:
            message = Message(N_("The unfinished one can no longer be continued, but your match history keeps "
                                 "what was played in it."))
        else:
            message = Message(N_("The unfinished one will be lost: the match history is off in Settings."))
        self.app.stack.push(Dialog(
            self.app, Message(N_("Start a new match?")), message,
            # Translators: keep the unfinished match (and start no new one)
            [Choice(Later(lambda: pgettext("match", "Keep it")), nothing),
             Choice(Message(N_("New match")), lambda: self._new_match(plan))],
            escape=nothing,
        ))

    def _new_match(self, plan: SeatPlan, replace_unkept: bool = False) -> None:
        self.app.notice = None  # read on this screen: what starting says is new
        try:
            session = new_session(self.app.files, self.app, plan, replace_unkept)
        except UnfinishedNotKept as error:
            self.app.stack.push(Dialog(
                self.app, Message(N_("The unfinished match cannot be kept")), str(error),
                [Choice(Later(lambda: pgettext("match", "Keep it")), nothing),
                 Choice(Message(N_("Start anyway")), lambda: self._new_match(plan, replace_unkept=True))],
                escape=nothing,
            ))
            return
        self._open_table(session)

    def continue_match(self) -> None:
        self.app.notice = None
        try:
            session = resume_session(self.app.files, self.app)
        except SaveError as error:
            self.app.notice = Message(N_("The unfinished match could not be continued: {reason}."), reason=error)
            self.uncover()
            return
        self._open_table(session)

    def _open_table(self, session: Session) -> None:
        """The table; first, in a dialog, what starting the match had to say (the notice,
        which the title screen shows again afterwards)."""
        def open_table() -> None:
            self.screens.table(session)

        if self.app.notice is None:
            open_table()
            return
        # Translators: the button that goes on to the table after a notice (not the theatre's Play)
        self.app.stack.push(Dialog(self.app, Message(N_("Before you play")), self.app.notice,
                                   [Choice(Later(lambda: pgettext("go to the table", "Play")), open_table)],
                                   escape=open_table, width=960))

    def join(self) -> None:
        """A table at another computer: found on the local network, or by its address."""
        self.screens.join()

    def open_rules(self) -> None:
        self.screens.rules()

    def open_statistics(self) -> None:
        self.screens.statistics()

    def open_settings(self) -> None:
        self.screens.settings()

    def watch(self) -> None:
        self.screens.watch_latest()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.ring.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        # Translators: the game's name on the title screen (Japanese: 十七歩)
        text.draw(surface, _("17 Steps"), 72, GOLD, (640, 70), "midtop", bold=True)
        text.draw(surface, _("十七歩 — the riichi duel from Kaiji"), 24, INK, (640, 160), "midtop")
        x = 640 - len(DECORATION) * 52 // 2
        for index, code in enumerate(DECORATION):
            surface.blit(self.app.art.tile(code, 44), (x + index * 52, 206))
        text.draw(surface, _("Play against the AI:"), 17, SOFT, (COLUMN.left, self.ai_label_y), "topleft")
        notes = []
        if not ai_available():
            notes.append(_("The AI is not installed in this copy: two players can still play."))
        if not self.keeps_the_save:
            notes.append(_(ANOTHER_WINDOW))
        if self.app.notice and str(self.app.notice) not in notes:
            notes.append(str(self.app.notice))  # a Message: in the language of the moment
        lines = [line for note in notes for line in text.wrap(note, 16, 1200)][-NOTE_LINES:]
        top = 778 - 22 * len(lines)  # the notes end at the foot, the rules summary above them
        rules = self.app.settings.rules
        text.draw(surface, _("Rules: {summary}").format(summary=rules_summary(rules)), 16, SOFT,
                  (640, min(730, top - 4)), "midtop")
        for index, line in enumerate(lines):
            text.draw(surface, line, 16, WARN, (640, top + index * 22), "midtop")
        self.ring.draw_focus(surface)
