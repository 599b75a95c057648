"""Every screen renders, and the menus, settings and rules page do what they say."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.app.history.player_files import SETTINGS_FILE, save_settings
from game.app.scene import Screens, Services
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene
from game.app.scenes.title import TitleScene
from game.app.settings import Settings
from game.app.words.rule_texts import OPTIONS, PRESET_NAMES
from game.engine.rules import Rules
from tests.ui.autoplay import answer, play_to_result
from tests.ui.driver import Driver

SHOTS = os.environ.get("SEVENTEEN_STEPS_SHOTS")  # a folder to keep the screenshots in, to look at


def shot(driver: Driver, name: str) -> pygame.Surface:
    """The current frame; it must be a real picture, not an empty or one-colour screen."""
    frame = driver.pixels()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(frame, str(Path(SHOTS) / f"{name}.png"))
    small = pygame.transform.scale(frame, (64, 40))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(40)}
    assert len(colours) > 20, f"{name} looks empty"
    return frame


def choose(driver: Driver, scene: SettingsScene, name: str, label: str) -> None:
    """Pick `label` in the drop-down called `name`, as the gui reports a choice."""
    menu = scene.controls[name]
    index = [text for text, _ in menu.options_list].index(label)
    driver.frame(
        [
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                ui_element=menu,
                text=label,
                selected_option_id=f"#choice{index}",
            )
        ]
    )


def test_the_title_offers_every_way_in_and_works_by_keyboard(driver):
    assert isinstance(driver.top, TitleScene)
    for label in ("Easy", "Normal", "Hard", "Two players on this computer", "Rules", "Settings", "Quit"):
        assert driver.button(label)
    shot(driver, "title")
    driver.key(pygame.K_UP)  # from the first button, up wraps round to Quit
    driver.key(pygame.K_RETURN)
    assert not driver.app.running


def test_the_settings_screen_explains_every_rule_option_and_saves_changes(driver):
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    for option in OPTIONS.values():
        assert option.name in scene.controls
    for name in ("Window size", "Fullscreen", "Animations", "Sound volume", "AI pace", "Preset"):
        assert name in scene.controls
    shot(driver, "settings")
    choose(driver, scene, "Match length", "4 hands")
    choose(driver, scene, "Animations", "Instant")
    assert driver.app.settings.rules.hands == 4 and driver.app.settings.animation == "instant"
    saved = json.loads((driver.app.files.config_dir / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["rules"]["changes"] == {"hands": 4} and saved["animation"] == "instant"
    choose(driver, scene, "Preset", PRESET_NAMES["pro_stream"])
    assert driver.app.settings.rules == Rules.preset("pro_stream")
    assert scene.controls["Red fives"].is_checked  # the rows now show the new preset


def test_a_combination_the_rules_refuse_is_explained_and_not_kept(driver):
    driver.press(driver.button("Settings"))
    scene = driver.top
    box = scene.controls["Virtual dora (4 players)"]
    driver.frame([pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, ui_element=box)])
    assert driver.app.settings.rules.virtual_dora is False
    assert scene.message is not None and "virtual_dora" in scene.message


def test_a_three_player_preset_offers_every_new_game_button(driver):
    driver.press(driver.button("Settings"))
    choose(driver, driver.top, "Preset", PRESET_NAMES["three_player"])
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)
    for label in ("Three players", "Easy", "Normal", "Hard", "Choose players"):
        assert driver.button(label).is_enabled
    shot(driver, "title_three_players")


def test_a_damaged_settings_file_falls_back_to_defaults_with_a_notice(display, tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / SETTINGS_FILE).write_text("]]", encoding="utf-8")
    game = Driver.start(tmp_path, seed=1)
    try:
        assert game.app.settings == Settings()
        assert game.app.notice is not None and "defaults" in game.app.notice
        shot(game, "title_with_notice")
    finally:
        game.close()


def test_the_rules_page_draws_tiles_covers_the_preset_and_scrolls(driver):
    save_settings(driver.app.files.config_dir, Settings(rules=Rules.preset("moegirl")))
    driver.app.settings = Settings(rules=Rules.preset("moegirl"))
    driver.press(driver.button("Rules"))
    page = driver.top
    assert isinstance(page, RulesScene)
    frame = shot(driver, "rules")
    face = pygame.mask.from_threshold(frame, (246, 242, 228), (10, 10, 10, 255)).count()
    assert face > 500, "the example tiles are drawn as tiles"
    assert page.max_scroll > 0
    driver.key(pygame.K_PAGEDOWN)
    assert page.scroll > 0
    driver.key(pygame.K_END)
    assert page.scroll == page.max_scroll
    shot(driver, "rules_end")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)


def test_rules_page_text_names_the_preset_and_its_choices(driver):
    from game.app.scenes.rules_page import pages

    blocks = pages(Rules.preset("pro_stream"))
    bodies = [block.body for block in blocks]
    assert f"The rules in use: {PRESET_NAMES['pro_stream']}" in bodies
    assert "Red fives: On" in bodies and "Renhou: A 4-han yaku" in bodies


@pytest.mark.parametrize("mode", ["hotseat"])
def test_every_table_screen_renders(driver, mode):
    driver.app.settings = driver.app.settings.with_changes(rules=Rules.preset("kaiji", hands=1))
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    assert isinstance(driver.top, CurtainScene)
    shot(driver, "curtain")
    seen = set()
    while not isinstance(driver.top, ResultScene):
        top, phase = driver.top, table.mode()
        name = "dialog" if isinstance(top, Dialog) else f"table_{phase}" if top is table else None
        if name and name not in seen and name != "table_watch":
            seen.add(name)
            shot(driver, name)
        answer(driver, table)
    assert {"table_dora", "table_build", "table_discard"} <= seen
    driver.frames(5)
    shot(driver, "result")
    driver.look()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SummaryScene)
    shot(driver, "summary")
    driver.look()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TitleScene)


def test_the_menu_on_the_table_leads_back_to_the_title(driver):
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    driver.look()
    driver.key(pygame.K_SPACE)
    assert driver.top is table
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"
    shot(driver, "menu")
    driver.press(driver.button("Title"))
    assert isinstance(driver.top, TitleScene)
    assert driver.button("Continue")


def test_the_screen_map_leads_from_the_title_through_a_match_and_back(driver, tmp_path):
    """game/app/flow.py: the window is every scene's `Services`, the flow its `Screens`; the
    title, the table and the summary take the whole window, the rest open on top."""
    app, screens = driver.app, driver.screens
    assert isinstance(app, Services) and isinstance(screens, Screens)
    for open_one, kind in ((screens.rules, RulesScene), (screens.settings, SettingsScene),
                           (screens.statistics, StatisticsScene), (lambda: screens.new_table(print), NewTableScene)):
        open_one()
        assert isinstance(driver.top, kind) and isinstance(app.stack.scenes[0], TitleScene)
        app.stack.pop()
    driver.press(driver.button("Two players"))
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene) and isinstance(driver.top, CurtainScene) and len(app.stack.scenes) == 2
    result = play_to_result(driver, table)
    assert app.stack.scenes == [table, result]
    screens.pause()
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"
    app.stack.pop()
    screens.summary(table.session)
    assert [type(scene) for scene in app.stack.scenes] == [SummaryScene]
    record = tmp_path / "match.jsonl"
    record.write_text("\n".join(json.dumps(line) for line in table.session.match.record), encoding="utf-8")
    assert screens.watch(record) and isinstance(driver.top, TheatreScene)
    screens.title()
    assert [type(scene) for scene in app.stack.scenes] == [TitleScene]


def test_a_drawn_hand_shows_every_hand(driver):
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    result = play_to_result(driver, table)
    if table.session.kyoku.result.drawn:
        assert len(result.frame.draws) == 2 and all(len(seat.hand) == 13 for seat in result.frame.draws)
    else:
        assert result.frame.wins[0].hand
