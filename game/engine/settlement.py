"""Who pays whom when a hand ends, in each `settlement` mode of docs/rules.md §6."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from game.engine.kyoku import KyokuResult
from game.engine.rules import Rules
from game.engine.scoring import WinContext, WinValue, assess_ron
from game.engine.tiles import KIND_COUNT, dora_kind, kind_of

DEALER_RON_FACTOR = 6
NON_DEALER_RON_FACTOR = 4


def payments(result: KyokuResult, rules: Rules, dealer: int, stake: int) -> tuple[float, ...]:
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


def ura_may_change_payment(hand: Sequence[int], win_tile: int, context: WinContext, rules: Rules,
                           winner_is_dealer: bool, stake: int) -> bool:
    """Whether the ura dora, hidden until the win, could make this ron pay more than its
    value without it (docs/rules.md §5): never at a table with no ura (4 players without
    the virtual dora), nor without riichi (ura counts only in riichi), nor where no count
    of ura dora the hand could hold changes the payment (a yakuman; a limit that the
    added han leave where it is; a settlement that pays by limit). Every indicator is
    tried, as the player cannot know which lies beneath: `context`'s own ura is ignored."""
    if not rules.has_dora or not context.riichi:
        return False
    without = context.without_ura()
    value = assess_ron(hand, win_tile, without, rules).value
    if value is None:
        return False
    paid = win_amount(value, rules, winner_is_dealer, stake)
    held = {kind_of(tile) for tile in (*hand, win_tile)}
    for indicator in range(KIND_COUNT):
        if dora_kind(indicator) not in held:
            continue  # an ura dora the hand does not hold adds nothing
        ura = assess_ron(hand, win_tile, replace(without, ura_indicators=(indicator * 4,)), rules).value
        if ura is not None and win_amount(ura, rules, winner_is_dealer, stake) != paid:
            return True
    return False


def largest_payment(rules: Rules, stake: int) -> float:
    """The most one hand can cost in stakes mode: a yakuman (a double one when allowed)."""
    return stake * 4 * (2 if rules.double_yakuman else 1)
