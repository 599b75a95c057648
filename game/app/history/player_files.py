"""The player's files, with one owner: the settings file (the config folder), the save slot
and its lock, the match history with the statistics' reset mark, and the screenshots folder
(the data folder). The window makes one `PlayerFiles` and the scenes ask it; nothing else in
the game names these paths.

The rules that protect them live here too: a damaged file is moved aside under a dated name
(`game.files.move_aside`), never deleted nor overwritten; every file is written atomically;
the unfinished match in the save slot is never replaced until it is kept in the history or
moved aside (`put_away_unfinished`), and only by the window that holds the slot's lock.
"""

from __future__ import annotations

import contextlib
import errno
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.app import paths
from game.app.history import history
from game.app.history.statistics import Statistics, read_statistics
from game.app.play.savegame import SaveDamaged, SavedMatch, SaveSlot, SaveSummary, SaveUnreadable, SlotLock
from game.app.play.session import BuildProgress, SeatPlan
from game.app.settings import Settings, check_setting
from game.app.words.i18n import N_, Message, _
from game.app.words.system_words import system_reason
from game.engine.match import Match
from game.files import (
    move_aside,
    one_line,
    parse_json,
    read_bytes_limited,
    remove_temporary_files,
    write_text_atomically,
)

SETTINGS_FILE = "settings.json"
MAX_FILE_BYTES = 1 << 20
"""A settings file is some 500 bytes; a larger one is not ours."""
SCREENSHOTS_DIR = "screenshots"


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


class SlotTaken(RuntimeError):
    """A match was to be written over an unfinished match that was neither kept nor moved
    aside, nor given up by the player: a fault of the game, never of the files."""


KeepInHistory = Callable[[list[dict[str, Any]], dict[str, Any]], Path]
"""Write an unfinished match (its record, its seat plan) into the history as abandoned: its
path; OSError, or ValueError for text no file can hold, when it cannot be written."""


