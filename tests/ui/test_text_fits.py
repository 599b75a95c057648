"""No label's or button's text is wider than its rect, on every screen these tests open, in
every language, at 1280 x 800 and in the smallest window the settings offer.

With a catalog still empty a language reads as English here; the check is real for each
language as its translations land."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app.play.session import Notice
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.pause import pause_menu
from game.app.scenes.prompts import build_anyway, discard_own_wait, notice, ron_or_pass
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import WINDOW_SIZES
from game.app.words import i18n
from game.app.words.rule_texts import PRESET_NAMES
from game.engine.rules import Rules

WINDOWS = ((1280, 800), min(WINDOW_SIZES))


@pytest.fixture(params=[(language, window) for language in i18n.LANGUAGES for window in WINDOWS],
                ids=lambda param: f"{param[0]}-{param[1][0]}x{param[1][1]}")
def speaking(request, driver):
    """The title screen in a language, in a window of a size."""
    language, window = request.param
    app = driver.app
    app.change_settings(app.settings.with_changes(language=language, window_size=window))
    driver.frame()
    assert i18n.language() == language and pygame.display.get_surface().get_size() == window
    return driver


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


def test_the_title_fits(speaking):
    assert overflowing(speaking) == []


@pytest.mark.parametrize("preset", list(PRESET_NAMES))
def test_the_settings_fit_for_every_preset(speaking, preset):
    driver = speaking
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset(preset)))
    driver.top.open_settings()
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    bar = scene.container.vert_scroll_bar
    for position in (0.0, 0.5, 1.0):  # the rows scrolled into view, top to bottom
        if bar is not None:
            bar.set_scroll_from_start_percentage(position)
        driver.frames(2)
        assert overflowing(driver) == []


def test_the_prompts_fit(speaking):
    driver = speaking
    app = driver.app
    for dialog in (
        build_anyway(app, False, lambda: None),
        build_anyway(app, True, lambda: None),
        build_anyway(app, True, lambda: None, floor=False),
        discard_own_wait(app, "5p", lambda: None),
        ron_or_pass(app, "West", "3s", lambda _: None),
        notice(app, Notice(0, "Your 3s would complete your hand, but you are furiten.", "3s")),
        pause_menu(app, lambda: None, lambda: None, lambda: None),
    ):
        app.stack.push(dialog)
        driver.frame()
        assert overflowing(driver) == []
        app.stack.remove(dialog)


def test_the_new_table_fits_for_every_count(speaking):
    driver = speaking
    app = driver.app
    app.stack.push(NewTableScene(app, lambda plan: None))
    scene = app.stack.top
    for count in (2, 3, 4):
        scene.set_count(count)
        for seat in range(1, count):
            for _choice in scene.choices:
                scene.cycle(seat)
                driver.frame()
                assert overflowing(driver) == []
