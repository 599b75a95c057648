"""Joining a table from the window: title → Join → the name, address and code typed → a look
at the table (the host's rules, who sits where) → Sit down → the table, played against a
real headless host on 127.0.0.1 (its other seat an AI), to the result; and the refusals
said in a sentence on the Join screen. Discovery stays off."""

from __future__ import annotations

import dataclasses
import os
import socket
import threading
import time

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.app.history import history
from game.app.history.player_files import load_settings
from game.app.play.hosted_match import HostedMatch
from game.app.play.joining import OUR_VERSION, Joining
from game.app.play.remote_link import Reconnecting
from game.app.play.remote_table import RemoteTable
from game.app.play.seat_keys import KEYS_FILE
from game.app.scenes.join import JoinScene
from game.app.scenes.join_summary import JoinedSummaryScene, settled_hands
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene
from game.app.scenes.title import TitleScene
from game.app.theatre.theatre_frame import OPEN
from game.app.words import i18n
from game.app.words.net_words import refusal_sentence
from game.net.discovery import FoundTable, TableAd
from game.net.protocol import PROTOCOL_VERSION, MatchOver, Refused
from tests.hosted_table import WAIT_S, Host
from tests.ui.autoplay import play_to_result
from tests.ui.driver import Driver
from tests.ui.test_screens import choose, shot

SECONDS = 30.0
SMALL = (1024, 640)
"""The smallest common screen: the new screens are looked at there."""


@pytest.fixture
def driver(display, tmp_path, monkeypatch):
    monkeypatch.setenv("SEVENTEEN_STEPS_DISCOVERY", "off")
    game = Driver.start(tmp_path, seed=7)
    yield game
    game.close()


@pytest.fixture
def host():
    made: list[Host] = []

    def make(seats: list[str], hands: int = 1, **rules: object) -> Host:
        made.append(Host(seats, hands, **rules))
        return made[-1]

    yield make
    for one in made:
        one.close()


def type_into(driver: Driver, field, text: str, clear: bool = False) -> None:
    driver.click(field.rect.center)
    if clear:
        driver.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
        for _ in field.get_text():
            driver.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                             scancode=0)])
    for character in text:
        driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=character)])
    driver.frame()  # the gui's own events (text changed) arrive through the queue


def open_join(driver: Driver) -> JoinScene:
    assert isinstance(driver.top, TitleScene)
    driver.press(driver.top.buttons["join"])
    assert isinstance(driver.top, JoinScene)
    return driver.top


def look_at(driver: Driver, address: str, code: str, name: str = "Guest") -> JoinScene:
    """Join pressed: the table looked at (or a sentence why not), no seat taken yet; or, for
    a table of which this computer keeps a seat key and that does not answer, sitting down."""
    scene = open_join(driver)
    type_into(driver, scene.buttons["name"], name, clear=True)
    type_into(driver, scene.buttons["address"], address, clear=True)
    type_into(driver, scene.buttons["code"], code, clear=True)
    assert (scene.name, scene.address, scene.code) == (name, address, code)
    driver.press(scene.buttons["join"])
    wait(driver, lambda: scene.table_looked_at is not None or scene.sentence is not None or scene.joining is not None)
    return scene


def join(driver: Driver, address: str, code: str, name: str = "Guest") -> JoinScene:
    """Join, then Sit down at the table looked at."""
    scene = look_at(driver, address, code, name)
    if scene.table_looked_at is not None:
        driver.press(scene.buttons["sit"])
    return scene


def joined(driver: Driver) -> bool:
    return isinstance(driver.top, TableScene) and isinstance(driver.top.controller, RemoteTable)


def joined_under_menu(driver: Driver) -> bool:
    table = driver.app.stack.scenes[0]
    return isinstance(table, TableScene) and isinstance(table.controller, RemoteTable)


def wait(driver: Driver, done) -> None:
    deadline = time.monotonic() + SECONDS
    while not done():
        assert time.monotonic() < deadline, f"not in time; top scene {driver.top!r}"
        driver.frame(dt=0.05)
        time.sleep(0.01)


def test_a_joined_seat_plays_a_whole_hand_against_the_hosts_ai_and_sees_its_result(driver, host):
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code.lower())
    wait(driver, lambda: joined(driver))
    table = driver.top
    assert table.viewer == 1 and table.bottom == 1
    result = play_to_result(driver, table, seconds=120)
    assert isinstance(result, ResultScene)
    assert result.frame.over  # a match of one hand
    settled = table_host.hosted.match.settlements[-1]
    assert table.controller.standings() == tuple(settled.scores)
    driver.press(result.next_button)
    summary = driver.top
    assert isinstance(summary, JoinedSummaryScene)
    assert summary.scores == tuple(table_host.hosted.match.scores)
    # its rows are the engine's settlements of the record the host sent, of the table's rules
    assert [s.gains for s in settled_hands(summary.record, summary.rules)] == [
        s.gains for s in table_host.hosted.match.settlements]
    wait(driver, lambda: summary.keeping is None)  # kept in this computer's history meanwhile
    assert summary.not_kept is None
    driver.press(summary.elements[-1])  # Title (beside Rematch)
    assert isinstance(driver.top, TitleScene)
    the_joined_match_is_in_the_history(driver, table_host, seat=1)


def the_joined_match_is_in_the_history(driver: Driver, table_host, seat: int) -> None:
    """The joiner's history keeps the host's record; its statistics count it from the joined
    seat; the theatre plays it with every hand open."""
    (entry,) = history.load_history(driver.app.files.history_folder).entries
    assert entry.lines[1:] == table_host.hosted.match.record[1:] and entry.plan["humans"] == [seat]
    stats, notices = driver.app.files.read_statistics()
    assert notices == [] and len(stats.matches) == 1
    assert stats.matches[0].hands == len(table_host.hosted.match.settlements)
    driver.screens.watch_latest()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.point_of_view == OPEN
    driver.frames(3)


def test_a_joined_seat_at_a_four_player_table_plays_a_hand_to_its_result(driver, host):
    table_host = host(["easy", "easy", "person", "easy"], preset="four_player")
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    table = driver.top
    assert table.viewer == 2 and table.controller.frame().seats[2].place == 0
    result = play_to_result(driver, table, seconds=180)
    assert result.frame.over


def test_a_wrong_code_is_a_sentence_on_the_join_screen(driver, host):
    table_host = host(["person", "easy"])
    wrong = "AAAAAA" if table_host.code != "AAAAAA" else "CCCCCC"
    scene = join(driver, table_host.address, wrong)
    wait(driver, lambda: scene.sentence is not None)
    assert scene.sentence == refusal_sentence(Refused(0, "wrong_code", ""), OUR_VERSION)
    assert driver.top is scene and scene.buttons["join"].is_enabled  # try again


