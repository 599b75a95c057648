"""A seat's view on the wire: whole matches through the host's encoder, every message a
client receives read strictly and checked against what its seat may know (issue #32 point 4)."""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.agents import make_agent
from game.app.play.hosted_match import HostedMatch
from game.app.play.table_mode import TableMode
from game.app.play.table_words import WAITING_STATUS, status
from game.engine.actions import Discard
from game.engine.events import HandBuilt
from game.engine.kyoku import Phase, SeatView
from game.engine.match import Match
from game.engine.record import parse_record, replay
from game.engine.rules import Rules
from game.engine.tiles import tile_code
from game.net.protocol import (
    Act,
    HostMessage,
    MatchOver,
    Presence,
    Reading,
    Ready,
    RecordPart,
    Refused,
    Resync,
    Settled,
    Snapshot,
    Update,
    Welcome,
    read_client_message,
    read_host_message,
    write_message,
)
from game.net.table import NetTable, RemoteSeat
from game.net.wire import OutOfOrder, SeatFeed, SeatMirror, deflated_parts, inflated, seats_waited_on, wire_view

SEED = 918_273_645_546_372
"""Long enough that its digits cannot turn up in a message by chance."""
TOKENS = {seat: f"token-of-seat-{seat}-secret" for seat in range(4)}


class Leak(AssertionError):
    """A message held something its seat may not know."""


class CheckedTransport:
    """Delivers each message as text to its seat's mirror, and checks it against the host's
    engine at the moment it is sent: the seat's own view, the public settlements, nothing else."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seq = dict.fromkeys(range(4), 0)
        self.mirrors: dict[int, SeatMirror] = {}
        self.texts: dict[int, list[str]] = {}
        self.table: NetTable | None = None
        self.clocks: list[tuple[int, Phase, Phase, set[int], set[int], set[int]]] = []
        """Each view's message: its seat, the hand's phase and the view's, the seats whose
        clocks it told, the seats with a clock on the host (`NetTable.time_left`) the hand waits
        on whose clocks the seat may be told, and those the seat may not know it waits on."""
        self.unasked: list[int] = []
        """The seats sent a view while another seat's ron question was open."""

    def connected(self, seat: int) -> bool:
        return seat in self.mirrors

    def send(self, seat: int, make: Callable[[int], HostMessage]) -> None:
        if seat not in self.mirrors:
            return
        self.seq[seat] += 1
        text = write_message(make(self.seq[seat]))
        self.texts[seat].append(text)
        message = read_host_message(text)  # strict: one field too many is refused
        assert message.seq == self.seq[seat]
        if (str(SEED) in text or str(SEED)[:9] in text) and not self.match.over:
            raise Leak(f"the seed in a message to seat {seat}")
        self.mirrors[seat].receive(message)
        self.check(seat, message)

    def check(self, seat: int, message: HostMessage) -> None:
        kyoku = self.match.kyoku
        if isinstance(message, Snapshot | Update):
            assert kyoku is not None
            truth = kyoku.view_for(seat)
            if self.mirrors[seat].view != truth:
                raise Leak(f"seat {seat}'s view on the wire is not its view: {type(message).__name__}")
            if isinstance(message, Snapshot) and (message.view != wire_view(truth) or message.events != truth.events):
                raise Leak(f"seat {seat}'s snapshot is not its view")
            if isinstance(message, Update):
                check_update(seat, message, truth)
            told = {other for other, clock in enumerate(message.clocks) if clock is not None}
            if not told <= set(seats_waited_on(truth)):
                raise Leak(f"seat {seat} told the clocks of seats {sorted(told)}: whom the hand waits on is hidden")
            if kyoku.phase is Phase.RON and kyoku.waiting_on() != [seat]:
                self.check_unasked(seat, told)
            if self.table is not None:
                clocked = {other for other in kyoku.waiting_on() if self.table.time_left(other) is not None}
                knowable = set(seats_waited_on(truth))
                if kyoku.phase is Phase.RON and self.match.rules.players > 2:
                    knowable &= {seat}  # a ron question's clock is the asked seat's alone
                self.clocks.append((seat, kyoku.phase, truth.phase, told, clocked & knowable, clocked - knowable))
        elif isinstance(message, Settled):
            last = self.match.settlements[-1]
            expected = Settled(message.seq, last.kyoku_number, last.gains, last.scores, last.stake, last.next_stake)
            if message != expected:
                raise Leak("a settlement that is not the match's")
        elif isinstance(message, Welcome):
            if message.seat != seat or message.token != TOKENS[seat]:
                raise Leak("another seat's welcome")
        elif isinstance(message, Refused):
            if len(message.detail) > 40:
                raise Leak("a refusal's detail says more than a rule's name")
        elif isinstance(message, Reading):
            if not self.match.settlements or message.kyoku_number != self.match.settlements[-1].kyoku_number \
                    or len(message.waiting) != self.match.rules.players:
                raise Leak("a reading that is not of the hand just settled")
        elif isinstance(message, RecordPart):
            if not self.match.over:
                raise Leak("the record (every wall, the seed) before the match's end")
        else:
            assert isinstance(message, Presence | MatchOver)


    def check_unasked(self, seat: int, told: set[int]) -> None:
        """A seat sent its view while another seat's ron question is open learns nothing of it:
        its view shows the next seat to discard, or the hand at its end without a result (after
        its last discard); it is told no clock of the question but, at a table of two, as that
        of the asked seat's discard; its status does not say that anyone decides on ron."""
        kyoku = self.match.kyoku
        assert kyoku is not None and kyoku.last_discard is not None
        self.unasked.append(seat)
        view = self.mirrors[seat].view
        assert view is not None
        players = self.match.rules.players
        following = (kyoku.last_discard[0] + 1) % players
        if all(len(river) == 17 for river in kyoku.rivers):
            shown = view.phase is Phase.END and view.result is None and view.turn is None
        else:
            shown = view.phase is Phase.DISCARD and view.turn == following
        if not shown or view.ron_tile is not None:
            raise Leak(f"seat {seat}'s view shows another seat's ron question ({view.phase}, turn {view.turn})")
        asked = kyoku.waiting_on()[0]
        if players > 2 and told - {seat}:
            raise Leak(f"seat {seat} told the clock of another seat's ron question")
        if players == 2 and told != {asked} and self.table is not None and self.table.time_left(asked) is not None:
            raise Leak("the ron question's clock is not told as the discard's at a table of two")
        words = status(view, ("A", "B", "C", "D")[:players], TableMode.WATCH, seats_waited_on(view), False, False)
        if WAITING_STATUS[Phase.RON].format(who="").strip() in words:
            raise Leak(f"seat {seat}'s status says a ron question: {words}")


