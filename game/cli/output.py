"""Standard output and error for every command, whatever they are connected to.

A command's report may go into a full disk (`> /dev/full`), a pipe its reader closed
(`| head -1`), nowhere at all (stdout closed: Python's `sys.stdout` is None), or a file in
an encoding without 歩 (`> help.txt` on a Western Windows console: cp1252). Each of these
used to end in a traceback, or in exit 0 with nothing written. While a command runs,
`sys.stdout` turns every such failure into `OutputFailed`, which `game.__main__` says in
one line; text the output's encoding cannot hold is written with `?` in its place. What
cannot be written to stderr is dropped: there is nowhere left to say it.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator
from typing import TextIO

CLOSED = "standard output is closed: nothing can be written"


class OutputFailed(Exception):
    """Standard output did not take the command's text; the message says why, for the user."""


class _Guarded(io.TextIOBase):
    """A text stream standing in for `stream` (None: closed): failures to write or flush it
    raise `OutputFailed`, or are dropped when `quiet`."""

    def __init__(self, stream: TextIO | None, quiet: bool) -> None:
        super().__init__()
        self._stream = stream
        self._quiet = quiet

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"

    def close(self) -> None:
        """Nothing: the stream stood in for is not ours to close (nor to flush when this goes)."""

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self._stream.fileno()

    def write(self, text: str) -> int:
        with self._failures():
            stream = self._open()
            try:
                return stream.write(text)
            except UnicodeEncodeError:
                # encoding happens before anything is written: nothing of `text` went out yet
                return stream.write(text.encode(self.encoding, "replace").decode(self.encoding))
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            with self._failures():
                self._stream.flush()

    def _open(self) -> TextIO:
        if self._stream is None:
            raise OutputFailed(CLOSED)
        return self._stream

    @contextlib.contextmanager
    def _failures(self) -> Iterator[None]:
        try:
            yield
        except (OutputFailed, OSError, ValueError) as error:  # ValueError: the stream was closed
            if not self._quiet:
                raise OutputFailed(_reason(error)) from error


def _reason(error: Exception) -> str:
    if isinstance(error, OutputFailed):
        return str(error)
    if isinstance(error, OSError) and error.errno == errno.EPIPE:
        return "the output was closed before the report was complete"
    detail = getattr(error, "strerror", None) or error
    return f"the output could not be written ({detail})"


@contextlib.contextmanager
def guarded_output(closed_stdout_ok: bool = False) -> Iterator[None]:
    """Run a command with `sys.stdout` raising `OutputFailed` and `sys.stderr` never failing.
    A closed stdout is refused at once, unless `closed_stdout_ok`: then it takes the text
    and drops it (the game window, started without a console, prints nothing a player
    waits for)."""
    stdout, stderr = sys.stdout, sys.stderr
    if stdout is None and not closed_stdout_ok:
        raise OutputFailed(CLOSED)  # before the work: an hour of selfplay would be for nothing
    sys.stdout = _Guarded(stdout, quiet=stdout is None)
    sys.stderr = _Guarded(stderr, quiet=True)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def silence_stdout() -> None:
    """Point the process's stdout at nothing after it failed, so that the text still held in
    its buffer does not fail again (with a traceback of its own) at exit."""
    stream = sys.stdout
    with contextlib.suppress(OSError, ValueError, AttributeError):
        descriptor = stream.fileno()
        nothing = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nothing, descriptor)
        os.close(nothing)


def settle_stdout() -> None:
    """Write out what stdout still holds (a report cut short by Ctrl-C keeps its lines), or
    point it at nothing when it cannot take it."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        silence_stdout()


def say(message: str) -> None:
    """One line on stderr, if anything can still be said."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(message, file=sys.stderr, flush=True)


def program_name() -> str:
    """What the user typed to start us: the executable's name, `python main.py` or `python -m game`."""
    if getattr(sys, "frozen", False):
        return "17steps"
    if os.path.basename(sys.argv[0]) == "main.py":
        return "python main.py"
    return "python -m game"
