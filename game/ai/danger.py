"""How likely a discard is to be an opponent's winning tile: the heuristic model.

The prior is measured, not guessed: WAIT_PRIOR is the share of well-built hands (the
analyser's best hand of a random wall) that win on a tile of each class, from
tools/measure_wait_prior.py. The evidence then adjusts it per opponent:
- genbutsu: a tile the opponent discarded, or let pass while in riichi, is safe;
- suji: a two-sided wait on n also waits on n±3, so if n±3 is safe that shape is gone;
- visibility: honour waits need copies the opponent holds (single or pair waits), so an
  honour with few unseen copies is safer.
"""

from __future__ import annotations

from game.ai.knowledge import Knowledge

# Share of best-ranked hands winning on a tile of each class, by distance from the edge
# (0: 1/9 ... 4: the five), measured on 200 walls of the kaiji preset.
WAIT_PRIOR = {0: 0.053, 1: 0.075, 2: 0.078, 3: 0.080, 4: 0.095, "wind": 0.015, "dragon": 0.017}
TWO_SIDED_SHARE = 0.6
OWN_WAIT_PENALTY = 10.0


def prior(kind: int) -> float:
    if kind >= 31:
        return float(WAIT_PRIOR["dragon"])
    if kind >= 27:
        return float(WAIT_PRIOR["wind"])
    number = kind % 9
    return float(WAIT_PRIOR[min(number, 8 - number)])


def heuristic_danger(kind: int, opponent: int, knowledge: Knowledge) -> float:
    """Probability-like danger of `kind` against one opponent (0 when certainly safe)."""
    safe = knowledge.safe[opponent]
    if kind in safe:
        return 0.0
    danger = prior(kind)
    if kind >= 27:
        return danger * min(1.0, knowledge.unseen[kind] / 3)
    return danger * _suji_factor(kind, safe)


def _suji_factor(kind: int, safe: frozenset[int]) -> float:
    """The share of the shapes next to `kind` still able to win on it. Each side counts
    once: a two-sided wait, which a safe suji partner rules out, or at 3 and 7 the edge
    wait 12 or 89, which no suji rules out (so 3 with 6 safe keeps 0.7, 1 with 4 safe 0.4)."""
    base, number = kind - kind % 9, kind % 9
    paths = protected = 0
    for step in (3, -3):
        holder = number + (1 if step > 0 else -2)
        if not 0 <= holder <= 7:
            continue
        paths += 1
        partner = number + step
        if 0 <= partner <= 8 and base + partner in safe:
            protected += 1
    if not paths:
        return 1.0
    return 1.0 - TWO_SIDED_SHARE * protected / paths


def total_danger(kind: int, knowledge: Knowledge, per_opponent=heuristic_danger) -> float:
    """Danger summed over opponents, with a heavy penalty for discarding an own wait
    (furiten for good) unless the seat is furiten for good already."""
    danger = sum(per_opponent(kind, o, knowledge) for o in knowledge.opponents)
    if kind in knowledge.own_waits and not knowledge.furiten_for_good:
        danger += OWN_WAIT_PENALTY
    return danger
