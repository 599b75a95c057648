"""Reading an opponent's discards: the measured chance that a tile is its winning tile.

A logistic model over what a seat can see, fitted by tools/fit_danger_model.py on the
discard decisions of normal-level hands of the kaiji preset (the truth: does the
opponent's hand win on the kind and clear the floor). It knows more than the heuristic
(game/ai/danger.py):

- shapes need copies: a wait on 3s needs unseen 4s and 5s (two-sided) or 1s and 2s
  (edge), so the fewer copies a seat cannot see, the fewer shapes can wait there;
- the opponent's discards are tiles of its wall it chose not to use: a kind two away
  from its discards, and a suit it throws away a lot, are less likely waits (a discarded
  neighbour mostly counts through the copies it takes from the shapes);
- the mangan floor gathers hands around the dora;
- the later the turn, the likelier an unsafe kind is a wait (safe kinds drop out).

The answer is a probability, 0 for a kind known to be safe and for an honour the
opponent cannot hold (every copy in sight). It was fitted on two-player
tables without red fives and serves every table: with several opponents it reads each
one apart, and without a dora the dora features stay 0.
"""

from __future__ import annotations

import math

from game.ai.knowledge import Knowledge
from game.engine.kyoku import DISCARDS_PER_SEAT
from game.engine.tiles import EAST, HAKU

COEFFICIENTS = {
    "number1_9": -3.435, "number2_8": -3.397, "number3_7": -3.657, "number4_6": -3.928, "number5": -3.635,
    "wind": -3.919, "dragon": -3.535, "honour_unseen": 0.819,
    "suji": -1.194, "ryanmen_copies": 1.103, "kanchan_penchan_copies": 0.391, "kind_unseen": 0.129,
    "discarded_neighbour1": 0.034, "discarded_neighbour2": -0.481, "suit_discard_share": -2.411,
    "turn": 0.883, "dora": 1.261, "dora_neighbour1": 0.243, "dora_neighbour2": 0.126,
}
"""Fitted by `python tools/fit_danger_model.py --deals 1200 --first-deal 10000 --jobs 2`
(900 deals fitted, 300 held out); docs/ai.md gives its measured ranking."""
SUITS = 4
"""Man, pin, sou, and the honours counted as one suit."""
SUIT_SHARE_PRIOR = 1
"""Discards counted in advance for each suit, so that the first discards move the suit
share by steps, not from nothing to all."""
NUMBER_CLASSES = ("number1_9", "number2_8", "number3_7", "number4_6", "number5")


def read_danger(kind: int, opponent: int, knowledge: Knowledge) -> float:
    """The chance that `kind` wins for `opponent`, by the fitted model (0 when safe, or
    an honour with every copy in sight)."""
    if kind in knowledge.safe[opponent]:
        return 0.0
    if kind >= EAST and knowledge.unseen[kind] == 0:
        # an honour wait is a pair or a single wait on a copy the opponent holds; with
        # none unseen only a thirteen-orphans wait is left, which the normal level
        # ignores too
        return 0.0
    score = sum(COEFFICIENTS[name] * value for name, value in features(kind, opponent, knowledge).items())
    return 1.0 / (1.0 + math.exp(-score))


def features(kind: int, opponent: int, knowledge: Knowledge) -> dict[str, float]:
    """The model's inputs for `kind` against `opponent`; absent features count as 0."""
    discards = knowledge.discarded_by[opponent]
    same_suit = sum(1 for d in discards if _suit(d) == _suit(kind))
    found = {
        "turn": len(discards) / DISCARDS_PER_SEAT,
        "suit_discard_share": (same_suit + SUIT_SHARE_PRIOR) / (len(discards) + SUITS * SUIT_SHARE_PRIOR),
    }
    found.update(_dora_features(kind, knowledge.dora))
    if kind >= EAST:
        found["wind" if kind < HAKU else "dragon"] = 1.0
        found["honour_unseen"] = knowledge.unseen[kind] / 3
        return found
    number = kind % 9
    found[NUMBER_CLASSES[min(number, 8 - number)]] = 1.0
    found.update(_shape_features(kind, knowledge.unseen, knowledge.safe[opponent]))
    for distance in (1, 2):
        near = sum(1 for d in discards if _suit(d) == _suit(kind) and abs(d % 9 - number) == distance)
        found[f"discarded_neighbour{distance}"] = min(near, 3) / 3
    return found


def _suit(kind: int) -> int:
    """0-2 for the three suits, 3 for honours."""
    return kind // 9 if kind < EAST else 3


def _dora_features(kind: int, dora: int | None) -> dict[str, float]:
    if dora is None:
        return {}
    if kind == dora:
        return {"dora": 1.0}
    distance = abs(dora % 9 - kind % 9)
    if kind < EAST and _suit(dora) == _suit(kind) and distance <= 2:
        return {f"dora_neighbour{distance}": 1.0}
    return {}


def _shape_features(kind: int, unseen: tuple[int, ...], safe: frozenset[int]) -> dict[str, float]:
    """Suji protection of the two-sided shapes, and the unseen copies each kind of shape
    waiting on `kind` could use (a quarter per possible copy pair)."""
    base, number = kind - kind % 9, kind % 9
    paths = protected = 0
    two_sided = closed_or_edge = 0.0
    for low, high, partner in ((number + 1, number + 2, number + 3), (number - 2, number - 1, number - 3)):
        if low < 0 or high > 8:
            continue
        copies = min(unseen[base + low], unseen[base + high]) / 4
        if (low, high) in ((0, 1), (7, 8)):
            closed_or_edge += copies
            continue
        two_sided += copies
        paths += 1
        protected += base + partner in safe
    if 0 < number < 8:
        closed_or_edge += min(unseen[base + number - 1], unseen[base + number + 1]) / 4
    return {
        "suji": protected / paths if paths else 0.0,
        "ryanmen_copies": two_sided,
        "kanchan_penchan_copies": closed_or_edge,
        "kind_unseen": unseen[kind] / 4,
    }
