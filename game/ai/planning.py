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

One tile turns dangerous later: the seat's last discard is a final discard, on which an
opponent may ron a wait that reaches the floor only with houtei. Given that danger
(`at_final`), the plan keeps for its last discard the tile that a final discard makes the
least more dangerous, and throws a tile that turns dangerous then before it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from game.ai.danger import total_danger
from game.ai.knowledge import Knowledge
from game.ai.throws import pool_class
from game.engine.actions import Discard
from game.engine.analysis import last_to_discard
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


def last_discard_is_final(view: SeatView) -> bool:
    """Whether the seat's last discard is one an opponent may ron as houtei: every seat's
    17th by the default rule, only the hand's very last (the last seat's) by the other."""
    if view.rules.houtei == "each_final_discard":
        return True
    return view.seat_wind_kind(view.seat) == last_to_discard(view.rules.players)


def planned_discard(view: SeatView, options: Iterable[Discard], knowledge: Knowledge,
                    per_opponent: DangerFunction, safe_where: DangerFunction | None = None,
                    at_final: DangerFunction | None = None) -> Discard:
    """The discard the plan makes now: the least dangerous tile outside the held-back
    kinds (a plain five before a red one), or the least dangerous of all when only
    held-back kinds are left.

    `safe_where`, a cheaper danger that is 0 exactly where `per_opponent` is: a tile safe
    by it against every opponent, and no own wait, is then discarded without asking
    `per_opponent` (a safe kind is never held back, and nothing is less dangerous), but
    for a lone safe tile two discards from the end, which may be the one to keep for last.

    `at_final`, the danger of a kind thrown as a final discard (houtei), at least
    `per_opponent` and 0 where it is: the last discard is then planned by it (see the
    module's docstring)."""
    options = list(options)
    discards_left = DISCARDS_PER_SEAT - len(view.rivers[view.seat])
    final = at_final if at_final is not None and last_discard_is_final(view) else None
    if safe_where is not None:
        safe = [action for action in options if total_danger(code_kind(action.tile), knowledge, safe_where) == 0.0]
        safe_kinds = {code_kind(action.tile) for action in safe}
        # with two discards left, a lone safe tile is the one to keep for the last when
        # the other turns dangerous then; earlier, only were every other tile to do so
        lone = sum(1 for tile in view.pool if kind_of(tile) in safe_kinds) == 1
        if safe and (final is None or discards_left != 2 or not lone):
            return min(safe, key=lambda action: (action.tile.startswith("0"), code_kind(action.tile)))
    copies = Counter(kind_of(tile) for tile in view.pool)
    now = final if final is not None and discards_left == 1 else per_opponent
    danger = {kind: total_danger(kind, knowledge, now) for kind in copies}
    keep = held_back(copies, danger, max(0, len(view.pool) - discards_left))
    candidates = [action for action in options if code_kind(action.tile) not in keep] or options
    if final is not None and discards_left > 1:
        candidates = _before_the_last(candidates, copies, danger, knowledge, final)

    def key(action: Discard) -> tuple[float, bool, int]:
        kind = code_kind(action.tile)
        return danger[kind], action.tile.startswith("0"), kind

    return min(candidates, key=key)


def _before_the_last(candidates: list[Discard], copies: Mapping[int, int], danger: Mapping[int, float],
                     knowledge: Knowledge, final: DangerFunction) -> list[Discard]:
    """The candidates but the tile kept for the last discard: the one a final discard
    makes the least more dangerous (of those alike, the most dangerous now, which the
    safer-first order would throw last anyway). The candidates are what the plan throws
    from now on, and only the last of them meets the final discard's danger. A kind of
    several copies turns dangerous for none of them: the copy thrown first, let pass,
    makes the others safe, so none of it needs keeping back."""
    kinds = {code_kind(action.tile) for action in candidates}
    extra = {kind: 0.0 if copies[kind] > 1 else total_danger(kind, knowledge, final) - danger[kind] for kind in kinds}
    last = min(kinds, key=lambda kind: (extra[kind], -danger[kind], -kind))
    if copies[last] > 1:
        return candidates
    return [action for action in candidates if code_kind(action.tile) != last] or candidates
