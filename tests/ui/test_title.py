"""The title screen (game/app/scenes/title.py) and what it keeps of the player's files:
a new match over an unfinished one, Continue, and the notices of a start."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pygame
import pytest

from game.ai.agents import make_agent
from game.app.history import history
from game.app.history.player_files import SETTINGS_FILE, save_settings
from game.app.play import savegame
from game.app.play.savegame import RECORD_FILE, SaveSlot
from game.app.play.session import SeatPlan
from game.app.scenes.dialog import Dialog
from game.app.scenes.statistics import group_name, shown_day
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.settings import Settings
from game.app.theatre.theatre_frame import seat_names
from game.app.window.text import NO_BREAK_SPACE
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.record import write_record
from game.engine.rules import Rules
from tests.save_faults import match_in_play, read_only_history, refuse_to_open
from tests.ui.driver import Driver
from tests.ui.test_join import shoot_in_every_language_and_size
from tests.ui.test_new_table import scripted_ai
from tests.ui.test_play_command import run_play
from tests.ui.test_screens import SHOTS


# Starting a new match over an unfinished one says what becomes of it, truly: the match
# history keeps it as abandoned (it said "will be lost"), unless the history is off; a save
# the history cannot keep (damaged, unreadable, the history read-only or a file) is moved
# aside and the player told where, before the table and on the title screen; one that cannot
# even be moved is asked about again (issue 30, point 2).
def unfinished_then_new(driver, monkeypatch, keep_history: bool) -> str:
    """The new-match question's words; then the new match is started."""
    scripted_ai(monkeypatch)
    driver.app.settings = driver.app.settings.with_changes(keep_history=keep_history)
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    driver.wait_until(lambda: table.session.view(1).built[1])
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Hard"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Start a new match?"
    message = driver.top.message
    driver.press(driver.button("New match"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    return message


def kept(driver) -> list:
    folder = history.history_folder(driver.app.files.data_dir)
    return sorted(folder.glob("*")) if folder.exists() else []


def test_with_the_history_on_the_unfinished_match_is_said_to_be_kept_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=True)
    assert "lost" not in message and "match history keeps" in message, message
    assert kept(driver), "the abandoned match is in the history"


def test_with_the_history_off_it_is_said_to_be_lost_and_is(driver, monkeypatch):
    message = unfinished_then_new(driver, monkeypatch, keep_history=False)
    assert "will be lost" in message, message
    assert not kept(driver)


def unusable_save(driver, monkeypatch, kind: str) -> bytes:
    """An unfinished match with moves in it that cannot simply go into the history, on the
    title screen; its bytes."""
    folder = driver.app.files.data_dir
    slot = SaveSlot(folder)
    slot.save(SeatPlan.hotseat(2), match_in_play())
    if kind == "damaged":
        lines = [json.loads(line) for line in slot.record_path.read_text(encoding="utf-8").splitlines()]
        lines[0]["seats"]["humans"] = [7]
        slot.record_path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    elif kind == "unreadable":
        refuse_to_open(monkeypatch, RECORD_FILE)
    elif kind == "history read-only":
        read_only_history(monkeypatch, folder)
    elif kind == "history a file":
        history.history_folder(folder).write_text("a file where the folder should be", encoding="utf-8")
    driver.screens.title()
    driver.frame()
    return slot.record_path.read_bytes()


def files_holding(folder, content: bytes) -> list:
    return [path for path in folder.rglob("*") if path.is_file() and path.read_bytes() == content]


@pytest.mark.parametrize("kind", ["damaged", "unreadable", "history read-only", "history a file"])
def test_a_new_match_over_an_unusable_save_leaves_its_bytes_on_disk_and_says_where(driver, monkeypatch, kind):
    original = unusable_save(driver, monkeypatch, kind)
    driver.press(driver.button("Two players on this computer"))
    assert driver.top.title == "Start a new match?"
    driver.press(driver.button("New match"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Before you play"
    said = driver.top.message
    driver.press(driver.button("Play"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    driver.frames(3)
    monkeypatch.undo()
    (kept,) = files_holding(driver.app.files.data_dir, original)
    assert str(kept) in said and "not in your match history" in said
    driver.screens.title()  # back to the title
    assert str(kept) in str(driver.app.notice)  # still said there


def test_a_save_that_can_be_neither_kept_nor_moved_is_asked_about_again(driver, monkeypatch):
    original = unusable_save(driver, monkeypatch, "history a file")

    def read_only(path, why="damaged", folder=None):
        raise OSError(30, "Read-only file system", str(path))

    monkeypatch.setattr(savegame, "move_aside", read_only)
    driver.press(driver.button("Two players on this computer"))
    driver.press(driver.button("New match"))
    assert driver.top.title == "The unfinished match cannot be kept"
    assert "the disk can only be read" in driver.top.message and "for good" in driver.top.message
    driver.press(driver.button("Keep it"))  # the default
    assert isinstance(driver.top, TitleScene) and files_holding(driver.app.files.data_dir, original)
    driver.press(driver.button("Two players on this computer"))
    driver.press(driver.button("New match"))
    driver.press(driver.button("Start anyway"))
    assert isinstance(driver.app.stack.scenes[0], TableScene)
    assert not files_holding(driver.app.files.data_dir, original)  # the player said so



# A start cleans up after killed autosaves (issue 18), Continue keeps a damaged save aside and
# says where, `--reset-settings` keeps the old file and the title screen says so.


def test_a_start_removes_what_killed_autosaves_left(display, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    leftover = data / f".{RECORD_FILE}.k1ll3d"
    leftover.write_text('{"type": "header"', encoding="utf-8")
    game = Driver.start(tmp_path, seed=7)
    try:
        assert not leftover.exists()
    finally:
        game.close()


def test_continue_keeps_a_damaged_save_aside_and_says_where(driver):
    driver.press(driver.button("Two players on this computer"))
    slot = SaveSlot(driver.app.files.data_dir)
    lines = [json.loads(line) for line in slot.record_path.read_text(encoding="utf-8").splitlines()]
    lines[0]["seats"]["humans"] = [7]
    slot.record_path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue the unfinished match"))
    assert isinstance(driver.top, TitleScene)
    (kept,) = driver.app.files.data_dir.glob(f"{RECORD_FILE}.damaged-*")
    assert str(kept) in driver.app.notice and "could not be continued" in driver.app.notice
    assert "Continue the unfinished match" not in [b.text for b in driver.top.buttons.values()]


def test_reset_settings_keeps_the_old_file_and_says_so(tmp_path):
    config = tmp_path / "config" / "17steps"
    save_settings(config, Settings(volume=0.1, auto_ron=True))
    done = run_play(tmp_path, "--reset-settings", "--frames", "3")
    assert done.returncode == 0, done.stderr
    (kept,) = config.glob(f"{SETTINGS_FILE}.reset-*")
    assert json.loads(kept.read_text(encoding="utf-8"))["auto_ron"] is True
    assert str(kept) in done.stdout
    assert not (config / SETTINGS_FILE).exists() or json.loads(
        (config / SETTINGS_FILE).read_text(encoding="utf-8")) == Settings().to_dict()


def test_what_the_command_line_did_is_the_title_screens_notice(display, tmp_path):
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                            notice="The settings are back to the defaults; the old ones are kept as X."))
    try:
        assert app.notice is not None and app.notice.startswith("The settings are back")
    finally:
        app.close()


# Watch never shows a hand still in play (play-test defect 21): a solo match saved during the
# build of hand 4 was watched "all open", the AI's whole wall face up, then resumed by
# Continue. The unfinished match is watched up to its last settled hand; with none, Watch
# says so.
@functools.cache
def match_played_into_hand(hand: int) -> tuple[Match, tuple]:
    """A solo match against the Hard AI as the seats build hand `hand` (the dealer's hand
    built, the AI's not), and the walls of that hand: played once for all the tests that save
    it (a second of play each). Only read from then on."""
    match = Match(Rules.preset("kaiji", hands=8), 11)
    agents = [make_agent("easy", seat) for seat in range(2)]
    while True:
        kyoku = match.next_kyoku()
        while kyoku.phase is not Phase.END:
            if match.kyoku_number == hand and kyoku.phase is Phase.BUILD and any(kyoku.view_for(0).built):
                walls = [kyoku.view_for(seat).wall for seat in range(2)]
                return match, tuple(wall for wall in walls if wall is not None)
            seat = kyoku.waiting_on()[0]
            match.apply(agents[seat].act(kyoku.view_for(seat)))


def saved_in_hand(driver, hand: int) -> tuple[list[dict], list[tuple[int, ...]]]:
    """The match of `match_played_into_hand` saved while the seats build hand `hand`, on the
    title screen: its record and the walls of that hand (copies, the test's own)."""
    match, walls = match_played_into_hand(hand)
    driver.app.files.slot.save(SeatPlan.solo(2, "hard"), match)
    driver.screens.title()
    driver.frame()
    return copy.deepcopy(match.record), copy.deepcopy(list(walls))


def watch_by(driver, door: str, record: list[dict]) -> None:
    """Watch the unfinished match: the title's Watch over the save slot, its record dropped
    onto the window, Watch this match on a summary, or the history keeping it as abandoned."""
    import pygame

    if door == "title":
        driver.press(driver.top.buttons["watch"])
    elif door == "dropped":
        driver.frame([pygame.event.Event(pygame.DROPFILE, file=str(driver.app.files.slot.record_path))])
    elif door == "summary":
        driver.screens.watch_match(record, SeatPlan.solo(2, "hard").to_dict())
    else:
        driver.app.files.keep_match(record, SeatPlan.solo(2, "hard").to_dict(), history.ABANDONED, 10)
        driver.press(driver.top.buttons["watch"])


@pytest.mark.parametrize("door", ["title", "dropped", "summary", "history"])
def test_watch_over_a_match_saved_in_hand_4_shows_hands_1_to_3_and_no_wall_of_hand_4(driver, door):
    from game.app.scenes.theatre import TheatreScene
    from game.app.theatre.theatre_frame import OPEN

    record, walls = saved_in_hand(driver, 4)
    assert walls, "the AI's wall is still open to build"
    watch_by(driver, door, record)
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.playback.hands == [1, 2, 3]
    assert [label for label, _id in theatre.kyoku_menu.options_list] == ["Hand 1", "Hand 2", "Hand 3"]
    if door in ("title", "dropped"):  # the save slot's file, named as a player knows it
        assert theatre.title == "the unfinished match"
    assert theatre.point_of_view == OPEN
    drawn = set()
    for position in range(len(theatre.playback.steps)):
        theatre.playback.go(position)
        frame = theatre.frame()
        drawn |= {tuple(seat.wall) for seat in frame.open_seats if seat.wall is not None}
        drawn |= {tuple(frame.bottom_wall)} if frame.bottom_wall is not None else set()
        assert theatre.playback.step.kyoku <= 3
    assert drawn, "the walls of hands 1 to 3 are drawn open"
    assert not drawn & {tuple(wall) for wall in walls}
    assert driver.app.files.slot.exists(), "the match is still there to continue"
    if door == "title":
        theatre.command("last")
        shoot_in_every_language_and_size(driver, "watch_saved_match_last_settled")


@pytest.mark.parametrize("door", ["title", "dropped", "summary"])
def test_watch_over_a_match_with_no_hand_settled_says_so(driver, door):
    record, _walls = saved_in_hand(driver, 1)
    watch_by(driver, door, record)
    assert isinstance(driver.top, Dialog) and driver.top.title == "No hand to watch yet"
    assert driver.top.message.startswith("No hand of this match is over yet"), driver.top.message
    if door == "title":
        shoot_in_every_language_and_size(driver, "watch_no_hand_over")
    driver.press(driver.button("OK"))
    assert isinstance(driver.top, TitleScene)


# Play-test leftover: "No hand of this match is over yet (20261201-093015-48213377-3fa9c2d1e0b4.jsonl)". A
# player knows a kept match as the statistics name it (whom it was against, its rules, its day), not by
# its file; a file that cannot be read is still named by its file, which is what finds it.
def kept_with_no_hand_over(driver, whole: bool) -> Path:
    """A match against the Hard AI kept in the history as abandoned: as it was while the seats
    built hand 1 (`whole`), or only its header (a match kept before its first deal)."""
    match, _walls = match_played_into_hand(1)
    record = copy.deepcopy(match.record if whole else match.record[:1])
    return driver.app.files.keep_match(record, SeatPlan.solo(2, "hard").to_dict(), history.ABANDONED, 10)


def named_as_kept(driver, path: Path) -> list[str]:
    """The words that name the kept match at `path` in the current language: the Hard AI's
    name, the rules' and the day it was kept."""
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    kept_at = header["history"]["kept_at"]
    return [seat_names(header, 2)[1], group_name("kaiji"), shown_day(kept_at[:10], path.name[:8])]


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("whole", [True, False], ids=["no_hand_over", "no_hand"])
def test_a_kept_match_with_no_hand_to_watch_is_named_as_the_statistics_name_it(driver, language, whole):
    driver.app.change_settings(driver.app.settings.with_changes(language=language, window_size=(1024, 640)))
    path = kept_with_no_hand_over(driver, whole)
    assert not driver.screens.watch(path)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and dialog.title == i18n._("No hand to watch yet")
    message = str(dialog.message)
    assert path.name not in message and path.stem[:8] not in message
    assert all(words in message for words in named_as_kept(driver, path)), message
    if language == "en":  # a date written in words is never split over two lines (a Chinese or
        # Japanese line may break between any two characters, as those languages are set)
        day = named_as_kept(driver, path)[2].replace(NO_BREAK_SPACE, " ")
        for width in range(200, 760, 20):
            assert any(day in line for line in driver.app.text.wrap(message, 18, width)), (width, message)
    driver.frame()
    if SHOTS:
        pygame.image.save(driver.app.display.window, f"{SHOTS}/watch_kept_{'no_hand_over' if whole else 'no_hand'}"
                                                     f"_1024_{language}.png")


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_kept_match_that_cannot_be_read_is_named_by_its_file(driver, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language, window_size=(1024, 640)))
    path = kept_with_no_hand_over(driver, whole=True)
    path.write_text(path.read_text(encoding="utf-8")[:40], encoding="utf-8")  # cut short in its header
    assert not driver.screens.watch(path)
    dialog = driver.top
    assert isinstance(dialog, Dialog) and dialog.title == i18n._("This file cannot be watched")
    assert path.name in str(dialog.message), dialog.message
    driver.frame()
    if SHOTS:
        pygame.image.save(driver.app.display.window, f"{SHOTS}/watch_kept_damaged_1024_{language}.png")


def test_a_kept_match_of_people_sharing_the_screen_is_named_by_everyone_at_the_table(driver):
    match, _walls = match_played_into_hand(1)
    path = driver.app.files.keep_match(copy.deepcopy(match.record), SeatPlan.hotseat(2).to_dict(),
                                       history.ABANDONED, 10)
    assert not driver.screens.watch(path)
    assert isinstance(driver.top, Dialog)
    assert "(Player 1, Player 2 at the table, Kaiji, " in str(driver.top.message), driver.top.message


def test_a_record_from_elsewhere_with_no_hand_is_named_by_its_file(driver, tmp_path):
    """A record not kept by the history (the arena's, one sent with a bug report) says no more
    of its match than its file's name, which is what the player dropped onto the window."""
    match, _walls = match_played_into_hand(1)
    path = tmp_path / "arena-0007.jsonl"
    write_record(path, copy.deepcopy(match.record[:1]))
    assert not driver.screens.watch(path)
    assert isinstance(driver.top, Dialog) and "(arena-0007.jsonl)" in str(driver.top.message)
