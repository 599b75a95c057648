"""Records: a match as JSON Lines, written atomically, read defensively, replayed exactly.

The format is documented in docs/record-format.md. A record is both a replay and a bug
report: replaying it re-runs every action through the engine and compares each event.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.engine.actions import action_from_dict
from game.engine.events import Event, event_to_dict
from game.engine.kyoku import IllegalAction
from game.engine.match import RECORD_FORMAT, RECORD_VERSION, Match
from game.engine.names import BadName, checked_name
from game.engine.rules import Rules
from game.engine.tiles import TILE_COUNT, ids_for_codes, tile_code
from game.engine.wall import Deal
from game.files import FileRefused, one_line, parse_json, read_bytes_limited, shown_path, write_text_atomically

MAX_RECORD_BYTES = 64 << 20
"""A long match's record is some 1 MB; a file of more than 64 MB is refused unread."""
SHOWN_CHARACTERS = 300
"""How much of a record's line a message quotes."""
SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""What a lone surrogate can come from: its JSON escape (a pair is two escapes), or itself."""


class LineDamage(StrEnum):
    """How a record's line cannot be read (as data: each screen words it in its own language)."""

    NOT_JSON = "not_json"
    """Not JSON at all: most often the line a write cut short."""
    NOT_A_LINE = "not_a_line"
    """JSON, but not an object with a 'type'."""
    NUMBER_TOO_LONG = "number_too_long"
    REFUSED = "refused"
    """Refused unread (nested too deep)."""
    NOT_TEXT = "not_text"
    """A string in it is no text a file can hold (a lone surrogate, written as `\\ud800`)."""
    NAME = "name"
    """A player's name in the header cannot be shown (`engine.names.checked_name`)."""


