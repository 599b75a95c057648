"""Why a file could not be used, in the player's language (as `Message`s: a notice that
stays on screen follows a language switch).

The system's own words (`OSError.strerror`) and the record reader's (`RecordError`) are
English: inside a Japanese or Chinese sentence they would be the only English on the
screen. The app says instead what a player can act on: one sentence per common system
error and per kind of damage, a general one for the rest.
"""

from __future__ import annotations

import errno

from game.app.words.i18n import N_, Message
from game.engine.record import LineDamage, RecordError

SYSTEM_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EISDIR: N_("a folder stands where a file should be"),
    errno.ENOSPC: N_("the disk is full"),
    getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk is full"),  # (no EDQUOT on Windows)
    errno.EROFS: N_("the disk can only be read"),
    errno.ENOENT: N_("the file or folder is missing"),
}
OTHER_SYSTEM_REASON = N_("the system refused")

DAMAGE_WORDS = {
    LineDamage.NOT_JSON: N_("line {line} is cut short or edited"),
    LineDamage.NOT_A_LINE: N_("line {line} is not a line of a match record"),
    LineDamage.NUMBER_TOO_LONG: N_("line {line} holds a number too long to be the game's"),
    LineDamage.REFUSED: N_("line {line} is nested deeper than the game writes"),
    LineDamage.NOT_TEXT: N_("line {line} holds damaged text"),
    LineDamage.NAME: N_("a player's name cannot be shown"),
}
NOT_A_RECORD = N_("it is not a match record this version can read")


def system_reason(error: BaseException) -> Message:
    """Why the system refused (an OSError by its errno; anything else, such as text no file
    can hold, in a general sentence)."""
    return Message(SYSTEM_REASONS.get(error.errno if isinstance(error, OSError) else None, OTHER_SYSTEM_REASON))


def record_damage(error: RecordError) -> Message:
    """How a record cannot be read: its damaged line and how, or that it is no record."""
    words = DAMAGE_WORDS.get(error.damage) if error.damage is not None else None
    return Message(words, line=error.line) if words is not None else Message(NOT_A_RECORD)
