"""The hard level's build: the 13 tiles chosen for the hand to come, not for the hand alone.

A hand is worth what the walk through the discards will bring: the chance that an
opponent throws one of its clearing waits, times their value, against the chance that
it deals in while throwing 17 of its 21 leftovers:

- **the waits**: each live copy of a wait lies in an opponent's wall and is thrown by it
  as often as a tile of its class is: an opponent's build leaves honours and terminals in
  its pool and takes middle tiles and the dora into its hand, and its caution lets
  honours go and keeps the dora and the fives back; at a table of two a number tile goes
  more readily the more tiles of its suit the leftovers this hand walks hold (the
  opponent reads a suit thrown a lot as safe) (`game/ai/throws.py`, all measured);
- **the leftovers**: each kind of the pool is an opponent's winning tile with the
  reading's chance before any discard, from what this seat sees (the dora, and the
  copies its own wall takes from the shapes that could wait there); the walk keeps back
  the kinds carrying the most danger within the 4 tiles never discarded, as the plan
  does, and meets each other kind once (a kind discarded and let pass is safe for good);
- **the race**: winning and dealing in both end the hand, so each counts only when it
  comes first; when both would happen, each is taken to come first half the time.

The deal-in chance is charged below its face value (`DEAL_IN_SCALE`). The hand chosen is
the best by this value over every tenpai hand of the wall, found best-first on the
analyser's bounds, as `building.best_hand` finds it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.ai.building import (
    AVERAGE_LOSS,
    HELD_BACK,
    ROUNDING_MARGIN,
    average_value,
    clears_somewhere,
    opponents_and_unseen,
    seat_wall,
    split_waits,
    win_chance_of,
)
from game.ai.danger import OWN_WAIT_PENALTY
from game.ai.knowledge import Knowledge
from game.ai.planning import held_back
from game.ai.reading import read_danger
from game.ai.throws import suit_factor, thrown_factors
from game.engine.analysis import CandidateHand, PendingHand
from game.engine.kyoku import DISCARDS_PER_SEAT, SeatView
from game.engine.tiles import KIND_COUNT, counts34, kind_of

DEAL_IN_SCALE = 0.45
"""The weight of the walk's deal-in chance, read before any discard. Taken at face value
(with the race) a unit of it would cost about 1.4 units, three times what the hard_v1
build charges for its cruder pool risk (0.39); doubling that charge lost 0.05 units a
hand there (docs/ai.md, "Tried and not kept"), because an estimate that ranks pools
only roughly must be charged less than its face value. This scale charges about 0.6.
Measured against 0.2, 0.3, 0.6, 0.8 and 1.0 (tools/measure_build_scale.py): none won on
held-out deals (docs/ai.md, "Tried and not kept")."""
MOST_DANGER = 0.999
"""A kind's danger is kept below certainty, so that its logarithm stays finite."""


def leftover_danger(knowledge: Knowledge) -> tuple[float, ...]:
    """Per kind, the chance that a tile of it deals in to some opponent when met first in
    the walk: the reading before any discard, from what this seat sees, over every
    opponent."""
    return tuple(
        min(MOST_DANGER, 1.0 - math.prod(1.0 - read_danger(kind, o, knowledge) for o in knowledge.opponents))
        for kind in range(KIND_COUNT)
    )


def walk_risk(pool: Mapping[int, int], danger: tuple[float, ...], own_waits: frozenset[int] = frozenset()) -> float:
    """The chance of dealing in while walking a pool (kind -> copies): the kinds carrying the
    most danger within the 4 tiles never discarded are kept (an own wait before any), and
    every other kind is met once."""
    slots = max(0, sum(pool.values()) - DISCARDS_PER_SEAT)
    weight = {kind: danger[kind] + (OWN_WAIT_PENALTY if kind in own_waits else 0.0) for kind in pool}
    kept = held_back(pool, weight, slots)
    return 1.0 - math.prod(1.0 - danger[kind] for kind in pool if kind not in kept and pool[kind])


def least_walk_risk(wall: Mapping[int, int], danger: tuple[float, ...]) -> float:
    """The least `walk_risk` of any pool of the wall (kind -> copies): at least 17 tiles
    are discarded, so it is the least risk of any set of the wall's kinds holding 17 tiles
    (a knapsack over kinds, each costing -log(1 - danger))."""
    least: dict[int, float] = {0: 0.0}
    for kind, copies in wall.items():
        cost = -math.log(1.0 - danger[kind])
        for held, spent in list(least.items()):
            total = min(DISCARDS_PER_SEAT, held + copies)
            if spent + cost < least.get(total, math.inf):
                least[total] = spent + cost
    return 1.0 - math.exp(-least.get(DISCARDS_PER_SEAT, 0.0)) if DISCARDS_PER_SEAT in least else 0.0


