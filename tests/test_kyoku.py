"""Whole-hand scenarios: hand-made walls, scripted play, then the record replays identically."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import BuildHand, ChooseDora, Discard, Pass, Ron
from game.engine.analysis import WallAnalyser
from game.engine.events import (
    Discarded,
    ExhaustiveDraw,
    FuritenStarted,
    RonOffered,
    WinningTileMissed,
    Won,
)
from game.engine.kyoku import DISCARDS_PER_SEAT, POOL_SIZE, FuritenSpan, IllegalAction, Kyoku, Phase
from game.engine.match import Match
from game.engine.record import replay
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import WinContext
from game.engine.tiles import EAST, TILE_COUNT, format_tiles, kind_code, kind_of, parse_tiles, pick_ids
from game.engine.wall import PERSONAL_WALLS, side_walls
from tests.scenario_tools import build_all, crafted_deal, drive, filler

NO_DORA = (1, 0, "5z", "6z")  # indicator Haku: dora Hatsu, ura Chun; no hand below holds them



JUNK = "19p19s1234567z25p"  # 13 tiles far from tenpai



SANSHOKU = "234m234p234s67s55p"  # waits 5s/8s: riichi pinfu tanyao sanshoku = 5 han



def start(rules: Rules, walls: dict[int, str], dealer: int = 0, dora=NO_DORA) -> Match:
    match = Match(rules, seed=1)
    match.next_kyoku(crafted_deal(walls, red_fives=rules.red_fives, dora=dora), dealer)
    return match



def of_type(match: Match, kind: type) -> list:
    assert match.kyoku is not None
    return [e for e in match.kyoku.history if isinstance(e, kind)]



def assert_replays(match: Match) -> None:
    report = replay(match.record)
    assert report.ok, report.divergence



def test_passing_a_wait_below_mangan_makes_the_later_mangan_tile_unwinnable():
    # docs/rules.md §4: 1112223334m777p on 2m is 3 han 50 fu; after passing it, 4m (suuankou) is lost.
    match = start(Rules.preset("kaiji"), {0: "1112223334m777p", 2: JUNK + "24m"})
    build_all(match, {0: "1112223334m777p", 1: JUNK})
    drive(match, {1: [None, "2m", "4m"]}, until_end=False)  # not W#1: that would be ippatsu
    missed = of_type(match, WinningTileMissed)
    assert [(m.seat, m.tile, m.reason) for m in missed] == [(0, "2m", "below_floor"), (0, "4m", "furiten")]
    assert of_type(match, RonOffered) == []
    assert of_type(match, FuritenStarted) == [FuritenStarted(0, "passed", True)]
    assert match.kyoku.view_for(0).furiten
    suuankou = match.kyoku._assess(0, 1, match.kyoku.rivers[1][-1][0])
    assert suuankou.clears_floor, "4m itself would have been a yakuman"
    drive(match, {})
    assert_replays(match)



def test_own_discard_of_a_wait_is_furiten_for_the_whole_hand():
    match = start(Rules.preset("kaiji"), {0: "234m234p234s678s55p", 2: JUNK + "5p"})
    build_all(match, {0: "234m234p234s678s5p", 1: JUNK})
    drive(match, {0: ["5p"], 1: [None, "5p"]}, until_end=False)
    assert of_type(match, FuritenStarted) == [FuritenStarted(0, "own_discard", True)]
    assert [(m.tile, m.reason) for m in of_type(match, WinningTileMissed)] == [("5p", "furiten")]
    with pytest.raises(IllegalAction) as refused:
        match.apply(Ron(0))
    assert refused.value.rule == "wrong_phase"
    drive(match, {})
    assert_replays(match)



def test_the_seat_view_says_which_discard_makes_furiten_last_the_hand():
    match = start(Rules.preset("kaiji"), {0: "234m234p234s678s55p", 2: JUNK + "5p"})
    build_all(match, {0: "234m234p234s678s5p", 1: JUNK})
    view = match.kyoku.view_for(0)  # 2345p waits on 2p and 5p, and the pool holds one of each
    assert {kind_code(kind_of(tile)) for tile in view.pool if view.discard_fixes_furiten(tile)} == {"2p", "5p"}
    drive(match, {0: ["5p"]}, until_end=False)
    assert of_type(match, FuritenStarted) == [FuritenStarted(0, "own_discard", True)]
    view = match.kyoku.view_for(0)
    assert not any(view.discard_fixes_furiten(tile) for tile in view.pool), "already furiten for the rest of the hand"



def test_each_seat_builds_from_its_wall_and_keeps_the_rest_as_its_pool():
    for players in (2, 3, 4):
        match = Match(Rules.preset("kaiji", players=players), seed=players)
        match.next_kyoku(dealer=0)
        kyoku = match.kyoku
        build_all(match, {seat: format_tiles(kyoku.walls[seat][:13], False) for seat in range(players)}, dora=(3, 0))
        assert all(len(kyoku.view_for(seat).pool) == POOL_SIZE for seat in range(players))
    assert POOL_SIZE - DISCARDS_PER_SEAT == 4, "four tiles of a pool are never discarded"



def test_second_player_passing_before_own_first_discard_is_not_furiten():
    rules = Rules.preset("kaiji", kiriage=False)
    match = start(rules, {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    # Without riichi (renhou none) the hand is 4 han 30 fu: below mangan, so 8s must go by.
    drive(match, {0: ["8s", "8s"]}, until_end=False)
    assert [(m.seat, m.reason) for m in of_type(match, WinningTileMissed)] == [(1, "below_floor")]
    assert of_type(match, FuritenStarted) == [FuritenStarted(1, "temporary", False)]
    assert of_type(match, RonOffered) == [RonOffered(1, "8s")]
    assert match.kyoku.legal_actions(1) == [Ron(1), Pass(1)]
    match.apply(Ron(1))
    (won,) = of_type(match, Won)
    assert dict(won.yaku) == {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1, "sanshoku": 2}
    assert won.level == "haneman" and won.floor_han == 6
    assert match.settlements[-1].gains == (-1.5, 1.5)
    assert_replays(match)



def test_before_play_riichi_makes_a_pass_before_the_first_discard_permanent():
    rules = Rules.preset("moegirl")
    match = start(rules, {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["8s", "8s"]}, decisions={1: ["pass"]}, until_end=False)
    assert of_type(match, FuritenStarted) == [FuritenStarted(1, "passed", True)]
    assert [(m.reason) for m in of_type(match, WinningTileMissed)] == ["furiten"]



@pytest.mark.parametrize(("houtei", "expect_houtei"), [("each_final_discard", True),
                                                       ("last_discard_of_hand", False)])
def test_ron_on_the_seventeenth_discard(houtei, expect_houtei):
    rules = Rules.preset("kaiji", houtei=houtei)
    match = start(rules, {0: JUNK + "8s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None] * 16 + ["8s"]})
    (won,) = of_type(match, Won)
    assert of_type(match, Discarded)[-1] == Discarded(0, "8s", 17, False)
    assert ("houtei" in dict(won.yaku)) is expect_houtei
    assert_replays(match)



def test_exhaustive_draw_after_seventeen_discards_each_shows_every_hand():
    match = start(Rules.preset("kaiji"), {0: JUNK, 2: JUNK})
    build_all(match, {0: JUNK, 1: JUNK})
    drive(match, {})
    kyoku = match.kyoku
    assert kyoku.phase is Phase.END and kyoku.result.drawn
    assert [len(r) for r in kyoku.rivers] == [17, 17]
    assert [len(p) for p in kyoku.pools] == [4, 4]
    (draw,) = of_type(match, ExhaustiveDraw)
    assert draw.hands == ("1259p19s1234567z",) * 2
    assert kyoku.view_for(1).result.hands[0] == kyoku.hands[0]
    assert match.stake == 2
    assert_replays(match)



def test_stakes_double_over_two_draws_then_a_win_pays_the_doubled_stake_and_resets():
    rules = Rules.preset("kaiji")
    match = Match(rules, seed=7)
    for _ in range(2):
        match.next_kyoku(crafted_deal({0: JUNK, 2: JUNK}, dora=NO_DORA), 0)
        build_all(match, {0: JUNK, 1: JUNK})
        drive(match, {})
    assert [s.next_stake for s in match.settlements] == [2, 4]
    match.next_kyoku(crafted_deal({0: JUNK + "8s", 2: SANSHOKU}, dora=NO_DORA), 0)
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None, None, "8s"]})
    (won,) = of_type(match, Won)
    assert won.level == "mangan"  # riichi pinfu tanyao sanshoku; ippatsu has passed
    assert match.settlements[-1].gains == (-4, 4)
    assert match.settlements[-1].next_stake == 1
    assert match.scores == [96, 104]
    assert_replays(match)



def four_player_match(multiple_ron: str) -> Match:
    rules = Rules.preset("four_player", multiple_ron=multiple_ron)
    walls = {0: JUNK + "88s", 1: JUNK, 2: SANSHOKU, 3: "123m789p789s67s11z"}
    match = Match(rules, seed=3)
    match.next_kyoku(crafted_deal(walls), 0)
    build_all(match, {0: JUNK, 1: JUNK, 2: SANSHOKU, 3: "123m789p789s67s11z"})
    return match



def test_four_player_head_bump_gives_the_win_to_the_first_seat_in_turn_order():
    match = four_player_match("head_bump")
    assert match.kyoku.seat_winds == (0, 1, 2, 3)
    drive(match, {0: [None, "8s"]})
    assert [w.seat for w in of_type(match, Won)] == [2]
    assert of_type(match, RonOffered) == [RonOffered(2, "8s"), RonOffered(3, "8s")]
    gains = match.settlements[-1].gains
    assert gains[0] == -gains[2] and gains[1] == gains[3] == 0
    assert_replays(match)



def test_four_player_multiple_ron_pays_every_winner():
    match = four_player_match("all")
    drive(match, {0: [None, "8s"]})
    assert [w.seat for w in of_type(match, Won)] == [2, 3]
    gains = match.settlements[-1].gains
    assert gains[0] == -(gains[2] + gains[3]) and gains[2] > 0 and gains[3] > 0
    assert sum(gains) == 0
    assert_replays(match)



def test_four_player_passing_head_bump_lets_the_next_seat_win():
    match = four_player_match("head_bump")
    drive(match, {0: [None, "8s"]}, decisions={2: ["pass"]})
    assert [w.seat for w in of_type(match, Won)] == [3]
    assert FuritenStarted(2, "passed", True) in of_type(match, FuritenStarted)



def test_three_players_any_opponent_may_be_ronned_and_winds_are_east_south_west():
    rules = Rules.preset("three_player")
    match = Match(rules, seed=5)
    match.next_kyoku(crafted_deal({0: JUNK, 1: JUNK + "8s", 2: SANSHOKU}, dora=(3, 4, "5z", "6z")), 0)
    kyoku = match.kyoku
    assert kyoku.view_for(0).seat_winds == ("east", "south", "west")
    assert [a.wall for a in kyoku.legal_actions(0)] == [3] * 17
    build_all(match, {0: JUNK, 1: JUNK, 2: SANSHOKU}, dora=(3, 4))
    drive(match, {1: [None, None, "8s"]})
    (won,) = of_type(match, Won)
    assert (won.seat, won.discarder) == (2, 1)
    assert won.level == "mangan"
    assert match.settlements[-1].gains == (0, -8000, 8000)
    assert_replays(match)



def test_renhou_four_han_without_riichi_in_pro_stream():
    rules = Rules.preset("pro_stream")
    match = start(rules, {0: JUNK + "8s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["8s"]})
    (won,) = of_type(match, Won)
    assert dict(won.yaku) == {"renhou": 4, "pinfu": 1, "tanyao": 1, "sanshoku": 2}
    assert won.level == "baiman"



def test_illegal_actions_name_the_rule_and_change_nothing():
    match = start(Rules.preset("kaiji"), {0: JUNK, 2: JUNK})
    kyoku = match.kyoku
    cases = [
        (BuildHand(0, JUNK), "wrong_phase"),
        (ChooseDora(1, 1, 0), "dealer_chooses_dora"),
        (ChooseDora(0, 0, 0), "dora_from_side_wall"),
        (ChooseDora(0, 1, 17), "dora_from_side_wall"),
        (Discard(5, "1m"), "no_such_seat"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalAction) as refused:
            kyoku.apply(action)
        assert refused.value.rule == rule
    kyoku.apply(ChooseDora(0, 1, 0))
    for action, rule in [
        (BuildHand(0, "1p"), "hand_of_13"),
        (BuildHand(0, "123456789m1234p"), "hand_from_own_wall"),
        (BuildHand(0, "19p19s1234567z2x"), "hand_from_own_wall"),
        (Discard(0, "1p"), "wrong_phase"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            kyoku.apply(action)
        assert refused.value.rule == rule
    assert kyoku.hands == [None, None] and kyoku.phase is Phase.BUILD
    build_all(match, {0: JUNK, 1: JUNK})
    with pytest.raises(IllegalAction) as refused:
        kyoku.apply(Discard(1, "1p"))
    assert refused.value.rule == "discard_in_turn"
    not_in_pool = next(k for k in range(34) if k not in {t // 4 for t in kyoku.pools[0]})
    with pytest.raises(IllegalAction) as refused:
        kyoku.apply(Discard(0, kind_code(not_in_pool)))
    assert refused.value.rule == "discard_from_pool"



def test_a_view_never_shows_another_seats_hand_before_the_end():
    match = start(Rules.preset("kaiji", kiriage=False), {0: JUNK + "8s", 2: SANSHOKU})
    kyoku: Kyoku = match.kyoku
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["8s"]}, until_end=False)
    view = kyoku.view_for(0)
    assert view.hand == kyoku.hands[0] and view.wall == kyoku.walls[0]
    assert set(view.pool) <= set(kyoku.walls[0])
    assert [e for e in view.events if getattr(e, "private", False) and e.seat != 0] == []
    assert any(isinstance(e, WinningTileMissed) for e in kyoku.view_for(1).events)
    assert view.built == (True, True)



# Another seat's ron question never shows (docs/network.md, the clock): a seat not asked sees
# the view it would have had the discard completed no hand, but for what it may tell apart:
# the next seat to discard held back sees no discard to make (the hand waits), a seat offered
# the same discard its own offer, pass and furiten (its waits and private events), and after
# the hand's last discard the result is not there yet (nor its ExhaustiveDraw event).


def discard_completing_no_hand(match: Match, action: Discard) -> Kyoku | None:
    """Apply `action`; when it opens a ron question, the kyoku as it would be had the discard
    completed no seat's hand (the seats offered it waiting on nothing)."""
    kyoku = match.kyoku
    before = copy.deepcopy(kyoku)
    start_at = len(kyoku.history)
    match.apply(action)
    offered = {e.seat for e in kyoku.history[start_at:] if isinstance(e, RonOffered)}
    if not offered:
        return None
    for seat in offered:
        before.waits[seat] = ()
    before.apply(action)
    assert before.phase is not Phase.RON
    return before


