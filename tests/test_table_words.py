"""Every seat's standing, on the name plates and the board, live and in the replay theatre, is
written as the result screen writes amounts: grouped as the language writes numbers
('25,000', not '25000'), a loss with its minus, units with their sign, a fractional
bankroll with its decimals."""

from __future__ import annotations

import dataclasses

import pytest

from game.app.play.table_mode import TableMode
from game.app.play.table_words import score_words, standing_number, status
from game.app.theatre.theatre_frame import OPEN, theatre_frame
from game.app.words import i18n
from game.engine.kyoku import Phase
from game.engine.playback import Playback
from game.engine.rules import Rules
from game.net.wire import seats_waited_on
from tests.test_playback import live_match, record_lines
from tests.test_table_controller import table

PLATES = {  # (settlement, score) -> the plate in en, ja, zh_CN
    ("points", 25000.0): ("25,000 points", "25,000点", "25,000点"),
    ("points_as_dealer", -123000.0): ("-123,000 points", "-123,000点", "-123,000点"),
    ("units", 2.0): ("+2 units", "+2単位", "+2单位"),
    ("units", 0.0): ("+0 units", "+0単位", "+0单位"),
    ("units", -12.5): ("-12.5 units", "-12.5単位", "-12.5单位"),
    ("stakes", 100.5): ("Bankroll 100.5", "持ち金 100.5", "本金 100.5"),
    ("stakes", 1500000.0): ("Bankroll 1,500,000", "持ち金 1,500,000", "本金 1,500,000"),
}
BOARD = [(("points", 25000.0), "25,000"), (("points", -123000.0), "-123,000"), (("units", 12.5), "+12.5"),
         (("units", 0.0), "+0"), (("units", -0.0), "+0"), (("units", -3.0), "-3"),
         (("stakes", 1234567.0), "1,234,567"), (("stakes", 99.5), "99.5")]


@pytest.fixture
def language():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.mark.parametrize(("standing", "plates"), PLATES.items())
def test_a_plate_writes_the_standing_grouped_in_every_language(language, standing, plates):
    for code, expected in zip(i18n.LANGUAGES, plates, strict=True):
        language(code)
        assert score_words(*standing) == expected


@pytest.mark.parametrize(("standing", "expected"), BOARD)
def test_the_board_writes_the_number_alone_with_its_sign(language, standing, expected):
    for code in i18n.LANGUAGES:
        language(code)
        assert standing_number(*standing) == expected


def test_the_table_shows_every_seat_grouped(language):
    language("ja")
    controller = table("four_player", ("you", "easy", "easy", "easy"))
    controller.session.match.scores = [41000.0, -123000.0, 25000.0, 1000.0]
    seats = {seat.seat: seat for seat in controller.frame().seats}
    assert [seats[s].score for s in range(4)] == ["41,000点", "-123,000点", "25,000点", "1,000点"]
    assert [seats[s].standing for s in range(4)] == ["41,000", "-123,000", "25,000", "1,000"]


@pytest.mark.parametrize("point_of_view", [OPEN, 1])
def test_the_theatre_shows_every_seat_grouped(language, point_of_view):
    language("en")
    match, _ = live_match("three_player", 1, 4)
    playback = Playback(record_lines(match))
    assert playback.rules.settlement == "points"
    step = dataclasses.replace(playback.step, scores=(25000.0, 36000.0, -1000.0))
    shown = theatre_frame(step, ("A", "B", "C"), point_of_view)
    seats = {seat.seat: seat for seat in shown.table.seats}
    assert [seats[s].score for s in range(3)] == ["25,000 points", "36,000 points", "-1,000 points"]
    assert [seats[s].standing for s in range(3)] == ["25,000", "36,000", "-1,000"]


def test_a_units_match_in_the_theatre_keeps_the_sign(language):
    language("zh_CN")
    match, _ = live_match("kaiji", 1, 4)
    playback = Playback(record_lines(match))
    rules = dataclasses.replace(playback.rules, settlement="units")
    views = tuple(dataclasses.replace(view, rules=rules) for view in playback.step.views)
    step = dataclasses.replace(playback.step, scores=(1.5, -1.5), views=views)
    seats = theatre_frame(step, ("A", "B"), OPEN).table.seats
    assert sorted((seat.score, seat.standing) for seat in seats) == [("+1.5单位", "+1.5"), ("-1.5单位", "-1.5")]


def test_a_large_stake_is_grouped_on_the_table_and_in_the_theatre(language):
    language("en")
    controller = table("kaiji", ("you", "easy"))
    controller.session.match.stake = 1024
    assert controller.frame().centre.stake == "Stake 1,024"
    match, _ = live_match("kaiji", 1, 4)
    playback = Playback(record_lines(match))
    step = dataclasses.replace(playback.step, stake=2048.0)
    assert theatre_frame(step, ("A", "B"), OPEN).table.centre.stake == "Stake 2,048"


# Another seat's ron question is never worded on a screen but the asked seat's own: the others
# read the hand as it would go on without it (Kyoku.seen_phase).
def question_at(players: int, last: bool = False):
    """A kyoku whose ron question is open: at two seats on seat 0's third discard (or, `last`,
    seat 1's seventeenth, the hand's last), seat 1 (or 0) asked; at four on seat 0's second,
    seat 2 asked and seat 1, the next to discard, held back."""
    from tests.scenario_tools import build_all, drive
    from tests.test_kyoku import JUNK, SANSHOKU, four_player_match, start

    if players == 4:
        match = four_player_match("head_bump")
        drive(match, {0: [None, "8s"]}, until_end=False)
    elif last:
        match = start(Rules.preset("kaiji"), {0: SANSHOKU, 2: JUNK + "8s"})
        build_all(match, {0: SANSHOKU, 1: JUNK})
        drive(match, {1: [None] * 16 + ["8s"]}, until_end=False)
    else:
        match = start(Rules.preset("kaiji"), {0: JUNK + "8s", 2: SANSHOKU})
        build_all(match, {0: JUNK, 1: SANSHOKU})
        drive(match, {0: [None, None, "8s"]}, until_end=False)
    assert match.kyoku.phase is Phase.RON
    return match.kyoku


NAMES = ("Kaiji", "Tonegawa", "Endo", "Ichijo")


def words_of(kyoku, seat: int) -> str:
    view = kyoku.view_for(seat)
    mode = TableMode.RON if view.legal_actions else TableMode.WATCH
    return status(view, NAMES[:kyoku.rules.players], mode, seats_waited_on(view), False, False)


@pytest.mark.parametrize(("players", "last", "seat", "en", "ja"), [
    (2, False, 0, "West (Tonegawa) to discard", "西家（Tonegawa）の打牌"),
    (2, False, 1, "West (Tonegawa) decides on ron", None),  # the asked seat's own screen
    (2, True, 1, "Waiting for East (Kaiji)", "東家（Kaiji）を待っています"),
    (4, False, 0, "South (Tonegawa) to discard", None),
    (4, False, 1, "Waiting for the other players", "ほかのプレイヤーを待っています"),
    (4, False, 3, "South (Tonegawa) to discard", None),
])
def test_only_the_asked_seat_reads_that_anyone_decides_on_ron(language, players, last, seat, en, ja):
    kyoku = question_at(players, last)
    assert words_of(kyoku, seat) == en
    if ja is not None:
        language("ja")
        assert words_of(kyoku, seat) == ja
