"""Measure how well each danger model ranks, and how well it estimates, the tiles a seat may discard.

Plays one kyoku per deal (kaiji preset): seat 0 at the normal level, seat 1 at the level
of `--opponent`. At each discard decision of seat 0 it scores every kind left in its pool
that is not yet known to be safe against seat 1, with the heuristic danger
(game/ai/danger.py), the fitted reading of discards (game/ai/reading.py) and the hard
level's opponent model (game/ai/inference.py: particles blended with the reading at each
prior weight of `--weights`, each particle counting alike as hard_v1's do, and weighed by
the likelihood of the opponent's discards as the hard level's are), and compares the
scores with the truth: whether seat 1's hand wins on that kind and clears the floor.

The ranking is the area under the ROC curve within each decision (the chance that a real
winning kind scores above a kind that is not one at the same decision; 0.5 is a coin
toss), over all decisions and over the later ones. The calibration is each model's
predicted chance against the real share of winning kinds, by bins of the prediction,
and the Brier score (the mean squared error of the prediction; lower is better).

    python tools/measure_danger_ranking.py --deals 40 --first-deal 0 --samples 3 --weights 30 60
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import NormalAgent, make_agent
from game.ai.danger import heuristic_danger
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.tiles import kind_of
from tools.fit_danger_model import LATE, RULES, winning_kinds
from tools.stats import within_decision_auc

BIN_EDGES = (0.0, 0.02, 0.04, 0.07, 0.10, 0.15, 1.01)

Row = tuple[bool, tuple[int, int], list[float]]
"""Per (decision, kind): truth, (deal, own discards so far), one score per model."""


def rows_of_deal(deal: int, samples: int, weights: list[float], opponent: str) -> list[Row]:
    match = Match(RULES, deal)
    kyoku = match.next_kyoku()
    agents = [NormalAgent(deal * 2), make_agent(opponent, deal * 2 + 1)]
    model: OpponentModel | None = None
    rows = []
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        view = kyoku.view_for(seat)
        if seat == 0 and view.phase is Phase.DISCARD:
            knowledge = Knowledge.of(view)
            model = model or OpponentModel(view, 1, random.Random(deal), weighs_discards=True)
            model.update(view, knowledge, samples)
            # the walls are analysed when a danger is asked, and the blends below ask none
            model.analyse_sampled()
            truth = winning_kinds(kyoku, 1)
            counts = model.weights()
            for kind in sorted({kind_of(tile) for tile in view.pool} - knowledge.safe[1]):
                prior = read_danger(kind, 1, knowledge)
                alike = sum(p.wins_on(kind) for p in model.particles), len(model.particles)
                weighed = sum(w for w, p in zip(counts, model.particles, strict=True) if p.wins_on(kind)), sum(counts)
                blends = [(won + weight * prior) / (count + weight) if prior else 0.0
                          for weight in weights for won, count in (alike, weighed)]
                rows.append((kind in truth, (deal, len(view.rivers[0])),
                             [heuristic_danger(kind, 1, knowledge), prior, *blends]))
        match.apply(agents[seat].act(view))
    return rows


def calibration(pairs: list[tuple[float, bool]]) -> str:
    cells = []
    for low, high in itertools.pairwise(BIN_EDGES):
        inside = [(p, t) for p, t in pairs if low <= p < high]
        if inside:
            predicted = sum(p for p, _ in inside) / len(inside)
            real = sum(t for _, t in inside) / len(inside)
            cells.append(f"<{high:.2f}: {predicted:.3f}/{real:.3f} ({len(inside)})")
    brier = sum((p - t) ** 2 for p, t in pairs) / len(pairs)
    return f"Brier {brier:.5f}; predicted/real (n) " + ", ".join(cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, metavar="N",
                        help="deals (one kyoku each) to play and measure (default: %(default)s)")
    parser.add_argument("--first-deal", type=int, default=0, metavar="SEED",
                        help="the seed of the first deal; the others follow it (default: %(default)s)")
    parser.add_argument("--samples", type=int, default=3, metavar="N",
                        help="particles the opponent model samples at each decision (default: %(default)s)")
    parser.add_argument("--weights", type=float, nargs="+", default=[60.0], metavar="W",
                        help="prior weights of the reading against the particles (default: %(default)s)")
    parser.add_argument("--opponent", default="normal", metavar="LEVEL",
                        help="the level seat 1 plays at (default: %(default)s)")
    args = parser.parse_args()
    rows: list[Row] = []
    clock, cpu = time.perf_counter(), time.process_time()
    for deal in range(args.first_deal, args.first_deal + args.deals):
        rows += rows_of_deal(deal, args.samples, args.weights, args.opponent)
    print(f"{len(rows)} (decision, kind) pairs, {sum(truth for truth, _, _ in rows)} real winning kinds, "
          f"deals {args.first_deal}..{args.first_deal + args.deals - 1}, opponent {args.opponent}, "
          f"{time.process_time() - cpu:.0f} s CPU, {time.perf_counter() - clock:.0f} s by the clock")
    names = ["heuristic", "reading", *(f"particles{how}, reading weight {w:g}" for w in args.weights
                                       for how in ("", " weighed by the discards"))]
    for index, name in enumerate(names):
        every = within_decision_auc([(decision, scores[index], truth) for truth, decision, scores in rows])
        late = within_decision_auc([(decision, scores[index], truth) for truth, decision, scores in rows
                                    if decision[1] >= LATE])
        print(f"{name:60} AUC {every:.4f}   late ({LATE}+ discards) {late:.4f}")
        print(f"{'':60} {calibration([(scores[index], truth) for truth, _, scores in rows])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
