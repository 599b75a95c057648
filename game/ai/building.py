"""Choosing the 13-tile hand: expected value over the analyser's candidate hands.

A hand is worth what its mangan waits are likely to bring in, less what the 21 tiles it
leaves behind are likely to cost:

- each live copy of a clearing wait lies in an opponent's 34 tiles with chance 34/U
  (U: the tiles this seat cannot see), sits in its pool with chance 21/34, and is among
  the 17 of 21 pool tiles ever discarded with chance 17/21 — less the care a decent
  opponent takes (DISCARD_CAUTION);
- a live copy of a wait below mangan may come first and make the hand furiten;
- own waits left in the pool beyond the 4 that are never discarded force a furiten
  discard late in the hand;
- the pool must be walked: its 17 safest tiles are discarded, each with its prior
  chance of being an opponent's winning tile.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.ai.danger import prior
from game.engine.analysis import BoundedWall, CandidateHand, PendingHand, WallAnalyser
from game.engine.kyoku import DISCARDS_PER_SEAT, POOL_SIZE, SeatView
from game.engine.rules import Rules
from game.engine.tiles import (
    EAST,
    KIND_COUNT,
    TILE_COUNT,
    WIND_NAMES,
    kind_of,
)

DISCARD_CAUTION = 0.75
HELD_BACK = POOL_SIZE - DISCARDS_PER_SEAT
"""The tiles of a seat's pool it never discards (4)."""
MEAN_PRIOR = sum(prior(kind) for kind in range(KIND_COUNT)) / KIND_COUNT
AVERAGE_LOSS = 1.3
"""Mangan units an average deal-in costs (mangan, sometimes more)."""
ROUNDING_MARGIN = 1e-9
"""Added to a bound on the expected value, so that float rounding in the value (an
average of multipliers, a product of chances) never puts it above its bound."""


@dataclass(frozen=True)
class BuildStyle:
    """How a level weighs the pool's danger against the hand's chances."""

    risk_weight: float
    reads_caution: bool = False
    """Whether a wait's chance of being discarded depends on how safe it looks (see
    `discard_share`) rather than one caution factor for every tile."""


def seat_wall(view: SeatView) -> BoundedWall:
    """The seat's tenpai hands with their bounds, unscored (cached: the builder, the
    arena's checks and the second play of a duplicate deal ask alike)."""
    return _bounded(*_seat(view))


def _seat(view: SeatView) -> tuple[tuple[int, ...], int, int | None, Rules]:
    """The wall, seat wind, dora indicator and rules the analyser takes."""
    assert view.wall is not None
    return tuple(view.wall), EAST + WIND_NAMES.index(view.seat_winds[view.seat]), view.dora_indicator, view.rules


@lru_cache(maxsize=4)
def _bounded(wall: tuple[int, ...], wind: int, indicator: int | None, rules: Rules) -> BoundedWall:
    return WallAnalyser(wall, wind, indicator, rules).bounded()


def clears_somewhere(hand: CandidateHand) -> bool:
    return any(wait.clears_floor for wait in hand.waits)


def hand_clears_floor(view: SeatView, tiles: tuple[int, ...]) -> bool:
    """Whether a 13-tile hand of the seat's wall has a wait that clears the floor."""
    wall, wind, indicator, rules = _seat(view)
    hand = WallAnalyser(wall, wind, indicator, rules).analyze_selection(tiles).hand
    return hand is not None and clears_somewhere(hand)


def wall_clears_floor(view: SeatView) -> bool:
    """Whether some tenpai hand of the seat's wall has a wait that clears the floor."""
    for may_clear, hand in seat_wall(view).best_first(lambda pending: True in pending.may_clear):
        if not may_clear:
            return False
        if clears_somewhere(hand):
            return True
    return False


def discard_share(kind: int) -> float:
    """The share of the time a careful opponent holding a tile of `kind` in its pool lets it
    go: it keeps its 4 most dangerous-looking pool tiles to the end, and tiles look
    dangerous by the measured wait prior, so an honour goes about 95% of the time, a
    terminal 84%, a five 71%."""
    return 1.0 - HELD_BACK / POOL_SIZE * prior(kind) / MEAN_PRIOR


def win_chance(hand: CandidateHand, opponents: int, unseen: int, reads_caution: bool = False) -> float:
    """The chance that a clearing wait is discarded before the hand goes furiten."""
    clearing = [(w.kind, w.live) for w in hand.waits if w.clears_floor]
    return win_chance_of(clearing, hand.live_passing_copies, hand.forced_wait_discards, opponents, unseen,
                       discard_share if reads_caution else None)


def win_chance_of(clearing_waits: list[tuple[int, int]], passing: int, forced: int, opponents: int, unseen: int,
                share: Callable[[int], float] | None) -> float:
    """`win_chance` from the (kind, live copies) of the clearing waits, the live copies of
    the others and the forced own-wait discards; `share` gives each kind's chance of being
    let go by a careful opponent (None: one caution factor for every kind). It grows with
    every clearing wait added and shrinks with passing copies, so the waits that may clear
    bound it."""
    clearing = sum(live for _, live in clearing_waits)
    if not clearing:
        return 0.0
    reach = opponents * DISCARDS_PER_SEAT / unseen
    if share is not None:
        missed = math.prod((1.0 - min(0.9, reach * share(kind))) ** live for kind, live in clearing_waits)
    else:
        missed = (1.0 - min(0.9, reach * DISCARD_CAUTION)) ** clearing
    chance = 1.0 - missed
    chance *= clearing / (clearing + passing)
    return chance * max(0.0, DISCARDS_PER_SEAT - forced) / DISCARDS_PER_SEAT


