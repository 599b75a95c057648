"""Joining from the window without the window (game/app/play/joining.py, remote_link.py):
the typed address and code read, and every way a join ends in one sentence, against a real
headless host on 127.0.0.1 (discovery off)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.play.joining import (
    OUR_VERSION,
    Failed,
    Joining,
    Looking,
    address_problem,
    code_problem,
    discovery_interfaces,
    ended_sentence,
    holds_key,
    key_for,
    name_problem,
    rules_lines,
    seat_lines,
    sit_problem,
    table_line,
)
from game.app.play.remote_link import Ended, Heard, Reconnecting, RemoteLink
from game.app.play.seat_keys import KEYS_FILE, MOST_KEYS, TOKEN, read_keys, remember_key, table_of
from game.app.words.net_words import refusal_sentence
from game.engine.kyoku import Phase
from game.engine.rules import Rules
from game.net.client import join_uri
from game.net.discovery import FoundTable, TableAd
from game.net.protocol import PROTOCOL_VERSION, Refused, TableLook
from tests.hosted_table import WAIT_S, Host


@pytest.mark.parametrize(("address", "fine"), [
    ("127.0.0.1:17017", True), ("[::1]:17017", True), ("studio", True), ("::1", True), ("studio:0", False),
    ("studio:99999", False), (":17017", False), ("", False), ("[::1]:port", False), ("[::1]:47123", True),
    ("2001:db8::1", True), ("::1:47123", False), ("a host:17017", False), ("[studio]:17017", False),
    ("fe80::1%eth0", False), ("studio/x:17017", False),
])
def test_an_address_is_host_port_or_ipv6_in_brackets(address, fine):
    assert (address_problem(address) is None) is fine


@pytest.mark.parametrize(("address", "written"), [("::1:47123", "[::1]:47123"), ("::1:4712", "[::1]:4712"),
                                                  (" fe80::2:17017 ", "[fe80::2]:17017"),
                                                  ("[::1:17932", "[::1]:17932"), ("::1]:17932", "[::1]:17932"),
                                                  ("[::1:17932]", "[::1]:17932"), ("::1 :17932", "[::1]:17932")])
def test_an_ipv6_address_and_port_without_brackets_is_refused_saying_how_to_write_them(address, written):
    assert address_problem(address) == f"Write an IPv6 address in brackets, then its port: {written}."


@given(st.text(max_size=80))
def test_any_typed_address_is_read_or_refused_in_a_sentence(address):
    problem = address_problem(address)
    assert problem is None or problem.endswith(".")


@pytest.mark.parametrize("address", ["::1:179320", "::1:0", "studio:99999", "[studio]:17017", "::1"])
def test_no_bracketed_form_is_offered_where_it_would_not_be_an_address(address):
    assert "brackets" not in (address_problem(address) or "")


@given(st.one_of(st.text(max_size=60), st.ip_addresses().map(str),
                 st.tuples(st.ip_addresses().map(str), st.integers(-5, 70000)).map(lambda a: f"{a[0]}:{a[1]}"),
                 st.tuples(st.ip_addresses(v=6).map(str), st.integers(-5, 70000)).map(lambda a: f"[{a[0]}]:{a[1]}")))
def test_an_address_read_is_one_the_connection_can_take(address):
    from websockets.uri import parse_uri

    if address_problem(address) is None:
        parse_uri(join_uri(address, "ACDEFH"))  # InvalidURI here killed the joining thread


class FailingLink(RemoteLink):
    async def _failing(self, driver: object) -> object:
        raise RuntimeError("no such thing")


def test_any_failure_of_the_joining_thread_ends_the_join_in_a_sentence():
    def make_link(uri: str, name: str, token: str) -> RemoteLink:
        link = FailingLink(uri, name, token, delays=())
        link.link.run = link._failing  # type: ignore[method-assign]
        return link

    joining = Joining("127.0.0.1:9", "ACDEFH", "Guest", make_link=make_link)
    deadline = time.monotonic() + WAIT_S
    while joining.failed is None and time.monotonic() < deadline:
        joining.poll()
        time.sleep(0.01)
    assert joining.failed is not None
    assert joining.failed.sentence == "Joining 127.0.0.1:9 failed: RuntimeError: no such thing"


@pytest.mark.parametrize(("code", "fine"), [("KANTER", True), ("kanter", True), (" KANTER ", True),
                                            ("KANTE", False), ("KANTER1", False), ("OOOOOO", False)])
def test_a_join_code_is_six_of_the_hosts_letters_in_any_case(code, fine):
    assert (code_problem(code) is None) is fine


@pytest.mark.parametrize(("code", "said"), [("ABCDEF", "never holds B"), ("KANT0R", "6 letters"),
                                            ("SOOZIG", "never holds G I O S Z"), ("KANTE", "6 letters")])
def test_a_misread_letter_is_named_rather_than_the_code_s_length(code, said):
    assert said in (code_problem(code) or "")


@pytest.mark.parametrize(("value", "expected"), [("off", None), ("127.0.0.1", ["127.0.0.1"]),
                                                 ("127.0.0.1, ::1", ["127.0.0.1", "::1"])])
def test_discovery_is_kept_off_or_to_the_interfaces_given(value, expected):
    assert discovery_interfaces({"SEVENTEEN_STEPS_DISCOVERY": value}) == expected


def test_a_listed_table_names_its_host_seats_and_preset_and_another_version():
    same = FoundTable(TableAd("studio", 1, 2, "kaiji", "0.1.0", PROTOCOL_VERSION), "192.168.1.20", 17017)
    other = FoundTable(TableAd("den", 3, 4, "four_player", "9.0.0", PROTOCOL_VERSION + 1), "192.168.1.21", 17017)
    assert table_line(same).startswith("studio — 1/2 seats — ")
    assert "9.0.0" not in table_line(same)
    assert "9.0.0" in table_line(other)


@pytest.fixture
def host():
    made: list[Host] = []

    def make(seats: list[str], hands: int = 1) -> Host:
        made.append(Host(seats, hands))
        return made[-1]

    yield make
    for one in made:
        one.close()


def settle(joining: Joining, done) -> None:
    deadline = time.monotonic() + WAIT_S
    while not done() and time.monotonic() < deadline:
        joining.poll()
        time.sleep(0.01)
    joining.poll()


def join(address: str, code: str, keys: Path | None = None) -> Joining:
    return Joining(address, code, "Guest", make_link=lambda uri, name, token: RemoteLink(uri, name, token, delays=()),
                   keys=keys)


def test_a_wrong_code_is_refused_in_a_sentence(host):
    table = host(["person", "easy"])
    joining = join(table.address, "AAAAAA" if table.hosted.host.code != "AAAAAA" else "CCCCCC")
    settle(joining, lambda: joining.failed is not None)
    assert joining.failed is not None
    assert joining.failed.sentence == refusal_sentence(Refused(0, "wrong_code", ""), OUR_VERSION)
    joining.close()


def test_another_protocol_version_is_refused_naming_both_versions(host, monkeypatch):
    monkeypatch.setattr("game.net.server.PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
    table = host(["person", "easy"])
    joining = join(table.address, table.hosted.host.code)
    settle(joining, lambda: joining.failed is not None)
    assert joining.failed is not None
    sentence = joining.failed.sentence
    assert f"(protocol {PROTOCOL_VERSION + 1})" in sentence and OUR_VERSION in sentence
    joining.close()


def test_a_full_table_is_refused_in_a_sentence_and_the_seated_player_has_the_rules(host):
    table = host(["person", "person"])
    code = table.hosted.host.code
    first, second = join(table.address, code), join(table.address, code)
    settle(first, lambda: first.seated is not None)
    settle(second, lambda: second.seated is not None or second.failed is not None)
    assert first.seated is not None and first.seated.welcome.rules == table.hosted.match.rules
    third = join(table.address, code)
    settle(third, lambda: third.failed is not None)
    assert third.failed is not None
    assert third.failed.sentence in {refusal_sentence(Refused(0, code_, ""), OUR_VERSION)
                                     for code_ in ("table_full", "match_started")}
    for joining in (first, second, third):
        joining.close()


def test_no_table_at_the_address_is_said_in_a_sentence():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    joining = join(f"127.0.0.1:{port}", "KANTER")
    settle(joining, lambda: joining.failed is not None)
    assert joining.failed is not None and f"127.0.0.1:{port}" in joining.failed.sentence
    joining.close()


def test_a_seat_taken_over_ipv6_loopback_sees_its_first_view(host):
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        table = Host(["person", "easy"], seed=3, bind="::1")
    except OSError:
        pytest.skip("::1 cannot be listened on here")
    try:
        joining = join(table.address, table.code)
        settle(joining, lambda: joining.ready is not None or joining.failed is not None)
        assert joining.failed is None and joining.ready is not None
        assert joining.ready.view is not None and joining.ready.view.seat == 0
        joining.close()
    finally:
        table.close()


class Relay:
    """A TCP relay on 127.0.0.1 in front of the host, whose connections can be cut (a
    network drop) while it goes on accepting new ones."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self.lock:
            cut, self.open = self.open, []
        for end in cut:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
                end.close()

    def close(self) -> None:
        self.listener.close()
        self.cut()


