"""The end of a hand over the table: its `ResultFrame` drawn by the result panel
(game/app/views/result_panel.py), and a button to go on when the player is ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.play.result_frame import ResultFrame
from game.app.play.result_reading import ResultGate
from game.app.scene import Scene, Services
from game.app.views.result_panel import ResultPanel
from game.app.window.menu_keys import ButtonRing, KeyGuard
from game.app.window.palette import GOLD
from game.app.words.i18n import _

NEWS_LOOK_S = 0.25
"""How often the host's news (the next hand begun, the seat's clock running) is looked at."""
NEWS_ROW = 26
"""The height of a row of the news line (18 px bold, with its gap)."""


class ResultScene(Scene):
    opaque = False

    def __init__(self, app: Services, make_frame: Callable[[], ResultFrame], on_next: Callable[[], None],
                 news: Callable[[], str | None] | None = None, gate: ResultGate | None = None,
                 menu: Callable[[], None] | None = None) -> None:
        """`make_frame` makes the result's frame in the language spoken (again when it changes);
        `news` (a joined table, whose host goes on by itself) what has happened at the host
        since, in words, looked at each frame (None: nothing yet); `gate` (network play) when
        the next hand begins: Next tells the table, and the result stays, saying who the next
        hand waits for, until it begins (the reading time bounds it). A joined result that
        comes up after the next hand has begun (its player was away, in the menu, for the
        whole reading time) does not close by itself, which would flash it by: it says that
        the next hand has begun (`news`), and Next goes to it at once. `menu` opens the table's
        menu over it (Esc), as Esc does at the table."""
        super().__init__(app)
        self.news = news
        self.news_line: str | None = None
        self.gate = gate
        self.closed = False
        """Next was pressed while the next hand waits for others."""
        self.late = False
        """It came up after the next hand had begun: it stays until Next."""
        self.result = ResultPanel(app.text, app.art, make_frame, app.screen.get_width())
        self.on_next = on_next
        self.menu = menu
        self.ring = ButtonRing()
        self.guard = KeyGuard()
        """It comes up when the hand ends, whatever keys are on their way: it stays until a
        key pressed after it is shown."""

    def enter(self) -> None:
        gate = self._gate()
        # Only where the host goes on by itself (`news`): the host's own result deals the next
        # hand at its Next, and must not hold the table until it.
        self.late = gate is not None and self.news is not None and gate.next_begun()
        panel = self.result.panel
        button = UIButton(
            pygame.Rect(panel.centerx - 160, panel.bottom - 64, 320, 48),
            self.next_label,
            self.app.manager,
            object_id=ObjectID(object_id="#next_hand", class_id="@menu_button"),
        )
        self.elements.append(button)
        self.next_button = button
        self.ring.add(button, self.next)

    @property
    def frame(self) -> ResultFrame:
        return self.result.frame

    @property
    def heading(self) -> str:
        """The heading as drawn, its names cut to the panel."""
        return self.result.heading

    @property
    def panel(self) -> pygame.Rect:
        """Where the result lies on the screen."""
        return self.result.panel

    @property
    def next_label(self) -> str:
        return _("Match summary (Enter)") if self.frame.over else _("Next hand (Enter)")

    def relabel(self) -> None:
        self.result.remake()
        self.next_button.set_text(self.next_label)

    def next(self) -> None:
        gate = self._gate()
        if gate is not None and not self.closed and not self.late:
            self.closed = True
            gate.close_result()
            self.next_button.disable()
        if gate is None or gate.next_begun():
            self._go_on()

    def _gate(self) -> ResultGate | None:
        """The network's wait, but after the match's last hand (its summary waits for no one)."""
        return None if self.frame.over else self.gate

    def _go_on(self) -> None:
        if self in self.app.stack.scenes:
            self.app.stack.remove(self)
            self.on_next()

    def next_change(self) -> float | None:
        """A look each NEWS_LOOK_S while the host's news is shown (its clock runs), else None: the
        host's news wakes the window, and the key guard's time needs no frame of its own (the
        window counts the time passed up to the moment an input is handled)."""
        return NEWS_LOOK_S if self.news_line is not None or self._gate() is not None else None

    def update(self, dt: float) -> None:
        self.guard.tick(dt)
        news = self.news() if self.news is not None else None
        gate = self._gate()
        if gate is not None and not self.late:
            if gate.next_begun():
                self._go_on()
                return
            news = news or gate.reading_words(self.closed)
        self.news_line = news

    def news_rows(self) -> list[str]:
        """The news line in rows as wide as the panel takes them (one, in every language today)."""
        if self.news_line is None:
            return []
        return self.app.text.wrap(self.news_line, 18, self.panel.width - 64, bold=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guard.blocks(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.menu is not None:
            self.menu()
            return True
        self.ring.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rows = self.news_rows()
        self.result.room_below = len(rows) * NEWS_ROW  # the standings and the next stake above the news
        self.result.draw(surface)
        bottom = self.next_button.rect.top - 8
        for index, row in enumerate(reversed(rows)):
            corner = (self.panel.right - 24, bottom - index * NEWS_ROW)
            self.app.text.draw(surface, row, 18, GOLD, corner, "bottomright", bold=True)
        self.ring.draw_focus(surface)
