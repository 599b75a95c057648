"""Your statistics, computed from the match history (no pygame; files only through
game/app/history/history.py, in `read_statistics`).

Counted: matches with one person at this computer, against the AI or people at other
computers (a hosted or joined table; two players sharing a screen have no "you"). Per
hand, a win is a ron by you, a deal-in a discard of yours that someone won on (one
deal-in however many win on it), a draw an exhaustive draw. Wins and losses are in
mangan units, the `multiplier` of each win (mangan 1 … yakuman 4; below mangan, base
points / 2000), so matches of every settlement compare. A match is won when you finish
strictly ahead of everyone, lost when someone finishes ahead of you; an abandoned match
has no result but its finished hands count. A match with a person at another computer is
filed under `PEOPLE`, not under the level of an AI that sat there too. The build figures come from the analyser's
review stored with each kept match (game/app/history/build_review.py), when it is there.

Every figure is checked as it is read from a match: a number (not a bool) that is finite
and within `MAX_FIGURE`, else the match's file is damaged (`FigureError`): the statistics
leave it out and `read_statistics` moves it aside, as the history does an unreadable file.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from game.app.history.history import ABANDONED, HistoryEntry, load_history
from game.app.settings import AI_LEVELS
from game.engine.rules import PRESETS

SOLO = "solo"
WON, LOST, LEVEL = "won", "lost", "level"
PEOPLE = "people"
"""The group of the matches with a person at another computer at the table, beside the AI
levels (an AI seat among them too): an AI level's figures are of you against that AI alone,
a match a person won never counted as the AI's."""
MAX_FIGURE = 1e9
"""Beyond any score, win (in mangan) or expected payment a match holds, and small enough that
the sums of a whole history stay exact to the hundredth and can be written out."""
LINES_READ = ('{"type":"header"', '{"type":"settlement"', '{"type":"match_end"', '{"type":"event","event":"won"',
              '{"type":"event","event":"exhaustive_draw"', '{"type":"event","event":"hand_started"')
"""The lines of a record the statistics read, as the game writes them (history.read_quickly)."""


class FigureError(ValueError):
    """A match whose figures are not numbers a match can hold (the file is damaged)."""


@dataclass(frozen=True)
class BuildFigures:
    """The analyser's review of one of your builds (game/app/history/build_review.py), its figures checked."""

    best: bool
    built_payment: float
    best_payment: float
    mangan_possible: bool


@dataclass(frozen=True)
class MatchSummary:
    """One counted match from your seat."""

    name: str
    kept_at: str
    preset: str
    level: str
    result: str
    hands: int
    wins: int
    deal_ins: int
    draws: int
    won_units: tuple[float, ...]
    lost_units: tuple[float, ...]
    builds: tuple[BuildFigures, ...]
    hand_units: tuple[float, ...] = ()
    """Your net mangan units in each hand, in order (won less dealt in; 0 for a draw)."""

    @property
    def net_units(self) -> float:
        return sum(self.won_units) - sum(self.lost_units)


@dataclass
class Tally:
    """Matches and hands of one group (everything, one AI level, one preset)."""

    matches: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    abandoned: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    draws: int = 0
    won_units: list[float] = field(default_factory=list)
    lost_units: list[float] = field(default_factory=list)

    def add(self, match: MatchSummary) -> None:
        self.matches += 1
        self.matches_won += match.result == WON
        self.matches_lost += match.result == LOST
        self.abandoned += match.result == ABANDONED
        self.hands += match.hands
        self.wins += match.wins
        self.deal_ins += match.deal_ins
        self.draws += match.draws
        self.won_units += match.won_units
        self.lost_units += match.lost_units

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def draw_rate(self) -> float:
        return self.draws / self.hands if self.hands else 0.0

    @property
    def average_win(self) -> float:
        return sum(self.won_units) / len(self.won_units) if self.won_units else 0.0

    @property
    def average_loss(self) -> float:
        return sum(self.lost_units) / len(self.lost_units) if self.lost_units else 0.0

    @property
    def net_units(self) -> float:
        return sum(self.won_units) - sum(self.lost_units)


