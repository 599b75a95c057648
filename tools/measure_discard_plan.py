"""Measure the hard level's discard plan in the arena, paired with the plan before it.

Plays the arena's duplicate deals (`python -m game selfplay --a hard --b B`, the same
seeds, seats and agents) and, at every discard of the hard level, asks what the plan
before it (`planning.planned_discard`, hard_v1's) would have discarded. A play where the
two never differ would have come out the same under the old plan (every draw of the
agents is the same up to the first different discard), so only the plays where they
differ are played again with the old plan. It prints the arena's figures of hard against
B (units per hand with the deal-clustered 95% interval, win and deal-in rates) for the
plan as it is and as it was, and their difference paired by deal, which is far tighter
than either: most deals come out the same.

    python tools/measure_discard_plan.py --hands 50 --seed 2027 [--b hard_v1] [--preset kaiji] [--out FILE]

With `--out`, one JSON line per deal is appended as it is played (a run stopped early
keeps what it played); `--summarise FILE...` prints the figures of such files together.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import agents
from game.ai.arena import Z95, _play, play_deal, seat_plan
from game.ai.planning import planned_discard
from game.engine.rules import Rules
from game.engine.scoring import install_fast_divider

DIFFERED: list[bool] = [False]


class HardProbe(agents.HardAgent):
    """The hard level, noting whether the old plan would have discarded otherwise."""

    name = "hard_probe"

    def plan(self, view, options, knowledge, danger):  # type: ignore[no-untyped-def]
        chosen = super().plan(view, options, knowledge, danger)
        if planned_discard(view, options, knowledge, danger).tile != chosen.tile:
            DIFFERED[0] = True
        return chosen


class HardOldPlan(agents.HardAgent):
    """The hard level with the plan before the look-ahead."""

    name = "hard_old_plan"

    def plan(self, view, options, knowledge, danger):  # type: ignore[no-untyped-def]
        return planned_discard(view, options, knowledge, danger)


def play_deal_pair(rules: Rules, deal_seed: int, other: str) -> dict[str, object]:
    """Both plays of a deal for the plan as it is and as it was: per play, hard's gain,
    win and deal-in (and the opponent's win), and whether the plans differed."""
    plays = []
    for swapped in (False, True):
        plan = seat_plan(rules.players, swapped)
        seats = [s for s, who in enumerate(plan) if who == 0]
        outcome = {}
        for label, level in (("new", "hard_probe"), ("old", "hard_old_plan")):
            DIFFERED[0] = False
            match, _ = play_deal(rules, deal_seed, [level if who == 0 else other for who in plan])
            play = _play(match, seats, [[] for _ in plan])
            outcome[label] = {"gain": play.gain, "won": play.won, "dealt_in": play.dealt_in}
            if label == "new" and not DIFFERED[0]:
                outcome["old"] = outcome["new"]
                break
        outcome["differed"] = outcome["old"] is not outcome["new"]
        plays.append(outcome)
    return {"deal_seed": deal_seed, "plays": plays}


def summarise(deals: list[dict]) -> str:
    lines = [f"{len(deals)} duplicate deals, {sum(p['differed'] for d in deals for p in d['plays'])} "
             f"of {2 * len(deals)} plays where the plans differ"]
    for label in ("new", "old"):
        totals = [sum(p[label]["gain"] for p in d["plays"]) / 2 for d in deals]
        plays = [p[label] for d in deals for p in d["plays"]]
        lines.append(f"hard ({label} plan): {_interval(totals)} units per hand, win "
                     f"{sum(p['won'] for p in plays) / len(plays):.1%}, deal-in "
                     f"{sum(p['dealt_in'] for p in plays) / len(plays):.1%}")
    differences = [sum(p["new"]["gain"] - p["old"]["gain"] for p in d["plays"]) / 2 for d in deals]
    lines.append(f"new - old, paired by deal: {_interval(differences)}")
    return "\n".join(lines)


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.3f} ({mean - half:+.3f}, {mean + half:+.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--b", default="hard_v1")
    parser.add_argument("--preset", default="kaiji")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summarise", type=Path, nargs="+")
    args = parser.parse_args()
    if args.summarise:
        deals = [json.loads(line) for path in args.summarise for line in path.read_text().splitlines() if line]
        print(summarise(deals))
        return
    agents.REFERENCE_LEVELS.update({"hard_probe": HardProbe, "hard_old_plan": HardOldPlan})
    install_fast_divider()
    rules = replace(Rules.preset(args.preset), settlement="units", hands=1)
    deals = []
    for deal in range(args.hands):
        outcome = play_deal_pair(rules, args.seed * 1_000_003 + deal, args.b)
        deals.append(outcome)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(json.dumps(outcome) + "\n")
    print(summarise(deals))


if __name__ == "__main__":
    main()
