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


# The command line is a developer's door with the file in hand (which holds the seed): it
# shows a match that is not over whole, its hand in play too, and says so; the window's own
# doors stop at the last settled hand (tests/ui/test_title.py).
def test_watch_shows_an_unfinished_match_whole_and_says_it_is_not_over(display, tmp_path, monkeypatch, capsys):
    from game.app.scenes.theatre import TheatreScene
    from game.engine.record import read_record, write_record

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    lines = read_record(RECORD)
    second = [i for i, line in enumerate(lines) if line["type"] == "hand"][1]
    discard = next(i for i in range(second, len(lines)) if lines[i].get("event") == "discarded")
    path = tmp_path / "unfinished_match.jsonl"
    write_record(path, lines[:discard + 1])
    seen = {}
    run = App.run

    def watched(self, pilot=None):
        code = run(self, pilot)
        seen["hands"] = self.stack.top.playback.hands if isinstance(self.stack.top, TheatreScene) else None
        return code

    monkeypatch.setattr(App, "run", watched)
    assert main(["watch", str(path), "--frames", "3"]) == 0
    assert seen["hands"] == [1, 2]
    assert "the match is not over; hand 2 is shown" in capsys.readouterr().err
