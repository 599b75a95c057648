"""The hard level's opponent model: what could the opponent's fixed hand be?

Particles are sampled opponent walls: the tiles it has discarded (known to be in its
wall and its pool) plus unseen tiles drawn at random for the rest. From each sampled
wall the opponent is assumed to build the hand the analyser ranks best among the tiles
it has not discarded (found best-first: only hands that could come before it are
scored). The evidence is applied in the order it happened: to a new particle all of it,
then each discard as it comes. A particle dies when the evidence contradicts it — a
discard that is not in its pool, or a tile let pass in riichi that its hand would have
won on while not yet furiten — and turns harmless (furiten) once the opponent discarded
one of its waits or let one pass in riichi. The danger of a tile is the share of living
particles that win on it (weighed, and as a final discard, by the readings below),
blended with the fitted reading of the discards (game/ai/reading.py) so that few
particles never mean certainty.

Analysing a sampled wall is nearly all of a discard's cost (a 34-tile wall, 50 to 400 ms
of CPU; benchmarks/ai_decisions.py), so a wall is drawn when it is due, and analysed
only when a danger is asked of the particles: a decision with a tile safe against
every opponent asks none (game/ai/planning.py), and a wall the opponent's later
discards refute by its tiles alone is never analysed. The walls are drawn in the same
order from the same generator and the evidence replayed in the same order, so the
particles, and every decision, are those of analysing each wall when drawn.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.ai.throws import let_go_factors
from game.engine.analysis import WallAnalyser
from game.engine.events import Discarded, Event, RiichiDeclared
from game.engine.kyoku import DISCARDS_PER_SEAT, SeatView
from game.engine.tiles import EAST, KIND_COUNT, RED_FIVE_IDS, code_kind, dora_kind, kind_of

PRIOR_WEIGHT = 60.0
"""How many particles the fitted reading counts as. By the area under the ROC curve of
each kind's danger against the opponent's real winning kinds within each decision
(tools/measure_danger_ranking.py, 40 deals, docs/ai.md): the reading alone 0.636, blended
with the particles at 30, 60 and 120: 0.643, 0.650, 0.648 (after eight discards, 0.700
alone and blended). The particles add a little, so they adjust the reading rather than
replace it."""
MAX_PARTICLES = 200
DISCARDS_BEFORE_SAMPLING = 3
"""Walls are drawn for an opponent once it has discarded this many tiles. A wall drawn
before is 32 to 34 random tiles, conditioned on next to nothing, and the costliest to
analyse (a wall's tenpai hands grow steeply with its size: CPU per wall at the median,
34 tiles 119 ms, 33 84 ms, 32 56 ms, 31 45 ms, 29 17 ms, 25 3 ms, pro_stream); drawn from
the first discard, the hard level's discards took 0.32 to 0.47 s at p95 at two players
with red fives and at four (docs/ai.md, "Decision times")."""
WIND_ORDER = ("east", "south", "west", "north")


@dataclass
class Particle:
    pool: Counter[int]
    clearing: frozenset[int]
    waits: frozenset[int]
    furiten: bool = False
    alive: bool = True
    final_only: frozenset[int] = frozenset()
    """Waits that reach the floor only on a final discard (houtei)."""
    log_likelihood: float = 0.0
    """Of the opponent's discards so far, had it let its pool go as `LET_GO` says."""

    def wins_on(self, kind: int, final: bool = False) -> bool:
        """Whether its hand rons `kind`: as a final discard (houtei) when `final`."""
        if not self.alive or self.furiten:
            return False
        return kind in self.clearing or (final and kind in self.final_only)


@dataclass(frozen=True)
class SampledWall:
    """A sampled opponent wall not analysed yet."""

    drawn: Counter[int]
    """The unseen tiles drawn for the rest of the wall, by kind."""
    discarded: Counter[int]
    """The opponent's discards when it was drawn, by kind."""

    def refuted_by(self, discarded: Counter[int]) -> bool:
        """Whether the opponent's discards so far (`discarded`) could not have come from
        this wall's pool, whatever hand it builds: a discard since the draw takes a copy
        from the drawn tiles, which the hand only makes fewer."""
        return any(count > self.drawn[kind] for kind, count in (discarded - self.discarded).items())