def race_value(win: float, deal_in: float, value: float, loss: float = AVERAGE_LOSS) -> float:
    """Mangan units expected from a hand that wins with chance `win` (worth `value`) and
    deals in with chance `deal_in` (costing `loss`), each ending the hand: when both would
    happen, either comes first half the time. It grows with `win` and `value` and falls
    with `deal_in`, so bounds on them bound it."""
    return win * (1.0 - deal_in / 2) * value - deal_in * (1.0 - win / 2) * loss


@dataclass(frozen=True)
class Outlook:
    """What a seat sees at the build, to value its hands by the hand to come."""

    opponents: int
    unseen: int
    shares: tuple[float, ...]
    """Per kind, how readily an opponent throws a copy it holds (`throws.thrown_factors`)."""
    danger: tuple[float, ...]
    """Per kind, `leftover_danger`."""
    wall: Counter[int]
    """The seat's wall, kind -> copies."""
    live: tuple[int, ...]
    """Per kind, the copies the seat cannot see."""
    deal_in_scale: float = DEAL_IN_SCALE
    """The weight of the walk's deal-in chance (another only to measure one against it)."""

    @classmethod
    def of(cls, view: SeatView, deal_in_scale: float = DEAL_IN_SCALE) -> Outlook:
        assert view.wall is not None
        opponents, unseen = opponents_and_unseen(view)
        knowledge = Knowledge.of(view)
        shares = thrown_factors(knowledge.dora, view.rules.floor_applies)
        return cls(opponents, unseen, shares, leftover_danger(knowledge),
                   Counter(kind_of(tile) for tile in view.wall), seat_wall(view).live, deal_in_scale)

    def win(self, clearing: list[tuple[int, int]], passing: int, forced: int, pool: Sequence[int]) -> float:
        """`building.win_chance_of`, each wait's copies thrown as an opponent's build leaves
        them in its pool and its caution lets them go (`throws.thrown_factors`), and, against
        one opponent, as the tiles of their suit in the `pool` (copies per kind) this hand
        walks make them look (`throws.suit_factor`)."""
        if self.opponents == 1:
            def share(kind: int) -> float:
                return self.shares[kind] * suit_factor(kind, pool)
        else:
            share = self.shares.__getitem__
        return min(1.0, win_chance_of(clearing, passing, forced, self.opponents, self.unseen, share))

    def pool(self, hand_counts: Sequence[int]) -> list[int]:
        """Per kind, the copies of the wall a hand of these kind counts leaves in the pool."""
        return [self.wall[kind] - hand_counts[kind] for kind in range(KIND_COUNT)]

    def deal_in(self, hand: CandidateHand) -> float:
        """The weighted chance of dealing in while walking the pool the hand leaves."""
        pool = self.wall - Counter(kind_of(tile) for tile in hand.tiles)
        waits = frozenset(w.kind for w in hand.waits)
        return min(1.0, self.deal_in_scale * walk_risk(pool, self.danger, waits))

    def value(self, hand: CandidateHand) -> float:
        """The hand's `race_value`."""
        clearing = [(w.kind, w.live) for w in hand.waits if w.clears_floor]
        win = self.win(clearing, hand.live_passing_copies, hand.forced_wait_discards,
                       self.pool(counts34(hand.tiles)))
        return race_value(win, self.deal_in(hand), average_value(hand))

    def bound(self) -> Callable[[PendingHand], tuple[bool, float]]:
        """For an unscored hand, at least (clears the floor somewhere, `value`) of the
        scored hand: the waits that may clear counted as clearing at their multiplier's
        bound, the deal-in chance at the least any pool of the wall has."""
        least_deal_in = min(1.0, self.deal_in_scale * least_walk_risk(self.wall, self.danger))
        live = self.live

        def bound(hand: PendingHand) -> tuple[bool, float]:
            if True not in hand.may_clear:
                return False, race_value(0.0, least_deal_in, 0.0) + ROUNDING_MARGIN
            clearing, passing, best = split_waits(hand, live)
            win = self.win(clearing, passing, max(0, hand.pool_wait_copies - HELD_BACK), self.pool(hand.counts))
            return True, race_value(win, least_deal_in, best) + ROUNDING_MARGIN

        return bound


def best_hand_to_come(view: SeatView, deal_in_scale: float = DEAL_IN_SCALE) -> tuple[int, ...] | None:
    """The hand of the best `Outlook.value`; hands that clear the floor before all others;
    on a tie the greatest text. Scored best-first on `Outlook.bound`: the same hand as
    scoring every one."""
    outlook = Outlook.of(view, deal_in_scale)
    best: tuple[bool, float, str] | None = None
    chosen: CandidateHand | None = None
    for most, hand in seat_wall(view).best_first(outlook.bound()):
        if best is not None and most < best[:2]:
            break
        value = (clears_somewhere(hand), outlook.value(hand), hand.text)
        if best is None or value > best:
            best, chosen = value, hand
    return None if chosen is None else chosen.tiles
