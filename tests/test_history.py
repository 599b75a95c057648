"""The match history: kept records, the cap, damaged files, the reset, the setting, the build review."""

from __future__ import annotations

import functools
import json
import math
import os
from concurrent.futures import Future
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.history import history
from game.app.history.build_review import review_builds
from game.app.history.match_history import joined_plan, keep_abandoned, keep_finished, keep_joined
from game.app.history.player_files import PlayerFiles, load_settings, save_settings
from game.app.play.savegame import SaveSlot
from game.app.play.session import SeatPlan
from game.app.settings import Settings
from game.engine.match import Match
from game.engine.record import read_record, replay
from game.engine.rules import Rules
from tests.fuzzing import as_json_lines, damaged_record_file
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


class ReviewLater:
    """An executor that never does the work it is given."""

    def submit(self, function, *args):
        return Future()


def fake_app(tmp_path, **settings):
    return SimpleNamespace(settings=Settings(**settings), files=PlayerFiles(data_dir=tmp_path),
                           executor=InlineExecutor(), notice=None)


def keep(app, match: Match, plan: SeatPlan) -> None:
    """`keep_finished` as the autosave calls it: what it says becomes the window's notice."""
    app.notice = keep_finished(app.files, match, plan, app.settings, app.executor)


def played_match() -> Match:
    match = Match(Rules.preset("kaiji", hands=1), 5)
    match.next_kyoku()
    return match


def test_a_finished_match_is_kept_with_the_review_of_the_human_builds(tmp_path):
    app = fake_app(tmp_path)
    match = scripted_match()
    keep(app, match, SeatPlan.solo(2, "hard"))
    (entry,) = history.load_history(history.history_folder(tmp_path)).entries
    assert entry.ended == "finished" and entry.plan["ai_level"] == "hard"
    assert [b["seat"] for b in entry.meta["builds"]] == [0]


def test_with_the_history_off_nothing_is_kept(tmp_path):
    keep(fake_app(tmp_path, keep_history=False), scripted_match(), SeatPlan.solo(2, "hard"))
    assert history.record_files(history.history_folder(tmp_path)) == []


def test_an_unfinished_match_replaced_by_a_new_one_is_kept_as_abandoned(tmp_path):
    app = fake_app(tmp_path)
    slot = SaveSlot(tmp_path)
    slot.save(SeatPlan.solo(2, "easy"), scripted_match())
    keep_abandoned(app.files, app.settings, app.executor)
    (entry,) = history.load_history(history.history_folder(tmp_path)).entries
    assert entry.ended == "abandoned" and entry.plan["ai_level"] == "easy" and "seed" not in entry.plan


def test_an_unwritable_history_gives_a_notice_not_a_crash(tmp_path):
    (tmp_path / "history").write_text("a file where the folder should be", encoding="utf-8")
    app = fake_app(tmp_path)
    keep(app, scripted_match(), SeatPlan.solo(2, "hard"))
    assert "could not be kept" in app.notice