def test_a_dropped_connection_comes_back_by_itself_to_the_same_seat_with_its_view(host):
    table = host(["person", "easy"], hands=4)
    relay = Relay(table.hosted.host.port)
    link = RemoteLink(join_uri(f"127.0.0.1:{relay.port}", table.code), "Guest", delays=(0.05, 0.1, 0.2, 0.4, 0.8))
    link.start()
    news: list = []

    def until(done) -> None:
        deadline = time.monotonic() + WAIT_S
        while not done() and time.monotonic() < deadline:
            news.extend(link.poll())
            time.sleep(0.01)

    until(lambda: any(isinstance(n, Heard) and n.view is not None for n in news))
    seat = next(n for n in news if isinstance(n, Heard)).welcome.seat
    relay.cut()
    until(lambda: any(isinstance(n, Reconnecting) for n in news))
    before = len(news)
    until(lambda: any(isinstance(n, Heard) and n.view is not None for n in news[before:]))
    back = [n for n in news[before:] if isinstance(n, Heard) and n.view is not None]
    assert back and back[-1].welcome.seat == seat and back[-1].view.seat == seat
    assert not any(isinstance(n, Ended) for n in news)
    link.close(wait_s=WAIT_S)
    relay.close()


def test_join_again_takes_the_same_seat_back_with_the_key_kept_in_the_user_folder(host, tmp_path):
    table = host(["person", "person"])
    first = join(table.address, table.code, keys=tmp_path)
    settle(first, lambda: first.seated is not None)
    assert first.seated is not None
    seat = first.seated.welcome.seat
    first.close()  # the window closed, say
    again = join(table.address, table.code.lower(), keys=tmp_path)
    settle(again, lambda: again.seated is not None or again.failed is not None)
    assert again.failed is None and again.seated is not None and again.seated.welcome.seat == seat
    other = join(table.address, table.code)  # no key: the other seat
    settle(other, lambda: other.seated is not None or other.failed is not None)
    assert other.seated is not None and other.seated.welcome.seat != seat
    for joining in (again, other):
        joining.close()


