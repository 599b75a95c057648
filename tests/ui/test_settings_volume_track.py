"""A click on the volume slider's track moves the volume there (it did nothing; only the
arrows and dragging the knob worked), and the arrows still step it."""

from __future__ import annotations

import pytest

from game.app.scenes.settings_screen import percent, track_value
from tests.ui.test_settings_screen import open_settings


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
