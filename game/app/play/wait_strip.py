"""What the person's hand can do while discarding, wait by wait: the copies still unseen
(4 minus those in their own tiles, every river and the dora indicator), what a ron on it
is worth, and whether that clears the floor; and whether the hand can win at all.

Pure and made from the seat's view alone (a networked client has nothing else): the values
are the engine's (`assess_rons` with the hand's own win context), judged on the next discard
the seat can ron (`SeatView.next_ron_context`). Whether the hand can still win looks past
that discard when it comes before the seat's riichi (the second player's, before its first
discard): too low without riichi, the hand may win once in it
(`SeatView.first_riichi_ron_context`). No rule is decided here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.words.i18n import N_, _
from game.engine.kyoku import FuritenSpan, SeatView
from game.engine.scoring import RonAssessment, assess_rons
from game.engine.tiles import RED_FIVE_IDS, kind_code, kind_of

COPIES = 4
NO_YAKU = "no yaku"
"""A wait's value when a ron on it has no yaku (the engine's words, like `level_name`)."""


@dataclass(frozen=True)
class WaitLine:
    code: str
    unseen: int
    value: str
    """The limit name ('mangan', 'yakuman') or 'n han m fu'; 'no yaku' when it cannot win
    (a kiriage mangan is 'mangan': the strip's columns are narrower than the helper's)."""
    clears: bool
    """A ron on it on the next discard is allowed by the floor (or, with no floor, has a yaku)."""
    clears_in_riichi: bool = False
    """A ron on it once the seat is in riichi is allowed (the first such ron): when the next
    discard comes before the seat's riichi; else the same as `clears`."""

    @property
    def live(self) -> bool:
        return self.unseen > 0


@dataclass(frozen=True)
class WaitStrip:
    waits: tuple[WaitLine, ...]
    floor: bool
    furiten: bool
    furiten_ends: bool = False
    """The furiten ends with the seat's own next discard (a winning tile let pass before its riichi)."""

    @property
    def can_win(self) -> bool:
        """Whether a ron on the next discard the seat can take may win."""
        return not self.furiten and any(line.clears and line.live for line in self.waits)

    @property
    def winning(self) -> tuple[str, ...]:
        """The live waits the hand can still win on: on the next discard or, once in riichi, a later one."""
        return tuple(line.code for line in self.waits if line.live and (line.clears or line.clears_in_riichi))

    @property
    def hand_can_win(self) -> bool:
        """Whether the hand can still win at all (a furiten until the seat's own discard ends)."""
        return bool(self.winning) and (not self.furiten or self.furiten_ends)

    @property
    def verdict(self) -> str | None:
        """Why the hand cannot win, in words of the current language (None: it can)."""
        reason = self._reason()
        return None if reason is None else _(VERDICTS[reason])

    @property
    def reason(self) -> str | None:
        """The verdict without 'Cannot win:', as a clause ('no wait reaches mangan')."""
        reason = self._reason()
        return None if reason is None else _(REASONS[reason])

    def _reason(self) -> str | None:
        if self.can_win:
            return None
        if not self.waits:
            return "not_tenpai"
        if self.furiten and not self.furiten_ends:
            return "furiten"
        if not any(line.clears or line.clears_in_riichi for line in self.waits):
            return "below_floor" if self.floor else "no_yaku"
        if not self.winning:
            return "used_up"
        if not any(line.clears and line.live for line in self.waits):
            return "before_riichi"  # it passes with the seat's first discard, which declares riichi
        return "furiten_until_discard"  # the other reason that passes: a win may come after it


VERDICTS = {
    "not_tenpai": N_("Cannot win: not tenpai"),
    "furiten": N_("Cannot win: furiten"),
    "furiten_until_discard": N_("Cannot win: furiten until your discard"),
    "before_riichi": N_("Cannot win before your riichi"),
    "below_floor": N_("Cannot win: no wait reaches mangan"),
    "no_yaku": N_("Cannot win: no wait has a yaku"),
    "used_up": N_("Cannot win: every winning wait is used up"),
}
REASONS = {
    # Translators: ends "It cannot win this hand: …"
    "not_tenpai": N_("not tenpai"),
    "furiten": N_("furiten"),
    "furiten_until_discard": N_("furiten until your own discard"),
    "before_riichi": N_("not before your riichi"),
    "below_floor": N_("no wait reaches mangan"),
    "no_yaku": N_("no wait has a yaku"),
    "used_up": N_("every winning wait is used up"),
}


def wait_strip(view: SeatView) -> WaitStrip:
    """The strip of the view's seat once it has built (its hand fixed)."""
    rules = view.rules
    own = view.hand or ()
    seen = [0] * 34
    for tile in (*own, *view.pool):
        seen[kind_of(tile)] += 1
    for river in view.rivers:
        for tile, _turned in river:
            seen[kind_of(tile)] += 1
    if view.dora_indicator is not None:
        seen[kind_of(view.dora_indicator)] += 1
    waits = tuple(view.waits)
    lines: list[WaitLine] = []
    if own and waits:
        context = view.next_ron_context()  # without the ura dora, hidden until a win
        tiles = [_plain_tile(kind) for kind in waits]
        next_rons = assess_rons(own, tiles, context, rules)
        riichi_rons = next_rons if context.riichi else assess_rons(own, tiles, view.first_riichi_ron_context(), rules)
        for kind, assessment, in_riichi in zip(waits, next_rons, riichi_rons, strict=True):
            value = assessment.value
            lines.append(WaitLine(kind_code(kind), max(0, COPIES - seen[kind]),
                                  value.level_name if value is not None else NO_YAKU,
                                  _clears(assessment), _clears(in_riichi)))
    ends = view.furiten_span is FuritenSpan.UNTIL_OWN_DISCARD
    return WaitStrip(tuple(lines), rules.floor_applies, view.furiten, ends)


def _clears(assessment: RonAssessment) -> bool:
    return assessment.clears_floor and assessment.value is not None


def _plain_tile(kind: int) -> int:
    """A tile id of `kind` that is not a red five (the red five's value is its own dora)."""
    return next(kind * 4 + copy for copy in range(COPIES) if kind * 4 + copy not in RED_FIVE_IDS)
