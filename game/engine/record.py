"""Records: a match as JSON Lines, written atomically, read defensively, replayed exactly.

The format is documented in docs/record-format.md. A record is both a replay and a bug
report: replaying it re-runs every action through the engine and compares each event.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.actions import action_from_dict
from game.engine.events import Event, event_to_dict
from game.engine.hand import IllegalAction
from game.engine.match import RECORD_FORMAT, RECORD_VERSION, Match
from game.engine.rules import Rules
from game.engine.table import Deal
from game.engine.tiles import TILE_COUNT, ids_for_codes, parse_tiles, tile_code
from game.files import write_text_atomically


class RecordError(ValueError):
    """A file that is not a readable 17 Steps record; the message says where and why."""


@dataclass
class ReplayReport:
    """The outcome of a replay: the first divergence (if any) and each hand's settlement."""

    divergence: str | None = None
    match: Match | None = None
    """The match as far as the record took it (to resume an unfinished match)."""
    hands: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.divergence is None


def write_record(path: str | Path, lines: Iterable[dict[str, Any]]) -> None:
    """Write a record atomically: a crash leaves the old file or the new one, never half."""
    text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
    write_text_atomically(Path(path), text)


def read_record(path: str | Path) -> list[dict[str, Any]]:
    """Read and check the outline of a record. Raises RecordError with a clear message."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not a text file (not a 17 Steps record)") from error
    return parse_record(text, str(path))


def parse_record(text: str, name: str = "record") -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for number, raw_line in enumerate(text.splitlines(), start=1):
        if not raw_line.strip():
            continue
        try:
            line = json.loads(raw_line)
        except json.JSONDecodeError as error:
            if number == 1:
                raise RecordError(f"{name} is not a 17 Steps record (line 1 is not JSON)") from error
            raise RecordError(f"{name}, line {number}: not valid JSON ({error.msg}); "
                              "the file may be truncated or edited") from error
        if not isinstance(line, dict) or not isinstance(line.get("type"), str):
            if not lines:
                raise RecordError(f"{name} is not a 17 Steps record (line 1 is not a header)")
            raise RecordError(f"{name}, line {number}: each line must be an object with a 'type'")
        lines.append(line)
    if not lines:
        raise RecordError(f"{name} is empty")
    header = lines[0]
    if header.get("type") != "header" or header.get("format") != RECORD_FORMAT:
        raise RecordError(f"{name} is not a 17 Steps record (no '{RECORD_FORMAT}' header on line 1)")
    if header.get("version") != RECORD_VERSION:
        raise RecordError(f"{name} is a version {header.get('version')!r} record; "
                          f"this game reads version {RECORD_VERSION}")
    return lines


def replay(lines: list[dict[str, Any]]) -> ReplayReport:
    """Re-run a record through the engine; stop at the first divergence."""
    report = ReplayReport()
    header = lines[0]
    try:
        rules = Rules.from_dict(header.get("rules"))
    except ValueError as error:
        raise RecordError(f"the header's rules are not valid: {error}") from error
    seed = header.get("seed")
    if not isinstance(seed, int):
        raise RecordError("the header has no whole-number seed")
    match = Match(rules, seed)
    report.match = match
    expected: list[dict[str, Any]] = []
    for index, line in enumerate(lines[1:], start=2):
        kind = line["type"]
        if kind == "hand":
            if _unmatched(expected, report, index):
                return report
            opening = _start_hand(match, line, rules, report, index)
            if opening is None:
                return report
            expected = opening
        elif kind == "action":
            if _unmatched(expected, report, index):
                return report
            if match.hand is None:
                report.divergence = f"line {index}: an action before any hand"
                return report
            try:
                action = action_from_dict({k: v for k, v in line.items() if k != "type"})
                produced = match.apply(action)
            except IllegalAction as error:
                report.divergence = f"line {index}: the engine refuses this action ({error.rule}): {error}"
                return report
            except ValueError as error:
                report.divergence = f"line {index}: bad action: {error}"
                return report
            expected = [_event_line(e) for e in produced]
        elif kind == "event":
            if not expected:
                report.divergence = f"line {index}: the record has an event the engine did not produce: {line}"
                return report
            produced_line = expected.pop(0)
            if produced_line != line:
                report.divergence = (f"line {index}: the record says {json.dumps(line)}, "
                                     f"the engine says {json.dumps(produced_line)}")
                return report
        elif kind == "settlement":
            if _unmatched(expected, report, index):
                return report
            settled = match.settlements[-1] if match.settlements else None
            if settled is None or settled.hand_number != line.get("hand"):
                report.divergence = f"line {index}: a settlement for a hand the engine has not finished"
                return report
            mine = {"gains": list(settled.gains), "scores": list(settled.scores), "next_stake": settled.next_stake}
            if mine != {k: line.get(k) for k in mine}:
                report.divergence = f"line {index}: the record settles {json.dumps(line)}, the engine {mine}"
                return report
            report.hands.append({"hand": settled.hand_number, **mine, "result": _describe(match)})
        elif kind == "match_end":
            report.end = line
        else:
            report.divergence = f"line {index}: unknown line type {kind!r}"
            return report
    _unmatched(expected, report, len(lines) + 1)
    return report


def _wall_codes(deal: Deal | None, rules: Rules) -> list[str]:
    return [tile_code(t, rules.red_fives) for t in deal.wall_order] if deal else []


def _describe(match: Match) -> str:
    """One line on how the last hand ended, for the replay report."""
    assert match.hand is not None and match.hand.result is not None
    result = match.hand.result
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
        report.divergence = f"line {index}: the engine also produced {json.dumps(expected[0])}, which the record lacks"
        return True
    return False


def recorded_deal(line: dict[str, Any], rules: Rules) -> Deal:
    """The deal a `hand` line records. Raises ValueError naming what is wrong."""
    wall = line.get("wall")
    if not isinstance(wall, list) or len(wall) != TILE_COUNT or not all(isinstance(c, str) for c in wall):
        raise ValueError("the wall must list 136 tiles")
    codes = [parse_tiles(c, red_fives=rules.red_fives)[0] for c in wall]
    virtual = line.get("virtual_dora")
    pair = None
    if virtual is not None:
        if not isinstance(virtual, list) or len(virtual) != 2:
            raise ValueError("virtual_dora must be [indicator, ura]")
        # The pair comes from a second set: each takes its own first free copy.
        pair = (ids_for_codes(virtual[:1], rules.red_fives)[0], ids_for_codes(virtual[1:2], rules.red_fives)[0])
    return Deal(tuple(ids_for_codes(codes, rules.red_fives)), pair)


def _start_hand(match: Match, line: dict[str, Any], rules: Rules, report: ReplayReport,
                index: int) -> list[dict[str, Any]] | None:
    """Start the recorded hand; returns the events it opens with, or None on divergence."""
    dealer = line.get("dealer")
    try:
        deal = recorded_deal(line, rules)
    except ValueError as error:
        raise RecordError(f"line {index}: the wall of hand {line.get('number')} is not valid: {error}") from error
    if not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise RecordError(f"line {index}: hand {line.get('number')} has no valid dealer")
    try:
        hand = match.next_hand(deal, dealer)
    except ValueError as error:
        report.divergence = f"line {index}: {error}"
        return None
    if match.hand_number != line.get("number"):
        report.divergence = (f"line {index}: hand {line.get('number')!r} where the engine "
                             f"expected hand {match.hand_number}")
        return None
    if match.stake != line.get("stake"):
        report.divergence = (f"line {index}: the record's stake {line.get('stake')!r} differs "
                             f"from the engine's {match.stake}")
        return None
    if _wall_codes(match.seeded_deal, rules) != _wall_codes(deal, rules) or match.seeded_dealer != dealer:
        report.notes.append(f"hand {match.hand_number}: the recorded wall or dealer is not the seed's own "
                            "(a hand-made deal, or another Python version); the recorded one was used")
    return [_event_line(e) for e in hand.history]


def _event_line(event: Event) -> dict[str, Any]:
    return json.loads(json.dumps({"type": "event", **event_to_dict(event)}))
