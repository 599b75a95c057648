"""Hosting from the window: New table with a seat at another computer, the host screen and
its waiting room, then the same table scene as a local match, with a scripted client (an AI
over the real protocol, on 127.0.0.1) in the remote seat. Discovery stays off."""

from __future__ import annotations

import asyncio
import errno
import gc
import socket
import threading
import time
import weakref
from contextlib import ExitStack
from dataclasses import replace
from typing import ClassVar

import pygame
import pytest
from websockets.sync.client import connect

from game.ai import make_agent
from game.app.history import history
from game.app.play.hosted_match import HostedMatch
from game.app.play.joining import seat_lines
from game.app.play.match_setup import new_session
from game.app.play.savegame import HOSTING_FILE, HostedSeats
from game.app.play.seat_keys import remember_key, table_of
from game.app.play.session import SeatPlan
from game.app.play.waiting_room import AI, JOINED, LEFT, LENT, LOOKING, OPEN
from game.app.scenes import join_summary
from game.app.scenes.dialog import Dialog
from game.app.scenes.host import ADDRESS_WIDTH, NAME_GAP, WIDTH, HostScene, address_size
from game.app.scenes.join_summary import JoinedSummaryScene
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.result import ResultScene
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.settings import REMOTE
from game.app.words import i18n
from game.app.words.rule_texts import clocks_summary
from game.engine.kyoku import Phase
from game.engine.rules import Rules
from game.net.client import HostGone, join_uri, look_at_table, play_seat
from game.net.protocol import (
    Hello,
    MatchOver,
    Refused,
    Resync,
    Snapshot,
    Welcome,
    read_host_message,
    write_message,
)
from tests.hosted_table import WAIT_S, Host, never_reading_client
from tests.save_faults import match_in_play
from tests.ui.autoplay import answer, play_to_result
from tests.ui.driver import LOOPBACK, Driver
from tests.ui.test_join import join, joined, look_at, shoot_in_every_language, wait
from tests.ui.test_notice_card import record_cards
from tests.ui.test_screens import shot

CLIENT_TIMEOUT_S = 240.0
THREAD_END_S = 15.0
"""The longest a host's thread may take to end once its window has closed (its goodbyes are
bounded by a second, its server's closing by a few)."""
_windows: list[weakref.ref] = []
"""The windows this file's tests made: each must be gone by the next test."""


@pytest.fixture(autouse=True)
def no_window_outlives_its_test(monkeypatch):
    """A host's thread (its server, a stop winding down) that outlived its test held its
    window alive on the worker, fonts and all: a later font test counted them. Every network
    thread a test starts ends once its window has closed (the driver's teardown, before this
    one's), and the windows of the tests before are collected."""
    gc.collect()
    alive = [window() for window in _windows if window() is not None]
    _windows.clear()
    assert not alive, f"{len(alive)} window(s) of an earlier test still alive"
    start = Driver.start.__func__

    def started(cls, *args, **kwargs):
        made = start(cls, *args, **kwargs)
        _windows.append(weakref.ref(made.app))
        return made

    monkeypatch.setattr(Driver, "start", classmethod(started))
    before = set(threading.enumerate())
    yield
    for thread in set(threading.enumerate()) - before:
        if thread.name.startswith("net-"):
            thread.join(THREAD_END_S)
            assert not thread.is_alive(), f"the thread {thread.name} outlives its test, holding its window"


def open_host_screen(driver, monkeypatch, players: int = 2, remote: tuple[int, ...] = (1,)) -> HostScene:
    """New table → `remote` seats at another computer (the others the AI) → Host the table."""
    monkeypatch.setattr("game.app.scenes.new_table.ai_available", lambda: True)
    assert driver.screens.hosting.bind == "127.0.0.1"  # the driver's: nothing beyond this computer
    driver.app.change_settings(driver.app.settings.with_changes(
        rules=Rules.preset({2: "kaiji", 3: "three_player", 4: "four_player"}[players], hands=1)))
    title = driver.top
    assert isinstance(title, TitleScene)
    driver.press(title.buttons["table"])
    scene = driver.top
    assert isinstance(scene, NewTableScene)
    for seat in range(1, players):
        for _ in range(len(scene.choices)):
            if (scene.seats[seat - 1] == REMOTE) == (seat in remote):
                break
            driver.press(scene.buttons[f"seat_{seat}"])
    assert [seat for seat, who in enumerate(scene.table_seats) if who == REMOTE] == list(remote)
    driver.press(scene.buttons["start"])
    host = driver.top
    assert isinstance(host, HostScene) and host.hosted is not None
    return host


class Client:
    """A computer joining the table: `play_seat` with an easy AI, in a thread of its own
    (with `token`: the seat's key, kept from an earlier join)."""

    def __init__(self, host: HostScene, name: str, token: str = "") -> None:
        assert host.hosted is not None
        self.uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
        self.name = name
        self.token = token
        self.mirror = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=f"client-{name}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        agent = make_agent("easy", 3)

        def keep_token(mirror) -> None:
            if mirror.welcome is not None:
                self.token = mirror.welcome.token

        try:
            self.mirror = asyncio.run(asyncio.wait_for(
                play_seat(self.uri, self.name, agent.act, self.token, keep_token, delays=(0.2, 0.5)),
                CLIENT_TIMEOUT_S))
        except BaseException as error:  # reported by the test
            self.error = error


