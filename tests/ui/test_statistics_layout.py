"""The statistics screen with few matches: no wide empty band between the figures and the
chart (the chart takes the room), and the buttons on the right side by side."""

from __future__ import annotations

import pygame

from game.app.history import history
from game.app.play.session import SeatPlan
from game.app.views.felt import draw_felt
from game.engine.record import read_record
from tests.ui.test_screens import shot
from tests.ui.test_statistics_screen import RECORDS, keep_fixtures, open_statistics


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
    watch, reset = driver.button("Watch best"), driver.button("Reset…")
    assert reset.rect.left - watch.rect.right == 4 and reset.rect.right <= 1280
