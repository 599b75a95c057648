"""Keeping the window's matches in the history: the app's side of game/app/history.py.

A finished match is kept when it ends; an unfinished one (the save slot) when a new match
replaces it, as abandoned. The review of the human builds is worked out afterwards in the
background. Nothing here is ever fatal: a folder that cannot be written gives a notice.

An unfinished match is never lost without the player's word: when it cannot go into the
history (the save is damaged or cannot be read, the history cannot be written), the save is
moved aside under a dated name, and when that fails too the player is asked again.
"""

from __future__ import annotations

import contextlib
import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.app import history
from game.app.build_review import review_builds
from game.app.i18n import N_, Message, _
from game.app.savegame import SaveDamaged, SaveSlot, SaveUnreadable
from game.app.session import SeatPlan
from game.engine.match import Match

if TYPE_CHECKING:
    from game.app.window import App


@dataclass(frozen=True)
class PutAway:
    """What became of the unfinished match a new one replaces: kept in the history (`kept`),
    or moved aside beside the save (`moved`; `problem` says why it is not in the history),
    or neither (`problem`, and `move_error`: why it could not be moved; then the save must
    stay unless the player says otherwise). All empty: nothing to keep (no save, nothing
    played in it, or the history is off)."""

    kept: Path | None = None
    moved: Path | None = None
    problem: str | None = None
    move_error: str | None = None

    @property
    def safe(self) -> bool:
        """Whether a new match may now replace the save."""
        return self.move_error is None


def keep_finished(app: App, match: Match, plan: SeatPlan) -> None:
    if not app.settings.keep_history:
        return
    try:
        _keep(app, match.record, plan.to_dict(), history.FINISHED)
    except OSError as error:
        app.notice = Message(N_("The match could not be kept in your history ({error})."),
                             error=error.strerror or error)


def keep_abandoned(app: App, slot: SaveSlot) -> PutAway:
    """Keep the unfinished match of the save slot, about to be replaced by a new match: in
    the history, else moved aside (a damaged, unreadable or cut save always is). With the
    history off, a readable save is dropped: the player was told it would be lost."""
    if not slot.exists():
        return PutAway()
    try:
        saved = slot.load()
    except SaveUnreadable as error:
        return _moved_aside(slot, _("the saved match cannot be read now ({error})").format(error=error.reason),
                            "abandoned")
    except SaveDamaged as error:
        return _moved_aside(slot, str(error), "damaged")
    record = saved.match.record
    kept = None
    if app.settings.keep_history and any(line.get("type") == "action" for line in record):
        try:
            kept = _keep(app, record, saved.plan.to_dict(), history.ABANDONED)
        except OSError as error:
            folder = history.history_folder(app.data_dir)
            reason = os.strerror(errno.ENOTDIR) if folder.exists() and not folder.is_dir() else error.strerror
            return _moved_aside(slot, _("the history folder cannot be written ({reason})").format(
                reason=reason or error), "abandoned")
    if saved.cut:  # what could be read is kept (or was dropped as the player was told); the cut file too
        with contextlib.suppress(OSError):
            return PutAway(kept=kept, moved=slot.move_aside("damaged"))
    return PutAway(kept=kept)


def _moved_aside(slot: SaveSlot, problem: str, why: str) -> PutAway:
    try:
        return PutAway(moved=slot.move_aside(why), problem=problem)
    except OSError as error:
        return PutAway(problem=problem, move_error=str(error.strerror or error))


def _keep(app: App, record: list[dict], plan: dict, ended: str) -> Path:
    """Write the match into the history (OSError when it cannot be) and start its review."""
    folder = history.history_folder(app.data_dir)
    path = history.keep_match(folder, record, plan, ended, app.settings.history_limit)
    app.executor.submit(history.add_builds_review, path, review_builds)
    return path
