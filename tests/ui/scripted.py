"""A scripted opponent and hand-made tables, so UI tests know what the other seat will do."""

from __future__ import annotations

from collections.abc import Iterable

from game.app.flow import Flow
from game.app.play.session import SeatPlan, Session
from game.app.scenes.table import TableScene
from game.engine.actions import Action, BuildHand, ChooseDora, Discard, Ron
from game.engine.kyoku import SeatView
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import code_kind, format_tiles, tile_code
from tests.scenario_tools import crafted_deal

# The rule book's example hand sits in the human's wall (seat 0, wall 0): 1112223334m777p
# waits on 1m-5m, and only 4m (suuankou tanki) reaches mangan. The opponent holds 2m and 4m.
HUMAN_WALL = "1112223334m777p123456789s1234567z689p11z"
EXAMPLE_HAND = "1112223334m777p"
OPPONENT_WALL_START = "24m"


class ScriptedAgent:
    """Discards its script in order (None: any tile outside `avoid`), then the first legal
    tile outside `avoid`; always rons.
    Builds the 13 lowest tiles of its wall that its script does not need; flips the first
    side-wall stack."""

    name = "scripted"

    def __init__(self, discards: Iterable[str | None] = (), avoid: Iterable[str] = (),
                 hand: str | None = None) -> None:
        """`hand`, if given, is the hand it builds (from its own wall)."""
        self.discards = list(discards)
        self.avoid = {code_kind(code) for code in avoid}
        self.hand = hand

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if any(isinstance(a, Ron) for a in legal):
            return Ron(view.seat)
        first = legal[0]
        if isinstance(first, ChooseDora):
            return first
        if isinstance(first, BuildHand) and self.hand is not None:
            return BuildHand(view.seat, self.hand)
        if isinstance(first, BuildHand):
            assert view.wall is not None
            kept_back = list(self.discards)
            hand = []
            for tile in sorted(view.wall):
                code = tile_code(tile, view.rules.red_fives)
                if code in kept_back:
                    kept_back.remove(code)  # the script discards it later: not in the hand
                elif len(hand) < 13:
                    hand.append(tile)
            return BuildHand(view.seat, format_tiles(hand, view.rules.red_fives))
        if isinstance(first, Discard):
            codes = [a.tile for a in legal if isinstance(a, Discard)]
            while self.discards:
                code = self.discards.pop(0)
                if code is None:
                    break
                if code in codes:
                    return Discard(view.seat, code)
            safe = [c for c in codes if code_kind(c) not in self.avoid]
            return Discard(view.seat, (safe or codes)[0])
        return first


def crafted_table(app, opponent: ScriptedAgent, rules: Rules | None = None, ura: str = "5z") -> TableScene:
    """A solo table on the hand-made deal, the human (seat 0) dealing; the dora indicator
    (5z) is the first stack of the right-hand side wall, `ura` the tile beneath it."""
    match = Match(rules or Rules.preset("kaiji"), seed=1)
    deal = crafted_deal({0: HUMAN_WALL, 2: OPPONENT_WALL_START}, dora=(1, 0, "5z", ura))
    match.next_kyoku(deal, dealer=0)
    session = Session(match, SeatPlan.solo(2, "normal"), {1: opponent}, app.executor)
    Flow(app).table(session)
    return app.stack.top