def test_a_key_the_host_does_not_know_is_dropped_and_a_free_seat_taken(host, tmp_path):
    table = host(["person", "easy"])
    remember_key(tmp_path, table_of(table.address, table.code), "k" * 32)
    joining = join(table.address, table.code, keys=tmp_path)
    settle(joining, lambda: joining.seated is not None or joining.failed is not None)
    assert joining.failed is None and joining.seated is not None
    assert read_keys(tmp_path)[table_of(table.address, table.code)] == joining.seated.welcome.token
    joining.close()


@pytest.mark.parametrize("text", ["", "[]", "{\"a\": 1}", "{\"a\": \"short\"}", "\x00\xff", "{" * 200,
                                  json.dumps({f"t{n}": "k" * 32 for n in range(40)})])
def test_a_keys_file_that_is_not_one_is_moved_aside_and_no_key_used(tmp_path, text):
    (tmp_path / KEYS_FILE).write_text(text, encoding="utf-8", errors="surrogateescape")
    assert read_keys(tmp_path) == {}
    assert not (tmp_path / KEYS_FILE).exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(KEYS_FILE + ".damaged-")]


@given(st.binary(max_size=400))
def test_any_keys_file_is_read_within_its_limits_or_set_aside(data):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / KEYS_FILE).write_bytes(data)
        keys = read_keys(Path(folder))
        assert all(TOKEN.fullmatch(token) for token in keys.values())


