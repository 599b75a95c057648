"""What the person's hand can do while discarding, wait by wait: the copies still unseen
(4 minus those in their own tiles, every river and the dora indicator), what a ron on it
is worth, and whether that clears the floor; and whether the hand can win at all.

Pure and made from the seat's view alone (a networked client has nothing else): the values
are the engine's (`assess_rons` with the hand's own win context), judged on the next discard
the seat can ron (`SeatView.next_ron_context`). Whether the hand can still win looks past
that discard, at every later one to the hand's last (`SeatView.later_ron_contexts`): too low
before the seat's riichi, a hand may win once in it; too low for a plain riichi ron, it may
win with the situational yaku of a later discard, ippatsu or houtei, and then only there,
which the strip says. No rule is decided here: where each wait can win is the engine's one
judgement (game/engine/wait_chances.py), which the builder's helper asks too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.app.words.i18n import N_, _
from game.engine.kyoku import FuritenSpan, SeatView
from game.engine.rules import Rules
from game.engine.tiles import is_red, kind_code, kind_of
from game.engine.wait_chances import Basis, hand_luck, riichi_chances, ron_chances, value_basis, wait_chances

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
    clears_later: bool = False
    """A ron on it is allowed on some discard after the next one (once in riichi, with
    ippatsu, on a final discard)."""
    luck: tuple[str, ...] = ()
    """Where a ron on it is allowed only with situational yaku: those that allow it
    ("houtei", "ippatsu", or "renhou" alone); empty when some discard allows it without them."""

    @property
    def live(self) -> bool:
        return self.unseen > 0

    @property
    def wins(self) -> bool:
        return self.clears or self.clears_later


@dataclass(frozen=True)
class WaitStrip:
    waits: tuple[WaitLine, ...]
    floor: bool
    furiten: bool
    furiten_ends: bool = False
    """The furiten ends with the seat's own next discard (a winning tile let pass before its riichi)."""
    basis: Basis = Basis.IN_RIICHI
    """What the values count beyond a plain riichi ron (the helper's): those of the next discard."""

    @property
    def basis_words(self) -> str:
        """What the values are, in words of the current language, as the helper says its own."""
        return _(BASES[self.basis])

    @property
    def can_win(self) -> bool:
        """Whether a ron on the next discard the seat can take may win."""
        return not self.furiten and any(line.clears and line.live for line in self.waits)

    @property
    def winning(self) -> tuple[str, ...]:
        """The live waits the hand can still win on: on the next discard or, once in riichi, a later one."""
        return tuple(line.code for line in self.waits if line.live and line.wins)

    @property
    def luck(self) -> tuple[str, ...]:
        """The situational yaku without which no live wait wins ("houtei", "ippatsu", "renhou"), when
        the hand wins only with them; empty when it wins without (or not at all)."""
        return hand_luck(line for line in self.waits if line.live)

    @property
    def hand_can_win(self) -> bool:
        """Whether the hand can still win at all (a furiten until the seat's own discard ends)."""
        return bool(self.winning) and (not self.furiten or self.furiten_ends)

    @property
    def verdict(self) -> str | None:
        """Why the hand cannot win, or where alone it can (ippatsu, a final discard), in
        words of the current language (None: it can win, with no such limit)."""
        reason = self._reason()
        return None if reason is None else _(VERDICTS[reason])

    @property
    def reason(self) -> str | None:
        """The verdict as a clause, without 'Cannot win:' ('no wait reaches mangan', 'only
        with ippatsu')."""
        reason = self._reason()
        return None if reason is None else _(REASONS[reason])

    def _reason(self) -> str | None:
        if not self.waits:
            return "not_tenpai"
        if self.furiten and not self.furiten_ends:
            return "furiten"
        if not any(line.clears or line.clears_later for line in self.waits):
            return "below_floor" if self.floor else "no_yaku"
        if not self.winning:
            return "used_up"
        if self.luck:
            return LUCK[self.luck]
        if self.can_win:
            return None
        if not any(line.clears and line.live for line in self.waits):
            return "before_riichi"  # it passes with the seat's first discard, which declares riichi
        return "furiten_until_discard"  # the other reason that passes: a win may come after it


LUCK = {("ippatsu",): "only_ippatsu", ("houtei",): "only_houtei", ("houtei", "ippatsu"): "only_ippatsu_or_houtei",
        ("renhou",): "only_renhou"}
"""The hand's verdict by the situational yaku it needs (`WaitStrip.luck`)."""


