"""The match history: every finished or abandoned match, kept as its record.

Each match is one file in the user data folder's `history/` folder, named by the UTC time
it was kept, its seed and a digest of its record (so keeping the same match twice writes
one file). The file is the engine's record (docs/record-format.md), replayable as it is;
its header carries one more key, `history`: who played which seat (the seat plan), how
the match ended (`finished` or `abandoned`: an unfinished match replaced by a new one),
when it was kept and, once worked out in the background, the analyser's review of each
human build (`builds`, see game/app/history/build_review.py).

Only the newest `limit` matches are kept and read: the cap the player sets (a history copied
in, or a cap lowered, holds more files until the next match is kept). Each file is read
with the size limit of every record (`MAX_RECORD_BYTES`) and the depth limit of every JSON
file of ours (`game.files.parse_json`). Any failure to read one file is that file's damage:
it is moved to `history/damaged/` (as `<name>.damaged-<time>`: one kept there before is
never replaced) and reported once, never deleted and never fatal; the rest is counted. The
statistics can be reset without deleting a single record: a marker file names the last
match before the reset, and the statistics count only later ones.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.app.words.i18n import _, ngettext
from game.app.words.system_words import system_reason
from game.engine.record import MAX_RECORD_BYTES, RecordError, holds_text, parse_record, read_record, write_record
from game.files import move_aside, parse_json, read_bytes_limited, write_text_atomically

HISTORY_DIR = "history"
DAMAGED_DIR = "damaged"
RESET_FILE = "statistics_reset.json"
SUFFIX = ".jsonl"
FINISHED = "finished"
ABANDONED = "abandoned"
WRITTEN_LINE = '{"type":"'
"""How each line of a record the game writes begins (`write_record`: compact, `type` first)."""
MAX_RESET_BYTES = 1 << 12
"""The reset marker holds one file name."""


def history_folder(data_dir: Path) -> Path:
    return data_dir / HISTORY_DIR


def put_in_damaged(folder: Path, path: Path) -> bool:
    """Move a file of the history in `folder` that cannot be used to its `damaged/` folder
    (`move_aside`: never over a copy kept before): whether it could be moved."""
    damaged = folder / DAMAGED_DIR
    try:
        damaged.mkdir(parents=True, exist_ok=True)
        move_aside(path, "damaged", damaged)
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class HistoryEntry:
    """One kept match: its file and its record's lines."""

    path: Path
    lines: list[dict[str, Any]]

    @property
    def header(self) -> dict[str, Any]:
        return self.lines[0]

    @property
    def meta(self) -> dict[str, Any]:
        meta = self.header.get("history")
        return meta if isinstance(meta, dict) else {}

    @property
    def plan(self) -> dict[str, Any]:
        plan = self.meta.get("plan")
        return plan if isinstance(plan, dict) else {}

    @property
    def ended(self) -> str:
        return str(self.meta.get("ended", FINISHED))


@dataclass
class HistoryLoad:
    """The readable matches, oldest first, and what could not be read."""

    folder: Path
    entries: list[HistoryEntry] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    """Files that could not be read, moved to `damaged/`."""
    skipped: list[str] = field(default_factory=list)
    """Files that could not be read nor moved."""
    problems: list[str] = field(default_factory=list)
    """Notices about the folder and the statistics reset."""

    def set_aside(self, path: Path) -> None:
        """Move a kept file that cannot be used to `damaged/` (the same match may be damaged
        again once kept anew: `move_aside` never replaces a copy kept before)."""
        (self.moved if put_in_damaged(self.folder, path) else self.skipped).append(path.name)

    @property
    def notices(self) -> list[str]:
        """What to tell the player: the problems, then one sentence for the files moved and one
        for the files skipped (however many: the screen has room for two lines)."""
        said = list(self.problems)
        if len(self.moved) == 1:
            said.append(_("A match in your history ({file}) could not be read; it was moved to the '{folder}' folder "
                          "beside the others.").format(file=self.moved[0], folder=DAMAGED_DIR))
        elif self.moved:
            said.append(ngettext("{count} match in your history could not be read; it was moved to the '{folder}' "
                                 "folder beside the others.",
                                 "{count} matches in your history could not be read; they were moved to the "
                                 "'{folder}' folder beside the others.", len(self.moved)).format(
                                     count=len(self.moved), folder=DAMAGED_DIR))
        if len(self.skipped) == 1:
            said.append(_("A match in your history ({file}) could not be read and was skipped.").format(
                file=self.skipped[0]))
        elif self.skipped:
            said.append(ngettext("{count} match in your history could not be read and was skipped.",
                                 "{count} matches in your history could not be read and were skipped.",
                                 len(self.skipped)).format(count=len(self.skipped)))
        return said