class OpponentModel:
    """Particles for one opponent, updated from the seat's view before each discard."""

    def __init__(self, view: SeatView, opponent: int, rng: random.Random, *,
                 weighs_discards: bool = False, reads_final: bool = False) -> None:
        self.opponent = opponent
        self.rng = rng
        self.rules = view.rules
        self.seat_wind = EAST + WIND_ORDER.index(view.seat_winds[opponent])
        self.dora_indicator = view.dora_indicator
        dora = None if view.dora_indicator is None else dora_kind(kind_of(view.dora_indicator))
        self.let_go = let_go_factors(dora) if weighs_discards else None
        """Per kind, how readily the opponent lets a pool tile go; None: not weighed."""
        self.reads_final = reads_final
        self.particles: list[Particle] = []
        """The analysed particles; every one older than every wall in `sampled`."""
        self.sampled: list[SampledWall] = []
        self.events: Sequence[Event] = ()
        self.seen_events = 0
        self.in_riichi = False

    def update(self, view: SeatView, knowledge: Knowledge, new_samples: int) -> None:
        """Apply the evidence that arrived since the last update, then draw new walls."""
        self.in_riichi = self._observe(self.particles, view.events[self.seen_events:], self.in_riichi)
        self.events = view.events
        self.seen_events = len(view.events)
        discarded = Counter(knowledge.discarded_by[self.opponent])
        self.sampled = [wall for wall in self.sampled if not wall.refuted_by(discarded)]
        living = [p for p in self.particles if p.alive]
        if len(living) + len(self.sampled) > MAX_PARTICLES:
            # which of the newest stay depends on which sampled walls live
            self.particles = living
            self.analyse_sampled()
            living = self.particles
        self.particles = living[-MAX_PARTICLES:]
        for _ in range(new_samples):
            wall = self._draw(knowledge)
            if wall is not None:
                self.sampled.append(wall)

    def analyse_sampled(self) -> None:
        """Turn the walls drawn so far into particles, with the evidence so far applied."""
        for wall in self.sampled:
            particle = self._particle(wall)
            if particle is not None:
                self.particles.append(particle)
        self.sampled = []

    def danger(self, kind: int, knowledge: Knowledge, final: bool = False) -> float:
        """The chance that the opponent rons `kind`; as the seat's final discard (houtei)
        when `final`."""
        prior = read_danger(kind, self.opponent, knowledge)
        if prior == 0.0:
            return 0.0
        self.analyse_sampled()
        weights = self.weights()
        wins = sum(weight for weight, p in zip(weights, self.particles, strict=True) if p.wins_on(kind, final))
        return (wins + PRIOR_WEIGHT * prior) / (sum(weights) + PRIOR_WEIGHT)

    def weights(self) -> list[float]:
        """What each particle counts for beside the reading's `PRIOR_WEIGHT`: by the
        likelihood of the discards, scaled so that together they count as many particles
        as they are worth in effect (Kish's effective sample size, (Σw)² / Σw²): walls
        alike in likelihood count one each, and one wall far likelier than the rest counts
        as one, not as all of them."""
        if self.let_go is None or not self.particles:
            return [1.0] * len(self.particles)
        top = max(p.log_likelihood for p in self.particles)
        raw = [math.exp(p.log_likelihood - top) for p in self.particles]
        scale = sum(raw) / sum(weight * weight for weight in raw)
        return [weight * scale for weight in raw]

    def _observe(self, particles: list[Particle], events: Sequence[Event], in_riichi: bool) -> bool:
        """Apply `events` in order to `particles`. `in_riichi`: whether the opponent was
        in riichi before `events`; returns the same after them."""
        for event in events:
            if isinstance(event, RiichiDeclared) and event.seat == self.opponent:
                in_riichi = True
            if not isinstance(event, Discarded):
                continue
            kind = code_kind(event.tile)
            houtei = event.number == DISCARDS_PER_SEAT and self.rules.houtei == "each_final_discard"
            for particle in particles:
                if event.seat == self.opponent:
                    if particle.pool[kind] <= 0:
                        particle.alive = False
                    else:
                        if self.let_go is not None:
                            particle.log_likelihood += self._log_let_go(particle.pool, kind)
                        particle.pool[kind] -= 1
                        particle.furiten |= kind in particle.waits
                elif in_riichi and kind in particle.waits:
                    if particle.wins_on(kind, houtei):
                        particle.alive = False
                    particle.furiten = True
            if event.seat == self.opponent and event.riichi:
                in_riichi = True
        return in_riichi

    def _log_let_go(self, pool: Counter[int], kind: int) -> float:
        """The log chance that the opponent lets a copy of `kind` go next from `pool`."""
        let_go = self.let_go
        assert let_go is not None
        readiness = sum(count * let_go[k] for k, count in pool.items() if count > 0)
        return math.log(pool[kind] * let_go[kind] / readiness)

    def _draw(self, knowledge: Knowledge) -> SampledWall | None:
        """A sampled wall: the opponent's discards and unseen tiles drawn for the rest;
        None before its `DISCARDS_BEFORE_SAMPLING`-th discard, or when there are too few
        unseen tiles to draw."""
        discarded = Counter(knowledge.discarded_by[self.opponent])
        unknown = [k for k in range(KIND_COUNT) for _ in range(knowledge.unseen[k])]
        hidden = 34 - sum(discarded.values())
        if hidden < 13 or len(unknown) < hidden or hidden > 34 - DISCARDS_BEFORE_SAMPLING:
            return None
        return SampledWall(Counter(self.rng.sample(unknown, hidden)), discarded)

    def _particle(self, sampled: SampledWall) -> Particle | None:
        """A sampled wall's best hand, with the evidence so far applied; None when the
        evidence contradicts it."""
        drawn = sampled.drawn
        taken = self.dora_indicator if self.rules.indicator_is_in_play else None
        wall = tuple(_ids(drawn, self.rules.red_fives, taken))
        hands = WallAnalyser(wall, self.seat_wind, self.dora_indicator, self.rules).best_hands(1).hands
        pool = drawn + sampled.discarded
        if hands:
            best = hands[0]
            pool.subtract(Counter(kind_of(t) for t in best.tiles))
            clearing = frozenset(w.kind for w in best.waits if w.clears_floor)
            final_only = frozenset(w.kind for w in best.waits if self.reads_final
                                   and not w.clears_floor and w.clears_floor_with_houtei)
            particle = Particle(pool, clearing, frozenset(w.kind for w in best.waits), final_only=final_only)
        else:
            particle = Particle(pool, frozenset(), frozenset())
        # replayed in order: a clearing wait let pass is consistent only with an
        # opponent already furiten by then
        self._observe([particle], self.events, in_riichi=False)
        return particle if particle.alive else None


def _ids(kinds: Counter[int], red_fives: bool, taken: int | None) -> list[int]:
    """Tile ids for sampled kinds: never the `taken` id (the dora indicator), and plain
    fives first, so a sample invents a red five only when it holds every five."""
    ids = []
    for kind, count in sorted(kinds.items()):
        free = [kind * 4 + o for o in range(4) if kind * 4 + o != taken]
        free.sort(key=lambda tile: red_fives and tile in RED_FIVE_IDS)
        ids += free[:count]
    return ids