VERDICTS = {
    "not_tenpai": N_("Cannot win: not tenpai"),
    "furiten": N_("Cannot win: furiten"),
    "furiten_until_discard": N_("Cannot win: furiten until your discard"),
    "before_riichi": N_("Cannot win before your riichi"),
    "below_floor": N_("Cannot win: no wait reaches mangan"),
    "no_yaku": N_("Cannot win: no wait has a yaku"),
    "used_up": N_("Cannot win: every winning wait is used up"),
    # Translators: ippatsu: a ron in the first go-around after your riichi (before your own next discard)
    "only_ippatsu": N_("Wins only with ippatsu"),
    # Translators: a final discard: a player's 17th, which gives houtei
    "only_houtei": N_("Wins only on a final discard"),
    "only_ippatsu_or_houtei": N_("Wins only with ippatsu or on a final discard"),
    # Translators: renhou: a ron before your own first discard (you are not yet in riichi)
    "only_renhou": N_("Wins only before your first discard (renhou)"),
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
    # Translators: these three end "It can win on {tiles}, but …"
    "only_ippatsu": N_("only with ippatsu"),
    "only_houtei": N_("only on a final discard"),
    "only_ippatsu_or_houtei": N_("only with ippatsu or on a final discard"),
    "only_renhou": N_("only before your own first discard (renhou)"),
}
BASES = {
    # Translators: what the values of the waits are: those of a ron in riichi (no ippatsu, no houtei)
    Basis.IN_RIICHI: N_("Values: a ron in riichi"),
    # Translators: the values of the waits on the next discard, before your riichi (so without its han)
    Basis.BEFORE_RIICHI: N_("Values: next discard, before your riichi"),
    # Translators: the values of the waits on the next discard, with renhou (before your riichi)
    Basis.RENHOU: N_("Values: next discard, renhou"),
    Basis.IPPATSU: N_("Values: next discard, with ippatsu"),
    # Translators: the values of the waits on the next discard, a final one: with houtei
    Basis.HOUTEI: N_("Values: next discard, with houtei"),
}
"""What the values of the strip and the helper are (`Basis`), the same words in both."""


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
    chances = ron_chances(view)
    if own and waits:
        # Where each wait can win is the engine's one judgement, the helper's too.
        visible = _visible(view)
        tiles = [_winning_tile(kind, visible, own, rules.red_fives) for kind in waits]
        judged = wait_chances(own, tiles, chances)
        for kind, chance in zip(waits, judged, strict=True):
            value = chance.next_ron.value
            lines.append(WaitLine(kind_code(kind), max(0, COPIES - seen[kind]),
                                  value.level_name if value is not None else NO_YAKU, chance.now, chance.later,
                                  chance.luck))
    ends = view.furiten_span is FuritenSpan.UNTIL_OWN_DISCARD
    return WaitStrip(tuple(lines), rules.floor_applies, view.furiten, ends, value_basis(chances.contexts[0], rules))


def never_wins(hand: Sequence[int], waits: Sequence[int], rules: Rules, seat_wind: int,
               dora_indicator: int | None) -> bool:
    """Whether a tenpai `hand` in riichi could win on none of its `waits` on any discard, with
    ippatsu or houtei too: below the floor (or with no yaku) everywhere, as the strip's
    "Cannot win: no wait reaches mangan" said while it was played."""
    tiles = [_winning_tile(kind, frozenset(), hand, rules.red_fives) for kind in waits]
    return bool(waits) and not any(chance.wins for chance in
                                   wait_chances(hand, tiles, riichi_chances(rules, seat_wind, dora_indicator)))


def _visible(view: SeatView) -> frozenset[int]:
    """The tile ids the seat sees: its own, every river's and the indicator (unless it is of
    the virtual second set, whose ids are not the table's)."""
    seen = {*(view.hand or ()), *view.pool, *(tile for river in view.rivers for tile, _turned in river)}
    if view.dora_indicator is not None and not view.rules.virtual_dora:
        seen.add(view.dora_indicator)
    return frozenset(seen)


def _winning_tile(kind: int, visible: frozenset[int], hand: Sequence[int], red_fives: bool) -> int:
    """The copy a ron on `kind` is scored with, as the helper's analyser picks it: one the seat
    cannot see, plain rather than red (a red five is its own dora: worth it only when it is
    the one copy left to come), else (a dead wait) one outside the hand."""
    copies = range(kind * COPIES, kind * COPIES + COPIES)
    unseen = [tile for tile in copies if tile not in visible] or [tile for tile in copies if tile not in hand]
    return min(unseen, key=lambda tile: (is_red(tile, red_fives), tile))
