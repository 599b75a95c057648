"""Self-play in duplicate: each seeded deal is played twice with the seats swapped.

Swapping seats cancels the luck of the deal: both agents play both walls from the same
seat positions. Results are in mangan units (the `units` settlement), and the 95%
confidence interval treats each deal as one cluster (its two plays are not independent).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.ai.agents import Agent, make_agent
from game.ai.building import analyse, clears_somewhere
from game.ai.oracle import OracleAgent
from game.engine.hand import Hand, Phase
from game.engine.match import Match
from game.engine.record import write_record
from game.engine.rules import Rules

ARENA_LEVELS = ("easy", "normal", "hard", "oracle")
Z95 = 1.959964


@dataclass
class AgentTally:
    name: str
    gains: list[float] = field(default_factory=list)
    deal_totals: list[float] = field(default_factory=list)
    wins: int = 0
    deal_ins: int = 0
    draws: int = 0
    plays: int = 0
    walls_with_mangan: int = 0
    found_mangan: int = 0
    decision_seconds: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float | list[float] | int]:
        plays = max(self.plays, 1)
        mean = sum(self.gains) / plays
        low = high = mean
        if len(self.deal_totals) > 1:
            half = Z95 * statistics.stdev(self.deal_totals) / math.sqrt(len(self.deal_totals))
            low, high = mean - half, mean + half
        won = [g for g in self.gains if g > 0]
        lost = [g for g in self.gains if g < 0]
        times = sorted(self.decision_seconds) or [0.0]
        return {
            "units_per_hand": round(mean, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "win_rate": round(self.wins / plays, 4),
            "deal_in_rate": round(self.deal_ins / plays, 4),
            "draw_rate": round(self.draws / plays, 4),
            "average_win": round(statistics.fmean(won), 4) if won else 0.0,
            "average_loss": round(statistics.fmean(lost), 4) if lost else 0.0,
            "found_mangan_rate": round(self.found_mangan / self.walls_with_mangan, 4)
            if self.walls_with_mangan else 1.0,
            "decision_p50_s": round(_percentile(times, 0.50), 4),
            "decision_p95_s": round(_percentile(times, 0.95), 4),
        }


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def agent_factory(level: str, seed: int, table: Callable[[], Hand]) -> Agent:
    if level == "oracle":
        return OracleAgent(seed, table)
    return make_agent(level, seed)


def play_deal(rules: Rules, deal_seed: int, levels: list[str],
              records: Path | None = None, label: str = "") -> tuple[Match, list[float]]:
    """One hand of the seeded deal, seat s played by `levels[s]`; returns decision times."""
    match = Match(rules, deal_seed)
    hand = match.next_hand()
    agents = [agent_factory(level, deal_seed * 31 + seat, lambda: hand) for seat, level in enumerate(levels)]
    timings: list[list[float]] = [[] for _ in levels]
    while hand.phase is not Phase.END:
        seat = hand.waiting_on()[0]
        started = time.perf_counter()
        action = agents[seat].act(hand.view_for(seat))
        timings[seat].append(time.perf_counter() - started)
        match.apply(action)
    if records is not None:
        write_record(records / f"deal{deal_seed}{label}.jsonl", match.record)
    return match, timings


def seat_plan(players: int, swapped: bool) -> list[int]:
    """Which agent (0 = A, 1 = B) sits at each seat: alternating, then swapped."""
    return [(seat + int(swapped)) % 2 for seat in range(players)]


def run_arena(level_a: str, level_b: str, deals: int, seed: int, preset: str = "kaiji",
              records: Path | None = None, progress: Callable[[int], None] | None = None) -> dict:
    rules = replace(Rules.preset(preset), settlement="units", hands=1)
    names = [level_a, level_b if level_b != level_a else f"{level_b}#2"]
    tallies = [AgentTally(names[0]), AgentTally(names[1])]
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        totals = [0.0, 0.0]
        for swapped in (False, True):
            plan = seat_plan(rules.players, swapped)
            levels = [(level_a, level_b)[who] for who in plan]
            match, timings = play_deal(rules, deal_seed, levels, records, "b" if swapped else "a")
            _tally(match, plan, timings, tallies, totals)
        for who in (0, 1):
            tallies[who].deal_totals.append(totals[who] / 2)
        if progress is not None:
            progress(deal + 1)
    return {"hands": deals, "plays": deals * 2, "preset": preset,
            "agents": {t.name: t.summary() for t in tallies}}


def _tally(match: Match, plan: list[int], timings: list[list[float]], tallies: list[AgentTally],
           totals: list[float]) -> None:
    hand = match.hand
    assert hand is not None and hand.result is not None
    gains = match.settlements[-1].gains
    result = hand.result
    winners = {w.seat for w in result.wins}
    discarders = {w.discarder for w in result.wins}
    for who in (0, 1):
        seats = [s for s, w in enumerate(plan) if w == who]
        tally = tallies[who]
        gain = sum(gains[s] for s in seats)
        tally.gains.append(gain)
        totals[who] += gain
        tally.plays += 1
        tally.wins += bool(winners & set(seats))
        tally.deal_ins += bool(discarders & set(seats))
        tally.draws += result.drawn
        for seat in seats:
            tally.decision_seconds += timings[seat]
            if _wall_has_mangan(hand, seat):
                tally.walls_with_mangan += 1
                tally.found_mangan += _built_mangan(hand, seat)


def _wall_has_mangan(hand: Hand, seat: int) -> bool:
    return any(clears_somewhere(h) for h in analyse(hand.view_for(seat)))


def _built_mangan(hand: Hand, seat: int) -> bool:
    built = hand.hands[seat]
    return any(tuple(sorted(h.tiles)) == built and clears_somewhere(h) for h in analyse(hand.view_for(seat)))

