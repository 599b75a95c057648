"""Measure how well each danger model ranks the tiles a seat may discard.

Plays normal-level hands (kaiji preset). At each discard decision of seat 0 it scores
every kind left in its pool that is not yet known to be safe against seat 1, with the
heuristic danger (game/ai/danger.py), the fitted reading of discards (game/ai/reading.py)
and the hard level's opponent model (game/ai/inference.py: particles blended with the
reading at several prior weights), and compares the scores with
the truth: whether seat 1's hand wins on that kind and clears the floor. The measure is
the area under the ROC curve within each decision (the chance that a real winning kind
scores above a kind that is not one at the same decision; 0.5 is a coin toss), over all
decisions and over the later ones.

    python tools/measure_danger_ranking.py --deals 40 --first-deal 0 --samples 3
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import NormalAgent
from game.ai.danger import heuristic_danger
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.tiles import kind_of
from tools.fit_danger_model import LATE, RULES, winning_kinds
from tools.stats import within_decision_auc

WEIGHTS = (12, 30, 60, 120, 300)


def rows_of_deal(deal: int, samples: int) -> list[tuple[bool, tuple[int, int], list[float]]]:
    """Per (decision, kind): truth, (deal, own discards so far), [heuristic, reading, blends by WEIGHTS...]."""
    match = Match(RULES, deal)
    kyoku = match.next_kyoku()
    agents = [NormalAgent(deal * 2), NormalAgent(deal * 2 + 1)]
    model: OpponentModel | None = None
    rows = []
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        view = kyoku.view_for(seat)
        if seat == 0 and view.phase is Phase.DISCARD:
            knowledge = Knowledge.of(view)
            model = model or OpponentModel(view, 1, random.Random(deal))
            model.update(view, knowledge, samples)
            truth = winning_kinds(kyoku, 1)
            living = [p for p in model.particles if p.alive]
            for kind in sorted({kind_of(tile) for tile in view.pool} - knowledge.safe[1]):
                prior = read_danger(kind, 1, knowledge)
                wins = sum(p.wins_on(kind) for p in living)
                blends = [(wins + weight * prior) / (len(living) + weight) for weight in WEIGHTS]
                scores = [heuristic_danger(kind, 1, knowledge), prior, *blends]
                rows.append((kind in truth, (deal, len(view.rivers[0])), scores))
        match.apply(agents[seat].act(view))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, metavar="N",
                        help="normal-level deals (one hand each) to play and measure (default: %(default)s)")
    parser.add_argument("--first-deal", type=int, default=0, metavar="SEED",
                        help="the seed of the first deal; the others follow it (default: %(default)s)")
    parser.add_argument("--samples", type=int, default=3, metavar="N",
                        help="particles the opponent model samples at each decision (default: %(default)s)")
    args = parser.parse_args()
    rows = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        rows += rows_of_deal(deal, args.samples)
    print(f"{len(rows)} (decision, kind) pairs, {sum(truth for truth, _, _ in rows)} real winning kinds, "
          f"deals {args.first_deal}..{args.first_deal + args.deals - 1}")
    names = ["heuristic", "reading", *(f"particles, reading weight {weight}" for weight in WEIGHTS)]
    for index, name in enumerate(names):
        every = within_decision_auc([(decision, scores[index], truth) for truth, decision, scores in rows])
        late = within_decision_auc([(decision, scores[index], truth) for truth, decision, scores in rows
                                    if decision[1] >= LATE])
        print(f"{name:32} AUC {every:.3f}   late ({LATE}+ discards) {late:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
