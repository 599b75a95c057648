"""The sound volume's value is written as English, Japanese and Chinese all write a
percentage, the sign against the number ("70%", never "70 %"), and fits its label at 100%
in every language and in the pseudo-locale's ⟦ ⟧."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.app.scenes.settings_screen import SettingsScene, percent
from game.app.words import i18n


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
