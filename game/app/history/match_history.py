"""Keeping the window's matches in the history: the app's side of game/app/history/history.py.

A finished match is kept when it ends; an unfinished one (the save slot) when a new match
replaces it, as abandoned (`PlayerFiles.put_away_unfinished`, which moves it aside when it
cannot go into the history). The review of the human builds is worked out afterwards in
the background. Nothing here is ever fatal: a folder that cannot be written gives a notice.
"""

from __future__ import annotations

from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from game.app.history import history
from game.app.history.build_review import review_builds
from game.app.history.player_files import PlayerFiles, PutAway
from game.app.play.session import SeatPlan
from game.app.settings import Settings
from game.app.words.i18n import N_, Message
from game.app.words.system_words import system_reason
from game.engine.match import Match


def keep_finished(files: PlayerFiles, match: Match, plan: SeatPlan, settings: Settings,
                  executor: Executor) -> Message | None:
    """Keep a finished match in the history (unless the history is off): None, or why it
    could not be written, for the player."""
    if not settings.keep_history:
        return None
    try:
        _keep(files, executor, match.record, plan.to_dict(), history.FINISHED, settings.history_limit)
    except (OSError, ValueError) as error:  # ValueError: text no file can hold
        return Message(N_("The match could not be kept in your history ({error})."), error=system_reason(error))
    return None


def keep_abandoned(files: PlayerFiles, settings: Settings, executor: Executor) -> PutAway:
    """Keep the unfinished match of the save slot, about to be replaced by a new match: in
    the history, else moved aside (`PlayerFiles.put_away_unfinished`)."""
    def keep(record: list[dict[str, Any]], plan: dict[str, Any]) -> Path:
        return _keep(files, executor, record, plan, history.ABANDONED, settings.history_limit)

    return files.put_away_unfinished(keep if settings.keep_history else None)


def _keep(files: PlayerFiles, executor: Executor, record: list[dict[str, Any]], plan: dict[str, Any], ended: str,
          limit: int) -> Path:
    """Write the match into the history (OSError, or ValueError for text no file can hold,
    when it cannot be) and start its review."""
    path = files.keep_match(record, plan, ended, limit)
    executor.submit(history.add_builds_review, path, review_builds)
    return path