def check_update(seat: int, message: Update, truth: SeatView) -> None:
    """Each thing an update tells is in the seat's view: the fields as they are, events it
    sees, discards at the end of the rivers."""
    whole = wire_view(truth)
    for name, value in message.changed.items():
        if value != getattr(whole, name):
            raise Leak(f"seat {seat}'s {name} on the wire is not its view's")
    allowed = set(truth.events)
    if any(event not in allowed for event in message.events):
        raise Leak(f"an event seat {seat} may not see")
    for river_seat, river in enumerate(truth.rivers):
        added = tuple((tile, riichi) for s, tile, riichi in message.discards if s == river_seat)
        if added and river[len(river) - len(added):] != added:
            raise Leak(f"discards of seat {river_seat} that are not the last of its river")


class ScriptedClients:
    """Each remote seat's client: an AI level playing from its mirror's view alone."""

    def __init__(self, transport: CheckedTransport, level: str = "normal") -> None:
        self.transport = transport
        self.agents = {seat: make_agent(level, seat) for seat in range(4)}
        self.done: dict[int, object] = {}

    def wait(self, _timeout: float) -> None:
        table = self.transport.table
        assert table is not None
        for seat, mirror in self.transport.mirrors.items():
            reading = mirror.reading
            if reading is not None and reading.waiting[seat]:  # the result read: Next
                table.received(seat, read_client_message(write_message(Ready(reading.kyoku_number))))
            view = mirror.view
            if view is None or not view.legal_actions:
                continue
            key = (mirror.kyoku_number, len(mirror.events), view.phase)
            if self.done.get(seat) == key:
                continue
            self.done[seat] = key
            action = self.agents[seat].act(view)
            table.received(seat, read_client_message(write_message(Act(action))))


