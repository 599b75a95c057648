"""The replay theatre in the window: opened from a file, the title and a drop; stepped by
keys and buttons; drawn from a seat and with every hand open, for 2, 3 and 4 players."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app.history.history import history_folder, keep_match
from game.app.play.result_frame import result_frame
from game.app.scenes.dialog import Dialog
from game.app.scenes.theatre import BANNER_BESIDE, TheatreScene, damage_notice
from game.app.scenes.title import TitleScene
from game.app.theatre.theatre_frame import OPEN, seat_names
from game.app.views import legible
from game.app.views.open_hands import open_rects
from game.app.views.result_panel import ResultPanel
from game.app.window import layout
from game.app.words import i18n
from game.engine.kyoku import Phase
from game.engine.record import write_record
from tests.helpers import kept
from tests.test_playback import as_shown, live_match, record_lines
from tests.ui.test_centre import Inked
from tests.ui.test_screens import SHOTS, shot


def record_file(folder: Path, preset: str, seed: int = 5) -> Path:
    path = folder / f"{preset}.jsonl"
    write_record(path, played_record(preset, seed))
    return path


@kept
def played_record(preset: str, seed: int) -> tuple[dict, ...]:
    """The record of a two-hand match the AI plays (a second of CPU each: made once per
    worker, as the record is only read)."""
    match, _ = live_match(preset, 2, seed)
    return tuple(match.record)



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



def watched_before_the_end(driver, tmp_path, preset: str) -> TheatreScene:
    """A record of `preset` watched, at the step before its first hand's end (every hand open)."""
    driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    theatre = driver.top
    playback = theatre.playback
    end = next(i for i, step in enumerate(playback.steps) if step.phase is Phase.END)
    playback.go(end - 1)
    return theatre


def test_the_open_view_shows_every_hand_and_the_result_at_the_hand_end(driver, tmp_path):
    theatre = watched_before_the_end(driver, tmp_path, "four_player")
    playback = theatre.playback
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
    assert isinstance(driver.top, Dialog)
    assert driver.top.message.startswith("This record (notes.jsonl) cannot be read: line 1 "), driver.top.message



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



# The theatre under a dialog (a dropped file that is no record): the step under way
# finishes its motion — the discard lands, the dora finishes turning — and frames are drawn
# for it; playing waits with its clock stopped until the dialog closes, as at the table.
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



# The theatre's banner over a damaged or diverging record speaks the player's language: the
# line where it went wrong, in the theatre's own sentence, without the record reader's English
# (「此文件已损坏：…, line 97: not valid JSON (Unterminated string starting at); the file may be
# truncated or edited——只显示到该处。」, from the play-through).
LATIN = re.compile("[A-Za-z]")



def drawn_words(driver, monkeypatch) -> list[str]:
    words: list[str] = []
    draw = driver.app.text.draw

    def noting(surface, text, *args, **kwargs):
        words.append(str(text))
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(driver.app.text, "draw", noting)
    driver.frame()
    monkeypatch.undo()
    return words



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_cut_record_s_banner_names_its_line_in_the_language(driver, tmp_path, monkeypatch, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    theatre = watching_a_cut_record(driver, tmp_path)
    damage = theatre.playback.damage
    message = damage_notice(theatre.playback)
    assert message is not None and str(damage.line) in message and "JSON" not in message
    if language == "en":
        assert message == f"This file is cut short: its last line ({damage.line}) is incomplete — shown up to there."
    else:
        assert not LATIN.search(message), message
    banner = "".join(words for words in drawn_words(driver, monkeypatch) if words in message)
    assert banner.replace(" ", "") == message.replace(" ", "")



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_line_edited_inside_the_file_and_a_forged_action_are_said_by_their_line(driver, tmp_path, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))

    path = record_file(tmp_path, "kaiji")
    rows = path.read_text(encoding="utf-8").splitlines()
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join([*rows[:19], "[1, 2]", *rows[20:]]) + "\n", encoding="utf-8")
    number = next(index for index, row in enumerate(rows, start=1) if '"action":"discard"' in row)
    action = json.loads(rows[number - 1])
    forged = tmp_path / "forged.jsonl"
    forged_row = json.dumps({**action, "tile": "7z" if action["tile"] != "7z" else "1m"})
    forged.write_text("\n".join([*rows[: number - 1], forged_row, *rows[number:]]) + "\n", encoding="utf-8")
    said = []
    for path in (edited, forged):
        assert driver.screens.watch(path)
        driver.frame()
        said.append(damage_notice(driver.top.playback))
        driver.top.command("back_to_title")
        driver.frame()
    assert "20" in said[0] and str(number) in said[1] and said[0] != said[1]
    if language == "en":
        assert said == ["This file is damaged from line 20: it may be cut short or edited — shown up to there.",
                        f"This record diverges from the engine at line {number} — shown up to there."]
    else:
        assert not any(LATIN.search(words) for words in said), said