def public_events(events) -> tuple:
    return tuple(e for e in events if not getattr(e, "private", False))


def assert_question_hidden(kyoku: Kyoku, plain: Kyoku) -> int:
    """Each seat not asked `kyoku`'s open ron question sees what it sees in `plain`, but for
    what it may tell apart; the number of seats compared."""
    asked = kyoku.pending_ron[0]
    discarded = max(i for i, event in enumerate(kyoku.history) if isinstance(event, Discarded))
    offered = {e.seat for e in kyoku.history[discarded:] if isinstance(e, RonOffered)}
    compared = 0
    for seat in range(kyoku.rules.players):
        if seat == asked:
            continue
        got, want = kyoku.view_for(seat), plain.view_for(seat)
        assert got.phase is not Phase.RON and got.ron_tile is None and got.legal_actions == ()
        fields = {"legal_actions": want.legal_actions}
        if want.phase is Phase.END:  # after the hand's last discard: the result is not there yet
            assert got.result is None and want.result is not None and got.turn is None
            fields["result"] = want.result
            want = dataclasses.replace(want, events=tuple(e for e in want.events if not isinstance(e, ExhaustiveDraw)))
        elif want.turn != seat:
            assert want.legal_actions == ()
        if seat in offered:  # its own offer, pass and furiten
            fields.update(waits=want.waits, furiten=want.furiten, furiten_span=want.furiten_span)
            got = dataclasses.replace(got, events=public_events(got.events))
            want = dataclasses.replace(want, events=public_events(want.events))
        assert dataclasses.replace(got, **fields) == want, f"seat {seat}"
        compared += 1
    return compared


