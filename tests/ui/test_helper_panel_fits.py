"""The helper panel wraps every line inside itself: long yaku lists, four waits, and
the words it says for one tile or one hand."""

from __future__ import annotations

import pygame

from game.app.play.helper import HelperReport, Suggestion, WaitLine
from game.app.views import helper_panel
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words.terms import limit_name
from game.engine.scoring import WinValue, YakuLine

LONG_YAKU = tuple(
    YakuLine(name, han)
    for name, han in (("Riichi", 1), ("Pinfu", 1), ("Iipeikou", 1), ("Sanshoku doujun", 2), ("Dora", 3), ("Ura", 1))
)


def value(han: int, fu: int, level: str | None) -> WinValue:
    return WinValue(han, fu, LONG_YAKU, level, 0, False, 8000)


def waits() -> tuple[WaitLine, ...]:
    return tuple(WaitLine(kind, 3, value(7, 40, "haneman"), True, False) for kind in (0, 3, 6, 9))


class Recorder(Text):
    """Text that remembers where every line went."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[str, pygame.Rect]] = []

    def draw(self, surface, text, size, colour, pos, anchor="topleft", bold=False):
        rect = super().draw(surface, text, size, colour, pos, anchor, bold)
        self.drawn.append((text, rect))
        return rect


def drawn_outside(report: HelperReport) -> list[str]:
    surface = pygame.display.set_mode((1280, 800))
    text = Recorder()
    helper_panel.draw_helper(surface, TileArt(), text, report, red_fives=False)
    right = layout.HELPER_PANEL.right - helper_panel.PAD + 2
    return [f"{words!r} ends at {rect.right} > {right}" for words, rect in text.drawn if rect.right > right]


def test_four_waits_with_long_yaku_lists_wrap_inside_the_panel(display):
    assert drawn_outside(HelperReport(selected=13, ready=True, tenpai=True, waits=waits())) == []


def test_a_suggestion_with_four_waits_wraps_its_wait_summary(display):
    suggestion = Suggestion(tiles=tuple(range(13)), added=tuple(range(13)), waits=waits(), payment=1.5)
    report = HelperReport(selected=1, ready=True, completions=1, suggestions=(suggestion,) * 3)
    assert drawn_outside(report) == []


def test_one_tile_and_one_hand_are_said_in_the_singular(display):
    surface = pygame.display.set_mode((1280, 800))
    text = Recorder()
    suggestion = Suggestion(tiles=tuple(range(13)), added=(1,), waits=waits()[:1], payment=1.0)
    report = HelperReport(selected=1, ready=True, completions=1, suggestions=(suggestion,))
    helper_panel.draw_helper(surface, TileArt(), text, report, red_fives=False)
    said = [words for words, _ in text.drawn]
    assert "1 tenpai hand from this tile." in said
    assert not any("1 tiles" in words or "1 tenpai hands" in words for words in said)


def test_a_kiriage_mangan_says_that_it_is_one():
    assert limit_name(WinValue(4, 30, (), "mangan", 0, False, 8000, kiriage=True)) == "mangan (kiriage)"
    assert limit_name(WinValue(3, 60, (), "mangan", 0, False, 8000, kiriage=True)) == "mangan (kiriage)"
    assert limit_name(WinValue(4, 40, (), "mangan", 0, False, 8000)) == "mangan"
    assert limit_name(WinValue(5, 30, (), "mangan", 0, False, 8000)) == "mangan"
    assert limit_name(WinValue(4, 30, (), None, 0, False, 7680)) == "4 han 30 fu"
