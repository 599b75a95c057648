"""Your statistics: the figures of game/app/history/statistics.py from the match history, a chart
of the running balance over the last matches (over the hands of the one match, while there is
one), and a reset (after a confirmation)."""

from __future__ import annotations

from datetime import datetime

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.history.statistics import LOST, PEOPLE, WON, MatchSummary, Statistics, Tally
from game.app.scene import Scene, Screens, Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.settings import AI_LEVELS, ai_level_name
from game.app.views.felt import draw_felt
from game.app.window.menu_keys import ButtonRing
from game.app.window.palette import EDGE, GOLD, GOOD, INK, PANEL, SOFT, URGENT, WARN
from game.app.window.text import NO_BREAK_SPACE
from game.app.words import i18n
from game.app.words.i18n import N_, Message, _, ngettext

CHART_X, CHART_WIDTH, CHART_BOTTOM = 110, 1060, 730
CHART_MIN_HEIGHT = 170
CHART_TITLE_GAP = 44
"""Between the figures above and the chart: the chart's title."""
CHART_MATCHES = 50
LEFT, RIGHT = 80, 680
ROW = 26
BUTTON_Y, BUTTON_GAP = 20, 4
LEVEL_ORDER = ("easy", "normal", "hard")
COLUMNS = ((N_("matches"), 150), (N_("won–lost"), 240), (N_("hands"), 310), (N_("win"), 380), (N_("deal-in"), 460),
           (N_("balance"), 560))
PRESET_SHORT_NAMES = {"kaiji": N_("Kaiji"), "pro_stream": N_("Pro stream"), "moegirl": N_("Moegirl"),
                      "three_player": N_("Three player"), "four_player": N_("Four player")}
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "level": N_("level"), "abandoned": N_("abandoned")}
"""A match's result, as `describe` says it (the statistics' WON, LOST, LEVEL, ABANDONED)."""
LEVEL_AI_NAMES = {"easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI")}


