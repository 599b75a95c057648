"""Reading an opponent's discards: the measured chance that a tile is its winning tile.

A logistic model over what a seat can see, fitted by tools/fit_danger_model.py on
normal-level hands of the kaiji preset (the truth: does the opponent's hand win on the
kind and clear the floor). It knows more than the heuristic (game/ai/danger.py):

- the opponent's discards are tiles of its wall it chose not to use, so kinds next to
  them, and a suit it discards a lot of, are less likely to be waited on;
- shapes need copies: a two-sided wait on 3 needs unseen 4s and 5s or 1s and 2s (kabe);
- the mangan floor makes hands gather around the dora;
- the later the hand, the likelier an unsafe kind is a wait (safe kinds drop out).

The answer is a probability, 0 for a kind known to be safe.
"""

from __future__ import annotations

import math

from game.ai.knowledge import Knowledge
from game.engine.hand import DISCARDS_PER_SEAT

COEFFICIENTS = {
    "c0": -3.865, "c1": -3.822, "c2": -4.077, "c3": -4.357, "c4": -4.073,
    "wind": -4.075, "dragon": -3.671, "honour_copies": 0.796,
    "suji": -1.236, "ryan": 1.108, "kan": 0.384, "pair": 0.125,
    "near1": -0.110, "near2": -0.612, "suit_share": -1.437, "progress": 1.286,
    "is_dora": 1.260, "near_dora1": 0.241, "near_dora2": 0.125,
}
"""Fitted by tools/fit_danger_model.py (1200 deals); see docs/ai.md for its measured ranking."""


def read_danger(kind: int, opponent: int, knowledge: Knowledge) -> float:
    """The chance that `kind` wins for `opponent`, by the fitted model (0 when safe)."""
    if kind in knowledge.safe[opponent]:
        return 0.0
    score = sum(COEFFICIENTS[name] * value for name, value in features(kind, opponent, knowledge).items())
    return 1.0 / (1.0 + math.exp(-score))


def features(kind: int, opponent: int, knowledge: Knowledge) -> dict[str, float]:
    """The model's inputs for `kind` against `opponent`; absent features count as 0."""
    discards = knowledge.discarded_by[opponent]
    found = {"progress": len(discards) / DISCARDS_PER_SEAT}
    if discards:
        found["suit_share"] = sum(1 for d in discards if _suit(d) == _suit(kind)) / len(discards)
    found.update(_dora_features(kind, knowledge.dora))
    if kind >= 27:
        found["wind" if kind < 31 else "dragon"] = 1.0
        found["honour_copies"] = knowledge.unseen[kind] / 3
        return found
    number = kind % 9
    found[f"c{min(number, 8 - number)}"] = 1.0
    found.update(_shape_features(kind, knowledge.unseen, knowledge.safe[opponent]))
    for distance in (1, 2):
        near = sum(1 for d in discards if _suit(d) == _suit(kind) and abs(d % 9 - number) == distance)
        found[f"near{distance}"] = min(near, 3) / 3
    return found


def _suit(kind: int) -> int:
    return kind // 9 if kind < 27 else 3


def _dora_features(kind: int, dora: int | None) -> dict[str, float]:
    if dora is None:
        return {}
    if kind == dora:
        return {"is_dora": 1.0}
    distance = abs(dora % 9 - kind % 9)
    if kind < 27 and _suit(dora) == _suit(kind) and distance <= 2:
        return {f"near_dora{distance}": 1.0}
    return {}


def _shape_features(kind: int, unseen: tuple[int, ...], safe: frozenset[int]) -> dict[str, float]:
    """Suji protection, and how many unseen copies the waiting shapes could use."""
    base, number = kind - kind % 9, kind % 9

    def copies(n: int) -> int:
        return unseen[base + n] if 0 <= n <= 8 else 0

    paths = protected = 0
    two_sided = closed = 0.0
    for low, high, partner in ((number + 1, number + 2, number + 3), (number - 2, number - 1, number - 3)):
        if low < 0 or high > 8:
            continue
        available = min(copies(low), copies(high)) / 4
        if (low, high) in ((0, 1), (7, 8)):
            closed += available
            continue
        two_sided += available
        paths += 1
        protected += 0 <= partner <= 8 and base + partner in safe
    if 0 < number < 8:
        closed += min(copies(number - 1), copies(number + 1)) / 4
    return {
        "suji": protected / paths if paths else 0.0,
        "ryan": two_sided,
        "kan": closed,
        "pair": unseen[kind] / 4,
    }