def play(rules: Rules, remote: tuple[int, ...], feed: type[SeatFeed] = SeatFeed,
         clocks: Callable[[NetTable, SeatView], tuple[float | None, ...]] | None = None) -> CheckedTransport:
    """A whole match at a headless host (never started: no socket is opened), its `remote`
    seats played by scripted clients, the others by easy AIs; `clocks`, if given, says the
    clocks each view's message tells (in place of `NetTable.clocks`)."""
    seats = ["person" if seat in remote else "easy" for seat in range(rules.players)]
    hosted = HostedMatch(rules, seats, SEED, move_time_s=60, report=lambda line: None)
    match = hosted.match
    transport = CheckedTransport(match)
    table = transport.table = hosted.table
    table.transport = transport
    if clocks is not None:
        table.clocks = functools.partial(clocks, table)
    table.feeds = {seat: feed(seat) for seat in remote}
    clients = ScriptedClients(transport)
    for seat in remote:
        transport.mirrors[seat], transport.texts[seat] = SeatMirror(), []
        table.joined(seat, TOKENS[seat])
    hosted.wait = clients.wait
    hosted.play(most_steps=20_000)
    assert match.over
    return transport


TABLES = [
    pytest.param(Rules.preset("kaiji", hands=2), (0, 1), id="2 players, both remote"),
    pytest.param(Rules.preset("three_player", hands=1), (0, 2), id="3 players, an AI between"),
    pytest.param(Rules.preset("four_player", hands=1), (1, 3), id="4 players, two AIs"),
    pytest.param(Rules.preset("four_player", hands=1, virtual_dora=True, mangan_floor=True), (0, 1, 2, 3),
                 id="4 players, virtual dora"),
]


@pytest.mark.parametrize(("rules", "remote"), TABLES)
def test_whole_matches_send_each_seat_its_own_view_and_the_public_news_only(rules, remote):
    transport = play(rules, remote)
    for seat in remote:
        mirror = transport.mirrors[seat]
        assert mirror.over is not None and mirror.scores == tuple(transport.match.scores)
        assert len(mirror.settlements) == transport.match.kyoku_number
        assert mirror.refusals == []
        assert mirror.record_text == write_record_text(transport.match.record)


@pytest.mark.parametrize(("rules", "remote"), TABLES)
def test_each_view_tells_the_clock_of_every_seat_the_hand_waits_on_that_its_seat_may_know_it_waits_on(rules, remote):
    transport = play(rules, remote)
    assert all(told == waited for _seat, _phase, _seen, told, waited, _hidden in transport.clocks)
    others = {phase for seat, phase, _seen, told, _waited, _hidden in transport.clocks if told - {seat}}
    if len(remote) == 2:  # the other remote seat's every decision: its clock on this seat's screen too
        assert others >= {Phase.BUILD, Phase.DISCARD}
    if rules.players == 2:  # the ron question's clock is its discard's, and told as it
        assert others == {Phase.DORA, Phase.BUILD, Phase.DISCARD, Phase.RON}
        assert {seen for seat, phase, seen, told, _w, _h in transport.clocks if phase is Phase.RON and told - {seat}} \
            == {Phase.DISCARD}
    else:  # no other seat is told a ron question's clock
        assert Phase.RON not in others
    if len(remote) == 4:  # whose ron question it is, is hidden: seen only by the asked seat
        assert any(phase is Phase.RON and hidden for _seat, phase, _seen, _told, _waited, hidden in transport.clocks)


@pytest.mark.parametrize(("rules", "remote"), TABLES)
def test_a_seat_not_asked_a_ron_question_is_sent_nothing_that_tells_it(rules, remote):
    """Every message and clock a seat is sent while another's ron question is open
    (`CheckedTransport.check_unasked`)."""
    transport = play(rules, remote)
    assert transport.unasked, "no ron question was open while another remote seat was sent its view"


