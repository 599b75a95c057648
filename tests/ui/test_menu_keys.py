"""The keyboard focus and a choice look different: the chosen option is filled gold, the
focus is a light ring around its button. Both were the same gold fill, so the focused "2
players" looked chosen while the chosen "4 players" had only an outline, and the title's
"Easy" looked chosen from the start."""

from __future__ import annotations

import pygame

from game.app.scenes.new_table import NewTableScene
from game.app.window.menu_keys import FOCUS_MARGIN, FOCUS_RING

GOLD_FILL = (0x8A, 0x6D, 0x1F)


def fill(driver, button) -> tuple[int, int, int]:
    """The button's background, just inside its left edge (clear of its label)."""
    return tuple(driver.pixels().get_at((button.rect.left + 6, button.rect.centery)))[:3]


def ringed(driver, button) -> bool:
    """The focus ring lies just outside the button's left edge."""
    colour = tuple(driver.pixels().get_at((button.rect.left - FOCUS_MARGIN + 1, button.rect.centery)))[:3]
    return colour == FOCUS_RING


def near(colour, wanted, slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted, strict=True))


def test_the_chosen_count_is_gold_and_the_focus_a_ring(driver):
    scene = NewTableScene(driver.app, lambda plan: None)
    driver.app.stack.push(scene)
    driver.frame()
    scene.set_count(4)
    scene.ring.focus_on(0)
    driver.frames(2)
    two, four = driver.button("2 players"), driver.button("4 players")
    assert near(fill(driver, four), GOLD_FILL), "the chosen count is filled gold"
    assert not near(fill(driver, two), GOLD_FILL), "the focus is not the gold of a choice"
    assert ringed(driver, two) and not ringed(driver, four)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert near(fill(driver, four), GOLD_FILL, slack=40) and ringed(driver, four)
    assert not near(fill(driver, two), GOLD_FILL) and not ringed(driver, two)


def test_the_title_s_first_button_is_focused_not_chosen(driver):
    driver.frames(2)
    easy, normal = driver.button("Easy"), driver.button("Normal")
    assert not near(fill(driver, easy), GOLD_FILL)
    assert ringed(driver, easy) and not ringed(driver, normal)
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert ringed(driver, normal) and not ringed(driver, easy)


def test_the_chosen_item_of_an_open_drop_down_stays_gold(driver):
    from tests.ui.test_settings_screen import open_settings

    scene = open_settings(driver)
    menu = scene.controls["Window size"]
    driver.click(menu.rect.center)
    driver.frames(3)
    chosen = tuple(driver.pixels().get_at((menu.rect.left + 8, menu.rect.bottom + 12)))[:3]
    assert near(chosen, GOLD_FILL), chosen
