"""The 17 Steps lab: the sources' claims about the game, measured by simulation.

Two experiments, each a sequence of independent seeded samples (sample i draws from its
own `random.Random`, so the results never depend on how the samples are split across
worker processes):

* walls: a shuffled table's first personal wall (34 tiles) and, where the preset has a
  dora, the indicator flipped from a random side-wall stack (or the virtual set's). Does
  the wall form any tenpai at all, and, for each seat wind, any tenpai hand with a live
  wait on which a plain riichi ron (no ippatsu, houtei or ura) is worth mangan or more?
* deals: a shuffled table, the first player by roll, the dora flipped and every hand
  built by the hard AI. Per seat: does any opponent's pool hold a tile that completes its
  hand (and one on which it may win: the floor cleared)? Does its own pool hold five or
  more tiles that complete one opponent's hand? Only 17 of the 21 pool tiles are ever
  discarded, so five of them is a deal-in unless the holder wins first.

Every share comes with a 95% Wilson score interval (exact enough near 0 and 1, where the
normal approximation fails). Seats are reported by seat wind: East is the first player.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import math
import multiprocessing.pool
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.ai.agents import make_agent
from game.engine.analysis import WaitAnalysis, WallAnalyser
from game.engine.kyoku import SEAT_WIND_ORDER, Kyoku, Phase
from game.engine.rules import Rules
from game.engine.scoring import install_fast_divider
from game.engine.tiles import WIND_KINDS, WIND_NAMES, counts34
from game.engine.wall import STACKS_PER_WALL, Deal, side_walls
from game.processes import spawn_context

Z95 = 1.959964
FORCED_DEAL_IN = 5
BUILDER_LEVEL = "hard"
Job = TypeVar("Job")
Facts = TypeVar("Facts")


@dataclass(frozen=True)
class Share:
    """`hits` of `trials`, with its 95% interval."""

    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.trials)

    def to_dict(self) -> dict[str, object]:
        low, high = self.interval
        return {"hits": self.hits, "trials": self.trials, "share": round(self.value, 6),
                "ci95": [round(low, 6), round(high, 6)]}


def wilson_interval(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share; (0, 1) when nothing was tried."""
    if trials <= 0:
        return 0.0, 1.0
    share = hits / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_wind_kinds(players: int) -> tuple[int, ...]:
    """The seat winds at a table of `players`, East (the first player) first."""
    return tuple(WIND_KINDS[w] for w in SEAT_WIND_ORDER[players])


def seat_wind_names(players: int) -> tuple[str, ...]:
    return tuple(WIND_NAMES[w] for w in SEAT_WIND_ORDER[players])


def sample_rng(kind: str, seed: int, index: int) -> random.Random:
    """The generator of one sample: seeded by text, so every sample has its own stream."""
    return random.Random(f"17steps lab {kind} {seed} {index}")


# --- walls ---------------------------------------------------------------------------


@dataclass(frozen=True)
class WallFacts:
    """What one wall can build: any tenpai, and per seat wind a live mangan tenpai."""

    tenpai: bool
    mangan_by_seat: tuple[bool, ...]


def sample_wall(rng: random.Random, rules: Rules) -> tuple[tuple[int, ...], int | None]:
    """A personal wall and its dora indicator (None without dora), dealt as the table deals."""
    deal = Deal.shuffle(rng, rules.virtual_dora)
    wall = deal.personal_wall(rules.players, 0)
    if deal.virtual_dora is not None:
        return wall, deal.virtual_dora[0]
    if not rules.has_dora:
        return wall, None
    side = rng.choice(side_walls(rules.players))
    return wall, deal.dora_pair(rules.players, side, rng.randrange(STACKS_PER_WALL))[0]


def reaches_mangan(wait: WaitAnalysis) -> bool:
    """A live wait on which a plain riichi ron is worth mangan or more (no ura, no luck)."""
    return wait.live > 0 and wait.mangan_or_more


def wall_facts(wall: Sequence[int], indicator: int | None, rules: Rules) -> WallFacts:
    """Whether the wall forms any tenpai, and per seat wind any live mangan tenpai.

    Per seat wind the hands are scored in the order of their best live wait's bound, up
    to the first live mangan hand: a wall without one scores only the hands whose bound
    allows one."""
    winds = seat_wind_kinds(rules.players)
    if not WallAnalyser(wall, winds[0], indicator, rules).bounded().hands:
        return WallFacts(False, (False,) * len(winds))
    return WallFacts(True, tuple(WallAnalyser(wall, wind, indicator, rules).bounded().has_live_mangan()
                                 for wind in winds))


@dataclass(frozen=True)
class WallJob:
    rules: Rules
    seed: int
    index: int


