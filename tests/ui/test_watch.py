"""`watch FILE --language L` opens the theatre speaking L for that run, as the game's own
--language does."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.app.window.window import App
from game.app.words import i18n

RECORD = Path(__file__).resolve().parents[1] / "records" / "kaiji_two_draws_then_a_win.jsonl"


@pytest.mark.parametrize(("language", "caption"), [("ja", "17歩 — 牌譜再生："), ("zh_CN", "十七步——牌谱回放：")])
def test_watch_speaks_the_language_given_for_the_run(display, tmp_path, monkeypatch, language, caption):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    seen = {}
    run = App.run

    def watched(self, pilot=None):
        code = run(self, pilot)
        seen["language"], seen["caption"] = i18n.language(), pygame.display.get_caption()[0]
        return code

    monkeypatch.setattr(App, "run", watched)
    try:
        assert main(["watch", str(RECORD), "--frames", "3", "--language", language]) == 0
    finally:
        i18n.set_language("en")
    assert seen["language"] == language
    assert seen["caption"].startswith(caption), seen["caption"]
