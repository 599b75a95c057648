"""Every label of the theatre's control bar has room in its button, in every language and
either state of the toggles: 手作り:OFF, 危険度:OFF and 危险度：关 filled their 84 px buttons
to the border (from the Japanese play-through)."""

from __future__ import annotations

import pytest

from game.app.words import i18n
from tests.ui.test_theatre import record_file

ROOM = 10
"""Pixels of the button left beside its label, both sides together."""


def squeezed(theatre) -> list[tuple[str, str, int, int]]:
    found = []
    for name, button in theatre.buttons.items():
        width = button.font.get_rect(button.text).width
        if width + ROOM > button.rect.width:
            found.append((name, button.text, width, button.rect.width))
    return found


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_bar_s_labels_fit_their_buttons(driver, tmp_path, language):
    i18n.set_language(language)
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frames(2)
    theatre = driver.top
    found = squeezed(theatre)
    theatre.overlays = {"builds": True, "danger": True}
    theatre.show_result = False
    theatre._refresh_labels()
    driver.frames(1)
    assert not found + squeezed(theatre)
