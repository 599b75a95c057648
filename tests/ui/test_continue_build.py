"""Continue during a build restores the tiles chosen so far and the build clock where it
stood (both saved as the person builds); saves without them still load."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app.play.savegame import SaveSlot
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.engine.tiles import format_tiles
from tests.ui.test_four_players import scripted_ai


def start_and_choose(driver, monkeypatch):
    scripted_ai(monkeypatch)
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    if table.mode() == "dora":
        from tests.ui.autoplay import answer

        answer(driver, table)
    driver.wait_until(lambda: table.mode() == "build")
    state = table.builds[0]
    for tile in state.wall[:5]:
        state.add(tile)
    driver.frames(40, dt=1.0)  # 40 s of the build clock
    return table


def leave_and_continue(driver) -> TableScene:
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Title"))
    assert isinstance(driver.top, TitleScene)
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    assert isinstance(resumed, TableScene)
    driver.frame()
    return resumed


def test_continue_restores_the_chosen_tiles_and_the_clock(driver, monkeypatch):
    table = start_and_choose(driver, monkeypatch)
    chosen = format_tiles(table.builds[0].hand, False)
    left = table.countdown()
    assert 135 <= left <= 141
    resumed = leave_and_continue(driver)
    assert resumed is not table and resumed.mode() == "build"
    assert format_tiles(resumed.builds[0].hand, False) == chosen
    assert abs(resumed.countdown() - left) <= 5.5  # saved every 5 s of the clock, and on each change


def test_a_save_without_builds_and_one_with_a_damaged_build_still_continue(driver, monkeypatch, tmp_path):
    table = start_and_choose(driver, monkeypatch)
    slot = SaveSlot(driver.app.files.data_dir)
    lines = slot.record_path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["builds"][0]["seat"] == 0
    for builds in (None, [{"seat": 0, "hand": 1, "chosen": "not tiles", "elapsed": -3}], "junk"):
        edited = {key: value for key, value in header.items() if key != "builds"}
        if builds is not None:
            edited["builds"] = builds
        slot.record_path.write_text("\n".join([json.dumps(edited), *lines[1:]]) + "\n", encoding="utf-8")
        saved = slot.load()
        assert saved.builds == {}
        assert saved.match.kyoku_number == table.session.match.kyoku_number


@pytest.mark.parametrize("elapsed", [0.0, 12.5])
def test_the_saved_build_round_trips(driver, monkeypatch, elapsed):
    table = start_and_choose(driver, monkeypatch)
    session = table.session
    session.note_build(0, "123m", elapsed)
    saved = SaveSlot(driver.app.files.data_dir).load()
    assert saved.builds[0].chosen == "123m" and saved.builds[0].elapsed == elapsed
