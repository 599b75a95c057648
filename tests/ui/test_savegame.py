"""The unfinished match is saved after every move and continued from the title screen."""

from __future__ import annotations

import json

import pytest

from game.app.play.savegame import PLAN_FILE, RECORD_FILE, SaveError, SaveSlot, SlotLock
from game.app.play.session import SeatPlan
from game.app.scenes.dialog import Dialog
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.save_faults import match_in_play
from tests.scenario_tools import build_all, drive
from tests.ui.autoplay import answer
from tests.ui.driver import Driver
from tests.ui.test_table import leave_and_continue, scripted_ai


def test_a_match_saved_mid_hand_rebuilds_to_the_same_record(tmp_path):
    match = Match(Rules.preset("pro_stream"), seed=5)
    kyoku = match.next_kyoku()
    build_all(match, {seat: format_tiles(kyoku.walls[seat][:13], True) for seat in (0, 1)})
    drive(match, {}, until_end=True)
    match.next_kyoku()
    slot = SaveSlot(tmp_path)
    slot.save(SeatPlan.hotseat(2), match)
    saved = slot.load()
    assert saved.plan == SeatPlan.hotseat(2)
    assert saved.match.record == json.loads(json.dumps(match.record))
    assert saved.match.kyoku_number == 2 and saved.match.scores == match.scores


def test_a_record_that_does_not_replay_is_refused(tmp_path):
    match = Match(Rules.preset("kaiji"), seed=5)
    match.next_kyoku()
    slot = SaveSlot(tmp_path)
    slot.save(SeatPlan.hotseat(2), match)
    with slot.record_path.open("a", encoding="utf-8") as save:
        save.write(json.dumps({"type": "action", "action": "discard", "seat": 0, "tile": "1m"}) + "\n")
    with pytest.raises(SaveError, match="does not replay"):
        slot.load()


def test_files_that_do_not_belong_together_are_refused(tmp_path):
    slot = SaveSlot(tmp_path)
    first = Match(Rules.preset("kaiji"), seed=1)
    first.next_kyoku()
    slot.save(SeatPlan.hotseat(2), first)
    other = Match(Rules.preset("kaiji"), seed=2)
    other.next_kyoku()
    (tmp_path / PLAN_FILE).write_text(
        json.dumps({"seed": 2, **SeatPlan.hotseat(2).to_dict()}), encoding="utf-8"
    )
    (tmp_path / RECORD_FILE).write_text(
        "\n".join(json.dumps(line) for line in first.record), encoding="utf-8"
    )
    with pytest.raises(SaveError, match="belong together"):
        slot.load()


def test_the_title_continues_the_match_where_it_was_left(driver):
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    while not (table.session.view(table.session.kyoku.dealer).rivers[table.session.kyoku.dealer]):
        answer(driver, table)
    record = list(table.session.match.record)
    assert SaveSlot(driver.app.files.data_dir).exists()
    driver.key(27)  # Esc: the menu
    driver.press(driver.button("Title"))
    assert isinstance(driver.top, TitleScene)
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.session.match.record == json.loads(json.dumps(record))
    assert resumed.session.plan.mode == "hotseat"


def test_a_damaged_save_is_reported_and_forgotten(driver):
    slot = SaveSlot(driver.app.files.data_dir)
    driver.app.files.data_dir.mkdir(parents=True, exist_ok=True)
    (driver.app.files.data_dir / PLAN_FILE).write_text("{}", encoding="utf-8")
    (driver.app.files.data_dir / RECORD_FILE).write_text("not a record", encoding="utf-8")
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue"))
    assert isinstance(driver.top, TitleScene)
    assert driver.app.notice is not None and "could not be continued" in driver.app.notice
    assert not slot.exists()


def test_a_saved_name_no_font_can_draw_is_a_damaged_save_not_a_crash(display, tmp_path):
    """A NUL in a saved name crashed the title (its Continue names the AI) and Continue."""
    folder = tmp_path / "data"
    match = Match(Rules.preset("kaiji"), seed=5)
    match.next_kyoku()
    plan = SeatPlan.solo(2, "normal")
    SaveSlot(folder).save(SeatPlan(plan.mode, plan.humans, ("You", "Nor\x00mal"), plan.ai_level, plan.levels), match)
    original = (folder / RECORD_FILE).read_bytes()
    game = Driver.start(tmp_path, seed=7)
    try:
        game.press(game.button("Continue"))
        assert isinstance(game.top, TitleScene) and "could not be continued" in game.app.notice
        (kept,) = folder.glob(f"{RECORD_FILE}.damaged-*")
        assert kept.read_bytes() == original
        game.frame()
    finally:
        game.close()


def test_a_second_window_says_so_and_leaves_the_first_window_s_match_alone(display, tmp_path, monkeypatch):
    """The first window holds the save's lock, as a window of another process does."""
    folder = tmp_path / "data"
    slot = SaveSlot(folder)
    slot.save(SeatPlan.hotseat(2), match_in_play())
    original = slot.record_path.read_bytes()
    first = SlotLock(folder)
    assert first.claim()
    game = Driver.start(tmp_path, seed=7)
    try:
        drawn = game.record_text(monkeypatch)
        game.frame()
        assert any("open in another window" in line for line in drawn)
        assert not game.button("Continue").is_enabled
        assert game.button("Continue").drawable_shape.active_state.state_id == "disabled", "drawn as pressable"
        game.press(game.button("Two players on this computer"))  # no question: the save is not its own
        assert isinstance(game.top, Dialog) and "are not saved" in game.top.message  # said again before the table
        game.press(game.button("Play"))
        table = game.app.stack.scenes[0]
        assert isinstance(table, TableScene)
        for _ in range(300):
            if sum(line["type"] == "action" for line in table.session.match.record) >= 2:
                break
            answer(game, table)
        assert sum(line["type"] == "action" for line in table.session.match.record) >= 2
        assert slot.record_path.read_bytes() == original
        first.release()  # the first window closes: the title takes the save over
        game.screens.title()
        game.frame()
        assert game.button("Continue").is_enabled
    finally:
        game.close()


def test_a_save_cut_short_continues_from_its_last_whole_move_and_says_so(driver):
    slot = SaveSlot(driver.app.files.data_dir)
    slot.save(SeatPlan.hotseat(2), match_in_play())
    content = slot.record_path.read_bytes()
    cut = content[: content.rstrip(b"\n").rfind(b"\n") + 20]  # the last line cut in the middle
    slot.record_path.write_bytes(cut)
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue: hand 1/8, 2 players"))
    assert isinstance(driver.top, Dialog) and "cut short" in driver.top.message
    (kept,) = driver.app.files.data_dir.glob(f"{RECORD_FILE}.damaged-*")
    assert kept.read_bytes() == cut and str(kept) in driver.top.message
    driver.press(driver.button("Play"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    assert slot.load().cut == 0


# Continue during a build restores the tiles chosen so far and the build clock where it stood
# (both saved as the person builds); saves without them still load.
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
    session.note_builds({0: ("123m", elapsed)})
    saved = SaveSlot(driver.app.files.data_dir).load()
    assert saved.builds[0].chosen == "123m" and saved.builds[0].elapsed == elapsed