def test_another_version_is_a_sentence_naming_both(driver, host, monkeypatch):
    monkeypatch.setattr("game.net.server.PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
    table_host = host(["person", "easy"])
    scene = join(driver, table_host.address, table_host.code)
    wait(driver, lambda: scene.sentence is not None)
    assert f"(protocol {PROTOCOL_VERSION + 1})" in scene.sentence and OUR_VERSION in scene.sentence


def test_enter_goes_from_the_name_to_the_address_to_the_code_which_looks_and_enter_then_sits_down(driver, host,
                                                                                                  monkeypatch):
    monkeypatch.setattr("game.app.scenes.join.LanTables", FoundLater)
    driver.screens.discovery = ["127.0.0.1"]
    table_host = host(["person", "easy"])
    scene = open_join(driver)
    driver.frames(4)  # a table listed: the keyboard's focus starts on it
    type_into(driver, scene.buttons["name"], "Guest")
    driver.key(pygame.K_RETURN)
    for character in table_host.address:
        driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=character)])
    driver.key(pygame.K_RETURN)
    for character in table_host.code:
        driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=character)])
    driver.key(pygame.K_RETURN)
    assert scene.code == table_host.code and scene.looking is not None and scene.joining is None
    wait(driver, lambda: scene.table_looked_at is not None)
    assert scene.ring.focused() is scene.buttons["sit"]
    driver.look()
    driver.key(pygame.K_RETURN)  # Sit down
    assert scene.joining is not None or joined(driver)  # a quick host's first view may be here already
    wait(driver, lambda: joined(driver))


def test_tab_and_shift_tab_move_between_the_fields_as_in_every_form(driver):
    """A player's Tab went into the name field with the rest (player test, defect 7)."""
    scene = open_join(driver)
    type_into(driver, scene.buttons["name"], "Guest")
    for text in ("127.0.0.1:17017", "KANTER"):
        driver.key(pygame.K_TAB)
        for character in text:
            driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=character)])
    driver.frame()  # the last character's change is heard the frame after
    assert (scene.name, scene.address, scene.code) == ("Guest", "127.0.0.1:17017", "KANTER")
    driver.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="",
                                     scancode=0)])
    assert scene.ring.focused() is scene.buttons["address"] and scene.buttons["address"].is_focused
    assert scene.joining is None and scene.looking is None


def test_an_address_that_is_not_one_is_said_before_any_connection(driver):
    scene = join(driver, "studio:99999", "KANTER")
    assert scene.joining is None and scene.sentence and "host:port" in scene.sentence


def test_an_ipv6_address_and_port_without_brackets_is_a_sentence_saying_how_to_write_them(driver):
    scene = join(driver, "::1:47123", "KANTER")
    assert scene.joining is None
    assert scene.sentence == "Write an IPv6 address in brackets, then its port: [::1]:47123."
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if shots:
        before = driver.app.settings
        for language in ("en", "ja", "zh_CN"):
            driver.app.change_settings(dataclasses.replace(before, language=language))
            scene.join()  # the sentence in the language spoken
            driver.frame(dt=0.0)
            pygame.image.save(driver.pixels(), os.path.join(shots, f"join_ipv6_unbracketed_{language}.png"))
        driver.app.change_settings(before)


def test_the_host_gone_mid_match_is_one_sentence_on_the_title(driver, host):
    table_host = host(["easy", "person"], hands=4)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    driver.top.controller.link.delays = (0.05, 0.05)
    table_host.close()
    wait(driver, lambda: isinstance(driver.top, TitleScene))
    # A headless host has no Continue: its players are not told to join again. Stopped for good,
    # it sends the match's record, kept here as a stopped match (the theatre plays it).
    stopped = "The host has stopped the match for good. It is kept in your match history, where you can watch it."
    assert str(driver.app.notice) == stopped
    wait(driver, lambda: history.load_history(driver.app.files.history_folder).entries)
    (kept,) = history.load_history(driver.app.files.history_folder).entries
    assert kept.ended == history.ABANDONED and kept.plan["humans"] == [1]
    driver.app.change_settings(driver.app.settings.with_changes(language="ja"))  # in Settings, from the title
    assert "host" not in str(driver.app.notice) and str(driver.app.notice) == i18n._(stopped)


def test_while_the_connection_is_made_again_leave_stops_it_keeping_the_seat_which_join_takes_back(driver, host):
    """"Connection to the host lost: reconnecting…" may last 15 minutes: the table offers Leave
    beside its menu (Esc still opens the menu), which goes to the title at once; the seat's
    key stays, and Join with the same address and code takes the same seat back."""
    from game.app.play.seat_keys import read_keys
    from game.app.play.table_words import HOST_LOST
    from game.app.scenes.dialog import Dialog

    table_host = host(["easy", "person"], hands=4)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    scene = driver.top
    table = scene.controller
    assert not scene.buttons["leave"].visible  # connected: the menu is the way out
    keys = read_keys(driver.app.files.seat_keys_folder)
    assert len(keys) == 1
    dropped = [Reconnecting(1)]
    table.link.poll = lambda: [dropped.pop()] if dropped else []  # the connection dropped; nothing more comes
    driver.frames(2)
    assert table.frame().centre.status == HOST_LOST and scene.buttons["leave"].visible
    driver.look()
    shoot_in_every_language(driver, "joined_reconnecting_leave", window=(1024, 640))
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"  # Esc as before
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene and scene.buttons["leave"].visible
    driver.press(scene.buttons["leave"])
    assert isinstance(driver.top, TitleScene)
    assert read_keys(driver.app.files.seat_keys_folder) == keys
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    assert driver.top.viewer == 1 and not driver.top.buttons["leave"].visible  # the same seat, connected


def test_the_notice_of_a_host_gone_is_above_the_titles_foot_and_forgotten_once_another_table_is_joined(
        driver, host, monkeypatch):
    driver.app.notice = "The host has left the table. If the host continues the match, join again to play on."
    placed: dict[str, pygame.Rect] = {}
    original = driver.app.text.draw

    def placing(surface, text, *rest, **named):
        placed[text] = original(surface, text, *rest, **named)
        return placed[text]

    monkeypatch.setattr(driver.app.text, "draw", placing)
    driver.frame()
    assert placed[driver.app.notice].bottom <= driver.app.screen.get_height() - 12  # no descender on the edge
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    assert driver.app.notice is None  # the Settings page no longer shows it during this match


class FoundLater:
    """A stand-in for the local network's browser: its tables appear after a while."""

    def __init__(self, interfaces) -> None:
        self.failed = False
        self.looks = 0

    def tables(self):
        self.looks += 1
        if self.looks < 3:
            return []
        return [FoundTable(TableAd("studio", 1, 2, "kaiji", "0.1.0", PROTOCOL_VERSION), "192.168.1.20", 17017)]

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("last_join", "code_kept"), [(("10.0.0.5:17017", "KANTER"), ""),
                                                      (("192.168.1.20:17017", "KANTER"), "KANTER")])