def test_the_history_settings_are_saved_and_checked(tmp_path):
    save_settings(tmp_path, Settings(keep_history=False, history_limit=50))
    settings, notice = load_settings(tmp_path)
    assert notice is None and (settings.keep_history, settings.history_limit) == (False, 50)
    (tmp_path / "settings.json").write_text(json.dumps({"history_limit": 0}), encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert settings.history_limit == Settings().history_limit and "history_limit" in notice
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
    match.next_kyoku(deal, 0)
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
    from game.app.play.match_setup import new_session
    from game.engine.actions import BuildHand, Ron
    from game.engine.kyoku import Phase

    app = fake_app(tmp_path, rules=Rules.preset("kaiji", hands=1))
    app.next_match_seed = iter(range(100, 200)).__next__
    first = new_session(app.files, app, SeatPlan.hotseat(2))
    first.apply(first.kyoku.legal_actions(first.kyoku.dealer)[0])  # the dora: the match has begun
    second = new_session(app.files, app, SeatPlan.hotseat(2))
    kyoku = second.kyoku
    while not second.match.over:
        seat = kyoku.waiting_on()[0]
        legal = kyoku.legal_actions(seat)
        if kyoku.phase is Phase.BUILD:
            second.apply(BuildHand(seat, "", complete=True))
        else:
            second.apply(next((a for a in legal if isinstance(a, Ron)), legal[0]))
    kept = history.load_history(history.history_folder(tmp_path)).entries
    assert [(e.header["seed"], e.ended) for e in kept] in ([(100, "abandoned"), (101, "finished")],
                                                           [(101, "finished"), (100, "abandoned")])
    assert not SaveSlot(tmp_path).exists()
    assert all(replay(e.lines).ok for e in kept)


# --- damaged files: any failure to read one file is that file's damage --------------------

REVIEW = [{"hand": 1, "seat": 0, "built_payment": 2.0, "best_payment": 4.0, "best": False, "mangan_possible": True}]
DAMAGED_FIGURES = [(field, value) for field in ("multiplier", "best_payment")
                   for value in ("1" * 400, "1e400", "-1e308", "NaN")]


def keep_two(folder: Path) -> Path:
    """Two kept matches against the AI (you in seat 0, then seat 1); the first one's path."""
    plan = {**SOLO, "humans": [0]}
    record = fixture_record()
    first = history.keep_match(folder, record, plan, history.FINISHED, 200, START)
    history.add_builds_review(first, lambda _lines, _seats: REVIEW)
    second = [{**record[0], "seed": 2027}, *record[1:]]
    history.keep_match(folder, second, {**plan, "humans": [1]}, history.FINISHED, 200, START + timedelta(hours=1))
    return first


def assert_set_aside_once(folder: Path, damaged: Path, counted: int = 1) -> None:
    from game.app.history.statistics import read_statistics

    stats, notices = read_statistics(folder)
    assert stats.overall.matches == counted
    assert len(notices) == 1 and damaged.name in notices[0] and "'damaged' folder" in notices[0]
    assert not damaged.exists() and len(list((folder / "damaged").glob(f"{damaged.name}.damaged-*"))) == 1
    stats, notices = read_statistics(folder)
    assert (stats.overall.matches, notices) == (counted, [])


@pytest.mark.parametrize(("field", "value"), DAMAGED_FIGURES)
def test_a_figure_no_match_can_hold_sets_the_file_aside(tmp_path, field, value):
    first = keep_two(tmp_path)
    text = first.read_text(encoding="utf-8")
    number = {"multiplier": '"multiplier":1.0', "best_payment": '"best_payment":4.0'}[field]
    assert number in text
    first.write_text(text.replace(number, f'"{field}":{value}'), encoding="utf-8")
    assert_set_aside_once(tmp_path, first)


@pytest.mark.parametrize(("written", "damaged"), [
    ('"preset":"kaiji"', '"preset":"kai\\u0000ji"'),
    ('"preset":"kaiji"', '"preset":"\\ud800"'),
    ('"preset":"kaiji"', '"preset":"no_such_preset"'),
    ('"preset":"kaiji"', '"preset":["kaiji"]'),
    ('"ai_level":"hard"', '"ai_level":"\\ud800"'),
    ('"ai_level":"hard"', '"ai_level":"ha\\u0000rd"'),
])
def test_a_preset_or_level_no_screen_can_name_sets_the_file_aside(tmp_path, written, damaged):
    first = keep_two(tmp_path)
    text = first.read_text(encoding="utf-8")
    assert written in text
    first.write_text(text.replace(written, damaged), encoding="utf-8")
    assert_set_aside_once(tmp_path, first)


@pytest.mark.parametrize("content", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000,
                                     '{"type":"header"}\n' + "[" * 100_000])
def test_json_nested_too_deep_sets_the_file_aside(tmp_path, content):
    first = keep_two(tmp_path)
    first.write_text(content + "\n", encoding="utf-8")
    assert_set_aside_once(tmp_path, first)