# The theatre's own words beside its bar (the step counter) and its banner (a damaged or
# diverging record) are at the table's least readable size in every language.
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_step_counter_and_the_damage_banner_are_at_the_floor(driver, tmp_path, monkeypatch, language):
    i18n.set_language(language)
    try:
        theatre = watching_a_cut_record(driver, tmp_path)
        sizes: dict[str, int] = {}
        draw = driver.app.text.draw

        def noting(surface, words, size, *args, **kwargs):
            sizes[str(words)] = size
            return draw(surface, words, size, *args, **kwargs)

        monkeypatch.setattr(driver.app.text, "draw", noting)
        driver.frame()
        counter = f"{theatre.playback.position + 1}/{len(theatre.playback.steps)}"
        assert sizes[counter] >= legible.smallest()
        message = damage_notice(theatre.playback)
        banner = [size for words, size in sizes.items() if len(words) > 3 and words.strip() in message]
        assert banner and min(banner) >= legible.smallest(), sizes
    finally:
        i18n.set_language("en")



def test_a_wall_without_tenpai_is_said_so_in_the_build_review(driver):
    import pygame

    from game.app.theatre.theatre_overlays import BuildReview
    from game.app.views.overlay_panels import draw_build_review
    from game.app.window import layout
    from game.app.window.art import TileArt
    from game.app.window.text import Text
    from tests.ui.test_centre import Inked

    text = Text()
    inked = Inked(text)
    review = BuildReview(0, "19m19p19s1234567z", 0.0, (), 0)
    draw_build_review(pygame.Surface(layout.SCREEN.size), TileArt(), text, layout.for_players(2).helper, review,
                      "East", False)
    words = [str(drawn) for drawn, _ink in inked.drawn]
    assert "This wall holds no tenpai hand." in words
    assert not any("The best of" in drawn for drawn in words)



# Play-test findings in the theatre: a match kept in the history is watched under its
# players' names; what the result and the position say at a hand's end.
def test_a_match_kept_in_the_history_is_watched_under_its_players_names(driver):
    match, _ = live_match("kaiji", 1, seed=5)
    plan = {"mode": "solo", "humans": [0], "names": ["You", "Hard AI"], "ai_level": "hard",
            "levels": [None, "hard"]}
    path = keep_match(history_folder(driver.app.files.data_dir), record_lines(match), plan, "finished", 200)
    assert driver.screens.watch(path)
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.names == ("You", "Hard AI")
    theatre.command("forward")
    assert "(Hard AI) flips the dora" in theatre.frame().caption
    assert [seat.name for seat in theatre.frame().table.seats] == ["You", "Hard AI"]



def test_an_overlay_panel_is_only_as_tall_as_what_it_shows(driver, tmp_path):
    from game.app.window import layout
    from tests.ui.test_theatre import record_file, wait_for

    driver.screens.watch(record_file(tmp_path, "four_player"))
    driver.frame()
    theatre = driver.top
    playback = theatre.playback
    playback.go(next(i for i, s in enumerate(playback.steps) if s.action and s.action["action"] == "discard") + 1)
    area = layout.for_players(4).helper
    lower = pygame.Rect(area.left, area.bottom - 60, area.width, 60)  # the table there stays in sight
    bare = pygame.Surface((1280, 800))
    theatre.draw(bare)
    theatre.command("danger")
    _seat, future = theatre.discard_danger()
    wait_for(driver, future)
    with_danger = pygame.Surface((1280, 800))
    theatre.draw(with_danger)
    assert pixels(with_danger, area) != pixels(bare, area)  # the panel is drawn
    assert pixels(with_danger, lower) == pixels(bare, lower)



def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")



def watching_a_cut_record(driver, tmp_path) -> TheatreScene:
    """The theatre on a record cut in half, at its last table (not a result)."""
    from tests.ui.test_theatre import record_file

    path = record_file(tmp_path, "kaiji")
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert driver.screens.watch(path)
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.playback.damage is not None
    theatre.command("last")
    theatre.command("back")  # the table, not a result
    return theatre



