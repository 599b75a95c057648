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
particles that win on it, blended with the fitted reading of the discards
(game/ai/reading.py) so that few particles never mean certainty.

With a discard sharpness above 0 (the hard level; hard_v1 has none) a particle is also
weighed by how likely the opponent's discards were had it held that pool: the opponent
is taken to discard like a careful player, each kind of its pool with a chance falling
off exponentially with the danger it would read in it against its own opponents (the
heuristic of game/ai/danger.py, from what it saw at the time, its own waits heavily
penalised), so a pool that kept safe tiles while the opponent threw dangerous ones, or
whose waits the opponent threw, counts for less.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.danger import heuristic_danger, total_danger
from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.engine.analysis import WallAnalyser
from game.engine.events import Discarded, Event, RiichiDeclared
from game.engine.hand import SeatView
from game.engine.tiles import EAST, KIND_COUNT, RED_FIVE_IDS, code_kind, dora_kind, kind_of

PRIOR_WEIGHT = 60.0
"""How many particles the fitted reading counts as. By the area under the ROC curve of
each kind's danger against the opponent's real winning kinds within each decision
(tools/measure_danger_ranking.py, 40 deals, docs/ai.md): the reading alone 0.636, blended
with the particles at 30, 60 and 120: 0.643, 0.650, 0.648 (after eight discards, 0.700
alone and blended). The particles add a little, so they adjust the reading rather than
replace it."""
MAX_PARTICLES = 200
WIND_ORDER = ("east", "south", "west", "north")


@dataclass
class Particle:
    pool: Counter[int]
    clearing: frozenset[int]
    waits: frozenset[int]
    wall: Counter[int] = field(default_factory=Counter)
    """The sampled wall's kinds (34 tiles): what the opponent sees of its own tiles."""
    furiten: bool = False
    alive: bool = True
    log_likelihood: float = 0.0
    """The log-chance of the opponent's discards so far, had it held this pool."""

    def wins_on(self, kind: int) -> bool:
        return self.alive and not self.furiten and kind in self.clearing


@dataclass
class Sight:
    """What the opponent has seen of the other seats' play, as the evidence is replayed."""

    others: tuple[int, ...]
    in_riichi: set[int] = field(default_factory=set)
    safe: dict[int, set[int]] = field(default_factory=dict)
    """Per other seat, the kinds that cannot win for it (its discards, and what passed it in riichi)."""
    discarded_by: dict[int, list[int]] = field(default_factory=dict)
    shown: Counter[int] = field(default_factory=Counter)
    """Copies the other seats discarded."""

    def __post_init__(self) -> None:
        for seat in self.others:
            self.safe.setdefault(seat, set())
            self.discarded_by.setdefault(seat, [])

    def see(self, event: Discarded, kind: int) -> None:
        """A discard of `kind`, by another seat or by the opponent itself."""
        if event.seat in self.discarded_by:
            self.discarded_by[event.seat].append(kind)
            self.safe[event.seat].add(kind)
            self.shown[kind] += 1
        for seat in self.others:
            if seat != event.seat and seat in self.in_riichi:
                self.safe[seat].add(kind)
        if event.riichi:
            self.in_riichi.add(event.seat)


