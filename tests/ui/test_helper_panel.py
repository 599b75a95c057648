"""The helper panel wraps every line inside itself: long yaku lists, four waits, and
the words it says for one tile or one hand."""
from __future__ import annotations

import os

import pygame
import pytest

from game.app.play.helper import HelperReport, Suggestion, WaitLine
from game.app.views import helper_panel
from game.app.views.seats import plate_topleft
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n
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



# Tiles held in the hand that no winning hand can keep: the helper says so above its
# suggestions, instead of inviting Suggest to build a hand that cannot win.
LOW = WinValue(2, 40, (YakuLine("Riichi", 1), YakuLine("Dora", 1)), None, 0, False, 2600)



HIGH = WinValue(5, 40, (YakuLine("Riichi", 1), YakuLine("Dora", 4)), "mangan", 0, False, 8000)



def suggestion(*waits: WaitLine) -> Suggestion:
    return Suggestion(tiles=tuple(range(13)), added=tuple(range(11)), waits=waits, payment=0.0)



class WordRecorder(Text):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def draw(self, surface, text, size, colour, pos, anchor="topleft", bold=False):
        self.words.append(text)
        return super().draw(surface, text, size, colour, pos, anchor, bold)



def panel_words(report: HelperReport) -> list[str]:
    text = WordRecorder()
    helper_panel.draw_helper(pygame.display.set_mode((1280, 800)), TileArt(), text, report, red_fives=False)
    return text.words



def test_when_the_best_hand_holding_the_tiles_cannot_win_the_helper_says_none_can(display):
    below = suggestion(WaitLine(0, 3, LOW, False, False), WaitLine(3, 2, LOW, False, False))
    report = HelperReport(selected=2, ready=True, completions=59, suggestions=(below,) * 3)
    assert not report.suggestions_can_win
    words = " ".join(panel_words(report))
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



def test_a_wait_line_is_not_made_without_saying_whether_it_wins():
    """It used to be made with `wins` False, so a hand of such lines read "cannot win"."""
    with pytest.raises(TypeError, match="wins"):
        WaitLine(0, 3, HIGH, True)  # type: ignore[call-arg]
    line = WaitLine(0, 3, HIGH, True, wins=True)
    assert HelperReport(selected=13, ready=True, completions=1, tenpai=True, waits=(line,)).mangan_tenpai



def test_from_the_whole_wall_it_says_the_wall_cannot_win(display):
    below = suggestion(WaitLine(0, 3, LOW, False, False))
    words = panel_words(HelperReport(selected=0, ready=True, completions=12, suggestions=(below,)))
    assert "No hand from your wall can win." in words



# Where the helper stands while building, at two, three and four seats: over no seat's
# name plate, the menu, the building buttons or the row that labels the hand being built,
# and tall enough for its longest report in every language.
BUTTONS = 4



def neighbours(table: layout.TableLayout) -> dict[str, pygame.Rect]:
    places = [0, *table.seats]
    found = {f"plate of place {place}": pygame.Rect(plate_topleft(table, place), layout.PLATE_SIZE)
             for place in places}
    found["menu"] = layout.MENU_BUTTON
    x, y = table.build_buttons
    width, height = layout.BUILD_BUTTON_SIZE
    found["building buttons"] = pygame.Rect(x, y, width, BUTTONS * (height + 12))
    left, right = layout.slot_rect(0).left, layout.slot_rect(12).right
    found["hand label row"] = pygame.Rect(left, layout.HAND_LABEL_Y, right - left, layout.SLOT_Y - layout.HAND_LABEL_Y)
    return found



@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_helper_covers_no_plate_button_or_label(players):
    table = layout.for_players(players)
    assert [name for name, rect in neighbours(table).items() if rect.colliderect(table.helper)] == []
    assert layout.SCREEN.contains(table.helper)