def test_tables_found_on_the_network_are_listed_by_themselves_and_one_fills_in_its_address(driver, monkeypatch,
                                                                                          last_join, code_kept):
    """A listed table's address replaces the one kept, and the code kept goes with its own table only."""
    monkeypatch.setattr("game.app.scenes.join.LanTables", FoundLater)
    driver.screens.discovery = ["127.0.0.1"]
    driver.app.change_settings(driver.app.settings.with_changes(last_join=last_join))
    scene = open_join(driver)
    assert "table_0" not in scene.buttons
    driver.frames(4)
    listed = scene.buttons["table_0"]
    assert listed.text.startswith("studio — 1/2 seats — ")
    driver.press(listed)
    assert scene.address == "192.168.1.20:17017" and scene.buttons["address"].get_text() == scene.address
    assert scene.code == code_kept and scene.buttons["code"].get_text() == code_kept
    assert scene.ring.focused() is scene.buttons["code"]


def test_join_first_shows_the_hosts_rules_and_seats_taking_no_seat_and_the_joined_menu_shows_them_too(
        driver, host, monkeypatch):
    table_host = host(["easy", "person"], hands=3, build_time_s=60, discard_time_s=30, wait_s=120)  # shots are slow
    host_rules = table_host.hosted.match.rules
    assert driver.app.settings.rules != host_rules
    scene = look_at(driver, table_host.address, table_host.code)
    assert scene.table_looked_at is not None and scene.table_looked_at.rules == host_rules
    assert scene.joining is None and not table_host.hosted.host.taken(1)  # the host has not started: no one sits
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert "Seat 1: Easy AI" in drawn and "Seat 2: free, for a person at another computer" in drawn
    assert "Time to build: 1 minute · Time per discard: 30 seconds" in drawn
    assert scene.ring.focused() is scene.buttons["sit"]
    shoot_in_every_language(driver, "join_looked", SMALL)
    driver.press(scene.buttons["rules"])
    page = driver.top
    assert isinstance(page, RulesScene) and page.rules == host_rules
    assert "Time to build: 1 minute" in [block.body for block in page.blocks if block.kind == "option"]
    shoot_in_every_language(driver, "join_hosts_rules", SMALL)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene and scene.table_looked_at is not None
    driver.press(scene.buttons["sit"])
    wait(driver, lambda: joined(driver))
    driver.look()
    shoot_menu_in_every_language(driver)
    driver.key(pygame.K_ESCAPE)  # the joined table's menu
    driver.press(driver.button("Rules"))
    page = driver.top
    assert isinstance(page, RulesScene) and page.rules == host_rules
    driver.key(pygame.K_ESCAPE)
    assert driver.button("Resume") and joined_under_menu(driver)  # back to the menu, as the host's
    # The settings say that this match plays the host's rules, and open them; the player's
    # own rule settings are still theirs to change, for their own next table.
    driver.press(driver.button("Settings"))
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert any("This match plays the host's rules" in line for line in drawn)
    rows = settings.container.get_container().elements
    assert "Your rules (for your own next table)" in [row.text for row in rows if isinstance(row, UILabel)]
    shoot_in_every_language(driver, "joined_settings", SMALL)
    choose(driver, settings, "Time to build", "5 minutes")
    assert driver.app.settings.rules.build_time_s == 300 != host_rules.build_time_s
    driver.press(driver.button("The host's rules"))
    page = driver.top
    assert isinstance(page, RulesScene) and page.rules == host_rules
    driver.key(pygame.K_ESCAPE)
    assert driver.top is settings


def shoot_menu_in_every_language(driver) -> None:
    """The joined table's menu, opened in each language (it is worded as it opens)."""
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if not shots:
        return
    before = driver.app.settings
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(dataclasses.replace(before, language=language, window_size=SMALL))
        driver.key(pygame.K_ESCAPE)
        driver.frame(dt=0.0)
        pygame.image.save(driver.app.display.window, os.path.join(shots, f"joined_menu_{language}.png"))
        driver.key(pygame.K_ESCAPE)
    driver.app.change_settings(before)


def test_an_address_or_code_changed_after_a_look_puts_the_table_away_until_join_looks_again(driver, host):
    table_host = host(["easy", "person"])
    scene = look_at(driver, table_host.address, table_host.code)
    assert "sit" in scene.buttons
    type_into(driver, scene.buttons["code"], "A")
    assert scene.table_looked_at is None and "sit" not in scene.buttons and scene.buttons["join"].is_enabled


def test_the_join_screen_offers_the_players_name_and_keeps_a_changed_one_with_the_address_and_code(driver, host):
    driver.app.change_settings(driver.app.settings.with_changes(table_names=("Kaiji", "Ichijo")))
    scene = open_join(driver)
    assert scene.buttons["name"].get_text() == "Kaiji" and scene.buttons["address"].get_text() == ""
    driver.press(scene.buttons["back"])
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code.lower(), name="Tonegawa")
    wait(driver, lambda: joined(driver))
    wait(driver, lambda: table_host.hosted.hosted.table.names[1] == "Tonegawa")  # the host calls the seat so
    kept = (("Tonegawa", "Ichijo"), (table_host.address, table_host.code.lower()))
    assert (driver.app.settings.table_names, driver.app.settings.last_join) == kept
    saved, notice = load_settings(driver.app.files.config_dir)
    assert (saved.table_names, saved.last_join) == kept and notice is None
    driver.screens.title()  # back at the title (as after a match, or a host gone)
    scene = open_join(driver)
    assert [scene.buttons[name].get_text() for name in ("name", "address", "code")] == [
        "Tonegawa", table_host.address, table_host.code.lower()]


def test_an_empty_name_is_a_sentence_before_any_look_and_a_long_one_is_cut_to_a_name_plate(driver):
    scene = open_join(driver)
    type_into(driver, scene.buttons["address"], "127.0.0.1:9")
    type_into(driver, scene.buttons["code"], "KANTER")
    driver.press(scene.buttons["join"])
    assert scene.sentence == "Type your name: the other players see it at the table." and scene.looking is None
    shoot_sentence_in_every_language(driver, scene, "join_no_name")
    type_into(driver, scene.buttons["name"], "x" * 30)
    assert scene.name == "x" * 24 and scene.buttons["name"].get_text() == "x" * 24


def shoot_sentence_in_every_language(driver, scene: JoinScene, name: str) -> None:
    """The Join screen and its sentence, Join pressed again in each language (the sentence is
    worded when it is said)."""
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if not shots:
        return
    before = driver.app.settings
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(dataclasses.replace(before, language=language, window_size=SMALL))
        scene.join()
        driver.frame(dt=0.0)
        pygame.image.save(driver.app.display.window, os.path.join(shots, f"{name}_{language}.png"))
    driver.app.change_settings(before)


def test_a_full_table_is_shown_with_its_rules_but_no_seat_is_offered(driver, host):
    table_host = host(["person", "easy"])
    first = look_at(driver, table_host.address, table_host.code)
    driver.press(first.buttons["sit"])
    wait(driver, lambda: (first.joining is not None and first.joining.seated is not None) or joined(driver))
    seated = first.joining.link if first.joining is not None else driver.top.controller.link
    driver.screens.title()  # this window leaves; its connection stays, as another computer's would
    first.joining = None
    (driver.app.files.seat_keys_folder / KEYS_FILE).unlink()  # another computer: no key of that seat
    scene = look_at(driver, table_host.address, table_host.code)
    assert scene.table_looked_at is not None and not any(scene.table_looked_at.open)
    assert not scene.buttons["sit"].is_enabled and scene.ring.focused() is scene.buttons["rules"]
    assert scene._state_lines()[0][0] in {refusal_sentence(Refused(0, code, ""), OUR_VERSION)
                                          for code in ("table_full", "match_started")}
    shoot_in_every_language(driver, "join_looked_full", SMALL)
    seated.close()


