"""What a seat knows, read off its own view: unseen tiles and each opponent's safe tiles.

The opponent's hand is fixed before the first discard, so the evidence is exact:
- every tile an opponent discarded is in its wall and not in its hand, and is safe
  against it (a wait it discarded would make it furiten);
- a tile discarded while an opponent was in riichi and not ronned by it was either not
  its winning tile or made it furiten for good: safe against it from then on.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import Discarded, FuritenStarted, RiichiDeclared, Won
from game.engine.kyoku import SeatView
from game.engine.tiles import KIND_COUNT, code_kind, counts34, dora_kind, kind_of


@dataclass(frozen=True)
class Knowledge:
    seat: int
    opponents: tuple[int, ...]
    unseen: tuple[int, ...]
    """Copies of each kind this seat cannot see (34 counts)."""
    safe: dict[int, frozenset[int]]
    """Per opponent, the kinds that can never win for it."""
    discarded_by: dict[int, tuple[int, ...]]
    """Per opponent, the kinds of its discards, in order."""
    own_waits: frozenset[int]
    furiten_for_good: bool
    """A temporary furiten (a wait let pass before the seat's first discard) ends with that
    discard, so it is no licence to discard an own wait: only this one is."""
    dora: int | None
    """The dora kind, or None when the table has no dora indicator."""

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        players = view.rules.players
        opponents = tuple(s for s in range(players) if s != view.seat)
        seen = list(counts34(view.wall or ()))
        if view.dora_indicator is not None and view.rules.indicator_is_in_play:
            seen[kind_of(view.dora_indicator)] += 1
        in_riichi = {s: False for s in range(players)}
        safe: dict[int, set[int]] = {o: set() for o in opponents}
        discarded_by: dict[int, list[int]] = {o: [] for o in opponents}
        for event in view.events:
            if isinstance(event, RiichiDeclared):
                in_riichi[event.seat] = True
            elif isinstance(event, Discarded):
                kind = code_kind(event.tile)
                if event.seat != view.seat:
                    seen[kind] += 1
                    discarded_by[event.seat].append(kind)
                    safe[event.seat].add(kind)
                for opponent in opponents:
                    if opponent != event.seat and in_riichi[opponent]:
                        safe[opponent].add(kind)
                if event.riichi:
                    in_riichi[event.seat] = True
            elif isinstance(event, Won):
                break
        unseen = tuple(max(0, 4 - seen[k]) for k in range(KIND_COUNT))
        return cls(
            seat=view.seat,
            opponents=opponents,
            unseen=unseen,
            safe={o: frozenset(kinds) for o, kinds in safe.items()},
            discarded_by={o: tuple(kinds) for o, kinds in discarded_by.items()},
            own_waits=frozenset(view.waits),
            furiten_for_good=any(isinstance(e, FuritenStarted) and e.seat == view.seat and e.permanent
                                 for e in view.events),
            dora=None if view.dora_indicator is None else dora_kind(kind_of(view.dora_indicator)),
        )