def write_record_text(record) -> str:
    """The record as `write_record` writes it to a file."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in record)


def test_the_record_leaves_the_host_only_after_the_match_and_reads_back_as_a_record():
    transport = play(Rules.preset("kaiji", hands=1), (0, 1))
    texts = transport.texts[0]
    first_record = next(i for i, text in enumerate(texts) if '"record_part"' in text)
    assert all('"match_over"' not in text and '"record_part"' not in text for text in texts[:first_record])
    assert report_of(transport.mirrors[0].record_text).ok


def test_the_record_travels_deflated_in_one_message_under_a_quarter_of_its_text():
    # The end-of-match record was the largest message of a match (51 KB of 118 KB to a seat
    # for 8 hands, a fifth of it the escapes of its lines' quotes): deflated, some 7 KB.
    transport = play(Rules.preset("kaiji", hands=1), (0, 1))
    (message,) = [text for text in transport.texts[0] if '"record_part"' in text]
    assert len(message) < len(write_record_text(transport.match.record)) / 4


@given(st.text(max_size=3000), st.integers(1, 400))
@settings(max_examples=60, deadline=None)
def test_a_records_text_cut_into_deflated_parts_inflates_back(text, size):
    parts = deflated_parts(text, size)
    assert all(len(part) <= size for part in parts)
    assert inflated(parts) == text


@given(st.lists(st.text(max_size=200), max_size=4))
@settings(max_examples=200, deadline=None)
def test_parts_that_are_not_a_deflated_text_are_no_record(parts):
    got = inflated(parts)
    assert got is None or isinstance(got, str)


@pytest.mark.parametrize("parts", [["not base64!"], ["é"], [deflated_parts("x" * 1000)[0][:-8]]],
                         ids=["not base64", "not ASCII", "a stream cut short"])
def test_damaged_parts_are_no_record(parts):
    assert inflated(parts) is None


def test_a_small_message_that_would_inflate_past_any_record_is_not_inflated():
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"{" * (3 * 1024 * 1024), 9)).decode("ascii")
    assert len(bomb) < 20_000
    assert inflated([bomb], limit=1024 * 1024) is None
    assert inflated([base64.b64encode(zlib.compress(b"ok") + b"more").decode("ascii")]) is None  # more after the stream
    assert inflated([base64.b64encode(zlib.compress(b"\xff\xfe")).decode("ascii")]) is None  # not UTF-8


def report_of(text: str):
    return replay(parse_record(text))


def hidden_tile(view: SeatView) -> int:
    """A tile from outside the seat's wall (another seat's, or the dead wall's)."""
    return next(t for t in range(136) if t not in view.wall)


class LeakingOwnPool(SeatFeed):
    """Adds a hidden tile to the seat's pool."""

    def message(self, kyoku_number, view, scores, stake, clocks=()):
        if view.wall is not None and view.phase is Phase.DISCARD:
            view = dataclasses.replace(view, pool=(*view.pool, hidden_tile(view)))
        return super().message(kyoku_number, view, scores, stake, clocks)


class LeakingOpponentsBuild(SeatFeed):
    """Tells the seat the other seat's private HandBuilt event (its whole hand)."""

    def message(self, kyoku_number, view, scores, stake, clocks=()):
        if view.built and all(view.built):
            other = (view.seat + 1) % view.rules.players
            view = dataclasses.replace(view, events=(*view.events, HandBuilt(other, "123m456p789s1122z", False)))
        return super().message(kyoku_number, view, scores, stake, clocks)


class LeakingIntoARiver(SeatFeed):
    """Adds a hidden tile to the other seat's river, once its river has grown: a discard of
    an update, never a snapshot's river."""

    def message(self, kyoku_number, view, scores, stake, clocks=()):
        other = (view.seat + 1) % view.rules.players
        if view.wall is not None and len(view.rivers[other]) == 3:
            rivers = list(view.rivers)
            rivers[other] = (*rivers[other], (hidden_tile(view), False))
            view = dataclasses.replace(view, rivers=tuple(rivers))
        return super().message(kyoku_number, view, scores, stake, clocks)


