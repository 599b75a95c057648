"""The table scene at a joined table (game/app/scenes/table.py over game/app/play/remote_table.py):
the host's news shown in order, each after the motion of the one before (issue #32 point 3),
with synthetic time and over real sockets on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app.play import remote_table
from game.app.play.remote_table import RemoteTable
from game.app.scenes.table import CARD_HANDOVER_S, TableScene
from game.engine.actions import BuildHand, Discard
from game.engine.kyoku import Phase
from tests.test_remote_table import SEAT, Clock, Link, at_the_seats_discard, discards_heard, heard
from tests.ui.autoplay import answer
from tests.ui.driver import FRAME, Driver
from tests.ui.test_join import host as host  # the fixture of a headless host on 127.0.0.1
from tests.ui.test_join import join, joined, wait
from tests.ui.test_screens import shot

SECONDS = 30.0


class Flights:
    """Each discard the scene sets flying, frame by frame: its seat, and whether the one in
    the air before it had landed."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.seen: list[tuple[int, bool]] = []

    def frame(self, driver: Driver, clock: Clock | None = None) -> None:
        before = self.scene.flight
        if clock is not None:
            clock.now += FRAME
        driver.frame()
        flight = self.scene.flight
        if flight is not None and flight is not before:
            self.seen.append((flight.seat, before is None or before.done))  # (it moved on in this frame first)


@pytest.fixture
def normal_speed(driver):
    driver.app.change_settings(driver.app.settings.with_changes(animation="normal", auto_ron=False))
    return driver


def test_two_discards_in_one_poll_fly_on_the_joined_screen_one_after_the_other(normal_speed):
    driver = normal_speed
    match = at_the_seats_discard()
    clock = Clock()
    clock.now = 1000.0
    table = RemoteTable(heard(match, at=clock.now), driver.app.executor, clock=clock)
    driver.screens.joined_table(table)
    scene = driver.top
    assert isinstance(scene, TableScene)
    for _ in range(60):  # the first view's motion
        clock.now += FRAME
        driver.frame()
    news, seats = discards_heard(match, 2, clock)  # the seat's own, and the host's AI's at once after it
    assert seats == [SEAT, 0]
    table.link = Link(news)
    flights = Flights(scene)
    flights.frame(driver, clock)
    assert flights.seen == [(SEAT, True)]
    shot(driver, "joined_news_first_in_flight")
    while len(flights.seen) < 2:
        assert scene.mode() == "watch" and len(table.view(SEAT).rivers[0]) == 0  # the next waits for the landing
        flights.frame(driver, clock)
        assert clock.now < 1010.0
    assert flights.seen == [(SEAT, True), (0, True)]
    shot(driver, "joined_news_second_in_flight")
    assert scene.mode() in ("discard", "ron")


def test_the_hosts_ai_discarding_at_once_after_the_joiners_discard_is_seen_flying_after_it(normal_speed, host,
                                                                                           monkeypatch):
    """Over real sockets: a headless host, whose AI moves at once, and a joined window. The
    window steps no frame while the host answers the joiner's discard, so that both pieces of
    news wait for it together; then both fly, one after the other. (The frames' time is
    synthetic, the news' age real: the catch-up's bound is set aside, the order looked at.)"""
    driver = normal_speed
    monkeypatch.setattr(remote_table, "CATCH_UP_S", SECONDS)
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    scene = driver.top
    deadline = time.monotonic() + SECONDS
    while not (scene.mode() == "discard" and (scene.flight is None or scene.flight.done)):
        assert time.monotonic() < deadline, "the joiner was never asked to discard"
        answer(driver, scene)
    match = table_host.hosted.match
    river = len(match.kyoku.view_for(0).rivers[0])
    view = scene.controller.view(SEAT)
    tile = scene.pool_controls.rect(0, len(view.pool)).center
    driver.move(tile)
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tile, button=1)], dt=0.0)
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tile, button=1)], dt=0.0)
    while len(match.kyoku.view_for(0).rivers[0]) == river and match.kyoku.phase is not Phase.END:
        assert time.monotonic() < deadline, "the host's AI did not discard"
        time.sleep(0.01)
    time.sleep(0.2)  # its news on its way to the window
    flights = Flights(scene)
    for _ in range(120):
        flights.frame(driver)
    assert flights.seen == [(SEAT, True), (0, True)]


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_news_of_another_seats_drop_and_return_is_a_card_on_the_table_not_a_question(driver, language):
    """Player test: while the joiner owed a move, their clock running, two modal notices in a
    row about another seat (dropped, back) covered the table until OK. Such news is a card:
    the table stays on top and the seat's decision stays open to it."""
    import dataclasses

    from game.app.words.net_words import came_back_words, dropped_words

    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    match = at_the_seats_discard("three_player")
    news = heard(match)
    table = RemoteTable(news, driver.app.executor)
    driver.screens.joined_table(table)
    scene = driver.top
    driver.frames(30)
    assert scene.mode() == "discard"
    gone = (True, True, False)  # seat 2's computer dropped (the seat here is SEAT, 1)
    for present, words in ((gone, dropped_words), ((True,) * 3, came_back_words)):
        table.link = Link([dataclasses.replace(news, present=present)])
        driver.frames(3)
        assert driver.top is scene and scene.mode() == "discard", "a question covered the table"
        if scene.next_cards:  # the card before it is read first, for a while
            driver.frames(int(CARD_HANDOVER_S * 60) + 5)
        assert scene.card is not None and str(scene.card.text) == words(table.names()[2])
        shot(driver, f"joined_presence_card_{words.__name__}_{language}")