def test_rematch_on_the_joined_summary_waits_for_the_host_to_open_it_and_takes_the_same_seat(driver, host):
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    result = play_to_result(driver, driver.top, seconds=120)
    driver.press(result.next_button)
    summary = driver.top
    assert isinstance(summary, JoinedSummaryScene) and summary.ring.focused() is summary.elements[-1]  # Title
    shot(driver, "joined_summary_rematch")
    driver.press(driver.button("Rematch"))
    scene = driver.top
    assert isinstance(scene, JoinScene) and scene.joining is not None
    wait(driver, lambda: scene.joining is not None and scene.joining.waiting_for_host)  # the last match is over
    assert scene._state_lines()[0][0].startswith("Waiting for the host at")
    shot(driver, "join_waiting_for_rematch")
    old = table_host.hosted
    table_host.thread.join(WAIT_S)
    old.stop(reopening=True)  # the host's Rematch: its table closed, to open the rematch's
    rematch = HostedMatch(old.match.rules, ["easy", "person"], seed=12, code=old.host.code, bind="127.0.0.1",
                          port=old.host.port, move_time_s=30, report=lambda line: None, tokens=old.host.tokens())
    table_host.hosted = rematch  # closed by the fixture
    rematch.start()
    table_host.thread = threading.Thread(target=lambda: rematch.wait_for_players(WAIT_S) and rematch.play(),
                                         daemon=True)
    table_host.thread.start()
    wait(driver, lambda: joined(driver))
    table = driver.top
    assert table.viewer == 1 and rematch.hosted.connected(1)  # the same seat, by its key
    assert table.controller.move_time_s == 30  # for its Rules: no look was made, the last one's kept
    assert play_to_result(driver, table, seconds=120).frame.over


def test_a_rematch_waiting_for_the_host_is_told_at_once_that_the_host_has_left_its_table(driver, host):
    table_host = host(["easy", "person"])
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    driver.press(play_to_result(driver, driver.top, seconds=120).next_button)
    driver.press(driver.button("Rematch"))
    scene = driver.top
    assert isinstance(scene, JoinScene)
    wait(driver, lambda: scene.joining is not None and scene.joining.link.waiting_for_host)  # kept there by the host
    assert scene._state_lines()[0][0].startswith("Waiting for the host at")
    table_host.thread.join(WAIT_S)
    table_host.hosted.stop()  # the host leaves its table (the title, say)
    wait(driver, lambda: scene.joining is None)
    left = refusal_sentence(Refused(0, "host_left", ""), OUR_VERSION)
    assert scene.sentence == left == "The host has left the table."
    shoot_in_every_language(driver, "join_host_left")


def join_a_table_not_reopened(driver) -> tuple[object, str]:
    """Join pressed with a seat's key for an address where no table answers (yet): the
    scene once it knocks there, and the address."""
    from game.app.play.seat_keys import remember_key, table_of

    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    remember_key(driver.app.files.seat_keys_folder, table_of(address, "KANTER"), "the-seat-key-of-seat-1")
    scene = join(driver, address, "KANTER")
    wait(driver, lambda: scene.joining is not None and scene.joining.not_reopened)
    return scene, address


def test_join_again_before_the_host_has_reopened_its_table_says_so_while_it_tries_again(driver):
    """The host's computer crashed, or its player is at the title: Join again with the seat's
    key finds no table at the address, and the Join screen says why it keeps trying."""
    scene, address = join_a_table_not_reopened(driver)
    said = scene._state_lines()[0][0]
    assert said.startswith(f"The host at {address} has not reopened the table yet")
    assert said.endswith("Trying again for up to 30 seconds…")
    shoot_in_every_language(driver, "join_not_reopened")
    scene.back()


def test_join_again_at_a_table_whose_host_never_comes_back_stops_trying_and_join_can_be_pressed_again(driver):
    """The host exited for good after the player left its match: the knocking stops once the
    link has tried its pauses, the screen says that no table answered and that the seat
    comes back only if the host continues the match, and Join is offered again."""
    scene, address = join_a_table_not_reopened(driver)
    assert not scene.buttons["join"].is_enabled
    scene.joining.link.delays = (0.5,) * 4  # the whole half minute, shortened
    wait(driver, lambda: scene.joining is None)
    assert scene.sentence == (f"No table answered at {address} for 2 seconds: its host has not continued the match. "
                              "If the host continues it later, Join takes your seat back.")
    assert scene.buttons["join"].is_enabled
    shoot_in_every_language(driver, "join_never_reopened", SMALL)


def test_a_table_its_host_closed_before_the_match_began_is_put_away_and_join_again_finds_none(driver, host):
    """The host's Back in its waiting room: the seat's key takes nothing back (no match was
    begun to continue), so the table is no longer offered and Join again is not told to wait
    for the host to reopen it."""
    table_host = host(["person", "person"])
    scene = join(driver, table_host.address, table_host.code)
    wait(driver, lambda: scene.joining is not None and scene.joining.seated is not None)
    table_host.close()
    wait(driver, lambda: scene.joining is None)
    assert scene.sentence == "The host has left the table."
    assert scene.table_looked_at is None and "sit" not in scene.buttons and scene.buttons["join"].is_enabled
    assert scene.ring.focused() is scene.buttons["join"]
    shoot_in_every_language(driver, "join_host_closed_its_table", SMALL)
    driver.press(scene.buttons["join"])
    wait(driver, lambda: scene.sentence is not None or scene.joining is not None)
    assert scene.joining is None and scene.sentence.startswith(f"No table answers at {table_host.address}")


def test_a_seat_refused_at_sit_down_puts_the_table_looked_at_away(driver, host):
    table_host = host(["easy", "person"])
    scene = look_at(driver, table_host.address, table_host.code)
    other = Joining(table_host.address, table_host.code, "Other")  # another computer takes the one free seat
    try:
        wait(driver, lambda: other.poll() or other.seated is not None)
        driver.press(scene.buttons["sit"])
        wait(driver, lambda: scene.joining is None)
        assert scene.sentence in {refusal_sentence(Refused(0, code, ""), OUR_VERSION)
                                  for code in ("table_full", "match_started")}
        assert scene.table_looked_at is None and "sit" not in scene.buttons and scene.buttons["join"].is_enabled
    finally:
        other.close()