class RecordError(ValueError):
    """A file that is not a readable 17 Steps record; the message says where and why, in
    English. A line that cannot be read gives its number and how, as data: `line` (1-based)
    and `damage` (None for what is wrong with the file as a whole)."""

    def __init__(self, message: str, line: int | None = None, damage: LineDamage | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.damage = damage


@dataclass
class ReplayReport:
    """The outcome of a replay: the first divergence (if any) and each hand's settlement."""

    divergence: str | None = None
    """Where and how the record stops agreeing with the engine, in English: "line 12: …"."""
    match: Match | None = None
    """The match as far as the record took it (to resume an unfinished match)."""
    hands: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.divergence is None

    @property
    def divergence_line(self) -> int | None:
        """The record's line (1-based) where it stops agreeing with the engine."""
        if self.divergence is None or not self.divergence.startswith("line "):
            return None
        number = self.divergence[5:].split(":", 1)[0]
        return int(number) if number.isdigit() else None


def write_record(path: str | Path, lines: Iterable[dict[str, Any]]) -> None:
    """Write a record atomically: a crash leaves the old file or the new one, never half."""
    text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
    write_text_atomically(Path(path), text)


def read_record(path: str | Path) -> list[dict[str, Any]]:
    """Read and check the outline of a record. Raises RecordError with a clear message."""
    name = shown_path(path)
    try:
        raw = read_bytes_limited(Path(path), MAX_RECORD_BYTES)
    except OSError as error:
        raise RecordError(f"cannot read {name}: {error.strerror or error}") from error
    except FileRefused as error:
        raise RecordError(f"{name} is not a 17 Steps record ({error})") from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{name} is not a text file (not a 17 Steps record)") from error
    return parse_record(text, name)


def parse_record(text: str, name: str = "record") -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for number, raw_line in enumerate(text.splitlines(), start=1):
        if not raw_line.strip():
            continue
        try:
            line = parse_json(raw_line)
        except FileRefused as error:
            raise RecordError(f"{name}, line {number}: {error}; not a 17 Steps record",
                              number, LineDamage.REFUSED) from error
        except json.JSONDecodeError as error:
            if number == 1:
                raise RecordError(f"{name} is not a 17 Steps record (line 1 is not JSON)",
                                  number, LineDamage.NOT_JSON) from error
            raise RecordError(f"{name}, line {number}: not valid JSON ({error.msg}); "
                              "the file may be truncated or edited", number, LineDamage.NOT_JSON) from error
        except ValueError as error:  # Python reads no integer of more than 4,300 digits
            raise RecordError(f"{name}, line {number}: a number too long to be ours; "
                              "not a 17 Steps record", number, LineDamage.NUMBER_TOO_LONG) from error
        if not isinstance(line, dict) or not isinstance(line.get("type"), str):
            if not lines:
                raise RecordError(f"{name} is not a 17 Steps record (line 1 is not a header)",
                                  number, LineDamage.NOT_A_LINE)
            raise RecordError(f"{name}, line {number}: each line must be an object with a 'type'",
                              number, LineDamage.NOT_A_LINE)
        if not holds_text(raw_line, line):
            raise RecordError(f"{name}, line {number}: a string that is no text (a lone surrogate); "
                              "not a 17 Steps record", number, LineDamage.NOT_TEXT)
        lines.append(line)
    if not lines:
        raise RecordError(f"{name} is empty")
    header = lines[0]
    if header.get("type") != "header" or header.get("format") != RECORD_FORMAT:
        raise RecordError(f"{name} is not a 17 Steps record (no '{RECORD_FORMAT}' header on line 1)")
    if header.get("version") != RECORD_VERSION:
        raise RecordError(f"{name} is a version {_show(header.get('version'), 20)} record; "
                          f"this game reads version {RECORD_VERSION}")
    _check_names(header, name)
    return lines


def holds_text(raw: str, value: Any) -> bool:
    """Whether the strings JSON `raw` parsed into (`value`) can be written as UTF-8: a lone
    surrogate cannot (no file, no font holds one; writing it raises). Only a line that may
    hold one is encoded to find out."""
    if not SURROGATE.search(raw):
        return True
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_names(header: dict[str, Any], name: str) -> None:
    """The names a header gives its seats (a save's `seats`, a kept match's `history`
    plan) are drawn on screens: a name no screen can show makes the file damaged."""
    history = header.get("history")
    for plan in (header.get("seats"), history.get("plan") if isinstance(history, dict) else None):
        names = plan.get("names") if isinstance(plan, dict) else None
        for seat_name in names if isinstance(names, list) else ():
            try:
                checked_name(seat_name)
            except BadName as error:
                raise RecordError(f"{name}, line 1: a player's name is damaged ({error.reason}); "
                                  "not a record this game can show", 1, LineDamage.NAME) from error


def replay(lines: list[dict[str, Any]]) -> ReplayReport:
    """Re-run a record through the engine; stop at the first divergence. Raises
    RecordError for a header or a hand the engine cannot even start."""
    report = ReplayReport()
    header = lines[0]
    try:
        rules = Rules.from_dict(header.get("rules"))
    except ValueError as error:
        raise RecordError(f"the header's rules are not valid: {_cut(str(error))}") from error
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the header has no whole-number seed")
    try:
        match = Match(rules, seed)
    except ValueError as error:
        raise RecordError(f"the header's rules are not valid: {error}") from error
    report.match = match
    expected: list[dict[str, Any]] = []
    for index, line in enumerate(lines[1:], start=2):
        kind = line["type"]
        if kind not in ("event", "match_end") and _unmatched(expected, report, index):
            return report
        if kind == "hand":
            if _unsettled(match, report, index):
                return report
            if match.over:
                report.divergence = f"line {index}: a hand after the end of the match"
                return report
            opening = _start_kyoku(match, line, rules, report, index)
            if opening is None:
                return report
            expected = opening
        elif kind == "action":
            if match.kyoku is None:
                report.divergence = f"line {index}: an action before any hand"
                return report
            try:
                action = action_from_dict({k: v for k, v in line.items() if k != "type"})
                produced = match.apply(action)
            except IllegalAction as error:
                report.divergence = f"line {index}: the engine refuses this action ({error.rule}): {_cut(str(error))}"
                return report
            except ValueError as error:
                report.divergence = f"line {index}: bad action: {_cut(str(error))}"
                return report
            expected = [_event_line(e) for e in produced]
        elif kind in ("event", "match_end"):
            if kind == "match_end":
                _check_match_end(line, rules, index)
            if not expected:
                report.divergence = f"line {index}: the record has a line the engine did not produce: {_show(line)}"
                return report
            produced_line = expected.pop(0)
            if produced_line != line:
                report.divergence = (f"line {index}: the record says {_show(line)}, "
                                     f"the engine says {_show(produced_line)}")
                return report
            if kind == "match_end":
                report.end = produced_line
        elif kind == "settlement":
            settled = match.settlements[-1] if match.settlements else None
            settled_before = len(report.hands) == len(match.settlements)
            if settled is None or settled_before or settled.kyoku_number != line.get("hand"):
                report.divergence = f"line {index}: a settlement for a hand the engine has not finished"
                return report
            mine = {"gains": list(settled.gains), "scores": list(settled.scores), "next_stake": settled.next_stake}
            if mine != {k: line.get(k) for k in mine}:
                report.divergence = f"line {index}: the record settles {_show(line)}, the engine {_show(mine)}"
                return report
            report.hands.append({"hand": settled.kyoku_number, **mine, "result": _describe(match)})
            if match.over:  # the engine's own record ends the match here: the record must too
                expected = [_plain(match.record[-1])]
        else:
            report.divergence = f"line {index}: unknown line type {_show(kind, 40)}"
            return report
    if not _unmatched(expected, report, len(lines) + 1):
        _unsettled(match, report, len(lines) + 1)
    return report


def _check_match_end(line: dict[str, Any], rules: Rules, index: int) -> None:
    """A `match_end` line must have its shape (its values are then compared with the engine's)."""
    reason, scores = line.get("reason"), line.get("scores")
    if not isinstance(reason, str) or not isinstance(scores, list) or len(scores) != rules.players or not all(
        isinstance(score, (int, float)) and not isinstance(score, bool) for score in scores
    ):
        raise RecordError(f"line {index}: a match_end line holds a reason and one number per seat's score")


def _unsettled(match: Match, report: ReplayReport, index: int) -> bool:
    """Whether the engine settled a hand whose settlement line the record lacks."""
    if len(report.hands) < len(match.settlements):
        report.divergence = (f"line {index}: the record lacks the settlement of hand "
                             f"{match.settlements[-1].kyoku_number}")
        return True
    return False


def _wall_codes(deal: Deal | None, rules: Rules) -> list[str]:
    return [tile_code(t, rules.red_fives) for t in deal.wall_order] if deal else []


def _describe(match: Match) -> str:
    """One line on how the last hand ended, for the replay report."""
    assert match.kyoku is not None and match.kyoku.result is not None
    result = match.kyoku.result
    if result.drawn:
        return "exhaustive draw"
    parts = []
    for win in result.wins:
        value = win.assessment.value
        assert value is not None
        parts.append(f"seat {win.seat} ron on seat {win.discarder}: {value.level_name}")
    return "; ".join(parts)


def _unmatched(expected: list[dict[str, Any]], report: ReplayReport, index: int) -> bool:
    if expected:
        report.divergence = f"line {index}: the engine also produced {_show(expected[0])}, which the record lacks"
        return True
    return False


def recorded_deal(line: dict[str, Any], rules: Rules) -> Deal:
    """The deal a `hand` line records. Raises ValueError naming what is wrong."""
    codes = _tile_codes(rules.red_fives)
    wall = line.get("wall")
    if not isinstance(wall, list) or len(wall) != TILE_COUNT:
        raise ValueError(f"the wall must list {TILE_COUNT} tiles")
    for position, code in enumerate(wall):
        if not isinstance(code, str) or code not in codes:
            raise ValueError(f"position {position} holds {_show(code, 40)}, not one tile's code")
    virtual = line.get("virtual_dora")
    pair = None
    if not rules.virtual_dora:
        if virtual is not None:
            raise ValueError("virtual_dora is recorded, but these rules have no virtual dora (it must be null)")
    else:
        if not isinstance(virtual, list) or len(virtual) != 2 or not all(
            isinstance(code, str) and code in codes for code in virtual
        ):
            raise ValueError("virtual_dora must be [indicator, ura], two tile codes")
        # The pair comes from a second set: each takes its own first free copy.
        pair = (ids_for_codes(virtual[:1], rules.red_fives)[0], ids_for_codes(virtual[1:2], rules.red_fives)[0])
    return Deal(tuple(ids_for_codes(wall, rules.red_fives)), pair)


def _tile_codes(red_fives: bool) -> frozenset[str]:
    return frozenset(tile_code(tile, red_fives) for tile in range(TILE_COUNT))


def _start_kyoku(match: Match, line: dict[str, Any], rules: Rules, report: ReplayReport,
                index: int) -> list[dict[str, Any]] | None:
    """Start the recorded hand; returns the events it opens with, or None on divergence."""
    dealer = line.get("dealer")
    number = _show(line.get("number"), 20)
    try:
        deal = recorded_deal(line, rules)
    except ValueError as error:
        raise RecordError(f"line {index}: the wall of hand {number} is not valid: {error}") from error
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise RecordError(f"line {index}: hand {number} has no valid dealer")
    try:
        kyoku = match.next_kyoku(deal, dealer)
    except ValueError as error:
        report.divergence = f"line {index}: {error}"
        return None
    if match.kyoku_number != line.get("number"):
        report.divergence = f"line {index}: hand {number} where the engine expected hand {match.kyoku_number}"
        return None
    if match.stake != line.get("stake"):
        report.divergence = (f"line {index}: the record's stake {_show(line.get('stake'), 20)} differs "
                             f"from the engine's {match.stake}")
        return None
    if _wall_codes(match.seeded_deal, rules) != _wall_codes(deal, rules) or match.seeded_dealer != dealer:
        report.notes.append(f"hand {match.kyoku_number}: the recorded wall or dealer is not the seed's own "
                            "(a hand-made deal, or another Python version); the recorded one was used")
    return [_event_line(e) for e in kyoku.history]


def _event_line(event: Event) -> dict[str, Any]:
    return _plain({"type": "event", **event_to_dict(event)})


def _plain(line: dict[str, Any]) -> dict[str, Any]:
    """A line as it reads back from a file (tuples become lists)."""
    return json.loads(json.dumps(line))


def _show(value: Any, limit: int = SHOWN_CHARACTERS) -> str:
    """A value from a record, as JSON, cut to `limit` characters (a line may be megabytes)."""
    return _cut(json.dumps(value, ensure_ascii=False), limit)


def _cut(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    return one_line(text, limit)
