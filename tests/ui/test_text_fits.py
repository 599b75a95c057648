"""No label's or button's text is wider than its rect, on every screen these tests open."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.rule_texts import PRESET_NAMES
from game.app.scenes.prompts import build_anyway, discard_own_wait, notice, ron_or_pass
from game.app.scenes.settings_screen import SettingsScene
from game.app.session import Notice
from game.engine.rules import Rules


def shown_elements(container) -> Iterator:
    for element in container.elements:
        if not element.visible:
            continue
        yield element
        inner = getattr(element, "elements", None)
        if inner is not None:
            yield from shown_elements(element)
        elif hasattr(element, "get_container") and element.get_container() is not element:
            yield from shown_elements(element.get_container())


def overflowing(driver) -> list[str]:
    found = []
    texts = 0
    for element in shown_elements(driver.app.manager.get_root_container()):
        font, words = getattr(element, "font", None), getattr(element, "text", None)
        if font is None or not words:
            continue
        texts += 1
        if font.size(words)[0] > element.rect.width:
            found.append(f"{type(element).__name__} {words!r}: {font.size(words)[0]} > {element.rect.width}")
    assert texts, "no text was found to check"
    return found


def test_the_title_fits(driver):
    assert overflowing(driver) == []


@pytest.mark.parametrize("preset", list(PRESET_NAMES))
def test_the_settings_fit_for_every_preset(driver, preset):
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset(preset)))
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    bar = scene.container.vert_scroll_bar
    for position in (0.0, 0.5, 1.0):  # the rows scrolled into view, top to bottom
        if bar is not None:
            bar.set_scroll_from_start_percentage(position)
        driver.frames(2)
        assert overflowing(driver) == []


def test_the_prompts_fit(driver):
    app = driver.app
    for dialog in (
        build_anyway(app, False, lambda: None),
        discard_own_wait(app, "5p", lambda: None),
        ron_or_pass(app, "West", "3s", lambda _: None),
        notice(app, Notice(0, "Your 3s would complete your hand, but you are furiten.", "3s")),
    ):
        app.stack.push(dialog)
        driver.frame()
        assert overflowing(driver) == []
        app.stack.remove(dialog)