def test_another_address_typed_while_join_waits_for_a_table_not_reopened_stops_waiting_and_join_looks_there(
        driver, host):
    """The host began a new match at another address and code (its old one discarded): the
    player types them in while the old table is knocked at, and Join looks at the new one."""
    scene, _address = join_a_table_not_reopened(driver)
    assert not scene.buttons["join"].is_enabled
    knocking = scene.joining.link
    table_host = host(["easy", "person"])
    type_into(driver, scene.buttons["address"], table_host.address, clear=True)
    assert scene.joining is None and scene.sentence is None and scene.buttons["join"].is_enabled
    wait(driver, lambda: not knocking.running)
    type_into(driver, scene.buttons["code"], table_host.code, clear=True)
    driver.press(scene.buttons["join"])
    wait(driver, lambda: scene.table_looked_at is not None)
    assert scene.looking is not None and scene.looking.address == table_host.address


def test_after_a_look_no_button_takes_the_place_of_join_which_a_double_click_would_press(driver, host):
    table_host = host(["easy", "person"])
    scene = open_join(driver)
    join_at = scene.buttons["join"].rect.copy()
    driver.press(scene.buttons["back"])
    scene = look_at(driver, table_host.address, table_host.code)
    assert scene.table_looked_at is not None
    assert scene.buttons["join"].rect == join_at and not scene.buttons["join"].is_enabled
    assert [name for name, button in scene.buttons.items() if name != "join" and button.rect.colliderect(join_at)] \
        == []
    driver.click(join_at.center)  # the second click of a double-click on Join
    assert driver.top is scene and scene.table_looked_at is not None


JUNK = "19p19s1234567z26p"
CHEAP = "234m345p567s678s8p"
"""Waits 8p with riichi and tanyao: below mangan, so an 8p may not be won on (tests/test_seat_notices.py)."""


class DiscardsAnEightPin:
    """The host's seat 0 (East, the dealer), scripted: the dora, junk, then an 8p on its second discard."""

    name = "scripted"

    def act(self, view):
        from game.engine.actions import BuildHand, ChooseDora, Discard, Pass
        from game.engine.kyoku import Phase
        from game.engine.tiles import tile_code
        from game.engine.wall import side_walls

        if view.phase is Phase.DORA:
            return ChooseDora(0, side_walls(2)[0], 0)
        if view.phase is Phase.BUILD:
            return BuildHand(0, JUNK)
        if view.phase is Phase.RON:
            return Pass(0)
        codes = [tile_code(tile, view.rules.red_fives) for tile in view.pool]
        if len(view.rivers[0]) == 1 and "8p" in codes:
            return Discard(0, "8p")
        return Discard(0, next(code for code in codes if code != "8p"))


def shoot_in_every_language(driver, name: str, window: tuple[int, int] | None = None) -> None:
    """With SEVENTEEN_STEPS_SHOTS set, the screen in each language, to look at; with `window`,
    as a window of that size shows it."""
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if not shots:
        return
    before = driver.app.settings
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(dataclasses.replace(before, language=language, window_size=window or
                                                       before.window_size))
        driver.frame(dt=0.0)
        picture = driver.app.display.window if window else driver.pixels()
        pygame.image.save(picture, os.path.join(shots, f"{name}_{language}.png"))
    driver.app.change_settings(before)


def test_a_joined_seat_that_may_not_win_on_a_discard_is_told_so_as_at_a_local_table(driver, host, monkeypatch):
    from functools import partial

    from game.app.play.seat_notices import seat_notices
    from game.engine.actions import BuildHand, Discard
    from game.engine.match import Match
    from game.engine.tiles import tile_code
    from game.engine.wall import PERSONAL_WALLS
    from tests.scenario_tools import crafted_deal

    table_host = host(["easy", "person"])
    match = table_host.hosted.match
    walls = PERSONAL_WALLS[2]
    match.next_kyoku = partial(Match.next_kyoku, match, crafted_deal({walls[0]: JUNK + "8p8p", walls[1]: CHEAP}), 0)
    table_host.hosted.players[0] = DiscardsAnEightPin()
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    table = driver.top
    remote = table.controller
    wait(driver, lambda: table.mode() == "build")
    remote.play(1, BuildHand(1, CHEAP))
    wait(driver, lambda: table.mode() == "discard")
    pool = [tile_code(tile, match.rules.red_fives) for tile in remote.view(1).pool]
    remote.play(1, Discard(1, next(code for code in pool if code != "8p")))
    wait(driver, lambda: table.card is not None)
    expected = seat_notices(remote.view(1))
    assert table.card.tile == "8p" and [str(table.card.text)] == [str(n.text) for n in expected]
    assert str(table.card.text).startswith("East's 8-pin completes your hand, but you may not win on it: it is worth "
                                           "less than mangan")
    shoot_in_every_language(driver, "joined_notice")  # the card (the window shows the canvas at 1024x640 too)


