"""Play-test findings in the theatre: a match kept in the history is watched under its
players' names; what the result and the position say at a hand's end."""

from __future__ import annotations

import pygame

from game.app.history.history import history_folder, keep_match
from game.app.scenes.theatre import BANNER_BESIDE, TheatreScene
from tests.test_playback import live_match, record_lines


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
