"""The headless host's save (game/app/play/hosted_match.py): the seats it keeps in the save
read back as outside input, and a save taken up again (`load_saved`, `HostedMatch.continued`)
with the window's own save slot. The whole crash and continue with real processes is in
tests/test_cli_join.py; the command's refusals in tests/test_cli_host.py."""

from __future__ import annotations

import errno
import json
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.app.play.hosted_match import HostedMatch, load_saved, save_whole, unattended_plan
from game.app.play.savegame import HostedSeats, SaveDamaged, SaveError, SaveSlot
from game.app.play.session import SeatPlan
from game.engine.kyoku import Phase
from game.engine.record import replay
from game.net.hosting import MOVE_TIME_S
from tests.save_faults import match_in_play

TOKENS = {0: "k" * 32, 2: "f" * 32}
PLAN = SeatPlan.unattended(["Kaiji", "Easy AI", "Funai"], [None, "easy", None], (0, 2))


def saved_at(folder: Path, plan: SeatPlan = PLAN, tokens: dict[int, str] | None = None,
             port: int = 17017) -> SaveSlot:
    """A 3-seat match in its first hand's discards saved as the headless host saves it."""
    match = match_in_play(players=3)
    slot = SaveSlot(folder)
    slot.save(plan, match)
    slot.save_hosting(match.seed, HostedSeats("KANTER", port, TOKENS if tokens is None else tokens))
    return slot


def test_a_saved_match_is_taken_up_again_at_the_same_table_for_the_same_people(tmp_path):
    slot = saved_at(tmp_path)
    saved, seats = load_saved(slot)
    hosted = HostedMatch.continued(saved, seats, report=lambda line: None)
    assert (hosted.host.code, hosted.host.port, hosted.host.tokens()) == ("KANTER", 17017, TOKENS)
    assert hosted.table.names == ("Kaiji", "Easy AI", "Funai") and hosted.table.levels == (None, "easy", None)
    assert hosted.match.record == match_in_play(players=3).record
    assert not hosted.host.all_joined() and hosted.table.can_continue is False  # no slot given: not saved


@pytest.mark.parametrize(("tokens", "why"), [
    pytest.param({0: "k" * 32}, "a seat without its key", id="a key missing"),
    pytest.param({0: "k" * 32, 1: "e" * 32, 2: "f" * 32}, "an AI seat with a key", id="a key too many"),
])
def test_a_save_whose_seat_keys_do_not_fit_it_is_refused_and_left_as_it_is(tmp_path, tokens, why):
    slot = saved_at(tmp_path, tokens=tokens)
    with pytest.raises(SaveError, match="seat keys") as refused:
        load_saved(slot)
    assert not isinstance(refused.value, SaveDamaged), why
    assert slot.exists() and slot.hosting_path.exists()


def test_a_save_without_its_seat_keys_is_refused(tmp_path):
    slot = saved_at(tmp_path)
    slot.hosting_path.unlink()
    with pytest.raises(SaveError, match="seat keys"):
        load_saved(slot)


def test_a_save_cut_short_goes_on_from_its_last_whole_move_the_file_as_it_was_kept_aside(tmp_path):
    slot = saved_at(tmp_path)
    whole = slot.record_path.read_bytes()
    slot.record_path.write_bytes(whole + b'{"type": "action", "kind": "disc')
    saved, seats = load_saved(slot)
    assert saved.cut == 1 and seats.tokens == TOKENS
    assert slot.record_path.read_bytes().endswith(b'"disc')  # reading it moves nothing, writes nothing
    kept = save_whole(slot, saved)
    assert slot.record_path.read_bytes() == whole  # written again, its keys left beside it
    assert load_saved(slot)[1] == seats
    (aside,) = tmp_path.glob("unfinished_match.jsonl.damaged-*")
    assert aside == kept and aside.read_bytes() == whole + b'{"type": "action", "kind": "disc'


