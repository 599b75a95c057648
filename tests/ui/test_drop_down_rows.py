"""A drop-down's choices are rows tall enough for their text: at pygame_gui's default of
20 px the Chinese and Japanese glyphs of 15 px type touched the rows and the list's border
cut 简体中文 off at the foot (from the Chinese play-through)."""

from __future__ import annotations

import pytest

from game.app.scenes.settings_screen import OPTION_HEIGHT, SettingsScene
from game.app.words import i18n


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_language_choices_are_rows_as_tall_as_the_screen_plans(driver, language):
    i18n.set_language(language)
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    menu = scene.controls["Language"]
    driver.click(menu.rect.center)
    driver.frames(3)
    expanded = menu.menu_states["expanded"]
    assert menu.current_state is expanded
    rows = [item["button_element"] for item in expanded.options_selection_list.item_list]
    text_height = max(row.font.get_rect(row.text).height for row in rows)
    for row in rows:
        assert row.rect.height == OPTION_HEIGHT
        assert row.rect.height >= text_height + 4, (row.text, row.rect.height, text_height)