def test_a_file_cut_short_is_watched_up_to_the_cut_and_says_so(driver, tmp_path):
    from tests.ui.test_screens import shot

    theatre = watching_a_cut_record(driver, tmp_path)
    with_banner = shot(driver, "theatre_damaged")
    theatre.playback.damage = None
    driver.frame()
    assert pixels(with_banner, BANNER_BESIDE) != pixels(driver.pixels(), BANNER_BESIDE)



def test_esc_closes_the_open_hand_menu_before_it_leaves_the_theatre(driver, tmp_path):
    from tests.ui.test_theatre import record_file

    driver.screens.watch(record_file(tmp_path, "kaiji"))
    driver.frame()
    theatre = driver.top
    menu = theatre.kyoku_menu
    driver.click(menu.rect.center)
    driver.frames(3)
    assert menu.current_state is menu.menu_states["expanded"]
    driver.key(pygame.K_ESCAPE)
    driver.frames(3)
    assert driver.top is theatre and menu.current_state is menu.menu_states["closed"]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not theatre



# The theatre's toggles say whether they are on, and stepping by round stops at every
# seat's build, so that the build review of each seat is shown in turn.
def open_theatre(driver, folder, preset: str = "kaiji"):

    assert driver.screens.watch(record_file(folder, preset))
    driver.frame()
    return driver.top



def test_the_result_button_says_whether_the_result_is_shown(driver, tmp_path):
    theatre = open_theatre(driver, tmp_path)
    button = theatre.buttons["result"]
    assert theatre.show_result and button.text == "Result: on"
    driver.press(button)
    assert not theatre.show_result and button.text == "Result: off"
    key(driver, pygame.K_r)
    assert theatre.show_result and button.text == "Result: on"
    assert [theatre.buttons[name].text for name in ("builds", "danger")] == ["Builds: off", "Danger: off"]



@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
def test_stepping_by_round_shows_every_seats_build_review_in_turn(driver, tmp_path, preset):
    theatre = open_theatre(driver, tmp_path, preset)
    playback = theatre.playback
    key(driver, pygame.K_b)
    builders = [step.action["seat"] for step in playback.steps
                if step.kyoku == 1 and step.action and step.action["action"] == "build"]
    assert sorted(builders) == list(range(playback.rules.players))
    reviewed = []
    while playback.step.phase is not Phase.DISCARD:
        driver.press(theatre.buttons["forward_round"])
        review = theatre.build_review()
        if review is not None:
            wait_for(driver, review)
            reviewed.append(review.result().seat)
    assert reviewed == builders



def words_drawn(driver, monkeypatch) -> list[str]:
    """Every text the next frame draws (besides the gui's own)."""
    words: list[str] = []
    draw = driver.app.text.draw
    monkeypatch.setattr(driver.app.text, "draw", lambda surface, text, *rest, **named: (
        words.append(text), draw(surface, text, *rest, **named))[1])
    driver.frame()
    monkeypatch.undo()
    return words



@pytest.mark.parametrize(("language", "measure", "built"), [
    ("en", "Worth: live winning tiles × their value in mangans", "Built: worth "),
    ("ja", "価値：残りの当たり牌の枚数×その打点（満貫換算）", "作った手：価値"),
    ("zh_CN", "价值：余下的和牌张数×其打点（以满贯计）", "所组手牌：价值"),
])
def test_the_build_review_says_what_its_number_counts_and_names_the_seat_in_the_language(
        driver, tmp_path, monkeypatch, language, measure, built):
    from game.app.words import i18n, terms

    theatre = open_theatre(driver, tmp_path)
    playback = theatre.playback
    theatre.command("builds")
    playback.go(next(i for i, s in enumerate(playback.steps) if s.action and s.action["action"] == "build"))
    wait_for(driver, theatre.build_review())
    i18n.set_language(language)
    words = words_drawn(driver, monkeypatch)
    wind = playback.step.views[0].seat_winds[playback.step.action["seat"]]
    assert language == "en" or not terms.wind(wind).isascii()
    assert any(word.startswith(terms.wind(wind) + ("：" if language != "en" else ":")) for word in words)
    lines = ("" if language != "en" else " ").join(words)  # the panel wraps its words to its width
    assert measure in lines
    assert any(word.startswith(built) for word in words)
    assert not any("mangan units" in word or "expected" in word for word in words)



# A hand's result in the theatre ends above the control bar: no button, the hand menu or
# the step counter lies on its panel or its border, and every word of the result stays
# inside the panel, for 2, 3 and 4 players, in every language.
GAP = 4