def test_a_record_the_host_sends_damaged_is_one_sentence_on_the_joined_summary_and_nothing_is_kept(driver,
                                                                                                  monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from game.app.history.match_history import keep_joined
    from game.engine.match import Match
    from game.engine.rules import Rules
    from tests.test_remote_table import heard

    match = Match(Rules.preset("kaiji", hands=1), 5)
    match.next_kyoku()
    app = driver.app

    def keep(news):
        return app.executor.submit(keep_joined, app.files, '{"type":"header"}\n', 1, news.welcome.names,
                                   news.welcome.levels, (100.0, 100.0), app.settings, app.executor)

    with ThreadPoolExecutor(1) as builders:
        table = RemoteTable(heard(match), builders, keep=keep)
        table.take(dataclasses.replace(heard(match), over=MatchOver(9, "hands", (100.0, 100.0))))
        assert table.keeping is not None  # kept as soon as the host said the match is over
        driver.screens.joined_summary(table)
        summary = driver.top
        wait(driver, lambda: summary.keeping is None)
    assert str(summary.not_kept) == ("The host's record of the match is not kept in your history: it is not a match "
                                     "record this version can read.")
    assert history.record_files(app.files.history_folder) == []
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert str(summary.not_kept) in drawn  # one line: it fits
    shoot_in_every_language_and_size(driver, "joined_summary_not_kept")


def joined_at_a_kyokus_end(driver: Driver, builders, build_time_s: float = 120):
    """A joined table (the host's news on a queue) at the end of its first of two kyoku."""
    from game.engine.match import Match
    from game.engine.rules import Rules
    from tests.test_remote_table import QueuedLink, heard, play_to_end

    match = Match(Rules.preset("kaiji", hands=2, build_time_s=build_time_s), 5)
    match.next_kyoku()
    link = QueuedLink()
    table = RemoteTable(heard(match), builders, link=link)
    play_to_end(match, table)
    driver.screens.joined_table(table)
    wait(driver, lambda: isinstance(driver.top, ResultScene))
    driver.look()
    return match, link, table


def reading(match, link, waiting: tuple[bool, ...], time_left: float = 60.0) -> None:
    """The host's word on who the next hand waits for, on the link as a message brings it."""
    from game.net.protocol import Reading
    from tests.test_remote_table import heard

    link.news.append(dataclasses.replace(heard(match), reading=Reading(9, match.kyoku_number, waiting, time_left)))


def test_a_joined_table_after_the_last_discard_under_a_ron_question_shows_no_result_until_it_is_answered(driver):
    """Another seat's ron question on the hand's last discard: this seat's view is the hand at
    its end without its result. The table stays, waiting, its own tiles face up; the answer
    brings the result."""
    from concurrent.futures import ThreadPoolExecutor

    from game.engine.actions import Pass
    from tests.test_remote_table import SEAT, QueuedLink, heard, question_on_the_last_discard

    match = question_on_the_last_discard()
    link = QueuedLink()
    with ThreadPoolExecutor(1) as builders:
        table = RemoteTable(heard(match), builders, link=link)
        driver.screens.joined_table(table)
        scene = driver.top
        driver.frames(10, dt=0.1)
        driver.look()
        assert driver.top is scene and isinstance(scene, TableScene) and not table.kyoku_over
        assert i18n.language() == "en" and table.frame().centre.status == "Waiting for East (Host)"
        shoot_in_every_language(driver, "joined_last_discard_under_a_ron_question", window=(1024, 640))
        match.apply(Pass(1 - SEAT))
        link.news.append(heard(match))
        wait(driver, lambda: isinstance(driver.top, ResultScene))


def test_a_joined_result_counts_down_and_after_next_says_whom_it_waits_for_until_the_next_hand_begins(driver,
                                                                                                   monkeypatch):
    """Network play: Next tells the host (Ready) and the result stays, naming the people the
    next hand waits for, with the reading time; it closes by itself when the host deals."""
    from concurrent.futures import ThreadPoolExecutor

    from game.net.protocol import Ready
    from tests.test_remote_table import NAMES, heard

    with ThreadPoolExecutor(1) as builders:
        match, link, table = joined_at_a_kyokus_end(driver, builders)
        result = driver.top
        reading(match, link, (True, True))
        drawn = driver.record_text(monkeypatch)
        driver.frame()
        assert result.news_line == "The next hand begins in 1:00, or when everyone is ready"
        assert result.news_line in drawn
        shoot_in_every_language(driver, "joined_result_reading")
        driver.key(pygame.K_RETURN)
        assert link.sent == [Ready(1)]
        reading(match, link, (True, False), 42.0)
        driver.frames(10, dt=0.1)
        assert driver.top is result  # no hand of the host's has begun: no clock runs
        assert result.news_line == f"Waiting for {NAMES[0]} to be ready (0:42)"
        shoot_in_every_language(driver, "joined_result_waits")
        match.next_kyoku()
        link.news.append(heard(match))
        driver.frame()
        assert isinstance(driver.top, TableScene) and table.shown_kyoku == 2


def test_a_joined_result_left_open_closes_by_itself_when_the_reading_time_is_up_at_the_host(driver):
    from concurrent.futures import ThreadPoolExecutor

    from tests.test_remote_table import heard

    with ThreadPoolExecutor(1) as builders:
        match, link, table = joined_at_a_kyokus_end(driver, builders)
        reading(match, link, (True, True))
        driver.frame()
        match.next_kyoku()
        link.news.append(heard(match))  # the host's reading time ran out: it dealt
        driver.frame()
        assert isinstance(driver.top, TableScene) and table.shown_kyoku == 2


def test_a_joined_result_that_comes_up_after_the_next_hand_has_begun_stays_until_next(driver):
    """The player opened the menu as the hand ended and came back after the reading time, the
    host having dealt: the result does not flash by (it came up and closed at once). It says
    that the next hand has begun (with the seat's time left there, when its clock runs: the
    result's news, tests/test_remote_table.py); Next goes to it."""
    from concurrent.futures import ThreadPoolExecutor

    from game.app.words.i18n import _
    from game.engine.match import Match
    from game.engine.rules import Rules
    from tests.test_remote_table import QueuedLink, heard, play_to_end

    with ThreadPoolExecutor(1) as builders:
        match = Match(Rules.preset("kaiji", hands=2, build_time_s=120), 5)
        match.next_kyoku()
        link = QueuedLink()
        table = RemoteTable(heard(match), builders, link=link)
        play_to_end(match, table)
        driver.screens.joined_table(table)
        driver.top.open_menu()  # at the hand's end, before its result came up
        menu = driver.top
        reading(match, link, (True, True))
        match.next_kyoku()  # the reading time ran out at the host: it dealt
        link.news.append(heard(match))
        driver.press(driver.button(_("Resume")))
        assert menu not in driver.app.stack.scenes
        wait(driver, lambda: isinstance(driver.top, ResultScene))
        result = driver.top
        driver.frames(20, dt=0.1)
        assert driver.top is result and result.late  # it stays: nothing flashed by
        assert table.shown_kyoku == 1 and result.news_line == _("Hand {number} has begun.").format(number=2)
        driver.look()
        shoot_in_every_language(driver, "joined_result_after_the_next_hand_began", window=(1024, 640))
        driver.key(pygame.K_RETURN)
        driver.frame()
        assert isinstance(driver.top, TableScene) and table.shown_kyoku == 2
        assert link.sent == []  # no Ready for a hand whose reading is over


def typing_in(scene: JoinScene) -> list[str]:
    """The fields that take the keys typed (the gui's focus), by name."""
    return [name for name in ("name", "address", "code") if scene.buttons[name].is_focused]


def test_enter_in_a_field_clicked_into_goes_to_the_next_field_and_in_the_code_looks(driver, host):
    """One focus at a time: Enter in the address (clicked into with the mouse) moves the
    typing to the code, not the ring alone to Join with the cursor left in the address."""
    table_host = host(["person", "easy"])
    scene = open_join(driver)
    type_into(driver, scene.buttons["name"], "Guest", clear=True)
    type_into(driver, scene.buttons["address"], table_host.address, clear=True)
    assert typing_in(scene) == ["address"] and scene.ring.focused() is scene.buttons["address"]
    driver.key(pygame.K_RETURN)
    assert typing_in(scene) == ["code"] and scene.ring.focused() is scene.buttons["code"]
    for character in table_host.code:
        driver.frame([pygame.event.Event(pygame.TEXTINPUT, text=character)])
    driver.key(pygame.K_RETURN)
    assert scene.looking is not None and scene.joining is None
    wait(driver, lambda: scene.table_looked_at is not None)
    assert typing_in(scene) == [] and scene.ring.focused() is scene.buttons["sit"]
    driver.key(pygame.K_RETURN)  # Sit down
    wait(driver, lambda: joined(driver))


def test_enter_in_the_name_goes_to_the_address_and_a_sentence_goes_once_a_field_is_edited(driver):
    scene = open_join(driver)
    type_into(driver, scene.buttons["name"], "Guest", clear=True)
    driver.key(pygame.K_RETURN)
    assert typing_in(scene) == ["address"] and scene.ring.focused() is scene.buttons["address"]
    for field, text in (("address", "studio:99999"), ("code", "K")):
        type_into(driver, scene.buttons["address"], "studio:99999", clear=True)
        type_into(driver, scene.buttons["code"], "KANTER", clear=True)
        driver.press(scene.buttons["join"])
        assert scene.sentence is not None and "host:port" in scene.sentence
        type_into(driver, scene.buttons[field], text)
        assert scene.sentence is None, f"the sentence stays after the {field} is edited"


def test_while_seated_waiting_for_the_others_the_seat_taken_is_shown_as_the_players(driver, host, monkeypatch):
    table_host = host(["person", "person"])
    scene = join(driver, table_host.address, table_host.code, name="Guest")
    wait(driver, lambda: scene.joining is not None and scene.joining.seated is not None)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    seat = scene.joining.seated.welcome.seat
    assert f"Seat {seat + 1}: Guest (you)" in drawn
    assert f"Seat {2 - seat}: free, for a person at another computer" in drawn
    assert not scene.buttons["sit"].is_enabled and scene.ring.focused() is scene.buttons["rules"]
    shoot_in_every_language(driver, "join_seated", SMALL)


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_joined_screen_keeps_its_instruction_when_another_seat_drops_and_says_when_the_host_is_not_back(
        driver, language):
    """At a table of four, another joined seat drops while this one builds: the notice tells
    it once, the centre keeps "Build your hand"; then this computer's own connection drops and
    the host's computer has no table open: the centre says the host has not reopened it."""
    from game.app.play.table_mode import TableMode
    from game.app.play.table_words import MODE_STATUS, reconnect_words
    from game.app.words.i18n import _
    from game.engine.match import Match
    from game.engine.rules import Rules
    from game.net.hosting import HostedTable
    from game.net.server import Inbound
    from tests.test_remote_table import SEAT, Link, Mirrors

    driver.app.change_settings(dataclasses.replace(driver.app.settings, language=language))
    match = Match(Rules.preset("four_player", hands=1), seed=5)
    match.next_kyoku()
    hosted = HostedTable(match, ("Easy AI", "Guest", "Kaiji", "Normal AI"), ("easy", None, None, "normal"), (1, 2))
    wire = hosted.table.transport = Mirrors(hosted)  # never started: no socket is opened
    for seat in (1, 2):
        hosted.host.inbox.put(Inbound(seat, "joined", token=f"t{seat}"))
    hosted.poll()
    hosted.changed()
    table = RemoteTable(wire.heard(SEAT), driver.app.analysis_pool, driver.app.executor)
    driver.screens.joined_table(table)
    driver.frame()
    hosted.host.inbox.put(Inbound(2, "left"))  # Kaiji's computer has gone
    hosted.poll()
    table.link = Link([wire.heard(SEAT)])
    driver.frames(3)
    scene = driver.top  # news of another seat: a card on the table, no question
    assert isinstance(scene, TableScene) and table.frame().centre.status == _(MODE_STATUS[TableMode.BUILD])
    assert scene.card is not None and str(scene.card.text) == reconnect_words("Kaiji", given_up=False)
    shot(driver, f"joined_drop_notice_{language}")
    driver.frames(3)
    assert isinstance(driver.top, TableScene) and table.prompt() is None  # told once
    table.link.news = [Reconnecting(2, table_closed=True)]
    driver.frames(2)
    assert table.frame().centre.status == _("Waiting for the host to reopen the table…")
    shot(driver, f"joined_not_reopened_{language}")


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_joined_result_says_at_once_that_the_host_has_gone(driver, monkeypatch, language):
    from concurrent.futures import ThreadPoolExecutor

    from game.app.play.remote_link import Ended

    driver.app.change_settings(dataclasses.replace(driver.app.settings, language=language))
    with ThreadPoolExecutor(1) as builders:
        _match, link, table = joined_at_a_kyokus_end(driver, builders)
        result = driver.top
        drawn = driver.record_text(monkeypatch)
        link.news.append(Ended("gone"))  # the host's computer stopped answering
        driver.frame()
        assert result.news_line == table.closed and result.news_line in drawn  # one line: it fits
        driver.look()
        shot(driver, f"joined_result_host_gone_{language}")


# The joined summary shows what the summary of a match at this computer shows: every hand's
# payments and how it ended, and Watch this match, which opens the theatre on the record the
# host sent at the match's end (the one this computer's history keeps).
def joined_summary_of(driver: Driver, builders, players: int, sent: bool = True):
    """The summary of a whole match played from seat 1, its record sent by the host (or not: `sent`)."""
    import json
    from pathlib import Path

    from game.engine.record import read_record, replay
    from tests.test_remote_table import heard

    name = {2: "kaiji_two_draws_then_a_win", 4: "four_player_a_ron_below_mangan"}[players]
    match = replay(read_record(Path(__file__).parent.parent / "records" / f"{name}.jsonl")).match
    assert match is not None and match.over
    record = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in match.record)
    table = RemoteTable(dataclasses.replace(heard(match), record_text=record if sent else None), builders)
    driver.screens.joined_summary(table)
    return match, driver.top


