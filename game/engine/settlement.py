"""Who pays whom when a hand ends, in each `settlement` mode of docs/rules.md §6."""

from __future__ import annotations

import math

from game.engine.hand import HandResult
from game.engine.rules import Rules
from game.engine.scoring import WinValue

DEALER_RON_FACTOR = 6
NON_DEALER_RON_FACTOR = 4


def payments(result: HandResult, rules: Rules, dealer: int, stake: int) -> tuple[float, ...]:
    """Each seat's gain (negative: payment) for one hand; they always sum to zero.

    The discarder pays each winner (several with multiple_ron = all). A draw pays nothing:
    there is no noten penalty.
    """
    gains = [0.0] * rules.players
    for win in result.wins:
        value = win.assessment.value
        assert value is not None
        amount = win_amount(value, rules, win.seat == dealer, stake)
        gains[win.seat] += amount
        gains[win.discarder] -= amount
    return tuple(int(g) if float(g).is_integer() else g for g in gains)


def win_amount(value: WinValue, rules: Rules, winner_is_dealer: bool, stake: int) -> float:
    """What the discarder pays for one win."""
    if rules.settlement == "stakes":
        return stake * value.limit_multiplier
    if rules.settlement == "units":
        return value.limit_multiplier
    factor = DEALER_RON_FACTOR if winner_is_dealer or rules.settlement == "points_as_dealer" else NON_DEALER_RON_FACTOR
    return math.ceil(value.base_points * factor / 100) * 100


def largest_payment(rules: Rules, stake: int) -> float:
    """The most one hand can cost in stakes mode: a yakuman (a double one when allowed)."""
    return stake * 4 * (2 if rules.double_yakuman else 1)