def test_only_the_newest_tables_keys_are_kept(tmp_path):
    for number in range(MOST_KEYS + 3):
        remember_key(tmp_path, f"host:{number}/CODEAA", f"{number:0>20}")
    keys = read_keys(tmp_path)
    assert len(keys) == MOST_KEYS and "host:0/CODEAA" not in keys and f"host:{MOST_KEYS + 2}/CODEAA" in keys


@pytest.mark.parametrize(("keys", "table", "key"), [
    ({"studio:17017/KANTER": "a" * 32}, "studio:17017/KANTER", "a" * 32),
    ({"studio:17017/KANTER": "a" * 32}, "studio:40000/KANTER", "a" * 32),  # the match continued on another port
    ({"studio:17017/KANTER": "a" * 32, "studio:17018/KANTER": "b" * 32}, "studio:40000/KANTER", "b" * 32),
    ({"studio:17017/KANTER": "a" * 32, "studio:40000/KANTER": "c" * 32}, "studio:40000/KANTER", "c" * 32),
    ({"studio:17017/KANTER": "a" * 32}, "studio:17017/HACKER", ""),  # another table
    ({"studio:17017/KANTER": "a" * 32}, "den:17017/KANTER", ""),  # another host
    ({"[::1]:17017/KANTER": "a" * 32}, "[::1]:40000/KANTER", "a" * 32),
    ({}, "studio:17017/KANTER", ""),
])
def test_the_seat_key_of_a_table_is_its_own_else_the_same_hosts_and_codes_on_another_port(keys, table, key):
    assert key_for(keys, table) == key


def test_join_again_offers_the_key_of_the_same_table_on_another_port(tmp_path):
    remember_key(tmp_path, table_of("127.0.0.1:17017", "KANTER"), "k" * 32)
    offered = []

    class Link:
        def __init__(self, uri, name, token) -> None:
            offered.append(token)

        def start(self) -> None:
            pass

    Joining("127.0.0.1:40000", "kanter", "", make_link=Link, keys=tmp_path)
    assert offered == ["k" * 32]


def test_the_first_decision_comes_with_the_hosts_time_left_and_the_round_trip_already_measured(host):
    table = host(["person", "easy"])
    link = RemoteLink(join_uri(table.address, table.code), "Guest", delays=())
    link.start()
    news: list = []
    deadline = time.monotonic() + WAIT_S
    while not any(isinstance(n, Heard) and n.view is not None for n in news) and time.monotonic() < deadline:
        news.extend(link.poll())
        time.sleep(0.01)
    first = next(n for n in news if isinstance(n, Heard) and n.view is not None)
    owes = bool(first.view.legal_actions)
    rules, move_time_s = table.hosted.match.rules, table.hosted.hosted.move_time_s
    limit = {Phase.BUILD: rules.build_time_s}.get(first.view.phase) or move_time_s
    assert first.time_left_s(first.welcome.seat) == (pytest.approx(limit, abs=1.0) if owes else None)
    assert 0.0 < first.latency_s < 1.0  # a ping went out as the connection opened: no waiting 10 s for one
    link.close(wait_s=WAIT_S)


@pytest.mark.parametrize(("name", "said"), [
    ("Kaiji", None), ("  Kaiji  ", None), ("伊藤 開司", None), ("伊藤\u3000開司", None), ("x" * 24, None),
    ("", "Type your name: the other players see it at the table."),
    ("   ", "Type your name: the other players see it at the table."),
    ("x" * 25, "Your name is at most 24 characters."),
    ("Kai\tji", "Your name cannot hold the character U+0009."),
    ("Kai\u2028ji", "Your name cannot hold the character U+2028."),
    ("伊藤\u3000開司\x07", "Your name cannot hold the character U+0007."),
])
def test_the_joiners_name_is_one_a_name_plate_holds_else_a_sentence_says_why(name, said):
    assert name_problem(name) == said


@given(st.text(max_size=40))
def test_any_typed_name_is_taken_or_refused_in_a_sentence(name):
    problem = name_problem(name)
    assert problem is None or problem.endswith(".")