def question_answered_hidden(match: Match, discards: dict[int, list[str | None]],
                             answers: list[str]) -> list[tuple[int, Phase, int | None]]:
    """Play `discards` (as `drive`) up to a discard that opens a ron question, checking at it and
    after each of `answers` while it is open that it does not show (`assert_question_hidden`);
    the phase and turn each seat saw at the question's opening."""
    kyoku = match.kyoku
    scripts = {seat: list(tiles) for seat, tiles in discards.items()}
    while kyoku.phase is Phase.DISCARD:
        seat = kyoku.turn
        script = scripts.get(seat, [])
        tile = script.pop(0) if script else None
        plain = discard_completing_no_hand(match, Discard(seat, tile or filler(kyoku, seat)))
        if plain is None:
            continue
        seen = [(s, kyoku.view_for(s).phase, kyoku.view_for(s).turn) for s in range(kyoku.rules.players)]
        assert assert_question_hidden(kyoku, plain) == kyoku.rules.players - 1
        for answer in answers:
            asked = kyoku.pending_ron[0]
            match.apply(Ron(asked) if answer == "ron" else Pass(asked))
            if kyoku.phase is not Phase.RON:
                break
            assert_question_hidden(kyoku, plain)
        return seen
    raise AssertionError("no ron question was opened")


