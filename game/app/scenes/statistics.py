"""Your statistics: the figures of game/app/statistics.py from the match history, a chart
of the running balance over the last matches, and a reset (after a confirmation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.history import history_folder, load_history, reset_statistics
from game.app.menu_keys import ButtonRing
from game.app.palette import EDGE, GOLD, GOOD, INK, PANEL, SOFT, URGENT, WARN
from game.app.scene import Scene
from game.app.scenes.dialog import Choice, Dialog
from game.app.statistics import MatchSummary, Statistics, Tally, compute_statistics
from game.app.views.felt import draw_felt

if TYPE_CHECKING:
    from game.app.window import App

CHART_X, CHART_WIDTH, CHART_BOTTOM = 110, 1060, 730
CHART_MIN_HEIGHT = 170
CHART_TITLE_GAP = 44
"""Between the figures above and the chart: the chart's title."""
CHART_MATCHES = 50
LEFT, RIGHT = 80, 680
ROW = 26
BUTTON_Y, BUTTON_GAP = 20, 4
LEVEL_ORDER = ("easy", "normal", "hard")
COLUMNS = (("matches", 150), ("won–lost", 240), ("hands", 310), ("win", 380), ("deal-in", 460), ("balance", 560))


class StatisticsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ring = ButtonRing()
        self.stats = Statistics()
        self.notices: list[str] = []

    def enter(self) -> None:
        self.load()
        entries = [("back", "Back (Esc)", (24, BUTTON_Y, 110, 40), self.back)]
        right = [("reset_statistics", "Reset…", 110, self.ask_reset)]
        if self._worst() is not None:
            right.append(("watch_worst", "Watch worst", 118, lambda: self.watch(self._worst())))
        if self.stats.best_match is not None:
            right.append(("watch_best", "Watch best", 118, lambda: self.watch(self.stats.best_match)))
        x = 1256  # the buttons on the right side by side from the edge, none missing between
        placed = []
        for name, label, width, action in right:
            x -= width
            placed.append((name, label, (x, BUTTON_Y, width, 40), action))
            x -= BUTTON_GAP
        entries += reversed(placed)
        for name, label, rect, action in entries:
            button = UIButton(pygame.Rect(rect), label, self.app.manager,
                              object_id=ObjectID(object_id=f"#{name}", class_id="@small_button"))
            self.elements.append(button)
            self.ring.add(button, action)

    def load(self) -> None:
        load = load_history(history_folder(self.app.data_dir), since_reset=True)
        self.stats = compute_statistics(load.entries)
        self.notices = load.notices

    def _worst(self) -> MatchSummary | None:
        """The worst match, unless it is the best one too (a single match is not both)."""
        worst = self.stats.worst_match
        return None if worst is None or worst is self.stats.best_match else worst

    def watch(self, match: MatchSummary | None) -> None:
        """Play a best or worst match back in the theatre."""
        if match is not None:
            from game.app.scenes.theatre import open_record

            open_record(self.app, history_folder(self.app.data_dir) / match.name)

    def back(self) -> None:
        self.app.stack.pop()

    def ask_reset(self) -> None:
        self.app.stack.push(Dialog(
            self.app, "Reset your statistics?",
            "The figures start again from your next match. The match records themselves are kept.",
            [Choice("Reset", self.reset, object_id="#confirm_reset"), Choice("Keep them", lambda: None)],
            escape=lambda: None,
        ))

    def reset(self) -> None:
        try:
            reset_statistics(history_folder(self.app.data_dir))
        except OSError as error:
            self.notices = [f"The statistics could not be reset ({error.strerror or error})."]
            return
        self.load()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.ring.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        text = self.app.text
        text.draw(surface, "Your statistics", 40, GOLD, (640, 18), "midtop", bold=True)
        stats = self.stats
        if not stats.matches:
            lines = ["No match against the AI has been kept yet.",
                     "Every match you finish (or leave for a new one) is counted here."]
            if stats.not_counted:
                lines.append(f"{stats.not_counted} matches of two players on this computer are kept, "
                             "but they have no “you” to count.")
            for index, line in enumerate(lines):
                text.draw(surface, line, 20, INK, (640, 220 + index * 34), "midtop")
        else:
            below = max(self._draw_overall(surface, stats), self._draw_groups(surface, stats))
            self._draw_chart(surface, stats, chart_rect(self._draw_matches(surface, stats, below + ROW // 2)))
        notes = [line for notice in self.notices[:2] for line in text.wrap(notice, 15, 1180)][:2]
        for index, line in enumerate(notes):
            text.draw(surface, line, 15, WARN, (640, 744 + index * 20), "midtop")

    def _draw_overall(self, surface: pygame.Surface, stats: Statistics) -> int:
        """The overall figures; where they end."""
        text = self.app.text
        overall = stats.overall
        y = 90
        text.draw(surface, "Against the AI", 22, GOLD, (LEFT, y), bold=True)
        lines = [
            f"Matches {overall.matches}: won {overall.matches_won}, lost {overall.matches_lost}"
            + (f", left unfinished {overall.abandoned}" if overall.abandoned else ""),
            f"Hands {overall.hands}: win {overall.win_rate:.1%}, deal-in {overall.deal_in_rate:.1%}, "
            f"draw {overall.draw_rate:.1%}",
            f"Average win {overall.average_win:.2f} mangan, average loss {overall.average_loss:.2f} mangan",
            f"Balance {overall.net_units:+.2f} mangan",
        ]
        if stats.best_build_rate is not None:
            lines.append(f"Your build was the analyser's best in {stats.builds_best} of "
                         f"{stats.builds_reviewed} hands ({stats.best_build_rate:.0%})")
            if stats.average_best_share is not None:
                lines.append(f"On average it promised {stats.average_best_share:.0%} of the best's "
                             "expected payment")
            lines.append(f"Walls with no mangan hand: {stats.walls_without_mangan} of {stats.builds_reviewed}")
        for index, line in enumerate(lines):
            text.draw(surface, line, 17, INK, (LEFT, y + 36 + index * ROW))
        return y + 36 + len(lines) * ROW

    def _draw_matches(self, surface: pygame.Surface, stats: Statistics, y: int) -> int:
        """The best and worst matches, across the screen from `y`; where they end."""
        for label, match, colour in (("Best match", stats.best_match, GOOD), ("Worst match", self._worst(), URGENT)):
            if match is not None:
                self.app.text.draw(surface, f"{label}: {describe(match)}", 17, colour, (LEFT, y))
                y += ROW
        return y

    def _draw_groups(self, surface: pygame.Surface, stats: Statistics) -> int:
        """The figures by AI level and by preset; where they end."""
        text = self.app.text
        y = 90
        levels = sorted(stats.by_level, key=lambda k: (LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 9, k))
        for title, groups, names in (("By AI level", stats.by_level, levels),
                                     ("By preset", stats.by_preset, sorted(stats.by_preset))):
            text.draw(surface, title, 22, GOLD, (RIGHT, y), bold=True)
            y += 34
            for heading, x in COLUMNS:
                text.draw(surface, heading, 14, SOFT, (RIGHT + x, y), "topright")
            y += 22
            for name in names[:5]:
                self._group_row(surface, name, groups[name], y)
                y += 24
            y += 14
        return y

    def _group_row(self, surface: pygame.Surface, name: str, tally: Tally, y: int) -> None:
        text = self.app.text
        text.draw(surface, name.replace("_", " ").capitalize(), 16, INK, (RIGHT, y))
        cells = (str(tally.matches), f"{tally.matches_won}–{tally.matches_lost}", str(tally.hands),
                 f"{tally.win_rate:.0%}", f"{tally.deal_in_rate:.0%}", f"{tally.net_units:+.1f}")
        for (_, x), cell in zip(COLUMNS, cells, strict=True):
            text.draw(surface, cell, 16, INK, (RIGHT + x, y), "topright")

    def _draw_chart(self, surface: pygame.Surface, stats: Statistics, chart: pygame.Rect) -> None:
        text = self.app.text
        balance = [0.0, *stats.running_balance(last=CHART_MATCHES)]
        shown = len(balance) - 1
        matches = "your last match" if shown == 1 else f"the last {shown} matches"
        text.draw(surface, f"Running balance over {matches} (mangan)", 17, SOFT,
                  (chart.left, chart.top - 28))
        pygame.draw.rect(surface, PANEL, chart, border_radius=6)
        pygame.draw.rect(surface, EDGE, chart, 1, border_radius=6)
        high, low = max(max(balance), 1.0), min(min(balance), -1.0)
        inner = chart.inflate(-40, -30)

        def point(index: int, value: float) -> tuple[int, int]:
            x = inner.left + inner.width * index / max(1, shown)
            return round(x), round(inner.bottom - (value - low) / (high - low) * inner.height)

        zero = point(0, 0.0)[1]
        pygame.draw.line(surface, SOFT, (inner.left, zero), (inner.right, zero), 1)
        for value in (high, 0.0, low):
            label = f"{value:+.1f}" if value else "0"
            text.draw(surface, label, 13, SOFT, (chart.left - 6, point(0, value)[1]), "midright")
        points = [point(i, v) for i, v in enumerate(balance)]
        if len(points) > 1:
            pygame.draw.lines(surface, GOLD, False, points, 3)
        for (x, y), value in zip(points[1:], balance[1:], strict=True):
            pygame.draw.circle(surface, GOOD if value >= 0 else URGENT, (x, y), 4)


def chart_rect(below: int) -> pygame.Rect:
    """The chart fills the screen from below the figures (however few they are) down to its
    fixed bottom, and is never shorter than `CHART_MIN_HEIGHT`."""
    top = min(below + CHART_TITLE_GAP, CHART_BOTTOM - CHART_MIN_HEIGHT)
    return pygame.Rect(CHART_X, top, CHART_WIDTH, CHART_BOTTOM - top)


def describe(match: MatchSummary) -> str:
    day = match.kept_at[:10] or match.name[:8]
    level = f"{match.level} AI" if match.level != "?" else "the AI"
    hands = f"{match.hands} hand" + ("" if match.hands == 1 else "s")
    preset = match.preset.replace("_", " ")
    return f"{match.net_units:+.2f} mangan against {level}, {preset}, {hands} ({match.result}), {day}"
