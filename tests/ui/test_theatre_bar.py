"""The theatre's control bar hides nothing of the table: at every step of a record, for 2, 3
and 4 players and from every point of view, the table drawn under the bar's buttons is bare
felt (the bottom seat's closed wall, opened wall, pool and hand all lie clear of it)."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.app.scenes.theatre import BAR, BUTTONS
from game.app.theatre.theatre_frame import OPEN
from game.app.views.felt import draw_felt
from game.app.words import i18n
from tests.ui.test_theatre import record_file


def covered(driver) -> list[tuple[str, int, str]]:
    """(control, step, point of view) wherever the table under a control is not bare felt."""
    theatre = driver.top
    theatre.show_result = False  # the result panel is meant to lie over the table
    felt = pygame.Surface((1280, 800))
    draw_felt(felt)
    controls = {name: button.rect for name, button in theatre.buttons.items() if name != "back_to_title"}
    controls["hand menu"] = theatre.kyoku_menu.rect
    found = []
    for point_of_view in (OPEN, 0):
        theatre.point_of_view = point_of_view
        for index in range(len(theatre.playback.steps)):
            theatre.playback.go(index)
            table = pygame.Surface((1280, 800))
            theatre.draw(table)
            for name, rect in controls.items():
                if pygame.image.tobytes(table.subsurface(rect), "RGB") != pygame.image.tobytes(
                        felt.subsurface(rect), "RGB"):
                    found.append((name, index, str(point_of_view)))
    return found



@pytest.mark.parametrize("preset", ["kaiji", "three_player", "four_player"])
def test_the_control_bar_covers_no_tile_at_any_step(driver, tmp_path, preset):
    assert driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    assert covered(driver) == []



def test_the_bottom_walls_closed_and_opened_are_drawn_clear_of_the_bar(driver, tmp_path):
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    before_the_flip = theatre.frame()
    assert before_the_flip.bottom_closed and not before_the_flip.table.seats[0].closed_wall  # the theatre's
    assert before_the_flip.table.seats[1].closed_wall
    theatre.playback.go(1)
    building = theatre.frame()
    assert not building.bottom_closed and building.bottom_wall is not None and len(building.bottom_wall) == 34



# Every label of the theatre's control bar is drawn inside its button with room to spare, in
# every language and state: the Japanese glyphs' bottoms were cut by the lower border and the
# English 'Hand >>' touched the sides (from the play-through). The ink is measured: the pixels
# where the button with its label differs from the same button without one.
CLEAR = 2



"""Logical pixels of the button's own colour between the ink and the border, at least (1.5 px
in a 960 x 600 window)."""



BORDER = 1



def ink(driver, button) -> pygame.Rect | None:
    text = button.text
    driver.frame()
    labelled = button.image.copy()
    button.set_text("")
    driver.frame()
    blank = button.image.copy()
    button.set_text(text)
    mask = pygame.mask.Mask(labelled.get_size())
    for x in range(labelled.get_width()):
        for y in range(labelled.get_height()):
            if labelled.get_at((x, y)) != blank.get_at((x, y)):
                mask.set_at((x, y))
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None



def cramped(driver) -> list[tuple[str, str, tuple[int, int, int, int] | None]]:
    theatre = driver.top
    found = []
    for name, _label in BUTTONS:
        button = theatre.buttons[name]
        drawn = ink(driver, button)
        room = pygame.Rect((0, 0), button.rect.size).inflate(-2 * (BORDER + CLEAR), -2 * (BORDER + CLEAR))
        if drawn is None or not room.contains(drawn):
            found.append((name, button.text, tuple(drawn) if drawn else None))
    return found



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_every_label_is_inked_inside_its_button_in_every_state(driver, tmp_path, language):
    app = driver.app
    app.change_settings(app.settings.with_changes(language=language))
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frames(2)
    theatre = driver.top
    found = cramped(driver)
    theatre.command("play")
    for _seat in range(theatre.rules.players):
        theatre.command("view")
        found += cramped(driver)
    for name in ("result", "builds", "danger", "speed"):
        theatre.command(name)
    theatre.speed = 0
    theatre._refresh_labels()
    found += cramped(driver)
    assert found == []
    bar = [theatre.buttons[name].rect for name, _label in BUTTONS]
    assert BAR.contains(bar[0].unionall(bar[1:]))
    assert all(left.right < right.left for left, right in itertools.pairwise(bar))



def test_a_long_seat_name_is_cut_short_to_its_button(driver, tmp_path):
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    theatre.names = ("A seat name long enough to fill the whole bar on its own " * 2, "B")
    theatre.command("view")
    button = theatre.buttons["view"]
    assert button.text.endswith("…") and button.text.startswith("View: A seat")
    assert cramped(driver) == []



def test_a_language_switch_in_the_theatre_sizes_the_bar_again(driver, tmp_path):
    app = driver.app
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    english = driver.top.buttons["view"].rect.width
    app.change_settings(app.settings.with_changes(language="ja"))
    driver.frame()
    theatre = driver.top
    assert theatre.buttons["view"].text == "視点：全公開" and theatre.buttons["view"].rect.width != english
    assert cramped(driver) == []



# Every label of the theatre's control bar has room in its button, in every language and
# either state of the toggles: 手作り:OFF, 危険度:OFF and 危险度：关 filled their 84 px buttons
# to the border (from the Japanese play-through).
ROOM = 10



"""Pixels of the button left beside its label, both sides together."""



def squeezed(theatre) -> list[tuple[str, str, int, int]]:
    found = []
    for name, button in theatre.buttons.items():
        width = button.font.get_rect(button.text).width
        if width + ROOM > button.rect.width:
            found.append((name, button.text, width, button.rect.width))
    return found



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_bar_s_labels_fit_their_buttons(driver, tmp_path, language):
    i18n.set_language(language)
    assert driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frames(2)
    theatre = driver.top
    found = squeezed(theatre)
    theatre.overlays = {"builds": True, "danger": True}
    theatre.show_result = False
    theatre._refresh_labels()
    driver.frames(1)
    assert not found + squeezed(theatre)