def study_wall(job: WallJob) -> WallFacts:
    wall, indicator = sample_wall(sample_rng("wall", job.seed, job.index), job.rules)
    return wall_facts(wall, indicator, job.rules)


# --- deals -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DealFacts:
    """Per seat (East first) after every hand is built by the hard AI.

    `completable`: some opponent's pool holds a tile that completes the seat's hand;
    `winnable`: ... one on which a ron clears the floor; `holds_five`: the seat's pool holds
    five or more tiles completing one opponent's hand; `holds_five_winning`: ... on which
    that opponent may win."""

    tenpai: tuple[bool, ...]
    completable: tuple[bool, ...]
    winnable: tuple[bool, ...]
    holds_five: tuple[bool, ...]
    holds_five_winning: tuple[bool, ...]


@dataclass(frozen=True)
class DealJob:
    rules: Rules
    seed: int
    index: int


def built_hand(rules: Rules, rng: random.Random, agent_seed: int) -> Kyoku:
    """A dealt table with the dora flipped and every hand built by the hard AI."""
    deal = Deal.shuffle(rng, rules.virtual_dora)
    kyoku = Kyoku(rules, deal, rng.randrange(rules.players))
    agents = [make_agent(BUILDER_LEVEL, agent_seed * 31 + seat) for seat in range(rules.players)]
    while kyoku.phase in (Phase.DORA, Phase.BUILD):
        seat = kyoku.waiting_on()[0]
        kyoku.apply(agents[seat].act(kyoku.view_for(seat)))
    return kyoku


def study_deal(job: DealJob) -> DealFacts:
    rng = sample_rng("deal", job.seed, job.index)
    return deal_facts(built_hand(job.rules, rng, rng.randrange(1 << 30)))


def deal_facts(kyoku: Kyoku) -> DealFacts:
    """The facts of a table whose hands are built (see DealFacts), East first."""
    seats = kyoku.turn_order
    winning = {seat: _winning_kinds(kyoku, seat) for seat in seats}
    pools = {seat: counts34(kyoku.pools[seat]) for seat in seats}

    def held(pool: list[int], kinds: Iterable[int]) -> int:
        return sum(pool[kind] for kind in kinds)

    def others(seat: int) -> list[int]:
        return [s for s in seats if s != seat]

    return DealFacts(
        tenpai=tuple(bool(kyoku.waits[s]) for s in seats),
        completable=tuple(any(held(pools[o], kyoku.waits[s]) for o in others(s)) for s in seats),
        winnable=tuple(any(held(pools[o], winning[s]) for o in others(s)) for s in seats),
        holds_five=tuple(any(held(pools[s], kyoku.waits[o]) >= FORCED_DEAL_IN for o in others(s)) for s in seats),
        holds_five_winning=tuple(any(held(pools[s], winning[o]) >= FORCED_DEAL_IN for o in others(s))
                                 for s in seats),
    )


def _winning_kinds(kyoku: Kyoku, seat: int) -> tuple[int, ...]:
    """The seat's waits on which a plain riichi ron clears the floor."""
    built = kyoku.hands[seat]
    assert built is not None
    analyser = WallAnalyser(kyoku.walls[seat], kyoku.seat_wind_kind(seat), kyoku.dora_indicator, kyoku.rules)
    analysed = analyser.analyze_selection(built).hand
    assert analysed is not None
    return tuple(wait.kind for wait in analysed.waits if wait.clears_floor)


# --- running and tallying ------------------------------------------------------------


class _FlagCounts:
    """How often a flag held, per seat and per sample (for at least one, exactly one and
    every seat), counted as the samples come: nothing is kept per sample."""

    def __init__(self, seats: int) -> None:
        self.trials = 0
        self.by_seat = [0] * seats
        self.at_least_one = self.exactly_one = self.every = 0

    def add(self, flags: tuple[bool, ...]) -> None:
        self.trials += 1
        for seat, flag in enumerate(flags):
            self.by_seat[seat] += flag
        held = sum(flags)
        self.at_least_one += held >= 1
        self.exactly_one += held == 1
        self.every += held == len(flags)

    def shares_by_seat(self, names: Sequence[str]) -> dict[str, dict[str, object]]:
        return {name: Share(self.by_seat[i], self.trials).to_dict() for i, name in enumerate(names)}

    def summary(self, names: Sequence[str]) -> dict[str, object]:
        """Per seat, and per deal how many seats the flag holds for: at least one, exactly one, all."""
        return {
            "by_seat": self.shares_by_seat(names),
            "at_least_one": Share(self.at_least_one, self.trials).to_dict(),
            "exactly_one": Share(self.exactly_one, self.trials).to_dict(),
            "all": Share(self.every, self.trials).to_dict(),
        }


def _not(flags: tuple[bool, ...]) -> tuple[bool, ...]:
    return tuple(not f for f in flags)