def looked(host_table: Host) -> Looking:
    looking = Looking(host_table.address, host_table.code.lower())
    deadline = time.monotonic() + WAIT_S
    while not looking.done and time.monotonic() < deadline:
        time.sleep(0.01)
    return looking


def test_a_look_shows_the_hosts_rules_and_who_sits_where_and_takes_no_seat(host):
    table = host(["easy", "person"])
    looking = looked(table)
    assert looking.ended is None and looking.table is not None
    assert looking.table.rules == table.hosted.match.rules
    assert seat_lines(looking.table) == ["Seat 1: Easy AI", "Seat 2: free, for a person at another computer"]
    assert seat_lines(looking.table, yours=(1, "Guest")) == ["Seat 1: Easy AI", "Seat 2: Guest (you)"]
    summary, clocks = rules_lines(looking.table)
    assert summary.startswith("The host's rules: ")
    # A network table gives the discard a clock though the rules set none: the host's move time
    # (this host's is 30 s, as `--move-time 30` sets it).
    assert clocks == "Time to build: 3 minutes · Time per discard: 30 seconds (network play)"
    assert sit_problem(looking.table, has_key=False) is None
    assert not table.hosted.host.taken(1)
    joining = join(table.address, table.code)
    settle(joining, lambda: joining.seated is not None or joining.failed is not None)
    assert joining.seated is not None and joining.seated.welcome.seat == 1  # the seat looked at
    joining.close()


def test_a_look_refused_or_unanswered_ends_in_the_joins_own_sentence(host):
    table = host(["person", "easy"])
    wrong = Looking(table.address, "AAAAAA" if table.code != "AAAAAA" else "CCCCCC")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        nowhere = f"127.0.0.1:{probe.getsockname()[1]}"
    unanswered = Looking(nowhere, "KANTER")
    for looking in (wrong, unanswered):
        deadline = time.monotonic() + WAIT_S
        while not looking.done and time.monotonic() < deadline:
            time.sleep(0.01)
    assert ended_sentence(wrong.ended, wrong.address) == refusal_sentence(Refused(0, "wrong_code", ""), OUR_VERSION)
    assert ended_sentence(unanswered.ended, nowhere).startswith(f"No table answers at {nowhere}")


def test_a_look_that_fails_otherwise_is_said_never_raised():
    def broken(address: str, code: str) -> TableLook:
        raise RuntimeError("no such thing")

    looking = Looking("127.0.0.1:9", "KANTER", look=broken)
    deadline = time.monotonic() + WAIT_S
    while not looking.done and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ended_sentence(looking.ended, "127.0.0.1:9") == "Joining 127.0.0.1:9 failed: RuntimeError: no such thing"


@pytest.mark.parametrize(("move_time_s", "clocks"), [
    (None, "Time to build: 3 minutes · Time per discard: 2 minutes (network play)"),  # an older host's look
    (90.0, "Time to build: 3 minutes · Time per discard: 90 seconds (network play)"),
])
def test_the_looks_clocks_are_the_hosts_move_time_or_the_default_of_an_older_host(move_time_s, clocks):
    look = dataclasses.replace(a_look((False, True), False), move_time_s=move_time_s)
    assert rules_lines(look)[1] == clocks


def a_look(open_seats: tuple[bool, ...], started: bool) -> TableLook:
    return TableLook(0, ("Host", "Player 2"), (None, None), open_seats, Rules(), "17 Steps 0.1.0", started)


@pytest.mark.parametrize(("open_seats", "started", "has_key", "code"), [
    ((False, True), False, False, None),
    ((False, False), False, False, "table_full"),
    ((False, False), True, False, "match_started"),
    ((False, False), True, True, None),  # a player of the match: their key takes their seat back
    ((False, False), False, True, None),
])
def test_sitting_down_is_offered_only_where_a_seat_is_free_or_the_players_key_takes_one_back(open_seats, started,
                                                                                              has_key, code):
    expected = None if code is None else refusal_sentence(Refused(0, code, ""), OUR_VERSION)
    assert sit_problem(a_look(open_seats, started), has_key) == expected


def test_a_key_kept_for_the_table_is_known_before_sitting_down(tmp_path):
    remember_key(tmp_path, table_of("127.0.0.1:17017", "KANTER"), "k" * 32)
    assert holds_key(tmp_path, "127.0.0.1:17017", "kanter")
    assert not holds_key(tmp_path, "127.0.0.1:17017", "ACDEFH")


