"""A match: kyoku (hands, on screen) in sequence, the first-player rule, stakes or points, and its end.

Every random choice (who starts, each shuffle) comes from one `random.Random(seed)`, so
a seed replays a whole match. The match also keeps its own record (see record.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game import __version__
from game.engine.actions import Action, action_to_dict
from game.engine.events import Event, event_to_dict
from game.engine.kyoku import Kyoku, KyokuResult
from game.engine.rules import Rules
from game.engine.settlement import largest_payment, payments
from game.engine.tiles import tile_code
from game.engine.wall import Deal

RECORD_FORMAT = "17steps-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Settlement:
    kyoku_number: int
    gains: tuple[float, ...]
    scores: tuple[float, ...]
    stake: int
    next_stake: int


class Match:
    """Kyoku in sequence until the chosen number of hands (`rules.hands`) or a bust.

    Use: `kyoku = match.next_kyoku()`, then `match.apply(action)` until `kyoku` ends (the
    match settles it), then `next_kyoku()` again while `not match.over`.
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        if rules.hands is None and rules.settlement == "units":
            raise ValueError("units have no bankroll to bust: choose a number of hands")
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.kyoku_number = 0
        self.kyoku: Kyoku | None = None
        self.dealer: int | None = None
        self.seeded_dealer: int | None = None
        self.seeded_deal: Deal | None = None
        self.last_winner: int | None = None
        self.stake = rules.base_stake
        start = rules.base_stake * rules.bankroll_stakes if rules.settlement == "stakes" else rules.start_points
        self.scores: list[float] = [0.0 if rules.settlement == "units" else start] * rules.players
        self.settlements: list[Settlement] = []
        self.end_reason: str | None = None
        self.record: list[dict[str, Any]] = [{
            "type": "header", "format": RECORD_FORMAT, "version": RECORD_VERSION,
            "game": f"17 Steps {__version__}", "preset": rules.preset_name, "rules": rules.to_dict(),
            "seed": seed,
        }]

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def next_kyoku(self, deal: Deal | None = None, dealer: int | None = None) -> Kyoku:
        """Start the next hand. A replay passes the recorded deal and dealer; the seed's
        own choices are still drawn, so the random stream stays the same."""
        if self.over:
            raise ValueError(f"the match is over ({self.end_reason})")
        if self.kyoku is not None and self.kyoku.result is None:
            raise ValueError("the current hand has not ended")
        self.seeded_dealer = self._choose_dealer()
        self.seeded_deal = Deal.shuffle(self.rng, self.rules.virtual_dora)
        self.dealer = self.seeded_dealer if dealer is None else dealer
        self.kyoku_number += 1
        self.kyoku = Kyoku(self.rules, deal or self.seeded_deal, self.dealer)
        red = self.rules.red_fives
        self.record.append({
            "type": "hand", "number": self.kyoku_number, "dealer": self.dealer, "stake": self.stake,
            "wall": [tile_code(t, red) for t in self.kyoku.deal.wall_order],
            "virtual_dora": ([tile_code(t, red) for t in self.kyoku.deal.virtual_dora]
                             if self.kyoku.deal.virtual_dora else None),
        })
        self._log_events(self.kyoku.history)
        return self.kyoku

    def apply(self, action: Action) -> list[Event]:
        """Apply an action to the current hand; settles the hand when it ends."""
        if self.kyoku is None:
            raise ValueError("no hand in play: call next_hand() first")
        events = self.kyoku.apply(action)
        self.record.append({"type": "action", **action_to_dict(action)})
        self._log_events(events)
        if self.kyoku.result is not None:
            self._settle(self.kyoku.result)
        return events

    def _choose_dealer(self) -> int:
        players = self.rules.players
        if self.dealer is None or self.rules.first_player == "roll":
            return self.rng.randrange(players)
        if self.rules.first_player == "winner_first" and self.last_winner is not None:
            return self.last_winner
        return (self.dealer + 1) % players

    def _settle(self, result: KyokuResult) -> None:
        assert self.dealer is not None
        gains = payments(result, self.rules, self.dealer, self.stake)
        self.scores = [score + gain for score, gain in zip(self.scores, gains, strict=True)]
        stake = self.stake
        if result.drawn:
            if self.rules.settlement == "stakes":
                self.stake *= 2
            self.last_winner = None
        else:
            self.stake = self.rules.base_stake
            self.last_winner = result.wins[0].seat
        settlement = Settlement(self.kyoku_number, gains, tuple(self.scores), stake, self.stake)
        self.settlements.append(settlement)
        self.record.append({
            "type": "settlement", "hand": self.kyoku_number, "gains": list(gains),
            "scores": list(self.scores), "stake": stake, "next_stake": self.stake,
        })
        self._check_end()

    def _check_end(self) -> None:
        if self.rules.settlement == "stakes":
            if min(self.scores) < largest_payment(self.rules, self.stake):
                self.end_reason = "bust"
        elif self.rules.settlement in ("points", "points_as_dealer") and min(self.scores) < 0:
            self.end_reason = "bust"
        if self.end_reason is None and self.rules.hands is not None and self.kyoku_number >= self.rules.hands:
            self.end_reason = "hands"
        if self.end_reason is not None:
            self.record.append({"type": "match_end", "reason": self.end_reason, "scores": list(self.scores)})

    def _log_events(self, events: list[Event]) -> None:
        self.record.extend({"type": "event", **event_to_dict(e)} for e in events)