def test_at_a_match_the_host_continued_each_result_waits_for_the_joiners_own_next(driver):
    """Player test: the host's window closed mid-hand, Continue on its title, the joiner
    back with its key; from the second result on, the host's said at once that everyone
    else was ready and its Next closed the joiner's result unread. The host's continued
    table, over real sockets, and the joined table's logic as its window runs it: on every
    result the host waits for the joiner's own Next."""
    from game.ai import make_agent
    from game.app.play.remote_link import Heard, RemoteLink
    from game.app.play.table_mode import TableMode
    from game.app.scenes.result import ResultScene
    from game.net.client import join_uri
    from tests.ui.test_host import KAIJI_KEY, continue_with_kaiji_late

    host = continue_with_kaiji_late(driver)
    link = RemoteLink(join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code), "Kaiji", KAIJI_KEY)
    link.start()
    try:
        driver.wait_until(lambda: host.room.can_start, seconds=SECONDS)
        driver.press(host.buttons["start"])
        table = driver.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        net = table.session.net
        news: list = []
        driver.wait_until(lambda: news.extend(link.poll()) or any(
            isinstance(n, Heard) and n.view is not None for n in news), seconds=SECONDS)
        first = next(n for n in news if isinstance(n, Heard) and n.view is not None)
        joined = RemoteTable(first, driver.app.executor, link=link, backlog=news[news.index(first) + 1:])
        agent = make_agent("easy", 3)
        read: list[int] = []
        deadline = time.monotonic() + 4 * SECONDS
        while len(read) < 2:
            assert time.monotonic() < deadline and not table.session.match.over, f"results read: {read}"
            joined.update(FRAME, 0.0)
            if joined.mode() is not TableMode.WATCH:
                joined.play(SEAT, agent.act(joined.view(SEAT)))
            if isinstance(driver.top, ResultScene) and joined.kyoku_over:
                number = joined.shown_kyoku
                reading = joined.heard.reading
                if reading is not None and reading.kyoku_number == number and number not in read:
                    driver.frames(20)  # the host hears whatever the joined table sent meanwhile
                    joined.update(FRAME, 0.0)
                    driver.frames(20)
                    assert SEAT in net.table.not_ready, f"hand {number}: the host took the joiner as ready"
                    joined.show_result()
                    joined.close_result()  # the joiner's Next
                    driver.wait_until(lambda: SEAT not in net.table.not_ready, seconds=SECONDS)
                    joined.next_kyoku()
                    read.append(number)
                    driver.key(pygame.K_RETURN)  # the host's Next
                    continue
            answer(driver, table)
    finally:
        link.close()


