"""Settings: the window, pace and sound, then the rule preset and every rule option in
plain words. Each change is saved at once; a combination the rules refuse is explained
and not kept. Rule changes apply to the next new match.

Opened from a match's menu, the screen says which rules that match plays (a match has its
own rules once it began; a joined one plays its host's, whatever the settings say) and
opens them beside Back; the rule settings stay the player's own, for their next table."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIScrollingContainer,
)
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from game.app.scene import Scene, Services
from game.app.settings import ANIMATION_SPEEDS, RECONNECT_WINDOWS, WINDOW_SIZES, reconnect_window_name
from game.app.views import legible
from game.app.views.felt import draw_felt
from game.app.window.palette import GOLD, SOFT, WARN
from game.app.words import i18n
from game.app.words.i18n import N_, Message, _, pgettext
from game.app.words.rule_texts import OPTIONS, PRESET_DESCRIPTIONS, PRESET_NAMES, choices_for, rules_name
from game.engine.rules import Conflict, Rules, RulesConflict

AREA = pygame.Rect(120, 80, 1040, 630)
ROW_HEIGHT = 70
CONTROL_X = 560
CONTROL_WIDTH = 420
VOLUME_LABEL_WIDTH = 84
"""Room for "100%" and some: the pseudo-locale's "⟦100%⟧" fits, as a longer translation would."""
EXPLANATION_LEADING = 6
"""Between the explanation's rows, beyond its type size (legible.smallest(), as the theme's
@explanation font: 15 px, 16 in Japanese and Chinese; 11-12 px in a 960 x 600 window)."""
DROPDOWN_TEXT_ROOM = CONTROL_WIDTH - 48  # the box less its arrow and padding
EXPANSION_LIMIT = 260
"""How far a drop-down opens. Every one opens downwards, as wide as its box: one near the
foot of the view scrolls the list up first, with room beneath the last row while it is open."""
OPTION_HEIGHT = 28  # a drop-down's choice, as the theme draws it
LIST_EDGES = 8
"""An open drop-down's list beyond its choices: its border and shadow; as much is left
between an open list and the foot of the view."""
MATCH_RULES_WIDTH = 220
"""The button to the rules of the match the settings were opened from, at the top right."""
HISTORY_LIMITS = (50, 100, 200, 500, 1000)
AI_DELAYS = {
    0.0: N_("No pause"),
    0.3: N_("Short (0.3 s)"),
    0.7: N_("Normal (0.7 s)"),
    1.2: N_("Long (1.2 s)"),
    2.0: N_("Slow (2 s)"),
}
RULE_REFUSALS = {
    Conflict.VIRTUAL_DORA_NEEDS_FOUR_PLAYERS:
        N_("virtual_dora exists only with 4 players (the others flip a side wall)"),
}
"""The screen's own words for every combination the rules refuse (the engine names it by a code)."""


def animation_names() -> dict[str, str]:
    """Each animation speed as the screen names it, in the current language ("Normal" is
    also an AI level, which a language may say otherwise)."""
    return {
        "instant": pgettext("animation speed", "Instant"),
        "fast": pgettext("animation speed", "Fast"),
        "normal": pgettext("animation speed", "Normal"),
        "slow": pgettext("animation speed", "Slow"),
    }


def percent(volume: float) -> str:
    # Translators: a sound volume; {number} runs from 0 to 100
    return _("{number}%").format(number=i18n.format_number(round(volume * 100)))


def language_choices() -> dict[str | None, str]:
    """"System (…)" and each language by its own name, as a player looks for it."""
    system = i18n.LANGUAGE_NAMES[i18n.system_language()]
    # Translators: the language setting that follows the computer's; {language} is its own name
    return {None: _("System ({language})").format(language=system), **i18n.LANGUAGE_NAMES}


def language_explanation(override: str | None) -> str:
    """The language row's words; with --language, that this run speaks another language
    than the setting shows, and for how long."""
    explanation = _("The language of every screen. System: your computer's language where the game speaks "
                    "it, else English.")
    if override is None:
        return explanation
    # Translators: --language stays as it is (the command-line option); {language} is the language's own name
    return _("{explanation} This run speaks {language}, as --language asked; a choice here applies at once "
             "and is kept.").format(explanation=explanation, language=i18n.LANGUAGE_NAMES.get(override, override))