def summarise_walls(rules: Rules, facts: Iterable[WallFacts]) -> dict[str, object]:
    names = seat_wind_names(rules.players)
    no_tenpai = _FlagCounts(1)
    no_mangan = _FlagCounts(len(names))
    for fact in facts:
        no_tenpai.add((not fact.tenpai,))
        no_mangan.add(_not(fact.mangan_by_seat))
    return {
        "count": no_tenpai.trials,
        "no_tenpai": Share(no_tenpai.by_seat[0], no_tenpai.trials).to_dict(),
        "no_mangan_tenpai": no_mangan.shares_by_seat(names),
    }


def summarise_deals(rules: Rules, facts: Iterable[DealFacts]) -> dict[str, object]:
    names = seat_wind_names(rules.players)
    counts = {key: _FlagCounts(len(names)) for key in (
        "not_tenpai", "no_completing_tile_in_opponents_pools", "no_winning_tile_in_opponents_pools",
        "holds_five_completing_tiles", "holds_five_winning_tiles")}
    for fact in facts:
        counts["not_tenpai"].add(_not(fact.tenpai))
        counts["no_completing_tile_in_opponents_pools"].add(_not(fact.completable))
        counts["no_winning_tile_in_opponents_pools"].add(_not(fact.winnable))
        counts["holds_five_completing_tiles"].add(fact.holds_five)
        counts["holds_five_winning_tiles"].add(fact.holds_five_winning)
    summary: dict[str, object] = {"count": counts["not_tenpai"].trials, "builder": BUILDER_LEVEL,
                                  "not_tenpai": counts.pop("not_tenpai").shares_by_seat(names)}
    summary.update((key, tally.summary(names)) for key, tally in counts.items())
    return summary


CHUNK = 8
"""Samples a worker process is handed at once: one message each way for several samples."""


def _study_chunk(work: Callable[[Job], Facts], chunk: tuple[Job, ...]) -> list[Facts]:
    return [work(job) for job in chunk]


def _outcomes(work: Callable[[Job], Facts], samples: Iterator[Job], jobs: int,
              progress: Callable[[int], None] | None) -> Iterator[Facts]:
    """`work`'s outcome of each sample in order, the samples taken from `samples` only as
    they are worked on: a trillion walls are never a trillion jobs at once (`Pool.imap`
    would take them all first). With `jobs` > 1, at most 2 chunks a process are handed out."""
    install_fast_divider()
    with contextlib.ExitStack() as stack:
        outcomes: Iterator[Facts]
        if jobs > 1:
            # as the arena's, deaf to Ctrl-C. Closed and joined, not terminated, when the reading
            # stops early: a worker killed while it sends a result holds the result queue's lock
            # for ever, and terminate() then hangs (seen once in CI); at most `ahead` chunks are
            # still to finish.
            pool = spawn_context().Pool(jobs, initializer=install_fast_divider)
            stack.callback(pool.join)
            stack.callback(pool.close)
            outcomes = itertools.chain.from_iterable(_in_order(pool, work, samples, ahead=2 * jobs))
        else:
            outcomes = map(work, samples)
        for done, outcome in enumerate(outcomes, start=1):
            yield outcome
            if progress is not None:
                progress(done)


def _in_order(pool: multiprocessing.pool.Pool, work: Callable[[Job], Facts], samples: Iterator[Job],
              ahead: int) -> Iterator[list[Facts]]:
    pending: collections.deque[multiprocessing.pool.AsyncResult] = collections.deque()
    while chunk := tuple(itertools.islice(samples, CHUNK)):
        pending.append(pool.apply_async(_study_chunk, (work, chunk)))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()


def run_lab(preset: str = "kaiji", walls: int = 1000, deals: int = 200, seed: int = 0, jobs: int = 1,
            progress: Callable[[str, int, int], None] | None = None) -> dict[str, object]:
    """Both experiments on one preset; deterministic for a seed whatever `jobs` is. Memory
    stays flat whatever the counts: samples are made as they are studied and tallied as
    they come back."""
    rules = Rules.preset(preset)

    def step(kind: str, total: int) -> Callable[[int], None] | None:
        return None if progress is None else (lambda done: progress(kind, done, total))

    wall_jobs = (WallJob(rules, seed, i) for i in range(walls))
    deal_jobs = (DealJob(rules, seed, i) for i in range(deals))
    return {
        "preset": preset,
        "seed": seed,
        "seats": list(seat_wind_names(rules.players)),
        "walls": summarise_walls(rules, _outcomes(study_wall, wall_jobs, jobs if walls > 1 else 1,
                                                  step("walls", walls))),
        "deals": summarise_deals(rules, _outcomes(study_deal, deal_jobs, jobs if deals > 1 else 1,
                                                  step("deals", deals))),
    }
