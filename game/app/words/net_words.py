"""What a player reads when the host refuses: one sentence per refusal code of the protocol."""

from __future__ import annotations

from game.app.words.i18n import N_, _
from game.net.protocol import Refused

REFUSAL_SENTENCES: dict[str, str] = {
    "bad_message": N_("The message was not understood."),
    "wrong_version": N_("This table runs {detail}; this computer runs {ours}."),
    "wrong_code": N_("The join code is wrong."),
    "too_many_attempts": N_("Too many attempts to join from this address; wait a minute."),
    "table_full": N_("Every seat at this table is taken."),
    "match_started": N_("This match has already started; only its players can rejoin."),
    "host_busy": N_("The table accepts no more connections."),
    "not_your_seat": N_("You can play only for your own seat."),
    "illegal_action": N_("Not possible: {detail}."),
    "flood": N_("Too many messages; the connection is closed."),
    "replaced": N_("Your seat was taken over by a new connection with its key."),
    "match_over": N_("This match is over, and the host has not opened the next one yet."),
    "host_left": N_("The host has left the table."),
    "seat_given": N_("The host gave your seat to the AI for the rest of this match."),
}


def refusal_sentence(refused: Refused, ours: str) -> str:
    """The refusal in the current language; `ours` names this computer's version."""
    sentence = REFUSAL_SENTENCES.get(refused.code, REFUSAL_SENTENCES["bad_message"])
    return _(sentence).format(detail=refused.detail, ours=ours)
