"""Planning the walk through the pool: which kinds to hold back, and what to discard now.

Everyone is in riichi from their first discard, so once every opponent has discarded, a
kind that has been discarded and let pass is safe for good against all of them: the risk
of a kind is taken once, however many copies the pool holds. Only 4 of the 21 pool tiles are
never discarded, and holding back part of a kind saves nothing (its other copies must
still be discarded). So the plan holds back the whole kinds that carry the most danger
within the slots left, and discards the least dangerous of the rest first: it waits as
long as possible for the opponents' discards to show which kinds are safe. A danger may
be weighed by what a deal-in on the kind costs (`costed`): the plan then holds back the
most loss rather than the most chance of a ron.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from game.ai.danger import total_danger
from game.ai.knowledge import Knowledge
from game.ai.throws import pool_class
from game.engine.actions import Discard
from game.engine.kyoku import DISCARDS_PER_SEAT, SeatView
from game.engine.tiles import code_kind, kind_of

DangerFunction = Callable[[int, int, Knowledge], float]

DEAL_IN_COST: dict[str, float] = {
    "1/9": 1.022, "2/8": 0.825, "3/7": 0.893, "4/6": 0.803, "5/5": 0.712, "wind": 1.114, "dragon": 1.107,
}
"""What a ron on a kind of each class (`throws.pool_class`) costs its discarder, over the
mean ron, at a table of two: the hands that wait on honours and terminals are the dear ones
(yakuhai, chanta, honitsu, toitoi), a ron on a middle tile is mostly riichi, tanyao, pinfu
and dora. Measured by `python tools/measure_deal_in_cost.py --deals 600 --preset kaiji
--seed 9300` (889 rons of hard against hard_v1: a wind 1.90 units, a five 1.21)."""


def costed(per_opponent: DangerFunction) -> DangerFunction:
    """`per_opponent` weighed by what a deal-in on the kind costs (`DEAL_IN_COST`): the plan
    then holds back the kinds that carry the most loss, not the most chance of a ron."""
    def weighed(kind: int, opponent: int, knowledge: Knowledge) -> float:
        return per_opponent(kind, opponent, knowledge) * DEAL_IN_COST[pool_class(kind, None)]
    return weighed


def held_back(copies: Mapping[int, int], danger: Mapping[int, float], slots: int) -> frozenset[int]:
    """The kinds to keep to the end: whole kinds, at most `slots` tiles in all, carrying
    the most danger (a 0/1 knapsack over kinds; ties go to fewer tiles, then lower kinds)."""
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for kind in sorted(copies):
        if danger[kind] <= 0.0:
            continue
        for used, (value, kinds) in list(best.items()):
            total = used + copies[kind]
            if total <= slots and (total not in best or value + danger[kind] > best[total][0]):
                best[total] = (value + danger[kind], (*kinds, kind))
    _, (_, kinds) = max(best.items(), key=lambda item: (item[1][0], -item[0]))
    return frozenset(kinds)


def planned_discard(view: SeatView, options: Iterable[Discard], knowledge: Knowledge,
                    per_opponent: DangerFunction, safe_where: DangerFunction | None = None) -> Discard:
    """The discard the plan makes now: the least dangerous tile outside the held-back
    kinds (a plain five before a red one), or the least dangerous of all when only
    held-back kinds are left.

    `safe_where`, a cheaper danger that is 0 exactly where `per_opponent` is: a tile safe
    by it against every opponent, and no own wait, is then discarded without asking
    `per_opponent` (a safe kind is never held back, and nothing is less dangerous)."""
    options = list(options)
    if safe_where is not None:
        safe = [action for action in options if total_danger(code_kind(action.tile), knowledge, safe_where) == 0.0]
        if safe:
            return min(safe, key=lambda action: (action.tile.startswith("0"), code_kind(action.tile)))
    copies = Counter(kind_of(tile) for tile in view.pool)
    danger = {kind: total_danger(kind, knowledge, per_opponent) for kind in copies}
    discards_left = DISCARDS_PER_SEAT - len(view.rivers[view.seat])
    keep = held_back(copies, danger, max(0, len(view.pool) - discards_left))
    candidates = [action for action in options if code_kind(action.tile) not in keep] or options

    def key(action: Discard) -> tuple[float, bool, int]:
        kind = code_kind(action.tile)
        return danger[kind], action.tile.startswith("0"), kind

    return min(candidates, key=key)