class OpponentModel:
    """Particles for one opponent, updated from the seat's view before each discard.

    `discard_sharpness`: how strongly the opponent is taken to prefer the discards it
    would read as safe (per unit of heuristic danger, in log-odds); 0 weighs every
    living particle alike."""

    def __init__(self, view: SeatView, opponent: int, rng: random.Random,
                 discard_sharpness: float = 0.0) -> None:
        self.opponent = opponent
        self.rng = rng
        self.rules = view.rules
        self.seat_wind = EAST + WIND_ORDER.index(view.seat_winds[opponent])
        self.dora_indicator = view.dora_indicator
        self.discard_sharpness = discard_sharpness
        self.others = tuple(s for s in range(view.rules.players) if s != opponent)
        self.dora = None if view.dora_indicator is None else dora_kind(kind_of(view.dora_indicator))
        shown_indicator = view.dora_indicator is not None and view.rules.indicator_is_in_play
        self.indicator_kind = kind_of(view.dora_indicator) if shown_indicator else None
        self.particles: list[Particle] = []
        self.weights: list[float] = []
        self.seen_events = 0
        self.sight = Sight(self.others)

    def update(self, view: SeatView, knowledge: Knowledge, new_samples: int) -> None:
        """Apply the evidence that arrived since the last update, then add particles."""
        self._observe(self.particles, view.events[self.seen_events:], self.sight)
        self.seen_events = len(view.events)
        living = [p for p in self.particles if p.alive]
        self.particles = living[-MAX_PARTICLES:]
        for _ in range(new_samples):
            particle = self._sample(view, knowledge)
            if particle is not None:
                self.particles.append(particle)
        self.weights = self._weights()

    def danger(self, kind: int, knowledge: Knowledge) -> float:
        prior = read_danger(kind, self.opponent, knowledge)
        if prior == 0.0:
            return 0.0
        wins = sum(w for p, w in zip(self.particles, self.weights, strict=True) if p.wins_on(kind))
        return (wins + PRIOR_WEIGHT * prior) / (len(self.particles) + PRIOR_WEIGHT)

    def _weights(self) -> list[float]:
        """Each particle's weight, the living ones averaging 1 (so the reading keeps its
        weight against them): its likelihood relative to the others'."""
        if not self.particles:
            return []
        best = max(p.log_likelihood for p in self.particles)
        raw = [math.exp(p.log_likelihood - best) for p in self.particles]
        scale = len(raw) / sum(raw)
        return [w * scale for w in raw]

    def _observe(self, particles: list[Particle], events: Sequence[Event], sight: Sight) -> None:
        """Apply `events` in order to `particles`, advancing `sight` (what the opponent
        had seen before them) past them."""
        for event in events:
            if isinstance(event, RiichiDeclared):
                sight.in_riichi.add(event.seat)
            if not isinstance(event, Discarded):
                continue
            kind = code_kind(event.tile)
            in_riichi = self.opponent in sight.in_riichi
            for particle in particles:
                if event.seat == self.opponent:
                    if particle.pool[kind] <= 0:
                        particle.alive = False
                    else:
                        if self.discard_sharpness:
                            particle.log_likelihood += self._discard_log_chance(particle, kind, sight)
                        particle.pool[kind] -= 1
                        particle.furiten |= kind in particle.waits
                elif in_riichi and kind in particle.waits:
                    if kind in particle.clearing and not particle.furiten:
                        particle.alive = False
                    particle.furiten = True
            sight.see(event, kind)

    def _discard_log_chance(self, particle: Particle, kind: int, sight: Sight) -> float:
        """The log-chance that the opponent, holding `particle`'s pool and having seen
        `sight`, discards `kind`: a softmax over the kinds of its pool of minus the
        sharpness times the danger it would read (an own wait penalised as it would be)."""
        unseen = tuple(max(0, 4 - particle.wall[k] - sight.shown[k] - (k == self.indicator_kind))
                       for k in range(KIND_COUNT))
        knowledge = Knowledge(
            seat=self.opponent, opponents=self.others, unseen=unseen,
            safe={s: frozenset(sight.safe[s]) for s in self.others},
            discarded_by={s: tuple(sight.discarded_by[s]) for s in self.others},
            own_waits=particle.waits, furiten_for_good=particle.furiten, dora=self.dora)
        energy = {k: self.discard_sharpness * total_danger(k, knowledge, heuristic_danger)
                  for k, copies in particle.pool.items() if copies > 0}
        least = min(energy.values())
        spread = sum(math.exp(least - e) for e in energy.values())
        return least - energy[kind] - math.log(spread)

    def _sample(self, view: SeatView, knowledge: Knowledge) -> Particle | None:
        """A sampled wall and its best hand, with the evidence so far applied; None when
        there is none to sample or the evidence contradicts it."""
        discarded = Counter(knowledge.discarded_by[self.opponent])
        unknown = [k for k in range(KIND_COUNT) for _ in range(knowledge.unseen[k])]
        hidden = 34 - sum(discarded.values())
        if hidden < 13 or len(unknown) < hidden:
            return None
        drawn = Counter(self.rng.sample(unknown, hidden))
        taken = self.dora_indicator if self.rules.indicator_is_in_play else None
        wall = tuple(_ids(drawn, self.rules.red_fives, taken))
        hands = WallAnalyser(wall, self.seat_wind, self.dora_indicator, self.rules).best_hands(1).hands
        pool = drawn + discarded
        if hands:
            best = hands[0]
            pool.subtract(Counter(kind_of(t) for t in best.tiles))
            clearing = frozenset(w.kind for w in best.waits if w.clears_floor)
            particle = Particle(pool, clearing, frozenset(w.kind for w in best.waits), drawn + discarded)
        else:
            particle = Particle(pool, frozenset(), frozenset(), drawn + discarded)
        # replayed in order: a clearing wait let pass is consistent only with an
        # opponent already furiten by then
        self._observe([particle], view.events, Sight(self.others))
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