@dataclass
class Statistics:
    overall: Tally = field(default_factory=Tally)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_preset: dict[str, Tally] = field(default_factory=dict)
    matches: list[MatchSummary] = field(default_factory=list)
    """Counted matches, oldest first."""
    not_counted: int = 0
    """Kept matches with no single human seat (two players on one screen)."""
    builds_reviewed: int = 0
    builds_best: int = 0
    best_shares: list[float] = field(default_factory=list)
    """Per reviewed build whose wall had a paying hand: its expected payment / the best's."""
    walls_without_mangan: int = 0
    damaged: list[HistoryEntry] = field(default_factory=list)
    """Kept matches left out: a figure in them is no number a match can hold."""

    @property
    def best_build_rate(self) -> float | None:
        return self.builds_best / self.builds_reviewed if self.builds_reviewed else None

    @property
    def average_best_share(self) -> float | None:
        return sum(self.best_shares) / len(self.best_shares) if self.best_shares else None

    @property
    def best_match(self) -> MatchSummary | None:
        """The finished match of the best balance (an abandoned one is no best match)."""
        return max((m for m in self.matches if m.result != ABANDONED), key=lambda m: m.net_units, default=None)

    @property
    def worst_match(self) -> MatchSummary | None:
        return min(self.matches, key=lambda m: m.net_units, default=None)

    def hand_balance(self) -> list[float]:
        """With one counted match: net mangan units after each of its hands (none otherwise:
        the balance is drawn match by match, `running_balance`)."""
        if len(self.matches) != 1:
            return []
        return [round(total, 4) for total in accumulate(self.matches[0].hand_units)]

    def running_balance(self, last: int | None = None) -> list[float]:
        """Net mangan units after each counted match, oldest first (the last `last` matches)."""
        shown = self.matches if last is None else self.matches[-last:]
        balance, total = [], 0.0
        for match in shown:
            total += match.net_units
            balance.append(round(total, 4))
        return balance


def read_statistics(folder: Path, limit: int | None = None) -> tuple[Statistics, list[str]]:
    """The statistics of the history in `folder` since the last reset (its newest `limit`
    matches), and a notice for each file that could not be used: a file whose figures are
    damaged is moved aside as an unreadable one is."""
    load = load_history(folder, since_reset=True, limit=limit, wanted=LINES_READ)
    stats = compute_statistics(load.entries)
    for entry in stats.damaged:
        load.set_aside(entry.path)
    return stats, load.notices


def compute_statistics(entries: Iterable[HistoryEntry]) -> Statistics:
    stats = Statistics()
    for entry in entries:
        seat = human_seat(entry)
        if seat is None:
            stats.not_counted += 1
            continue
        try:
            match = summarise_match(entry, seat)
        except FigureError:
            stats.damaged.append(entry)
            continue
        stats.matches.append(match)
        for tally in (stats.overall, stats.by_level.setdefault(match.level, Tally()),
                      stats.by_preset.setdefault(match.preset, Tally())):
            tally.add(match)
        for build in match.builds:
            _add_build(stats, build)
    return stats


