"""A seat's private notices (game/app/play/seat_notices.py): each notice the table tells a
person, told to the seat it is about and to no other, from that seat's view alone; the
table at this computer (`Session`) and a joined table (`RemoteTable`, fed the views a host
sends) word it alike."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from game.app.play.local_table import LocalTable
from game.app.play.remote_table import RemoteTable
from game.app.play.seat_notices import Notice, presence_notice, reconnect_notice, seat_notices, stops_play
from game.app.play.session import SeatPlan, Session, shown_name
from game.app.play.table_words import reconnect_words
from game.app.words import i18n
from game.app.words.net_words import AWAY, HERE, STAND_IN, came_back_words, dropped_words
from game.engine.actions import BuildHand, action_from_dict
from game.engine.events import WinningTileMissed
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.wall import PERSONAL_WALLS, side_walls
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.test_remote_table import heard

JUNK = "19p19s1234567z26p"
"""13 tiles far from tenpai."""
SANSHOKU = "234m234p234s67s55p"
"""Waits 5s/8s: a win without riichi (renhou), so a pass before riichi is offered first."""
CHEAP = "234m345p567s678s8p"
"""Waits 8p: riichi and tanyao, below mangan."""


class Through:
    """The scenario tools' target: a kyoku whose actions go through a session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def apply(self, action):
        return self.session.apply(action)

    def __getattr__(self, name: str):
        return getattr(self.session.kyoku, name)


def dealt(match: Match, pools: dict[int, str]) -> None:
    walls = PERSONAL_WALLS[match.rules.players]
    match.next_kyoku(crafted_deal({walls[seat]: pool for seat, pool in pools.items()}), 0)


def dora(players: int) -> tuple[int, int]:
    sides = side_walls(players)
    return (sides[0], 0) if sides else (1, 0)


def furiten_until_own_discard(match: Match, target: object) -> int:
    """The last seat lets an 8s pass before its riichi, then another 8s comes."""
    last = match.rules.players - 1
    dealt(match, {seat: JUNK + ("88s" if seat < 2 else "") for seat in range(last)} | {last: SANSHOKU})
    build_all(target, {seat: JUNK for seat in range(last)} | {last: SANSHOKU}, dora(match.rules.players))
    drive(target, {0: ["8s"], 1: ["8s"]}, {last: ["pass"]}, until_end=False)
    return last


def furiten_for_the_hand(match: Match, target: object) -> int:
    """The last seat, in riichi, lets an 8s pass, then another 8s comes."""
    last = match.rules.players - 1
    dealt(match, {seat: JUNK + ("88s" if seat < 2 else "") for seat in range(last)} | {last: SANSHOKU})
    build_all(target, {seat: JUNK for seat in range(last)} | {last: SANSHOKU}, dora(match.rules.players))
    drive(target, {0: [None, "8s"], 1: [None, "8s"], last: [None]}, {last: ["pass"]}, until_end=False)
    return last


def below_the_floor(match: Match, target: object) -> int:
    """Seat 1, in riichi, waits on 8p with a hand below mangan; the dealer discards one."""
    dealt(match, {0: JUNK + "8p8p", 1: CHEAP})
    build_all(target, {0: JUNK, 1: CHEAP}, dora(2))
    drive(target, {0: [None, "8p"], 1: [None]}, until_end=False)
    return 1


def completed_at_the_deadline(match: Match, target: object) -> int:
    """Seat 1's time runs out with 12 tiles chosen: the engine completes its hand."""
    dealt(match, {0: JUNK, 1: CHEAP})
    build_all(target, {0: JUNK}, dora(2))
    target.apply(BuildHand(1, CHEAP[:-2], complete=True))
    drive(target, {0: [None]}, until_end=False)  # on to seat 1's first discard
    return 1


SCENARIOS: dict[str, tuple[int, Callable[[Match, object], int], tuple[str, ...]]] = {
    # name: (players, scenario, what the seat's notice says)
    "furiten until its own discard": (3, furiten_until_own_discard,
                                      ("completes your hand, but you may not win on it: you are furiten.",
                                       "You stay furiten until your own next discard.")),
    "furiten for the hand": (3, furiten_for_the_hand,
                             ("you are furiten.", "You stay furiten for the rest of this hand.")),
    "below the floor": (2, below_the_floor,
                        ("East's 8-pin completes your hand, but you may not win on it: it is worth less than mangan",
                         "Letting it pass makes you furiten for the rest of this hand.")),
    "completed at the deadline": (2, completed_at_the_deadline,
                                  ("Time is up: your hand was completed with the builder's best suggestion",)),
}


