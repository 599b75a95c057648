"""Discarding safely: after a discard the pool keeps its gap until the pointer leaves the
pool or a moment has passed, so a quick second click never discards a tile that slid under
the pointer; the keyboard cursor stays on the nearest tile and is drawn plainly."""

from __future__ import annotations

import dataclasses

import pygame

from game.app.controls.pool import GAP_SECONDS
from game.app.views.marks import CURSOR
from game.app.window import layout
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_screens import shot
from tests.ui.test_table import AVOID, build_example_and_wait_for_turn, crafted_table


def my_turn(driver):
    driver.app.settings = dataclasses.replace(driver.app.settings, ai_delay_s=0.0)
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)  # clicks pool tile 0 of 21
    driver.wait_until(lambda: table.mode() == "discard")
    driver.move((640, 300))  # off the pool: the first discard's gap closes
    assert table.pool_controls.gap is None
    return table


def press(driver, pos):
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def test_a_quick_second_click_lands_in_the_gap_not_on_a_neighbour(driver):
    table = my_turn(driver)
    pool = table.session.view(0).pool
    assert len(pool) == 20
    controls = table.pool_controls
    spot = layout.pool_rect(5, 20).center
    driver.move(spot)
    press(driver, spot)  # discards the sixth tile of 20
    assert len(table.session.view(0).rivers[0]) == 2
    assert controls.gap == (20, 5)
    # Every other tile lies where it lay; the spot under the pointer is empty.
    assert controls.rect(5, 19) == layout.pool_rect(6, 20) and controls.rect(4, 19) == layout.pool_rect(4, 20)
    driver.wait_until(lambda: table.mode() == "discard", frames=5)
    press(driver, spot)
    assert len(table.session.view(0).rivers[0]) == 2, "the click in the gap discarded nothing"
    shot(driver, "pool_gap_after_discard")
    driver.move((640, 300))  # the pointer leaves the pool: it closes up
    assert controls.gap is None and controls.rect(5, 19) == layout.pool_rect(5, 19)


def test_the_gap_closes_after_a_moment(driver):
    table = my_turn(driver)
    spot = layout.pool_rect(3, 20).center
    driver.move(spot)
    press(driver, spot)
    assert table.pool_controls.gap is not None
    driver.frames(int(GAP_SECONDS * 60) + 2)
    assert table.pool_controls.gap is None


def test_the_keyboard_cursor_stays_on_the_nearest_tile_and_is_plain(driver):
    table = my_turn(driver)
    controls = table.pool_controls
    driver.key(pygame.K_LEFT)  # from the first tile round to the last of 20
    assert controls.cursor_index(20) == 19
    driver.key(pygame.K_RETURN)
    assert len(table.session.view(0).rivers[0]) == 2
    driver.wait_until(lambda: table.mode() == "discard", frames=5)
    driver.frames(int(GAP_SECONDS * 60) + 2)
    pool = table.session.view(0).pool
    assert controls.cursor_index(len(pool)) == 18 == len(pool) - 1
    driver.frame()
    rect = controls.rect(18, 19).move(0, -layout.POOL_RAISE)
    frame_band = driver.pixels().subsurface(rect.inflate(10, 10))
    white = pygame.mask.from_threshold(frame_band, CURSOR, (8, 8, 8, 255)).count()
    assert white > 150, "the cursor is drawn round the tile it is on"
    shot(driver, "pool_keyboard_cursor")


def test_enter_on_a_cursor_not_drawn_shows_it_and_discards_nothing(driver):
    """After the pointer (or on taking a seat back), no pool tile shows the cursor: the
    first Enter draws it where it is, the next discards the tile seen chosen."""
    table = my_turn(driver)
    controls = table.pool_controls
    assert not table.keyboard
    driver.key(pygame.K_RETURN)
    assert len(table.session.view(0).rivers[0]) == 1 and table.keyboard
    driver.frame()
    rect = controls.rect(controls.cursor_index(20), 20).move(0, -layout.POOL_RAISE)
    white = pygame.mask.from_threshold(driver.pixels().subsurface(rect.inflate(10, 10)), CURSOR,
                                       (8, 8, 8, 255)).count()
    assert white > 150, "the cursor is drawn on the tile Enter would discard"
    shot(driver, "pool_cursor_shown_by_enter")
    driver.key(pygame.K_RETURN)
    assert len(table.session.view(0).rivers[0]) == 2
