"""The theatre under a dialog (a dropped file that is no record): the step under way
finishes its motion — the discard lands, the dora finishes turning — and frames are drawn
for it; playing waits with its clock stopped until the dialog closes, as at the table."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import Dialog
from game.app.scenes.theatre import TheatreScene
from tests.ui.test_theatre import key, record_file


def watching(driver, tmp_path) -> TheatreScene:
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene)
    return theatre


def drop_a_file_that_is_no_record(driver, tmp_path) -> Dialog:
    other = tmp_path / "notes.txt"
    other.write_text("not a record", encoding="utf-8")
    driver.frame([pygame.event.Event(pygame.DROPFILE, file=str(other))])
    dialog = driver.top
    assert isinstance(dialog, Dialog) and dialog.title == "This file cannot be watched"
    return dialog


def test_a_discard_in_flight_lands_under_a_dialog_and_frames_are_drawn_for_it(driver, tmp_path):
    theatre = watching(driver, tmp_path)
    first = next(i for i, s in enumerate(theatre.playback.steps) if s.action and s.action["action"] == "discard")
    theatre.playback.go(first - 1)
    key(driver, pygame.K_RIGHT)
    flight = theatre.flight
    assert flight is not None and not flight.done
    drop_a_file_that_is_no_record(driver, tmp_path)
    assert theatre.animating() and driver.app.stack.next_change() == 0.0  # the window keeps drawing
    during = driver.pixels()
    driver.frames(120)  # two seconds: longer than any flight
    assert flight.done and not theatre.animating()
    assert driver.app.stack.next_change() is None  # then the picture beneath stands still: the window sleeps
    assert driver.pixels().get_view("2").raw != during.get_view("2").raw  # the tile moved under the shade
    assert theatre.playback.position == first


def test_the_dora_turning_over_finishes_under_a_dialog(driver, tmp_path):
    theatre = watching(driver, tmp_path)
    key(driver, pygame.K_RIGHT)  # the dealer flips the dora
    flip = theatre.flip
    assert flip is not None and not flip.done
    drop_a_file_that_is_no_record(driver, tmp_path)
    driver.frames(120)
    assert flip.done


def test_playing_waits_under_a_dialog_and_goes_on_when_it_closes(driver, tmp_path):
    theatre = watching(driver, tmp_path)
    key(driver, pygame.K_SPACE)
    assert theatre.playing
    drop_a_file_that_is_no_record(driver, tmp_path)
    at = theatre.playback.position
    driver.frames(300)  # five seconds at two steps a second
    assert theatre.playback.position == at and theatre.playing
    key(driver, pygame.K_ESCAPE)  # the dialog's OK
    assert driver.top is theatre
    driver.frames(90)
    assert theatre.playback.position > at
