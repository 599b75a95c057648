"""The statistics screen: reached from the title, figures from the history, a chart, the reset."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app.history import history
from game.app.play.session import SeatPlan
from game.app.scenes.dialog import Dialog
from game.app.scenes.statistics import StatisticsScene, shown_day
from game.app.scenes.title import TitleScene
from game.app.views.felt import draw_felt
from game.app.window.text import NO_BREAK_SPACE
from game.app.words import i18n
from game.engine.record import read_record
from tests.ui.test_screens import shot

RECORDS = Path(__file__).resolve().parent.parent / "records"



def keep_fixtures(driver) -> Path:
    folder = history.history_folder(driver.app.files.data_dir)
    start = datetime(2026, 12, 1, tzinfo=UTC)
    for number, (name, seat, level) in enumerate((("kaiji_two_draws_then_a_win", 1, "hard"),
                                                  ("four_player_double_ron", 0, "easy"))):
        plan = {**SeatPlan.solo(2, level).to_dict(), "humans": [seat]}
        history.keep_match(folder, read_record(RECORDS / f"{name}.jsonl"), plan, history.FINISHED, 200,
                           start + timedelta(hours=number))
    return folder



def open_statistics(driver) -> StatisticsScene:
    driver.press(driver.button("Your statistics"))
    scene = driver.top
    assert isinstance(scene, StatisticsScene)
    return scene



def test_the_statistics_show_the_history_with_a_chart_and_go_back(driver):
    keep_fixtures(driver)
    scene = open_statistics(driver)
    assert scene.stats.overall.matches == 2 and scene.stats.overall.wins == 1
    assert scene.stats.running_balance() == [1.0, -0.82]
    frame = shot(driver, "statistics")
    chart = frame.subsurface(pygame.Rect(120, 570, 1040, 150))
    golden = sum(1 for x in range(0, 1040, 4) for y in range(0, 150, 2) if chart.get_at((x, y))[:3] == (240, 207, 106))
    assert golden > 20, "the running balance is drawn"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)



def test_an_empty_history_says_so(driver, monkeypatch):
    drawn = driver.record_text(monkeypatch)
    scene = open_statistics(driver)
    assert scene.stats.overall.matches == 0
    driver.frame()
    # Matches with people count too: the page is no longer "against the AI" only.
    assert "No match of yours has been kept yet." in drawn
    shot(driver, "statistics_empty")



def test_the_reset_asks_first_and_keeps_the_records(driver):
    folder = keep_fixtures(driver)
    scene = open_statistics(driver)
    driver.press(driver.button("Reset"))
    assert isinstance(driver.top, Dialog)
    driver.press(driver.button("Keep them"))
    assert driver.top is scene and scene.stats.overall.matches == 2
    driver.press(driver.button("Reset"))
    shot(driver, "statistics_reset_dialog")
    driver.press(driver.button("Reset"))
    assert driver.top is scene and scene.stats.overall.matches == 0
    assert len(history.record_files(folder)) == 2



def nan_multiplier() -> bytes:
    """A kept match against the AI whose win is worth NaN mangan."""
    lines = read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")
    lines[0] = {**lines[0], "seed": 9, "history": {"plan": {**SeatPlan.solo(2, "hard").to_dict(), "humans": [0]}}}
    for line in lines:
        if line.get("event") == "won":
            line["multiplier"] = float("nan")
    return "".join(json.dumps(line) + "\n" for line in lines).encode("utf-8")



@pytest.mark.parametrize("content", [lambda: b"\xff\xfe not a record", lambda: b"[" * 100_000 + b"]" * 100_000,
                                     nan_multiplier], ids=["bytes", "deep", "nan"])
def test_a_damaged_history_file_is_a_notice_on_the_screen(driver, content):
    folder = keep_fixtures(driver)
    damaged = folder / "20261201-120000-9-000000000000.jsonl"
    damaged.write_bytes(content())
    scene = open_statistics(driver)
    assert scene.stats.overall.matches == 2
    assert len(scene.notices) == 1 and "could not be read" in scene.notices[0]
    assert not damaged.exists()
    shot(driver, "statistics_notice")



def test_a_won_worst_match_is_not_drawn_in_the_loss_colour(driver):
    from game.app.window.palette import GOOD, URGENT

    folder = history.history_folder(driver.app.files.data_dir)
    start = datetime(2026, 12, 1, tzinfo=UTC)
    for number, (name, seat) in enumerate((("kaiji_two_draws_then_a_win", 1), ("four_player_double_ron", 2))):
        plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [seat]}
        history.keep_match(folder, read_record(RECORDS / f"{name}.jsonl"), plan, history.FINISHED, 200,
                           start + timedelta(hours=number))
    scene = open_statistics(driver)
    assert [match.result for match in scene.stats.matches] == ["won", "won"]
    frame = shot(driver, "statistics_all_won")
    colours = {frame.get_at((x, y))[:3] for x in range(frame.get_width()) for y in range(frame.get_height())}
    assert URGENT not in colours and GOOD in colours



def test_the_history_settings_are_on_the_settings_screen(driver):
    from game.app.scenes.settings_screen import SettingsScene
    from tests.ui.test_screens import choose

    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    choose(driver, scene, "Matches kept", "50")
    assert driver.app.settings.history_limit == 50
    box = scene.controls["Keep a history of matches"]
    driver.frame([pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, ui_element=box)])
    assert driver.app.settings.keep_history is False



def test_the_best_and_the_worst_match_open_in_the_theatre(driver):
    from game.app.scenes.theatre import TheatreScene

    keep_fixtures(driver)
    scene = open_statistics(driver)
    best, worst = scene.stats.best_match, scene.stats.worst_match
    assert best is not None and worst is not None and best.name != worst.name
    # each named as the statistics name a match (whom against, the rules, the day), not by
    # its file (the kaiji record's seat 0 is named "You", and the plan seats the person at 1)
    day = f"Dec{NO_BREAK_SPACE}1,{NO_BREAK_SPACE}2026"  # a date's words kept on one line
    titles = {"kaiji": f"against You, Kaiji, {day}",
              "four_player": f"against Seat 2, Seat 3, Seat 4, Four player, {day}"}
    driver.press(driver.button("Watch best"))
    assert isinstance(driver.top, TheatreScene) and driver.top.title == titles[best.preset]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    driver.press(driver.button("Watch worst"))
    assert isinstance(driver.top, TheatreScene) and driver.top.title == titles[worst.preset]



def test_a_single_match_is_the_best_only(driver):
    folder = history.history_folder(driver.app.files.data_dir)
    plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [1]}
    history.keep_match(folder, read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl"), plan, history.FINISHED, 200)
    open_statistics(driver)
    driver.button("Watch best")
    assert not any(getattr(element, "text", "") == "Watch worst" for element in driver.top.elements)



# A kept match's day on the statistics screen, as each language writes dates.
@pytest.mark.parametrize(
    ("language", "day"),
    [("en", "Nov 1, 2026"), ("ja", "2026/11/01"), ("zh_CN", "2026年11月1日")],
)
def test_a_match_s_day_is_written_the_language_s_way(language: str, day: str):
    i18n.set_language(language)
    day = day.replace(" ", NO_BREAK_SPACE)  # a date's words kept on one line
    assert shown_day("2026-11-01", "") == day
    assert shown_day("", "20261101") == day



def test_the_statistics_load_no_calendar_data_in_any_language(driver):
    """Babel's CLDR data of a language, loaded to write the matches' days, stayed in memory for
    the rest of the session: some 6 MB at the first visit, 1 MB more for each other language."""
    from babel import localedata

    keep_fixtures(driver)
    localedata._cache.clear()
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(driver.app.settings.with_changes(language=language))
        driver.press(driver.button(i18n._("Your statistics")))
        driver.frames(3)
        assert isinstance(driver.top, StatisticsScene)
        driver.key(pygame.K_ESCAPE)
    assert localedata._cache == {}



def test_a_day_that_is_no_date_is_shown_as_it_is():
    assert shown_day("", "match") == "match"
    assert shown_day("sometime", "") == "sometime"



# The statistics say what their mangan count: each hand's value with its stake set aside,
# so a match won 105-95 on doubled stakes that shows -1.00 mangan reads as it is meant (from
# the Chinese play-through).
NOTE = "In mangan: each hand's value, whatever its stake."



def test_the_mangan_figures_say_they_set_the_stake_aside(driver, monkeypatch):
    keep_fixtures(driver)
    drawn = driver.record_text(monkeypatch)
    open_statistics(driver)
    driver.frames(2)
    assert NOTE in drawn
    balance = next(index for index, text in enumerate(drawn) if text.startswith("Balance "))
    assert drawn.index(NOTE) > balance  # it follows the figures it explains



# The statistics screen with few matches: no wide empty band between the figures and the
# chart (the chart takes the room), and the buttons on the right side by side.
def widest_empty_band(frame: pygame.Surface, top: int, bottom: int) -> int:
    """The most rows in a row, between `top` and `bottom`, holding nothing but the felt."""
    felt = pygame.Surface(frame.get_size())
    draw_felt(felt)
    widest = run = 0
    for y in range(top, bottom):
        row = pygame.Rect(0, y, frame.get_width(), 1)
        empty = pygame.image.tobytes(frame.subsurface(row), "RGB") == pygame.image.tobytes(felt.subsurface(row), "RGB")
        run = run + 1 if empty else 0
        widest = max(widest, run)
    return widest



def keep_one(driver) -> None:
    folder = history.history_folder(driver.app.files.data_dir)
    plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [1]}
    history.keep_match(folder, read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl"), plan, history.FINISHED, 200)



def test_with_one_match_the_chart_follows_the_figures_without_a_gap(driver):
    keep_one(driver)
    open_statistics(driver)
    frame = shot(driver, "statistics_one_match")
    assert widest_empty_band(frame, 90, 730) < 40



def test_with_two_matches_too(driver):
    keep_fixtures(driver)
    open_statistics(driver)
    frame = shot(driver, "statistics_two_matches")
    assert widest_empty_band(frame, 90, 730) < 40



def test_the_buttons_on_the_right_leave_no_hole_for_a_missing_one(driver):
    keep_one(driver)
    open_statistics(driver)
    assert driver.button("Watch best").rect.right == 1256


def test_reset_is_away_from_the_titles_button_offered_only_with_figures_and_enter_keeps(driver):
    """A double-click on the title's "Your statistics" put its second click on Reset…, whose
    dialog reset on Enter (a tester's report)."""
    title_button = driver.button("Your statistics").rect
    open_statistics(driver)
    with pytest.raises(AssertionError, match="no visible button"):
        driver.button("Reset")  # nothing to reset yet
    driver.press(driver.button("Back"))
    keep_fixtures(driver)
    scene = open_statistics(driver)
    reset = driver.button("Reset…")
    assert not reset.rect.colliderect(title_button.inflate(40, 40))
    driver.press(reset)
    driver.key(pygame.K_RETURN)
    assert driver.top is scene and scene.stats.overall.matches == 2


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_matches_with_people_are_not_against_the_ai_and_a_lost_best_is_the_closest(driver, language):
    """A network duel counted "Against the AI", a match a remote person won was "Hard 0–1",
    and "Best match" named a lost, abandoned one."""
    from game.app.scenes.statistics import best_label

    folder = history.history_folder(driver.app.files.data_dir)
    start = datetime(2026, 12, 1, tzinfo=UTC)
    duel = {"mode": "solo", "humans": [0], "names": ["Hana", "Kaiji"], "ai_level": "normal",
            "levels": [None, None], "remote": [1]}
    mixed = {"mode": "solo", "humans": [0], "names": ["Hana", "Kaiji", "Hard AI", "Easy AI"], "ai_level": "hard",
             "levels": [None, None, "hard", "easy"], "remote": [1]}
    kaiji = read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")
    left = kaiji[:next(i for i, line in enumerate(kaiji) if line["type"] == "settlement") + 4]
    history.keep_match(folder, left, duel, history.ABANDONED, 200, start)
    history.keep_match(folder, read_record(RECORDS / "four_player_double_ron.jsonl"), mixed, history.FINISHED, 200,
                       start + timedelta(hours=1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        scene = open_statistics(driver)
        assert list(scene.stats.by_level) == ["people"]
        assert scene.stats.best_match.name.endswith(".jsonl") and scene.stats.best_match.result == "lost"
        assert best_label(scene.stats) == i18n._("Closest match: {match}")
        assert driver.button(i18n._("Watch closest"))  # the button names it as its line does
        shot(driver, f"statistics_people_{language}")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_worst_match_that_lost_nothing_is_the_lowest_balance(driver, language):
    """Player test: one match left at +1.5 mangan was listed as "Worst match: +1.50 mangan"."""
    from game.app.scenes.statistics import worst_label

    folder = history.history_folder(driver.app.files.data_dir)
    plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [1]}
    history.keep_match(folder, read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl"), plan, history.ABANDONED,
                       200, datetime(2026, 12, 1, tzinfo=UTC))
    before = i18n.language()
    i18n.set_language(language)
    try:
        scene = open_statistics(driver)
        assert scene.stats.best_match is None and scene.stats.worst_match.net_units > 0
        assert worst_label(scene.stats.worst_match) == i18n._("Lowest balance: {match}")
        assert driver.button(i18n._("Watch lowest"))  # the button names it as its line does
        with pytest.raises(AssertionError, match="no visible button"):
            driver.button(i18n._("Watch worst"))
        shot(driver, f"statistics_lowest_{language}")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_with_one_match_the_chart_draws_the_balance_through_its_hands(driver, monkeypatch, language):
    """Player test: after one 8-hand match the chart drew one straight line from 0 to the
    total, under "Running balance over your last match". It draws each hand of that match."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language, window_size=(1024, 640)))
    folder = history.history_folder(driver.app.files.data_dir)
    plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [1]}
    history.keep_match(folder, read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl"), plan, history.FINISHED,
                       200, datetime(2026, 12, 1, tzinfo=UTC))
    drawn = driver.record_text(monkeypatch)
    driver.screens.statistics()
    scene = driver.top
    driver.frame()
    title = i18n.ngettext("Running balance over the {count} hand of your one match (mangan)",
                          "Running balance over the {count} hands of your one match (mangan)", 3).format(count=3)
    assert title in drawn and scene.stats.hand_balance() == [0.0, 0.0, 1.0]
    shot(driver, f"statistics_one_match_{language}")
