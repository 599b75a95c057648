"""The match: first-player rules, settlement modes, and the end of the match."""

from __future__ import annotations

import pytest

from game.engine.kyoku import KyokuResult, Win
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.scoring import RonAssessment, WinValue
from game.engine.settlement import payments
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.test_hand_scenarios import JUNK, NO_DORA, SANSHOKU


def value(level: str | None, han: int, fu: int = 30, yakuman: int = 0, base: int = 0) -> WinValue:
    limits = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}
    points = limits[level] * max(yakuman, 1) if level else base
    return WinValue(han, fu, (), level, yakuman, False, points)


def win_result(players: int, winner: int, discarder: int, win_value: WinValue) -> KyokuResult:
    win = Win(winner, discarder, 0, (), RonAssessment(win_value, win_value, True), None)
    return KyokuResult((win,), ((),) * players)


@pytest.mark.parametrize(("settlement", "level", "yakuman", "dealer_wins", "stake", "expected"), [
    ("stakes", "mangan", 0, False, 1, 1),
    ("stakes", "haneman", 0, True, 2, 3),
    ("stakes", "baiman", 0, False, 4, 8),
    ("stakes", "sanbaiman", 0, False, 1, 3),
    ("stakes", "yakuman", 1, False, 1, 4),
    ("units", "haneman", 0, False, 8, 1.5),
    ("units", "yakuman", 2, False, 1, 8),
    ("points", "mangan", 0, False, 1, 8000),
    ("points", "mangan", 0, True, 1, 12000),
    ("points", "haneman", 0, True, 1, 18000),
    ("points", "yakuman", 1, False, 1, 32000),
    ("points_as_dealer", "mangan", 0, False, 1, 12000),
    ("points_as_dealer", "baiman", 0, False, 1, 24000),
    ("points_as_dealer", "sanbaiman", 0, False, 1, 36000),
    ("points_as_dealer", "yakuman", 2, False, 1, 96000),
])
def test_the_discarder_pays_the_winner(settlement, level, yakuman, dealer_wins, stake, expected):
    rules = Rules.preset("kaiji", settlement=settlement)
    dealer = 1 if dealer_wins else 0
    gains = payments(win_result(2, 1, 0, value(level, 5, yakuman=yakuman)), rules, dealer, stake)
    assert gains == (-expected, expected)


def test_points_below_mangan_without_a_floor_round_up_to_hundreds():
    rules = Rules.preset("four_player")
    small = value(None, 1, 30, base=240)  # riichi alone, 30 fu: 1000 for a non-dealer
    assert payments(win_result(4, 2, 1, small), rules, 0, 1) == (0, -1000, 1000, 0)
    assert payments(win_result(4, 0, 1, small), rules, 0, 1) == (1500, -1500, 0, 0)


def test_a_draw_pays_nothing():
    assert payments(KyokuResult((), ((), ())), Rules.preset("kaiji"), 0, 4) == (0, 0)


def play_draw(match: Match, dealer: int | None = None) -> None:
    match.next_kyoku(crafted_deal({0: JUNK, 2: JUNK}, red_fives=match.rules.red_fives, dora=NO_DORA), dealer)
    build_all(match, {0: JUNK, 1: JUNK})
    drive(match, {})


def play_win(match: Match, winner: int) -> None:
    walls = {0: SANSHOKU, 2: JUNK + "8s"} if winner == 0 else {0: JUNK + "8s", 2: SANSHOKU}
    match.next_kyoku(crafted_deal(walls, red_fives=match.rules.red_fives, dora=NO_DORA))
    hands = {0: SANSHOKU, 1: JUNK} if winner == 0 else {0: JUNK, 1: SANSHOKU}
    build_all(match, hands, dora=(1, 0))
    drive(match, {1 - winner: [None, None, "8s"]})
    assert match.kyoku.result.wins[0].seat == winner


def test_alternate_passes_the_first_player_every_hand():
    match = Match(Rules.preset("kaiji"), seed=11)
    dealers = []
    for _ in range(4):
        play_draw(match)
        dealers.append(match.dealer)
    assert dealers[1:] == [1 - dealers[0], dealers[0], 1 - dealers[0]]


def test_winner_first_keeps_the_winner_and_passes_after_a_draw():
    match = Match(Rules.preset("kaiji", first_player="winner_first"), seed=2)
    play_win(match, winner=1)
    play_draw(match)
    assert match.dealer == 1
    play_draw(match)
    assert match.dealer == 0


def test_hand_one_is_rolled_from_the_seed():
    firsts = {Match(Rules.preset("kaiji"), seed).next_kyoku().dealer for seed in range(20)}
    assert firsts == {0, 1}
    assert Match(Rules.preset("kaiji"), 5).next_kyoku().dealer == Match(Rules.preset("kaiji"), 5).next_kyoku().dealer


def test_match_ends_after_the_chosen_number_of_hands():
    match = Match(Rules.preset("kaiji", hands=2), seed=1)
    play_draw(match)
    assert not match.over
    play_draw(match)
    assert match.over and match.end_reason == "hands"
    assert match.record[-1] == {"type": "match_end", "reason": "hands", "scores": [100, 100]}
    with pytest.raises(ValueError, match="over"):
        match.next_kyoku()


def test_stakes_match_busts_when_a_bankroll_cannot_cover_a_yakuman_at_the_next_stake():
    match = Match(Rules.preset("kaiji", bankroll_stakes=10, hands=None), seed=1)
    play_draw(match)  # next stake 2: the largest payment is 8, bankroll 10
    assert not match.over
    play_draw(match)  # next stake 4: a yakuman costs 16 > 10
    assert match.end_reason == "bust"


def test_points_match_ends_when_a_player_drops_below_zero():
    match = Match(Rules.preset("pro_stream", start_points=5000, hands=None), seed=1)
    play_win(match, winner=0)
    assert match.end_reason == "bust"
    assert sorted(match.scores) == [-3000 if match.dealer != 0 else -7000, 13000 if match.dealer != 0 else 17000]


def test_units_without_a_hand_count_are_refused():
    with pytest.raises(ValueError, match="units"):
        Match(Rules.preset("moegirl", hands=None), seed=1)
