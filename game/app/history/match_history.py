"""Keeping the window's matches in the history: the app's side of game/app/history/history.py.

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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.history import history
from game.app.history.build_review import review_builds
from game.app.play.savegame import SaveDamaged, SaveSlot, SaveUnreadable
from game.app.play.session import SeatPlan
from game.app.words.i18n import N_, Message, _
from game.app.words.system_words import system_reason
from game.engine.match import Match

if TYPE_CHECKING:
    from game.app.window.window import App


@dataclass(frozen=True)
class PutAway:
    """What became of the unfinished match a new one replaces: kept in the history (`kept`),
    or moved aside beside the save (`moved`; `problem` says why it is not in the history,
    None when the file moved is a save cut short whose readable part was kept or dropped),
    or neither (`problem`, and `move_error`: why it could not be moved; then the save must
    stay unless the player says otherwise). All empty: nothing to keep (no save, nothing
    played in it, or the history is off). Every reason is in the player's language."""

    kept: Path | None = None
    moved: Path | None = None
    problem: str | None = None
    move_error: str | None = None

    @property
    def safe(self) -> bool:
        """Whether a new match may now replace the save."""
        return self.move_error is None


def keep_finished(app: App, match: Match, plan: SeatPlan) -> bool:
    """Keep a finished match in the history: whether it is kept (False with the history off,
    or when it cannot be written: then the notice says why)."""
    if not app.settings.keep_history:
        return False
    try:
        _keep(app, match.record, plan.to_dict(), history.FINISHED)
    except (OSError, ValueError) as error:  # ValueError: text no file can hold
        app.notice = Message(N_("The match could not be kept in your history ({error})."),
                             error=system_reason(error))
        return False
    return True


def keep_abandoned(app: App, slot: SaveSlot) -> PutAway:
    """Keep the unfinished match of the save slot, about to be replaced by a new match: in
    the history, else moved aside (a damaged, unreadable or cut save always is). With the
    history off, a readable save is dropped: the player was told it would be lost."""
    if not slot.exists():
        return PutAway()
    try:
        saved = slot.load()
    except SaveUnreadable as error:
        return moved_aside(slot, _("the saved match cannot be read now ({error})").format(error=error.reason),
                           "abandoned")
    except SaveDamaged as error:
        return moved_aside(slot, str(error), "damaged")
    record = saved.match.record
    kept = None
    if app.settings.keep_history and any(line.get("type") == "action" for line in record):
        try:
            kept = _keep(app, record, saved.plan.to_dict(), history.ABANDONED)
        except (OSError, ValueError) as error:
            folder = history.history_folder(app.data_dir)
            reason = system_reason(OSError(errno.ENOTDIR, "")) if folder.exists() and not folder.is_dir() \
                else system_reason(error)
            return moved_aside(slot, _("the history folder cannot be written ({reason})").format(reason=reason),
                               "abandoned")
    if saved.cut:  # what could be read is kept (or was dropped as the player was told); the cut file too
        with contextlib.suppress(OSError):
            return PutAway(kept=kept, moved=slot.move_aside("damaged"))
    return PutAway(kept=kept)


def moved_aside(slot: SaveSlot, problem: str, why: str) -> PutAway:
    """Move the save aside (`SaveSlot.move_aside`): where it went, or why it could not go."""
    try:
        return PutAway(moved=slot.move_aside(why), problem=problem)
    except OSError as error:
        return PutAway(problem=problem, move_error=str(system_reason(error)))


def _keep(app: App, record: list[dict], plan: dict, ended: str) -> Path:
    """Write the match into the history (OSError, or ValueError for text no file can hold,
    when it cannot be) and start its review."""
    folder = history.history_folder(app.data_dir)
    path = history.keep_match(folder, record, plan, ended, app.settings.history_limit)
    app.executor.submit(history.add_builds_review, path, review_builds)
    return path