def keep_match(folder: Path, record: list[dict[str, Any]], plan: dict[str, Any], ended: str,
               limit: int, now: datetime | None = None) -> Path:
    """Write a match into the history (atomically) and drop the oldest beyond `limit`.

    Keeping a match already kept (the same record) writes nothing new."""
    body = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) for line in record)
    # zlib, not hashlib: the executable leaves OpenSSL out (build/17steps.spec)
    encoded = body.encode("utf-8")
    digest = f"{zlib.crc32(encoded):08x}{len(encoded) % 0x10000:04x}"
    seed = record[0].get("seed")
    existing = sorted(folder.glob(f"*-{seed}-{digest}{SUFFIX}")) if folder.exists() else []
    if existing:
        return existing[-1]
    moment = now or datetime.now(UTC)
    header = {**record[0], "history": {"plan": plan, "ended": ended,
                                        "kept_at": moment.isoformat(timespec="seconds")}}
    path = folder / f"{moment:%Y%m%d-%H%M%S}-{seed}-{digest}{SUFFIX}"
    write_record(path, [header, *record[1:]])
    with contextlib.suppress(OSError):  # a folder written but not listed: the match is kept, the cap waits
        enforce_limit(folder, limit)
    return path


def drop_carried_further(folder: Path, record: list[dict[str, Any]], kept: Path, seed: int) -> None:
    """Delete the files kept before, under `seed`, whose hands `record` (just kept as `kept`)
    holds and goes on from: one match, one file. A joined match left under way is kept with
    the hands settled so far, its seed withheld (the seed its host puts in their place); the
    same match kept again later (its seat taken back: to its end, or left again further on)
    begins with those very lines. A file that cannot be read is left as it is."""
    body = record[1:]
    for path in folder.glob(f"*-{seed}-*{SUFFIX}"):
        if path == kept:
            continue
        try:
            earlier = read_record(path)[1:]
        except (OSError, RecordError):
            continue
        if earlier and len(earlier) <= len(body) and body[:len(earlier)] == earlier:
            with contextlib.suppress(OSError):  # still there: counted twice, never lost
                path.unlink()


def record_files(folder: Path) -> list[Path]:
    """The history's record files, oldest first (names start with the UTC time). Raises
    OSError when the folder cannot be listed (a missing folder is an empty history)."""
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries
                     if entry.name.endswith(SUFFIX) and not entry.name.startswith(".") and entry.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [folder / name for name in sorted(names)]


def enforce_limit(folder: Path, limit: int) -> None:
    files = record_files(folder)
    for path in files[:max(0, len(files) - limit)]:
        path.unlink(missing_ok=True)


