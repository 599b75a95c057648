"""Self-play in duplicate: each seeded deal is played twice with the seats swapped.

Swapping seats cancels the luck of the deal: both agents play both walls from the same
seat positions. Results are in mangan units (the `units` settlement), and the 95%
confidence interval treats each deal as one cluster (its two plays are not independent).
"""

from __future__ import annotations

import collections
import contextlib
import errno
import math
import multiprocessing.pool
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.ai.agents import Agent, make_agent
from game.ai.building import hand_clears_floor, wall_clears_floor
from game.ai.oracle import OracleAgent
from game.engine.kyoku import Kyoku, Phase
from game.engine.match import Match
from game.engine.record import write_record
from game.engine.rules import Rules
from game.engine.scoring import install_fast_divider
from game.processes import spawn_context

ARENA_LEVELS = ("easy", "normal", "hard", "hard_v1", "oracle")
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

    def add(self, play: Play) -> None:
        self.gains.append(play.gain)
        self.plays += 1
        self.wins += play.won
        self.deal_ins += play.dealt_in
        self.draws += play.drew
        self.walls_with_mangan += play.wall_had_mangan
        self.found_mangan += play.found_mangan
        self.decision_seconds += play.decision_seconds

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
            "decision_p50_s": round(percentile(times, 0.50), 4),
            "decision_p95_s": round(percentile(times, 0.95), 4),
        }


def percentile(ordered: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank, no interpolation)."""
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def agent_factory(level: str, seed: int, table: Callable[[], Kyoku]) -> Agent:
    if level == "oracle":
        return OracleAgent(seed, table)
    return make_agent(level, seed)


@dataclass(frozen=True)
class TimedDecision:
    """How long one seat took over one decision, and in which phase of the hand: by the
    clock, and in CPU time of this process (what the decision itself cost, whatever else
    the machine runs)."""

    phase: Phase
    seconds: float
    cpu_seconds: float = 0.0


def play_deal(rules: Rules, deal_seed: int, levels: list[str], records: Path | None = None,
              label: str = "") -> tuple[Match, list[list[TimedDecision]]]:
    """One hand of the seeded deal, seat s played by `levels[s]`; returns each seat's
    decisions, timed."""
    match = Match(rules, deal_seed)
    kyoku = match.next_kyoku()
    agents = [agent_factory(level, deal_seed * 31 + seat, lambda: kyoku) for seat, level in enumerate(levels)]
    timings: list[list[TimedDecision]] = [[] for _ in levels]
    while kyoku.phase is not Phase.END:
        seat = kyoku.waiting_on()[0]
        view = kyoku.view_for(seat)
        started, cpu = time.perf_counter(), time.process_time()
        action = agents[seat].act(view)
        timings[seat].append(TimedDecision(view.phase, time.perf_counter() - started, time.process_time() - cpu))
        match.apply(action)
    if records is not None:
        write_record(records / f"deal{deal_seed}{label}.jsonl", match.record)
    return match, timings


def seat_plan(players: int, swapped: bool) -> list[int]:
    """Which agent (0 = A, 1 = B) sits at each seat: alternating, then swapped."""
    return [(seat + int(swapped)) % 2 for seat in range(players)]


@dataclass(frozen=True)
class Play:
    """What one agent did in one play of a deal."""

    gain: float
    won: bool
    dealt_in: bool
    drew: bool
    wall_had_mangan: int
    found_mangan: int
    decision_seconds: tuple[float, ...]


@dataclass(frozen=True)
class DealJob:
    """One duplicate deal to play: everything a worker process needs."""

    rules: Rules
    deal_seed: int
    levels: tuple[str, str]
    records: Path | None


def play_duplicate(job: DealJob) -> list[tuple[Play, Play]]:
    """Both plays of a deal (seats as dealt, then swapped): per play, agent A's and B's."""
    plays = []
    for swapped in (False, True):
        plan = seat_plan(job.rules.players, swapped)
        levels = [job.levels[who] for who in plan]
        match, timings = play_deal(job.rules, job.deal_seed, levels, job.records, "b" if swapped else "a")
        a, b = (_play(match, [s for s, w in enumerate(plan) if w == who], timings) for who in (0, 1))
        plays.append((a, b))
    return plays


def arena_rules(preset: str, multiple_ron: str | None = None) -> Rules:
    """The rules the arena plays `preset` by: one hand a match, settled in units; the
    preset's `multiple_ron` unless another is given."""
    rules = replace(Rules.preset(preset), settlement="units", hands=1)
    return rules if multiple_ron is None else replace(rules, multiple_ron=multiple_ron)