def track_value(x: float, start: float, end: float, low: float, high: float) -> int:
    """The slider value at `x` on a track whose knob centre runs from `start` (`low`) to
    `end` (`high`), in whole steps, within the range."""
    share = (x - start) / (end - start) if end > start else 0.0
    return round(low + (high - low) * min(1.0, max(0.0, share)))


class FullWidthList(UIExpandedDropDownState):
    """A drop-down's open list as wide as its box: pygame_gui leaves out the width of the
    box's arrow, so the list stood narrower than the box it opened from."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        choices = self.options_selection_list
        if choices is not None:
            choices.set_dimensions((self.drop_down_menu_ui.relative_rect.width, choices.relative_rect.height))


def _list_height(menu: UIDropDownMenu) -> int:
    """How tall a drop-down's open list is, below its box."""
    return min(EXPANSION_LIMIT, len(menu.options_list) * OPTION_HEIGHT + LIST_EDGES)


def fits(size: tuple[int, int], room: tuple[int, int]) -> bool:
    return size[0] <= room[0] and size[1] <= room[1]


@dataclass(frozen=True)
class Playing:
    """The match whose menu the settings were opened from: its rules are not the settings'."""

    show_rules: Callable[[], None]
    """Opens the rules page of the match."""
    joined: bool = False
    """A table joined at another computer: the match plays its host's rules."""