@pytest.mark.parametrize("players", [2, 4])
def test_the_joined_summary_shows_every_hands_payments_and_how_it_ended(driver, monkeypatch, players):
    from concurrent.futures import ThreadPoolExecutor

    from game.app.views.match_summary import gain_words

    with ThreadPoolExecutor(1) as builders:
        match, summary = joined_summary_of(driver, builders, players)
    assert isinstance(summary, JoinedSummaryScene)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert "Hand" in drawn and "How it ended" in drawn
    for settlement in match.settlements:
        assert gain_words(settlement.gains[1]) in drawn
    endings = [line for line in drawn if ": ron, " in line or line == "Exhaustive draw"]
    assert len(endings) == len(match.settlements)
    assert [button.text for button, _action in summary.ring.entries] == ["Watch this match", "Title (Enter)"]
    shoot_in_every_language_and_size(driver, f"joined_summary_{players}")


def test_watch_on_the_joined_summary_opens_the_hosts_record_in_the_theatre_and_back_returns(driver):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as builders:
        match, summary = joined_summary_of(driver, builders, 2)
    driver.look()
    driver.press(driver.button("Watch this match"))
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.point_of_view == OPEN
    assert theatre.names == NAMES_OF_TWO
    playback = theatre.playback
    assert playback.divergence is None and playback.damage is None
    assert len(playback.lines) == len(match.record) and playback.hands == [1, 2, 3]  # two draws, then a win
    driver.key(pygame.K_ESCAPE)
    assert driver.top is summary


NAMES_OF_TWO = ("Host", "Guest")
"""The seats' names in the tables of tests/test_remote_table.py, as the host told them."""


def test_a_joined_summary_without_the_hosts_record_offers_no_watch(driver):
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as builders:
        _match, summary = joined_summary_of(driver, builders, 2, sent=False)
    assert [button.text for button, _action in summary.ring.entries] == ["Title (Enter)"]


def shoot_in_every_language_and_size(driver, name: str) -> None:
    """With SEVENTEEN_STEPS_SHOTS set, the screen in each language at the smallest window
    and at a common laptop's, to look at."""
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if not shots:
        return
    before = driver.app.settings
    for size in ((1024, 640), (1366, 768)):
        for language in ("en", "ja", "zh_CN"):
            driver.app.change_settings(dataclasses.replace(before, language=language, window_size=size))
            driver.frame(dt=0.0)
            pygame.image.save(driver.pixels(), os.path.join(shots, f"{name}_{size[0]}_{language}.png"))
    driver.app.change_settings(before)