def run_arena(level_a: str, level_b: str, deals: int, seed: int, preset: str = "kaiji",
              records: Path | None = None, progress: Callable[[int], None] | None = None,
              jobs: int = 1, multiple_ron: str | None = None) -> dict:
    """Play `deals` duplicate deals; with `jobs` > 1 in that many worker processes. The
    deals are seeded one by one and tallied in order, so the results never depend on
    `jobs` (only the decision times do)."""
    rules = arena_rules(preset, multiple_ron)
    names = [level_a, level_b if level_b != level_a else f"{level_b}#2"]
    tallies = [AgentTally(names[0]), AgentTally(names[1])]
    if records is not None:
        check_records_folder(records)
    # made one by one as the deals are played: a billion deals must not be a billion jobs first
    work = (DealJob(rules, seed * 1_000_003 + deal, (level_a, level_b), records) for deal in range(deals))
    install_fast_divider()
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            # spawned, never forked: a fork copies whatever locks other threads of the caller
            # hold (a test run's, a window's), and a worker stuck on one never answers; deaf
            # to Ctrl-C, which this process hears. Closed and joined, not terminated, when the
            # run stops early (as the lab's pool): a worker killed while it sends a result
            # holds the result queue's lock for ever and terminate() then hangs; at most
            # `ahead` deals are still to finish.
            pool = spawn_context().Pool(jobs, initializer=install_fast_divider)
            stack.callback(pool.join)
            stack.callback(pool.close)
            outcomes = _in_order(pool, work, ahead=2 * jobs)
        else:
            outcomes = map(play_duplicate, work)
        for done, plays in enumerate(outcomes, start=1):
            for who in (0, 1):
                for play in plays:
                    tallies[who].add(play[who])
                tallies[who].deal_totals.append(sum(play[who].gain for play in plays) / len(plays))
            if progress is not None:
                progress(done)
    return {"hands": deals, "plays": deals * 2, "preset": preset, "multiple_ron": rules.multiple_ron,
            "agents": {t.name: t.summary() for t in tallies}}


def check_records_folder(folder: Path) -> None:
    """Make the records folder and prove it takes a file, before any deal is played;
    OSError (naming the folder) when it cannot."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=folder):
        pass


def _in_order(pool: multiprocessing.pool.Pool, work: Iterator[DealJob],
              ahead: int) -> Iterator[list[tuple[Play, Play]]]:
    """Each job's outcome in order, with at most `ahead` jobs handed to the pool at once
    (`Pool.imap` would take every job from `work` at once)."""
    pending: collections.deque[multiprocessing.pool.AsyncResult] = collections.deque()
    for job in work:
        pending.append(pool.apply_async(play_duplicate, (job,)))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()


def _play(match: Match, seats: list[int], timings: list[list[TimedDecision]]) -> Play:
    kyoku = match.kyoku
    assert kyoku is not None and kyoku.result is not None
    result = kyoku.result
    ours = set(seats)
    # with 3 or 4 players an agent sits twice: a ron between its own seats moves nothing
    # between the agents, so it is neither a win nor a deal-in
    against = [w for w in result.wins if (w.seat in ours) != (w.discarder in ours)]
    had = [seat for seat in seats if _wall_has_mangan(kyoku, seat)]
    return Play(
        gain=sum(match.settlements[-1].gains[s] for s in seats),
        won=any(w.seat in ours for w in against),
        dealt_in=any(w.discarder in ours for w in against),
        drew=result.drawn,
        wall_had_mangan=len(had),
        found_mangan=sum(_built_mangan(kyoku, seat) for seat in had),
        decision_seconds=tuple(d.seconds for seat in seats for d in timings[seat]),
    )


def _wall_has_mangan(kyoku: Kyoku, seat: int) -> bool:
    return wall_clears_floor(kyoku.view_for(seat))


def _built_mangan(kyoku: Kyoku, seat: int) -> bool:
    built = kyoku.hands[seat]
    return built is not None and hand_clears_floor(kyoku.view_for(seat), built)

