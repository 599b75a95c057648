"""Fit the hard level's reading of discards (game/ai/reading.py) on self-played hands.

Plays normal-level hands of the kaiji preset. At every discard decision of either seat
it takes each kind in that seat's pool not yet known to be safe, with the model's
features (game/ai/reading.py: features) and the truth: does the opponent's hand win on
the kind and clear the floor. It fits a logistic regression (Newton's method, a small
ridge penalty) on the earlier deals, then ranks the held-out later deals by the fitted
model, by the coefficients now in reading.py and by the heuristic (game/ai/danger.py),
scored by the area under the ROC curve within each decision (the chance that a real
winning kind in the pool scores above one that is not, at the same decision; 0.5 is a
coin toss). Paste the printed coefficients into reading.py.

    python tools/fit_danger_model.py --deals 1200 --first-deal 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import NormalAgent
from game.ai.danger import heuristic_danger
from game.ai.knowledge import Knowledge
from game.ai.reading import COEFFICIENTS, features
from game.engine.analysis import WallAnalyser
from game.engine.kyoku import Kyoku, Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import EAST, WIND_NAMES, kind_of
from tools.stats import fit_logistic, within_decision_auc

RULES = replace(Rules.preset("kaiji"), settlement="units", hands=1)
LATE = 8
"""Decisions from this many own discards on count as late."""

Row = tuple[tuple[int, int, int], dict[str, float], float, bool]
"""((deal, seat, own discards so far), features, heuristic danger, truth)"""


def winning_kinds(kyoku: Kyoku, seat: int) -> set[int]:
    view = kyoku.view_for(seat)
    if view.furiten or view.wall is None or view.hand is None:
        return set()
    wind = EAST + WIND_NAMES.index(view.seat_winds[seat])
    analysed = WallAnalyser(view.wall, wind, view.dora_indicator, RULES).analyze_selection(view.hand).hand
    return {wait.kind for wait in analysed.waits if wait.clears_floor} if analysed else set()


def rows_of_deal(deal: int) -> list[Row]:
    match = Match(RULES, deal)
    kyoku = match.next_kyoku()
    agents = [NormalAgent(deal * 2), NormalAgent(deal * 2 + 1)]
    rows = []
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        view = kyoku.view_for(seat)
        if view.phase is Phase.DISCARD:
            knowledge = Knowledge.of(view)
            opponent = 1 - seat
            truth = winning_kinds(kyoku, opponent)
            for kind in sorted({kind_of(tile) for tile in view.pool} - knowledge.safe[opponent]):
                rows.append(((deal, seat, len(view.rivers[seat])), features(kind, opponent, knowledge),
                             heuristic_danger(kind, opponent, knowledge), kind in truth))
        match.apply(agents[seat].act(view))
    return rows


def _score(weights: dict[str, float], found: dict[str, float]) -> float:
    return sum(weights[name] * value for name, value in found.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1200, metavar="N",
                        help="self-played deals (one hand each) to fit and test on (default: %(default)s)")
    parser.add_argument("--first-deal", type=int, default=10000, metavar="SEED",
                        help="the seed of the first deal; the others follow it (default: %(default)s)")
    parser.add_argument("--holdout", type=float, default=0.25, metavar="SHARE",
                        help="the share of the deals (the last ones) kept out of the fit to test it on "
                             "(default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="processes playing the deals at once (default: %(default)s)")
    args = parser.parse_args()
    deals = range(args.first_deal, args.first_deal + args.deals)
    with ProcessPoolExecutor(args.jobs, initializer=install_fast_divider) as pool:
        rows = [row for found in pool.map(rows_of_deal, deals, chunksize=4) for row in found]
    split = args.first_deal + round(args.deals * (1 - args.holdout))
    weights = fit_logistic([(found, truth) for (deal, _, _), found, _, truth in rows if deal < split])
    print("COEFFICIENTS = {")
    in_order = [name for name in COEFFICIENTS if name in weights] + sorted(set(weights) - set(COEFFICIENTS))
    for name in in_order:
        print(f'    "{name}": {weights[name]:.3f},')
    print("}")
    held_out = [row for row in rows if row[0][0] >= split]
    late = [row for row in held_out if row[0][2] >= LATE]
    print(f"{len(rows)} (decision, kind) pairs from deals {deals.start}..{deals.stop - 1}, "
          f"{sum(row[3] for row in rows)} real winning kinds; held out: deals {split}..{deals.stop - 1}")
    for name, score in (("heuristic", lambda row: row[2]),
                        ("reading.py now", lambda row: _score(COEFFICIENTS, row[1])),
                        ("fitted", lambda row: _score(weights, row[1]))):
        every = within_decision_auc([(row[0], score(row), row[3]) for row in held_out])
        later = within_decision_auc([(row[0], score(row), row[3]) for row in late])
        print(f"{name:16} AUC {every:.3f}   late ({LATE}+ own discards) {later:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