def test_a_person_at_another_computer_joins_and_plays_a_whole_hand(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)
    assert host.room is not None and host.announcer is None
    assert [row.state for row in host.room.seats()] == ["here", OPEN]
    assert not host.buttons["start"].is_enabled and "fill_1" in host.buttons
    driver.press(host.buttons["copy"])
    assert f"127.0.0.1:{host.hosted.host.port}, join code {host.hosted.host.code}" in pygame.scrap.get_text()
    shot(driver, "host_waiting")
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    assert host.room.seats()[1].state == JOINED and host.room.seats()[1].name == "Kaiji"
    driver.frame()
    assert host.buttons["start"].is_enabled and "fill_1" not in host.buttons
    assert host.ring.focused() is host.buttons["start"]
    shot(driver, "host_joined")

    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    session = table.session
    assert session.name(1) == "Kaiji" and session.plan.remote == (1,)
    play_to_result(driver, table, seconds=180)
    shot(driver, "host_result")

    assert session.match.over  # a match of one hand, played to its end at the host's table
    client.thread.join(timeout=60)
    assert client.error is None and client.mirror is not None
    mirror = client.mirror
    assert mirror.over is not None and mirror.over.scores == tuple(session.match.scores)
    assert [s.gains for s in mirror.settlements] == [s.gains for s in session.match.settlements]
    assert mirror.view == session.kyoku.view_for(1)  # the seat's own view, nothing more
    (entry,) = history.load_history(driver.app.files.history_folder).entries  # the host keeps it too
    assert entry.ended == history.FINISHED and entry.plan["humans"] == [0] and entry.plan["remote"] == [1]
    assert entry.lines[1:] == session.match.record[1:]
    assert len(driver.app.files.read_statistics()[0].matches) == 1


