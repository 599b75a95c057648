"""The files a player keeps (records, saves, settings): written atomically, read defensively.

A write goes to a temporary file that is renamed into place, so a crash leaves the old
file or the new one. A read takes only a regular file of a bounded size (never blocks on a
FIFO or reads /dev/zero for ever), and JSON only as deep as our own files nest. A file that
cannot be used is moved aside under a dated name, never silently overwritten or deleted.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterable
from itertools import chain, compress, repeat
from operator import is_
from pathlib import Path
from typing import Any

MAX_JSON_DEPTH = 32
"""Deeper than any file of ours nests (a record line: 4); deeper JSON is not ours."""
MAX_KEPT_PER_SECOND = 999
"""Copies of one file `move_aside` and `copy_aside` keep under the names of one second."""


class FileRefused(ValueError):
    """Not a file we read: not a regular file, too large, or JSON of a shape we never write.
    The message says which, without the path (the caller names the file)."""


def write_text_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(prefix=_temporary_prefix(path), dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def remove_temporary_files(path: Path) -> list[Path]:
    """Delete the temporary files a killed write of `path` left behind (call it at start,
    before anything writes `path`); the ones removed. A file that will not go stays."""
    prefix = _temporary_prefix(path)
    removed = []
    with contextlib.suppress(OSError):
        for leftover in path.parent.iterdir():
            if leftover.name.startswith(prefix) and leftover.is_file():
                with contextlib.suppress(OSError):
                    leftover.unlink()
                    removed.append(leftover)
    return removed


def read_bytes_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Raises OSError when the file cannot be opened or read (missing, permission, I/O),
    FileRefused when it is no regular file (a FIFO, a device, a folder) or is too large.
    Opening does not block: a FIFO is refused before anything is read from it.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except ValueError as error:  # a NUL in the name: no file can have it
        raise FileRefused("no file can have this name") from error
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("a folder, not a file" if stat.S_ISDIR(info.st_mode) else "not a regular file")
        if info.st_size > limit:
            raise FileRefused(f"larger than {_size(limit)}")
        chunks = []
        left = limit + 1
        while left > 0 and (chunk := os.read(descriptor, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while being read
        raise FileRefused(f"larger than {_size(limit)}")
    return data


def shown_path(path: str | os.PathLike[str], limit: int = 200) -> str:
    """A path for a one-line message (see `one_line`)."""
    return one_line(os.fspath(path), limit)


def one_line(text: str, limit: int = 200) -> str:
    """Text from outside (a path, a key, a value) for a one-line message: line breaks and
    other control characters escaped, cut to `limit` characters."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _size(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 2**10} KB"


def parse_json(text: str) -> Any:
    """Parse JSON text; ValueError (FileRefused for what is too deep) names the fault."""
    try:
        value = json.loads(text)
    except RecursionError as error:
        raise FileRefused(f"nested more than {MAX_JSON_DEPTH} levels deep") from error
    # a ValueError too for an integer of more than 4,300 digits, which Python refuses to read
    if _depth(value) > MAX_JSON_DEPTH:
        raise FileRefused(f"nested more than {MAX_JSON_DEPTH} levels deep")
    return value


def _depth(value: Any) -> int:
    """How deep lists and objects nest, counted up to one past MAX_JSON_DEPTH (level by
    level, in C loops: a history's 9 MB of records is checked in a third of the time a walk
    item by item took; iteratively: the input may nest deeply). For what `json.loads` makes:
    exact lists and dicts."""
    level = [value]
    depth = 0
    while depth <= MAX_JSON_DEPTH:
        kinds = list(map(type, level))
        lists = list(compress(level, map(is_, kinds, repeat(list))))
        objects = list(compress(level, map(is_, kinds, repeat(dict))))
        if not lists and not objects:
            break
        depth += 1
        level = [*chain.from_iterable(lists), *chain.from_iterable(map(dict.values, objects))]
    return depth