@pytest.mark.parametrize("fails", ["the save", "the copy"])
def test_a_save_cut_short_that_cannot_be_written_again_stays_to_be_continued(tmp_path, monkeypatch, fails):
    """A full disk (what cuts a save short) when it is written again: the save, its keys and
    the file as it was stay, and the next try continues it."""
    import shutil

    slot = saved_at(tmp_path)
    cut = slot.record_path.read_bytes() + b'{"type": "action", "kind": "disc'
    slot.record_path.write_bytes(cut)
    saved, seats = load_saved(slot)

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if fails == "the save":
        monkeypatch.setattr(slot, "save", disk_full)
    else:
        monkeypatch.setattr(shutil, "copyfileobj", disk_full)
    with pytest.raises(OSError, match="No space left"):
        save_whole(slot, saved)
    monkeypatch.undo()
    again, kept_seats = load_saved(SaveSlot(tmp_path))  # what the next --continue reads
    assert (again.match.record, again.cut, kept_seats) == (saved.match.record, 1, seats)
    assert all(aside.read_bytes() == cut for aside in tmp_path.glob("unfinished_match.jsonl.damaged-*"))
    assert slot.record_path.read_bytes() == cut


def test_a_windows_save_is_not_one_a_host_without_a_window_continues(tmp_path):
    slot = saved_at(tmp_path, SeatPlan.table(("you", "easy", "person")))
    with pytest.raises(SaveDamaged, match="host without a window"):
        load_saved(slot)


def test_the_seats_a_host_without_a_window_saves_read_back_as_they_were():
    assert unattended_plan(json.loads(json.dumps(PLAN.to_dict())), 3) == PLAN


@pytest.mark.parametrize(("change", "reason"), [
    ({"humans": [0]}, "not one a host without a window played"),
    ({"names": ["Kaiji", "Funai"]}, "does not name its 3 seats"),
    ({"levels": [None, "easy"]}, "does not name its 3 seats"),
    ({"remote": "0,2"}, "does not name its 3 seats"),
    ({"remote": []}, "neither AI levels nor people"),
    ({"remote": [0]}, "neither AI levels nor people"),
    ({"remote": [0, "2"]}, "neither AI levels nor people"),
    ({"remote": [False, 2]}, "neither AI levels nor people"),
    ({"levels": [None, "godlike", None]}, "neither AI levels nor people"),
    ({"names": ["Kaiji", "", "Funai"]}, "cannot be shown"),
    ({"names": ["Kaiji", "Easy\nAI", "Funai"]}, "cannot be shown"),
])
def test_seats_that_do_not_hold_together_are_damaged_saying_why(change, reason):
    with pytest.raises(SaveDamaged, match=reason):
        unattended_plan({**PLAN.to_dict(), **change}, 3)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@given(data=st.one_of(JSON, st.fixed_dictionaries({}, optional={
    key: JSON for key in ("mode", "humans", "names", "ai_level", "levels", "remote")})), players=st.integers(2, 4))
def test_any_seats_read_are_a_plan_of_the_table_or_damaged(data, players):
    try:
        plan = unattended_plan(data, players)
    except SaveDamaged:
        return
    assert plan.humans == () and len(plan.names) == players and plan.remote
    assert all((seat in plan.remote) == (level is None) for seat, level in enumerate(plan.levels))


def test_the_record_a_continued_match_goes_on_with_replays(tmp_path):
    saved, _seats = load_saved(saved_at(tmp_path))
    assert replay(saved.match.record).ok


