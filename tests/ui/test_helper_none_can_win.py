"""Tiles held in the hand that no winning hand can keep: the helper says so above its
suggestions, instead of inviting Suggest to build a hand that cannot win."""

from __future__ import annotations

import pygame

from game.app.play.helper import HelperReport, Suggestion, WaitLine
from game.app.views import helper_panel
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.engine.scoring import WinValue, YakuLine

LOW = WinValue(2, 40, (YakuLine("Riichi", 1), YakuLine("Dora", 1)), None, 0, False, 2600)
HIGH = WinValue(5, 40, (YakuLine("Riichi", 1), YakuLine("Dora", 4)), "mangan", 0, False, 8000)


def suggestion(*waits: WaitLine) -> Suggestion:
    return Suggestion(tiles=tuple(range(13)), added=tuple(range(11)), waits=waits, payment=0.0)


class Recorder(Text):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def draw(self, surface, text, size, colour, pos, anchor="topleft", bold=False):
        self.words.append(text)
        return super().draw(surface, text, size, colour, pos, anchor, bold)


def panel_words(report: HelperReport) -> list[str]:
    text = Recorder()
    helper_panel.draw_helper(pygame.display.set_mode((1280, 800)), TileArt(), text, report, red_fives=False)
    return text.words


def test_when_the_best_hand_holding_the_tiles_cannot_win_the_helper_says_none_can(display):
    below = suggestion(WaitLine(0, 3, LOW, False, False), WaitLine(3, 2, LOW, False, False))
    report = HelperReport(selected=2, ready=True, completions=59, suggestions=(below,) * 3)
    assert not report.suggestions_can_win
    words = panel_words(report)
    assert "None of these hands can win: take some tiles back." in words
    assert "Best first (live copies · value); Suggest takes it:" not in words


def test_a_dead_wait_that_would_clear_does_not_count_as_a_win(display):
    dead = suggestion(WaitLine(0, 0, HIGH, True, False))
    assert not HelperReport(selected=1, ready=True, completions=1, suggestions=(dead,)).suggestions_can_win


def test_hands_that_can_win_are_offered_as_before(display):
    good = suggestion(WaitLine(0, 3, HIGH, True, False))
    report = HelperReport(selected=2, ready=True, completions=4, suggestions=(good,))
    assert report.suggestions_can_win
    words = panel_words(report)
    assert "Best first (live copies · value); Suggest takes it:" in words
    assert not any("can win" in w for w in words)


def test_from_the_whole_wall_it_says_the_wall_cannot_win(display):
    below = suggestion(WaitLine(0, 3, LOW, False, False))
    words = panel_words(HelperReport(selected=0, ready=True, completions=12, suggestions=(below,)))
    assert "No hand from your wall can win." in words