# The host's menu "Title" ended the match for every joined player without a word.
def test_the_hosts_menu_asks_before_leaving_a_match_others_play_and_a_local_table_does_not(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.frame()
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    driver.key(pygame.K_ESCAPE)
    menu = driver.top
    assert isinstance(menu, Dialog)  # the join code told again, for a player who lost it
    told = f"The others join with the code {host.hosted.host.code} on port {host.hosted.host.port}."
    assert told in str(menu.message)
    shot(driver, "host_menu")
    driver.press(driver.button("Title"))
    question = driver.top
    assert isinstance(question, Dialog) and question.title == "Leave the match?"
    assert "stops for the players at the other computers" in question.message and "Continue" in question.message
    shot(driver, "host_leave_asked")
    driver.press(driver.button("Stay"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"  # back to the menu, the match goes on
    assert driver.app.stack.scenes[0] is table and client.mirror is None and client.error is None
    driver.press(driver.button("Title"))
    driver.press(driver.button("Leave"))
    assert isinstance(driver.top, TitleScene)
    client.thread.join(timeout=60)
    assert client.mirror is not None and client.mirror.over is not None

    driver.screens.table(new_session(driver.app.files, driver.app, SeatPlan.solo(2, "easy")))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    driver.frame()
    driver.key(pygame.K_ESCAPE)
    assert "join with the code" not in str(driver.top.message)
    driver.press(driver.button("Title"))  # a table only this computer plays: left at once
    assert isinstance(driver.top, TitleScene)


def test_a_hosted_match_left_before_its_end_is_kept_as_abandoned_when_a_new_match_replaces_it(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.frame()
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    driver.wait_until(lambda: table.mode() != "watch", seconds=30)
    answer(driver, table)  # a move made: the match is under way
    driver.screens.title()  # left for the title before its end: the others are told, the save keeps it
    client.thread.join(timeout=60)
    assert client.mirror is not None and client.mirror.over is not None and client.mirror.record_text is None
    assert history.record_files(driver.app.files.history_folder) == []
    new_session(driver.app.files, driver.app, SeatPlan.solo(2, "easy"))
    (entry,) = history.load_history(driver.app.files.history_folder).entries
    assert entry.ended == history.ABANDONED and entry.plan["remote"] == [1]


def test_an_empty_remote_seat_is_given_to_the_ai_and_back_closes_the_table(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch, players=4, remote=(1, 3))
    assert host.room is not None and host.hosted is not None
    driver.press(host.buttons["fill_3"])
    assert host.room.seats()[3].state == AI and 3 not in host.hosted.remote
    assert not host.buttons["start"].is_enabled  # seat 2 still waits
    shot(driver, "host_four_seats")
    port = host.hosted.host.port
    with connect(join_uri(f"127.0.0.1:{port}", host.hosted.host.code), open_timeout=5, close_timeout=2,
                 proxy=None) as kaiji:  # seated, waiting for the host to start
        kaiji.send(write_message(Hello("Kaiji", "")))
        assert isinstance(told_until(kaiji, driver, Welcome), Welcome)
        driver.press(host.buttons["back"])
        assert isinstance(driver.top, TitleScene)
        told: list = []
        while len(told) < 10 and not (told and isinstance(told[-1], Refused)):
            told.append(read_host_message(kaiji.recv(timeout=10)))
        assert told[-1] == Refused(0, "host_left", "")  # at once, not found out by its timeouts
    host.hosted.host._thread.join(10)  # closed in the background
    assert not host.hosted.host._thread.is_alive(), f"the server on port {port} still runs"


# The only remote seat given to the AI left "Seats (0 of 0 from other computers joined)".
def test_with_every_remote_seat_given_to_the_ai_the_seats_line_says_none_waits(driver, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    driver.screens.title()
    host = open_host_screen(driver, monkeypatch)
    driver.press(host.buttons["fill_1"])
    drawn: list[str] = []
    draw = driver.app.text.draw
    monkeypatch.setattr(driver.app.text, "draw", lambda surface, words, *rest, **named: drawn.append(words) or draw(
        surface, words, *rest, **named))
    host.draw(pygame.Surface((1280, 800)))
    monkeypatch.undo()
    assert i18n._("Seats (none waits for another computer):") in drawn
    assert i18n._("Seats ({joined} of {count} from other computers joined):").format(joined=0, count=0) not in drawn
    driver.frame()
    shot(driver, f"host_no_remote_seat_{language}")
    host.back()


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_the_host_screen_in_japanese_and_chinese(driver, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    driver.screens.title()
    host = open_host_screen(driver, monkeypatch, players=3, remote=(1, 2))
    assert len(driver.app.text.wrap(host.how_to_join(), 18, WIDTH)) == 1
    shot(driver, f"host_{language}")
    host.back()


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_hosts_table_waits_for_a_dropped_person_by_name_and_takes_them_back(driver, monkeypatch, language):
    from game.app.play.table_words import reconnect_words

    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    host = open_host_screen(driver, monkeypatch)
    assert host.hosted is not None
    uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
    with connect(uri, open_timeout=5, close_timeout=2) as first:
        first.send(write_message(Hello("Kaiji", "")))
        driver.wait_until(lambda: host.room.can_start, seconds=10)  # the host reads the inbox, and welcomes
        welcome = read_host_message(first.recv(timeout=5))
        assert isinstance(welcome, Welcome)
        driver.press(host.buttons["start"])
        table = driver.app.stack.scenes[0]
        assert isinstance(table, TableScene)
    # the connection is closed: Kaiji's computer has gone
    driver.wait_until(lambda: not table.session.net.connected(1), seconds=10)
    status = reconnect_words("Kaiji", given_up=False)
    driver.wait_until(lambda: table.controller.frame().centre.status == status or table.mode() != "watch",
                      seconds=10)
    while table.mode() != "watch":  # the host flips the dora and builds: then only Kaiji is waited for
        answer(driver, table)
    driver.wait_until(lambda: table.controller.frame().centre.status == status, seconds=30)
    assert "Kaiji" in [seat.name for seat in table.controller.frame().seats][1]  # marked away
    shot(driver, f"host_table_waiting_for_reconnect_{language}")
    with connect(uri, open_timeout=5, close_timeout=2) as again:
        again.send(write_message(Hello("Kaiji", welcome.token)))  # the seat's token takes it back
        driver.wait_until(lambda: table.session.net.connected(1), seconds=10)
        assert isinstance(read_host_message(again.recv(timeout=5)), Welcome)
        assert table.controller.frame().centre.status != status


@pytest.mark.parametrize("players", [2, 3])
def test_a_joined_person_who_drops_while_the_host_flips_the_dora_is_told_on_the_hosts_table(driver, monkeypatch,
                                                                                           players):
    """Player report: at three seats a joined person's connection dropped while the host's
    person flipped the dora, and no card came on the host's screen. It comes at once, stays
    while the host flips, and the flip goes on under it (four seats have no flip:
    tests/test_table_controller.py tells a drop during the host's first discard)."""
    from game.app.words.net_words import dropped_words
    from game.engine.match import Match

    rules = Rules.preset({2: "kaiji", 3: "three_player"}[players], hands=1)
    seed = next(seed for seed in range(100) if Match(rules, seed).next_kyoku().dealer == 0)
    monkeypatch.setattr(driver.app, "next_match_seed", lambda: seed)  # the host's person deals: the host flips
    cards = record_cards(monkeypatch)
    host = open_host_screen(driver, monkeypatch, players, remote=tuple(range(1, players)))
    assert host.hosted is not None
    uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
    names = ("Kaiji", "Tonegawa")[:players - 1]
    with ExitStack() as connections:
        clients = [connections.enter_context(connect(uri, open_timeout=5, close_timeout=2)) for _name in names]
        for client, name in zip(clients, names, strict=True):
            client.send(write_message(Hello(name, "")))
        driver.wait_until(lambda: host.room.can_start, seconds=10)
        driver.press(host.buttons["start"])
        table = driver.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        driver.frame()
        assert table.mode() == "dora" and table.card is None
        clients[-1].close()  # the last joined computer has gone
        dropped = table.session.plan.names[players - 1]
        driver.wait_until(lambda: table.card is not None, seconds=10)
        assert table.mode() == "dora" and driver.top is table
        assert str(table.card.text) == dropped_words(dropped)
        cards.clear()
        driver.frames(10)
        assert table.card is not None and len(cards) >= 1, "the card went as soon as it came"
        assert [seat.name for seat in table.controller.frame().seats][players - 1] == f"{dropped} (away)"
        shot(driver, f"host_dora_flip_drop_notice_{players}p")
        answer(driver, table)  # the host flips under the card
        assert table.mode() == "build" and table.card is not None


def test_a_port_in_use_is_left_for_a_free_one_and_no_port_at_all_is_said(driver, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        driver.screens.hosting = replace(LOOPBACK, port=port)
        host = open_host_screen(driver, monkeypatch)
        assert host.hosted is not None and host.hosted.host.port not in (port, 0)
        host.back()
    driver.screens.hosting = LOOPBACK

    def refuse(self):
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr("game.net.hosting.HostedTable.start", refuse)
    driver.press(driver.top.buttons["table"])
    driver.press(driver.top.buttons["start"])
    host = driver.top
    assert isinstance(host, HostScene) and host.hosted is None and list(host.buttons) == ["back"]
    assert host.problem is not None and host.problem.errno == errno.EADDRINUSE
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert any("another program uses the port" in text for text in drawn)
    shot(driver, "host_no_port")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)


class FakeAnnouncer:
    """Stands for `BackgroundAnnouncer` (no multicast from a window test): what it was told."""

    made: ClassVar[list[FakeAnnouncer]] = []
    STARTING, ANNOUNCED, FAILED, CLOSED = "starting", "announced", "failed", "closed"

    def __init__(self, ad, port, addresses, notify=lambda: None, interfaces=None) -> None:
        self.ads, self.port, self.state = [ad], port, self.ANNOUNCED
        self.addresses, self.interfaces = addresses, interfaces
        FakeAnnouncer.made.append(self)

    def update(self, ad) -> None:
        self.ads.append(ad)

    def close(self) -> None:
        self.state = self.CLOSED


def test_the_announcement_is_on_by_default_follows_the_seats_can_be_switched_off_and_ends_at_the_start(
        driver, monkeypatch):
    FakeAnnouncer.made = []
    monkeypatch.setattr("game.net.hosting.BackgroundAnnouncer", FakeAnnouncer)
    driver.screens.hosting = replace(LOOPBACK, discovery=True)
    host = open_host_screen(driver, monkeypatch, players=3, remote=(1, 2))
    assert [a.state for a in FakeAnnouncer.made] == ["announced"] and FakeAnnouncer.made[0].ads[0].taken == 1
    assert FakeAnnouncer.made[0].port == host.hosted.host.port
    # A window started with --bind 127.0.0.1: announced on that address's interface alone, with it
    assert (FakeAnnouncer.made[0].addresses, FakeAnnouncer.made[0].interfaces) == (["127.0.0.1"], ["127.0.0.1"])
    driver.press(host.buttons["announce"])
    assert host.announcer is None and FakeAnnouncer.made[0].state == "closed"
    driver.press(host.buttons["announce"])
    announcer = host.announcer
    assert announcer is FakeAnnouncer.made[1] and announcer.state == "announced"
    driver.press(host.buttons["fill_2"])
    assert announcer.ads[-1].taken == 2  # a seat given to the AI is announced as taken
    uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
    with connect(uri, open_timeout=5, close_timeout=2) as kaiji:
        kaiji.send(write_message(Hello("Kaiji", "")))
        driver.wait_until(lambda: host.room.can_start, seconds=10)
        assert announcer.ads[-1].taken == 3  # the joined seat too
        driver.press(host.buttons["start"])
        assert announcer.state == "closed"  # a started table takes no one new
        driver.screens.title()  # the host leaves: the other computer is told the match is over
        told: list = []
        while len(told) < 20 and not (told and isinstance(told[-1], MatchOver)):
            told.append(read_host_message(kaiji.recv(timeout=5)))
    assert isinstance(told[-1], MatchOver) and told[-1].reason == "stopped"


def test_where_there_is_no_clipboard_copy_says_to_give_the_code_as_shown(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)

    def no_clipboard(text):
        raise pygame.error("No clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    driver.press(host.buttons["copy"])
    assert host.copied.startswith("There is no clipboard here")
    host.back()


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_host_screen_lists_its_ipv6_address_beside_its_ipv4_one_each_on_its_line(driver, monkeypatch, language):
    """The addresses of a computer on an IPv4 and IPv6 network (game/net/discovery.py
    `lan_addresses` reads them from the interfaces; here they are given): the longest IPv6
    address is drawn smaller, to fit left of the code, and Copy gives both."""
    v6 = "2001:db8:1234:5678:9abc:def0:1234:5678"
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    driver.screens.title()
    monkeypatch.setattr("game.app.scenes.host.addresses", lambda options: ["192.168.1.20", v6])
    host = open_host_screen(driver, monkeypatch)
    assert host.hosted is not None
    port = host.hosted.host.port
    for shown in (f"192.168.1.20:{port}", f"[{v6}]:{port}"):
        size = address_size(driver.app.text, shown)
        assert driver.app.text.font(size, bold=True).size(shown)[0] <= ADDRESS_WIDTH, shown
    assert address_size(driver.app.text, f"192.168.1.20:{port}") == 26
    driver.press(host.buttons["copy"])
    assert f"192.168.1.20:{port}, [{v6}]:{port}" in pygame.scrap.get_text()
    shot(driver, f"host_ipv6_{language}")
    host.back()


def test_continue_on_the_host_opens_the_same_table_and_its_person_takes_the_seat_back(display, tmp_path,
                                                                                        monkeypatch):
    first = Driver.start(tmp_path, seed=7)
    try:
        host = open_host_screen(first, monkeypatch)
        host.hosted.reconnect_window_s = 0.5  # the client tries again this long after the crash (its welcome says)
        port, code = host.hosted.host.port, host.hosted.host.code
        client = Client(host, "Kaiji")
        first.wait_until(lambda: host.room.can_start, seconds=30)
        first.press(host.buttons["start"])
        table = first.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        session = table.session
        for _ in range(400):  # into the hand: the dora flipped, the hands built, discards begun
            kyoku = session.match.kyoku
            if kyoku.phase is Phase.DISCARD and sum(map(len, kyoku.view_for(0).rivers)) >= 2:
                break
            answer(first, table)
        assert session.match.kyoku.phase is Phase.DISCARD
        session.net.host.stop()  # the host's window dies mid-hand: no goodbye
        client.thread.join(timeout=30)
        assert isinstance(client.error, HostGone) and client.token
    finally:
        first.close()
    hosting = (tmp_path / "data" / HOSTING_FILE).read_text(encoding="utf-8")
    assert client.token in hosting  # kept beside the save, in the host's own folder
    for kept in (tmp_path / "data").rglob("*.jsonl"):
        assert client.token not in kept.read_text(encoding="utf-8")  # never in a record

    again = Driver.start(tmp_path, seed=8)
    try:
        again.press(again.button("Continue"))
        if not isinstance(again.top, HostScene):  # "Before you play": what continuing had to say
            again.press(again.top.elements[0])
        host = again.top
        assert isinstance(host, HostScene) and host.continued is not None and host.hosted is not None
        assert (host.hosted.host.port, host.hosted.host.code) == (port, code)
        assert [row.state for row in host.room.seats()] == ["here", LEFT]
        assert not host.buttons["start"].is_enabled and "fill_1" in host.buttons  # or the AI plays it
        shot(again, "host_continued")
        stranger = Client(host, "Stranger")  # no token: the seat is Kaiji's
        stranger.thread.join(timeout=30)
        assert stranger.error is not None and "match_started" in str(stranger.error)
        back = Client(host, "Kaiji", client.token)
        again.wait_until(lambda: host.room.can_start, seconds=30)
        again.press(host.buttons["start"])
        table = again.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        play_to_result(again, table, seconds=180)
        assert table.session.match.over
        back.thread.join(timeout=60)
        assert back.error is None and back.mirror is not None
        assert back.mirror.over.scores == tuple(table.session.match.scores)
    finally:
        again.close()
    assert not (tmp_path / "data" / HOSTING_FILE).exists()  # the match is over: its tokens are gone


def continue_with_kaiji_late(driver) -> HostScene:
    """Continue a hosted match whose person at another computer, Kaiji, is not back yet."""
    slot = driver.app.files.slot
    slot.save(SeatPlan.table(("you", "remote"), ("", "Kaiji")), match_in_play(2))
    slot.save_hosting(slot.load().match.seed, HostedSeats("KAIJIC", 0, {1: KAIJI_KEY}))
    driver.screens.title()
    driver.frame()
    driver.press(driver.top.buttons["continue"])
    host = driver.top
    assert isinstance(host, HostScene) and host.hosted is not None
    return host


KAIJI_KEY = "k" * 32


def test_a_continued_seat_given_to_the_ai_is_lent_until_its_person_is_back_and_saved_as_theirs(driver, monkeypatch):
    """Its person holds the seat's key: the AI plays it until they take it back, and the save
    (Continue after it) still offers it to them, not to the AI for good. The room names the
    AI's level."""
    host = continue_with_kaiji_late(driver)
    driver.press(host.buttons["fill_1"])
    assert [row.state for row in host.room.seats()] == ["here", LENT] and "fill_1" not in host.buttons
    assert host.buttons["start"].is_enabled
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    level = driver.app.settings.ai_level.capitalize()
    assert f"played by the {level} AI until they are back" in drawn
    shot(driver, "host_lent")
    shoot_in_every_language(driver, "host_lent", window=(1024, 640))
    driver.press(host.buttons["start"])
    slot = driver.app.files.slot
    saved = slot.load()
    assert saved.plan.remote == (1,) and saved.plan.names[1] == "Kaiji" and saved.plan.levels[1] is None
    assert slot.hosted_seats(saved.match.seed, saved.plan.remote).tokens == {1: KAIJI_KEY}


def test_a_person_late_for_a_continued_match_takes_their_seat_back_from_the_ai_and_the_host_is_told(driver):
    host = continue_with_kaiji_late(driver)
    driver.press(host.buttons["fill_1"])
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    session = table.session
    assert session.net.given_up(1)  # the AI plays it meanwhile
    driver.frames(5)
    shot(driver, "host_table_lent")
    kaiji = Client(host, "Kaiji", KAIJI_KEY)
    driver.wait_until(lambda: session.net.connected(1), seconds=30)
    told = []
    deadline = time.monotonic() + 120
    while not told:
        assert time.monotonic() < deadline and not session.match.over, "the host was not told Kaiji is back"
        driver.frame(dt=0.1)  # a person looks before moving: the table's question comes first
        top = driver.top
        card = table.card  # news of another seat: a card on the table, no question
        if card is not None and str(card.text) == i18n._("{name} is back at the table").format(name="Kaiji"):
            told.append(card)
            shoot_in_every_language(driver, "host_told_back", window=(1024, 640))
        assert not isinstance(top, ResultScene), "the hand ended before the host's person had a move"
        answer(driver, table)
    assert session.net.connected(1) and not session.net.given_up(1) and kaiji.error is None
    assert session.plan.remote == (1,) and driver.app.files.slot.load().plan.remote == (1,)


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_continue_of_a_hosted_match_waits_for_its_people_in_every_language(driver, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    slot = driver.app.files.slot
    slot.save(SeatPlan.table(("you", "remote", "remote"), ("", "Kaiji", "Tonegawa")), match_in_play(3))
    tokens = {1: "k" * 32, 2: "t" * 32}
    slot.save_hosting(slot.load().match.seed, HostedSeats("KAIJIC", 0, tokens))
    driver.screens.title()
    driver.frame()
    driver.press(driver.top.buttons["continue"])
    host = driver.top
    assert isinstance(host, HostScene) and host.hosted is not None and host.hosted.host.code == "KAIJIC"
    assert [row.state for row in host.room.seats()] == ["here", LEFT, LEFT]
    assert [row.name for row in host.room.seats()][1:] == ["Kaiji", "Tonegawa"]
    assert host.buttons["start"].text == i18n._("Continue the match")  # hand 3 resumed, not a match begun
    assert len(driver.app.text.wrap(host.how_to_join(), 18, WIDTH)) == 1  # no word alone above the address
    driver.frame()
    shot(driver, f"host_continued_{language}")
    host.back()
    plan = SeatPlan.table(("you", "remote", "remote"), ("", "Kaiji", "Tonegawa"))
    driver.screens.table(new_session(driver.app.files, driver.app, plan, replace_unkept=True,
                                     rules=Rules.preset("three_player")),
                         HostedSeats("KAIJIC", 0, tokens))  # a rematch of that table
    driver.frame()
    assert driver.top.rematch and [row.state for row in driver.top.room.seats()] == ["here", LEFT, LEFT]
    assert driver.top.buttons["start"].text == i18n._("Start the match")
    # Kaiji's summary looks at the table with his seat's key: he has not pressed Rematch yet.
    look_at_table(f"127.0.0.1:{driver.top.hosted.host.port}", "KAIJIC", key="k" * 32)
    assert [row.state for row in driver.top.room.seats()] == ["here", LOOKING, LEFT]
    assert driver.top.next_change() is not None  # read again: the state ends when the looks stop
    driver.frame()
    assert len(driver.app.text.wrap(driver.top.how_to_join(), 18, WIDTH)) == 1
    shot(driver, f"host_rematch_{language}")
    driver.top.back()


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_look_at_a_continued_match_says_it_is_under_way_at_which_hand_and_which_seat_the_key_holds(driver,
                                                                                                    language):
    """The joiner's look before sitting down again: the hand the match is at (public, as the
    standings) and the seat the kept key holds as theirs, named by the host's record of it."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    slot = driver.app.files.slot
    slot.save(SeatPlan.table(("you", "remote"), ("Hana", "Kaiji")), match_in_play(2))
    slot.save_hosting(slot.load().match.seed, HostedSeats("KANTER", 0, {1: "k" * 32}))
    driver.screens.title()
    driver.frame()
    driver.press(driver.top.buttons["continue"])
    host = driver.top
    assert isinstance(host, HostScene) and host.hosted is not None
    address = f"127.0.0.1:{host.hosted.host.port}"
    remember_key(driver.app.files.seat_keys_folder, table_of(address, "KANTER"), "k" * 32)
    try:
        driver.screens.title()  # the table stays open behind: this window joins it as the other computer would
        driver.frame()
        scene = look_at(driver, address, "KANTER", name="Kaiji")
        look = scene.table_looked_at
        assert look is not None, scene.sentence
        assert (look.hand, look.yours) == (1, 1)
        assert seat_lines(look, (look.yours, look.names[1]))[1] == i18n._("Seat {number}: {who}").format(
            number=2, who=i18n._("{name} (you)").format(name="Kaiji"))
        said = [line for line, _colour in scene._state_lines()]
        assert said == [i18n._("This match is under way, at hand {number} of {hands}: sit down to take your seat "
                               "back.").format(number=1, hands=look.rules.hands)]
        driver.frame()
        shot(driver, f"join_continued_look_{language}")
    finally:
        host.back()


def test_the_joined_summary_is_told_of_the_hosts_rematch_and_the_host_that_its_player_is_still_there(driver,
                                                                                                      monkeypatch):
    """The joined summary looks at its table now and then with its seat key: closed while the
    host reads its own summary, then the rematch that keeps the seat, which the summary says;
    and the rematch's room says its player has not pressed Rematch yet, not that they left."""
    monkeypatch.setattr(join_summary, "REMATCH_LOOK_S", 0.2)
    table_host = Host(["easy", "person"], 1)
    rematch = None
    try:
        join(driver, table_host.address, table_host.code)
        wait(driver, lambda: joined(driver))
        driver.press(play_to_result(driver, driver.top, seconds=120).next_button)
        summary = driver.top
        assert isinstance(summary, JoinedSummaryScene) and summary.key
        for _ in range(10):  # the host on its own summary: no rematch yet
            driver.frame(dt=0.1)
            time.sleep(0.05)
        assert summary.rematch_words() is None
        old = table_host.hosted
        table_host.thread.join(WAIT_S)
        old.stop(reopening=True)  # the host's Rematch: its table closed, to open the rematch's
        rematch = HostedMatch(old.match.rules, ["easy", "person"], seed=12, code=old.host.code, bind="127.0.0.1",
                              port=old.host.port, move_time_s=30, report=lambda line: None, tokens=old.host.tokens())
        rematch.start()
        assert not rematch.hosted.looking(1)
        wait(driver, lambda: summary.asked)
        assert rematch.hosted.looking(1) and not rematch.hosted.connected(1)
        assert summary.rematch_words() == "The host asks for a rematch: press Rematch to sit down again."
        for language in ("en", "ja", "zh_CN"):
            driver.app.change_settings(driver.app.settings.with_changes(language=language))
            driver.frame()
            shot(driver, f"joined_summary_rematch_asked_{language}")
    finally:
        if rematch is not None:
            rematch.stop()
        table_host.close()


def test_a_rematch_at_a_hosted_table_opens_the_same_table_and_its_people_take_their_seats_again(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)
    port, code = host.hosted.host.port, host.hosted.host.code
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    driver.press(play_to_result(driver, table, seconds=180).next_button)
    summary = driver.top
    assert isinstance(summary, SummaryScene)
    client.thread.join(timeout=60)
    assert client.error is None and client.mirror.over is not None and client.token
    driver.press(summary.buttons["rematch"])
    driver.wait_until(lambda: isinstance(driver.top, HostScene), seconds=30)  # once the old table has closed
    host = driver.top
    assert isinstance(host, HostScene) and host.rematch and host.hosted is not None
    assert (host.hosted.host.port, host.hosted.host.code) == (port, code)  # the seat keys the others kept fit
    assert [(row.state, row.name) for row in host.room.seats()] == [("here", "Player 1"), (LEFT, "Kaiji")]
    driver.frame()
    shot(driver, "host_rematch")
    again = Client(host, "Kaiji", client.token)  # Join again: the seat key takes the same seat
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.session.name(1) == "Kaiji"
    play_to_result(driver, table, seconds=180)
    again.thread.join(timeout=60)
    assert again.error is None and again.mirror.over.scores == tuple(table.session.match.scores)
    assert table.session.match.seed != summary.session.match.seed  # a new match, the same seats


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_joined_persons_long_name_is_cut_to_keep_a_gap_before_their_state(driver, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    driver.screens.title()
    host = open_host_screen(driver, monkeypatch)
    assert host.hosted is not None
    host.hosted.remote[1].name = "Bartholomew-Alexandria Q"  # 24 characters, the longest a name may be
    host.hosted.present.add(1)  # as the inbox tells of a join
    drawn: list[tuple[str, pygame.Rect]] = []
    draw = driver.app.text.draw

    def recorded(surface, words, size, colour, pos, anchor="topleft", bold=False):
        rect = draw(surface, words, size, colour, pos, anchor, bold)
        drawn.append((words, rect))
        return rect

    monkeypatch.setattr(driver.app.text, "draw", recorded)
    host.draw(pygame.Surface((1280, 800)))
    monkeypatch.undo()
    label = i18n._("Seat {number}: {name}").format(number=2, name="")
    ((seat, name_at),) = [(words, rect) for words, rect in drawn if words.startswith(label)]
    (state_at,) = [rect for words, rect in drawn if words == i18n._("has joined")]
    assert name_at.right + NAME_GAP <= state_at.left, (seat, name_at, state_at)
    # The clocks as the table runs them, the line a joiner's look shows (the move time its own).
    assert clocks_summary(host.session.rules, host.hosted.move_time_s) in [words for words, _rect in drawn]
    driver.frame()
    shot(driver, f"host_long_name_{language}")
    host.back()


def told_until(client, driver: Driver, kind: type, frames: int = 200) -> object | None:
    """What `client` is told while the host's window runs its frames, up to the first `kind`
    (None: not within `frames` frames)."""
    for _ in range(frames):
        driver.frame()
        try:
            told = read_host_message(client.recv(timeout=0.02))
        except TimeoutError:
            continue
        if isinstance(told, kind):
            return told
    return None


def drain(client, driver: Driver, quiet: int = 10, frames: int = 400) -> None:
    """Read what `client` was told until nothing more comes for `quiet` frames."""
    still = 0
    for _ in range(frames):
        driver.frame()
        try:
            client.recv(timeout=0.02)
            still = 0
        except TimeoutError:
            still += 1
            if still >= quiet:
                return


def test_under_the_hosts_menu_the_table_answers_a_resync_and_who_comes_back(driver, monkeypatch):
    host = open_host_screen(driver, monkeypatch)
    uri = join_uri(f"127.0.0.1:{host.hosted.host.port}", host.hosted.host.code)
    with connect(uri, open_timeout=5, close_timeout=2, proxy=None) as kaiji:
        kaiji.send(write_message(Hello("Kaiji", "")))
        driver.wait_until(lambda: host.room.can_start, seconds=10)
        driver.press(host.buttons["start"])
        table = driver.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        welcome = told_until(kaiji, driver, Welcome)
        assert isinstance(told_until(kaiji, driver, Snapshot), Snapshot)
        driver.screens.pause()  # the host's menu over the table
        assert driver.top is not table
        drain(kaiji, driver)
        moves = len(table.session.match.record)
        kaiji.send(write_message(Resync()))
        assert isinstance(told_until(kaiji, driver, Snapshot), Snapshot)  # answered with the menu open
    assert isinstance(welcome, Welcome)
    with connect(uri, open_timeout=5, close_timeout=2, proxy=None) as again:  # back with the seat's key
        again.send(write_message(Hello("Kaiji", welcome.token)))
        assert isinstance(told_until(again, driver, Snapshot), Snapshot)  # its seat back, the whole view
    assert len(table.session.match.record) == moves  # nothing was owed long enough to be moved for
    assert driver.top is not table


def hosted_match_to_summary(driver, monkeypatch) -> tuple[Client, SummaryScene]:
    """A one-hand match hosted here against a joined client, played to the host's summary
    (the client's match over)."""
    host = open_host_screen(driver, monkeypatch)
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    driver.press(play_to_result(driver, table, seconds=180).next_button)
    summary = driver.top
    assert isinstance(summary, SummaryScene)
    client.thread.join(timeout=60)
    return client, summary


def test_the_hosts_summary_keeps_the_table_for_a_rematch_and_its_title_tells_who_waits_there_at_once(driver,
                                                                                                      monkeypatch):
    """A joined player's Rematch, before the host chose: told the match is over and kept
    waiting (the summary keeps the table open); the host goes to its title: told at once that
    the host has left, not left knocking at a closed port for half a minute."""
    client, summary = hosted_match_to_summary(driver, monkeypatch)
    assert client.error is None and client.token
    uri = join_uri(f"127.0.0.1:{summary.session.net.host.port}", summary.session.net.host.code)
    with connect(uri, open_timeout=5, close_timeout=2, proxy=None) as again:  # its Rematch
        again.send(write_message(Hello("Kaiji", client.token)))
        assert read_host_message(again.recv(timeout=10)) == Refused(0, "match_over", "")
        driver.frames(5)
        driver.press(summary.buttons["to_title"])
        assert read_host_message(again.recv(timeout=10)) == Refused(0, "host_left", "")


@pytest.mark.parametrize("started", [False, True], ids=["waiting room", "match under way"])
def test_closing_the_hosts_window_tells_every_player_at_once_that_the_host_has_left(driver, monkeypatch, started):
    """The window's close button (SDL's quit), not the title: each player is told at once,
    a match under way that it stopped (without its record: the host continues it), then
    `host_left`; a client that never reads holds none of it up."""
    host = open_host_screen(driver, monkeypatch, players=3, remote=(1, 2))
    port = host.hosted.host.port
    uri = join_uri(f"127.0.0.1:{port}", host.hosted.host.code)
    with never_reading_client(port, host.hosted.host.code), \
            connect(uri, open_timeout=5, close_timeout=2, proxy=None) as kaiji:
        kaiji.send(write_message(Hello("Kaiji", "")))
        driver.wait_until(lambda: host.room.can_start, seconds=10)
        if started:
            driver.press(host.buttons["start"])
            assert isinstance(told_until(kaiji, driver, Snapshot), Snapshot)
        drain(kaiji, driver)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        driver.frame()
        assert not driver.app.running
        driver.app.close()  # as open_window does once the frames end
        told = [read_host_message(kaiji.recv(timeout=5)) for _ in range(2 if started else 1)]
    if started:
        assert isinstance(told[0], MatchOver) and told[0].reason == "stopped"
    assert told[-1] == Refused(0, "host_left", "")


def test_rematch_closes_the_old_table_off_the_frame_loop_which_draws_on_until_it_has_closed(driver, monkeypatch):
    """A client that does not read held the old table's closing, and the window with it, for
    up to some 10 s: it closes on a thread of its own, the summary says so meanwhile, and the
    rematch's table opens once it has."""
    from game.net.hosting import HostedTable

    _client, summary = hosted_match_to_summary(driver, monkeypatch)
    closing = threading.Event()
    stopped_on: list[threading.Thread] = []
    stop = HostedTable.stop

    def slow_stop(self, *args, **kwargs):
        stopped_on.append(threading.current_thread())
        closing.wait(20)  # a client that does not read (bounded: a stop on the frame loop fails, not stalls)
        stop(self, *args, **kwargs)

    monkeypatch.setattr(HostedTable, "stop", slow_stop)
    driver.press(summary.buttons["rematch"])
    drawn = driver.app.frames
    driver.frames(5)
    assert stopped_on and stopped_on[0] is not threading.main_thread()
    assert driver.top is summary and driver.app.frames == drawn + 5  # the window draws on meanwhile
    assert not summary.buttons["to_title"].is_enabled
    shot(driver, "host_summary_closing")
    closing.set()
    driver.wait_until(lambda: isinstance(driver.top, HostScene), seconds=30)
    assert driver.top.rematch and driver.top.hosted is not None


def test_a_joined_match_stopped_for_good_with_the_history_off_is_said_not_to_be_kept(driver):
    """The title after a headless host's ^C, with the match history off: nothing is kept, and
    the sentence says so instead of pointing to the history."""
    driver.app.change_settings(driver.app.settings.with_changes(keep_history=False))
    table_host = Host(["easy", "person"], 4)
    try:
        join(driver, table_host.address, table_host.code)
        wait(driver, lambda: joined(driver))
        table_host.close()
        wait(driver, lambda: isinstance(driver.top, TitleScene))
    finally:
        table_host.close()
    assert str(driver.app.notice) == ("The host has stopped the match for good: it cannot be continued. "
                                      "Your match history is off: it was not kept.")
    assert not history.load_history(driver.app.files.history_folder).entries
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(driver.app.settings.with_changes(language=language))
        driver.frame()
        shot(driver, f"title_joined_stopped_not_kept_{language}")


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_rematch_whose_port_is_taken_says_so_and_opens_on_no_other(driver, monkeypatch, language):
    """Its players' Join again knocks at the old port only: a rematch listening elsewhere would
    never be found, so it does not open at all and says why."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        plan = SeatPlan.table(("you", "remote"), ("", "Kaiji"))
        driver.screens.table(new_session(driver.app.files, driver.app, plan, replace_unkept=True,
                                         rules=Rules.preset("kaiji")), HostedSeats("KAIJIC", port, {1: "k" * 32}))
        host = driver.top
        assert isinstance(host, HostScene) and host.rematch
        assert host.hosted is None and host.problem is not None and host.problem.errno == errno.EADDRINUSE
        drawn = driver.record_text(monkeypatch)
        host.draw(pygame.Surface((1280, 800)))
        monkeypatch.undo()
        assert str(port) in "".join(drawn)
        driver.frame()
        shot(driver, f"host_rematch_port_taken_{language}")
        host.back()


def test_the_title_leaves_a_hosted_table_as_a_closing_window_does(driver):
    """Going to the title leaves the table the one way (`HostedTable.leave`): no match begun
    is told of no match stopped, and a window closing meanwhile does not stop it again."""
    from types import SimpleNamespace

    from game.net.hosting import leave_every_table
    from tests.test_net_server import quiet_table

    net = quiet_table()
    told: list[str] = []
    net.table = SimpleNamespace(match_over=lambda: told.append("match_over"))
    driver.screens.hosted_session = SimpleNamespace(net=net)
    driver.screens.title()
    assert net.stopping  # before its thread runs: a closing window leaves it alone
    leave_every_table()
    assert net.stopped.wait(WAIT_S)
    assert net.host.stops == 1 and told == []


def test_at_the_end_of_a_one_hand_match_the_hosts_result_shows_no_one_away_who_is_there(driver, monkeypatch):
    """The joined computer closes its connection once told the match is over (it reads its
    result and summary from what it was told): that is the match's end, not a person gone.
    The host's result, over its table, marks no one away."""
    host = open_host_screen(driver, monkeypatch)
    client = Client(host, "Kaiji")
    driver.wait_until(lambda: host.room.can_start, seconds=30)
    driver.press(host.buttons["start"])
    table = driver.app.stack.scenes[0]
    result = play_to_result(driver, table, seconds=180)
    client.thread.join(timeout=60)
    assert client.error is None and client.mirror.over is not None  # its match over, its connection closed
    driver.wait_until(lambda: not table.session.net.host.connected(1), seconds=10)
    driver.frames(5)
    assert driver.top is result
    plates = [seat.name for seat in table.controller.frame().seats]
    assert plates == ["Player 1", "Kaiji"]
    shot(driver, "host_result_one_hand")
