"""The replay theatre in the window: opened from a file, the title and a drop; stepped by
keys and buttons; drawn from a seat and with every hand open, for 2, 3 and 4 players."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app.play.result_frame import result_frame
from game.app.scenes.dialog import Dialog
from game.app.scenes.theatre import TheatreScene
from game.app.scenes.title import TitleScene
from game.app.theatre.theatre_frame import OPEN
from game.app.views.result_panel import ResultPanel
from game.engine.kyoku import Phase
from game.engine.record import write_record
from tests.test_playback import as_shown, live_match
from tests.ui.test_screens import SHOTS, shot


def record_file(folder: Path, preset: str, seed: int = 5) -> Path:
    match, _ = live_match(preset, 2, seed)
    path = folder / f"{preset}.jsonl"
    write_record(path, match.record)
    return path


def save_small(driver, name: str) -> None:
    """The frame as a 960 x 600 window shows it (the window scales the 1280 x 800 table)."""
    if SHOTS:
        small = pygame.transform.smoothscale(driver.pixels(), (960, 600))
        pygame.image.save(small, str(Path(SHOTS) / f"{name}_960.png"))


def key(driver, code: int, mod: int = 0) -> None:
    driver.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)])


@pytest.mark.parametrize("preset", ["kaiji", "three_player", "four_player"])
def test_a_record_steps_through_the_theatre_by_keys(driver, tmp_path, preset):
    assert driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.point_of_view == OPEN
    playback = theatre.playback
    shot(driver, f"theatre_{preset}_start")
    key(driver, pygame.K_RIGHT)
    key(driver, pygame.K_RIGHT)
    assert playback.position == 2
    key(driver, pygame.K_LEFT)
    assert playback.position == 1
    while playback.step.phase is not Phase.DISCARD:  # each seat's build is a stop of its own
        key(driver, pygame.K_PERIOD)
    key(driver, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert playback.step.discard_round == 1 or playback.step.phase is Phase.END
    shot(driver, f"theatre_{preset}_round1")
    save_small(driver, f"theatre_{preset}_round1")
    key(driver, pygame.K_v)  # seat 1's point of view: only its own tiles
    assert theatre.point_of_view == 0
    frame = theatre.frame()
    assert frame is not None and frame.open_seats == ()
    assert all(seat.concealed for seat in frame.table.seats if seat.seat != 0)
    assert frame.table.private is not None and frame.table.private.hand == playback.step.views[0].hand
    shot(driver, f"theatre_{preset}_seat1")
    key(driver, pygame.K_PAGEDOWN)
    assert playback.step.kyoku == 2 and playback.step.action is None
    key(driver, pygame.K_PAGEUP)
    key(driver, pygame.K_PAGEUP)
    assert playback.position == 0
    key(driver, pygame.K_2)
    assert playback.step.kyoku == 2


def test_the_open_view_shows_every_hand_and_the_result_at_the_hand_end(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "four_player"))
    driver.frame()
    theatre = driver.top
    playback = theatre.playback
    end = next(i for i, step in enumerate(playback.steps) if step.phase is Phase.END)
    playback.go(end - 1)
    frame = theatre.frame()
    hands = {seat.seat: seat.hand for seat in frame.open_seats}
    assert hands == {seat: playback.step.views[seat].hand for seat in (1, 2, 3)}
    shot(driver, "theatre_four_player_open")
    key(driver, pygame.K_RIGHT)
    assert playback.step.settlement is not None
    result = theatre._result(playback.step.kyoku)
    assert isinstance(result, ResultPanel)
    assert result.frame == result_frame(playback.step.views, playback.step.settlement, theatre.names, False)
    shot(driver, "theatre_four_player_result")
    save_small(driver, "theatre_four_player_result")
    key(driver, pygame.K_r)  # the result hidden, the table beneath it
    assert not theatre.show_result


def test_play_steps_on_at_the_chosen_speed_and_pauses(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    key(driver, pygame.K_EQUALS)  # 4 steps a second
    key(driver, pygame.K_SPACE)
    assert theatre.playing
    driver.frames(4, dt=0.26)
    assert theatre.playback.position == 4
    key(driver, pygame.K_SPACE)
    driver.frames(4, dt=0.26)
    assert theatre.playback.position == 4 and not theatre.playing


def test_the_step_buttons_move_the_playback(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    driver.click(theatre.buttons["forward"].rect.center)
    driver.click(theatre.buttons["forward"].rect.center)
    assert theatre.playback.position == 2
    driver.click(theatre.buttons["forward_hand"].rect.center)
    assert theatre.playback.step.kyoku == 2
    driver.click(theatre.buttons["back_to_title"].rect.center)
    assert isinstance(driver.top, TitleScene)


def test_a_diverging_record_is_watched_up_to_the_divergence(driver, tmp_path):
    match, shown = live_match("kaiji", 1, seed=14)  # a hand of more than 6 discards
    lines = json.loads(json.dumps(match.record))
    discard = [i for i, line in enumerate(lines) if line["type"] == "event" and line["event"] == "discarded"][6]
    lines[discard]["tile"] = "9m" if lines[discard]["tile"] != "9m" else "1m"
    path = tmp_path / "edited.jsonl"
    write_record(path, lines)
    driver.screens.watch(path)
    driver.frame()
    playback = driver.top.playback
    assert playback.divergence.startswith(f"line {discard + 1}:")
    key(driver, pygame.K_END)
    assert as_shown(playback.step.views[0]) == as_shown(shown[len(playback.steps) - 1][0])
    shot(driver, "theatre_diverging")


def test_a_file_that_is_not_a_record_is_explained_not_fatal(driver, tmp_path):
    path = tmp_path / "notes.jsonl"
    path.write_text("hello\n", encoding="utf-8")
    driver.frame([pygame.event.Event(pygame.DROPFILE, file=str(path))])
    assert isinstance(driver.top, Dialog) and driver.top.message.startswith("This record cannot be read: line 1 ")


def test_a_record_dropped_onto_the_window_opens_in_the_theatre(driver, tmp_path):
    path = record_file(tmp_path, "three_player")
    driver.frame([pygame.event.Event(pygame.DROPFILE, file=str(path))])
    assert isinstance(driver.top, TheatreScene) and driver.top.rules.players == 3


def test_the_title_watch_button_opens_the_newest_history_record(driver, tmp_path):
    history = driver.app.files.data_dir / "history"
    history.mkdir(parents=True)
    old, new = record_file(tmp_path, "kaiji"), record_file(tmp_path, "four_player")
    old.rename(history / "a.jsonl")
    new.rename(history / "b.jsonl")
    os.utime(history / "a.jsonl", (1, 1))
    driver.click(driver.top.buttons["watch"].rect.center)
    assert isinstance(driver.top, TheatreScene) and driver.top.rules.players == 4


def test_the_title_watch_button_on_a_record_with_no_hand_explains_it(driver, tmp_path):
    history = driver.app.files.data_dir / "history"
    history.mkdir(parents=True)
    header = json.loads(record_file(tmp_path, "kaiji").read_text(encoding="utf-8").splitlines()[0])
    write_record(history / "a.jsonl", [header])
    driver.click(driver.top.buttons["watch"].rect.center)
    driver.frame()
    assert isinstance(driver.top, Dialog) and "holds no hand" in driver.top.message


def test_the_title_watch_button_without_a_record_says_what_to_do(driver):
    driver.click(driver.top.buttons["watch"].rect.center)
    assert isinstance(driver.top, Dialog) and "drop a record" in driver.top.message


def wait_for(driver, future) -> None:
    future.result(timeout=120)
    driver.frame()


def test_the_overlays_show_a_build_review_and_the_pool_danger(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    playback = theatre.playback
    key(driver, pygame.K_b)
    key(driver, pygame.K_d)
    assert theatre.overlays == {"builds": True, "danger": True}
    build = next(i for i, s in enumerate(playback.steps) if s.action and s.action["action"] == "build")
    playback.go(build)
    wait_for(driver, theatre.build_review())
    assert theatre.build_review().result().seat == playback.step.action["seat"]
    shot(driver, "theatre_build_review")
    save_small(driver, "theatre_build_review")
    playback.forward_round()
    playback.forward_round()
    seat, future = theatre.discard_danger()
    assert theatre.frame().table.seats[seat].turn  # the seat to discard
    wait_for(driver, future)
    assert playback.position in future.result()
    shot(driver, "theatre_danger")
    save_small(driver, "theatre_danger")


def test_the_hand_menu_names_the_hand_on_the_table_and_jumps(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    assert theatre.kyoku_menu.selected_option[0] == "Hand 1"
    key(driver, pygame.K_PAGEDOWN)
    driver.frame()
    assert theatre.kyoku_menu.selected_option[0] == "Hand 2"
    driver.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=theatre.kyoku_menu,
                                     text="Hand 1", selected_option_id="Hand 1")])
    assert theatre.playback.step.kyoku == 1 and theatre.playback.step.action is None


def test_a_step_forward_moves_the_discard_and_flips_the_dora_as_live_play(driver, tmp_path):
    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    key(driver, pygame.K_RIGHT)  # the dealer flips the dora
    assert theatre.flip is not None and theatre.flip.stack == theatre.playback.step.action["stack"]
    first = next(i for i, s in enumerate(theatre.playback.steps) if s.action and s.action["action"] == "discard")
    theatre.playback.go(first - 1)
    key(driver, pygame.K_RIGHT)
    assert theatre.flight is not None and theatre.flight.seat == theatre.playback.step.action["seat"]
    shot(driver, "theatre_flight")
    key(driver, pygame.K_LEFT)  # no motion backwards
    assert theatre.flight is None and theatre.flip is None