def claim_new_file(candidates: Iterable[Path]) -> Path:
    """Create the first of `candidates` that no file has, empty, and return its path: a
    name of one's own, even against a file of that name that appears meanwhile (the file
    is made with exclusive creation, never opened over another). Raises OSError when one
    cannot be made, FileExistsError when every candidate is taken."""
    for candidate in candidates:
        try:
            with open(candidate, "x", encoding="utf-8"):
                return candidate
        except FileExistsError:
            continue
    raise FileExistsError("every name for the file is taken already")


def move_aside(path: Path, why: str = "damaged", folder: Path | None = None) -> Path:
    """Rename `path` to `<name>.<why>-<local time>` (a counter after the time when one is
    set aside twice in a second), beside it or into `folder`; never over another file. The
    new path. Raises OSError when it cannot be moved."""
    names = _aside_names(path, why, path.parent if folder is None else folder)
    if path.is_dir() and not path.is_symlink():
        # A folder cannot replace the empty file that claims a name; a rename puts it only
        # where nothing is, or over an empty folder (POSIX): it loses no one's file.
        for target in names:
            if not os.path.lexists(target):
                os.rename(path, target)
                return target
        raise FileExistsError(f"too many copies of {path.name} kept aside already")
    try:
        target = claim_new_file(names)
    except FileExistsError:
        raise FileExistsError(f"too many copies of {path.name} kept aside already") from None
    try:
        os.replace(path, target)  # over the empty file claimed for it, and nothing else
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return target


def copy_aside(path: Path, why: str = "damaged") -> Path:
    """Keep a copy of the file at `path` as `<name>.<why>-<local time>` beside it, as
    `move_aside` names it, the file itself left where it is (it is about to be written over
    atomically, and must be there if that fails). The copy's path. Raises OSError when it
    cannot be made (no partial copy is left)."""
    try:
        target = claim_new_file(_aside_names(path, why, path.parent))
    except FileExistsError:
        raise FileExistsError(f"too many copies of {path.name} kept aside already") from None
    try:
        with open(path, "rb") as source, open(target, "wb") as copy:
            shutil.copyfileobj(source, copy)
            copy.flush()
            os.fsync(copy.fileno())
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return target


def _aside_names(path: Path, why: str, into: Path) -> Iterable[Path]:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return (into / f"{path.name}.{why}-{stamp}{'' if number == 1 else f'-{number}'}"
            for number in range(1, MAX_KEPT_PER_SECOND + 1))


CONTESTED = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", errno.EDEADLK)})
"""What a lock already held elsewhere answers (flock: EWOULDBLOCK; Windows: EACCES or EDEADLOCK)."""


class FileLock:
    """An operating-system lock on one file, held while this object holds the file open.

    The system drops it when the process ends, however it ends (a crash, kill -9, a power
    cut), so a lock is never stale and no process id is ever compared (ids are reused).
    POSIX `flock` and Windows `msvcrt.locking` alike lock an open file, not a name: the
    file is never deleted, since a process waiting on the old one and another locking a new
    one of the same name would both think they hold it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor: int | None = None

    def acquire(self) -> bool:
        """Take the lock if no other holder has it, without waiting: True when it is held
        (now or already). Raises OSError when the file cannot be locked at all (a folder
        that cannot be written, a file system without locks). A lock file this user may
        only read (made by another user, or made read-only) is locked read-only: `flock` and
        `msvcrt.locking` lock a descriptor opened for reading as well."""
        if self._descriptor is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        binary = getattr(os, "O_BINARY", 0)
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | binary, 0o644)
        except PermissionError:
            descriptor = os.open(self.path, os.O_RDONLY | binary)
        try:
            _lock(descriptor)
        except OSError as error:
            os.close(descriptor)
            if error.errno in CONTESTED:
                return False
            raise
        self._descriptor = descriptor
        return True

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing drops the lock
            self._descriptor = None


def _lock(descriptor: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)  # the first byte: past the end is allowed
    else:
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
