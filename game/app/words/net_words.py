"""What a player reads when the host refuses (one sentence per refusal code of the protocol),
and what a table says of a seat whose person at another computer is away."""

from __future__ import annotations

from collections.abc import Sequence

from game.app.words.i18n import N_, _
from game.net.protocol import Refused

HERE, AWAY, LEFT, STAND_IN = "here", "away", "left", "stand_in"
"""Where a seat's person is: at the table, away (their seat kept for them), away because they
left the table (only the host knows it: its plate reads as away), or gone past the host's
reconnection window (its stand-in plays it until they are back)."""

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


def presence_of(present: Sequence[bool], given_up: Sequence[bool], seat: int) -> str:
    """`HERE`, `AWAY` or `STAND_IN`, as the host last told (`Presence`)."""
    if seat >= len(present) or present[seat]:
        return HERE
    return STAND_IN if seat < len(given_up) and given_up[seat] else AWAY


def plate_name(name: str, presence: str) -> str:
    """A seat's name as its plate and the score box show it: marked while its person is away."""
    if presence in (AWAY, LEFT):
        # Translators: a name plate while its player's computer has lost the connection (the seat is kept)
        return _("{name} (away)").format(name=name)
    if presence == STAND_IN:
        # Translators: a name plate while the AI plays for a player gone past the reconnection window
        return _("{name} (AI)").format(name=name)
    return name


def came_back_words(name: str) -> str:
    # Translators: a notice at the table, a player at another computer having reconnected
    return _("{name} is back at the table").format(name=name)


def dropped_words(name: str) -> str:
    # Translators: a notice at any table, the host's or a joined one: another seat's computer lost its connection
    return _("{name} has lost the connection; their seat is kept for them.").format(name=name)


def left_words(name: str) -> str:
    # Translators: a notice at the host's table: a person at another computer chose to leave the table
    return _("{name} has left the table; their seat is kept for them.").format(name=name)
