"""The table's text (game/app/window/text.py): any string can be drawn, wrapped and measured — a
NUL or a lone surrogate (a damaged name, a file name's undecodable byte) shows as □
instead of crashing pygame's font (issue 30)."""

from __future__ import annotations

import dataclasses
from importlib import resources

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.window.text import FONT_PACKAGE, REGULAR, RENDER_BYTES_LIMIT, REPLACEMENT, Text, drawable
from game.app.words import i18n
from tests.ui.scripted import ScriptedAgent, crafted_table

UNDRAWABLE = ["\x00", "\ud800", "\udcff"]


@pytest.mark.parametrize(("text", "shown"), [
    ("Kaiji", "Kaiji"),
    ("Ka\x00iji", f"Ka{REPLACEMENT}iji"),
    ("名前\udcff", f"名前{REPLACEMENT}"),
    ("\ud800\ud800", REPLACEMENT * 2),
    ("\ud83d\ude00", "\U0001f600"),  # the two halves of one character: joined
    ("\ude00\ud83d", REPLACEMENT * 2),  # halves in the wrong order: two lone ones
    ("", ""),
])
def test_drawable_text_keeps_every_character_a_font_can_take(text, shown):
    assert drawable(text) == shown


@pytest.mark.parametrize("text", ["Ka\x00iji", "名前\udcff", "\ud800", "\x00", "a\ud83d\ude00b", "\u200b",
                                  "\U000e0000"])
def test_any_text_is_drawn_wrapped_and_measured_as_its_drawable_form(display, text):
    pygame.display.set_mode((1, 1))
    words = Text()
    surface = pygame.Surface((400, 100))
    rect = words.draw(surface, text, 20, (255, 255, 255), (0, 0))
    assert rect.size == words.render(drawable(text), 20, (255, 255, 255)).get_size()
    assert words.font(20).size(text) == words.font(20).size(drawable(text))
    assert "".join(words.wrap(f"{text} {text}", 20, 60)).replace(" ", "") == text * 2


characters = st.one_of(st.characters(), st.sampled_from([*UNDRAWABLE, "\ud83d", "\ude00"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.lists(characters, max_size=30).map("".join))
def test_no_text_crashes_the_font(display, text):
    pygame.display.set_mode((1, 1))
    words = Text()
    for line in words.wrap(text, 18, 120):
        words.draw(pygame.Surface((200, 40)), line, 18, (0, 0, 0), (0, 0), bold=True)
    assert words.font(18).size(text)[1] > 0


@pytest.mark.parametrize("name", ["Ka\x00iji", "名前\udcff", "\ud800"])
def test_a_table_whose_player_name_cannot_be_drawn_as_it_is_still_draws(driver, name):
    """Continue with a saved name holding a NUL crashed at the first frame (issue 30 point 4)."""
    table = crafted_table(driver.app, ScriptedAgent())
    session = table.session
    session.plan = dataclasses.replace(session.plan, names=(name, name))
    drawn = []
    original = driver.app.text.render
    driver.app.text.render = lambda text, *rest, **named: drawn.append(text) or original(text, *rest, **named)
    driver.frames(3)
    assert any(name in text for text in drawn)


def test_a_record_naming_a_seat_with_undrawable_text_is_refused_in_the_players_language(driver, tmp_path):
    """Names are checked where they enter: the theatre never gets a name its gui fonts (which
    take no NUL or lone surrogate) cannot draw, and says why in the player's words."""
    import json

    from game.app.scenes.dialog import Dialog
    from game.app.words import i18n
    from tests.test_playback import live_match

    match, _ = live_match("kaiji", 1, 5)
    match.record[0]["seats"] = {"names": ["Ka\x00iji", "名前\udcff"]}
    path = tmp_path / "names.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in match.record), encoding="ascii")
    i18n.set_language("ja")
    assert not driver.screens.watch(path)
    driver.frame()
    assert isinstance(driver.top, Dialog)
    assert "line" not in driver.top.message and "読み込めません" in driver.top.message


def test_every_text_shares_the_fonts_open_in_the_process_in_its_language(display):
    """A window's text, a view's and a test's open each font file at each size once; a
    language switch closes the other language's."""
    words = Text()
    japanese = words.font(20)
    assert Text().font(20) is japanese
    assert Text().font(20, bold=True) is not japanese
    i18n.set_language("zh_CN")
    chinese = words.font(20)
    i18n.set_language("en")
    assert chinese is not japanese
    assert words.font(20) is not japanese  # opened again: the Chinese switch closed it
    assert words.font(20) is Text().font(20)


def test_a_font_file_is_opened_once_whatever_the_sizes_and_draws_as_if_opened_at_each(display):
    """A face per size was some 0.7 MB of FreeType's and HarfBuzz's tables (0.9 MB in Chinese),
    at fifteen to twenty sizes a session; one face per file draws the same, whatever size was
    asked for in between."""
    pygame.display.set_mode((1, 1))
    words = Text()
    line = "十七歩 Rules 25,000"
    sizes = (14, 26, 16, 72, 14, 20)
    fonts = [words.font(size) for size in sizes]
    assert len({id(font.face) for font in fonts}) == 1
    with resources.as_file(resources.files(FONT_PACKAGE) / REGULAR) as path:
        for size, font in zip(sizes, fonts, strict=True):
            alone = pygame.font.Font(str(path), size)
            assert font.size(line) == alone.size(line)
            assert (font.get_linesize(), font.get_height()) == (alone.get_linesize(), alone.get_height())
            drawn, expected = font.render(line, True, (240, 236, 220)), alone.render(line, True, (240, 236, 220))
            assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_text_images_kept_are_bounded_by_their_pixels_and_the_latest_stay(display):
    """A session drawing ever new text (names, scores, clocks) keeps at most some MB of
    images, the least recently drawn going first; what every frame draws stays."""
    pygame.display.set_mode((1, 1))
    words = Text()
    line = "十七歩 " * 40
    every_frame = words.render("East 25,000", 20, (255, 255, 255))
    first = words.render(f"0 {line}", 64, (255, 255, 255))
    assert first.get_pitch() * first.get_height() > RENDER_BYTES_LIMIT / 8
    for number in range(1, 12):
        words.render(f"{number} {line}", 64, (255, 255, 255))
        assert words.render("East 25,000", 20, (255, 255, 255)) is every_frame
    assert words.render(f"0 {line}", 64, (255, 255, 255)) is not first
