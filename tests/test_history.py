"""The match history: kept records, the cap, damaged files, the reset, the setting, the build review."""

from __future__ import annotations

import json
from concurrent.futures import Future
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.app import history
from game.app.build_review import review_builds
from game.app.match_history import keep_abandoned, keep_finished
from game.app.savegame import SaveSlot, SlotLock
from game.app.session import SeatPlan
from game.app.settings import Settings, load_settings, save_settings
from game.engine.match import Match
from game.engine.record import read_record, replay
from game.engine.rules import Rules
from tests.scenario_tools import build_all, crafted_deal

RECORDS = Path(__file__).parent / "records"
SOLO = SeatPlan.solo(2, "hard").to_dict()
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def fixture_record() -> list[dict]:
    return read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")


def header_only(seed: int) -> list[dict]:
    return [{"type": "header", "format": "17steps-record", "version": 1, "seed": seed,
             "rules": Rules().to_dict()}]


def test_a_kept_match_is_its_record_and_still_replays(tmp_path):
    path = history.keep_match(tmp_path, fixture_record(), SOLO, history.FINISHED, 200, START)
    lines = read_record(path)
    assert lines[0]["history"] == {"plan": SOLO, "ended": "finished", "kept_at": "2026-12-01T09:00:00+00:00"}
    assert lines[1:] == fixture_record()[1:]
    report = replay(lines)
    assert report.ok and report.end is not None


def test_keeping_the_same_match_twice_writes_one_file(tmp_path):
    history.keep_match(tmp_path, fixture_record(), SOLO, history.FINISHED, 200, START)
    history.keep_match(tmp_path, fixture_record(), SOLO, history.FINISHED, 200, START + timedelta(seconds=5))
    assert len(history.record_files(tmp_path)) == 1


def test_only_the_newest_matches_up_to_the_cap_are_kept(tmp_path):
    for seed in range(5):
        history.keep_match(tmp_path, header_only(seed), SOLO, history.FINISHED, 3, START + timedelta(minutes=seed))
    kept = history.load_history(tmp_path).entries
    assert [entry.header["seed"] for entry in kept] == [2, 3, 4]


def test_a_damaged_file_is_set_aside_with_a_notice_and_the_rest_is_read(tmp_path):
    history.keep_match(tmp_path, header_only(1), SOLO, history.FINISHED, 200, START)
    broken = tmp_path / "20261201-093000-7-deadbeef0000.jsonl"
    broken.write_text('{"type":"header","format":"17steps-record","version":1}\n{"type": "ha', encoding="utf-8")
    load = history.load_history(tmp_path)
    assert [entry.header["seed"] for entry in load.entries] == [1]
    assert len(load.notices) == 1 and "could not be read" in load.notices[0]
    assert not broken.exists() and len(list((tmp_path / "damaged").glob(f"{broken.name}.damaged-*"))) == 1
    assert history.load_history(tmp_path).notices == []


def test_the_statistics_reset_keeps_the_records(tmp_path):
    history.keep_match(tmp_path, header_only(1), SOLO, history.FINISHED, 200, START)
    history.reset_statistics(tmp_path)
    history.keep_match(tmp_path, header_only(2), SOLO, history.FINISHED, 200, START + timedelta(hours=1))
    assert [e.header["seed"] for e in history.load_history(tmp_path, since_reset=True).entries] == [2]
    assert len(history.load_history(tmp_path).entries) == 2


class InlineExecutor:
    def submit(self, function, *args):
        future: Future = Future()
        future.set_result(function(*args))
        return future


def fake_app(tmp_path, **settings):
    return SimpleNamespace(settings=Settings(**settings), data_dir=tmp_path, executor=InlineExecutor(), notice=None,
                           save_lock=SlotLock(tmp_path))


def played_match() -> Match:
    match = Match(Rules.preset("kaiji", hands=1), 5)
    match.next_hand()
    return match


def test_a_finished_match_is_kept_with_the_review_of_the_human_builds(tmp_path):
    app = fake_app(tmp_path)
    match = scripted_match()
    keep_finished(app, match, SeatPlan.solo(2, "hard"))
    (entry,) = history.load_history(history.history_folder(tmp_path)).entries
    assert entry.ended == "finished" and entry.plan["ai_level"] == "hard"
    assert [b["seat"] for b in entry.meta["builds"]] == [0]


def test_with_the_history_off_nothing_is_kept(tmp_path):
    keep_finished(fake_app(tmp_path, keep_history=False), scripted_match(), SeatPlan.solo(2, "hard"))
    assert history.record_files(history.history_folder(tmp_path)) == []