def test_a_file_beyond_the_records_size_limit_is_set_aside_unread(tmp_path, monkeypatch):
    first = keep_two(tmp_path)
    monkeypatch.setattr(history, "MAX_RECORD_BYTES", first.stat().st_size - 1)
    monkeypatch.setattr("game.engine.record.MAX_RECORD_BYTES", first.stat().st_size - 1)
    real_open, real_read = os.open, os.read
    opened: set[int] = set()
    read: list[int] = []

    def open_noted(path, *args, **kwargs):
        descriptor = real_open(path, *args, **kwargs)
        (opened.add if Path(path) == first else opened.discard)(descriptor)  # (descriptors are reused)
        return descriptor

    def read_noted(descriptor, size):
        data = real_read(descriptor, size)
        if descriptor in opened:
            read.append(len(data))
        return data

    monkeypatch.setattr(os, "open", open_noted)
    monkeypatch.setattr(os, "read", read_noted)
    assert_set_aside_once(tmp_path, first)  # the other match, without the review, is smaller: it is read
    assert read == []  # opened, found too large, never read


def test_only_the_newest_matches_up_to_the_cap_are_read(tmp_path):
    for seed in range(5):
        history.keep_match(tmp_path, header_only(seed), SOLO, history.FINISHED, 200, START + timedelta(minutes=seed))
    oldest = history.record_files(tmp_path)[0]
    oldest.write_text("not a record", encoding="utf-8")  # beyond the cap: not read, not set aside
    load = history.load_history(tmp_path, limit=3)
    assert [entry.header["seed"] for entry in load.entries] == [2, 3, 4] and load.notices == []
    assert oldest.exists() and len(history.record_files(tmp_path)) == 5


def test_an_unreadable_history_folder_is_one_notice(tmp_path, monkeypatch):
    from game.app.history.statistics import read_statistics

    keep_two(tmp_path)
    real_scandir, real_listdir = os.scandir, os.listdir

    def refused(real):
        def call(path="."):
            if Path(path) == tmp_path:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)
        return call

    monkeypatch.setattr(os, "scandir", refused(real_scandir))
    monkeypatch.setattr(os, "listdir", refused(real_listdir))
    stats, notices = read_statistics(tmp_path)
    assert stats.overall.matches == 0
    assert notices == ["Your match history cannot be read (permission denied): no match is counted."]


@pytest.mark.parametrize("marker", ['{"after":' * 100_000 + '""' + "}" * 100_000, "[" * 100_000,
                                    '{"after": 5}', "\udcff", "x" * 10_000])
def test_a_damaged_statistics_reset_is_set_aside_and_every_match_counted(tmp_path, marker):
    from game.app.history.statistics import read_statistics

    keep_two(tmp_path)
    (tmp_path / history.RESET_FILE).write_text(marker, encoding="utf-8", errors="surrogateescape")
    stats, notices = read_statistics(tmp_path)
    assert stats.overall.matches == 2
    assert len(notices) == 1 and history.RESET_FILE in notices[0] and "every kept match is counted" in notices[0]
    assert not (tmp_path / history.RESET_FILE).exists()
    assert len(list((tmp_path / "damaged").glob(f"{history.RESET_FILE}.damaged-*"))) == 1
    assert read_statistics(tmp_path)[1] == []


