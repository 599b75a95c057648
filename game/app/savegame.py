"""The unfinished match: saved after every action, resumed from the title screen.

Two files in the user's data folder: the match record (the engine's own JSON Lines,
written atomically) and a small JSON file saying who plays which seat. Resuming replays
the record through the engine (every event must come out the same) and carries on
from the match the replay leaves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.app.session import SeatPlan
from game.engine.match import Match
from game.engine.record import RecordError, read_record, replay, write_record
from game.files import write_text_atomically

RECORD_FILE = "unfinished_match.jsonl"
PLAN_FILE = "unfinished_match.json"


class SaveError(ValueError):
    """The saved match cannot be resumed; the message says why, for the player."""


@dataclass(frozen=True)
class SavedMatch:
    plan: SeatPlan
    match: Match


class SaveSlot:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def record_path(self) -> Path:
        return self.folder / RECORD_FILE

    @property
    def plan_path(self) -> Path:
        return self.folder / PLAN_FILE

    def exists(self) -> bool:
        return self.record_path.exists() and self.plan_path.exists()

    def save(self, plan: SeatPlan, match: Match) -> None:
        # The plan names the seed, so a plan left from another match is caught on loading.
        write_text_atomically(self.plan_path, json.dumps({"seed": match.seed, **plan.to_dict()}) + "\n")
        write_record(self.record_path, match.record)

    def clear(self) -> None:
        self.record_path.unlink(missing_ok=True)
        self.plan_path.unlink(missing_ok=True)

    def load(self) -> SavedMatch:
        try:
            plan_data = json.loads(self.plan_path.read_text(encoding="utf-8"))
            plan = SeatPlan.from_dict(plan_data)
            lines = read_record(self.record_path)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SaveError(f"the saved match cannot be read ({error})") from error
        if plan_data.get("seed") != lines[0].get("seed"):
            raise SaveError("the saved match's files do not belong together")
        match = rebuild_match(lines)
        return SavedMatch(plan, match)


def rebuild_match(lines: list[dict[str, Any]]) -> Match:
    """The match a record describes, in the state its last line left it."""
    try:
        report = replay(lines)
    except RecordError as error:
        raise SaveError(f"the saved match does not replay ({error})") from error
    if not report.ok or report.match is None:
        raise SaveError(f"the saved match does not replay ({report.divergence})")
    if report.match.over:
        raise SaveError("the saved match is already over")
    return report.match
