"""The AI levels: each a `Player` (game/engine/player.py) that sees only its seat's view
and answers with a legal action.

- easy: a random hand that reaches mangan when one exists; naive discards (random, but
  never its own wait unless forced).
- normal: the expected-value hand; discards the tile with the least heuristic danger
  (genbutsu, suji, honour visibility).
- hard: the hand chosen for the hand to come (game/ai/lookahead.py): its waits as an
  opponent throws tiles of their class and, against one opponent, as the suit of the
  leftovers makes them look (game/ai/throws.py), against the danger of the leftovers it
  must walk;
  discards by the danger the Bayesian opponent model infers (game/ai/inference.py; its
  sampled walls weighed by how likely the opponent's discards were from them), holding
  back the kinds that carry the most of it (game/ai/planning.py) and, against one
  opponent, the most loss: the danger times what a deal-in on the kind costs; a tile that
  a final discard (houtei) makes dangerous goes before the last discard.
Every level takes every legal ron.

Reference levels, for the arena only (never offered in the window):

- hard_v1: the hard level before the hand to come: the expected-value hand, counting
  that a careful opponent lets safe-looking tiles go more readily than dangerous-looking
  ones by the class of the tile alone; discards as hard, without weighing the walls by
  the discards, by what a deal-in costs, or for the final discard.
"""

from __future__ import annotations

import random

from game.ai import building
from game.ai.danger import heuristic_danger, total_danger
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.ai.lookahead import DEAL_IN_SCALE, best_hand_to_come
from game.ai.planning import DangerFunction, costed, planned_discard
from game.ai.reading import read_danger
from game.engine.actions import Action, BuildHand, Discard, Ron
from game.engine.kyoku import Phase, SeatView
from game.engine.player import Player
from game.engine.tiles import code_kind, format_tiles


class Agent(Player):
    """An AI level's player, run in the background. Shared play: the dora flip is blind, a
    legal ron is always taken."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do in the {view.phase.value} phase")
        if view.phase is Phase.DORA:
            return self.rng.choice(legal)
        if view.phase is Phase.BUILD:
            tiles = self.build(view)
            if tiles is None:
                return BuildHand(view.seat, "", complete=True)
            return BuildHand(view.seat, format_tiles(tiles, view.rules.red_fives))
        if view.phase is Phase.RON:
            return Ron(view.seat)
        return self.discard(view, [a for a in legal if isinstance(a, Discard)])

    def build(self, view: SeatView) -> tuple[int, ...] | None:
        raise NotImplementedError

    def discard(self, view: SeatView, options: list[Discard]) -> Discard:
        raise NotImplementedError


class EasyAgent(Agent):
    name = "easy"

    def build(self, view: SeatView) -> tuple[int, ...] | None:
        return building.random_mangan_hand(view, self.rng)

    def discard(self, view: SeatView, options: list[Discard]) -> Discard:
        waits = set(view.waits)
        harmless = [a for a in options if code_kind(a.tile) not in waits] or options
        return self.rng.choice(harmless)


class NormalAgent(Agent):
    name = "normal"
    style = building.BuildStyle(risk_weight=0.3)

    def build(self, view: SeatView) -> tuple[int, ...] | None:
        return building.best_hand(view, self.style)

    def discard(self, view: SeatView, options: list[Discard]) -> Discard:
        return safest(options, Knowledge.of(view), heuristic_danger)


SAMPLES_PER_DECISION = 3
"""Opponent walls the hard level samples per discard, shared among its opponents: an
equal whole share, at least one each (3 against one opponent, 1 each against two or
three). Each costs a partial analysis of a sampled wall, about 40 ms at the median
(benchmarks/ai_decisions.py). Sampling three for each opponent, as it once did, made a
4-player discard take 0.9 s at the median and 1.8 s at p95."""


class HardV1Agent(NormalAgent):
    """The hard level as it was before the hand to come: kept as the arena's reference."""

    name = "hard_v1"
    style = building.BuildStyle(risk_weight=0.3, reads_caution=True)
    weighs_cost = False
    """Whether the plan weighs each kind's danger by what a deal-in on it costs
    (`planning.costed`), at a table of two: the cost was measured there alone."""
    weighs_discards = False
    """Whether the opponent model weighs its walls by the likelihood of the discards."""
    reads_final = False
    """Whether the plan counts the waits a final discard (houtei) brings to the floor."""

    def __init__(self, seed: int = 0, samples_per_decision: int = SAMPLES_PER_DECISION) -> None:
        super().__init__(seed)
        self.samples_per_decision = samples_per_decision
        self.models: dict[int, OpponentModel] = {}
        self.hand_key: object = None

    def discard(self, view: SeatView, options: list[Discard]) -> Discard:
        knowledge = Knowledge.of(view)
        key = (view.wall, view.dealer)
        if key != self.hand_key:
            self.hand_key = key
            self.models = {o: OpponentModel(view, o, self.rng, weighs_discards=self.weighs_discards,
                                            reads_final=self.reads_final) for o in knowledge.opponents}
        per_opponent = max(1, self.samples_per_decision // len(self.models))
        for model in self.models.values():
            model.update(view, knowledge, per_opponent)

        def inferred(kind: int, opponent: int, known: Knowledge) -> float:
            return self.models[opponent].danger(kind, known)

        def at_final(kind: int, opponent: int, known: Knowledge) -> float:
            return self.models[opponent].danger(kind, known, final=True)

        weigh = costed if self.weighs_cost and view.rules.players == 2 else _as_is
        # the particles' danger is 0 exactly where the reading's is
        return planned_discard(view, options, knowledge, weigh(inferred), safe_where=read_danger,
                               at_final=weigh(at_final) if self.reads_final else None)


class HardAgent(HardV1Agent):
    """Builds for the hand to come; discards as hard_v1 but with its walls weighed by the
    discards, a final discard's danger read and, against one opponent, by the loss a
    deal-in on each kind would cost."""

    name = "hard"
    deal_in_scale = DEAL_IN_SCALE
    weighs_cost = True
    weighs_discards = True
    reads_final = True

    def build(self, view: SeatView) -> tuple[int, ...] | None:
        return best_hand_to_come(view, self.deal_in_scale)


def _as_is(danger: DangerFunction) -> DangerFunction:
    return danger


def safest(options: list[Discard], knowledge: Knowledge, danger: DangerFunction) -> Discard:
    """The discard with the least total danger; a plain five before a red one."""
    def key(action: Discard) -> tuple[float, bool, int]:
        kind = code_kind(action.tile)
        return total_danger(kind, knowledge, danger), action.tile.startswith("0"), kind
    return min(options, key=key)


LEVELS: dict[str, type[Agent]] = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}
"""The levels a player may choose."""
REFERENCE_LEVELS: dict[str, type[Agent]] = {"hard_v1": HardV1Agent}
"""Levels kept for the arena's comparisons (`python -m game selfplay`), never offered to a
player."""


def make_agent(level: str, seed: int = 0) -> Agent:
    """An AI player of `level` (one of LEVELS or REFERENCE_LEVELS), seeded for
    reproducible play."""
    known = LEVELS | REFERENCE_LEVELS
    if level not in known:
        raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(known)}")
    return known[level](seed)