class LeakingLegalDiscard(SeatFeed):
    """Lists a hidden tile among the seat's legal discards."""

    def message(self, kyoku_number, view, scores, stake, clocks=()):
        if view.wall is not None and view.phase is Phase.DISCARD and view.legal_actions:
            code = tile_code(hidden_tile(view), view.rules.red_fives)
            view = dataclasses.replace(view, legal_actions=(*view.legal_actions, Discard(view.seat, code)))
        return super().message(kyoku_number, view, scores, stake, clocks)


@pytest.mark.parametrize("feed", [LeakingOwnPool, LeakingOpponentsBuild, LeakingIntoARiver, LeakingLegalDiscard])
def test_the_check_fails_when_one_hidden_tile_is_added_to_a_message(feed):
    with pytest.raises(Leak):
        play(Rules.preset("kaiji", hands=1), (0, 1), feed)


def every_clock(table: NetTable, view: SeatView) -> tuple[float | None, ...]:
    """The clock of every seat the hand waits on: whose ron question it is too."""
    waited = table.match.kyoku.waiting_on()
    return tuple(table.time_left(seat) if seat in waited else None for seat in range(table.match.rules.players))


def test_the_check_fails_when_a_seat_is_told_the_clock_of_a_ron_question_it_may_not_know_of():
    with pytest.raises(Leak, match="whom the hand waits on is hidden"):
        play(*TABLES[3].values, clocks=every_clock)


def test_the_reader_refuses_a_message_with_a_field_its_kind_does_not_have():
    match = Match(Rules.preset("kaiji", hands=1), SEED)
    match.next_kyoku()
    make = SeatFeed(0).message(1, match.kyoku.view_for(0), (100.0, 100.0), 1)
    text = write_message(make(1))
    leaked = text[:-1] + ',"ura_indicator":12}'
    with pytest.raises(ValueError, match="unknown 'ura_indicator'"):
        read_host_message(leaked)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from(["kaiji", "three_player", "four_player"]),
       every=st.integers(1, 5))
def test_a_mirror_fed_any_subsequence_of_updates_with_snapshots_rebuilds_each_view(seed, players, every):
    """Updates sent only every few moves (the others merged into them) still rebuild the view."""
    rules = Rules.preset(players, hands=1)
    match = Match(rules, seed)
    kyoku = match.next_kyoku()
    agents = [make_agent("easy", s) for s in range(rules.players)]
    feed, mirror = SeatFeed(0), SeatMirror()
    welcome = Welcome(0, 0, "t", ("a",) * rules.players, (None,) * rules.players, rules, "v")
    mirror.receive(read_host_message(write_message(welcome)))
    seq = 0
    for move in range(200):
        if kyoku.result is not None:
            break
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
        if move % every == 0:
            make = feed.message(1, kyoku.view_for(0), tuple(match.scores), match.stake)
            if make is not None:
                seq += 1
                mirror.receive(read_host_message(write_message(make(seq))))
                assert mirror.view == kyoku.view_for(0)


def test_a_missed_message_makes_the_mirror_ask_again_and_a_snapshot_puts_it_right():
    rules = Rules.preset("kaiji", hands=1)
    match = Match(rules, SEED)
    transport = CheckedTransport(match)
    table = transport.table = NetTable(match, ("A", "B"), (None, None), {0: RemoteSeat(0, "A")}, transport)
    transport.mirrors[0], transport.texts[0] = SeatMirror(), []
    table.joined(0, TOKENS[0])
    kyoku = match.next_kyoku()
    table.publish()
    agents = [make_agent("easy", s) for s in range(2)]
    mirror = transport.mirrors[0]
    for _ in range(3):
        seat = kyoku.waiting_on()[0]
        match.apply(agents[seat].act(kyoku.view_for(seat)))
    make = table.feeds[0].message(1, kyoku.view_for(0), tuple(match.scores), match.stake)
    assert make is not None
    with pytest.raises(OutOfOrder):  # one sequence number skipped, as after a lost connection
        mirror.receive(read_host_message(write_message(make(mirror.seq + 2))))
    with pytest.raises(OutOfOrder):  # and nothing more is applied until a snapshot comes
        mirror.receive(read_host_message(write_message(Presence(mirror.seq + 1, (True, True), (False, False)))))
    table.received(0, read_client_message(write_message(Resync())))
    assert isinstance(read_host_message(transport.texts[0][-1]), Snapshot)
    assert mirror.view == kyoku.view_for(0)


