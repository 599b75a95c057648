"""Keeping the window's matches in the history: the app's side of game/app/history.py.

A finished match is kept when it ends; an unfinished one (the save slot) when a new match
replaces it, as abandoned. The review of the human builds is worked out afterwards in the
background. Nothing here is ever fatal: a folder that cannot be written gives a notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app import history
from game.app.build_review import review_builds
from game.app.i18n import N_, Message
from game.app.savegame import SaveError, SaveSlot
from game.app.session import SeatPlan
from game.engine.match import Match

if TYPE_CHECKING:
    from game.app.window import App


def keep_finished(app: App, match: Match, plan: SeatPlan) -> None:
    _keep(app, match.record, plan.to_dict(), history.FINISHED)


def keep_abandoned(app: App, slot: SaveSlot) -> None:
    """Keep the unfinished match of the save slot, about to be replaced by a new match."""
    if not slot.exists():
        return
    try:
        saved = slot.load()
    except SaveError:
        return  # a save that cannot be read cannot be kept either; resuming it says why
    record = saved.match.record
    if any(line.get("type") == "action" for line in record):
        _keep(app, record, saved.plan.to_dict(), history.ABANDONED)


def _keep(app: App, record: list[dict], plan: dict, ended: str) -> None:
    settings = app.settings
    if not settings.keep_history:
        return
    folder = history.history_folder(app.data_dir)
    try:
        path = history.keep_match(folder, record, plan, ended, settings.history_limit)
    except OSError as error:
        app.notice = Message(N_("The match could not be kept in your history ({error})."),
                             error=error.strerror or error)
        return
    app.executor.submit(history.add_builds_review, path, review_builds)