def load_history(folder: Path, since_reset: bool = False, limit: int | None = None,
                 wanted: tuple[str, ...] | None = None) -> HistoryLoad:
    """The readable kept matches, oldest first: the newest `limit` (None: all), and with
    `since_reset` only those kept after the last statistics reset. A damaged file is moved
    aside with a notice; a folder that cannot be listed is a notice and no match. With
    `wanted`, each entry holds only the lines the caller reads (see `read_quickly`)."""
    load = HistoryLoad(folder)
    try:
        files = record_files(folder)
    except OSError as error:
        load.problems.append(_("Your match history cannot be read ({reason}): no match is counted.").format(
            reason=system_reason(error)))
        return load
    if limit is not None:
        files = files[-limit:] if limit > 0 else []
    if since_reset:
        after = reset_marker(folder, load.problems)
        files = [p for p in files if after is None or p.name > after]
    for path in files:
        try:
            load.entries.append(HistoryEntry(path, read_quickly(path, wanted)))
        except RecordError:
            load.set_aside(path)
    return load


def read_quickly(path: Path, wanted: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """`read_record`, in one pass of the JSON parser over the whole file (a history of 200
    matches is some 9 MB: line by line, parsing took twice as long), with the same limits.
    Any doubt, and the file is read line by line, for the record reader's own message.

    With `wanted` (beginnings of lines as the game writes them, `{"type":"settlement"`), a
    line the game wrote (`{"type":"…`) that begins otherwise is left unread: the statistics
    read an eighth of a history's bytes (no wall, no discard, no action). Any other line is read."""
    try:
        rows = [row for row in read_bytes_limited(path, MAX_RECORD_BYTES).decode("utf-8").splitlines()
                if row.strip() and (wanted is None or row.startswith(wanted) or not row.startswith(WRITTEN_LINE))]
        joined = "[" + ",".join(rows) + "]"
        lines = parse_json(joined)
    except (OSError, UnicodeDecodeError, ValueError):
        return read_record(path)
    whole = all(isinstance(line, dict) and isinstance(line.get("type"), str) for line in lines)
    # (lines that read only joined: a count that differs; a lone surrogate: the record reader's message)
    if not lines or not whole or len(lines) != len(rows) or not holds_text(joined, lines):
        return read_record(path)
    parse_record(json.dumps(lines[0]), str(path))  # the header's checks
    return lines


def reset_marker(folder: Path, notices: list[str]) -> str | None:
    """The file name of the last match before the statistics were reset (None: never reset).
    A marker that cannot be read is moved to `damaged/`, with a notice in `notices`."""
    path = folder / RESET_FILE
    try:
        data = parse_json(read_bytes_limited(path, MAX_RESET_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError):
        data = None
    after = data.get("after") if isinstance(data, dict) else None
    if isinstance(after, str):
        return after
    if not put_in_damaged(folder, path):
        notices.append(_("The mark of your last statistics reset ({file}) could not be read: every kept match "
                         "is counted.").format(file=RESET_FILE))
    else:
        notices.append(_("The mark of your last statistics reset ({file}) could not be read: every kept match "
                         "is counted, and the file was moved to the '{folder}' folder.").format(
                             file=RESET_FILE, folder=DAMAGED_DIR))
    return None


def reset_statistics(folder: Path) -> None:
    """Start the statistics afresh from the next match; the records themselves stay."""
    files = record_files(folder)
    write_text_atomically(folder / RESET_FILE, json.dumps({"after": files[-1].name if files else ""}) + "\n")


def add_builds_review(path: Path, review: Callable[[list[dict[str, Any]], list[int]], list[dict[str, Any]]]) -> None:
    """Work out the review of a kept match's human builds and store it in its header.

    Slow (an analysis per build): the app runs it in the background after keeping a match."""
    try:
        lines = parse_record(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError, RecordError):
        return  # gone (the cap) or damaged: the statistics will say so when they read it
    meta = lines[0].get("history")
    if not isinstance(meta, dict) or "builds" in meta:
        return
    humans = meta.get("plan", {}).get("humans", [])
    builds = review(lines, [h for h in humans if isinstance(h, int)])
    lines[0] = {**lines[0], "history": {**meta, "builds": builds}}
    if path.exists():
        write_record(path, lines)