def test_a_seat_gone_past_the_reconnection_window_is_told_given_up_to_the_others_once_and_back_when_it_is():
    from game.net.hosting import HostedTable
    from game.net.server import Inbound

    match = Match(Rules.preset("four_player", hands=1), SEED)
    now = [1000.0]
    hosted = HostedTable(match, ("Hard AI", "P2", "P3", "P4"), ("hard", None, None, None), (1, 2, 3),
                         clock=lambda: now[0])  # never started: no socket is opened
    transport = hosted.table.transport = CheckedTransport(match)
    for seat in (1, 2, 3):
        transport.mirrors[seat], transport.texts[seat] = SeatMirror(), []
        hosted.host.inbox.put(Inbound(seat, "joined", token=TOKENS[seat], name=f"Person {seat}"))
    hosted.poll()
    match.next_kyoku()
    hosted.changed()

    def presences(seat: int) -> list[Presence]:
        return [m for m in map(read_host_message, transport.texts[seat]) if isinstance(m, Presence)]

    del transport.mirrors[3]  # its computer has gone
    hosted.host.inbox.put(Inbound(3, "left"))
    hosted.poll()
    assert transport.mirrors[1].present == (True, True, True, False)
    assert transport.mirrors[1].given_up == (False,) * 4  # waited for, as the host's table says
    now[0] += hosted.reconnect_window_s - 1
    hosted.poll()
    assert transport.mirrors[1].given_up == (False,) * 4
    told = len(presences(1))
    now[0] += 1
    for _ in range(3):
        hosted.poll()
    for seat in (1, 2):
        assert transport.mirrors[seat].given_up == (False, False, False, True)
    assert len(presences(1)) == told + 1  # told once, not at every look
    transport.mirrors[3], transport.texts[3] = SeatMirror(), []
    hosted.host.inbox.put(Inbound(3, "joined", token=TOKENS[3], name="Person 3"))
    hosted.poll()
    for seat in (1, 2, 3):
        assert transport.mirrors[seat].present == (True,) * 4 and transport.mirrors[seat].given_up == (False,) * 4


@pytest.mark.parametrize(("seats", "levels"), [
    (["person", "hard"], (None, "hard")),
    (["easy", "person", "person", "normal"], ("easy", None, None, "normal")),
])
def test_the_headless_hosts_welcome_tells_each_seats_level_a_person_none(seats, levels):
    rules = Rules.preset("kaiji" if len(seats) == 2 else "four_player", hands=1)
    hosted = HostedMatch(rules, seats, SEED, report=lambda line: None)  # never started: no socket is opened
    transport = hosted.table.transport = CheckedTransport(hosted.match)
    seat = seats.index("person")
    transport.mirrors[seat], transport.texts[seat] = SeatMirror(), []
    hosted.table.joined(seat, TOKENS[seat])
    assert transport.mirrors[seat].welcome.levels == levels


@pytest.mark.parametrize("seats", [1, 3, 4])
def test_a_reading_that_names_seats_the_table_has_not_is_not_taken(seats):
    """A host (buggy, or hostile) telling a two-seat table who of four the next hand waits
    for: the joined result would name seats it has not; the mirror keeps its last reading."""
    rules = Rules.preset("kaiji", hands=1)
    mirror = SeatMirror()
    mirror.receive(read_host_message(write_message(Welcome(1, 0, "t", ("a", "b"), (None, None), rules, "v"))))
    mirror.receive(read_host_message(write_message(Reading(2, 1, (True, False), 30.0))))
    mirror.receive(read_host_message(write_message(Reading(3, 1, (True,) * seats, 30.0))))
    assert mirror.reading == Reading(2, 1, (True, False), 30.0)