def written(value: float) -> str:
    from game.app.words import i18n

    return i18n.format_number(value, 2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_a_damaged_file_is_counted_or_set_aside_and_the_rest_is_counted(tmp_path_factory, data):
    from game.app.history.statistics import read_statistics

    folder = tmp_path_factory.mktemp("history")
    first = keep_two(folder)
    good = history.record_files(folder)[1].name
    content = data.draw(damaged_record_file(read_record(first)))
    first.write_bytes(content)
    stats, notices = read_statistics(folder)
    assert good in [match.name for match in stats.matches]
    if first.exists():
        assert notices == [] and stats.overall.matches + stats.not_counted == 2
    else:
        assert len(notices) == 1 and first.name in notices[0]
        (kept,) = (folder / "damaged").iterdir()
        assert kept.read_bytes() == content
    overall = stats.overall
    figures = [overall.average_win, overall.average_loss, overall.net_units, *stats.running_balance(),
               stats.average_best_share or 0.0, *(t.net_units for t in (*stats.by_level.values(),
                                                                         *stats.by_preset.values()))]
    assert all(math.isfinite(figure) for figure in figures)
    assert all(written(figure) for figure in figures)
    again, notices = read_statistics(folder)
    assert notices == [] and again.overall.matches == stats.overall.matches


def test_many_damaged_files_are_one_sentence(tmp_path):
    from game.app.history.statistics import read_statistics

    keep_two(tmp_path)
    for number in range(3):
        (tmp_path / f"2026120{number + 2}-000000-{number}-000000000000.jsonl").write_text("[" * 100, encoding="utf-8")
    stats, notices = read_statistics(tmp_path)
    assert stats.overall.matches == 2
    assert notices == ["3 matches in your history could not be read; they were moved to the 'damaged' folder "
                       "beside the others."]
    assert len(list((tmp_path / "damaged").iterdir())) == 3


def test_the_statistics_read_only_their_lines_and_count_as_a_whole_reading(tmp_path):
    from game.app.history.statistics import compute_statistics, read_statistics

    first = keep_two(tmp_path)
    four = read_record(RECORDS / "four_player_double_ron.jsonl")
    spaced = history.keep_match(tmp_path, four, {**SOLO, "humans": [0]}, history.FINISHED, 200, START + timedelta(2))
    spaced.write_bytes(as_json_lines(read_record(spaced)))  # edited by hand: `{"type": "event", …}`, every line read
    whole = compute_statistics(history.load_history(tmp_path).entries)
    stats, notices = read_statistics(tmp_path)
    assert notices == [] and stats.matches == whole.matches and stats.overall == whole.overall
    assert [m.result for m in stats.matches] == ["lost", "won", "lost"] and stats.builds_reviewed == 1
    (entry,) = history.load_history(tmp_path, wanted=("{\"type\":\"header\"",)).entries[:1]
    assert entry.path == first and [line["type"] for line in entry.lines] == ["header"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(preset=st.one_of(st.none(), st.text(max_size=6), st.sampled_from(["kaiji", "four_player"]), st.integers()),
       level=st.one_of(st.none(), st.text(max_size=6), st.sampled_from(["easy", "hard"]), st.lists(st.text())))
def test_fuzz_a_match_counted_names_a_preset_and_a_level_the_game_knows(tmp_path, preset, level):
    from game.app.history.statistics import FigureError, summarise_match
    from game.engine.rules import PRESETS

    record = fixture_record()
    entry = history.HistoryEntry(Path("m.jsonl"), [{**record[0], "preset": preset,
                                                    "history": {"plan": {**SOLO, "ai_level": level}}}, *record[1:]])
    try:
        match = summarise_match(entry, 0)
    except FigureError:
        assert preset not in (None, *PRESETS) or level not in (None, "easy", "normal", "hard")
    else:
        assert match.preset in ("?", *PRESETS) and match.level in ("?", "easy", "normal", "hard")


# A match played at another computer's table, kept from the record its host sent at the end.
GUEST = 1
TABLE_NAMES = ("Akagi", "Guest")
TABLE_LEVELS = (None, None)


@functools.cache
def host_record() -> tuple[str, list[float]]:
    """The host's record as the link hands it over (its text), and the standings the host
    announced (replayed once: the fuzz below asks at every example, under Hypothesis's tracing)."""
    lines = fixture_record()
    report = replay(lines)
    assert report.end is not None
    return as_json_lines(lines).decode("utf-8"), report.end["scores"]


def test_a_joined_match_is_kept_from_the_hosts_record_and_counted_from_the_joined_seat(tmp_path):
    app = fake_app(tmp_path)
    text, scores = host_record()
    assert keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, scores, app.settings, app.executor) is None
    (entry,) = history.load_history(history.history_folder(tmp_path)).entries
    assert entry.ended == "finished" and entry.plan["humans"] == [GUEST] and entry.plan["names"] == list(TABLE_NAMES)
    assert entry.lines[1:] == fixture_record()[1:] and replay(entry.lines).ok  # the theatre's every hand
    from game.app.history.statistics import read_statistics

    stats, notices = read_statistics(history.history_folder(tmp_path))
    (counted,) = stats.matches
    settled = [line for line in fixture_record() if line["type"] == "settlement"]
    won = [line for line in fixture_record() if line.get("event") == "won"]
    assert notices == [] and counted.hands == len(settled)
    assert counted.level == "people" and list(stats.by_level) == ["people"]  # not "against the AI"
    assert counted.wins == sum(line["seat"] == GUEST for line in won)
    assert counted.result == ("won" if scores[GUEST] > scores[0] else "lost" if scores[GUEST] < scores[0] else "level")


@pytest.mark.parametrize(("names", "told", "levels"), [
    (("Akagi", "Guest"), (None, None), [None, None]),
    (("Hard AI", "Guest"), ("hard", None), ["hard", None]),
    (("Hard AI", "Guest"), (None, None), [None, None]),  # a person who called themselves so
    (("Akagi", "Guest"), ("hard", None), ["hard", None]),
    (("Easy AI", "Normal AI", "Guest", "Player 4"), ("easy", "normal", None, None), ["easy", "normal", None, None]),
    (("Easy AI", "Normal AI", "Guest"), ("easy", None, "hard"), ["easy", None, None]),  # this seat: you
])
def test_a_joined_match_counts_each_seat_by_the_level_the_host_told_never_by_its_name(names, told, levels):
    plan = joined_plan(names.index("Guest"), names, told)
    assert plan["levels"] == levels and plan["ai_level"] == next((lv for lv in levels if lv), None)


def test_a_person_named_like_an_ai_level_is_counted_as_a_person_in_the_joiners_statistics(tmp_path):
    from game.app.history.statistics import read_statistics

    app = fake_app(tmp_path)
    text, scores = host_record()
    assert keep_joined(app.files, text, GUEST, ("Hard AI", "Guest"), (None, None), scores, app.settings,
                       app.executor) is None
    stats, notices = read_statistics(history.history_folder(tmp_path))
    assert notices == [] and [match.level for match in stats.matches] == ["people"]


@pytest.mark.parametrize(("text", "said"), [
    (None, "the host sent none"),
    ("", "it is not a match record this version can read"),
    ('{"type":"header"}\n', "it is not a match record this version can read"),
    ("not json\n", "line 1 is cut short or edited"),
])
def test_a_record_that_is_no_record_is_refused_with_a_sentence_and_nothing_is_kept(tmp_path, text, said):
    app = fake_app(tmp_path)
    problem = keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, host_record()[1], app.settings,
                          app.executor)
    assert problem is not None and said in str(problem) and "not kept in your history" in str(problem)
    assert history.record_files(history.history_folder(tmp_path)) == []


