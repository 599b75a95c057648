"""The result screen's frame, made from the seats' views at a hand's end, the settlement
and the names: what a win, a draw, a ron at three and four seats and a double ron show."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.play.result_frame import Named, ResultFrame, result_frame
from game.engine.playback import read_for_playback
from game.engine.rules import Rules
from tests.scenario_tools import build_all, drive
from tests.test_kyoku import JUNK, start

RECORDS = Path(__file__).parent / "records"
NAMES = ("Ann", "Bo", "Cy", "Di")


def frame_of_kyoku(record: str, hand: int, over: bool = False) -> ResultFrame:
    playback = read_for_playback(RECORDS / f"{record}.jsonl")
    step = next(s for s in playback.steps if s.settlement is not None and s.kyoku == hand)
    assert step.settlement is not None
    return result_frame(step.views, step.settlement, NAMES[:playback.rules.players], over)


def words(frame: ResultFrame, line: Named) -> str:
    return line.words([frame.names[seat] for seat in line.seats])


CASES = {
    "a win at two seats, stakes": (
        "kaiji_two_draws_then_a_win", 3,
        "West (Bo) wins by ron on East's discard — mangan", "East pays West 4",
        "East (Ann): 96    West (Bo): 104", "Next stake: 1"),
    "a draw in furiten, stakes doubled": (
        "kaiji_a_draw_in_furiten_then_ura", 1,
        "Exhaustive draw — no one won", "No payment", "East (Ann): 100    West (Bo): 100",
        "Next stake: 2 (doubled after the draw)"),
    "a win with ura dora": (
        "kaiji_a_draw_in_furiten_then_ura", 2,
        "East (Bo) wins by ron on West's discard — baiman", "West pays East 4",
        "West (Ann): 96    East (Bo): 104", "Next stake: 1"),
    "a ron at three seats": (
        "three_player_two_rons", 2,
        "East (Cy) wins by ron on South's discard — haneman", "South pays East 18,000 points",
        "South (Ann): 15,000    West (Bo): 25,000    East (Cy): 35,000", None),
    "a ron at four seats, below mangan": (
        "four_player_a_ron_below_mangan", 1,
        "West (Ann) wins by ron on East's discard — 1 han 40 fu", "East pays West 1,300 points",
        "West (Ann): 26,300    North (Bo): 25,000    East (Cy): 23,700    South (Di): 25,000", None),
    "a double ron": (
        "four_player_double_ron", 1,
        "West and North win by ron on East's discard",
        "East pays West 12,000 points, North 2,600 points: 14,600 points in all",
        "East (Ann): 10,400    South (Bo): 25,000    West (Cy): 37,000    North (Di): 27,600", None),
}


@pytest.mark.parametrize(("record", "hand", "heading", "payments", "standings", "next_stake"), CASES.values(),
                         ids=CASES.keys())
def test_the_heading_payments_standings_and_next_stake(record, hand, heading, payments, standings, next_stake):
    frame = frame_of_kyoku(record, hand)
    assert words(frame, frame.heading) == heading
    assert frame.payments == payments
    assert words(frame, frame.standings) == standings
    assert frame.next_stake == next_stake
    assert not frame.over


WINS = {
    "a win: the floor cleared without ura": (
        "kaiji_two_draws_then_a_win", 3, "5z",
        [(1, "8s", "6z", (("riichi", "1 han"), ("pinfu", "1 han"), ("tanyao", "1 han"), ("sanshoku", "2 han")),
          None, "5 han 30 fu", "mangan", "Without ura: 5 han — mangan, clears the mangan floor",
          "West (Bo) — mangan, 5 han 30 fu, +4", "riichi 1, pinfu 1, tanyao 1, sanshoku 2")]),
    "ura dora apart, a bonus beyond the floor": (
        "kaiji_a_draw_in_furiten_then_ura", 2, "8s",
        [(1, "5m", "5m", (("riichi", "1 han"), ("ryanpeikou", "3 han"), ("dora", "2 han")),
          "+2 han", "8 han 40 fu", "baiman", "Without ura: 6 han — haneman, clears the mangan floor",
          "East (Bo) — baiman, 8 han 40 fu, +4", "riichi 1, ryanpeikou 3, dora 2, ura dora +2")]),
    "three seats": (
        "three_player_two_rons", 2, "5m",
        [(2, "6m", "1m", (("riichi", "1 han"), ("tanyao", "1 han"), ("chiitoitsu", "2 han"), ("dora", "2 han")),
          None, "6 han 25 fu", "haneman", "Without ura: 6 han — haneman, clears the mangan floor",
          "East (Cy) — haneman, 6 han 25 fu, +18,000", "riichi 1, tanyao 1, chiitoitsu 2, dora 2")]),
    "four seats: no floor, no limit": (
        "four_player_a_ron_below_mangan", 1, None,
        [(0, "1p", None, (("riichi", "1 han"),), None, "1 han 40 fu", None,
          "No mangan floor at this table: any win with a yaku counts.", "West (Ann) — 1 han 40 fu, +1,300",
          "riichi 1")]),
    "a double ron: both winners": (
        "four_player_double_ron", 1, None,
        [(2, "8s", None, (("riichi", "1 han"), ("ippatsu", "1 han"), ("pinfu", "1 han"), ("tanyao", "1 han"),
                          ("sanshoku", "2 han")),
          None, "6 han 30 fu", "haneman", "No mangan floor at this table: any win with a yaku counts.",
          "West (Cy) — haneman, 6 han 30 fu, +12,000", "riichi 1, ippatsu 1, pinfu 1, tanyao 1, sanshoku 2"),
         (3, "8s", None, (("riichi", "1 han"), ("ippatsu", "1 han")), None, "2 han 40 fu", None,
          "No mangan floor at this table: any win with a yaku counts.", "North (Di) — 2 han 40 fu, +2,600",
          "riichi 1, ippatsu 1")]),
}


@pytest.mark.parametrize(("record", "hand", "dora", "wins"), WINS.values(), ids=WINS.keys())
def test_each_win_shows_its_tiles_yaku_value_and_floor(record, hand, dora, wins):
    frame = frame_of_kyoku(record, hand)
    assert frame.dora_indicator == dora and frame.draws == ()
    shown = [(w.seat, w.tile, w.ura_indicator, w.yaku, w.ura, w.han_fu, w.limit, w.floor, words(frame, w.band),
              w.band_yaku) for w in frame.wins]
    assert shown == wins
    assert all(len(w.hand) == 13 for w in frame.wins)


def test_a_draw_shows_every_hand_its_waits_and_why_it_did_not_win():
    frame = frame_of_kyoku("kaiji_a_draw_in_furiten_then_ura", 1)
    assert frame.drawn and frame.wins == ()
    shown = [(words(frame, d.who), d.reason, d.hand, d.waits, d.waits_words) for d in frame.draws]
    assert shown == [
        ("East (Ann)", "2-sou came, worth less than mangan; 5-sou came while furiten",
         ("6m", "7m", "8m", "1p", "2p", "3p", "3s", "3s", "4s", "4s", "5s", "2z", "2z"), ("2s", "5s"), "waits"),
        ("West (Bo)", "no winning tile was discarded",
         ("1p", "2p", "3p", "5p", "5p", "5p", "5p", "6p", "7p", "3z", "3z", "6z", "6z"), ("3z", "6z"), "waits"),
    ]


def test_a_draw_says_a_hand_below_mangan_everywhere_could_not_win_not_that_no_tile_came():
    """Riichi pinfu on 1s-4s is 3 han even with ippatsu or houtei: it never clears the floor."""
    match = start(Rules.preset("kaiji"), {0: "123m456p789s23s99p", 2: JUNK})
    build_all(match, {0: "123m456p789s23s99p", 1: JUNK})
    drive(match, {})
    kyoku = match.kyoku
    frame = result_frame([kyoku.view_for(seat) for seat in range(2)], match.settlements[-1], NAMES[:2], False)
    assert [(d.reason, d.waits) for d in frame.draws] == [("no wait reaches mangan", ("1s", "4s")),
                                                          ("not tenpai", ())]


def test_a_draw_without_tenpai_says_so():
    frame = frame_of_kyoku("kaiji_two_draws_then_a_win", 1)
    assert [(d.reason, d.waits, d.waits_words) for d in frame.draws] == [("not tenpai", (), "not tenpai")] * 2


@pytest.mark.parametrize("record", ["kaiji_two_draws_then_a_win", "three_player_two_rons"])
def test_the_match_s_last_hand_names_no_next_stake(record):
    frame = frame_of_kyoku(record, 2, over=True)
    assert frame.over and frame.next_stake is None


def test_names_are_left_for_the_screen_to_cut():
    frame = frame_of_kyoku("four_player_double_ron", 1)
    assert frame.standings.seats == (0, 1, 2, 3)
    assert frame.standings.words(["A…", "B…", "C…", "D…"]).startswith("East (A…): 10,400    South (B…): 25,000")
    assert frame.heading.seats == ()  # several winners are named by their winds alone
