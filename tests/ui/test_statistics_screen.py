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
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
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


def test_an_empty_history_says_so(driver):
    scene = open_statistics(driver)
    assert scene.stats.overall.matches == 0
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
    driver.press(driver.button("Watch best"))
    assert isinstance(driver.top, TheatreScene) and driver.top.title == best.name
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    driver.press(driver.button("Watch worst"))
    assert isinstance(driver.top, TheatreScene) and driver.top.title == worst.name


def test_a_single_match_is_the_best_only(driver):
    folder = history.history_folder(driver.app.files.data_dir)
    plan = {**SeatPlan.solo(2, "hard").to_dict(), "humans": [1]}
    history.keep_match(folder, read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl"), plan, history.FINISHED, 200)
    open_statistics(driver)
    driver.button("Watch best")
    assert not any(getattr(element, "text", "") == "Watch worst" for element in driver.top.elements)