def human_seat(entry: HistoryEntry) -> int | None:
    """Your seat in a match against the AI; None for any other kind of match."""
    plan = entry.plan
    humans = plan.get("humans")
    if plan.get("mode") != SOLO or not isinstance(humans, list) or len(humans) != 1:
        return None
    seat = humans[0]
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def summarise_match(entry: HistoryEntry, seat: int) -> MatchSummary:
    """Your figures in one match. Raises FigureError for a figure no match can hold."""
    hands = wins = deal_ins = draws = 0
    won: list[float] = []
    lost: list[float] = []
    per_hand: list[float] = []
    final: list[Any] | None = None
    losing_hand: float | None = None
    winning_hand = 0.0
    for line in entry.lines[1:]:
        kind, event = line.get("type"), line.get("event")
        if kind == "event" and event == "hand_started":  # (not the `hand` line: its wall is 15% of a record)
            losing_hand, winning_hand = None, 0.0
        elif kind == "event" and event == "won":
            units = _figure(line.get("multiplier"))
            if line.get("seat") == seat:
                wins += 1
                won.append(units)
                winning_hand += units
            elif line.get("discarder") == seat:
                losing_hand = (losing_hand or 0.0) + units
        elif kind == "event" and event == "exhaustive_draw":
            draws += 1
        elif kind == "settlement":
            hands += 1
            per_hand.append(round(winning_hand - (losing_hand or 0.0), 4))
            winning_hand = 0.0
            if losing_hand is not None:
                deal_ins += 1
                lost.append(round(losing_hand, 4))
                losing_hand = None
        elif kind == "match_end" and isinstance(line.get("scores"), list):
            final = line["scores"]
    builds = entry.meta.get("builds")
    return MatchSummary(
        name=entry.path.name,
        kept_at=str(entry.meta.get("kept_at", "")),
        preset=_known(entry.header.get("preset"), PRESETS),
        level=PEOPLE if _with_people(entry.plan, seat) else _known(entry.plan.get("ai_level"), AI_LEVELS),
        result=_result(final, seat) if entry.ended != ABANDONED else ABANDONED,
        hands=hands, wins=wins, deal_ins=deal_ins, draws=draws,
        won_units=tuple(won), lost_units=tuple(lost), hand_units=tuple(per_hand),
        builds=tuple(_build_figures(b) for b in builds if isinstance(b, dict) and b.get("seat") == seat)
        if isinstance(builds, list) else (),
    )


def _with_people(plan: dict[str, Any], seat: int) -> bool:
    """Another seat of the match was a person at another computer: a seat the host's plan
    names `remote`, or one with no AI level in a plan that gives every seat's (a joined
    table's; a plan of old without `levels` was a match against the AI)."""
    remote = plan.get("remote")
    if isinstance(remote, list) and remote:
        return True
    levels = plan.get("levels")
    return isinstance(levels, list) and len(levels) > 1 and any(
        level is None for other, level in enumerate(levels) if other != seat)


def _known(name: Any, known: Iterable[str]) -> str:
    """A preset or an AI level as a match names it, for the screens to name: one the game
    knows, or "?" when the match names none; FigureError for anything else (text no screen
    could draw, a NUL, a lone surrogate: the file is damaged)."""
    if name is None:
        return "?"
    if not isinstance(name, str) or name not in known:
        raise FigureError("a preset or an AI level the game does not know")
    return str(name)


def _result(scores: list[Any] | None, seat: int) -> str:
    if scores is None or not 0 <= seat < len(scores):
        return ABANDONED
    if len(scores) < 2:
        raise FigureError("the final scores of fewer than two seats")
    mine = _figure(scores[seat])
    others = [_figure(s) for i, s in enumerate(scores) if i != seat]
    if mine > max(others):
        return WON
    return LEVEL if mine == max(others) else LOST


def _build_figures(build: dict[str, Any]) -> BuildFigures:
    return BuildFigures(best=bool(build.get("best")), built_payment=_figure(build.get("built_payment")),
                        best_payment=_figure(build.get("best_payment")),
                        mangan_possible=build.get("mangan_possible") is not False)


def _add_build(stats: Statistics, build: BuildFigures) -> None:
    stats.builds_reviewed += 1
    stats.builds_best += build.best
    if build.best_payment > 0:
        stats.best_shares.append(min(1.0, build.built_payment / build.best_payment))
    stats.walls_without_mangan += not build.mangan_possible


def _figure(value: Any) -> float:
    """A number read from a match; FigureError for anything but a finite number within
    `MAX_FIGURE` (a bool, a string, a list, NaN, 1e400, a 400-digit integer)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise FigureError(f"not a number: {type(value).__name__}")
    if isinstance(value, int) and not -MAX_FIGURE <= value <= MAX_FIGURE:  # before float(): it may overflow
        raise FigureError("a number out of range")
    number = float(value)
    if not (math.isfinite(number) and abs(number) <= MAX_FIGURE):
        raise FigureError("a number out of range")
    return number
