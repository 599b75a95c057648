"""Check the value bound against the `mahjong` library on every pair of the benchmark walls.

    python -m tools.check_bound [--walls 200] [--preset NAME ...]

For each seeded wall of benchmarks/analyze.py (the indicator drawn after it) and each case
(a preset with options, a seat), every (hand, wait) pair the analyser lists is scored by
the library (for the kaiji cases also with ippatsu and with houtei) and compared with its
bound: the bound must never be lower. The sure limit (`bound.sure_limits`, which lets a
pair whose bound it meets skip the library) must never be higher. Prints per case the
pairs checked, those the bound lets through to the library (may reach mangan), those that
do reach it and those whose limit the bounds alone decide; exits 1 on any pair too low or
too high. Slow: minutes per case.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a path too: python tools/check_bound.py

from game.engine import analysis
from game.engine.bound import sure_limits
from game.engine.rules import Rules
from game.engine.scoring import assess_rons, install_fast_divider
from game.engine.tiles import EAST, NORTH, SOUTH, WEST, format_tiles
from tools.analysis_digests import seeded_wall

CASES = (
    ("kaiji", {}, EAST, True), ("kaiji", {"kiriage": False, "floor_counts_situational": False}, SOUTH, True),
    ("pro_stream", {}, WEST, False), ("moegirl", {}, EAST, False), ("three_player", {"red_fives": True}, WEST, False),
    ("four_player", {}, NORTH, False), ("four_player", {"virtual_dora": True, "double_yakuman": True}, EAST, False),
)
"""Preset, options, seat, and whether the ippatsu and houtei values are checked too."""


def check_case(rules: Rules, seat: int, walls: int, with_luck: bool) -> tuple[int, int, int, int, int]:
    """(pairs, let through, reaching mangan, decided by the bounds, wrong) over the walls."""
    pairs = through = reaching = decided = wrong = 0
    for seed in range(walls):
        wall, indicator = seeded_wall(seed)
        board = analysis.WallAnalyser(wall, seat, indicator if rules.has_dora else None, rules)
        luck = [(False, False), (True, False), (False, True)] if with_luck else [(False, False)]
        for hand in board.tenpai_hands():
            entry = board._pending_hand(hand)
            counts = hand.counts
            tiles = entry.tiles
            wins = [board._winning_tile(kind, tiles) for kind in entry.waits]
            for ippatsu, houtei in luck:
                context = replace(board.table.win_context, ippatsu=ippatsu, houtei=houtei)
                exact = assess_rons(tiles, wins, context, rules)
                for kind, win, assessment in zip(entry.waits, wins, exact, strict=True):
                    won = list(counts)
                    won[kind] += 1
                    reds = analysis._reds(tiles, win, won, rules)
                    bound = analysis._bound(board.table, tuple(won), kind, reds, ippatsu, houtei)
                    bound_table = analysis._bound_table(board.table, ippatsu, houtei)
                    sure = sure_limits(counts, (kind,), (reds,), bound_table)[0]
                    value = assessment.floor_value
                    if value is not None and bound < value.base_points:
                        wrong += 1
                        print(f"too low: seed {seed} {format_tiles(tiles, rules.red_fives)} "
                              f"wait {kind} luck {ippatsu, houtei}: bound {bound}, {value}")
                    if sure > (0 if value is None else value.base_points):
                        wrong += 1
                        print(f"sure limit too high: seed {seed} {format_tiles(tiles, rules.red_fives)} "
                              f"wait {kind} luck {ippatsu, houtei}: sure {sure}, {value}")
                    if (ippatsu, houtei) == (False, False):
                        pairs += 1
                        through += bound >= analysis.MANGAN_BASE_POINTS
                        reaching += value is not None and value.is_mangan_or_more
                        decided += bound == sure >= analysis.MANGAN_BASE_POINTS
    return pairs, through, reaching, decided, wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--walls", type=int, default=200, metavar="N",
                        help="the seeded walls 0 to N-1 of each case (default: %(default)s)")
    parser.add_argument("--preset", action="append", metavar="NAME",
                        help="only the cases of this preset (repeatable; the cases' presets: "
                             f"{', '.join(dict.fromkeys(case[0] for case in CASES))})")
    args = parser.parse_args(argv)
    install_fast_divider()
    failed = False
    for name, options, seat, with_luck in CASES:
        if args.preset and name not in args.preset:
            continue
        pairs, through, reaching, decided, wrong = check_case(Rules.preset(name, **options), seat, args.walls,
                                                              with_luck)
        print(f"{name} {options} seat {seat}: {pairs} pairs, {through} let through by the bound, "
              f"{reaching} reach mangan, {decided} decided by the bounds, {wrong} bounds wrong", flush=True)
        failed |= wrong > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
