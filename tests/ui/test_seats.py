"""The seats' name plates (game/app/views/seats.py): the whole name beside its mark, a long one
cut but never its mark."""

from __future__ import annotations

import dataclasses
import os

import pygame
import pytest

from game.app.play.remote_table import RemoteTable
from game.app.views import legible
from game.app.views.seats import PLATE_PAD, plate_words
from game.app.window import layout
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.app.words.net_words import plate_name
from tests.test_remote_table import at_the_seats_discard, heard
from tests.ui.test_table_view import seats


@dataclasses.dataclass(frozen=True)
class Plate:
    """A plate drawn in a language: its words, and the words it was given, in that language."""

    words: str
    shown: str
    """The name with its mark (`plate_name`)."""
    mark: str
    wind: str
    fits: bool
    """The words fit the plate's room in a legible size."""


def plate_in(language: str, seat: int, wind: str, name: str, presence: str) -> Plate:
    """`seat`'s plate in `language` for `name` with `presence`'s mark."""
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        text = Text()
        room = layout.PLATE_SIZE[0] - 2 * PLATE_PAD
        shown, wind = plate_name(name, presence), terms.wind(wind)
        words, size = plate_words(text, dataclasses.replace(seats(4, False)[seat], name=shown, wind=wind), room)
        fits = text.font(size, True).size(words)[0] <= room and size >= legible.smallest()
        return Plate(words, shown, plate_name("", presence).strip(), wind, fits)
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("name", ["Sahara", "Tonega", "伊藤開司", "Kaiji"])
@pytest.mark.parametrize("presence", ["away", "stand_in"])
def test_a_plate_keeps_a_six_letter_name_whole_beside_its_mark(display, language, name, presence):
    """Player test: "South · Sa··· (away)" on a plate, though the name has six letters."""
    plate = plate_in(language, 2, "South", name, presence)
    assert plate.fits and plate.words.endswith(plate.shown), plate.words  # the name whole, its mark whole


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize(("name", "presence"), [("Kaiji", "away"), ("Kaiji Itō the gambler", "away"),
                                                 ("Kaiji Itō the gambler", "stand_in"),
                                                 ("Tonegawa Yukio of Teiai", "here")])
def test_a_plate_cuts_a_long_name_never_its_mark(display, language, name, presence):
    """A 4-seat plate read "North · Kaiji (aw…": the word that mattered, (away), was cut."""
    plate = plate_in(language, 3, "North", name, presence)
    assert plate.fits and plate.words.endswith(plate.mark) and name[0] in plate.words, plate.words
    assert plate.words.startswith(plate.wind), plate.words


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("name", ["Bob", "Kaiji", "Sahara", "伊藤開司"])
@pytest.mark.parametrize("wind", ["East", "South", "West", "North"])
def test_a_plate_that_shows_the_wind_while_its_person_is_away_keeps_it_once_the_ai_plays(display, language, name,
                                                                                         wind):
    """Tester report: "East · Bob (away)", then "Bob (AI playing)": the longer mark left no room
    for the wind. The AI's mark is no wider than the away one."""
    away, ai = (plate_in(language, 0, wind, name, presence) for presence in ("away", "stand_in"))
    assert ai.fits and ai.words.endswith(ai.shown), ai.words
    if away.words.startswith(away.wind):
        assert ai.words.startswith(ai.wind), (away.words, ai.words)


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_plate_of_a_seat_away_names_its_player_whole_in_a_small_window(driver, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language, window_size=(1024, 640)))
    match = at_the_seats_discard("three_player")
    news = heard(match)
    news = dataclasses.replace(news, welcome=dataclasses.replace(news.welcome, names=("Hana", "Kaiji", "Sahara")),
                               present=(True, True, False))
    driver.screens.joined_table(RemoteTable(news, driver.app.executor))
    driver.frames(3)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    whole = plate_name("Sahara", "away")
    plates = (i18n._("{wind} · {name}").format(wind=terms.wind("East"), name=whole), whole)  # with the wind or not
    assert any(line in plates for line in drawn), drawn
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if shots:
        pygame.image.save(driver.pixels(), os.path.join(shots, f"plate_away_1024_{language}.png"))
