"""The settings list scrolls to its last option and no further: no blank room after it,
with every preset and in every language; the last drop-down still opens downwards, whole."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.settings_screen import AREA, ROW_HEIGHT, SettingsScene
from game.app.words import i18n
from game.app.words.rule_texts import OPTIONS, PRESET_NAMES

LAST_OPTION = list(OPTIONS.values())[-1].english_name


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_list_ends_at_its_last_option_with_every_preset(driver, language):
    i18n.set_language(language)
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    for preset in PRESET_NAMES:
        scene._change_preset(preset)
        driver.frames(2)
        scene.container.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
        driver.frames(3)
        bottom = max(element.rect.bottom for element in scene.container.get_container().elements)
        assert AREA.bottom - ROW_HEIGHT // 2 < bottom <= AREA.bottom, (preset, bottom)


@pytest.mark.parametrize("scrolled", [1.0, 0.8])
def test_the_last_drop_down_opens_downwards_whole_and_as_wide_as_its_box(driver, scrolled):
    """It opened upwards over the rows above, narrower than its box (Base stake showed
    beside it); now it scrolls the list up to open as every other one does, and the list
    ends at its last row again once it is closed."""
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    scene.container.vert_scroll_bar.set_scroll_from_start_percentage(scrolled)
    driver.frames(3)
    menu = scene.controls[LAST_OPTION]
    driver.click(menu.rect.center)
    driver.frames(3)
    expanded = menu.menu_states["expanded"]
    assert menu.current_state is expanded
    shown = expanded.options_selection_list.rect
    assert shown.top > menu.rect.centery and shown.bottom <= AREA.bottom, (shown, menu.rect)  # downwards, whole
    assert (shown.left, shown.width) == (menu.rect.left, menu.rect.width)
    driver.key(pygame.K_ESCAPE)
    driver.frames(3)
    assert menu.current_state is menu.menu_states["closed"]
    scene.container.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
    driver.frames(3)
    bottom = max(element.rect.bottom for element in scene.container.get_container().elements)
    assert AREA.bottom - ROW_HEIGHT // 2 < bottom <= AREA.bottom, bottom