@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("preset", ["kaiji", "three_player", "four_player"])
def test_the_result_ends_above_the_bar_and_holds_its_words(driver, tmp_path, preset, language):
    i18n.set_language(language)
    assert driver.screens.watch(record_file(tmp_path, preset))
    driver.frame()
    theatre = driver.top
    controls = {name: button.rect for name, button in theatre.buttons.items()}
    controls["hand menu"] = theatre.kyoku_menu.rect
    problems = []
    results = [index for index, step in enumerate(theatre.playback.steps) if step.settlement is not None]
    assert results
    inked = Inked(driver.app.text)
    for index in results:
        theatre.playback.go(index)
        picture = pygame.Surface((1280, 800))
        theatre.draw(picture)
        counter = inked.drawn[-1]  # the step counter, drawn over the result
        result = theatre._result(theatre.playback.step.kyoku)
        panel = getattr(result, "panel", layout.RESULT_PANEL)
        inked.drawn.clear()
        result.draw(picture)
        for name, rect in [*controls.items(), counter]:
            if rect.colliderect(panel.inflate(2 * GAP, 2 * GAP)):
                problems.append(f"step {index}: {name} {rect} lies on the result {panel}")
        words = inked.drawn
        assert words, "the result says nothing"
        problems += [f"step {index}: {w!r} {ink} leaves the result {panel}" for w, ink in words
                     if not panel.inflate(-2 * GAP, -2 * GAP).contains(ink)]
    assert problems == [], "\n".join(problems)



# The theatre names a kept match's seats as the table did, in the player's language (from
# the Japanese play-through: 東家・Normal AI and 西家・You on a Japanese screen).
@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")



def test_the_game_s_own_names_are_shown_in_the_language(japanese):
    saved = {"seats": {"names": ["You", "Normal AI"]}}
    assert seat_names(saved, 2) == ("あなた", "標準AI")
    kept = {"history": {"plan": {"names": ["Player 1", "Player 2", "Easy AI"]}}}
    assert seat_names(kept, 3) == ("プレイヤー1", "プレイヤー2", "初級AI")



def test_a_name_a_player_gave_stays_as_given(japanese):
    assert seat_names({"seats": {"names": ["Kaiji", "Hard AI"]}}, 2) == ("Kaiji", "上級AI")


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_every_open_hand_shows_its_waits_upright_beside_its_tiles(driver, tmp_path, monkeypatch, preset):
    """With every hand open only the bottom seat's hand said its waits; a side seat's lay
    sideways, its waits only guessed from its pool's markers."""
    theatre = watched_before_the_end(driver, tmp_path, preset)
    waiting = [seat for seat in theatre.frame().open_seats if seat.hand is not None and seat.waits]
    assert waiting, "a seat other than the bottom one waits at the end of the hand"
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert drawn.count("Waits") >= len(waiting) + 1, drawn  # the bottom seat's and every open seat's
    shot(driver, f"theatre_{preset}_open_waits")
    save_small(driver, f"theatre_{preset}_open_waits")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_every_open_seat_is_drawn_upright_where_the_layout_puts_it(driver, tmp_path, preset, language):
    """A side seat's open hand was a column of small sideways tiles at the screen's edge and
    its pool a block of them (the player's #13): face up, every tile stands upright, a side
    seat's in rows of seven on the felt beside its river (tests/test_theatre_open_hands.py)."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    theatre = watched_before_the_end(driver, tmp_path, preset)
    driver.frame()
    surface = Blits(layout.SCREEN.size)
    theatre.draw(surface)
    table = layout.for_players(theatre.rules.players)
    for seat in theatre.frame().open_seats:
        hand, pool = open_rects(table, seat.place, len(seat.pool))
        for rect in (*hand, *pool):
            assert rect.topleft in surface.upright, (seat.place, rect)
    shot(driver, f"theatre_open_{preset}_{language}")
    save_small(driver, f"theatre_open_{preset}_{language}")
    key(driver, pygame.K_RIGHT)  # the hand's end, its result hidden: the table beneath
    key(driver, pygame.K_r)
    shot(driver, f"theatre_open_end_{preset}_{language}")
    save_small(driver, f"theatre_open_end_{preset}_{language}")


class Blits(pygame.Surface):
    """A surface that remembers where an upright tile (taller than wide) went."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.upright: set[tuple[int, int]] = set()

    def blit(self, source, dest, *rest, **named):
        rect = super().blit(source, dest, *rest, **named)
        if source.get_height() > source.get_width():
            self.upright.add(rect.topleft)
        return rect