@pytest.fixture
def english():
    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_notice_is_told_to_its_seat_alone_from_that_seats_view(english, name):
    players, scenario, words = SCENARIOS[name]
    match = Match(Rules.preset("kaiji", players=players), seed=1)
    told = scenario(match, match)
    for seat in range(players):
        said = [str(notice.text) for notice in seat_notices(match.kyoku.view_for(seat))]
        if seat == told:
            assert len(said) == 1 and all(part in said[0] for part in words), said
        else:
            assert said == []  # another seat's view holds no private event of `told`


def told_at_this_computer(name: str) -> tuple[int, list[tuple[int, str, str | None]]]:
    """The scenario played at a table of people at this computer: the seat it is about, and
    the notices its session keeps for them (worded when each event happened)."""
    players, scenario, _words = SCENARIOS[name]
    match = Match(Rules.preset("kaiji", players=players), seed=1)
    with ThreadPoolExecutor(1) as executor:
        session = Session(match, SeatPlan.hotseat(players), {}, executor)
        told = scenario(match, Through(session))
    return told, [(n.seat, str(n.text), n.tile) for n in session.notices]


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_table_at_this_computer_tells_each_person_the_same_words(english, name):
    told, notices = told_at_this_computer(name)
    words = SCENARIOS[name][2]
    assert [seat for seat, _text, _tile in notices] == [told]
    assert all(part in notices[0][1] for part in words)


def test_a_notice_is_not_told_twice_nor_from_a_later_view(english):
    match = Match(Rules.preset("kaiji", players=2), seed=1)
    below_the_floor(match, match)
    view = match.kyoku.view_for(1)
    missed = next(i for i, e in enumerate(view.events) if isinstance(e, WinningTileMissed))
    assert len(seat_notices(view, missed)) == 1
    assert seat_notices(view, missed + 1) == []


def joined(match: Match, seat: int, builders) -> RemoteTable:
    """The table joined at `seat` of the kyoku `match` has played, each view sent to it as it came."""
    replayed = Match(match.rules, seed=1)
    table: RemoteTable | None = None
    for line in match.record[1:]:
        if line["type"] == "hand":
            replayed.next_kyoku(match.kyoku.deal, 0)
        elif line["type"] == "action":
            replayed.apply(action_from_dict({k: v for k, v in line.items() if k != "type"}))
        else:
            continue
        if table is None:
            table = RemoteTable(heard(replayed, seat), builders)
        else:
            table.take(heard(replayed, seat))
    assert table is not None
    return table


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_joined_table_tells_the_notice_when_its_seat_moves_next(english, name, builders):
    players, scenario, _words = SCENARIOS[name]
    match = Match(Rules.preset("kaiji", players=players), seed=1)
    told = scenario(match, match)
    expected = told_at_this_computer(name)[1]
    table = joined(match, told, builders)
    assert told in table.waiting_on()
    question = table.prompt()
    assert isinstance(question, Notice)
    assert [(question.seat, str(question.text), question.tile)] == expected  # the local table's very words
    assert not isinstance(table.prompt(), Notice)  # told once


def test_a_notice_untold_when_its_kyoku_ends_is_not_told_in_the_next(english, builders):
    """A winning tile missed on the last discards is not told at the next kyoku's first move,
    at this computer nor at a joined table."""
    match = Match(Rules.preset("kaiji", players=2), seed=1)
    with ThreadPoolExecutor(1) as executor:
        session = Session(match, SeatPlan.hotseat(2), {}, executor)
        told = below_the_floor(match, Through(session))
        drive(Through(session), {}, {told: ["pass"]})  # on to the kyoku's end, the notice untold
        table = joined(match, told, builders)
        assert [n.seat for n in session.notices] == [told] and table.notices
        session.next_kyoku()
        table.take(heard(match, told))
        table.next_kyoku()  # the result seen: the next kyoku shown
    assert session.notices == [] and table.notices == []


@pytest.fixture
def builders():
    pool = ThreadPoolExecutor(1)
    yield pool
    pool.shutdown(wait=False, cancel_futures=True)


