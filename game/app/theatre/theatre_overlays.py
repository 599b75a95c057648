"""The theatre's overlays, computed from a playback (pure; each may take seconds, so the
theatre runs them off the frame loop).

- At a build: the wall's best hands by the analyser (game/engine/analysis.py) beside the
  hand that was built, each with its expected payment (live winning tiles times their value
  in mangans, summed over the waits), and the built one's as a share of the best's.
- At a discard: the danger of each kind in the discarding seat's pool as the hard AI reads
  it (its opponent model, game/ai/inference.py, updated before each of the seat's discards,
  as `HardAgent.discard` does), and which kinds really were winning tiles for another seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.agents import SAMPLES_PER_DECISION
from game.ai.inference import OpponentModel
from game.ai.knowledge import Knowledge
from game.engine import analysis
from game.engine.actions import Discard
from game.engine.kyoku import SeatView
from game.engine.playback import Playback
from game.engine.rules import Rules
from game.engine.tiles import format_tiles, kind_of

BEST_SHOWN = 3


@dataclass(frozen=True)
class BuildReview:
    seat: int
    built: str
    built_payment: float
    best: tuple[tuple[str, float], ...]
    """The wall's best hands (mpsz) with their expected payments, best first."""
    hands_in_wall: int

    @property
    def share_of_best(self) -> float | None:
        """The built hand's expected payment as a share of the best's (None: no paying hand)."""
        top = self.best[0][1] if self.best else 0.0
        return self.built_payment / top if top > 0 else None


@dataclass(frozen=True)
class DiscardDanger:
    seat: int
    danger: dict[int, float]
    """Kind -> the chance, summed over the opponents, that it wins for one of them."""
    winning: dict[int, tuple[int, ...]]
    """Kind -> the seats it really completed (their waits), for the kinds in the pool."""


def review_build(wall: tuple[int, ...], hand: tuple[int, ...], seat: int, seat_wind: int,
                 dora_indicator: int | None, rules: Rules) -> BuildReview:
    """The analyser's verdict on one build (a second or two of pure Python)."""
    analyser = analysis.WallAnalyser(wall, seat_wind, dora_indicator, rules)
    ranked = analyser.analyze()
    built = analyser.analyze_selection(hand).hand
    red = rules.red_fives
    best = tuple((candidate.text, candidate.payment) for candidate in ranked.hands[:BEST_SHOWN])
    return BuildReview(seat, format_tiles(hand, red), built.payment if built is not None else 0.0, best,
                       len(ranked.hands))


def build_request(view: SeatView) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int | None, Rules] | None:
    """The arguments of `review_build` for the seat of `view`, once it has built."""
    if view.hand is None or view.wall is None:
        return None
    return (view.wall, view.hand, view.seat, view.seat_wind_kind(view.seat), view.dora_indicator, view.rules)


@dataclass(frozen=True)
class DiscardTurn:
    """A step at which a seat is to discard: what it saw, and what the others waited on."""

    index: int
    """The step's index in the playback."""
    view: SeatView
    waits: dict[int, tuple[int, ...]]
    """Each other seat's waits (kinds) at that step."""


def discard_turns(playback: Playback, kyoku: int, seat: int) -> tuple[DiscardTurn, ...]:
    """The steps of `kyoku` at which `seat` is to discard: what `discard_dangers` reads (small
    and picklable, so that the reading runs in a worker process, off the frame loop)."""
    turns = []
    for index, step in enumerate(playback.steps):
        view = step.views[seat]
        if step.kyoku == kyoku and any(isinstance(action, Discard) for action in view.legal_actions):
            waits = {other.seat: tuple(other.waits) for other in step.views if other.seat != seat}
            turns.append(DiscardTurn(index, view, waits))
    return tuple(turns)


def discard_dangers(turns: tuple[DiscardTurn, ...], seed: int) -> dict[int, DiscardDanger]:
    """For each of a seat's discard turns (by the step's index): the hard AI's reading of its
    pool. The opponent model samples walls with `random.Random(seed)`."""
    rng = random.Random(seed)
    models: dict[int, OpponentModel] = {}
    found: dict[int, DiscardDanger] = {}
    for turn in turns:
        view = turn.view
        knowledge = Knowledge.of(view)
        if not models:
            models = {o: OpponentModel(view, o, rng) for o in knowledge.opponents}
        per_opponent = max(1, SAMPLES_PER_DECISION // len(models))
        for model in models.values():
            model.update(view, knowledge, per_opponent)
        kinds = sorted({kind_of(tile) for tile in view.pool})
        danger = {kind: sum(models[o].danger(kind, knowledge) for o in knowledge.opponents) for kind in kinds}
        winning = {kind: tuple(o for o in knowledge.opponents if kind in turn.waits[o]) for kind in kinds}
        found[turn.index] = DiscardDanger(view.seat, danger, {k: v for k, v in winning.items() if v})
    return found
