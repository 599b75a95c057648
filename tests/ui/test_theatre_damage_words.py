"""The theatre's banner over a damaged or diverging record speaks the player's language: the
line where it went wrong, in the theatre's own sentence, without the record reader's English
(「此文件已损坏：…, line 97: not valid JSON (Unterminated string starting at); the file may be
truncated or edited——只显示到该处。」, from the play-through)."""

from __future__ import annotations

import json
import re

import pytest

from game.app.scenes.theatre import damage_notice
from game.app.words import i18n
from tests.ui.test_theatre import record_file
from tests.ui.test_theatre_playtest import watching_a_cut_record

LATIN = re.compile("[A-Za-z]")


def drawn_words(driver, monkeypatch) -> list[str]:
    words: list[str] = []
    draw = driver.app.text.draw

    def noting(surface, text, *args, **kwargs):
        words.append(str(text))
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(driver.app.text, "draw", noting)
    driver.frame()
    monkeypatch.undo()
    return words


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_cut_record_s_banner_names_its_line_in_the_language(driver, tmp_path, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    theatre = watching_a_cut_record(driver, tmp_path)
    damage = theatre.playback.damage
    message = damage_notice(theatre.playback)
    assert message is not None and str(damage.line) in message and "JSON" not in message
    if language == "en":
        assert message == f"This file is cut short: its last line ({damage.line}) is incomplete — shown up to there."
    else:
        assert not LATIN.search(message), message
    banner = "".join(words for words in drawn_words(driver, monkeypatch) if words in message)
    assert banner.replace(" ", "") == message.replace(" ", "")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_line_edited_inside_the_file_and_a_forged_action_are_said_by_their_line(driver, tmp_path, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))

    path = record_file(tmp_path, "kaiji")
    rows = path.read_text(encoding="utf-8").splitlines()
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join([*rows[:19], "[1, 2]", *rows[20:]]) + "\n", encoding="utf-8")
    number = next(index for index, row in enumerate(rows, start=1) if '"action":"discard"' in row)
    action = json.loads(rows[number - 1])
    forged = tmp_path / "forged.jsonl"
    forged_row = json.dumps({**action, "tile": "7z" if action["tile"] != "7z" else "1m"})
    forged.write_text("\n".join([*rows[: number - 1], forged_row, *rows[number:]]) + "\n", encoding="utf-8")
    said = []
    for path in (edited, forged):
        assert driver.screens.watch(path)
        driver.frame()
        said.append(damage_notice(driver.top.playback))
        driver.top.command("back_to_title")
        driver.frame()
    assert "20" in said[0] and str(number) in said[1] and said[0] != said[1]
    if language == "en":
        assert said == ["This file is damaged from line 20: it may be cut short or edited — shown up to there.",
                        f"This record diverges from the engine at line {number} — shown up to there."]
    else:
        assert not any(LATIN.search(words) for words in said), said
