"""Keeping the window's matches in the history: the app's side of game/app/history/history.py.

A finished match is kept when it ends; an unfinished one (the save slot) when a new match
replaces it, as abandoned (`PlayerFiles.put_away_unfinished`, which moves it aside when it
cannot go into the history). A match played at another computer's table is kept from the
record its host sends at the end (`keep_joined`), or, when its person leaves it under way, of
the hands settled so far (`keep_left`; kept again further on, it replaces that one), read as any
record from outside is and
replayed before it is kept: one that is damaged, does not replay by the rules or does not
end as the host announced is refused with a sentence and nothing is written. The review
of the human builds is worked out afterwards in the background. Nothing here is ever
fatal: a folder that cannot be written gives a notice.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from game.app.history import history
from game.app.history.build_review import review_builds
from game.app.history.player_files import PlayerFiles, PutAway
from game.app.play.remote_link import LeftMatch
from game.app.play.session import HOTSEAT, SOLO, SeatPlan
from game.app.settings import Settings
from game.app.words.i18n import N_, Message
from game.app.words.system_words import record_damage, system_reason
from game.engine.match import Match
from game.engine.names import BadName, checked_name
from game.engine.record import MAX_RECORD_BYTES, RecordError, parse_record, replay
from game.net.protocol import WITHHELD_SEED


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


HOSTED_LIMIT = Settings().history_limit
"""The matches a headless host's history keeps: the window's own cap."""


class RecordRefused(ValueError):
    """The host's record of a joined match is not kept: why, for the player."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


def keep_joined(files: PlayerFiles, text: str | None, seat: int, names: Sequence[str],
                levels: Sequence[str | None], scores: Sequence[float], settings: Settings,
                executor: Executor) -> Message | None:
    """Keep a match played at another computer's table, from its host's record (`text`):
    finished, or abandoned when its host stopped it for good before its end (a headless
    host's ^C: the record stops there), as played from `seat` (the seat's person is "you"
    in the statistics); `names`, `levels` and `scores` are the seats' names, AI levels
    (None: a person) and the final standings the host announced (`Welcome`, `MatchOver`).
    None, or why it was not kept, for the player (a refused record writes nothing)."""
    if not settings.keep_history:
        return None
    try:
        lines = joined_record(text, len(names), scores)
    except RecordRefused as refused:
        return Message(N_("The host's record of the match is not kept in your history: {reason}."),
                       reason=refused.reason)
    try:
        path = _keep(files, executor, lines, joined_plan(seat, names, levels), _ended(lines), settings.history_limit)
        history.drop_carried_further(files.history_folder, lines, path, WITHHELD_SEED)
    except (OSError, ValueError) as error:  # ValueError: text no file can hold
        return Message(N_("The match could not be kept in your history ({error})."), error=system_reason(error))
    return None


def keep_left(files: PlayerFiles, left: LeftMatch, settings: Settings, executor: Executor) -> Message | None:
    """Keep a joined match its person left under way (Menu → Leave the table), from the host's
    record of the hands settled so far: as abandoned, as a match stopped at this computer is.
    Kept again, further on (the seat taken back, to the match's end or to another leave), it
    replaces this one (`keep_joined`). None, or why it was not kept."""
    welcome = left.welcome
    return keep_joined(files, left.record_text, welcome.seat, welcome.names, welcome.levels, left.scores, settings,
                       executor)


def joined_record(text: str | None, players: int, scores: Sequence[float]) -> list[dict[str, Any]]:
    """The host's record, read and replayed: its lines, or RecordRefused saying why not."""
    if text is None:
        raise RecordRefused(Message(N_("the host sent none")))
    if len(text) > MAX_RECORD_BYTES:
        raise RecordRefused(Message(N_("it is larger than any match record")))
    try:
        lines = parse_record(text, "the host's record")
        report = replay(lines)
    except RecordError as error:
        raise RecordRefused(record_damage(error)) from error
    if not report.ok or report.match is None:
        raise RecordRefused(Message(N_("it does not replay as the rules play the match")))
    # A match its host stopped for good before its end stands where the record stops.
    standings = report.end.get("scores") if report.end is not None else list(report.match.scores)
    if report.match.rules.players != players or standings != list(scores):
        raise RecordRefused(Message(N_("it does not end with the standings the host announced")))
    return lines


def _ended(lines: Sequence[dict[str, Any]]) -> str:
    """How a joined match ended, as the history keeps it: finished, or abandoned (its host
    stopped it for good before its end: a record without its end)."""
    return history.FINISHED if any(line.get("type") == "match_end" for line in lines) else history.ABANDONED


def joined_plan(seat: int, names: Sequence[str], levels: Sequence[str | None]) -> dict[str, Any]:
    """Who played which seat of a joined match, as the history keeps a seat plan: this
    computer's person at `seat`; each other seat a person or an AI by the level its host
    told (never guessed from a name: a person may call themselves "Hard AI")."""
    kept = [None if other == seat else level for other, level in enumerate(levels)]
    ai = [level for level in kept if level is not None]
    return {"mode": SOLO, "humans": [seat], "names": [_showable(name, other) for other, name in enumerate(names)],
            "ai_level": ai[0] if ai else None, "levels": kept}


def _showable(name: str, seat: int) -> str:
    """A name every screen can draw (a kept match's names are checked when it is read)."""
    try:
        return checked_name(name)
    except BadName:
        return f"Player {seat + 1}"


def keep_hosted(folder: Path, match: Match, names: Sequence[str], levels: Sequence[str | None],
                limit: int = HOSTED_LIMIT) -> Path | None:
    """Keep a match hosted without a window (`python -m game host --history DIR`) in the
    history at `folder`, as the window keeps its own: finished, or abandoned when it was
    stopped before its end; nothing before its first hand. `levels`: each seat's AI level
    (None: a person at another computer). No seat is played at that computer: the theatre
    plays the match, the statistics count none of it. OSError, or ValueError for text no
    file can hold, when it cannot be written."""
    if match.kyoku is None:
        return None
    ai = [level for level in levels if level is not None]
    plan = {"mode": HOTSEAT, "humans": [], "names": [_showable(name, seat) for seat, name in enumerate(names)],
            "ai_level": ai[0] if ai else None, "levels": list(levels),
            "remote": [seat for seat, level in enumerate(levels) if level is None]}
    return history.keep_match(folder, match.record, plan, history.FINISHED if match.over else history.ABANDONED,
                              limit)


def kept_lines(record: Sequence[dict[str, Any]], plan: dict[str, Any]) -> list[dict[str, Any]]:
    """A match's record as the history keeps it (the seat plan in its header, naming the
    seats), read back as a kept file is: RecordError for a record no kept file could hold."""
    header = {**record[0], "history": {"plan": plan}}
    return parse_record("\n".join(json.dumps(line, ensure_ascii=False) for line in [header, *record[1:]]))


def _keep(files: PlayerFiles, executor: Executor, record: list[dict[str, Any]], plan: dict[str, Any], ended: str,
          limit: int) -> Path:
    """Write the match into the history (OSError, or ValueError for text no file can hold,
    when it cannot be) and start its review."""
    path = files.keep_match(record, plan, ended, limit)
    executor.submit(history.add_builds_review, path, review_builds)
    return path
