"""Settings: the window, pace and sound, then the rule preset and every rule option in
plain words. Each change is saved at once; a combination the rules refuse is explained
and not kept. Rule changes apply to the next new match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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

from game.app.palette import GOLD, SOFT, WARN
from game.app.rule_texts import OPTIONS, PRESET_NAMES, choices_for
from game.app.scene import Scene
from game.app.settings import ANIMATION_SPEEDS, WINDOW_SIZES
from game.app.views.felt import draw_felt
from game.engine.rules import PRESETS, Rules

if TYPE_CHECKING:
    from game.app.window import App

AREA = pygame.Rect(120, 80, 1040, 630)
ROW_HEIGHT = 70
CONTROL_X = 560
CONTROL_WIDTH = 420
EXPLANATION_SIZE = 14  # as the theme's @explanation font
HISTORY_LIMITS = (50, 100, 200, 500, 1000)
AI_DELAYS = {
    0.0: "No pause",
    0.3: "Short (0.3 s)",
    0.7: "Normal (0.7 s)",
    1.2: "Long (1.2 s)",
    2.0: "Slow (2 s)",
}


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.handlers: dict[UIElement, Callable[[Any], None]] = {}
        self.controls: dict[str, UIElement] = {}
        """Each setting's control by its plain name, as the screen shows it."""
        self.message: str | None = None
        self.container: UIScrollingContainer | None = None

    def enter(self) -> None:
        back = UIButton(
            pygame.Rect(24, 20, 110, 40),
            "Back (Esc)",
            self.app.manager,
            object_id=ObjectID(object_id="#back", class_id="@small_button"),
        )
        self.elements.append(back)
        self.back_button = back
        self._build_rows()

    def _build_rows(self) -> None:
        if self.container is not None:
            self.container.kill()
            self.elements.remove(self.container)
        self.handlers.clear()
        self.controls.clear()
        self.container = UIScrollingContainer(AREA, self.app.manager, allow_scroll_x=False)
        self.elements.append(self.container)
        self.row = 0
        settings = self.app.settings
        self._heading("The window")
        self._choice(
            "Window size",
            "The table is drawn for 1280 × 800 and scaled to any size.",
            {size: f"{size[0]} × {size[1]}" for size in WINDOW_SIZES},
            settings.window_size,
            lambda v: self._change(window_size=v),
        )
        self._toggle(
            "Fullscreen", "Fill the whole screen.", settings.fullscreen, lambda v: self._change(fullscreen=v)
        )
        self._choice(
            "Animations",
            "How fast tiles move; instant switches animation off.",
            {name: name.capitalize() for name in ANIMATION_SPEEDS},
            settings.animation,
            lambda v: self._change(animation=v),
        )
        self._slider(
            "Sound volume",
            "Tile clicks, riichi, ron and the rest; 0 is silent.",
            settings.volume,
            lambda v: self._change(volume=v),
        )
        self._choice(
            "AI pace",
            "How long the AI waits before each move, so you can follow it.",
            AI_DELAYS | ({} if settings.ai_delay_s in AI_DELAYS else {settings.ai_delay_s: "Custom"}),
            settings.ai_delay_s,
            lambda v: self._change(ai_delay_s=v),
        )
        self._toggle(
            "Win automatically (auto-ron)",
            "Declare ron at once whenever the game allows it, without asking.",
            settings.auto_ron,
            lambda v: self._change(auto_ron=v),
        )
        self._toggle(
            "Keep a history of matches",
            "Keep each finished or abandoned match as its record, for your statistics.",
            settings.keep_history,
            lambda v: self._change(keep_history=v),
        )
        self._choice(
            "Matches kept",
            "Only the newest matches are kept; older ones are deleted.",
            {n: str(n) for n in sorted({*HISTORY_LIMITS, settings.history_limit})},
            settings.history_limit,
            lambda v: self._change(history_limit=v),
        )
        self._heading("The rules (for the next new match)")
        rules = settings.rules
        self._choice(
            "Preset",
            "A named set of all the options below, from the sources of the rule book.",
            dict(PRESET_NAMES),
            rules.preset_name,
            self._change_preset,
        )
        for option, text in OPTIONS.items():
            value = getattr(rules, option)
            if text.choices:
                self._choice(
                    text.name,
                    text.explanation,
                    choices_for(option, value),
                    value,
                    lambda v, o=option: self._change_rule(o, v),
                )
            else:
                self._toggle(text.name, text.explanation, value, lambda v, o=option: self._change_rule(o, v))
        self.container.set_scrollable_area_dimensions((AREA.width - 24, self.row * ROW_HEIGHT + 20))

    def _y(self) -> int:
        y = self.row * ROW_HEIGHT
        self.row += 1
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
        y = self._y()
        UILabel(
            pygame.Rect(0, y, CONTROL_X - 20, 28),
            name,
            self.app.manager,
            container=self.container,
            object_id=ObjectID(class_id="@option_name"),
            anchors={"left": "left"},
        )
        for index, line in enumerate(self.app.text.wrap(explanation, EXPLANATION_SIZE, CONTROL_X - 40)[:2]):
            UILabel(
                pygame.Rect(0, y + 25 + index * 19, CONTROL_X - 10, 22),
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
    ) -> None:
        y = self._labels(name, explanation)
        values = list(choices)
        options = [(label, f"#choice{index}") for index, label in enumerate(choices.values())]
        start = options[values.index(current)] if current in values else options[0]
        menu = UIDropDownMenu(
            options,
            start,
            pygame.Rect(CONTROL_X, y + 6, CONTROL_WIDTH, 38),
            self.app.manager,
            container=self.container,
            expansion_height_limit=260,
        )
        self.handlers[menu] = lambda option_id: on_change(values[int(option_id.removeprefix("#choice"))])
        self.controls[name] = menu

    def _toggle(self, name: str, explanation: str, current: bool, on_change: Callable[[Any], None]) -> None:
        y = self._labels(name, explanation)
        box = UICheckBox(
            pygame.Rect(CONTROL_X, y + 12, 28, 28),
            "On",
            self.app.manager,
            container=self.container,
            initial_state=bool(current),
        )
        self.handlers[box] = on_change
        self.controls[name] = box

    def _slider(self, name: str, explanation: str, current: float, on_change: Callable[[Any], None]) -> None:
        y = self._labels(name, explanation)
        slider = UIHorizontalSlider(
            pygame.Rect(CONTROL_X, y + 8, CONTROL_WIDTH, 34),
            round(current * 100),
            (0, 100),
            self.app.manager,
            container=self.container,
            click_increment=10,
        )
        self.handlers[slider] = lambda value: on_change(round(value) / 100)
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
            self.message = f"Not possible: {error}."
            self._build_rows()
            return
        self._change(rules=new_rules)
        if option == "players":
            self.message = (
                "The window plays two-player tables; 3 and 4 players are not laid out yet."
                if value != 2
                else None
            )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.stack.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
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

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        self.app.text.draw(surface, "Settings", 34, GOLD, (640, 18), "midtop", bold=True)
        note = self.message or self.app.notice or f"Presets: {', '.join(PRESETS)}. Changes are saved at once."
        self.app.text.draw(
            surface, note, 16, WARN if (self.message or self.app.notice) else SOFT, (640, 730), "midtop"
        )
