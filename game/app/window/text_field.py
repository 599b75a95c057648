"""A line to type in (a name, an address, a code), as the screens' keyboard rings use it:
having the focus means typing. Left empty it shows its placeholder greyed, a hint of what
an empty field means (the name the game gives, an example address), where pygame_gui draws a
placeholder in the colour of typed text, as if it had been typed."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.app.window.palette import SOFT

HINT = pygame.Color(*SOFT).lerp((0, 0, 0), 0.35)
"""The placeholder's colour: dimmer than any text typed or said on the screen's felt."""


class TextField(UITextEntryLine):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._hinted: bool | None = None
        """Whether the placeholder is drawn in the hint's colour now (None: not drawn yet)."""
        self._typed_colour: Any = None
        """The theme's colour of text typed (read by `rebuild_from_changed_theme_data`)."""
        super().__init__(*args, **kwargs)
        self._show_hint()

    def select(self) -> None:
        self.ui_manager.set_focus_set(self)

    def unselect(self) -> None:
        if self.is_focused:
            self.ui_manager.set_focus_set(None)

    @property
    def hinting(self) -> bool:
        """The field is empty: what it shows is its placeholder."""
        return not self.get_text() and bool(self.placeholder_text)

    def set_text(self, text: str) -> None:
        super().set_text(text)
        self._show_hint()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._show_hint()

    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        self._typed_colour = self.text_colour  # the theme's, for text typed
        self._hinted = None
        self._show_hint()

    def _show_hint(self) -> None:
        """The text's colour: the hint's while the field is empty, the theme's once typed in."""
        if self.drawable_shape is None or self.hinting == self._hinted:
            return
        self._hinted = self.hinting
        self.text_colour = HINT if self._hinted else self._typed_colour
        self.rebuild()
        if self.drawable_shape is not None and self.drawable_shape.text_box_layout is not None:
            self.drawable_shape.text_box_layout.set_cursor_position(self.edit_position)