def joined_building(driver):
    """A joined table shown at its seat's build, with a 30-second build clock at 0: the
    match, the clock, the table and the link that takes what it sends."""
    from tests.test_remote_table import SentLink, new_match, others_move, to_build

    match = new_match(build_time_s=30)
    others_move(match)
    clock = Clock()
    table = RemoteTable(heard(match, at=0.0), driver.app.executor, clock=clock)
    to_build(match, table)
    link = SentLink([])
    table.link = link
    driver.screens.joined_table(table)
    driver.frame()
    assert driver.top.mode() == "build"
    return match, clock, table, link


def test_under_the_menu_the_joined_table_sends_the_tiles_chosen_when_the_build_clock_runs_out(driver):
    """Player test: a joiner who opened the menu while building had their hand built by the
    host's stand-in from none of their tiles (the joined table sent them from its `update`,
    which no cover lets run). Covered, the table follows the host's clock: at the deadline the
    tiles chosen go to the host, and nothing else is moved for the player."""
    from tests.ui.test_pause import open_menu

    _match, clock, table, link = joined_building(driver)
    scene = driver.top
    for tile in table.view(SEAT).wall[:3]:
        table.builds[SEAT].add(tile)
    chosen = table.builds[SEAT].text()
    open_menu(driver)
    clock.now = 29.5
    driver.frame()
    assert link.sent == []
    clock.now = 30.5
    driver.frame()
    assert driver.top is not scene, "the menu stays: the player closes it"
    assert len(link.sent) == 1
    sent = link.sent[0]
    assert isinstance(sent, BuildHand) and sent.complete and sent.tiles == chosen != ""


def test_a_ron_question_under_the_joined_menu_goes_when_its_time_runs_out(driver):
    """The menu opened over "Ron?": once the host's clock for it has run out (its stand-in
    answers), the question is gone when the menu closes, not left to answer for nothing."""
    from tests.test_remote_table import to_ron

    driver.app.change_settings(driver.app.settings.with_changes(auto_ron=False))
    clock = Clock()
    clock.now = 1000.0
    _match, table = to_ron(driver.app.executor, clock)
    driver.screens.joined_table(table)
    scene = driver.app.stack.scenes[0]
    for _ in range(60):  # the view's motion first
        driver.frame()
    question = scene.move_question
    assert question is not None and driver.top is question
    scene.open_menu()
    menu = driver.top
    driver.frame()
    assert question in driver.app.stack.scenes
    clock.now += table.countdown() + 0.5
    driver.frame()
    assert question not in driver.app.stack.scenes and driver.top is menu
    assert table.take_outbox() == [], "the host's stand-in answers: nothing is sent for the player"


def test_the_hand_completed_at_the_deadline_is_a_card_under_which_the_seat_discards(driver):
    """Tester report: at a joined table, the build deadline ran out and the hand completed
    with the builder's suggestion was told in a dialog, under which the host's discard clock
    ran on: reading it cost the player discard time. It is a card on the table: the table
    stays on top, its clock shown, and the player discards while the card is there."""
    from tests.test_remote_table import others_move
    from tests.ui.test_join import SMALL, shoot_in_every_language

    match, clock, table, link = joined_building(driver)
    scene = driver.top
    clock.now = 31.0
    driver.frame()
    match.apply(BuildHand(SEAT, "", complete=True))  # the host's stand-in completes the hand
    others_move(match)
    assert match.kyoku.phase is Phase.DISCARD and match.kyoku.waiting_on() == [SEAT]
    link.news = [heard(match, at=clock.now)]
    driver.wait_until(lambda: scene.card is not None or driver.top is not scene)  # after the discard's flight
    assert driver.top is scene, "a dialog covered the table while the seat's discard clock ran"
    assert scene.card is not None and str(scene.card.text).startswith("Time is up: your hand was completed")
    assert scene.mode() == "discard"
    before = table.countdown()
    clock.now += 2.0
    driver.frame()
    assert table.countdown() == pytest.approx(before - 2.0)  # the host's clock, shown as it runs
    shot(driver, "joined_completed_card")
    shoot_in_every_language(driver, "joined_completed_card_small", (800, 500))
    shoot_in_every_language(driver, "joined_completed_card", SMALL)
    pool = table.view(SEAT).pool
    driver.click(scene.pool_controls.rect(0, len(pool)).center)
    assert scene.card is not None, "the card went before the seat discarded"
    driver.frames(2)
    assert isinstance(link.sent[-1], Discard) and link.sent[-1].seat == SEAT
