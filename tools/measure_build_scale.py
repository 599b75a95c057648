"""Measure the hard level's build at other deal-in scales, paired with the scale as kept.

The hard level's build (game/ai/lookahead.py) charges the walk's deal-in chance at
`DEAL_IN_SCALE`. This tool plays the arena's duplicate deals (`python -m game selfplay
--a hard --b B`: the same seeds, seats and agents) and asks, at every build of a hard
seat, which hand each other scale would build. A build draws nothing from the agent's
random generator, so a play where no hard seat's build changes at a scale comes out
exactly as at the kept scale: only the dora flip and the builds of such a play are
played. A play where some build changes is played to the end at the kept scale and at
each scale that changed it.

Per scale it prints the difference from the kept scale in units per hand, paired by
deal (a play that did not change counts 0) with its 95% interval, and hard's and B's
win and deal-in rates over the plays it changed, at the kept scale and at that scale.
With `--every-play` every play is played to the end at the kept scale, and the rates
are over every play (each level's, and hard's at each scale).

    python tools/measure_build_scale.py --hands 100 --seed 4001 --scales 0.25 0.7 [--b hard_v1]
        [--preset kaiji] [--every-play] [--out FILE]
    python tools/measure_build_scale.py --summarise FILE...

With `--out`, one JSON line per deal is appended as it is played (a run stopped early
keeps what it played); `--summarise` prints the figures of such files together.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import agents
from game.ai.arena import ARENA_LEVELS, Z95, _play, agent_factory, play_deal, seat_plan
from game.ai.lookahead import DEAL_IN_SCALE, best_hand_to_come
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import install_fast_divider
from tools.json_lines import add_file_options, append_json_line, print_summary, read_json_lines

HARD = "hard"


def scaled_level(scale: float) -> str:
    """The arena level of the hard agent whose build charges the deal-in chance at `scale`
    (made on first use)."""
    if scale == DEAL_IN_SCALE:
        return HARD
    name = f"hard@{scale:g}"
    if name not in agents.REFERENCE_LEVELS:
        agents.REFERENCE_LEVELS[name] = type("ScaledHardAgent", (agents.HardAgent,),
                                             {"name": name, "deal_in_scale": scale})
    return name


def changed_scales(rules: Rules, deal_seed: int, levels: list[str], scales: Iterable[float]) -> list[float]:
    """The scales at which some hard seat of this play builds another hand than at the
    kept scale: the play runs as the arena runs it up to the end of the builds."""
    match = Match(rules, deal_seed)
    kyoku = match.next_kyoku()
    players = [agent_factory(level, deal_seed * 31 + seat, lambda: kyoku) for seat, level in enumerate(levels)]
    changed: set[float] = set()
    while kyoku.phase in (Phase.DORA, Phase.BUILD):
        seat = kyoku.waiting_on()[0]
        view = kyoku.view_for(seat)
        if view.phase is Phase.BUILD and levels[seat] == HARD:
            kept = best_hand_to_come(view)
            changed.update(s for s in scales if best_hand_to_come(view, s) != kept)
        match.apply(players[seat].act(view))
    return sorted(changed)


def outcome(rules: Rules, deal_seed: int, levels: list[str], plan: list[int]) -> dict[str, float | bool]:
    """Hard's gain, win and deal-in in one play to the end, and B's win and deal-in."""
    match, _ = play_deal(rules, deal_seed, levels)
    no_times: list[list] = [[] for _ in plan]
    a, b = (_play(match, [s for s, who in enumerate(plan) if who == side], no_times) for side in (0, 1))
    return {"gain": a.gain, "won": a.won, "dealt_in": a.dealt_in, "b_won": b.won, "b_dealt_in": b.dealt_in}


def measure_deal(rules: Rules, deal_seed: int, other: str, scales: list[float],
                 every_play: bool = False) -> dict[str, object]:
    """Both plays of a deal: per play, the scales that changed a build, the outcome at the
    kept scale (None when nothing changed and not `every_play`) and at each changed scale."""
    plays = []
    for swapped in (False, True):
        plan = seat_plan(rules.players, swapped)
        levels = [HARD if who == 0 else other for who in plan]
        changed = changed_scales(rules, deal_seed, levels, scales)
        kept = outcome(rules, deal_seed, levels, plan) if changed or every_play else None
        at = {repr(s): outcome(rules, deal_seed, [scaled_level(s) if who == 0 else other for who in plan], plan)
              for s in changed}
        plays.append({"changed": [repr(s) for s in changed], "kept": kept, "at": at})
    return {"deal_seed": deal_seed, "plays": plays}


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def rates(outcomes: list[dict]) -> str:
    if not outcomes:
        return "no plays"
    n = len(outcomes)
    share = {key: sum(o[key] for o in outcomes) / n for key in ("won", "dealt_in", "b_won", "b_dealt_in")}
    return (f"hard win {share['won']:.1%}, deal-in {share['dealt_in']:.1%}; "
            f"B win {share['b_won']:.1%}, deal-in {share['b_dealt_in']:.1%}")


def summarise(deals: list[dict]) -> str:
    """Per scale measured: the paired difference per deal and the rates (see the module's
    docstring)."""
    plays = [p for d in deals for p in d["plays"]]
    scales = sorted({s for d in deals for s in d.get("scales", [])} | {s for p in plays for s in p["changed"]},
                    key=float)
    every = all(p["kept"] is not None for p in plays)
    lines = [f"{len(deals)} duplicate deals ({len(plays)} plays); kept scale {DEAL_IN_SCALE:g}"]
    if every and plays:
        lines.append(f"kept scale, every play: {rates([p['kept'] for p in plays])}")
    for scale in scales:
        differences = [sum(p["at"][scale]["gain"] - p["kept"]["gain"] for p in d["plays"] if scale in p["at"]) / 2
                       for d in deals]
        changed = [p for p in plays if scale in p["at"]]
        mean, low, high = interval(differences)
        lines.append(f"scale {float(scale):g}: {len(changed)} plays changed, {mean:+.4f} units per hand "
                     f"against the kept scale, paired by deal (95% CI {low:+.4f}, {high:+.4f})")
        lines.append(f"  changed plays at {DEAL_IN_SCALE:g}: {rates([p['kept'] for p in changed])}")
        lines.append(f"  changed plays at {float(scale):g}: {rates([p['at'][scale] for p in changed])}")
        if every and plays:
            lines.append(f"  every play at {float(scale):g}: "
                         f"{rates([p['at'].get(scale, p['kept']) for p in plays])}")
    return "\n".join(lines)


def read_deals(paths: Iterable[Path]) -> list[dict]:
    """The deals of `--out` files; a line that is not one (a run killed mid-write, another
    file) is named on stderr and skipped."""
    return read_json_lines(paths, _is_deal, "a measured deal")


def _is_deal(deal: object) -> bool:
    def is_outcome(value: object) -> bool:
        return isinstance(value, dict) and all(
            isinstance(value.get(key), bool) for key in ("won", "dealt_in", "b_won", "b_dealt_in")
        ) and isinstance(value.get("gain"), int | float) and not isinstance(value.get("gain"), bool)

    def is_play(play: object) -> bool:
        if not isinstance(play, dict) or not isinstance(play.get("changed"), list):
            return False
        at, kept, changed = play.get("at"), play.get("kept"), play["changed"]
        return (isinstance(at, dict) and all(is_outcome(o) for o in at.values())
                and all(isinstance(s, str) and _is_scale(s) for s in at)
                and all(isinstance(s, str) for s in changed) and sorted(changed) == sorted(at)
                and ((kept is None and not at) or is_outcome(kept)))

    return (isinstance(deal, dict) and isinstance(deal.get("plays"), list) and len(deal["plays"]) == 2
            and all(is_play(p) for p in deal["plays"])
            and all(isinstance(s, str) and _is_scale(s) for s in deal.get("scales", [])))


def _is_scale(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=50, metavar="N", help="duplicate deals to play (default 50)")
    parser.add_argument("--seed", type=int, default=4001, metavar="S",
                        help="seeds the deals as `python -m game selfplay --seed S` does (default 4001)")
    parser.add_argument("--scales", type=float, nargs="+", default=[0.25, 0.7], metavar="X",
                        help=f"deal-in scales to measure against the kept {DEAL_IN_SCALE:g} (default 0.25 0.7)")
    parser.add_argument("--b", default="hard_v1", choices=[lvl for lvl in ARENA_LEVELS if lvl != "oracle"],
                        metavar="LEVEL", help="the opponent's level (default hard_v1)")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS), metavar="PRESET",
                        help=f"the rule preset (default kaiji): {', '.join(sorted(PRESETS))}")
    parser.add_argument("--every-play", action="store_true",
                        help="play every play to the end at the kept scale, for every level's rates")
    add_file_options(parser)
    args = parser.parse_args()
    if args.summarise:
        return print_summary(args.summarise, read_deals, summarise, "measure_build_scale")
    if args.hands <= 0 or any(s < 0 for s in args.scales):
        print("measure_build_scale: --hands must be positive and every scale at least 0", file=sys.stderr)
        return 2
    install_fast_divider()
    rules = replace(Rules.preset(args.preset), settlement="units", hands=1)
    scales = [s for s in args.scales if s != DEAL_IN_SCALE]
    deals = []
    for deal in range(args.hands):
        measured = measure_deal(rules, args.seed * 1_000_003 + deal, args.b, scales, args.every_play)
        measured["scales"] = [repr(s) for s in scales]
        deals.append(measured)
        append_json_line(args.out, measured)
    print(summarise(deals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