# A match the host stops before its end (its person left the table, or the host closed) is
# not over: the host keeps it, and the joined seat takes its seat back when the host
# continues it. So the joined computer shows no summary and keeps nothing in its history
# (as a match left at this computer stays out of the history while it can be continued):
# one sentence on the title, even when the stop comes while a hand's result is read.
def test_a_match_the_host_stopped_while_a_result_is_read_ends_on_the_title_and_nothing_is_kept(driver):
    from concurrent.futures import ThreadPoolExecutor

    from tests.test_remote_table import heard

    with ThreadPoolExecutor(1) as builders:
        match, link, _table = joined_at_a_kyokus_end(driver, builders)
        link.news.append(dataclasses.replace(heard(match), over=MatchOver(9, "stopped", tuple(match.scores))))
        driver.frame()  # the result, which waits for the host's next hand, closes by itself
        driver.look()
    assert isinstance(driver.top, TitleScene)
    assert str(driver.app.notice) == ("The host has left the table. If the host continues the match, join again to "
                                      "play on.")
    assert history.record_files(driver.app.files.history_folder) == []


def test_leaving_a_joined_table_from_its_menu_asks_first_and_keeps_the_seat(driver, host):
    """Menu → Leave the table asks "Leave the match?" (the match goes on without you, your
    seat is kept for the host's window, Join takes it back); Stay is the default and brings
    the menu back; Leave goes to the title with the seat's key kept."""
    from game.app.play.seat_keys import read_keys
    from game.app.scenes.dialog import Dialog

    table_host = host(["easy", "person"], hands=4)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    scene = driver.top
    keys = read_keys(driver.app.files.seat_keys_folder)
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Leave the table"))
    question = driver.top
    assert isinstance(question, Dialog) and question.title == "Leave the match?"
    assert "Your seat is kept for 2 minutes" in question.message and "Join" in question.message
    assert "The hands finished so far go into your history." in question.message
    shoot_in_every_language(driver, "joined_leave_question", SMALL)
    driver.key(pygame.K_RETURN)  # Stay is the default
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Leave the table"))
    driver.press(driver.button("Leave"))
    assert isinstance(driver.top, TitleScene)
    assert read_keys(driver.app.files.seat_keys_folder) == keys
    way_back = (f"You left the match at {table_host.address}: while its host plays on, Join a table takes your "
                "seat back.")
    assert str(driver.app.notice) == way_back
    shoot_in_every_language(driver, "joined_left_title", window=(1024, 640))
    driver.press(driver.button("Join a table"))
    assert (driver.top.address, driver.top.code) == (table_host.address, table_host.code)  # offered again
    driver.key(pygame.K_ESCAPE)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    assert driver.top.viewer == 1 and driver.app.notice is None  # the same seat; the notice is old news


def kept_matches(driver: Driver) -> list[history.HistoryEntry]:
    return history.load_history(driver.app.files.history_folder).entries


def lines_of(entry: history.HistoryEntry, kind: str) -> list[dict]:
    return [line for line in entry.lines if line.get("type") == kind]


def test_a_match_left_under_way_keeps_its_hands_so_far_and_taken_back_to_its_end_is_kept_once(driver, host):
    """A player who won a hand, then left the match on purpose (Menu → Leave the table): their
    history keeps the hand played (as a stopped match, which Your statistics count), though
    the host's record of the match's end never reaches a seat that left, and the host may exit
    for good before they come back. Joined again and played to the end, the match is kept once:
    the whole record takes the place of the hands kept when they left."""
    from game.app.history.statistics import read_statistics

    table_host = host(["easy", "person"], hands=2)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    driver.press(play_to_result(driver, driver.top, seconds=120).next_button)
    wait(driver, lambda: joined(driver) and driver.top.controller.shown_kyoku == 2)
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Leave the table"))
    driver.press(driver.button("Leave"))
    assert isinstance(driver.top, TitleScene)
    wait(driver, lambda: kept_matches(driver) != [])  # kept in the background
    [left] = kept_matches(driver)
    assert left.ended == history.ABANDONED and left.plan["humans"] == [1]
    assert [line["number"] for line in lines_of(left, "hand")] == [1] and len(lines_of(left, "settlement")) == 1
    assert left.header["seed"] != table_host.hosted.match.seed  # it would tell the hands to come
    statistics, notices = read_statistics(driver.app.files.history_folder)
    assert len(statistics.matches) == 1 and notices == []

    join(driver, table_host.address, table_host.code)  # the seat taken back
    wait(driver, lambda: joined(driver))
    driver.press(play_to_result(driver, driver.top, seconds=120).next_button)
    wait(driver, lambda: isinstance(driver.top, JoinedSummaryScene) and driver.top.keeping is None)
    [whole] = kept_matches(driver)
    assert whole.ended == history.FINISHED and whole.header["seed"] == table_host.hosted.match.seed
    assert [line["number"] for line in lines_of(whole, "hand")] == [1, 2]
    assert lines_of(whole, "hand")[0] == lines_of(left, "hand")[0]  # the same match
    statistics, notices = read_statistics(driver.app.files.history_folder)
    assert len(statistics.matches) == 1 and notices == []


def test_leaving_a_host_of_before_which_sends_no_record_so_far_keeps_nothing_and_never_hangs(driver, host,
                                                                                              monkeypatch):
    """A host of the same protocol from before `leaving` refuses it as a bad message: the link
    stops waiting at once and closes, the title comes at once, and nothing is kept (as before)."""
    from game.net import protocol

    monkeypatch.delitem(protocol.CLIENT_MESSAGES, protocol.Leaving.kind)  # the host reads it as no message
    table_host = host(["easy", "person"], hands=2)
    join(driver, table_host.address, table_host.code)
    wait(driver, lambda: joined(driver))
    link = driver.top.controller.link
    driver.press(play_to_result(driver, driver.top, seconds=120).next_button)
    wait(driver, lambda: joined(driver) and driver.top.controller.shown_kyoku == 2)
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Leave the table"))
    left_at = time.monotonic()
    driver.press(driver.button("Leave"))
    assert isinstance(driver.top, TitleScene)
    wait(driver, lambda: not link.running)
    assert time.monotonic() - left_at < 1.5  # not the whole wait for a record (2 s)
    assert link.left_match() is None and kept_matches(driver) == []


def test_the_empty_address_shows_an_example_that_cannot_be_taken_for_a_typed_one(driver):
    """The example address is drawn as the field's text would be: its "e.g." says it is none;
    the empty code says how long a code is (a tester found it blank)."""
    driver.press(driver.button("Join a table"))
    scene = driver.top
    assert isinstance(scene, JoinScene)
    address = scene.buttons["address"]
    assert address.get_text() == "" and address.placeholder_text == "e.g. 192.168.1.20:17017"
    assert scene.buttons["code"].get_text() == "" and scene.buttons["code"].placeholder_text == "6 letters"
    shoot_in_every_language(driver, "join_address_example", window=(1024, 640))