def average_value(hand: CandidateHand) -> float:
    live = [(w.live, w.multiplier) for w in hand.waits if w.clears_floor and w.live]
    total = sum(n for n, _ in live)
    return sum(n * m for n, m in live) / total if total else 0.0


def pool_risk(wall: tuple[int, ...], hand: CandidateHand, opponents: int) -> float:
    """The chance of dealing in while discarding the pool's 17 safest tiles (prior only)."""
    kept = set(hand.tiles)
    return _risk([t for t in wall if t not in kept], opponents)


def _risk(tiles: list[int], opponents: int) -> float:
    """The chance of dealing in while discarding the 17 safest of `tiles` (a pool keeps its
    4 most dangerous). Over a wall's 21-tile pools it is least for the whole wall's tiles:
    a pool's k-th safest tile is never safer than the wall's."""
    dangers = sorted(min(1.0, prior(kind_of(t)) * opponents) for t in tiles)
    survive = math.prod(1.0 - d for d in dangers[:DISCARDS_PER_SEAT])
    return 1.0 - survive


def expected_value(view: SeatView, hand: CandidateHand, style: BuildStyle) -> float:
    assert view.wall is not None
    opponents, unseen = opponents_and_unseen(view)
    gain = win_chance(hand, opponents, unseen, style.reads_caution) * average_value(hand)
    return gain - style.risk_weight * pool_risk(view.wall, hand, opponents) * AVERAGE_LOSS


def opponents_and_unseen(view: SeatView) -> tuple[int, int]:
    assert view.wall is not None
    shown = view.dora_indicator is not None and view.rules.indicator_is_in_play
    return view.rules.players - 1, TILE_COUNT - len(view.wall) - int(shown)


def best_hand(view: SeatView, style: BuildStyle) -> tuple[int, ...] | None:
    """The hand with the highest expected value; hands that clear the floor before all
    others; on a tie the greatest text. Hands are scored in the order of a bound on their
    value (`value_bound`) until none left can beat the best scored: the same hand as
    scoring every one."""
    assert view.wall is not None
    wall = seat_wall(view)
    bound = value_bound(view, wall, style)
    best: tuple[bool, float, str] | None = None
    chosen: CandidateHand | None = None
    for most, hand in wall.best_first(bound):
        if best is not None and most < best[:2]:
            break
        value = (clears_somewhere(hand), expected_value(view, hand, style), hand.text)
        if best is None or value > best:
            best, chosen = value, hand
    return None if chosen is None else chosen.tiles


def value_bound(view: SeatView, wall: BoundedWall, style: BuildStyle) -> Callable[[PendingHand], tuple[bool, float]]:
    """For an unscored hand, at least (clears the floor somewhere, expected value) of the
    scored hand: the waits that may clear counted as clearing, each at its multiplier's
    bound (the average is at most the largest), and the pool's risk at its least."""
    assert view.wall is not None
    opponents, unseen = opponents_and_unseen(view)
    least_loss = style.risk_weight * _risk(list(view.wall), opponents) * AVERAGE_LOSS
    live = wall.live
    share = discard_share if style.reads_caution else None

    def bound(hand: PendingHand) -> tuple[bool, float]:
        if True not in hand.may_clear:
            return False, ROUNDING_MARGIN - least_loss
        clearing, passing, best = split_waits(hand, live)
        forced = max(0, hand.pool_wait_copies - HELD_BACK)
        chance = win_chance_of(clearing, passing, forced, opponents, unseen, share)
        gain = chance * best if chance else 0.0
        return True, gain - least_loss + ROUNDING_MARGIN

    return bound


def random_mangan_hand(view: SeatView, rng: random.Random) -> tuple[int, ...] | None:
    """A hand drawn uniformly from those with a live wait that clears the floor, else
    from those with any wait that does, else the best-ranked hand. Drawn among the hands
    whose bound allows it, and drawn again without one that, scored, does not qualify:
    each qualifying hand stays equally likely, and few are scored."""
    wall = seat_wall(view)
    live = wall.live
    scored: dict[int, CandidateHand] = {}

    def live_clearing(hand: CandidateHand) -> bool:
        return any(w.clears_floor and w.live for w in hand.waits)

    tests: tuple[tuple[Callable[[PendingHand], bool], Callable[[CandidateHand], bool]], ...] = (
        (lambda p: any(c and live[k] for k, c in zip(p.waits, p.may_clear, strict=True)), live_clearing),
        (lambda p: True in p.may_clear, clears_somewhere),
    )
    for may, qualifies in tests:
        drawn = [index for index, pending in enumerate(wall.hands) if may(pending)]
        while drawn:
            index = drawn.pop(rng.randrange(len(drawn)))
            if index not in scored:
                scored[index] = wall.score(wall.hands[index])
            if qualifies(scored[index]):
                return scored[index].tiles
    ranked = WallAnalyser(*_seat(view)).best_hands(1).hands
    return ranked[0].tiles if ranked else None


def split_waits(hand: PendingHand, live: Sequence[int]) -> tuple[list[tuple[int, int]], int, float]:
    """A pending hand's waits for a bound: those that may clear the floor with their live
    copies, the live copies of those that cannot, and the best multiplier bound of a live one."""
    clearing, passing, best = [], 0, 0.0
    for kind, may_clear, multiplier in zip(hand.waits, hand.may_clear, hand.multiplier_bounds, strict=True):
        if may_clear:
            clearing.append((kind, live[kind]))
            if live[kind]:
                best = max(best, multiplier)
        else:
            passing += live[kind]
    return clearing, passing, best
