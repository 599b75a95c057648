"""The settings' explanations are at the type floor (views/legible.py: 15 px, 16 in Japanese
and Chinese), not 14 (10 px in a 960 x 600 window), and their rows do not overlap the next
option's name."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UILabel

from game.app.scenes.settings_screen import SettingsScene
from game.app.views import legible


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