def test_a_remote_seats_build_clock_is_saved_as_it_runs_and_goes_on_from_there_when_continued(tmp_path, monkeypatch):
    """A person who joined and does not build: their build clock is saved every
    BUILD_SAVE_EVERY_S; the match continued (that person back with their key) gives them the
    clock where it stood, not a new one."""
    from websockets.sync.client import connect

    from game.app.play import table_turns
    from game.engine.rules import Rules
    from game.net.client import join_uri
    from game.net.protocol import Hello, write_message

    monkeypatch.setattr(table_turns, "BUILD_SAVE_EVERY_S", 0.5)
    limit = Rules.preset("kaiji").build_time_s
    hosted = HostedMatch(Rules.preset("kaiji", hands=1), ["person", "easy"], 5, move_time_s=0.5,
                         report=lambda line: None, slot=SaveSlot(tmp_path))
    hosted.start()
    try:
        with connect(join_uri(f"127.0.0.1:{hosted.host.port}", hosted.host.code), open_timeout=10, proxy=None) as seat:
            seat.send(write_message(Hello("Idle", "")))
            assert hosted.wait_for_players(30)
            playing = threading.Thread(target=hosted.play, daemon=True)
            playing.start()
            deadline = time.monotonic() + 60
            while (progress := load_saved(SaveSlot(tmp_path))[0].builds.get(0)) is None or progress.elapsed < 1:
                assert time.monotonic() < deadline, "no build clock saved"
                time.sleep(0.1)
            hosted.close()
            playing.join(30)
    finally:
        hosted.stop()
    saved, seats = load_saved(SaveSlot(tmp_path))
    elapsed = saved.builds[0].elapsed
    assert elapsed >= 1 and saved.match.kyoku is not None and saved.match.kyoku.phase is Phase.BUILD
    continued = HostedMatch.continued(saved, seats, report=lambda line: None, slot=SaveSlot(tmp_path))
    continued.start()
    try:
        with connect(join_uri(f"127.0.0.1:{seats.port}", seats.code), open_timeout=10, proxy=None) as seat:
            seat.send(write_message(Hello("Idle", seats.tokens[0])))
            assert continued.wait_for_players(30)
            left = continued.turns.seat_time_left(0)
    finally:
        continued.stop()
    assert left is not None and left <= limit - elapsed


def building_saved_at(folder: Path, elapsed: float) -> SaveSlot:
    """A 3-seat match in its first hand's builds, seat 0 (a person at another computer)
    `elapsed` seconds into its build clock, saved as the headless host saves it."""
    from game.app.play.session import BuildProgress
    from game.engine.match import Match
    from game.engine.rules import Rules

    match = Match(Rules.preset("three_player"), 3)
    kyoku = match.next_kyoku()
    if kyoku.phase is Phase.DORA:
        match.apply(kyoku.view_for(kyoku.waiting_on()[0]).legal_actions[0])
    slot = SaveSlot(folder)
    slot.save(PLAN, match, {0: BuildProgress(match.kyoku_number, "", elapsed)})
    slot.save_hosting(match.seed, HostedSeats("KANTER", 17017, TOKENS))
    return slot


@pytest.mark.parametrize(("phase", "left_after_begin"), [
    pytest.param(Phase.DISCARD, MOVE_TIME_S, id="a discard owed"),
    pytest.param(Phase.BUILD, MOVE_TIME_S - 40.0, id="a build under way"),
])
def test_a_continued_match_runs_no_clock_until_its_players_are_back(tmp_path, phase, left_after_begin):
    """Before its players are back no screen is told a clock and none runs at the host, however
    long they take: after it begins again, the seat has the time it had, and no stand-in moves."""
    slot = saved_at(tmp_path) if phase is Phase.DISCARD else building_saved_at(tmp_path, 40.0)
    lines: list[str] = []
    hosted = HostedMatch.continued(*load_saved(slot), report=lines.append, slot=slot)
    now = [1000.0]
    hosted.hosted.clock = lambda: now[0]
    assert 0 in hosted.session.waiting_on() and hosted.match.kyoku.phase is phase
    assert hosted.table.time_left(0) is None  # what the first player back is told
    now[0] += 150.0  # longer than any clock: the other player comes back late
    hosted.hosted.present.update(hosted.remote)
    hosted.hosted.begin()
    hosted.turns.resume_builds(hosted.saved_builds)
    for _ in range(3):
        hosted.turns.update(0.0, 0.0)
    assert hosted.turns.seat_time_left(0) == pytest.approx(left_after_begin)
    assert hosted.table.time_left(0) == pytest.approx(left_after_begin)
    assert 0 in hosted.session.waiting_on() and not any("did not move in time" in line for line in lines)