def test_the_other_seats_comings_and_goings_are_told_in_the_language_they_are_read_in(english, builders):
    """A joined table queues a notice when another joined seat drops, is given to its stand-in
    and comes back; a switch to Japanese before they are shown shows them in Japanese, the
    name the game gave the seat ("Player 3") too."""
    from game.net.hosting import HostedTable
    from game.net.server import Inbound
    from tests.test_remote_table import Mirrors

    match = Match(Rules.preset("three_player", hands=1), seed=5)
    match.next_kyoku()
    now = [1000.0]
    hosted = HostedTable(match, ("Host AI", "Guest", "Player 3"), ("hard", None, None), (1, 2),
                         clock=lambda: now[0])  # never started: no socket is opened
    wire = hosted.table.transport = Mirrors(hosted)
    for seat in (1, 2):
        hosted.host.inbox.put(Inbound(seat, "joined", token=f"t{seat}"))
    hosted.poll()
    table = RemoteTable(wire.heard(1), builders)
    hosted.host.inbox.put(Inbound(2, "left"))
    hosted.poll()
    table.take(wire.heard(1))
    now[0] += hosted.reconnect_window_s
    hosted.poll()
    table.take(wire.heard(1))
    hosted.host.inbox.put(Inbound(2, "joined", token="t2"))
    hosted.poll()
    table.take(wire.heard(1))
    queued = list(table.notices)
    assert [str(notice.text) for notice in queued] == [
        "Waiting for Player 3 to reconnect", "Player 3 has gone: the AI stands in", "Player 3 is back at the table"]
    i18n.set_language("ja")
    player = shown_name("Player 3")  # the name the game gave, in Japanese
    assert [str(notice.text) for notice in queued] == [
        reconnect_words(player, given_up=False), reconnect_words(player, given_up=True), came_back_words(player)]
    assert "Player" not in str(queued[0].text) and player in str(queued[0].text)


@pytest.mark.parametrize(("presence", "waited", "words"), [
    (HERE, False, came_back_words), (AWAY, True, partial(reconnect_words, given_up=False)),
    (AWAY, False, dropped_words), (STAND_IN, False, partial(reconnect_words, given_up=True)),
])
def test_a_presence_notice_is_worded_when_it_is_read(english, presence, waited, words):
    names = {"en": "Kaiji", "ja": "カイジ"}
    notice = presence_notice(2, lambda: names[i18n.language()], presence, waited, about=1)
    assert notice.seat == 2 and str(notice.text) == words("Kaiji")
    i18n.set_language("ja")
    assert str(notice.text) == words("カイジ") != ""
    told = reconnect_notice(0, lambda: "カイジ", given_up=True, about=1)
    assert str(told.text) == reconnect_words("カイジ", given_up=True)


def test_the_hosts_person_is_told_a_drop_in_the_language_it_is_read_in(english):
    from game.net.server import Inbound
    from tests.test_table_controller import DT, hosted_table, person_moves

    controller, hosted, _wire = hosted_table()
    person_moves(controller, 0)  # the dora flipped: both build
    hosted.host.inbox.put(Inbound(1, "left"))  # the other computer has gone
    controller.update(DT, 0.0)
    told = controller.prompt()
    assert isinstance(told, Notice) and str(told.text) == "Waiting for Player 2 to reconnect"
    i18n.set_language("ja")
    assert str(told.text) == reconnect_words(shown_name("Player 2"), given_up=False)
    assert "Player" not in str(told.text)


def test_the_completed_hand_stops_play_only_where_the_table_waits_for_the_screen(english):
    """The hand completed at the build deadline is told as the seat's discard clock runs: a
    dialog at a table whose clocks stop under it, a card where they run on (a joined table,
    whose clock is the host's), so that reading it costs no time. A winning tile's notice and
    news of the table are cards everywhere; another notice is a dialog everywhere."""
    match = Match(Rules.preset("kaiji"), seed=1)
    seat = completed_at_the_deadline(match, match)
    [completed] = seat_notices(match.kyoku.view_for(seat))
    assert stops_play(completed, table_waits=True)
    assert not stops_play(completed, table_waits=False)
    for card in (Notice(seat, "a winning tile", tile="8p"), reconnect_notice(seat, lambda: "Bob", False, about=0)):
        assert not stops_play(card, table_waits=True) and not stops_play(card, table_waits=False)
    other = Notice(seat, "You play this match as Bob")
    assert stops_play(other, table_waits=True) and stops_play(other, table_waits=False)


def test_a_joined_table_never_waits_for_its_screen_a_local_one_does(builders):
    from tests.test_remote_table import new_match

    assert not RemoteTable(heard(new_match()), builders).waits_for_screen
    session = Session(Match(Rules.preset("kaiji"), seed=1), SeatPlan.solo(2, "easy"), {}, builders)
    assert LocalTable(session, builders).waits_for_screen
