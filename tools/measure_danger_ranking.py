"""Measure how well each danger model ranks the tiles a seat may discard.

Plays normal-level hands (kaiji preset). At each discard decision of seat 0 it scores
every kind left in its pool that is not yet known to be safe against seat 1, with the
heuristic danger (game/ai/danger.py) and with the hard level's opponent model
(game/ai/inference.py) blended at several prior weights, and compares the scores with
the truth: whether seat 1's hand wins on that kind and clears the floor. The measure is
the area under the ROC curve (the chance that a real winning kind scores above a kind
that is not one; 0.5 is a coin toss), over all decisions and over the later ones.

    python tools/measure_danger_ranking.py --deals 40 --first-deal 0 --samples 3
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import NormalAgent
from game.ai.danger import heuristic_danger
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.engine.analysis import analyze_selection
from game.engine.hand import Hand, Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import EAST, WIND_NAMES

WEIGHTS = (12, 30, 60, 120, 300)
LATE = 8
"""Decisions from this many own discards on count as late."""


def winning_kinds(hand: Hand, seat: int, rules: Rules) -> set[int]:
    view = hand.view_for(seat)
    if view.furiten or view.wall is None or view.hand is None:
        return set()
    wind = EAST + WIND_NAMES.index(view.seat_winds[seat])
    analysed = analyze_selection(view.wall, view.hand, wind, view.dora_indicator, rules).hand
    return {wait.kind for wait in analysed.waits if wait.clears_floor} if analysed else set()


def rows_of_deal(deal: int, rules: Rules, samples: int) -> list[tuple[bool, int, list[float]]]:
    """Per (decision, kind): truth, own discards so far, [heuristic, blends by WEIGHTS...]."""
    match = Match(rules, deal)
    hand = match.next_hand()
    agents = [NormalAgent(deal * 2), NormalAgent(deal * 2 + 1)]
    model: OpponentModel | None = None
    rows = []
    while hand.phase is not Phase.END:
        seat = hand.waiting_on()[0]
        view = hand.view_for(seat)
        if seat == 0 and view.phase is Phase.DISCARD:
            knowledge = Knowledge.of(view)
            model = model or OpponentModel(view, 1, random.Random(deal))
            model.update(view, knowledge, samples)
            truth = winning_kinds(hand, 1, rules)
            living = [p for p in model.particles if p.alive]
            for kind in sorted({tile // 4 for tile in view.pool} - knowledge.safe[1]):
                prior = heuristic_danger(kind, 1, knowledge)
                wins = sum(p.wins_on(kind) for p in living)
                blends = [(wins + weight * prior) / (len(living) + weight) for weight in WEIGHTS]
                rows.append((kind in truth, len(view.rivers[0]), [prior, *blends]))
        match.apply(agents[seat].act(view))
    return rows


def area_under_curve(scored: list[tuple[float, bool]]) -> float:
    positives = [score for score, truth in scored if truth]
    negatives = [score for score, truth in scored if not truth]
    if not positives or not negatives:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return wins / (len(positives) * len(negatives))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--samples", type=int, default=3, help="particles sampled per decision")
    args = parser.parse_args()
    rules = replace(Rules.preset("kaiji"), settlement="units", hands=1)
    rows = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        rows += rows_of_deal(deal, rules, args.samples)
    print(f"{len(rows)} (decision, kind) pairs, {sum(truth for truth, _, _ in rows)} real winning kinds, "
          f"deals {args.first_deal}..{args.first_deal + args.deals - 1}")
    names = ["heuristic", *(f"particles, prior weight {weight}" for weight in WEIGHTS)]
    for index, name in enumerate(names):
        every = area_under_curve([(scores[index], truth) for truth, _, scores in rows])
        late = area_under_curve([(scores[index], truth) for truth, step, scores in rows if step >= LATE])
        print(f"{name:32} AUC {every:.3f}   late ({LATE}+ discards) {late:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