def test_a_record_that_does_not_end_as_the_host_announced_is_refused(tmp_path):
    app = fake_app(tmp_path)
    text, scores = host_record()
    problem = keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, [scores[1], scores[0]], app.settings,
                          app.executor)
    assert "does not end with the standings the host announced" in str(problem)
    other = keep_joined(app.files, text, GUEST, (*TABLE_NAMES, "Third"), (*TABLE_LEVELS, None), scores,
                        app.settings, app.executor)
    assert "does not end with the standings the host announced" in str(other)
    assert history.record_files(history.history_folder(tmp_path)) == []


def left_after(hands: int, lines: list[dict] | None = None) -> tuple[str, list[float]]:
    """The record a host sends a seat leaving its match after `hands` settled hands (its seed
    withheld), and the standings then."""
    from game.net.table import record_so_far

    whole = lines or fixture_record()
    cut = record_so_far(whole[:[i for i, line in enumerate(whole) if line["type"] == "settlement"][hands - 1] + 1])
    assert cut is not None
    return as_json_lines(cut).decode("utf-8"), cut[-1]["scores"]


def test_a_joined_match_left_and_taken_back_again_and_again_is_kept_once_as_far_as_it_went(tmp_path):
    """Left after hand 1 (kept: one hand, stopped), its seat taken back and left again after
    hand 2 (kept: two hands, in the first's place), taken back to its end (the whole match, in
    their place): one match, one file, never counted twice. Another match left is kept beside."""
    app = fake_app(tmp_path)
    folder = history.history_folder(tmp_path)
    other_text, other_scores = left_after(1, read_record(RECORDS / "kaiji_a_draw_in_furiten_then_ura.jsonl"))
    assert keep_joined(app.files, other_text, GUEST, TABLE_NAMES, TABLE_LEVELS, other_scores, app.settings,
                       app.executor) is None
    for hands in (1, 2):
        text, scores = left_after(hands)
        assert keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, scores, app.settings,
                           app.executor) is None
        entries = history.load_history(folder).entries
        assert len(entries) == 2
        assert [len([line for line in entry.lines if line["type"] == "settlement"]) for entry in entries] == [1, hands]
        assert entries[1].ended == history.ABANDONED
    text, scores = host_record()
    assert keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, scores, app.settings, app.executor) is None
    kept = history.load_history(folder).entries
    assert len(kept) == 2 and kept[1].ended == history.FINISHED and kept[1].lines[1:] == fixture_record()[1:]
    assert kept[0].lines[1:] == read_record_text(other_text)[1:]


