"""Why did an agent deal in? Replays arena records and, at each of agent A's discards,
asks the engine which of the kinds it could discard would have been ronned.

A deal-in is *forced* when every kind it could discard would have been ronned (the oracle
deals in only then), and *a misread* when at least one could have passed. The breakdown
says how much of a level's deal-in rate is information it did not have, and at which of
its discards it dealt in.

    python -m game selfplay --a hard --b normal --hands 300 --seed 5000 --records DIR
    python tools/deal_in_breakdown.py DIR
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.arena import seat_plan
from game.engine.actions import Discard, action_from_dict
from game.engine.events import RonOffered
from game.engine.hand import Hand, Phase
from game.engine.match import Match
from game.engine.record import RecordError, read_record
from game.engine.rules import Rules
from game.engine.tiles import code_kind


def would_be_ronned(hand: Hand, action: Discard) -> bool:
    trial = copy.deepcopy(hand)
    return any(isinstance(event, RonOffered) for event in trial.apply(action))


def agent_a_seats(path: Path, players: int) -> set[int]:
    """The arena names a play's record deal<seed>a (seats as dealt) or ...b (swapped)."""
    plan = seat_plan(players, swapped=path.stem.endswith("b"))
    return {seat for seat, who in enumerate(plan) if who == 0}


def breakdown(path: Path, tally: Counter[str], at_discard: Counter[int]) -> None:
    lines = read_record(path)
    rules = Rules.from_dict(lines[0]["rules"])
    match = Match(rules, lines[0]["seed"])
    hand = match.next_hand()
    seats = agent_a_seats(path, rules.players)
    tally["plays"] += 1
    for line in lines[1:]:
        if line["type"] != "action":
            continue
        action = action_from_dict({k: v for k, v in line.items() if k != "type"})
        mine = isinstance(action, Discard) and action.seat in seats and hand.phase is Phase.DISCARD
        if mine and would_be_ronned(hand, action):
            view = hand.view_for(action.seat)
            options = {code_kind(a.tile): a for a in view.legal_actions if isinstance(a, Discard)}
            passing = sum(not would_be_ronned(hand, a) for a in options.values())
            tally["deal-ins"] += 1
            tally["forced" if passing == 0 else "misread"] += 1
            at_discard[len(view.rivers[action.seat]) + 1] += 1
        match.apply(action)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, help="a directory of arena records (--records)")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    at_discard: Counter[int] = Counter()
    for path in sorted(args.records.glob("deal*.jsonl")):
        try:
            breakdown(path, tally, at_discard)
        except (RecordError, KeyError, ValueError) as error:
            print(f"{path.name}: skipped, not a readable arena record ({error})", file=sys.stderr)
    plays = tally["plays"]
    if not plays:
        print(f"no arena records in {args.records}", file=sys.stderr)
        return 2
    print(f"{plays} plays; agent A dealt in on {tally['deal-ins']} ({tally['deal-ins'] / plays:.1%})")
    print(f"  forced (every kind it could discard would be ronned): {tally['forced']} ({tally['forced'] / plays:.1%})")
    print(f"  misread (at least one kind would have passed): {tally['misread']} ({tally['misread'] / plays:.1%})")
    print("  by its discard number:", ", ".join(f"{n}: {at_discard[n]}" for n in sorted(at_discard)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
