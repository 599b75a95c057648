"""The settings list keeps its place, greys what does not apply, and shows the volume; its
labels fit their text in every language, and it says what --language and a changed preset do."""

from __future__ import annotations

import warnings

import pygame
import pygame_gui
from pygame_gui.elements import UILabel

from game.app.scenes.settings_screen import RULE_REFUSALS, SettingsScene, language_explanation
from game.app.words.rule_texts import OPTIONS, PRESET_NAMES
from game.engine.rules import Conflict, Rules
from tests.ui.test_screens import choose


def open_settings(driver) -> SettingsScene:
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    return scene


def test_choosing_a_preset_keeps_the_list_where_it_was(driver):
    scene = open_settings(driver)
    scene.container.vert_scroll_bar.set_scroll_from_start_percentage(0.4)
    driver.frames(2)
    before = scene.container.vert_scroll_bar.start_percentage
    choose(driver, scene, "Preset", PRESET_NAMES["pro_stream"])
    assert driver.app.settings.rules.preset_name == "pro_stream"
    driver.frames(2)
    assert abs(scene.container.vert_scroll_bar.start_percentage - before) < 0.02


def test_options_that_do_not_apply_are_greyed(driver):
    scene = open_settings(driver)
    assert not scene.controls[OPTIONS["multiple_ron"].name].is_enabled  # two players
    assert scene.controls[OPTIONS["base_stake"].name].is_enabled  # stakes payment
    assert not scene.controls[OPTIONS["start_points"].name].is_enabled
    choose(driver, scene, "Preset", PRESET_NAMES["pro_stream"])  # points payment
    assert not scene.controls[OPTIONS["base_stake"].name].is_enabled
    assert scene.controls[OPTIONS["start_points"].name].is_enabled


def test_stakes_and_units_read_differently_and_the_chosen_one_in_full(driver):
    scene = open_settings(driver)
    labels = [text for text, _ in scene.controls[OPTIONS["settlement"].name].options_list]
    assert len(set(labels)) == len(labels)
    assert "Stakes" in labels and "Units" in labels


def test_the_volume_slider_shows_its_value(driver):
    scene = open_settings(driver)
    slider = scene.controls["Sound volume"]
    assert scene.volume_label.text == "70%"
    driver.frame([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=30)])
    assert scene.volume_label.text == "30%" and driver.app.settings.volume == 0.3


def test_a_drop_down_near_the_foot_of_the_list_opens_where_its_choices_fit(driver):
    from game.app.scenes.settings_screen import AREA

    scene = open_settings(driver)
    menu = scene.controls[OPTIONS["hands"].name]
    bar = scene.container.vert_scroll_bar
    for position in [step / 100 for step in range(101)]:  # scroll until the row sits low in view
        bar.set_scroll_from_start_percentage(position)
        driver.frames(2)
        if AREA.bottom - 60 < menu.rect.bottom <= AREA.bottom:
            break
    else:
        raise AssertionError("the Match length row never came near the foot of the list")
    driver.click(menu.rect.center)
    driver.frames(3)
    expanded = menu.menu_states["expanded"]
    assert menu.current_state is expanded
    shown = expanded.options_selection_list.rect
    assert AREA.top <= shown.top and shown.bottom <= AREA.bottom, (shown, AREA)


def test_esc_closes_an_open_drop_down_before_it_leaves_the_settings(driver):
    from pygame_gui.elements import UIDropDownMenu

    from game.app.scenes.settings_screen import AREA

    scene = open_settings(driver)
    menu = next(control for control in scene.controls.values()
                if isinstance(control, UIDropDownMenu) and AREA.contains(control.rect) and control.is_enabled)
    driver.click(menu.rect.center)
    driver.frames(3)
    assert menu.current_state is menu.menu_states["expanded"]
    driver.key(pygame.K_ESCAPE)
    driver.frames(3)
    assert driver.top is scene and menu.current_state is menu.menu_states["closed"]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


def test_no_label_is_too_small_for_its_text_across_a_language_switch(driver):
    """The gui redraws the old labels in the new language's font before the screen makes
    them anew: English explanations (15 px) were 1 px short for Japanese (16 px) and warned
    "Label Rect is too small for text"."""
    scene = open_settings(driver)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for language in ("日本語", "简体中文", "English", "简体中文", "日本語"):
            choose(driver, scene, "Language", language)
            driver.frames(2)
    assert not [str(warning.message) for warning in caught if "too small" in str(warning.message)]


def test_the_language_row_says_when_launch_option_speaks_for_this_run(driver):
    driver.app.language_override = "ja"
    scene = open_settings(driver)
    explanations = " ".join(label.text for label in scene.container.get_container().elements
                            if isinstance(label, UILabel) and "@explanation" in label.class_ids)
    assert "This run speaks 日本語, as --language asked" in explanations
    assert language_explanation(None) in explanations.replace(" This run", "\nThis run").split("\n")[0]


def test_the_preset_in_use_says_changed_when_an_option_differs(driver):
    scene = open_settings(driver)
    preset = scene.controls["Preset"]
    assert preset.selected_option[0] == PRESET_NAMES["kaiji"]
    choose(driver, scene, OPTIONS["hands"].name, "4 hands")
    scene = driver.top
    assert scene.controls["Preset"].selected_option[0] == f"{PRESET_NAMES['kaiji']} (changed)"
    labels = [text for text, _ in scene.controls["Preset"].options_list]
    assert labels.count(f"{PRESET_NAMES['kaiji']} (changed)") == 1 and PRESET_NAMES["pro_stream"] in labels


def test_every_combination_the_rules_refuse_has_the_screens_own_words():
    assert set(RULE_REFUSALS) == set(Conflict)


def test_a_refused_combination_is_explained_in_the_players_language_and_not_kept(driver):
    rules = Rules.preset("four_player", virtual_dora=True)
    driver.app.change_settings(driver.app.settings.with_changes(language="ja", rules=rules))
    driver.frames(2)
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    choose(driver, scene, OPTIONS["players"].english_name, OPTIONS["players"].choices[3])
    assert "仮想ドラは4人のときだけ（ほかの人数では脇の山をめくる）" in str(scene.message)
    assert driver.app.settings.rules == rules
