"""The theatre's toggles say whether they are on, and stepping by round stops at every
seat's build, so that the build review of each seat is shown in turn."""

from __future__ import annotations

import pygame
import pytest

from game.engine.kyoku import Phase
from tests.ui.test_theatre import key, record_file, wait_for


def open_theatre(driver, folder, preset: str = "kaiji"):

    assert driver.screens.watch(record_file(folder, preset))
    driver.frame()
    return driver.top


def test_the_result_button_says_whether_the_result_is_shown(driver, tmp_path):
    theatre = open_theatre(driver, tmp_path)
    button = theatre.buttons["result"]
    assert theatre.show_result and button.text == "Result: on"
    driver.press(button)
    assert not theatre.show_result and button.text == "Result: off"
    key(driver, pygame.K_r)
    assert theatre.show_result and button.text == "Result: on"
    assert [theatre.buttons[name].text for name in ("builds", "danger")] == ["Builds: off", "Danger: off"]


@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
def test_stepping_by_round_shows_every_seats_build_review_in_turn(driver, tmp_path, preset):
    theatre = open_theatre(driver, tmp_path, preset)
    playback = theatre.playback
    key(driver, pygame.K_b)
    builders = [step.action["seat"] for step in playback.steps
                if step.kyoku == 1 and step.action and step.action["action"] == "build"]
    assert sorted(builders) == list(range(playback.rules.players))
    reviewed = []
    while playback.step.phase is not Phase.DISCARD:
        driver.press(theatre.buttons["forward_round"])
        review = theatre.build_review()
        if review is not None:
            wait_for(driver, review)
            reviewed.append(review.result().seat)
    assert reviewed == builders


def drawn_words(driver, monkeypatch) -> list[str]:
    """Every text the next frame draws (besides the gui's own)."""
    words: list[str] = []
    draw = driver.app.text.draw
    monkeypatch.setattr(driver.app.text, "draw", lambda surface, text, *rest, **named: (
        words.append(text), draw(surface, text, *rest, **named))[1])
    driver.frame()
    monkeypatch.undo()
    return words


@pytest.mark.parametrize(("language", "measure", "built"), [
    ("en", "Worth: live winning tiles × their value in mangans", "Built: worth "),
    ("ja", "価値：残りの当たり牌の枚数×その打点（満貫換算）", "作った手：価値"),
    ("zh_CN", "价值：余下的和牌张数×其打点（以满贯计）", "所组手牌：价值"),
])
def test_the_build_review_says_what_its_number_counts_and_names_the_seat_in_the_language(
        driver, tmp_path, monkeypatch, language, measure, built):
    from game.app.words import i18n, terms

    theatre = open_theatre(driver, tmp_path)
    playback = theatre.playback
    theatre.command("builds")
    playback.go(next(i for i, s in enumerate(playback.steps) if s.action and s.action["action"] == "build"))
    wait_for(driver, theatre.build_review())
    i18n.set_language(language)
    words = drawn_words(driver, monkeypatch)
    wind = playback.step.views[0].seat_winds[playback.step.action["seat"]]
    assert language == "en" or not terms.wind(wind).isascii()
    assert any(word.startswith(terms.wind(wind) + ("：" if language != "en" else ":")) for word in words)
    lines = ("" if language != "en" else " ").join(words)  # the panel wraps its words to its width
    assert measure in lines
    assert any(word.startswith(built) for word in words)
    assert not any("mangan units" in word or "expected" in word for word in words)