def test_join_again_before_the_host_has_reopened_its_table_says_so_and_takes_the_seat_once_it_does(tmp_path):
    """The host's computer crashed (or its player is at the title): Join again with the seat's
    key finds no table at the address. The Join screen says the host has not reopened it
    (`not_reopened`) while the link tries again, and the seat is taken as soon as Continue
    opens the table again."""
    from game.engine.match import Match
    from game.engine.rules import Rules
    from game.net.hosting import HostedTable

    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address, code = f"127.0.0.1:{port}", "KANTER"
    remember_key(tmp_path, table_of(address, code), "the-seat-key-of-seat-1")  # joined before
    joining = Joining(address, code, "Guest", keys=tmp_path,
                      make_link=lambda uri, name, token: RemoteLink(uri, name, token, delays=(0.1,) * 100))
    settle(joining, lambda: joining.not_reopened)
    assert joining.not_reopened and joining.seated is None and joining.failed is None
    match = Match(Rules.preset("kaiji", hands=1), seed=3)
    match.next_kyoku()
    key = "the-seat-key-of-seat-1"
    hosted = HostedTable(match, ("Host", "Guest"), (None, None), (1,), code, port=port, tokens={1: key})
    hosted.start()  # Continue on the host
    try:
        settle(joining, lambda: hosted.poll() or joining.seated is not None)
        assert joining.failed is None and joining.seated is not None and joining.seated.welcome.seat == 1
    finally:
        joining.close()
        hosted.stop()


def test_join_again_at_a_table_whose_host_never_comes_back_gives_up_in_bounded_time_and_says_so(tmp_path):
    """The host exited for good (a headless host stopped, no --save): Join with the seat's
    key knocks at the address only as long as the link tries, then says that no table
    answered for that long and that the seat comes back only if the host continues the
    match, rather than that the host left the table (it never said so to a seat that had left)."""
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address, code = f"127.0.0.1:{port}", "KANTER"
    remember_key(tmp_path, table_of(address, code), "the-seat-key-of-seat-1")
    joining = Joining(address, code, "Guest", keys=tmp_path,
                      make_link=lambda uri, name, token: RemoteLink(uri, name, token, delays=(0.5,) * 4))
    try:
        settle(joining, lambda: joining.failed is not None)
        assert joining.tries_for_s == 2.0
        assert joining.failed == Failed(f"No table answered at {address} for 2 seconds: its host has not continued "
                                        "the match. If the host continues it later, Join takes your seat back.")
        assert table_of(address, code) in read_keys(tmp_path)  # kept: a host with --save may still continue
    finally:
        joining.close()


@pytest.mark.parametrize("for_its_seats", [False, True])
def test_a_hosts_leaving_a_new_table_before_its_match_began_forgets_the_seat_key_but_not_a_rematchs(tmp_path,
                                                                                                     for_its_seats):
    """A table the host closed before its match began has nothing to take back: Join again
    must not knock at it with the key. A table opened for the seats of a match before (a
    rematch, a match continued), whose keys take those seats, keeps its key."""
    from game.engine.match import Match
    from game.net.hosting import HostedTable

    key = "the-seat-key-of-seat-1"
    hosted = HostedTable(Match(Rules.preset("kaiji", hands=1), seed=3), ("Host", "Guest"), (None, None), (1,),
                         "KANTER", port=0, tokens={1: key} if for_its_seats else None)
    hosted.start()
    address = f"127.0.0.1:{hosted.host.port}"
    table = table_of(address, "KANTER")
    if for_its_seats:
        remember_key(tmp_path, table, key)
    joining = join(address, "KANTER", keys=tmp_path)
    try:
        settle(joining, lambda: hosted.poll() or joining.seated is not None)
        assert joining.seated is not None and joining.ready is None and table in read_keys(tmp_path)
        hosted.stop()  # the host's Back in its waiting room
        settle(joining, lambda: joining.failed is not None)
        assert joining.failed == Failed("The host has left the table.")
        assert (table in read_keys(tmp_path)) is for_its_seats
    finally:
        joining.close()
        hosted.stop()