def test_at_two_seats_the_discarder_sees_the_opponents_turn_during_its_ron_question():
    match = start(Rules.preset("kaiji"), {0: JUNK + "8s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    seen = question_answered_hidden(match, {0: [None, None, "8s"]}, ["pass"])
    assert seen == [(0, Phase.DISCARD, 1), (1, Phase.RON, 0)]
    assert match.kyoku.phase is Phase.DISCARD and match.kyoku.turn == 1  # the pass: its discard, as shown


def test_after_the_hands_last_discard_a_seat_not_asked_sees_the_hand_end_without_its_result():
    match = start(Rules.preset("kaiji"), {0: SANSHOKU, 2: JUNK + "8s"})
    build_all(match, {0: SANSHOKU, 1: JUNK})
    seen = question_answered_hidden(match, {1: [None] * 16 + ["8s"]}, [])
    assert seen == [(0, Phase.RON, 1), (1, Phase.END, None)]


@pytest.mark.parametrize(("walls", "discarder", "asked", "held_back"), [
    ({0: JUNK, 1: JUNK + "8s", 2: SANSHOKU}, 1, 2, None),
    ({0: JUNK + "8s", 1: JUNK, 2: SANSHOKU}, 0, 2, 1),
], ids=["the next discarder asked", "the next discarder held back"])
def test_at_three_seats_no_seat_not_asked_sees_the_ron_question(walls, discarder, asked, held_back):
    match = Match(Rules.preset("three_player"), seed=5)
    match.next_kyoku(crafted_deal(walls, dora=(3, 4, "5z", "6z")), 0)
    build_all(match, {seat: walls[seat][:len(JUNK)] if seat != 2 else SANSHOKU for seat in range(3)}, dora=(3, 4))
    seen = question_answered_hidden(match, {discarder: [None, None, "8s"]}, ["pass"])
    following = (discarder + 1) % 3
    assert dict((s, (phase, turn)) for s, phase, turn in seen) == {
        s: (Phase.RON, discarder) if s == asked else (Phase.DISCARD, following) for s in range(3)}
    if held_back is not None:
        assert match.kyoku.view_for(held_back).legal_actions  # the pass: its discard


@pytest.mark.parametrize(("multiple_ron", "answers"), [("head_bump", ["pass"]), ("all", ["ron"])])
def test_at_four_seats_no_seat_not_asked_sees_either_ron_question(multiple_ron, answers):
    match = four_player_match(multiple_ron)  # seat 0's 8s: seats 2 then 3 asked, seat 1 held back
    seen = question_answered_hidden(match, {0: [None, "8s"]}, answers)
    assert seen == [(0, Phase.DISCARD, 1), (1, Phase.DISCARD, 1), (2, Phase.RON, 0), (3, Phase.DISCARD, 1)]
    assert match.kyoku.pending_ron == [3]  # seat 2's answer did not end the question: checked after it too


def contexts_after_each_discard(rules: Rules) -> list[tuple[str, object]]:
    """(who discarded and how many times, the other seat's win context) after every discard."""
    match = start(rules, {0: JUNK, 2: JUNK})
    build_all(match, {0: JUNK, 1: JUNK})
    kyoku = match.kyoku
    seen = []
    while kyoku.phase is Phase.DISCARD:
        seat = kyoku.turn
        drive(match, {seat: [None]}, until_end=False)
        seen.append((f"{'EW'[seat]}{kyoku.discards_made(seat)}", kyoku.win_context(1 - seat, seat)))
    return seen



@pytest.mark.parametrize(("timing", "ippatsu_after"), [
    ("with_first_discard", {"W1", "E2"}),  # each seat's window: from its riichi discard to its next
    ("before_play", {"E1", "W1"}),  # riichi before play: a ron on the opponent's first discard
])
def test_ippatsu_windows_for_each_seat(timing, ippatsu_after):
    seen = contexts_after_each_discard(Rules.preset("kaiji", riichi_timing=timing))
    assert {label for label, context in seen if context.ippatsu} == ippatsu_after
    first = dict(seen)["E1"]
    assert first.riichi is (timing == "before_play") and first.renhou is (timing == "with_first_discard")



@pytest.mark.parametrize(("houtei", "houtei_after"), [
    ("each_final_discard", {"E17", "W17"}),
    ("last_discard_of_hand", {"W17"}),
])
def test_houtei_windows_for_each_seat(houtei, houtei_after):
    seen = contexts_after_each_discard(Rules.preset("kaiji", houtei=houtei))
    assert len(seen) == 34
    assert {label for label, context in seen if context.houtei} == houtei_after



def test_the_first_player_is_east_and_the_second_west():
    match = start(Rules.preset("kaiji"), {0: JUNK, 2: JUNK}, dealer=1)
    assert match.kyoku.view_for(0).seat_winds == ("west", "east")
    assert match.kyoku.win_context(1, 0).seat_wind == 27



@pytest.mark.parametrize(("rules", "dealer"), [
    (Rules.preset("kaiji"), 0),
    (Rules.preset("kaiji"), 1),
    (Rules.preset("kaiji", riichi_timing="before_play"), 0),
    (Rules.preset("kaiji", houtei="last_discard_of_hand"), 0),
], ids=["kaiji", "kaiji_dealer_1", "riichi_before_play", "houtei_last_of_hand"])
def test_the_next_ron_context_is_the_one_the_next_ronnable_discard_has(rules, dealer):
    """What the waits strip shows from the moment a seat has built (the other still building)
    to each discard: for each seat, the context a ron on the next discard it can take will
    have. The first discard is the first player's own, which declares its riichi: its first
    chance is riichi + ippatsu, not a ron without riichi (the second player's renhou); with
    `before_play` everyone is in riichi before it. Each later chance, to the hand's last
    discard, has the context its discard will have too (`later_ron_contexts`)."""
    match = start(rules, {0: JUNK, 2: JUNK}, dealer=dealer)
    kyoku = match.kyoku
    build_all(match, {dealer: JUNK})
    assert kyoku.phase is Phase.BUILD

    def foreseen() -> dict[int, tuple[WinContext, tuple[WinContext, ...]]]:
        return {seat: (kyoku.next_ron_context(seat), kyoku.view_for(seat).later_ron_contexts()) for seat in (0, 1)}

    predicted = [foreseen()]
    match.apply(BuildHand(1 - dealer, JUNK))
    discarders, actual = [], []
    while kyoku.phase is Phase.DISCARD:
        predicted.append(foreseen())
        seat = kyoku.turn
        drive(match, {seat: [None]}, until_end=False)
        discarders.append(seat)
        actual.append(kyoku.win_context(1 - seat, seat))
    assert len(actual) == 34
    for step, contexts in enumerate(predicted):
        for seat, (context, later) in contexts.items():
            chances = [k for k in range(max(0, step - 1), len(discarders)) if discarders[k] != seat]
            if chances:
                assert context == actual[chances[0]], (step, seat)
            assert later == tuple(actual[k].without_ura() for k in chances[1:]), (step, seat)



# What letting a ron go by costs a seat, as the engine tells it (the ron prompt says it).
def offered_on_first_discard(rules: Rules) -> Match:
    """Seat 1 is offered a ron on the dealer's first discard, before its own first discard."""
    match = start(rules, {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: ["8s"]}, until_end=False)
    kyoku = match.kyoku
    assert kyoku.phase is Phase.RON and kyoku.pending_ron == [1]
    return match



def test_a_pass_before_the_seats_first_discard_lasts_until_its_own_discard():
    match = offered_on_first_discard(Rules.preset("kaiji"))
    kyoku = match.kyoku
    assert kyoku.furiten_on_passing(1) is FuritenSpan.UNTIL_OWN_DISCARD
    assert kyoku.furiten_span(1) is None
    match.apply(Pass(1))
    assert [e for e in kyoku.history if isinstance(e, FuritenStarted)] == [FuritenStarted(1, "temporary", False)]
    assert kyoku.view_for(1).furiten and kyoku.furiten_span(1) is FuritenSpan.UNTIL_OWN_DISCARD
    drive(match, {1: [None]}, until_end=False)
    assert not kyoku.view_for(1).furiten, "its own discard ends that furiten"
    assert kyoku.furiten_span(1) is None



def test_a_pass_in_riichi_lasts_for_the_rest_of_the_hand():
    match = start(Rules.preset("kaiji"), {0: JUNK + "88s", 2: SANSHOKU})
    build_all(match, {0: JUNK, 1: SANSHOKU})
    drive(match, {0: [None, "8s"], 1: [None]}, until_end=False)
    kyoku = match.kyoku
    assert kyoku.phase is Phase.RON and kyoku.pending_ron == [1]
    assert kyoku.furiten_on_passing(1) is FuritenSpan.REST_OF_HAND
    match.apply(Pass(1))
    assert FuritenStarted(1, "passed", True) in kyoku.history
    assert kyoku.furiten_span(1) is FuritenSpan.REST_OF_HAND



def test_riichi_before_play_makes_every_pass_last_the_hand():
    match = offered_on_first_discard(Rules.preset("moegirl"))
    assert match.kyoku.furiten_on_passing(1) is FuritenSpan.REST_OF_HAND



def test_three_and_four_seats_before_their_first_discard():
    for players in (3, 4):
        rules = Rules.preset("kaiji", players=players)
        match = start(rules, {0: JUNK})
        kyoku = match.kyoku
        assert all(kyoku.furiten_on_passing(seat) is FuritenSpan.UNTIL_OWN_DISCARD for seat in range(players))
@pytest.mark.parametrize("rules", [
    Rules.preset("kaiji"),
    Rules.preset("kaiji", riichi_timing="before_play"),
    Rules.preset("kaiji", houtei="last_discard_of_hand"),
    Rules.preset("kaiji", players=3),
    Rules.preset("kaiji", players=4),
], ids=["kaiji", "riichi_before_play", "houtei_last_of_hand", "three", "four"])
def test_a_seat_view_words_its_rons_as_the_kyoku_does_without_the_hidden_ura(rules):
    """A networked client has only its `SeatView`: the ron offer's furiten and value and the
    waits strip come from it, equal to the kyoku's but for the ura dora, which it never holds."""
    last = rules.players - 1
    walls = PERSONAL_WALLS[rules.players]
    hands = {seat: "19p19s1234567z26p" for seat in range(last)} | {last: SANSHOKU}  # 4 seats: 5 copies of 5p
    match = start(rules, {walls[seat]: hand for seat, hand in hands.items()}, dora=None)
    sides = side_walls(rules.players)
    build_all(match, hands, (sides[0], 0) if sides else (1, 0))
    kyoku = match.kyoku
    checked = 0
    while kyoku.result is None:
        for seat in range(rules.players):
            view = kyoku.view_for(seat)
            assert [view.seat_wind_kind(other) for other in range(rules.players)] == [
                kyoku.seat_wind_kind(other) for other in range(rules.players)]
            assert view.furiten_on_passing() is kyoku.furiten_on_passing(seat)
            assert view.next_ron_context() == kyoku.next_ron_context(seat).without_ura()
            for discarder in (other for other in range(rules.players) if other != seat and kyoku.rivers[other]):
                assert view.win_context(discarder) == kyoku.win_context(seat, discarder).without_ura()
                checked += 1
        seat = kyoku.waiting_on()[0]
        match.apply(Pass(seat) if kyoku.phase is Phase.RON else kyoku.legal_actions(seat)[0])
    assert checked > 34 * (rules.players - 1)
    assert kyoku.ura_indicator is not None or not rules.has_dora


# Invariants over random seeds and random legal play (hypothesis).
PROPERTY_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_legal_action(kyoku: Kyoku, rng: random.Random):
    seat = rng.choice(kyoku.waiting_on())
    if kyoku.phase is Phase.BUILD:
        # Mostly tenpai hands, so that wins, furiten and settlements happen often.
        roll = rng.random()
        if roll < 0.05:
            selection = rng.sample(kyoku.walls[seat], 10)
            return BuildHand(seat, format_tiles(selection, kyoku.rules.red_fives), complete=True)
        tenpai = WallAnalyser(kyoku.walls[seat], EAST, None, kyoku.rules).tenpai_hands() if roll < 0.85 else []
        chosen = rng.choice(tenpai).tiles if tenpai else rng.sample(kyoku.walls[seat], 13)
        return BuildHand(seat, format_tiles(chosen, kyoku.rules.red_fives))
    if kyoku.phase is Phase.RON:
        return Ron(seat) if rng.random() < 0.8 else Pass(seat)
    return rng.choice(kyoku.legal_actions(seat))


def random_action(kyoku: Kyoku, rng: random.Random):
    """Any action at all, legal or not: the engine must sort them."""
    seat = rng.randrange(-1, kyoku.rules.players + 1)
    kind = rng.randrange(5)
    if kind == 0:
        return ChooseDora(seat, rng.randrange(5), rng.randrange(-1, 19))
    if kind == 1:
        tiles = "".join(kind_code(rng.randrange(34)) for _ in range(rng.choice((12, 13, 14))))
        return BuildHand(seat, tiles)
    if kind == 2:
        return Discard(seat, kind_code(rng.randrange(34)))
    return Ron(seat) if kind == 3 else Pass(seat)


def is_legal(kyoku: Kyoku, action) -> bool:
    if not 0 <= action.seat < kyoku.rules.players:
        return False
    if isinstance(action, BuildHand):
        if kyoku.phase is not Phase.BUILD or kyoku.hands[action.seat] is not None:
            return False
        try:
            picked = pick_ids(parse_tiles(action.tiles), kyoku.walls[action.seat], kyoku.rules.red_fives)
        except ValueError:
            return False
        return len(picked) == 13
    return action in kyoku.legal_actions(action.seat)


def play_match(rules: Rules, seed: int, hands: int, chaos: bool) -> Match:
    match = Match(rules, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(hands):
        if match.over:
            break
        kyoku = match.next_kyoku()
        while kyoku.phase is not Phase.END:
            if chaos:
                probe = random_action(kyoku, rng)
                before = copy.deepcopy(kyoku.__dict__)
                legal = is_legal(kyoku, probe)
                try:
                    match.apply(probe)
                    accepted = True
                except IllegalAction:
                    accepted = False
                    assert kyoku.__dict__.keys() == before.keys()
                    assert kyoku.history == before["history"] and kyoku.phase == before["phase"]
                    assert kyoku.pools == before["pools"] and kyoku.hands == before["hands"]
                assert accepted == legal, f"{probe} accepted={accepted} legal={legal}"
                if accepted:
                    continue
            match.apply(random_legal_action(kyoku, rng))
        assert_tiles_conserved(kyoku)
    return match


def assert_tiles_conserved(kyoku: Kyoku) -> None:
    seen: list[int] = []
    for seat in range(kyoku.rules.players):
        river = [tile for tile, _ in kyoku.rivers[seat]]
        parts = list(kyoku.hands[seat] or ()) + kyoku.pools[seat] + river
        assert sorted(parts) == sorted(kyoku.walls[seat])
        seen += parts
    for wall in side_walls(kyoku.rules.players):
        seen += kyoku.deal.wall_tiles(wall)
    assert sorted(seen) == list(range(TILE_COUNT))


presets = st.sampled_from(sorted(PRESETS))


@PROPERTY_SETTINGS
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_random_play_conserves_tiles_settles_to_zero_and_replays(preset, seed):
    rules = Rules.preset(preset, hands=2)
    match = play_match(rules, seed, hands=2, chaos=False)
    for settlement in match.settlements:
        assert abs(sum(settlement.gains)) < 1e-9
    report = replay(match.record)
    assert report.ok, report.divergence
    assert len(report.hands) == len(match.settlements)


@PROPERTY_SETTINGS
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_no_illegal_action_is_ever_accepted(preset, seed):
    match = play_match(Rules.preset(preset), seed, hands=1, chaos=True)
    assert replay(match.record).ok


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_match(seed):
    first = play_match(Rules.preset("kaiji"), seed, hands=2, chaos=False)
    second = play_match(Rules.preset("kaiji"), seed, hands=2, chaos=False)
    assert first.record == second.record


@PROPERTY_SETTINGS
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_random_play_never_shows_a_ron_question_to_a_seat_not_asked(preset, seed):
    match = Match(Rules.preset(preset, hands=3), seed)
    rng = random.Random(seed)
    plain = None
    while not match.over:
        kyoku = match.next_kyoku()
        while kyoku.phase is not Phase.END:
            action = random_legal_action(kyoku, rng)
            if isinstance(action, Discard):
                plain = discard_completing_no_hand(match, action)
            else:
                match.apply(action)
            if kyoku.phase is Phase.RON:
                assert plain is not None
                assert_question_hidden(kyoku, plain)