class PlayerFiles:
    """The player's folders and files. `config_dir`, `data_dir`: the platform's own unless
    given (the tests', `--smoke`'s); `screenshot_dir`: `--screenshots`, else `screenshots/`
    in the data folder."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None,
                 screenshot_dir: Path | None = None) -> None:
        self.config_dir = config_dir or paths.config_dir()
        self.data_dir = data_dir or paths.data_dir()
        self.screenshot_folder = screenshot_dir or self.data_dir / SCREENSHOTS_DIR
        """Where F12 saves its pictures (game/app/window/screenshots.py writes them)."""
        self.history_folder = history.history_folder(self.data_dir)
        self.slot = SaveSlot(self.data_dir)
        """The unfinished match. Written only by the window that keeps the save (`keeps_the_save`),
        and only through `save_match`."""
        self.lock = SlotLock(self.data_dir)
        self.seat_keys_folder = self.data_dir
        """Where the keys of the seats this computer took at other computers' tables are kept
        (game/app/play/seat_keys.py), so that Join again gives the same seat back."""
        self._holder: Match | None = None
        """The match the save slot holds for this window: resumed from it, or saved into it."""
        self._room = False
        """The unfinished match was put away (or given up by the player): a new match may take its place."""

    # The settings file

    def saved_language(self) -> str | None:
        return saved_language(self.config_dir)

    def load_settings(self) -> tuple[Settings, Message | None]:
        return load_settings(self.config_dir)

    def save_settings(self, settings: Settings) -> None:
        save_settings(self.config_dir, settings)

    def reset_settings(self) -> Path | None:
        return reset_settings(self.config_dir)

    # The save slot

    def keeps_the_save(self) -> bool:
        """Whether this window keeps the save (it takes the lock if the window that had it has
        closed or died; see `SlotLock.claim`)."""
        return self.lock.claim()

    @property
    def no_lock(self) -> bool:
        """No lock can be made in the data folder: this window cannot tell whether another
        keeps the save too."""
        return self.lock.unlocked

    def release(self) -> None:
        """Let another window keep the save (this one closes)."""
        self.lock.release()

    def has_save(self) -> bool:
        return self.slot.exists()

    def save_summary(self) -> SaveSummary | None:
        return self.slot.summary()

    def load_save(self) -> SavedMatch:
        """The unfinished match, to continue (`SaveSlot.load`: SaveError saying why not); it
        may then be saved again over the file it was read from."""
        saved = self.slot.load()
        self._holder = saved.match
        return saved

    def save_match(self, plan: SeatPlan, match: Match, builds: dict[int, BuildProgress] | None = None) -> None:
        """Autosave `match` into the slot (`SaveSlot.save`). A match that is not the one the
        slot holds is saved over an unfinished one only once that was put away
        (`put_away_unfinished`) or given up (`give_up_unfinished`); else SlotTaken."""
        if match is not self._holder:
            if not self._room and self.slot.exists():
                raise SlotTaken("the unfinished match was neither kept nor moved aside")
            self._holder, self._room = match, False
        self.slot.save(plan, match, builds)

    def give_up_unfinished(self) -> None:
        """The player said to start a new match over an unfinished one that could be neither
        kept nor moved aside ("Start anyway")."""
        self._room = True

    def move_save_aside(self, problem: str, why: str) -> PutAway:
        """Move the save aside (`SaveSlot.move_aside`): where it went, or why it could not go."""
        try:
            return PutAway(moved=self.slot.move_aside(why), problem=problem)
        except OSError as error:
            return PutAway(problem=problem, move_error=str(system_reason(error)))

    def put_away_unfinished(self, keep: KeepInHistory | None) -> PutAway:
        """Make room for a new match: the unfinished match of the save slot is kept in the
        history (`keep`; None: the history is off), else moved aside (a damaged, unreadable
        or cut save always is). With the history off, a readable save is dropped: the player
        was told it would be lost. A new match may replace the save only when the answer is
        `safe`."""
        put_away = self._put_away(keep)
        self._room = put_away.safe
        return put_away

    def _put_away(self, keep: KeepInHistory | None) -> PutAway:
        if not self.slot.exists():
            return PutAway()
        try:
            saved = self.slot.load()
        except SaveUnreadable as error:
            return self.move_save_aside(_("the saved match cannot be read now ({error})").format(error=error.reason),
                                        "abandoned")
        except SaveDamaged as error:
            return self.move_save_aside(str(error), "damaged")
        record = saved.match.record
        kept = None
        if keep is not None and any(line.get("type") == "action" for line in record):
            try:
                kept = keep(record, saved.plan.to_dict())
            except (OSError, ValueError) as error:
                folder = self.history_folder
                reason = system_reason(OSError(errno.ENOTDIR, "")) if folder.exists() and not folder.is_dir() \
                    else system_reason(error)
                return self.move_save_aside(
                    _("the history folder cannot be written ({reason})").format(reason=reason), "abandoned")
        if saved.cut:  # what could be read is kept (or was dropped as the player was told); the cut file too
            with contextlib.suppress(OSError):
                return PutAway(kept=kept, moved=self.slot.move_aside("damaged"))
        return PutAway(kept=kept)

    # The match history

    def keep_match(self, record: list[dict[str, Any]], plan: dict[str, Any], ended: str, limit: int) -> Path:
        """Write a match into the history (`history.keep_match`): its path."""
        return history.keep_match(self.history_folder, record, plan, ended, limit)

    def kept_match(self, name: str) -> Path:
        """The file of a match the history keeps, by its name."""
        return self.history_folder / name

    def latest_record(self) -> Path | None:
        """The newest record: of the history folder's and the unfinished match's (which the
        window watches up to its last settled hand: `Flow.watch`), the last written. A match
        put away into the history when a new one began is older than the new one's save."""
        folder = self.history_folder
        records = list(folder.glob(f"*{history.SUFFIX}")) if folder.is_dir() else []
        if self.slot.exists():
            records.append(self.slot.record_path)
        return max(records, key=_modified, default=None)

    def read_statistics(self, limit: int | None = None) -> tuple[Statistics, list[str]]:
        """The statistics of the newest `limit` kept matches since the last reset, and what to
        tell the player (`statistics.read_statistics`)."""
        return read_statistics(self.history_folder, limit)

    def reset_statistics(self) -> None:
        """Count from the next match on; the records stay (OSError when the mark cannot be written)."""
        history.reset_statistics(self.history_folder)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def load_settings(folder: Path) -> tuple[Settings, Message | None]:
    """The saved settings, or the defaults where they cannot be used and a notice saying why
    (and where the file that could not be used is kept), in the language it is shown in."""
    path = folder / SETTINGS_FILE
    remove_temporary_files(path)  # left by a write that was killed: nothing else writes yet
    try:
        data = parse_json(read_bytes_limited(path, MAX_FILE_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), _kept_aside(path, "unreadable", str(error.strerror or error))
    except ValueError as error:  # not UTF-8, not JSON, too deep, too large, not a file
        return Settings(), _kept_aside(path, "damaged", one_line(str(error), 120))
    settings, rejected = Settings.from_dict(data)
    if not rejected:
        return settings, None
    return settings, _kept_aside(path, "invalid", ", ".join(rejected))


def saved_language(folder: Path) -> str | None:
    """The language the settings file asks for, read before anything else (so that the
    notices of `load_settings` are in it); None when it names none or cannot be read."""
    try:
        data = parse_json(read_bytes_limited(folder / SETTINGS_FILE, MAX_FILE_BYTES).decode("utf-8"))
        return check_setting("language", data.get("language")) if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


# Whole sentences per problem, so that each language can order them its own way.
_KEPT_NOTICES = {
    "unreadable": (
        N_("Your settings could not be read ({reason}); the defaults are in use. "
           "The old file is kept as {kept}."),
        N_("Your settings could not be read ({reason}); the defaults are in use. "
           "It could not be moved aside ({move_reason})."),
    ),
    "damaged": (
        N_("Your settings file was damaged ({reason}); the defaults are in use. "
           "The old file is kept as {kept}."),
        N_("Your settings file was damaged ({reason}); the defaults are in use. "
           "It could not be moved aside ({move_reason})."),
    ),
    "invalid": (
        # Translators: {reason} lists the names of the settings in the file (not translated)
        N_("Some settings were not valid ({reason}); their defaults are in use. "
           "The old file is kept as {kept}."),
        N_("Some settings were not valid ({reason}); their defaults are in use. "
           "It could not be moved aside ({move_reason})."),
    ),
}


def _kept_aside(path: Path, problem: str, reason: str) -> Message:
    """Move the file that could not be used out of the way of the next save; the notice."""
    moved, not_moved = _KEPT_NOTICES[problem]
    try:
        kept = move_aside(path)
    except OSError as error:
        return Message(not_moved, reason=reason, move_reason=error.strerror or error)
    return Message(moved, reason=reason, kept=kept)


def save_settings(folder: Path, settings: Settings) -> None:
    """Write the settings atomically. A file there that cannot be used (damaged since it was
    loaded, or never moved aside) is moved aside first, never overwritten."""
    path = folder / SETTINGS_FILE
    if path.exists() or path.is_symlink():
        load_settings(folder)  # moves the file aside when it is not a good settings file
    write_text_atomically(path, json.dumps(settings.to_dict(), indent=2) + "\n")


def reset_settings(folder: Path) -> Path | None:
    """Put the settings back to the defaults (`--reset-settings`), keeping the old file as
    `settings.json.reset-<time>`; its new path, or None when there was no file."""
    path = folder / SETTINGS_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    return move_aside(path, "reset")