def read_record_text(text: str) -> list[dict]:
    from game.engine.record import parse_record

    return parse_record(text)


def test_with_the_history_off_a_joined_match_is_not_kept(tmp_path):
    app = fake_app(tmp_path, keep_history=False)
    text, scores = host_record()
    assert keep_joined(app.files, text, GUEST, TABLE_NAMES, TABLE_LEVELS, scores, app.settings, app.executor) is None
    assert history.record_files(history.history_folder(tmp_path)) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_a_hostile_record_is_refused_with_a_sentence_and_overwrites_nothing(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("joiner")
    app = fake_app(folder)
    # The build review is not what is fuzzed here, and reviewing a hostile wall under
    # Hypothesis's line tracing took over 3 minutes in one CI run: it is left undone.
    app.executor = ReviewLater()
    earlier = history.keep_match(history.history_folder(folder), header_only(4) + fixture_record()[1:], SOLO,
                                 history.FINISHED, 200, START)
    before = earlier.read_bytes()
    scores = host_record()[1]
    sent = data.draw(damaged_record_file(fixture_record())).decode("utf-8", errors=data.draw(
        st.sampled_from(["replace", "surrogateescape"])))
    problem = keep_joined(app.files, sent, GUEST, TABLE_NAMES, TABLE_LEVELS, scores, app.settings, app.executor)
    kept = [path for path in history.record_files(history.history_folder(folder)) if path != earlier]
    assert earlier.read_bytes() == before
    if problem is not None:  # refused, or (a seed too long for a file's name) not written
        assert "kept in your history" in str(problem) and kept == []
    else:  # what was changed changes nothing the record says (or was the same again)
        (path,) = kept
        assert replay(read_record(path)).ok


def test_a_match_hosted_without_a_window_is_kept_finished_or_abandoned_and_not_before_its_first_hand(tmp_path):
    from game.app.history.match_history import keep_hosted

    names, levels = ("Player 1", "Hard AI"), [None, "hard"]
    assert keep_hosted(tmp_path, Match(Rules.preset("kaiji", hands=1), 3), names, levels) is None
    assert history.record_files(tmp_path) == []
    keep_hosted(tmp_path, scripted_match(), names, levels)  # stopped in its first hand
    (entry,) = history.load_history(tmp_path).entries
    assert entry.ended == history.ABANDONED and entry.plan["remote"] == [0] and entry.plan["ai_level"] == "hard"
    from game.app.history.statistics import read_statistics

    assert read_statistics(tmp_path)[0].not_counted == 1  # no seat was played at that computer
