"""Playback: a match record replayed once through the engine, then stepped at will.

Loading re-runs every recorded action through the engine (as `record.replay` does) and
keeps, after each one, every seat's view exactly as the engine gave it to the seat during
live play. Stepping forward and back, by an action, a discard round (each seat's build,
while they build) or a hand, is then a look-up. A record that diverges is kept up to the
last action whose events agree with the record, and `divergence` says where it went wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.actions import BuildHand, action_from_dict
from game.engine.events import Event, event_to_dict
from game.engine.kyoku import IllegalAction, Phase, SeatView
from game.engine.match import Match, Settlement
from game.engine.record import (
    MAX_RECORD_BYTES,
    LineDamage,
    RecordError,
    parse_record,
    read_record,
    recorded_deal,
    replay,
)
from game.engine.rules import Rules
from game.files import FileRefused, read_bytes_limited


@dataclass(frozen=True)
class Step:
    """The table after one recorded action (or after a hand's opening events)."""

    kyoku: int
    """The kyoku's number (1, 2, …)."""
    line: int
    """The record's line (1-based) of the action, or of the `hand` line for a hand's start."""
    action: dict[str, Any] | None
    """The recorded action; None at a hand's start."""
    events: tuple[Event, ...]
    """What the engine reported for this step (private events included)."""
    views: tuple[SeatView, ...]
    """Every seat's view, as the engine gave it to that seat at this moment."""
    scores: tuple[float, ...]
    stake: int
    settlement: Settlement | None
    """The hand's settlement, on the step that ended it."""

    @property
    def phase(self) -> Phase:
        return self.views[0].phase

    @property
    def discard_round(self) -> int:
        """Discards every seat has made: a discard round is over when this grows."""
        return min(len(river) for river in self.views[0].rivers)


class NoKyokuToShow(RecordError):
    """A readable record that holds no hand yet (a match kept or saved before its first deal)."""


@dataclass(frozen=True)
class Damage:
    """Why a record file's lines could not all be read, as data for a screen's own words."""

    line: int
    """The first line (1-based) that cannot be read: the playback holds the lines before it."""
    kind: LineDamage
    last: bool
    """Whether it is the file's last line (then most likely a write cut short)."""
    detail: str
    """The record reader's message, in English (for the command line)."""

    def __str__(self) -> str:
        return self.detail


class Playback:
    """The steps of a record and a cursor over them."""

    def __init__(self, lines: list[dict[str, Any]], damage: Damage | None = None) -> None:
        """`lines` as `record.read_record` returns them (or `read_for_playback`, with the
        `damage` that cut them short). Raises RecordError for a header or a hand the engine
        cannot start (as the replay command does), and for a record with no step to show (no
        hand, or a divergence in its first hand's deal): a playback always has a step."""
        self.lines = lines
        self.damage = damage
        """Why the file's lines after these could not be read (None: the whole file read)."""
        report = replay(lines)
        self.divergence: str | None = report.divergence
        """Where the record stops agreeing with the engine, in English (None: it replays identically)."""
        self.divergence_line: int | None = report.divergence_line
        """The line where it stops agreeing."""
        self.notes = report.notes
        self.end: dict[str, Any] | None = report.end
        self.rules: Rules = Rules.from_dict(lines[0]["rules"])
        self.seed: int = lines[0]["seed"]
        self.steps: list[Step] = _walk(lines, self.rules, self.seed, report.divergence_line)
        if self.divergence is not None and not self.steps:
            raise RecordError(self.divergence)
        if not self.steps:
            raise NoKyokuToShow("the record holds no hand")
        self.position = 0

    # --- where we are ------------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.steps[self.position]

    @property
    def hands(self) -> list[int]:
        """The numbers of the hands the steps reach."""
        return sorted({step.kyoku for step in self.steps})

    def view(self, seat: int) -> SeatView:
        return self.step.views[seat]

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps) - 1

    # --- moving ------------------------------------------------------------------------

    def go(self, position: int) -> Step:
        self.position = max(0, min(position, len(self.steps) - 1))
        return self.step

    def forward(self) -> Step:
        return self.go(self.position + 1)

    def back(self) -> Step:
        return self.go(self.position - 1)

    def forward_round(self) -> Step:
        """To the next end of a discard round, or the next seat's build, or the hand's end."""
        following = (i for i in range(self.position + 1, len(self.steps)) if self._round_ends(i))
        return self.go(next(following, len(self.steps) - 1))

    def back_round(self) -> Step:
        earlier = (i for i in range(self.position - 1, -1, -1) if self._round_ends(i))
        return self.go(next(earlier, 0))

    def forward_kyoku(self) -> Step:
        starts = [i for i in self._kyoku_starts() if i > self.position]
        return self.go(starts[0] if starts else len(self.steps) - 1)

    def back_kyoku(self) -> Step:
        """To this hand's start; from there, to the previous hand's start."""
        starts = [i for i in self._kyoku_starts() if i < self.position]
        return self.go(starts[-1] if starts else 0)

    def jump_to_kyoku(self, number: int) -> Step:
        for index, step in enumerate(self.steps):
            if step.kyoku == number:
                return self.go(index)
        raise ValueError(f"the record has no hand {number} (hands {', '.join(map(str, self.hands))})")

    def _kyoku_starts(self) -> list[int]:
        return [i for i, step in enumerate(self.steps) if step.action is None]

    def _round_ends(self, index: int) -> bool:
        step = self.steps[index]
        if step.action is None or step.phase is Phase.END:
            return True
        if index + 1 < len(self.steps) and self.steps[index + 1].action is None:
            return True  # the last step of a hand the record leaves unfinished
        if step.action.get("action") == BuildHand.name:
            return True  # each seat's build is a stop of its own: the theatre reviews each one
        return step.discard_round > self.steps[index - 1].discard_round