def test_an_unfinished_match_replaced_by_a_new_one_is_kept_as_abandoned(tmp_path):
    app = fake_app(tmp_path)
    slot = SaveSlot(tmp_path)
    slot.save(SeatPlan.solo(2, "easy"), scripted_match())
    keep_abandoned(app, slot)
    (entry,) = history.load_history(history.history_folder(tmp_path)).entries
    assert entry.ended == "abandoned" and entry.plan["ai_level"] == "easy" and "seed" not in entry.plan


def test_an_unwritable_history_gives_a_notice_not_a_crash(tmp_path):
    (tmp_path / "history").write_text("a file where the folder should be", encoding="utf-8")
    app = fake_app(tmp_path)
    keep_finished(app, scripted_match(), SeatPlan.solo(2, "hard"))
    assert "could not be kept" in app.notice


def test_the_history_settings_are_saved_and_checked(tmp_path):
    save_settings(tmp_path, Settings(keep_history=False, history_limit=50))
    settings, notice = load_settings(tmp_path)
    assert notice is None and (settings.keep_history, settings.history_limit) == (False, 50)
    (tmp_path / "settings.json").write_text(json.dumps({"history_limit": 0}), encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert settings.history_limit == history.DEFAULT_LIMIT and "history_limit" in notice
    with pytest.raises(ValueError):
        Settings(history_limit=True)


def scripted_match() -> Match:
    """East builds 123456789m1234p (riichi ittsu, 3 han: below mangan on 1p and 4p) from a
    wall with four wind triplets; West builds the nine-sided chuuren 1112345678999s."""
    deal = crafted_deal({
        0: "123456789m1234p" "23456s" "111222333444z" "5556z",
        2: "1112345678999s" "2356789p" "2356789p" "7777z" "666z",
    }, dora=(1, 0, "5z", "8p"))
    match = Match(Rules.preset("kaiji", hands=1), 3)
    match.next_hand(deal, 0)
    build_all(match, {0: "123456789m1234p", 1: "1112345678999s"})
    return match


def test_the_build_review_checked_by_hand():
    east, west = review_builds(scripted_match().record, [0, 1])
    # West: the wall's 13 sou are exactly the chuuren; its waits 1s..9s have 1+3*7+1 = 23
    # live copies, each a yakuman (4 mangan): 92, and nothing on the wall beats it.
    assert west == {"hand": 1, "seat": 1, "built_payment": 92.0, "best_payment": 92.0, "best": True,
                    "mangan_possible": True}
    # East: neither wait reaches mangan (payment 0), while 111222333444z + a single 1m is a
    # daisuushii on 3 live copies (12) at least.
    assert east["built_payment"] == 0.0 and not east["best"] and east["best_payment"] >= 12
    assert east["mangan_possible"]


def test_the_review_skips_seats_not_asked_for_and_hands_not_built():
    assert review_builds(played_match().record, [0]) == []
    assert [r["seat"] for r in review_builds(scripted_match().record, [1])] == [1]


def test_the_window_s_match_lifecycle_keeps_finished_and_abandoned_matches(tmp_path):
    """Through match_setup's own hooks: a match replaced by a new one is kept as abandoned,
    a match played to its end as finished, and the save slot is cleared."""
    from game.app.match_setup import new_session
    from game.engine.actions import BuildHand, Ron
    from game.engine.hand import Phase

    app = fake_app(tmp_path, rules=Rules.preset("kaiji", hands=1))
    app.next_match_seed = iter(range(100, 200)).__next__
    first = new_session(app, SeatPlan.hotseat(2))
    first.apply(first.hand.legal_actions(first.hand.dealer)[0])  # the dora: the match has begun
    second = new_session(app, SeatPlan.hotseat(2))
    hand = second.hand
    while not second.match.over:
        seat = hand.waiting_on()[0]
        legal = hand.legal_actions(seat)
        if hand.phase is Phase.BUILD:
            second.apply(BuildHand(seat, "", complete=True))
        else:
            second.apply(next((a for a in legal if isinstance(a, Ron)), legal[0]))
    kept = history.load_history(history.history_folder(tmp_path)).entries
    assert [(e.header["seed"], e.ended) for e in kept] in ([(100, "abandoned"), (101, "finished")],
                                                           [(101, "finished"), (100, "abandoned")])
    assert not SaveSlot(tmp_path).exists()
    assert all(replay(e.lines).ok for e in kept)