@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_longest_reports_fit_in_the_helper(display, language, players):
    surface = pygame.display.set_mode(layout.SCREEN.size)
    panel = layout.for_players(players).helper
    suggestion = Suggestion(tiles=tuple(range(13)), added=tuple(range(13)), waits=waits(), payment=1.5)
    before = i18n.language()
    i18n.set_language(language)
    try:
        for report in (HelperReport(selected=13, ready=True, tenpai=True, waits=waits()),
                       HelperReport(selected=1, ready=True, completions=1, suggestions=(suggestion,) * 3)):
            text = Recorder()
            helper_panel.draw_helper(surface, TileArt(), text, report, False, panel)
            lowest = max(rect.bottom for _words, rect in text.drawn)
            assert lowest <= panel.bottom - 4, f"{language}: a line ends at {lowest}, the panel at {panel.bottom}"
    finally:
        i18n.set_language(before)


class Blits(pygame.Surface):
    """A canvas that remembers where every picture (tile or line of text) went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.tiles: list[pygame.Rect] = []

    def blit(self, source, dest, *rest, **named):
        self.tiles.append(pygame.Rect(pygame.Rect(dest).topleft if len(dest) == 4 else dest, source.get_size()))
        return super().blit(source, dest, *rest, **named)


class Art(TileArt):
    """Tiles that count the wait tiles drawn (the summary's small ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.waits_drawn = 0

    def tile(self, code, size, *rest, **named):
        self.waits_drawn += size == WAIT_SUMMARY_TILE
        return super().tile(code, size, *rest, **named)


SHOTS = os.environ.get("SEVENTEEN_STEPS_SHOTS")
WAIT_SUMMARY_TILE = 20
KOKUSHI_WAITS = tuple(WaitLine(kind, 3, WinValue(13, 0, (), "yakuman", 1, True, 32000), True, False)
                      for kind in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_suggestions_of_thirteen_waits_fit_whole_and_count_the_waits_not_shown(display, language, players):
    """A kokushi's 13 waits take two rows, the rest counted ("+N more"): no suggestion is
    cut at the panel's foot."""
    pygame.display.set_mode(layout.SCREEN.size)  # tiles are converted for a display
    panel = layout.for_players(players).helper
    kokushi = Suggestion(tiles=tuple(range(13)), added=tuple(range(13)), waits=KOKUSHI_WAITS, payment=2.0)
    before = i18n.language()
    i18n.set_language(language)
    try:
        surface, text = Blits(layout.SCREEN.size), Recorder()
        art = Art()
        helper_panel.draw_helper(surface, art, text, HelperReport(selected=0, ready=True, completions=806,
                                                                        suggestions=(kokushi,) * 3), False, panel)
        inside = panel.inflate(-4, -4)
        assert [rect for rect in surface.tiles if not inside.contains(rect)] == []
        assert [words for words, rect in text.drawn if not inside.contains(rect)] == []
        assert i18n._("Values: a ron in riichi") in [words for words, _rect in text.drawn]  # what the values are
        shown = art.waits_drawn // 3
        more = i18n._("+{count} more").format(count=13 - shown)
        assert 0 < shown < 13 and [words for words, _rect in text.drawn].count(more) == 3
        if SHOTS and players == 2:
            pygame.image.save(surface.subsurface(panel), os.path.join(SHOTS, f"helper_kokushi_{language}.png"))
    finally:
        i18n.set_language(before)



# Each thing the panel says of a partial selection, in every language: each line wraps
# inside the panel (the "take some tiles back" of the one below ran past its edge).
PARTIAL_REPORTS = {
    "studying": HelperReport(selected=5, ready=False),
    "suggestion coming": HelperReport(selected=5, ready=False, suggestion_coming=True),
    "no tenpai in the wall": HelperReport(selected=0, ready=True, wall_has_tenpai=False),
    "no tenpai holds these": HelperReport(selected=9, ready=True, completions=0),
    "none can win": HelperReport(selected=2, ready=True, completions=59, suggestions=(
        suggestion(WaitLine(0, 3, LOW, False, False)),) * 3),
    "best first": HelperReport(selected=12, ready=True, completions=1_234_567, suggestions=(
        suggestion(WaitLine(0, 3, HIGH, True, False)),)),
}



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("name", sorted(PARTIAL_REPORTS))
def test_what_the_panel_says_of_a_partial_selection_stays_inside_it(display, language, name):
    i18n.set_language(language)
    try:
        assert drawn_outside(PARTIAL_REPORTS[name]) == []
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
