"""The settings list keeps its place, greys what does not apply, and shows the volume; its
labels fit their text in every language, and it says what --language and a changed preset do."""
from __future__ import annotations

import json
import time
import warnings
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UILabel

from game.app.history.player_files import SETTINGS_FILE
from game.app.scenes.settings_screen import (
    AREA,
    OPTION_HEIGHT,
    ROW_HEIGHT,
    RULE_REFUSALS,
    SettingsScene,
    language_explanation,
    percent,
    track_value,
)
from game.app.settings import Settings
from game.app.views import legible
from game.app.window import window as window_module
from game.app.words import i18n
from game.app.words.rule_texts import OPTIONS, PRESET_NAMES
from game.engine.rules import Conflict, Rules
from tests.ui.driver import Driver
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



# A settings file from a newer version, used by this one: a change on the Settings screen
# saves the file with the newer version's settings still in it.
def test_a_change_on_the_settings_screen_keeps_a_newer_versions_settings(display, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    path = config / SETTINGS_FILE
    path.write_text(json.dumps(Settings().to_dict() | {"colour_scheme": "dark"}), encoding="utf-8")
    driver = Driver.start(tmp_path, seed=7)
    try:
        driver.press(driver.button("Settings"))
        scene = driver.top
        assert isinstance(scene, SettingsScene)
        slider = scene.controls["Sound volume"]
        driver.frame([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=30)])
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["volume"] == 0.3 and data["colour_scheme"] == "dark"
    finally:
        driver.close()



# The settings list scrolls to its last option and no further: no blank room after it,
# with every preset and in every language; the last drop-down still opens downwards, whole.
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



# The settings' explanations are at the type floor (views/legible.py: 15 px, 16 in Japanese
# and Chinese), not 14 (10 px in a 960 x 600 window), and their rows do not overlap the next
# option's name.
def labels(scene, class_id: str) -> list[UILabel]:
    return [element for element in scene.container.get_container().elements
            if isinstance(element, UILabel) and class_id in element.class_ids]



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_every_explanation_is_at_the_floor(driver, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frame()
    explanations = labels(scene, "@explanation")
    assert len(explanations) > 20
    for label in explanations:
        assert label.font.get_point_size() >= legible.smallest(), (label.text, label.font.get_point_size())
    names = sorted(labels(scene, "@option_name"), key=lambda label: label.rect.top)
    for label in explanations:
        below = [name for name in names if name.rect.top > label.rect.top]
        if below:
            assert label.rect.top + label.font.get_point_size() + 4 <= below[0].rect.top, label.text



# A click on the volume slider's track moves the volume there (it did nothing; only the
# arrows and dragging the knob worked), and the arrows still step it.
def test_a_click_on_the_track_sets_the_volume_there(driver):
    scene = open_settings(driver)
    slider = scene.controls["Sound volume"]
    start = slider.left_button.rect.right + slider.sliding_button.rect.width / 2
    end = slider.right_button.rect.left - slider.sliding_button.rect.width / 2
    y = slider.rect.centery
    driver.click((round(start + (end - start) * 0.2), y))
    assert driver.app.settings.volume == pytest.approx(0.2, abs=0.011)
    assert scene.volume_label.text == percent(driver.app.settings.volume)
    driver.frames(2)
    assert abs(slider.sliding_button.rect.centerx - (start + (end - start) * 0.2)) <= 3, "the knob moved there"
    driver.click((round(end) + 2, y))
    assert driver.app.settings.volume == 1.0
    driver.click(slider.left_button.rect.center)
    driver.frames(2)  # the slider's own event arrives through the queue
    assert driver.app.settings.volume == pytest.approx(0.9)



def test_the_track_s_value_is_clamped_and_whole():
    assert track_value(50, 0, 100, 0, 100) == 50
    assert track_value(-5, 0, 100, 0, 100) == 0
    assert track_value(150, 0, 100, 0, 100) == 100
    assert track_value(33.4, 0, 100, 0, 100) == 33



# A drop-down's choices are rows tall enough for their text: at pygame_gui's default of
# 20 px the Chinese and Japanese glyphs of 15 px type touched the rows and the list's border
# cut 简体中文 off at the foot (from the Chinese play-through).
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



# The sound volume's value is written as English, Japanese and Chinese all write a
# percentage, the sign against the number ("70%", never "70 %"), and fits its label at 100%
# in every language and in the pseudo-locale's ⟦ ⟧.
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_percentage_has_no_space_before_its_sign(language):
    i18n.set_language(language)
    assert percent(0.7) == "70%"
    assert percent(1.0) == "100%" and percent(0.0) == "0%"



def test_the_pseudo_locale_marks_the_whole_value():
    i18n.set_language(i18n.PSEUDO)
    assert percent(0.7) == "⟦70%⟧"



@pytest.mark.parametrize("language", [*i18n.LANGUAGES, i18n.PSEUDO])
def test_the_volume_label_holds_100_percent(driver, language):
    app = driver.app
    app.language_override = language
    app.apply_language()
    driver.press(driver.button(i18n._("Settings")))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    slider = scene.controls["Sound volume"]
    driver.frame([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=100)])
    label = scene.volume_label
    assert label.text == i18n._("{number}%").format(number=100)
    assert "100%" in label.text and label.font.size(label.text)[0] <= label.rect.width


def test_the_wait_for_a_dropped_player_is_chosen_here_kept_and_used_by_the_next_hosted_table(driver, monkeypatch):
    scene = open_settings(driver)
    menu = scene.controls["Wait for a dropped player"]
    assert menu.selected_option[0] == "2 minutes"  # the default
    choose(driver, scene, "Wait for a dropped player", "5 minutes")
    assert driver.app.settings.reconnect_window_s == 300.0
    saved = json.loads((driver.app.files.config_dir / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["reconnect_window_s"] == 300.0
    driver.key(pygame.K_ESCAPE)
    from tests.ui.test_host import open_host_screen

    host = open_host_screen(driver, monkeypatch)
    assert host.hosted.reconnect_window_s == 300.0
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert "A player who drops is waited for 5 minutes (Settings)." in drawn
    host.back()


def test_a_language_switch_is_drawn_although_it_takes_longer_than_the_settling_frames(driver, monkeypatch):
    """The window draws frames for SETTLE_S after an input, then sleeps until the next. A
    switch of language (fonts, every scene made anew) can take longer than that: the frames
    must count from when it is done, or the screen stays in the old language until the
    player moves the mouse (found over a table's menu, where nothing else moves)."""
    app = driver.app
    now = [1000.0]
    monkeypatch.setattr(window_module, "time", SimpleNamespace(monotonic=lambda: now[0], time=time.time))
    app.last_input = now[0]
    switch = app.apply_language

    def slow_switch() -> None:
        switch()
        now[0] += 3 * window_module.SETTLE_S

    monkeypatch.setattr(app, "apply_language", slow_switch)
    driver.press(driver.button("Settings"))
    choose(driver, driver.top, "Language", "日本語")
    assert i18n.language() == "ja"
    assert app.idle_wait() == 0.0, "the window would sleep before drawing the screen in the new language"
