"""The rules page names the lab as a player who runs the executable types it (17steps lab),
not as a developer runs the source (python -m game lab), in every language."""

from __future__ import annotations

import pytest

from game.app.scenes.rules_page import pages
from game.app.words import i18n
from game.engine.rules import Rules


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_lab_is_named_by_the_executable_s_command(language):
    i18n.set_language(language)
    try:
        text = " ".join(block.body for block in pages(Rules.preset("kaiji")))
    finally:
        i18n.set_language("en")
    assert "17steps lab" in text
    assert "python -m" not in text
