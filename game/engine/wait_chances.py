"""Where a wait can still win: on the next discard its seat can ron, on a later one, only with
ippatsu, only on a final discard (houtei), only before the seat's own first discard (renhou),
or not at all; and what the value shown for the next discard counts beyond a plain riichi ron.

One judgement, for the waits strip while discarding (game/app/play/wait_strip.py) and the
builder's helper while building (game/app/play/helper.py), so that they never disagree. It
is made from the seat's view alone (a joined computer has nothing else): the discards the
seat can still ron, each with its situational yaku (`SeatView.next_ron_context`, then
`SeatView.later_ron_contexts`: in riichi, with ippatsu, on a final discard), the ura dora
left out, and the scorer's ruling on each (`assess_rons`: the floor, the yaku).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from game.engine.analysis import TableContext
from game.engine.kyoku import SeatView
from game.engine.rules import Rules
from game.engine.scoring import RonAssessment, WinContext, assess_rons

LUCK = ("houtei", "ippatsu", "renhou")
"""The situational yaku a wait may need to win, in the order a verdict names them. Renhou is
named only alone: a wait that also wins with ippatsu or houtei is told by those, the places
still to come after the first discards (where renhou is the value shown, it says so: `Basis`)."""


class Chance(Enum):
    """Where a wait can win, as a player is told it."""

    NOW = "now"
    """On the next discard the seat can ron (with no yaku it needs there alone)."""
    LATER = "later"
    """Not on the next discard but on a later one (once in riichi), with no yaku it needs there."""
    ONLY_IPPATSU = "only_ippatsu"
    ONLY_HOUTEI = "only_houtei"
    """Only on a final discard."""
    ONLY_IPPATSU_OR_HOUTEI = "only_ippatsu_or_houtei"
    ONLY_RENHOU = "only_renhou"
    """Only before the seat's own first discard, where renhou is a yaku (not yet in riichi)."""
    NEVER = "never"


ONLY = {("ippatsu",): Chance.ONLY_IPPATSU, ("houtei",): Chance.ONLY_HOUTEI,
        ("houtei", "ippatsu"): Chance.ONLY_IPPATSU_OR_HOUTEI, ("renhou",): Chance.ONLY_RENHOU}


class Basis(Enum):
    """What a value shown for a ron counts beyond a plain riichi ron (riichi, the hand's shape,
    dora and red fives; never ura dora): the helper's values are plain (`IN_RIICHI`), the
    waits strip's are those of the next discard the seat can ron, which may differ."""

    IN_RIICHI = "in_riichi"
    BEFORE_RIICHI = "before_riichi"
    """Before the seat's riichi (its first discard declares it): no riichi han, and renhou is no yaku."""
    RENHOU = "renhou"
    """Before the seat's riichi, with renhou (4 han or a yakuman) instead of riichi."""
    IPPATSU = "ippatsu"
    HOUTEI = "houtei"


def value_basis(context: WinContext, rules: Rules) -> Basis:
    """What a ron in `context` counts beyond a plain riichi ron."""
    if not context.riichi:
        return Basis.RENHOU if _renhou_counts(context, rules) else Basis.BEFORE_RIICHI
    if context.ippatsu:
        return Basis.IPPATSU
    return Basis.HOUTEI if context.houtei else Basis.IN_RIICHI


@dataclass(frozen=True)
class RonChances:
    """The discards a seat can still ron: the next one's context first, then each different
    context of the later ones once (a handful), without the ura dora."""

    contexts: tuple[WinContext, ...]
    rules: Rules


def ron_chances(view: SeatView) -> RonChances:
    """The rons left to `view.seat` as its view tells them (while building too: then every
    discard is to come)."""
    return RonChances((view.next_ron_context(), *dict.fromkeys(view.later_ron_contexts())), view.rules)


def riichi_chances(rules: Rules, seat_wind: int, dora_indicator: int | None) -> RonChances:
    """The rons of a seat in riichi where no table tells them (a wall studied alone): a plain
    one, one with ippatsu, and one on a final discard where the seat can ron one."""
    table = TableContext(rules, seat_wind, dora_indicator)
    plain = table.win_context
    final = (replace(plain, houtei=True),) if table.houtei_possible else ()
    return RonChances((plain, replace(plain, ippatsu=True), *final), rules)


@dataclass(frozen=True)
class WaitChance:
    """One wait's chances among the discards left."""

    next_ron: RonAssessment
    """A ron on it on the next discard the seat can ron (its value is the one shown)."""
    now: bool
    """That ron is allowed (the floor cleared, a yaku)."""
    later: bool
    """A ron on a later discard is allowed."""
    luck: tuple[str, ...]
    """Every discard that allows a ron on it allows it only with these yaku of its own
    ("houtei", "ippatsu", or "renhou" alone); empty when one allows it without them, or none allows it."""

    @property
    def wins(self) -> bool:
        return self.now or self.later

    @property
    def chance(self) -> Chance:
        if not self.wins:
            return Chance.NEVER
        if self.luck:
            return ONLY[self.luck]
        return Chance.NOW if self.now else Chance.LATER


def wait_chances(hand: Sequence[int], tiles: Sequence[int], chances: RonChances) -> tuple[WaitChance, ...]:
    """The chances of a ron on each of `tiles` (the winning tile of each wait, as its value is
    shown) for the 13-tile `hand`."""
    if not tiles:
        return ()
    contexts, rules = chances.contexts, chances.rules
    judged = [assess_rons(hand, tiles, context, rules) for context in contexts]
    # The same discards without their ippatsu, houtei and renhou: whether a ron needs them.
    bare = {context: assess_rons(hand, tiles, replace(context, ippatsu=False, houtei=False, renhou=False), rules)
            for context in contexts if context.ippatsu or context.houtei or _renhou_counts(context, rules)}
    waits = []
    for index in range(len(tiles)):
        allowed = [context for context, rons in zip(contexts, judged, strict=True) if _allowed(rons[index])]
        lucky = [context for context in allowed if context in bare and not _allowed(bare[context][index])]
        luck = _luck(lucky) if allowed and len(lucky) == len(allowed) else ()
        waits.append(WaitChance(judged[0][index], _allowed(judged[0][index]),
                                any(_allowed(rons[index]) for rons in judged[1:]), luck))
    return tuple(waits)


class Judged(Protocol):
    """A wait as judged here, whoever shows it."""

    @property
    def wins(self) -> bool: ...

    @property
    def luck(self) -> tuple[str, ...]: ...


def hand_luck(waits: Iterable[Judged]) -> tuple[str, ...]:
    """The situational yaku without which none of `waits` (a hand's live ones) wins, when
    each that wins needs one; empty when one wins without, or none wins at all."""
    winning = [wait for wait in waits if wait.wins]
    if not winning or any(not wait.luck for wait in winning):
        return ()
    return _named({name for wait in winning for name in wait.luck})


def _luck(lucky: Sequence[WinContext]) -> tuple[str, ...]:
    """The situational yaku of the discards whose ron needs them."""
    return _named({name for name in LUCK for context in lucky if getattr(context, name)})


def _named(names: set[str]) -> tuple[str, ...]:
    """`names` in `LUCK`'s order, renhou only alone."""
    if len(names) > 1:
        names = names - {"renhou"}
    return tuple(name for name in LUCK if name in names)


def _renhou_counts(context: WinContext, rules: Rules) -> bool:
    """A ron in `context` is a renhou, and renhou is a yaku at this table."""
    return context.renhou and rules.renhou != "none"


def _allowed(assessment: RonAssessment) -> bool:
    return assessment.clears_floor and assessment.value is not None
