"""One English word in two meanings is two messages, so that a language can say each its own
way: "Normal" as an AI level and as an animation speed, "Keep it" of a tile and of a match."""

from __future__ import annotations

from game.app.scenes.dialog import Dialog
from game.app.scenes.prompts import discard_own_wait
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.statistics import group_name


def test_normal_is_an_ai_level_and_a_speed_each_in_its_own_chinese_word(driver):
    driver.app.change_settings(driver.app.settings.with_changes(language="zh_CN"))
    driver.frames(2)
    assert driver.top.buttons["ai_normal"].text == "普通"  # the title's solo buttons
    assert group_name("normal") == "普通"  # the statistics' AI level
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    animations = scene.controls["Animations"]
    shown = [text for text, _id in animations.options_list]
    assert animations.selected_option[0] == "标准" and "普通" not in shown


def test_keep_it_says_what_it_keeps_in_japanese(driver, monkeypatch):
    driver.app.change_settings(driver.app.settings.with_changes(language="ja"))
    driver.frames(2)
    monkeypatch.setattr(driver.app.files, "has_save", lambda: True)  # a match to keep
    driver.top.start_solo("normal")
    driver.frames(2)
    new_match = driver.top
    assert isinstance(new_match, Dialog) and new_match.title == "新しい対局を始めますか？"
    assert new_match.choices[0].label == "今の対局を残す"
    assert [choice.label for choice in discard_own_wait(driver.app, "5m", lambda: None).choices][1] == "残す"
