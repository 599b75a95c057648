"""Where a wait can still win (game/engine/wait_chances.py): on the next discard, later, only
with ippatsu, only on a final discard, or not at all; the one judgement the waits strip and
the builder's helper share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine.actions import ChooseDora
from game.engine.kyoku import Kyoku
from game.engine.rules import Rules
from game.engine.scoring import WinContext
from game.engine.tiles import EAST, WEST, parse_tiles, pick_ids
from game.engine.wait_chances import (
    Basis,
    Chance,
    RonChances,
    hand_luck,
    riichi_chances,
    ron_chances,
    value_basis,
    wait_chances,
)
from tests.scenario_tools import crafted_deal

FOUR_HAN_30_FU = "3455567m445566p"  # riichi tanyao pinfu iipeikou on 2m or 8m
RIICHI_PINFU = "123m456p789s55p23s"  # 2 han 30 fu in riichi; waits 1s 4s
NO_YAKU_BUT_RIICHI = "123m456p789s11z23s"  # an East pair: no pinfu, no yaku before riichi
PLAIN = WinContext(seat_wind=WEST)
IPPATSU = WinContext(seat_wind=WEST, ippatsu=True)
HOUTEI = WinContext(seat_wind=WEST, houtei=True)
BEFORE_RIICHI = WinContext(seat_wind=WEST, riichi=False, renhou=True)
"""The first player's first discard, before the second player's riichi (its renhou)."""
KAIJI = {"kiriage": False}

CASES = [
    # rules, hand, the discards left (the next first), the wait, (now, later, luck), the chance
    pytest.param(KAIJI, FOUR_HAN_30_FU, [PLAIN, IPPATSU, HOUTEI], "2m", (False, True, ("houtei", "ippatsu")),
                 Chance.ONLY_IPPATSU_OR_HOUTEI, id="4h30-with-ippatsu-or-houtei"),
    pytest.param(KAIJI, FOUR_HAN_30_FU, [IPPATSU, PLAIN], "8m", (True, False, ("ippatsu",)),
                 Chance.ONLY_IPPATSU, id="4h30-now-with-ippatsu-only"),
    pytest.param(KAIJI, FOUR_HAN_30_FU, [PLAIN, HOUTEI], "2m", (False, True, ("houtei",)),
                 Chance.ONLY_HOUTEI, id="4h30-past-ippatsu"),
    pytest.param(KAIJI, FOUR_HAN_30_FU, [PLAIN], "2m", (False, False, ()), Chance.NEVER, id="4h30-no-luck-left"),
    pytest.param({}, FOUR_HAN_30_FU, [PLAIN, IPPATSU, HOUTEI], "2m", (True, True, ()), Chance.NOW,
                 id="kiriage-mangan"),
    pytest.param({}, FOUR_HAN_30_FU, [BEFORE_RIICHI, PLAIN], "8m", (False, True, ()), Chance.LATER,
                 id="kiriage-once-in-riichi"),
    pytest.param({}, RIICHI_PINFU, [PLAIN, IPPATSU, HOUTEI], "1s", (False, False, ()), Chance.NEVER,
                 id="riichi-pinfu-never"),
    pytest.param({"renhou": "four_han", **KAIJI}, RIICHI_PINFU, [BEFORE_RIICHI, PLAIN, IPPATSU, HOUTEI], "4s",
                 (True, False, ("renhou",)), Chance.ONLY_RENHOU, id="renhou-on-the-first-discard-only"),
    pytest.param({"renhou": "four_han", **KAIJI}, FOUR_HAN_30_FU, [BEFORE_RIICHI, PLAIN, IPPATSU, HOUTEI], "2m",
                 (True, True, ("houtei", "ippatsu")), Chance.ONLY_IPPATSU_OR_HOUTEI,
                 id="renhou-too-names-the-places-to-come"),
    pytest.param({"renhou": "four_han", **KAIJI}, RIICHI_PINFU, [PLAIN, IPPATSU, HOUTEI], "4s",
                 (False, False, ()), Chance.NEVER, id="renhou-past"),
    pytest.param(KAIJI, RIICHI_PINFU, [BEFORE_RIICHI, PLAIN, IPPATSU, HOUTEI], "4s",
                 (False, False, ()), Chance.NEVER, id="renhou-no-yaku"),
    pytest.param({"mangan_floor": False}, NO_YAKU_BUT_RIICHI, [BEFORE_RIICHI, PLAIN], "4s", (False, True, ()),
                 Chance.LATER, id="no-floor-no-yaku-before-riichi"),
]


def ids(hand: str) -> tuple[int, ...]:
    return tuple(pick_ids(parse_tiles(hand, red_fives=False), set(range(136)), False))


def judge(changes: dict, hand: str, contexts: list[WinContext], wait: str):
    """The chances of a ron on a copy of `wait` that `hand` does not hold."""
    held = ids(hand)
    (tile,) = pick_ids([wait], set(range(136)) - set(held), False)
    (found,) = wait_chances(held, [tile], RonChances(tuple(contexts), Rules.preset("kaiji", **changes)))
    return found


@pytest.mark.parametrize(("changes", "hand", "contexts", "wait", "judged", "chance"), CASES)
def test_a_wait_is_judged_on_the_discards_left(changes, hand, contexts, wait, judged, chance):
    found = judge(changes, hand, contexts, wait)
    assert (found.now, found.later, found.luck) == judged
    assert found.chance is chance and found.wins is (chance is not Chance.NEVER)


def test_the_next_rons_value_is_the_one_shown_and_no_tiles_no_chances():
    found = judge(KAIJI, FOUR_HAN_30_FU, [IPPATSU, PLAIN], "2m")
    assert found.next_ron.value is not None and found.next_ron.value.level_name == "mangan"
    assert wait_chances(ids(FOUR_HAN_30_FU), [], RonChances((PLAIN,), Rules())) == ()


def judged(wins: bool, luck: tuple[str, ...] = ()) -> SimpleNamespace:
    return SimpleNamespace(wins=wins, luck=luck)


@pytest.mark.parametrize(("waits", "luck"), [
    ([], ()),
    ([judged(False)], ()),
    ([judged(True, ("ippatsu",)), judged(False)], ("ippatsu",)),
    ([judged(True, ("houtei",)), judged(True, ("ippatsu",))], ("houtei", "ippatsu")),
    ([judged(True, ("houtei",)), judged(True)], ()),  # one wins without luck: the hand does
])
def test_a_hand_needs_luck_only_when_every_wait_that_wins_does(waits, luck):
    assert hand_luck(waits) == luck


@pytest.mark.parametrize(("seat_wind", "houtei", "finals"), [
    (EAST, "each_final_discard", 1), (WEST, "each_final_discard", 1),
    (EAST, "last_discard_of_hand", 1), (WEST, "last_discard_of_hand", 0),  # the last discard is West's own
])
def test_away_from_a_table_a_seat_in_riichi_is_judged(seat_wind, houtei, finals):
    chances = riichi_chances(Rules.preset("kaiji", houtei=houtei), seat_wind, None)
    assert chances.contexts[0] == WinContext(seat_wind=seat_wind)
    assert [c.ippatsu for c in chances.contexts].count(True) == 1
    assert [c.houtei for c in chances.contexts].count(True) == finals


@pytest.mark.parametrize(("dealer", "first"), [(0, IPPATSU), (1, BEFORE_RIICHI)],
                         ids=["first_player", "second_player"])
def test_at_the_build_the_view_tells_the_next_discard_first_then_each_later_one_once(dealer, first):
    rules = Rules.preset("kaiji", renhou="four_han")
    kyoku = Kyoku(rules, crafted_deal({}, dora=(1, 0, "5z", "6z")), dealer=dealer)
    kyoku.apply(ChooseDora(dealer, 1, 0))
    chances = ron_chances(kyoku.view_for(0))
    indicator = kyoku.dora_indicator
    wind = kyoku.seat_wind_kind(0)
    assert chances.contexts[0] == WinContext(seat_wind=wind, riichi=first.riichi, ippatsu=first.ippatsu,
                                             renhou=first.renhou, dora_indicators=(indicator,))
    assert len(set(chances.contexts[1:])) == len(chances.contexts) - 1
    assert any(c.houtei for c in chances.contexts) and chances.rules is rules


@pytest.mark.parametrize(("changes", "context", "basis"), [
    ({}, PLAIN, Basis.IN_RIICHI),
    ({}, IPPATSU, Basis.IPPATSU),
    ({}, HOUTEI, Basis.HOUTEI),
    ({}, BEFORE_RIICHI, Basis.BEFORE_RIICHI),  # Kaiji: renhou is no yaku
    ({"renhou": "four_han"}, BEFORE_RIICHI, Basis.RENHOU),
    ({"renhou": "yakuman"}, BEFORE_RIICHI, Basis.RENHOU),
])
def test_what_a_value_counts_beyond_a_plain_riichi_ron(changes, context, basis):
    assert value_basis(context, Rules.preset("kaiji", **changes)) is basis
