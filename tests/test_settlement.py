"""Whether the ura dora could still change what a ron pays (game/engine/settlement.py):
the ron prompt says "ura dora may add more" only when it could (docs/rules.md §5)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine.rules import Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.settlement import ura_may_change_payment
from game.engine.tiles import SOUTH
from tests.helpers import hand_and_win, tiles


@dataclass(frozen=True)
class Row:
    id: str
    hand: str
    win: str
    expected: bool
    preset: str = "kaiji"
    changes: tuple[tuple[str, object], ...] = ()
    riichi: bool = True
    dora: str = "9p"
    """The dora indicator (9p: no dora in these hands)."""


ROWS = [
    Row("mangan: one ura makes it haneman", "123m456m789m234p5s", "5s", True, dora="4s"),
    Row("points below mangan: every han counts", "123m456m789m234p5s", "5s", True,
        changes=(("settlement", "points"), ("mangan_floor", False))),
    Row("haneman: one ura makes it baiman", "2345567788999m", "9m", True),
    Row("baiman of 8 han holding no kind thrice: 10 han is still baiman", "1233455667799m", "8m", False),
    Row("the same in points", "1233455667799m", "8m", False, changes=(("settlement", "points"),)),
    Row("baiman of 9 han holding 222m: three ura make sanbaiman", "2223344556677m", "7m", True),
    Row("sanbaiman of 11 han: two ura make kazoe yakuman", "1122335566778m", "8m", True),
    Row("kazoe yakuman already: the limit", "2233445566778m", "8m", False, dora="1m"),
    Row("yakuman: ura dora never count", "1112223334m777p", "4m", False),
    Row("yakuman in units", "1112223334m777p", "4m", False, preset="moegirl"),
    Row("four players: no ura dora at all", "2345567788999m", "9m", False, preset="four_player"),
    Row("four players with the virtual dora: an ura indicator", "2345567788999m", "9m", True,
        preset="four_player", changes=(("virtual_dora", True),)),
    Row("not in riichi: ura dora count only in riichi", "2345567788999m", "9m", False, riichi=False,
        changes=(("renhou", "four_han"),)),
]


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_the_ura_dora_may_change_the_payment_only_where_it_can(row: Row) -> None:
    rules = Rules.preset(row.preset, **dict(row.changes))
    hand, win = hand_and_win(row.hand, row.win, red_fives=False)
    context = WinContext(seat_wind=SOUTH, riichi=row.riichi, renhou=not row.riichi,
                         dora_indicators=(tiles(row.dora)[0],))
    assert assess_ron(hand, win, context, rules).value is not None, "the row is a win"
    assert ura_may_change_payment(hand, win, context, rules, winner_is_dealer=False, stake=1) is row.expected


def test_the_hidden_indicator_in_the_context_is_not_peeked_at() -> None:
    """The prompt's answer is the same whichever tile lies beneath: the player cannot know."""
    rules = Rules.preset("kaiji")
    hand, win = hand_and_win("2345567788999m", "9m", red_fives=False)
    answers = {ura_may_change_payment(hand, win, WinContext(seat_wind=SOUTH, riichi=True, ura_indicators=(ura,)),
                                      rules, False, 1) for ura in (tiles("1z")[0], tiles("8m")[0])}
    assert answers == {True}
