"""Planning the walk through the pool: which kinds to hold back, and what to discard now.

Everyone is in riichi from their first discard, so once every opponent has discarded, a
kind that has been discarded and let pass is safe for good against all of them: the risk
of a kind is taken once, however many copies the pool holds. Only 4 of the 21 pool tiles are
never discarded, and holding back part of a kind saves nothing (its other copies must
still be discarded). So the plan holds back the whole kinds that carry the most danger
within the slots left, and discards the least dangerous of the rest first: it waits as
long as possible for the opponents' discards to show which kinds are safe.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.ai.danger import total_danger
from game.ai.knowledge import Knowledge
from game.engine.actions import Discard
from game.engine.kyoku import DISCARDS_PER_SEAT, SeatView
from game.engine.tiles import code_kind, kind_of

DangerFunction = Callable[[int, int, Knowledge], float]


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
                    per_opponent: DangerFunction) -> Discard:
    """The discard the plan makes now: the least dangerous tile outside the held-back
    kinds (a plain five before a red one), or the least dangerous of all when only
    held-back kinds are left."""
    options = list(options)
    copies = Counter(kind_of(tile) for tile in view.pool)
    danger = {kind: total_danger(kind, knowledge, per_opponent) for kind in copies}
    discards_left = DISCARDS_PER_SEAT - len(view.rivers[view.seat])
    keep = held_back(copies, danger, max(0, len(view.pool) - discards_left))
    candidates = [action for action in options if code_kind(action.tile) not in keep] or options

    def key(action: Discard) -> tuple[float, bool, int]:
        kind = code_kind(action.tile)
        return danger[kind], action.tile.startswith("0"), kind

    return min(candidates, key=key)


LOOKAHEAD_SAMPLES = 64
"""Futures drawn per discard by `lookahead_discard` (the same futures for every candidate,
so that candidates are compared on common draws)."""
OWN_WIN_CAUTION = 0.75
"""The share of live copies of its own waits a careful opponent still discards (as
building.py's win chance counts it)."""


@dataclass(frozen=True)
class KindOutlook:
    """One kind of the pool as the walk sees it: its danger now and what may become of it.

    Its danger changes only through what the other seats discard: one of them discarding a
    copy shows it safe for good (all are in riichi), and that happens only when the kind is
    no wait (a seat does not discard its own wait, and another's would end the hand). So
    with chance `revealed` it turns safe, and otherwise its danger rises to `danger /
    (1 - revealed)`: on average it stays what it is now."""

    kind: int
    copies: int
    danger: float
    revealed: float

    def drawn(self, draw: float) -> float:
        """Its danger at the end of the walk for a uniform `draw` in [0, 1)."""
        if self.revealed <= 0.0:
            return self.danger
        return 0.0 if draw < self.revealed else self.danger / (1.0 - self.revealed)


def kind_outlooks(copies: Mapping[int, int], danger: Mapping[int, float], shown_share: float,
                  unseen: Sequence[int]) -> list[KindOutlook]:
    """Each kind's outlook when each tile this seat cannot see is discarded by another seat
    before the walk ends with chance `shown_share` (only kinds with danger in (0, 1) may
    turn: an own wait's penalty stays)."""
    outlooks = []
    for kind in sorted(copies):
        shown = 1.0 - (1.0 - shown_share) ** unseen[kind]
        revealed = (1.0 - danger[kind]) * shown if 0.0 < danger[kind] < 1.0 else 0.0
        outlooks.append(KindOutlook(kind, copies[kind], danger[kind], revealed))
    return outlooks


def walk_costs(outlooks: Sequence[KindOutlook], slots: int, later: float, draws: Sequence[Sequence[float]]
               ) -> dict[int, float]:
    """Per kind, the expected danger of the walk when a copy of it is discarded now: its
    danger now, plus `later` times the danger of the kinds left to discard once the rest is
    known (each future in `draws` gives each kind's draw; then the most danger that fits in
    `slots` is held back, whole kinds). `later` < 1 is the chance the hand is still on when
    those go: a later discard may never be made. The danger left is counted at its
    expectation (the danger now: what may become of a kind averages to it), and only what
    is held back at the draws, so that the draws' noise touches nothing else."""
    count = len(outlooks)
    totals = [0.0] * count
    for draw in draws:
        final = [outlook.drawn(u) for outlook, u in zip(outlooks, draw, strict=True)]
        before = [[0.0] * (slots + 1)]
        for outlook, value in zip(outlooks, final, strict=True):
            before.append(_with_kind(before[-1], outlook.copies, value))
        after = [[0.0] * (slots + 1)]
        for outlook, value in zip(reversed(outlooks), reversed(final), strict=True):
            after.append(_with_kind(after[-1], outlook.copies, value))
        after.reverse()
        for i in range(count):
            totals[i] += max(before[i][used] + after[i + 1][slots - used] for used in range(slots + 1))
    whole = sum(outlook.danger for outlook in outlooks)
    return {outlook.kind: outlook.danger + later * (whole - outlook.danger - kept / len(draws))
            for outlook, kept in zip(outlooks, totals, strict=True)}


def _with_kind(best: list[float], copies: int, value: float) -> list[float]:
    """A 0/1 knapsack row (the most value held in at most each number of tiles) with one
    more whole kind to choose from."""
    row = list(best)
    for used in range(len(row) - 1, copies - 1, -1):
        row[used] = max(row[used], best[used - copies] + value)
    return row


def lookahead_discard(view: SeatView, options: Iterable[Discard], knowledge: Knowledge,
                      per_opponent: DangerFunction) -> Discard:
    """The discard that leaves the walk the least expected danger, looking ahead to what
    the other seats' discards will show: a kind that cannot be shown safe (no copy left
    for anyone to discard) gains nothing by waiting and goes before one of equal danger
    that may turn safe or turn out dangerous enough to hold back. Ties (within float
    rounding) go to the least dangerous now, a plain five before a red one."""
    options = list(options)
    copies = Counter(kind_of(tile) for tile in view.pool)
    danger = {kind: total_danger(kind, knowledge, per_opponent) for kind in copies}
    discards_left = DISCARDS_PER_SEAT - len(view.rivers[view.seat])
    slots = max(0, len(view.pool) - discards_left)
    to_come = sum(max(0, DISCARDS_PER_SEAT - len(knowledge.discarded_by[o])) for o in knowledge.opponents)
    shown_share = min(1.0, to_come / max(1, sum(knowledge.unseen)))
    outlooks = kind_outlooks(copies, danger, shown_share, knowledge.unseen)
    rng = random.Random(f"{view.seat}:{len(view.rivers[view.seat])}:{sorted(copies.items())}")
    draws = [[rng.random() for _ in outlooks] for _ in range(LOOKAHEAD_SAMPLES)]
    costs = walk_costs(outlooks, slots, _hand_goes_on(knowledge, shown_share), draws)

    def key(action: Discard) -> tuple[float, float, bool, int]:
        kind = code_kind(action.tile)
        return round(costs[kind], 9), danger[kind], action.tile.startswith("0"), kind

    return min(options, key=key)


def _hand_goes_on(knowledge: Knowledge, shown_share: float) -> float:
    """The chance the hand is still on when a discard put off goes: this seat wins on the
    other seats' discards before the end with chance `win`, on average half-way."""
    if knowledge.furiten_for_good:
        return 1.0
    live = sum(knowledge.unseen[kind] for kind in knowledge.own_waits)
    win = OWN_WIN_CAUTION * (1.0 - (1.0 - shown_share) ** live)
    return 1.0 - win / 2
