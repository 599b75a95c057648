"""The table scene at a joined table (game/app/scenes/table.py over game/app/play/remote_table.py):
the host's news shown in order, each after the motion of the one before (issue #32 point 3),
with synthetic time and over real sockets on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app.play import remote_table
from game.app.play.remote_table import RemoteTable
from game.app.scenes.table import TableScene
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
