"""The arena's duplicate deals, one JSON line per deal as it is played, and their sums.

`python -m game selfplay` prints its figures only at the end, so a run stopped early (a
shared machine, a deadline) loses everything it played. This tool plays the same deals
(`--seed S` seeds deal d as `selfplay --seed S` does; `--first-deal` starts further on,
so a stopped run can be taken up where it stopped) and appends each to `--out` as soon as
it is played. `--summarise` prints, per match and preset, the figures `selfplay` prints
(units per hand of the first level with its 95% interval clustered by deal, win, deal-in
and draw rates of both) over every deal of the files, each deal counted once, and which
seeds and deals they are.

    python tools/arena_log.py --a hard --b hard_v1 --preset three_player --seed 3301 --hands 50 --out FILE
        [--first-deal D]
    python tools/arena_log.py --summarise FILE...
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.arena import ARENA_LEVELS, Z95, DealJob, arena_rules, play_duplicate
from game.engine.rules import MULTIPLE_RON_MODES, PRESETS, Rules
from game.engine.scoring import install_fast_divider
from tools.json_lines import add_file_options, append_json_line, print_summary, read_json_lines

SEED_STRIDE = 1_000_003  # the arena's: deal d of seed S is seeded S * SEED_STRIDE + d
OUTCOMES = ("won", "dealt_in", "drew")


def play(level_a: str, level_b: str, preset: str, seed: int, deal: int, multiple_ron: str | None = None) -> dict:
    """One duplicate deal as a line: per play, each level's gain, win, deal-in and draw.
    With another `multiple_ron` than the preset's, the line's preset names it."""
    rules = arena_rules(preset, multiple_ron)
    started = time.process_time()
    plays = play_duplicate(DealJob(rules, seed * SEED_STRIDE + deal, (level_a, level_b), None))
    if rules.multiple_ron != Rules.preset(preset).multiple_ron:
        preset = f"{preset}, multiple_ron {rules.multiple_ron}"
    return {
        "a": level_a, "b": level_b, "preset": preset, "seed": seed, "deal": deal,
        "plays": [{side: {"gain": p.gain, **{key: bool(getattr(p, key)) for key in OUTCOMES}}
                   for side, p in zip("ab", pair, strict=True)} for pair in plays],
        "cpu_s": round(time.process_time() - started, 3),
    }


def summarise(deals: Iterable[dict]) -> str:
    """Per match and preset: the deals and seeds, the first level's units per hand (95%
    interval clustered by deal), both levels' win, deal-in and draw rates, CPU per deal."""
    matches: dict[tuple[str, str, str], dict[tuple[int, int], dict]] = {}
    for deal in deals:
        # a deal played twice (runs that overlap) counts once: it comes out the same
        matches.setdefault((deal["a"], deal["b"], deal["preset"]), {})[(deal["seed"], deal["deal"])] = deal
    lines = []
    for (a, b, preset), by_deal in sorted(matches.items()):
        played = list(by_deal.values())
        totals = [statistics.fmean(p["a"]["gain"] for p in d["plays"]) for d in played]
        mean = statistics.fmean(totals)
        half = Z95 * statistics.stdev(totals) / math.sqrt(len(totals)) if len(totals) > 1 else 0.0
        plays = [p for d in played for p in d["plays"]]

        def share(side: str, key: str, plays: list[dict] = plays) -> str:
            return f"{sum(p[side][key] for p in plays) / len(plays):.1%}"

        lines.append(f"{a} vs {b}, {preset}: {len(played)} duplicate deals ({_seeds(by_deal)}); "
                     f"{a} {mean:+.3f} units per hand (95% CI {mean - half:+.3f}, {mean + half:+.3f}); "
                     f"win {share('a', 'won')} vs {share('b', 'won')}, "
                     f"deal-in {share('a', 'dealt_in')} vs {share('b', 'dealt_in')}, draw {share('a', 'drew')}; "
                     f"CPU {statistics.fmean(d['cpu_s'] for d in played):.1f} s per deal")
    return "\n".join(lines)


def _seeds(by_deal: dict[tuple[int, int], dict]) -> str:
    """Which deals of which seeds, as runs: `seed 3301 deals 0-49, seed 3302 deals 0-12`."""
    runs = []
    for seed in sorted({s for s, _ in by_deal}):
        numbers = sorted(d for s, d in by_deal if s == seed)
        starts = [n for n in numbers if n - 1 not in numbers]
        ends = [n for n in numbers if n + 1 not in numbers]
        runs += [f"seed {seed} deal {s}" if s == e else f"seed {seed} deals {s}-{e}"
                 for s, e in zip(starts, ends, strict=True)]
    return ", ".join(runs)


def read_deals(paths: Iterable[Path]) -> list[dict]:
    """The deals of `--out` files; a line that is not one (a run killed mid-write) is
    named on stderr and skipped."""
    return read_json_lines(paths, _is_deal, "a played deal")


def _is_deal(deal: object) -> bool:
    def is_side(side: object) -> bool:
        return (isinstance(side, dict) and all(isinstance(side.get(key), bool) for key in OUTCOMES)
                and isinstance(side.get("gain"), int | float) and not isinstance(side.get("gain"), bool)
                and math.isfinite(side["gain"]))

    return (isinstance(deal, dict)
            and all(isinstance(deal.get(key), str) for key in ("a", "b", "preset"))
            and all(isinstance(deal.get(key), int) and not isinstance(deal.get(key), bool) for key in ("seed", "deal"))
            and isinstance(deal.get("cpu_s"), int | float)
            and isinstance(deal.get("plays"), list) and len(deal["plays"]) == 2
            and all(isinstance(p, dict) and is_side(p.get("a")) and is_side(p.get("b")) for p in deal["plays"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="hard", choices=ARENA_LEVELS, metavar="LEVEL",
                        help="the first level (default hard)")
    parser.add_argument("--b", default="hard_v1", choices=ARENA_LEVELS, metavar="LEVEL",
                        help="the second level (default hard_v1)")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS), metavar="PRESET",
                        help=f"the rule preset (default kaiji): {', '.join(sorted(PRESETS))}")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seeds the deals as selfplay's --seed does")
    parser.add_argument("--first-deal", type=int, default=0, metavar="D", help="the first deal of the seed to play")
    parser.add_argument("--hands", type=int, default=50, metavar="N", help="duplicate deals to play (default 50)")
    parser.add_argument("--multiple-ron", default=None, choices=MULTIPLE_RON_MODES, metavar="MODE",
                        help="head_bump or all, as selfplay's --multiple-ron (default: the preset's)")
    add_file_options(parser)
    args = parser.parse_args()
    if args.summarise:
        return print_summary(args.summarise, read_deals, summarise, "arena_log")
    if args.hands <= 0 or args.first_deal < 0:
        print("arena_log: --hands must be positive and --first-deal at least 0", file=sys.stderr)
        return 2
    if args.multiple_ron is not None and not PRESETS[args.preset].option_applies("multiple_ron"):
        print("arena_log: --multiple-ron applies only at three or four players", file=sys.stderr)
        return 2
    install_fast_divider()
    deals = []
    for deal in range(args.first_deal, args.first_deal + args.hands):
        deals.append(play(args.a, args.b, args.preset, args.seed, deal, args.multiple_ron))
        append_json_line(args.out, deals[-1])
    print(summarise(deals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