class SettingsScene(Scene):
    def __init__(self, app: Services, playing: Playing | None = None) -> None:
        super().__init__(app)
        self.playing = playing
        self.rules_button: UIButton | None = None
        self.handlers: dict[UIElement, Callable[[Any], None]] = {}
        self.controls: dict[str, UIElement] = {}
        """Each setting's control by its plain name in English (the catalog's message; the
        screen shows it translated)."""
        self.message: Message | None = None
        self.container: UIScrollingContainer | None = None
        self.volume_label: UILabel | None = None
        self.y = 0
        self.foot_room = 0
        """Room added beneath the last row while a drop-down near it is open, for its choices."""

    def enter(self) -> None:
        back = UIButton(
            pygame.Rect(24, 20, 110, 40),
            _("Back (Esc)"),
            self.app.manager,
            object_id=ObjectID(object_id="#back", class_id="@small_button"),
        )
        self.elements.append(back)
        self.back_button = back
        if self.playing is not None:
            self.rules_button = UIButton(
                pygame.Rect(1280 - 24 - MATCH_RULES_WIDTH, 20, MATCH_RULES_WIDTH, 40),
                self._match_rules_label(),
                self.app.manager,
                object_id=ObjectID(object_id="#match_rules", class_id="@small_button"),
            )
            self.elements.append(self.rules_button)
        self._build_rows()

    def _match_rules_label(self) -> str:
        assert self.playing is not None
        return _("The host's rules") if self.playing.joined else _("This match's rules")

    def relabel(self) -> None:
        self.back_button.set_text(_("Back (Esc)"))
        if self.rules_button is not None:
            self.rules_button.set_text(self._match_rules_label())
        self._build_rows()

    def _build_rows(self) -> None:
        """(Re)build every row, keeping the list scrolled where the player left it."""
        scrolled = None
        if self.container is not None:
            bar = self.container.vert_scroll_bar
            scrolled = bar.start_percentage if bar is not None else None
            self.container.kill()
            self.elements.remove(self.container)
        self.handlers.clear()
        self.controls.clear()
        self.container = UIScrollingContainer(AREA, self.app.manager, allow_scroll_x=False)
        self.elements.append(self.container)
        self.y = 0
        settings = self.app.settings
        self._heading(_("The window"))
        self._choice(
            N_("Language"),
            language_explanation(self.app.language_override),
            language_choices(),
            settings.language,
            lambda v: self._change(language=v),
            # In Noto Sans SC whatever the language: each language's own name must show, and
            # Noto Sans JP has no 简 (简体中文).
            object_id="#language",
        )
        fitted = self.app.display.fitted_size()
        fit = _("Fit the screen ({width} × {height})").format(width=fitted[0], height=fitted[1])
        sizes: dict[Any, str] = {None: fit}
        room = self.app.display.room()
        sizes |= {size: f"{size[0]} × {size[1]}" for size in WINDOW_SIZES if fits(size, room)}
        self._choice(
            N_("Window size"),
            _("The table is drawn for 1280 × 800 and scaled to the window; drag its edges to resize."),
            sizes,
            settings.window_size if settings.window_size in sizes else None,
            lambda v: self._change(window_size=v),
        )
        self._toggle(
            N_("Fullscreen"), _("Fill the whole screen."), settings.fullscreen, lambda v: self._change(fullscreen=v)
        )
        self._choice(
            N_("Animations"),
            _("How fast tiles move; instant switches animation off."),
            {name: animation_names()[name] for name in ANIMATION_SPEEDS},
            settings.animation,
            lambda v: self._change(animation=v),
        )
        self._slider(
            N_("Sound volume"),
            _("Tile clicks, riichi, ron and the rest; 0 is silent."),
            settings.volume,
            lambda v: self._change(volume=v),
        )
        self._choice(
            N_("AI pace"),
            _("How long the AI waits before each move, so you can follow it."),
            {delay: _(label) for delay, label in AI_DELAYS.items()}
            | ({} if settings.ai_delay_s in AI_DELAYS else {settings.ai_delay_s: _("Custom")}),
            settings.ai_delay_s,
            lambda v: self._change(ai_delay_s=v),
        )
        self._toggle(
            N_("Win automatically (auto-ron)"),
            _("Declare ron at once whenever the game allows it, without asking."),
            settings.auto_ron,
            lambda v: self._change(auto_ron=v),
        )
        self._toggle(
            N_("Keep a history of matches"),
            _("Keep each finished or abandoned match as its record, for your statistics."),
            settings.keep_history,
            lambda v: self._change(keep_history=v),
        )
        self._choice(
            N_("Matches kept"),
            _("Only the newest matches are kept; older ones are deleted."),
            {n: i18n.format_number(n) for n in sorted({*HISTORY_LIMITS, settings.history_limit})},
            settings.history_limit,
            lambda v: self._change(history_limit=v),
        )
        self._choice(
            N_("Wait for a dropped player"),
            _("At a table you host: how long the seat of a person at another computer who lost the connection "
              "waits for them before the AI plays it, until they are back."),
            {seconds: reconnect_window_name(seconds) for seconds in sorted({*RECONNECT_WINDOWS,
                                                                            settings.reconnect_window_s})},
            settings.reconnect_window_s,
            lambda v: self._change(reconnect_window_s=v),
        )
        if self.playing is not None and self.playing.joined:
            self._heading(_("Your rules (for your own next table)"))
        else:
            self._heading(_("The rules (for the next new match)"))
        rules = settings.rules
        description = _(PRESET_DESCRIPTIONS[rules.preset_name]) if rules.preset_name in PRESET_DESCRIPTIONS else ""
        if rules.changed_from_preset():
            preset_explanation = _("A set of all the options below. {description} (changed below)")
        else:
            preset_explanation = _("A set of all the options below. {description}")
        self._choice(
            N_("Preset"),
            preset_explanation.format(description=description),
            # The preset in use says "(changed)" when an option below differs from it.
            {name: rules_name(rules) if name == rules.preset_name else _(label)
             for name, label in PRESET_NAMES.items()},
            rules.preset_name,
            self._change_preset,
        )
        for option, text in OPTIONS.items():
            value = getattr(rules, option)
            if text.choices:
                self._choice(
                    text.english_name,
                    text.explanation,
                    choices_for(option, value),
                    value,
                    lambda v, o=option: self._change_rule(o, v),
                )
            else:
                self._toggle(text.english_name, text.explanation, value, lambda v, o=option: self._change_rule(o, v))
            if not rules.option_applies(option):
                self.controls[text.english_name].disable()
        self.foot_room = 0
        self.container.set_scrollable_area_dimensions((AREA.width - 24, self.y))
        if scrolled and self.container.vert_scroll_bar is not None:
            self.container.vert_scroll_bar.set_scroll_from_start_percentage(scrolled)

    def _y(self, height: int = ROW_HEIGHT) -> int:
        y = self.y
        self.y += height
        return y

    def _heading(self, title: str) -> None:
        y = self._y()
        UILabel(
            pygame.Rect(0, y + 24, 700, 34),
            title,
            self.app.manager,
            container=self.container,
            object_id=ObjectID(class_id="@heading"),
        )

    def _labels(self, name: str, explanation: str) -> int:
        size = legible.smallest()
        pitch = size + EXPLANATION_LEADING
        lines = self.app.text.wrap(explanation, size, CONTROL_X - 40)
        y = self._y(max(ROW_HEIGHT, 25 + len(lines) * pitch + 16))
        UILabel(
            pygame.Rect(0, y, CONTROL_X - 20, 28),
            _(name),
            self.app.manager,
            container=self.container,
            object_id=ObjectID(class_id="@option_name"),
            anchors={"left": "left"},
        )
        for index, line in enumerate(lines):
            # As large as its text (-1): at a language switch the gui redraws the old labels in
            # the new language's font before the screen makes them anew, and a label sized for
            # English (15 px) was too small for Japanese and Chinese type (16 px) and warned.
            UILabel(
                pygame.Rect(0, y + 25 + index * pitch, -1, -1),
                line,
                self.app.manager,
                container=self.container,
                object_id=ObjectID(class_id="@explanation"),
            )
        return y

    def _choice(
        self,
        name: str,
        explanation: str,
        choices: dict[Any, str],
        current: Any,
        on_change: Callable[[Any], None],
        object_id: str | None = None,
    ) -> None:
        labels = [self._short(label) for label in choices.values()]
        if current in choices and labels[list(choices).index(current)] != choices[current]:
            explanation = _("{explanation} Now: {choice}.").format(explanation=explanation, choice=choices[current])
        y = self._labels(name, explanation)
        values = list(choices)
        options = [(label, f"#choice{index}") for index, label in enumerate(labels)]
        start = options[values.index(current)] if current in values else options[0]
        menu = UIDropDownMenu(
            options,
            start,
            pygame.Rect(CONTROL_X, y + 6, CONTROL_WIDTH, 38),
            self.app.manager,
            container=self.container,
            expansion_height_limit=EXPANSION_LIMIT,
            object_id=ObjectID(object_id=object_id) if object_id else None,
        )
        menu.menu_states["expanded"].__class__ = FullWidthList
        self.handlers[menu] = lambda option_id: on_change(values[int(option_id.removeprefix("#choice"))])
        self.controls[name] = menu

    def _short(self, label: str) -> str:
        """A choice as the closed drop-down shows it: whole if it fits, else its words
        before the colon (the row's explanation then gives the chosen one in full)."""
        head = re.split("[:：]", label, maxsplit=1)[0]
        if self.app.text.font(16).size(label)[0] <= DROPDOWN_TEXT_ROOM or head == label:
            return label
        # The words before the colon are still a translated message: in the pseudo-locale
        # they keep its closing marker, as a check of every screen expects.
        return head + i18n.PSEUDO_CLOSE if label.endswith(i18n.PSEUDO_CLOSE) else head

    def _toggle(self, name: str, explanation: str, current: bool, on_change: Callable[[Any], None]) -> None:
        y = self._labels(name, explanation)
        box = UICheckBox(
            pygame.Rect(CONTROL_X, y + 12, 28, 28),
            pgettext("check box", "On"),
            self.app.manager,
            container=self.container,
            initial_state=bool(current),
        )
        self.handlers[box] = on_change
        self.controls[name] = box

    def _slider(self, name: str, explanation: str, current: float, on_change: Callable[[Any], None]) -> None:
        y = self._labels(name, explanation)
        slider = UIHorizontalSlider(
            pygame.Rect(CONTROL_X, y + 8, CONTROL_WIDTH - VOLUME_LABEL_WIDTH - 8, 34),
            round(current * 100),
            (0, 100),
            self.app.manager,
            container=self.container,
            click_increment=10,
        )
        self.volume_label = UILabel(
            pygame.Rect(CONTROL_X + CONTROL_WIDTH - VOLUME_LABEL_WIDTH, y + 8, VOLUME_LABEL_WIDTH, 34),
            percent(current),
            self.app.manager,
            container=self.container,
            object_id=ObjectID(class_id="@option_name"),
        )

        def moved(value: float) -> None:
            on_change(round(value) / 100)
            if self.volume_label is not None:
                self.volume_label.set_text(percent(round(value) / 100))

        self.handlers[slider] = moved
        self.controls[name] = slider

    def _change(self, **changes: Any) -> None:
        self.app.change_settings(self.app.settings.with_changes(**changes))
        self.message = None

    def _change_preset(self, name: str) -> None:
        self._change(rules=Rules.preset(name))
        self._build_rows()

    def _change_rule(self, option: str, value: Any) -> None:
        rules = self.app.settings.rules
        try:
            new_rules = Rules.preset(rules.preset_name, **{**rules.changed_from_preset(), option: value})
        except ValueError as error:
            reason = Message(RULE_REFUSALS[error.code]) if isinstance(error, RulesConflict) else str(error)
            self.message = Message(N_("Not possible: {reason}."), reason=reason)
            self._build_rows()
            return
        self._change(rules=new_rules)
        if new_rules.changed_from_preset().keys() != rules.changed_from_preset().keys():
            self._build_rows()  # the preset's row says whether, and what, is changed

    def _open_drop_down(self) -> UIDropDownMenu | None:
        return next((control for control in self.controls.values() if isinstance(control, UIDropDownMenu)
                     and control.current_state is control.menu_states["expanded"]), None)

    def _click_on_track(self, event: pygame.event.Event) -> bool:
        """A click on the volume slider's track moves the value there: pygame_gui's slider
        only drags its knob and steps with its arrows, so a click beside the knob did nothing."""
        slider = self.controls.get(N_("Sound volume"))
        pos = getattr(event, "pos", None)
        if not isinstance(slider, UIHorizontalSlider) or pos is None or not AREA.collidepoint(pos):
            return False
        if not slider.rect.collidepoint(pos) or not slider.is_enabled:
            return False
        parts = (slider.left_button, slider.right_button, slider.sliding_button)
        if any(part is not None and part.rect.collidepoint(pos) for part in parts):
            return False
        knob = slider.sliding_button.rect.width if slider.sliding_button is not None else 0
        left = slider.left_button.rect.right if slider.left_button is not None else slider.rect.left
        right = slider.right_button.rect.left if slider.right_button is not None else slider.rect.right
        low, high = slider.value_range
        value = track_value(pos[0], left + knob / 2, right - knob / 2, low, high)
        slider.set_current_value(value, warn=False)
        self.handlers[slider](slider.get_current_value())
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click_on_track(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.stack.pop()
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and self.playing is not None
                and event.ui_element is self.rules_button):
            self.playing.show_rules()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            open_list = self._open_drop_down()
            if open_list is not None:
                open_list.unfocus()  # the first Esc closes the open list, the next leaves
            else:
                self.app.stack.pop()
            return True
        handler = self.handlers.get(getattr(event, "ui_element", None))
        if handler is None:
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            handler(event.selected_option_id)
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            handler(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            handler(event.value)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self._close_foot_room()
        self._open_menus_where_they_fit()

    def next_change(self) -> float | None:
        return None  # a menu opens on a click, in the frames that follow the input

    def _open_menus_where_they_fit(self) -> None:
        """A drop-down about to open downwards near the foot of the view scrolls the list up
        first, so that the scroll area does not cut its choices off (opening upwards, it
        covered the rows above, as a list opening downwards never does)."""
        for control in self.controls.values():
            if not isinstance(control, UIDropDownMenu):
                continue
            closed = control.menu_states["closed"]
            if control.current_state is not closed or not closed.should_transition:
                continue
            control.menu_states["expanded"].expand_direction = "down"
            short = _list_height(control) + LIST_EDGES - (AREA.bottom - control.rect.bottom)
            if short > 0:
                self._scroll_by(short, _list_height(control) - (self.y - control.relative_rect.bottom))

    def _scroll_by(self, pixels: int, foot_room: int) -> None:
        """Scroll the list `pixels` further down, with `foot_room` beneath its last row for
        as long as the drop-down stays open (the list ends at its last row otherwise)."""
        assert self.container is not None
        self.foot_room = max(0, foot_room)
        self.container.set_scrollable_area_dimensions((AREA.width - 24, self.y + self.foot_room))
        self.container.update(0.0)
        bar = self.container.vert_scroll_bar
        if bar is None:
            return
        inner = self.container.get_container()
        bar.set_scroll_from_start_percentage((pixels - inner.relative_rect.top) / inner.relative_rect.height)
        self.container.update(0.0)

    def _close_foot_room(self) -> None:
        """The room beneath the last row goes when its drop-down closes: the rows are made
        anew at the same place in the list (the gui kept the offset of the longer list)."""
        if self.foot_room and self._open_drop_down() is None:
            self._build_rows()

    def _foot(self) -> str:
        if self.playing is not None and self.playing.joined:
            # Translators: at the foot of the settings opened at a table joined at another computer
            return _("Changes are saved at once. This match plays the host's rules (top right); the rules here are "
                     "yours, for your own next table.")
        return _("Changes are saved at once; rule changes apply to the next match.")

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        self.app.text.draw(surface, _("Settings"), 34, GOLD, (640, 18), "midtop", bold=True)
        note = self.message or self.app.notice or self._foot()
        self.app.text.draw(
            surface, str(note), 16, WARN if (self.message or self.app.notice) else SOFT, (640, 730), "midtop"
        )
