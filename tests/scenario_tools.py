"""Building blocks for whole-hand scenarios: hand-made walls and a scripted driver."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from game.engine.actions import BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.kyoku import Kyoku, Phase
from game.engine.match import Match
from game.engine.tiles import TILE_COUNT, parse_tiles, pick_ids, tile_code
from game.engine.wall import TILES_PER_WALL, Deal, position


def crafted_deal(walls: Mapping[int, str], *, red_fives: bool = False, seed: int = 0,
                 dora: tuple[int, int, str, str] | None = None) -> Deal:
    """A deal whose walls start with the given mpsz tiles (wall index -> tiles).

    `dora` = (wall, stack, indicator, ura) places an indicator and the tile beneath it.
    Every other position is filled from the remaining tiles in a seeded order.
    """
    order: list[int | None] = [None] * TILE_COUNT
    remaining = set(range(TILE_COUNT))

    def place(at: int, code: str) -> None:
        (tile,) = pick_ids([code], remaining, red_fives)
        remaining.discard(tile)
        order[at] = tile

    for wall, text in walls.items():
        for offset, code in enumerate(parse_tiles(text, red_fives=red_fives)):
            if offset >= TILES_PER_WALL:
                raise ValueError(f"wall {wall} holds 34 tiles")
            place(wall * TILES_PER_WALL + offset, code)
    if dora is not None:
        wall, stack, indicator, ura = dora
        place(position(wall, stack), indicator)
        place(position(wall, stack, True), ura)
    rest = sorted(remaining)
    random.Random(seed).shuffle(rest)
    filler = iter(rest)
    return Deal(tuple(t if t is not None else next(filler) for t in order))


def build_all(target: Kyoku | Match, hands: Mapping[int, str], dora: tuple[int, int] = (1, 0)) -> None:
    hand = target.kyoku if isinstance(target, Match) else target
    assert hand is not None
    if hand.phase is Phase.DORA:
        target.apply(ChooseDora(hand.dealer, *dora))
    for seat, tiles in hands.items():
        target.apply(BuildHand(seat, tiles))


def drive(target: Kyoku | Match, discards: Mapping[int, Iterable[str | None]],
          decisions: Mapping[int, Iterable[str]] | None = None, *, until_end: bool = True) -> None:
    """Play scripted discards (per seat, in order) and ron decisions ('ron'/'pass').

    Without `until_end` it stops when the scripts are used up or a ron decision has no
    scripted answer; with it, unscripted decisions are 'ron'.

    A None in a script, or a script that has run out, discards `filler`: a pool tile
    nobody waits on, so filler never hands out wins the scenario did not ask for.
    """
    hand = target.kyoku if isinstance(target, Match) else target
    assert hand is not None
    scripts = {seat: list(tiles) for seat, tiles in discards.items()}
    answers = {seat: list(a) for seat, a in (decisions or {}).items()}
    while hand.phase in (Phase.DISCARD, Phase.RON):
        if hand.phase is Phase.RON:
            seat = hand.pending_ron[0]
            if not answers.get(seat) and not until_end:
                return
            answer = answers[seat].pop(0) if answers.get(seat) else "ron"
            target.apply(Ron(seat) if answer == "ron" else Pass(seat))
            continue
        seat = hand.turn
        assert seat is not None
        script = scripts.get(seat, [])
        if not script and not until_end and not any(scripts.values()):
            return
        tile = script.pop(0) if script else None
        target.apply(Discard(seat, tile or filler(hand, seat)))


def filler(kyoku: Kyoku, seat: int) -> str:
    others = {k for s in range(kyoku.rules.players) if s != seat for k in kyoku.waits[s]}
    own = set(kyoku.waits[seat])
    pool = kyoku.pools[seat]
    for avoid in (others | own, others):
        for tile in pool:
            if tile // 4 not in avoid:
                return tile_code(tile, kyoku.rules.red_fives)
    return tile_code(pool[0], kyoku.rules.red_fives)