class StatisticsScene(Scene):
    def __init__(self, app: Services, screens: Screens) -> None:
        super().__init__(app)
        self.screens = screens
        self.ring = ButtonRing()
        self.stats = Statistics()
        self.notices: list[str] = []

    def enter(self) -> None:
        self.load()
        entries = [("back", _("Back (Esc)"), (24, BUTTON_Y, 110, 40), self.back)]
        if self.stats.matches or self.stats.builds_reviewed:
            # Beside Back, far from where the title's "Your statistics" was clicked: the second
            # click of a double-click there must not land on it.
            entries.append(("reset_statistics", _("Reset…"), (24 + 110 + BUTTON_GAP, BUTTON_Y, 110, 40),
                            self.ask_reset))
        right = []
        if self._worst() is not None:
            # The button names the match as its line does ("Lowest balance" when it lost nothing).
            label = _("Watch lowest") if is_lowest(self._worst()) else _("Watch worst")
            right.append(("watch_worst", label, 118, lambda: self.watch(self._worst())))
        if self.stats.best_match is not None:
            # The button names the match as its line does ("Closest match" when none was won).
            label = _("Watch closest") if is_closest(self.stats) else _("Watch best")
            right.append(("watch_best", label, 118, lambda: self.watch(self.stats.best_match)))
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

    def relabel(self) -> None:
        self.leave()
        self.ring = ButtonRing()
        self.enter()

    def load(self) -> None:
        self.stats, self.notices = self.app.files.read_statistics(self.app.settings.history_limit)

    def _worst(self) -> MatchSummary | None:
        """The worst match, unless it is the best one too (a single match is not both)."""
        worst = self.stats.worst_match
        return None if worst is None or worst is self.stats.best_match else worst

    def watch(self, match: MatchSummary | None) -> None:
        """Play a best or worst match back in the theatre."""
        if match is not None:
            self.screens.watch(self.app.files.kept_match(match.name))

    def back(self) -> None:
        self.app.stack.pop()

    def ask_reset(self) -> None:
        self.app.stack.push(Dialog(
            self.app, Message(N_("Reset your statistics?")),
            Message(N_("The figures start again from your next match. The match records themselves are kept.")),
            [Choice(Message(N_("Reset")), self.reset, object_id="#confirm_reset"),
             Choice(Message(N_("Keep them")), lambda: None)],
            escape=lambda: None,
            default=1,  # Enter keeps them: a reset cannot be undone
        ))

    def reset(self) -> None:
        try:
            self.app.files.reset_statistics()
        except OSError as error:
            self.notices = [_("The statistics could not be reset ({reason}).").format(reason=error.strerror or error)]
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
        text.draw(surface, _("Your statistics"), 40, GOLD, (640, 18), "midtop", bold=True)
        stats = self.stats
        if not stats.matches:
            lines = [_("No match of yours has been kept yet."),
                     _("Every match you finish (or leave for a new one) is counted here.")]
            if stats.not_counted:
                lines.append(ngettext("{count} match of two players on this computer is kept, "
                                      "but it has no “you” to count.",
                                      "{count} matches of two players on this computer are kept, "
                                      "but they have no “you” to count.",
                                      stats.not_counted).format(count=stats.not_counted))
            for index, line in enumerate(lines):
                text.draw(surface, line, 20, INK, (640, 220 + index * 34), "midtop")
        else:
            below = max(self._draw_overall(surface, stats), self._draw_groups(surface, stats))
            self._draw_chart(surface, stats, chart_rect(self._draw_matches(surface, stats, below + ROW // 2)))
        notes = [line for notice in self.notices[:2] for line in text.wrap(notice, 15, 1180)][:2]
        for index, line in enumerate(notes):
            text.draw(surface, line, 15, WARN, (640, 744 + index * 20), "midtop")
        self.ring.draw_focus(surface)

    def _draw_overall(self, surface: pygame.Surface, stats: Statistics) -> int:
        """The overall figures; where they end."""
        text = self.app.text
        overall = stats.overall
        y = 90
        # Translators: the statistics' overall block: matches against the AI and against people
        text.draw(surface, _("All your matches"), 22, GOLD, (LEFT, y), bold=True)
        if overall.abandoned:
            matches = _("Matches {count}: won {won}, lost {lost}, left unfinished {left}")
        else:
            matches = _("Matches {count}: won {won}, lost {lost}")
        lines = [
            matches.format(count=overall.matches, won=overall.matches_won, lost=overall.matches_lost,
                           left=overall.abandoned),
            _("Hands {count}: win {win}, deal-in {deal_in}, draw {draw}").format(
                count=overall.hands, win=percentage(overall.win_rate, 1), deal_in=percentage(overall.deal_in_rate, 1),
                draw=percentage(overall.draw_rate, 1)),
            _("Average win {win} mangan, average loss {loss} mangan").format(
                win=i18n.format_number(overall.average_win, 2), loss=i18n.format_number(overall.average_loss, 2)),
            _("Balance {balance} mangan").format(balance=signed(overall.net_units, 2)),
        ]
        if stats.best_build_rate is not None:
            lines.append(_("Your build was the analyser's best in {best} of {count} hands ({rate})").format(
                best=stats.builds_best, count=stats.builds_reviewed, rate=percentage(stats.best_build_rate)))
            if stats.average_best_share is not None:
                lines.append(_("On average it promised {share} of the best's expected payment").format(
                    share=percentage(stats.average_best_share)))
            lines.append(_("Walls with no mangan hand: {count} of {total}").format(
                count=stats.walls_without_mangan, total=stats.builds_reviewed))
        for index, line in enumerate(lines):
            text.draw(surface, line, 17, INK, (LEFT, y + 36 + index * ROW))
        y += 36 + len(lines) * ROW
        # A match won on money can show fewer mangan than it lost: a doubled stake counts once.
        text.draw(surface, _("In mangan: each hand's value, whatever its stake."), 15, SOFT, (LEFT, y))
        return y + ROW

    def _draw_matches(self, surface: pygame.Surface, stats: Statistics, y: int) -> int:
        """The best and worst matches, across the screen from `y`; where they end."""
        for label, match in ((best_label(stats), stats.best_match), (worst_label(self._worst()), self._worst())):
            if match is not None:
                self.app.text.draw(surface, label.format(match=describe(match)), 17, result_colour(match), (LEFT, y))
                y += ROW
        return y

    def _draw_groups(self, surface: pygame.Surface, stats: Statistics) -> int:
        """The figures by AI level and by preset; where they end."""
        text = self.app.text
        y = 90
        levels = sorted(stats.by_level, key=lambda k: (LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 9, k))
        for title, groups, names in ((_("By AI level"), stats.by_level, levels),
                                     (_("By preset"), stats.by_preset, sorted(stats.by_preset))):
            text.draw(surface, title, 22, GOLD, (RIGHT, y), bold=True)
            y += 34
            for heading, x in COLUMNS:
                text.draw(surface, _(heading), 14, SOFT, (RIGHT + x, y), "topright")
            y += 22
            for name in names[:5]:
                self._group_row(surface, name, groups[name], y)
                y += 24
            y += 14
        return y

    def _group_row(self, surface: pygame.Surface, name: str, tally: Tally, y: int) -> None:
        text = self.app.text
        text.draw(surface, group_name(name), 16, INK, (RIGHT, y))
        cells = (str(tally.matches), f"{tally.matches_won}–{tally.matches_lost}", str(tally.hands),
                 percentage(tally.win_rate), percentage(tally.deal_in_rate), signed(tally.net_units, 1))
        for (_heading, x), cell in zip(COLUMNS, cells, strict=True):
            text.draw(surface, cell, 16, INK, (RIGHT + x, y), "topright")

    def _draw_chart(self, surface: pygame.Surface, stats: Statistics, chart: pygame.Rect) -> None:
        text = self.app.text
        by_hand = stats.hand_balance()
        balance = [0.0, *(by_hand or stats.running_balance(last=CHART_MATCHES))]
        shown = len(balance) - 1
        if by_hand:  # one match: a point per match would be one straight line to its total
            chart_title = ngettext("Running balance over the {count} hand of your one match (mangan)",
                                   "Running balance over the {count} hands of your one match (mangan)",
                                   shown).format(count=shown)
        else:
            chart_title = ngettext("Running balance over your last match (mangan)",
                                   "Running balance over the last {count} matches (mangan)", shown).format(count=shown)
        text.draw(surface, chart_title, 17, SOFT, (chart.left, chart.top - 28))
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
            label = signed(value, 1) if value else "0"
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


def percentage(rate: float, decimals: int = 0) -> str:
    # Translators: a rate in per cent; {number} is already written the language's way (12.5)
    return _("{number}%").format(number=i18n.format_number(rate * 100, decimals))


def signed(value: float, decimals: int) -> str:
    """A balance with its sign, as the language writes the number (+1.50, -0.75)."""
    return ("+" if value >= 0 else "") + i18n.format_number(value, decimals)


def group_name(name: str) -> str:
    """An AI level or a preset as the screens name it."""
    if name in AI_LEVELS:
        return ai_level_name(name)
    if name == PEOPLE:
        # Translators: the statistics' group of matches with people at other computers (AI seats too)
        return _("Other people")
    return _(PRESET_SHORT_NAMES[name]) if name in PRESET_SHORT_NAMES else name.replace("_", " ").capitalize()


def is_closest(stats: Statistics) -> bool:
    """The best finished match was lost, and so was every other: it is the closest, not the best."""
    best = stats.best_match
    return best is not None and best.result == LOST and not stats.overall.matches_won


def best_label(stats: Statistics) -> str:
    """The best finished match's line: "best" for a match lost reads oddly, so when none was
    won it is the closest."""
    if is_closest(stats):
        # Translators: the statistics' lost match of the best balance, when every finished match was lost
        return _("Closest match: {match}")
    return _("Best match: {match}")


def is_lowest(match: MatchSummary | None) -> bool:
    """The worst match lost nothing (an abandoned match ahead, or every match won): it is the
    one of the lowest balance, not a bad one."""
    return match is not None and match.net_units >= 0


def worst_label(match: MatchSummary | None) -> str:
    """The worst match's line: "worst" for a match that lost nothing reads oddly, so then it
    is the lowest balance."""
    if is_lowest(match):
        # Translators: the statistics' match of the lowest balance, when even that one lost nothing
        return _("Lowest balance: {match}")
    return _("Worst match: {match}")


def result_colour(match: MatchSummary) -> tuple[int, int, int]:
    """A match's line in the colour of its result: the worst match may be a won one, the best a lost one."""
    return {WON: GOOD, LOST: URGENT}.get(match.result, INK)


def describe(match: MatchSummary) -> str:
    day = shown_day(match.kept_at[:10], match.name[:8])
    hands = ngettext("{count} hand", "{count} hands", match.hands).format(count=match.hands)
    values = {"balance": signed(match.net_units, 2), "preset": group_name(match.preset), "hands": hands,
              "result": _(RESULT_WORDS[match.result]) if match.result in RESULT_WORDS else match.result, "day": day}
    if match.level in LEVEL_AI_NAMES:
        return _("{balance} mangan against {level}, {preset}, {hands} ({result}), {day}").format(
            level=_(LEVEL_AI_NAMES[match.level]), **values)
    if match.level == PEOPLE:
        return _("{balance} mangan against other people, {preset}, {hands} ({result}), {day}").format(**values)
    return _("{balance} mangan against the AI, {preset}, {hands} ({result}), {day}").format(**values)


def shown_day(kept_at: str, name: str) -> str:
    """The day a match was kept, as the language writes dates: from its ISO time, else from its
    file name's YYYYMMDD, else as it is. Its words are held together by no-break spaces, so
    that a wrapped message never splits a date ("Dec 6, / 2026")."""
    for text, pattern in ((kept_at, "%Y-%m-%d"), (name, "%Y%m%d")):
        try:
            return i18n.format_date(datetime.strptime(text, pattern).date()).replace(" ", NO_BREAK_SPACE)
        except ValueError:
            continue
    return kept_at or name