def settled_part(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record up to its last settled hand: the lines through its last `settlement` (and
    the `match_end` that follows it). What comes after, the hand in play (its deal, dora,
    builds, discards, a ron question), is left out: watching a match that is not over must
    not show a hand that can still be played. A record that ends the match ends on its last
    settlement and comes back whole; one with no settled hand keeps its header alone."""
    settled = next((index for index in range(len(lines) - 1, 0, -1) if lines[index].get("type") == "settlement"), 0)
    end = settled + 1
    if settled and end < len(lines) and lines[end].get("type") == "match_end":
        end += 1
    return lines[:end]


def settled_playback(playback: Playback) -> Playback:
    """`playback` up to its last settled hand (`settled_part`): itself when nothing follows
    that hand, else played again from the settled lines (with the file's `damage`, which
    lies past them). NoKyokuToShow when no hand is settled yet."""
    lines = settled_part(playback.lines)
    if len(lines) == len(playback.lines):
        return playback
    return Playback(lines, playback.damage)


def read_for_playback(path: str | Path) -> Playback:
    """A record file as a playback. A file whose lines cannot all be read (cut short, edited
    by hand) is played up to its first damaged line, and `Playback.damage` says why; a file
    that is no record at all (no readable header) raises RecordError."""
    try:
        lines = read_record(path)
    except RecordError as error:
        damage = error
    else:
        return Playback(lines)
    try:
        rows = read_bytes_limited(Path(path), MAX_RECORD_BYTES).decode("utf-8").splitlines()
    except (OSError, FileRefused, UnicodeDecodeError):
        raise damage from None

    def readable(count: int) -> bool:
        try:
            parse_record("\n".join(rows[:count]))
        except RecordError:
            return False
        return True

    if not readable(1):
        raise damage
    good, bad = 1, len(rows)  # each line is read alone, so every prefix of a readable prefix reads
    while bad - good > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if readable(middle) else (good, middle)
    try:
        return Playback(parse_record("\n".join(rows[:good])), _damage(damage, good + 1, rows))
    except NoKyokuToShow:  # the readable lines stop before any hand: the file is damaged, not empty
        raise damage from None


def _damage(error: RecordError, line: int, rows: list[str]) -> Damage:
    """The damage at `line`, the first line past the readable ones (as the reader's error names
    it, else as a line it cannot read)."""
    last = not any(row.strip() for row in rows[line:])
    return Damage(error.line or line, error.damage or LineDamage.NOT_A_LINE, last, str(error))


def _walk(lines: list[dict[str, Any]], rules: Rules, seed: int, stop: int | None) -> list[Step]:
    """Every step whose line and events lie before `stop` (the divergence's line) and agree
    with the record."""
    match = Match(rules, seed)
    steps: list[Step] = []
    index = 1  # lines[index] is file line index + 1
    while index < len(lines):
        line = lines[index]
        end = index + 1
        while end < len(lines) and lines[end]["type"] == "event":
            end += 1
        recorded = lines[index + 1:end]
        if stop is not None and end >= stop:
            break  # this block holds the divergence (or the line before it does)
        try:
            if line["type"] == "hand":
                kyoku = match.next_kyoku(recorded_deal(line, rules), line["dealer"])
                produced, action = list(kyoku.history), None
            elif line["type"] == "action":
                action = {k: v for k, v in line.items() if k != "type"}
                produced = match.apply(action_from_dict(action))
            else:
                index = end
                continue
        except (IllegalAction, ValueError):
            break
        if [_event_line(e) for e in produced] != recorded:
            break
        assert match.kyoku is not None
        views = tuple(match.kyoku.view_for(seat) for seat in range(rules.players))
        ended = match.kyoku.result is not None and action is not None
        steps.append(Step(match.kyoku_number, index + 1, action, tuple(produced), views, tuple(match.scores),
                          match.stake, match.settlements[-1] if ended else None))
        index = end
    return steps


def _event_line(event: Event) -> dict[str, Any]:
    """An event as it reads back from a record file."""
    return json.loads(json.dumps({"type": "event", **event_to_dict(event)}))
