"""Why did an agent deal in? Replays arena records and, at each of agent A's deal-ins,
asks the engine whether any other discard it could make would have passed.

A deal-in is *forced* when every legal discard would have been ronned; the arena's
oracle, which sees the hands, deals in only then. Otherwise it was *not forced at that
discard*: a player who saw the hands would have passed there (each seat keeps only 4
pool tiles, so even that player may be forced later, which the oracle's own deal-in
rate measures). The split says how much of a level's deal-in rate is missing
information, and at which of its discards it dealt in.

    python -m game selfplay --a hard --b normal --hands 300 --seed 5000 --records DIR
    python tools/deal_in_breakdown.py DIR
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.arena import seat_plan
from game.ai.oracle import deals_in
from game.engine.actions import Discard, action_from_dict
from game.engine.match import Match
from game.engine.record import read_record, recorded_deal
from game.engine.rules import Rules


def agent_a_seats(path: Path, players: int) -> set[int]:
    """The seats agent A played: the arena names a play's record deal<seed>a (seats as
    dealt) or deal<seed>b (seats swapped)."""
    plan = seat_plan(players, swapped=path.stem.endswith("b"))
    return {seat for seat, who in enumerate(plan) if who == 0}


def breakdown(path: Path) -> tuple[Counter[str], Counter[int]]:
    """For one record: the play, agent A's deal-ins split into forced and not, and the
    deal-ins by A's discard number (1-17). Raises ValueError for a record it cannot replay."""
    lines = read_record(path)
    rules = Rules.from_dict(lines[0]["rules"])
    hand_line = next(line for line in lines if line["type"] == "hand")
    match = Match(rules, lines[0]["seed"])
    kyoku = match.next_kyoku(recorded_deal(hand_line, rules), hand_line["dealer"])
    seats = agent_a_seats(path, rules.players)
    tally: Counter[str] = Counter(plays=1)
    at_discard: Counter[int] = Counter()
    for line in lines[1:]:
        if line["type"] != "action":
            continue
        action = action_from_dict({k: v for k, v in line.items() if k != "type"})
        if isinstance(action, Discard) and action.seat in seats and deals_in(kyoku, action):
            view = kyoku.view_for(action.seat)
            passing = [a for a in view.legal_actions if isinstance(a, Discard) and not deals_in(kyoku, a)]
            tally["deal-ins"] += 1
            tally["not forced" if passing else "forced"] += 1
            at_discard[len(view.rivers[action.seat]) + 1] += 1
        match.apply(action)
    return tally, at_discard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records", type=Path, metavar="DIR",
                        help="a folder of arena records, as `python -m game selfplay --records DIR` writes them "
                             "(deal*.jsonl)")
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    at_discard: Counter[int] = Counter()
    for path in sorted(args.records.glob("deal*.jsonl")):
        try:
            found, when = breakdown(path)
        except (KeyError, StopIteration, TypeError, ValueError) as error:
            print(f"{path.name}: skipped, not a readable arena record ({error!r})", file=sys.stderr)
            continue
        tally.update(found)
        at_discard.update(when)
    plays = tally["plays"]
    if not plays:
        print(f"no arena records in {args.records}", file=sys.stderr)
        return 2
    print(f"{plays} plays; agent A dealt in on {tally['deal-ins']} ({tally['deal-ins'] / plays:.1%})")
    print(f"  forced (every legal discard would be ronned): {tally['forced']} ({tally['forced'] / plays:.1%})")
    print(f"  not forced at that discard (another would have passed): {tally['not forced']} "
          f"({tally['not forced'] / plays:.1%})")
    print("  deal-ins at A's discard number n (n: count):",
          ", ".join(f"{n}: {at_discard[n]}" for n in sorted(at_discard)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
