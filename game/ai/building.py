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
from dataclasses import dataclass
from functools import lru_cache

from game.ai.danger import prior
from game.engine.analysis import CandidateHand, analyze_hands, hands_by_promise
from game.engine.hand import SeatView
from game.engine.rules import Rules
from game.engine.tiles import (
    EAST,
    KIND_COUNT,
    TILE_COUNT,
    WIND_NAMES,
)

DISCARD_CAUTION = 0.75
DISCARDS = 17
HELD_BACK = 4
POOL = 21
MEAN_PRIOR = sum(prior(kind) for kind in range(KIND_COUNT)) / KIND_COUNT
SCORING_BUDGET = 1500
"""Waits scored per build decision before settling for the best mangan hand found."""
SCORING_CHUNK = 100
AVERAGE_LOSS = 1.3
"""Mangan units an average deal-in costs (mangan, sometimes more)."""


@dataclass(frozen=True)
class BuildStyle:
    """How a level weighs the pool's danger against the hand's chances."""

    risk_weight: float
    reads_caution: bool = False
    """Whether a wait's chance of being discarded depends on how safe it looks (see
    `discard_share`) rather than one caution factor for every tile."""


def analyse(view: SeatView, budget: int | None = SCORING_BUDGET) -> tuple[CandidateHand, ...]:
    """The seat's tenpai hands, scored in order of promise (`hands_by_promise`) until
    `budget` waits are scored — and beyond it until one hand reaches mangan, if any does.
    `budget=None` scores every hand. Cached: the builder and the arena ask alike."""
    assert view.wall is not None
    wind = EAST + WIND_NAMES.index(view.seat_winds[view.seat])
    return scored_hands(tuple(view.wall), wind, view.dora_indicator, view.rules, budget)


@lru_cache(maxsize=32)
def scored_hands(wall: tuple[int, ...], wind: int, indicator: int | None, rules: Rules,
                 budget: int | None, until_mangan: bool = True) -> tuple[CandidateHand, ...]:
    """A wall's tenpai hands scored in order of promise, best-ranked first (see `analyse`);
    without `until_mangan` the budget is a hard limit."""
    shapes = hands_by_promise(wall, wind, indicator, rules)
    scored: list[CandidateHand] = []
    spent = 0
    for start in range(0, len(shapes), SCORING_CHUNK):
        over = budget is not None and spent >= budget
        if over and (not until_mangan or any(clears_somewhere(h) for h in scored)):
            break
        chunk = shapes[start:start + SCORING_CHUNK]
        scored += analyze_hands(wall, chunk, wind, indicator, rules)
        spent += sum(len(shape.waits) for shape in chunk)
    return tuple(sorted(scored, key=lambda hand: hand.rank_key))


def clears_somewhere(hand: CandidateHand) -> bool:
    return any(wait.clears_floor for wait in hand.waits)


def discard_share(kind: int) -> float:
    """The share of the time a careful opponent holding a tile of `kind` in its pool lets it
    go: it keeps its 4 most dangerous-looking pool tiles to the end, and tiles look
    dangerous by the measured wait prior, so an honour goes about 95% of the time, a
    terminal 84%, a five 71%."""
    return 1.0 - HELD_BACK / POOL * prior(kind) / MEAN_PRIOR


def win_chance(hand: CandidateHand, opponents: int, unseen: int, reads_caution: bool = False) -> float:
    """The chance that a clearing wait is discarded before the hand goes furiten."""
    clearing, passing = hand.live_clearing_copies, hand.live_passing_copies
    if not clearing:
        return 0.0
    reach = opponents * DISCARDS / unseen
    if reads_caution:
        missed = math.prod((1.0 - min(0.9, reach * discard_share(w.kind))) ** w.live
                           for w in hand.waits if w.clears_floor)
    else:
        missed = (1.0 - min(0.9, reach * DISCARD_CAUTION)) ** clearing
    chance = 1.0 - missed
    chance *= clearing / (clearing + passing)
    forced = hand.forced_wait_discards
    return chance * max(0.0, DISCARDS - forced) / DISCARDS


def average_value(hand: CandidateHand) -> float:
    live = [(w.live, w.multiplier) for w in hand.waits if w.clears_floor and w.live]
    total = sum(n for n, _ in live)
    return sum(n * m for n, m in live) / total if total else 0.0


def pool_risk(wall: tuple[int, ...], hand: CandidateHand, opponents: int) -> float:
    """The chance of dealing in while discarding the pool's 17 safest tiles (prior only)."""
    kept = set(hand.tiles)
    dangers = sorted(min(1.0, prior(t // 4) * opponents) for t in wall if t not in kept)
    survive = math.prod(1.0 - d for d in dangers[: len(dangers) - HELD_BACK])
    return 1.0 - survive


def expected_value(view: SeatView, hand: CandidateHand, style: BuildStyle) -> float:
    assert view.wall is not None
    opponents = view.rules.players - 1
    shown = view.dora_indicator is not None and view.rules.indicator_is_in_play
    unseen = TILE_COUNT - len(view.wall) - int(shown)
    gain = win_chance(hand, opponents, unseen, style.reads_caution) * average_value(hand)
    return gain - style.risk_weight * pool_risk(view.wall, hand, opponents) * AVERAGE_LOSS


def best_hand(view: SeatView, style: BuildStyle) -> tuple[int, ...] | None:
    """The candidate with the highest expected value; mangan hands before all others."""
    hands = analyse(view)
    if not hands:
        return None
    clearing = [h for h in hands if clears_somewhere(h)] or list(hands)
    return max(clearing, key=lambda h: (expected_value(view, h, style), h.text)).tiles


def random_mangan_hand(view: SeatView, rng: random.Random) -> tuple[int, ...] | None:
    """Any hand that reaches mangan (a live wait if possible), else the best-ranked hand."""
    hands = analyse(view)
    if not hands:
        return None
    for pick in (lambda h: clears_somewhere(h) and h.live_clearing_copies > 0, clears_somewhere):
        chosen = [h for h in hands if pick(h)]
        if chosen:
            return rng.choice(chosen).tiles
    return hands[0].tiles
