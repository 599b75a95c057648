"""Keyboard for a column or row of pygame_gui buttons: arrows move, Home goes to the first,
Enter/Space press.

The focus is a light ring around the button (`ButtonRing.draw_focus`), never the gold
fill: gold says "chosen" (the player count of a new table), and the focus must not look
like a choice."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

PREVIOUS_KEYS = (pygame.K_UP, pygame.K_LEFT)
NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
LEAVE_FIELD_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
"""While a field is typed in, the menu keys that move on to the next (left and right move in the text)."""
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FOCUS_RING = (255, 250, 235)
FOCUS_MARGIN = 4
"""How far outside the button the ring lies: clear of the button (the gui draws over it) and
within the least gap between two buttons (4 px, the statistics' row)."""


KEY_GUARD_S = 0.3
"""How long a screen that comes up unbidden (the ron prompt, a notice, the moment of a win,
a hand's result) ignores keys after its first frame. Keys already pressed, or pressed while
it was appearing, were meant for what was there before: a person reacts to a picture in
some 0.2-0.25 s at best, so a key within 0.3 s of it was on its way before it could be seen
(an arrow and Enter queued for a discard must not pass a ron). An answer given after
reading the screen takes longer than that, so none is lost."""


class KeyGuard:
    """Keys count only once the screen has been shown `KEY_GUARD_S`; its scene ticks it with
    the time passed, which the window counts up to the moment an input is handled."""

    def __init__(self, guard_s: float = KEY_GUARD_S) -> None:
        self.guard_s = guard_s
        self.shown_s = 0.0

    def tick(self, dt: float) -> None:
        self.shown_s += dt

    def blocks(self, event: pygame.event.Event) -> bool:
        """Whether `event` is a key that came too early to be meant for this screen."""
        return event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.shown_s < self.guard_s


class ButtonRing:
    """Buttons with their actions; one of them has the keyboard focus (selected in the gui,
    whose theme lifts it a little, and ringed by `draw_focus`)."""

    def __init__(self) -> None:
        self.entries: list[tuple[UIButton, Callable[[], None]]] = []
        self.focus = 0

    def add(self, button: UIButton, action: Callable[[], None]) -> UIButton:
        self.entries.append((button, action))
        if len(self.entries) == 1:
            button.select()
        return button

    def focus_on(self, index: int) -> None:
        """Give the keyboard focus to the index-th button (the one Enter presses)."""
        self._unfocus(self.entries[self.focus][0])
        self.focus = index
        self.entries[self.focus][0].select()

    @staticmethod
    def _unfocus(button: UIButton) -> None:
        """The gui's unselect draws a button as enabled, even a disabled one (a second window's
        Continue looked pressable): a disabled button keeps its disabled look."""
        button.unselect()
        if not button.is_enabled:
            button.enable()
            button.disable()

    def focus_first_enabled(self) -> None:
        """Put the focus on the first button that can be pressed (after some were disabled)."""
        self._unfocus(self.entries[self.focus][0])
        self.focus = next((i for i, (button, _) in enumerate(self.entries) if button.is_enabled), 0)
        self.entries[self.focus][0].select()

    def focused(self) -> UIButton | None:
        return self.entries[self.focus][0] if self.entries else None

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The ring around the focused button; nothing while the button is hidden (under a dialog)."""
        button = self.focused()
        if button is not None and button.visible:
            ring = button.rect.inflate(2 * FOCUS_MARGIN, 2 * FOCUS_MARGIN)
            pygame.draw.rect(surface, FOCUS_RING, ring, 2, border_radius=9)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for button, action in self.entries:
                if event.ui_element is button:
                    action()
                    return True
            return False
        if event.type != pygame.KEYDOWN or not self.entries:
            return False
        if event.key == pygame.K_HOME:
            self.focus_first_enabled()
            return True
        if event.key in PREVIOUS_KEYS + NEXT_KEYS:
            self._move(-1 if event.key in PREVIOUS_KEYS else 1)
            return True
        if event.key == pygame.K_TAB:  # as in every form: Shift+Tab back
            self._move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in PRESS_KEYS:
            button, action = self.entries[self.focus]
            if button.is_enabled:
                action()
            return True
        return False

    def _move(self, step: int) -> None:
        enabled = [i for i, (button, _) in enumerate(self.entries) if button.is_enabled]
        if not enabled:
            return
        self._unfocus(self.entries[self.focus][0])
        position = enabled.index(self.focus) if self.focus in enabled else 0
        self.focus = enabled[(position + step) % len(enabled)]
        self.entries[self.focus][0].select()
