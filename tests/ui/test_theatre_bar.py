"""The theatre's control bar hides nothing of the table: at every step of a record, for 2, 3
and 4 players and from every point of view, the table drawn under the bar's buttons is bare
felt (the bottom seat's closed wall, opened wall, pool and hand all lie clear of it)."""

from __future__ import annotations

import pygame
import pytest

from game.app.theatre.theatre_frame import OPEN
from game.app.views.felt import draw_felt
from tests.ui.test_theatre import record_file


def covered(driver) -> list[tuple[str, int, str]]:
    """(control, step, point of view) wherever the table under a control is not bare felt."""
    theatre = driver.top
    theatre.show_result = False  # the result panel is meant to lie over the table
    felt = pygame.Surface((1280, 800))
    draw_felt(felt)
    controls = {name: button.rect for name, button in theatre.buttons.items() if name != "back_to_title"}
    controls["hand menu"] = theatre.kyoku_menu.rect
    found = []
    for point_of_view in (OPEN, 0):
        theatre.point_of_view = point_of_view
        for index in range(len(theatre.playback.steps)):
            theatre.playback.go(index)
            table = pygame.Surface((1280, 800))
            theatre.draw(table)
            for name, rect in controls.items():
                if pygame.image.tobytes(table.subsurface(rect), "RGB") != pygame.image.tobytes(
                        felt.subsurface(rect), "RGB"):
                    found.append((name, index, str(point_of_view)))
    return found


@pytest.mark.parametrize("preset", ["kaiji", "three_player", "four_player"])
def test_the_control_bar_covers_no_tile_at_any_step(driver, tmp_path, preset):
    assert driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    assert covered(driver) == []


def test_the_bottom_walls_closed_and_opened_are_drawn_clear_of_the_bar(driver, tmp_path):
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    before_the_flip = theatre.frame()
    assert before_the_flip.bottom_closed and not before_the_flip.table.seats[0].closed_wall  # the theatre's
    assert before_the_flip.table.seats[1].closed_wall
    theatre.playback.go(1)
    building = theatre.frame()
    assert not building.bottom_closed and building.bottom_wall is not None and len(building.bottom_wall) == 34
