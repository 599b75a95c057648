"""A modal dialog over the current scene: a title, a message, perhaps tiles, and buttons.

Used for "are you sure?", the ron prompt, notices and the pause menu. Arrows move
between the buttons, Enter or Space presses the focused one (the `default` choice when the
dialog opens: the safe one where a choice can hurt), Esc takes the escape choice if any.
A dialog that comes up unbidden (`unbidden`: the ron prompt, a notice) ignores keys for a
moment (menu_keys.KEY_GUARD_S); one answered only by its choices' own keys (`own_keys`:
the ron prompt, R or P) takes neither arrows nor Enter, so keys meant for a move cannot
answer it.

Its words follow a language switch made while it is open (the Settings opened over the pause
menu over it, say): give each as an `i18n.Message` or `i18n.Later`, which are put into words
again at each reading; a plain str (a name, a file's path) stays as it is.
"""

from __future__ import annotations

from collections import UserString
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.scene import Scene, Services
from game.app.views.centre import draw_clock
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD, INK
from game.app.window.shade import Shade

PANEL_COLOUR = (16, 41, 31)
BORDER = (201, 169, 74)
SHADE = (0, 0, 0, 150)
BUTTON_HEIGHT = 46
TILE_WIDTH = 44

Words = str | UserString
"""A dialog's title, message or button label: a `Message` or `Later` reads in the language
of the moment, a str as it was given."""


@dataclass(frozen=True)
class Choice:
    label: Words
    action: Callable[[], None]
    key: int | None = None
    object_id: str | None = None


class Dialog(Scene):
    opaque = False

    def __init__(
        self,
        app: Services,
        title: Words,
        message: Words,
        choices: Sequence[Choice],
        tiles: Sequence[str] = (),
        escape: Callable[[], None] | None = None,
        width: int = 600,
        default: int = 0,
        clock: Callable[[], float | None] | None = None,
        unbidden: bool = False,
        own_keys: bool = False,
    ) -> None:
        """`clock`: the time left for the move the dialog asks about, shown in its corner
        while it runs (the table's clock is under the shade); `unbidden`: it comes up by
        itself, not at the player's asking, so keys pressed before it and in its first
        moment are not for it; `own_keys`: only each choice's key (and a click) answers."""
        super().__init__(app)
        self.guard = KeyGuard() if unbidden else None
        self.own_keys = own_keys
        self.title = title
        self.message = message
        self.choices = list(choices)
        self.tiles = list(tiles)
        self.escape = escape
        self.default = default
        self.clock = clock
        self.width = width
        self.lines: list[str] = []
        self.panel = pygame.Rect(0, 0, width, 0)
        self._lay_out()
        self.ring = ButtonRing()
        self.shade = Shade(SHADE, app.screen.get_width())

    def _lay_out(self) -> None:
        """The message's lines and the panel that holds them, in the language of the moment."""
        self.lines = self.app.text.wrap(str(self.message), 18, self.width - 56)
        height = 80 + len(self.lines) * 26 + (90 if self.tiles else 0) + BUTTON_HEIGHT + 40
        self.panel = pygame.Rect(0, 0, self.width, height)
        self.panel.center = self.app.screen.get_rect().center

    def enter(self) -> None:
        """Its buttons, in a ring of their own: a dialog may come on the stack again (the Ron?
        question after its Menu), and the buttons it had then are gone."""
        self.ring = ButtonRing()
        count = len(self.choices)
        gap = 14
        width = min(220, (self.panel.width - 40 - gap * (count - 1)) // max(1, count))
        left = self.panel.centerx - (count * width + (count - 1) * gap) // 2
        top = self.panel.bottom - BUTTON_HEIGHT - 22
        for index, choice in enumerate(self.choices):
            button = UIButton(
                pygame.Rect(left + index * (width + gap), top, width, BUTTON_HEIGHT),
                str(choice.label),
                self.app.manager,
                object_id=ObjectID(object_id=choice.object_id, class_id="@menu_button"),
            )
            self.elements.append(button)
            self.ring.add(button, self._chooser(choice))
        if self.own_keys:
            self.elements[0].unselect()  # no focus: Enter presses nothing here
        else:
            self.ring.focus_on(self.default)

    def relabel(self) -> None:
        """The language changed while it was open: its message wrapped again (a line's length
        differs between languages, and so may the panel's height), its buttons made again,
        the focus where it was."""
        focus = self.ring.focus
        self.leave()
        self._lay_out()
        self.enter()
        if not self.own_keys:
            self.ring.focus_on(focus)

    def _chooser(self, choice: Choice) -> Callable[[], None]:
        def choose() -> None:
            self.app.stack.remove(self)
            choice.action()

        return choose

    def next_change(self) -> float | None:
        """None: the key guard's time needs no frame of its own (the window counts the time
        passed up to the moment an input is handled)."""
        return None

    def update(self, dt: float) -> None:
        if self.guard is not None:
            self.guard.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guard is not None and self.guard.blocks(event):
            return True
        ring_keys = not (self.own_keys and event.type == pygame.KEYDOWN)
        if ring_keys and self.ring.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.escape is not None:
                self.app.stack.remove(self)
                self.escape()
                return True
            for choice in self.choices:
                if choice.key is not None and event.key == choice.key:
                    self._chooser(choice)()
                    return True
        return True  # modal: nothing reaches the scene beneath

    def draw(self, surface: pygame.Surface) -> None:
        self.shade.draw(surface)
        pygame.draw.rect(surface, PANEL_COLOUR, self.panel, border_radius=12)
        pygame.draw.rect(surface, BORDER, self.panel, 2, border_radius=12)
        text = self.app.text
        text.draw(
            surface, str(self.title), 26, GOLD, (self.panel.centerx, self.panel.top + 22), "midtop", bold=True
        )
        left = self.clock() if self.clock is not None else None
        if left is not None:
            draw_clock(surface, text, left, (self.panel.right - 22, self.panel.top + 22), "topright", 26)
        y = self.panel.top + 70
        for line in self.lines:
            text.draw(surface, line, 18, INK, (self.panel.centerx, y), "midtop")
            y += 26
        if self.tiles:
            width = len(self.tiles) * (TILE_WIDTH + 4)
            x = self.panel.centerx - width // 2
            for code in self.tiles:
                surface.blit(self.app.art.tile(code, TILE_WIDTH), (x, y + 12))
                x += TILE_WIDTH + 4
        if not self.own_keys:
            self.ring.draw_focus(surface)
