"""The window's languages (game/app/words/i18n.py as the player meets it): no text on screen
bypasses the catalog; the language setting, applied at once and at the next start; notices
that follow a language switch; one English word in two meanings as two messages.

No text bypasses the catalog: every screen is drawn in the pseudo-locale, which
wraps each translated message in ⟦ ⟧, and every text drawn (through game/app/window/text.py) or
shown by a gui element must lie inside the markers. Outside them only numbers, punctuation,
symbols, tile notation (mpsz) and the languages' own names (the language menu) may appear."""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.app.flow import Flow
from game.app.history import history
from game.app.history.player_files import SETTINGS_FILE, load_settings
from game.app.play.session import Notice, SeatPlan
from game.app.scenes import prompts
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.pause import pause_menu
from game.app.scenes.prompts import discard_own_wait
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.statistics import group_name
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene, nothing_to_watch
from game.app.settings import Settings
from game.app.window import layout
from game.app.window.text import Text
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n
from game.app.words.i18n import N_, Message
from game.app.words.rule_texts import PRESET_NAMES
from game.engine.rules import Rules
from game.engine.tiles import parse_tiles, pick_ids
from tests.ui.autoplay import answer
from tests.ui.driver import Driver
from tests.ui.scripted import EXAMPLE_HAND, ScriptedAgent, crafted_table
from tests.ui.test_screens import choose
from tests.ui.test_smoke import run_game, smoke_numbers
from tests.ui.test_statistics_screen import keep_fixtures
from tests.ui.test_table import AVOID, drag_example_hand, solo_table
from tests.ui.test_theatre import record_file
from tests.ui.test_theme import every_new_table_choice, shown_elements

MARKED = re.compile(f"{i18n.PSEUDO_OPEN}[^{i18n.PSEUDO_OPEN}{i18n.PSEUDO_CLOSE}]*{i18n.PSEUDO_CLOSE}")
CUT = re.compile(f"{i18n.PSEUDO_OPEN}[^{i18n.PSEUDO_OPEN}{i18n.PSEUDO_CLOSE}]*…")
"""A translated name cut to fit its place (game/app/window/fitting.py): its end marker is cut off with it."""
TILES = re.compile(r"(?<![A-Za-z])(?:[0-9]+[mpsz])+(?![A-Za-z])")
TAGS = re.compile(r"<[^>]*>")


def outside_the_catalog(text: str) -> bool:
    """Whether `text` shows words that did not come through the catalog."""
    if text.strip() in i18n.LANGUAGE_NAMES.values():
        return False  # each language by its own name, never translated
    rest, before = text, None
    while rest != before:  # innermost first: a translated message may hold another
        before, rest = rest, MARKED.sub(" ", CUT.sub(" ", rest))
    rest = TILES.sub(" ", rest)
    return any(unicodedata.category(char).startswith("L") for char in rest)


def gui_texts(app: App) -> Iterator[str]:
    """The words of every visible gui element, and every choice its drop-downs offer."""
    for element in shown_elements(app.manager.get_root_container()):
        if isinstance(element, UIDropDownMenu):
            yield from (text for text, _ in element.options_list)
        for name in ("text", "html_text"):
            words = getattr(element, name, None)
            if isinstance(words, str):
                yield TAGS.sub("", words)


def report(screens: Screens) -> str:
    """Every screen with words outside the catalog, and those words, in full."""
    lines = [f"{len(screens.misses)} of {len(screens.looked)} screens show text outside the catalog:"]
    for name, texts in screens.misses.items():
        lines.append(f"  {name}:")
        lines.extend(f"    {text!r}" for text in texts)
    return "\n".join(lines)


class Screens:
    """Looks at the screens one after another, keeping what each shows outside the catalog."""

    def __init__(self, driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
        self.driver = driver
        self.drawn: list[str] = []
        self.misses: dict[str, list[str]] = {}
        self.looked: list[str] = []
        self.wrapped: dict[str, str] = {}
        """Each line `Text.wrap` made, to the whole text it came from (checked whole: a line
        of a long message holds only one of its markers, or none)."""
        render, wrap = Text.render, Text.wrap

        def recording_render(text_self: Text, text: str, *args, **kwargs) -> pygame.Surface:
            self.drawn.append(self.wrapped.get(text, text))
            return render(text_self, text, *args, **kwargs)

        def recording_wrap(text_self: Text, text: str, *args, **kwargs) -> list[str]:
            lines = wrap(text_self, text, *args, **kwargs)
            self.wrapped.update((line, text) for line in lines if line != text)
            return lines

        monkeypatch.setattr(Text, "render", recording_render)
        monkeypatch.setattr(Text, "wrap", recording_wrap)

    def look(self, name: str, frames: int = 2) -> None:
        """Draw the screen on view and keep what it shows (and what was drawn since the last
        look: text drawn once into a picture, like the rules page, counts where it was made)."""
        self.driver.frames(frames)
        shown = [*self.drawn, *(self.wrapped.get(text, text) for text in gui_texts(self.driver.app))]
        self.drawn.clear()
        self.looked.append(name)
        missed = sorted({text for text in shown if outside_the_catalog(text)})
        if missed:
            self.misses[name] = missed


@pytest.fixture
def screens(display, tmp_path, monkeypatch) -> Iterator[Screens]:
    app = App(LaunchOptions(seed=7, config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                            screenshot_dir=tmp_path / "shots", language=i18n.PSEUDO))
    app.settings = app.settings.with_changes(ai_delay_s=0.0)
    flow = Flow(app)
    flow.title()
    driver = Driver(app, flow)
    yield Screens(driver, monkeypatch)
    driver.close()


def test_the_check_finds_text_that_bypasses_the_catalog():
    assert outside_the_catalog("Discards 3/17")
    assert outside_the_catalog("⟦Pass to {wind}⟧ East")
    assert outside_the_catalog("十七歩")
    assert not outside_the_catalog("⟦Rules: ⟦Kaiji (the manga)⟧ · 8⟧")
    assert not outside_the_catalog("123m456p789s1234z  +1.5  −2,000  3/17 · 70 %")
    assert not outside_the_catalog("日本語")


def test_the_title_and_its_notices(screens, tmp_path):
    screens.look("title")
    app = screens.driver.app
    app.notice = i18n._("The unfinished match could not be continued: {reason}.").format(reason="…")
    screens.look("title with a notice")
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    screens.look("a passing message (screenshot saved)")
    assert screens.misses == {}, report(screens)


def test_a_damaged_settings_file_is_told_in_the_language(display, tmp_path, monkeypatch):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / SETTINGS_FILE).write_text("{ not json", encoding="utf-8")
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", language=i18n.PSEUDO))
    flow = Flow(app)
    flow.title()
    screens = Screens(Driver(app, flow), monkeypatch)
    try:
        assert app.notice is not None
        screens.look("title with the settings notice")
    finally:
        app.close()
    assert screens.misses == {}, report(screens)


@pytest.mark.parametrize("preset", list(PRESET_NAMES))
def test_the_settings_for_every_preset(screens, preset):
    app = screens.driver.app
    app.change_settings(app.settings.with_changes(rules=Rules.preset(preset)))
    app.stack.push(SettingsScene(app))
    scene = app.stack.top
    bar = scene.container.vert_scroll_bar
    for position in (0.0, 0.5, 1.0):
        if bar is not None:
            bar.set_scroll_from_start_percentage(position)
        screens.look(f"settings {preset} scrolled {position:.0%}")
    box = scene.controls["Virtual dora (4 players)"]
    if preset != "four_player":
        screens.driver.frame([pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, ui_element=box)])
        assert scene.message is not None
        screens.look("settings: a refused combination explained")
    assert screens.misses == {}, report(screens)


def test_the_rules_page(screens):
    app = screens.driver.app
    for preset in PRESET_NAMES:
        app.settings = app.settings.with_changes(rules=Rules.preset(preset))
        app.stack.push(RulesScene(app))
        scene = app.stack.top
        for scroll in range(0, scene.max_scroll + 1, 700):
            scene.scroll = scroll
            screens.look(f"rules page {preset} at {scroll}")
        app.stack.pop()
    assert screens.misses == {}, report(screens)


def test_the_new_table_screen(screens):
    for count in every_new_table_choice(screens.driver.app):
        screens.look(f"new table, {count} players")
    assert screens.misses == {}, report(screens)


def wait(driver: Driver, done: Callable[[], bool]) -> None:
    driver.wait_until(done, frames=30)


def discard(driver: Driver, table) -> None:
    """Discard the first pool tile that is none of the hand's own winning tiles, and draw a
    frame (one only: a notice card that comes next is seen)."""
    view = table.session.view(0)
    table.request_discard(next((tile for tile in view.pool if tile // 4 not in view.waits), view.pool[0]))
    driver.frame()


def test_a_hand_at_the_table_from_the_dora_to_the_summary(screens):
    driver, app = screens.driver, screens.driver.app
    app.settings = app.settings.with_changes(rules=Rules.preset("kaiji", hands=1))
    table = crafted_table(app, ScriptedAgent(discards=[None, "2m", "4m"], avoid=AVOID),
                          rules=Rules.preset("kaiji", hands=1))
    screens.look("table: choosing the dora")
    driver.click(layout.side_stack_rect(1, 0).center)
    wait(driver, lambda: table.mode() == "build")
    screens.look("table: building, the helper before its answer")
    table.helpers[0].wait_until_ready(timeout=60)
    for index in range(5):
        driver.click(layout.build_wall_rect(index).center)
    screens.look("table: building, the helper with a partial hand", frames=6)
    table.build_command("clear")
    for index in range(13):
        driver.click(layout.build_wall_rect(index + 10).center)
    screens.look("table: building, the helper with a full hand that cannot win", frames=6)
    table.confirm_build()
    assert isinstance(driver.top, Dialog)
    screens.look("prompt: build anyway?")
    driver.key(pygame.K_ESCAPE)
    for tenpai, floor in ((True, True), (True, False)):
        app.stack.push(prompts.build_anyway(app, tenpai, lambda: None, floor))
        screens.look(f"prompt: build anyway? (tenpai {tenpai}, floor {floor})")
        app.stack.pop()
    table.build_command("clear")
    drag_example_hand(driver, table)
    screens.look("table: building, the helper with the example hand", frames=6)
    table.build_command("sort")
    table.confirm_build()
    wait(driver, lambda: table.mode() == "discard")
    screens.look("table: discarding")
    app.stack.push(prompts.discard_own_wait(app, "4m", lambda: None))
    screens.look("prompt: discard a winning tile?")
    app.stack.pop()
    app.stack.push(prompts.ron_or_pass(app, table.session.wind(1), "4m", lambda _ron: None))
    screens.look("prompt: ron? (worth unknown)")
    app.stack.pop()
    app.stack.push(prompts.notice(app, Notice(0, i18n._("Notice"), None)))
    screens.look("a notice dialog")
    app.stack.pop()
    table.open_menu()
    screens.look("pause menu")
    driver.key(pygame.K_ESCAPE)
    while table.card is None:  # the opponent discards 2m on its second turn
        landed = table.flight is None or table.flight.done  # a notice waits for the discard to land
        if table.mode() == "discard" and landed and not table.session.notices:
            discard(driver, table)
        else:
            driver.frame()
    screens.look("table: the notice card of a winning tile below the floor")
    discard(driver, table)
    while not table.session.kyoku_over:
        if isinstance(driver.top, Dialog):
            screens.look(f"prompt: {driver.top.title}")
            driver.press(driver.top.elements[0])
        elif table.mode() == "discard":
            screens.look("table: discarding on")
            discard(driver, table)
        else:
            driver.frame(dt=0.1)
    screens.look("table: the end of the hand")
    table.open_result()
    assert isinstance(driver.top, ResultScene)
    screens.look("result")
    driver.look()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SummaryScene)
    screens.look("summary")
    assert screens.misses == {}, report(screens)


def test_a_ron_and_its_result(screens):
    driver, app = screens.driver, screens.driver.app
    table = crafted_table(app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.click(layout.side_stack_rect(1, 0).center)
    wait(driver, lambda: table.mode() == "build")
    drag_example_hand(driver, table, EXAMPLE_HAND)
    table.confirm_build()
    wait(driver, lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    wait(driver, lambda: isinstance(driver.top, Dialog))
    screens.look("prompt: ron? (with what it is worth)")
    driver.look()
    driver.key(pygame.K_r)
    wait(driver, lambda: table.session.kyoku_over)
    screens.look("table: the ron called")
    table.open_result()
    screens.look("result of a win")
    assert screens.misses == {}, report(screens)


def test_the_curtain_between_people(screens):
    app = screens.driver.app
    app.stack.top.start_hotseat()
    screens.driver.frame()
    assert isinstance(app.stack.top, CurtainScene)
    screens.look("the curtain")
    assert screens.misses == {}, report(screens)


def test_the_dialogs_of_the_title(screens, tmp_path):
    driver, app = screens.driver, screens.driver.app
    driver.screens.watch_latest()
    screens.look("dialog: no match to watch yet")
    driver.key(pygame.K_ESCAPE)
    bad = tmp_path / "not_a_record.jsonl"
    bad.write_text("not a record\n", encoding="utf-8")
    driver.screens.watch(bad)
    screens.look("dialog: this file cannot be watched")
    driver.key(pygame.K_ESCAPE)
    app.stack.top.start_hotseat()  # a match is saved: the title offers to continue it
    driver.screens.title()
    screens.look("title with an unfinished match")
    app.stack.top.start_new(SeatPlan.hotseat(2))
    assert isinstance(app.stack.top, Dialog)
    screens.look("dialog: start a new match?")
    assert screens.misses == {}, report(screens)


def test_the_statistics(screens):
    driver, app = screens.driver, screens.driver.app
    driver.screens.statistics()
    screens.look("statistics, none kept yet")
    app.stack.pop()
    keep_fixtures(driver)
    folder = history.history_folder(app.files.data_dir)
    (folder / "damaged.jsonl").write_text("{ not json\n", encoding="utf-8")
    driver.screens.statistics()
    scene = app.stack.top
    assert scene.notices
    screens.look("statistics with a chart and a notice")
    scene.ask_reset()
    screens.look("dialog: reset your statistics?")
    assert screens.misses == {}, report(screens)


def test_the_theatre(screens, tmp_path: Path):
    app = screens.driver.app
    for preset in ("kaiji", "four_player"):
        assert screens.driver.screens.watch(record_file(tmp_path, preset))
        theatre = app.stack.top
        assert isinstance(theatre, TheatreScene)
        screens.look(f"theatre {preset}: the start")
        for command in ("forward_hand", "view", "builds", "forward", "forward", "danger", "play", "last"):
            theatre.command(command)
            screens.look(f"theatre {preset}: after {command}", frames=4)
        app.stack.pop()
    assert screens.misses == {}, report(screens)


# No text the table's views and the rules page draw bypasses the catalog: in the pseudo-locale
# every translated message is wrapped in ⟦ ⟧, and every text these modules draw from the deal
# to the result (helper, waits strip, centre, board, plates, badges) and on the rules page
# carries the marks, or is a number, a time or tiles alone.
CHECKED = ("game.app.views.", "game.app.scenes.rules_page")
"""Modules whose every drawn text must come from the catalog."""
NOT_WORDS = re.compile(r"[\d\s:/+\-.,%→·…()]*|([0-9]+[mpsz])+")
"""A number, a time, a count or tile codes: nothing to translate."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(module, text) of every text drawn, the module being the caller of `Text`."""
    seen: list[tuple[str, str]] = []
    render = Text.render

    def recording(self: Text, text: str, *args: object, **kwargs: object):
        frame = sys._getframe(1)
        while frame.f_globals.get("__name__") == "game.app.window.text":
            frame = frame.f_back
        seen.append((frame.f_globals.get("__name__", ""), text))
        return render(self, text, *args, **kwargs)

    def wrapping(self: Text, text: str, *args: object, **kwargs: object):
        lines = wrap(self, text, *args, **kwargs)
        if i18n.PSEUDO_OPEN in text:
            marked_lines.update(lines)  # a line of a wrapped message carries at most one mark
        return lines

    wrap = Text.wrap
    monkeypatch.setattr(Text, "render", recording)
    monkeypatch.setattr(Text, "wrap", wrapping)
    yield seen
    i18n.set_language("en")


marked_lines: set[str] = set()


def bypassing(seen: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return sorted({(module, text) for module, text in seen
                   if module.startswith(CHECKED) and i18n.PSEUDO_OPEN not in text and text not in marked_lines
                   and not NOT_WORDS.fullmatch(text)})


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream", "four_player"])
def test_the_table_views_draw_only_catalog_text(driver, drawn, preset):
    i18n.set_language(i18n.PSEUDO)
    players = {"four_player": 4}.get(preset, 2)
    table = solo_table(driver.app, preset, {seat: ScriptedAgent() for seat in range(1, players)})
    driver.frame()
    for _ in range(400):
        if table.session.kyoku_over:
            break
        answer(driver, table)
    driver.frames(5)
    assert {module for module, _ in drawn if module.startswith(CHECKED)} >= {
        "game.app.views.centre", "game.app.views.seats", "game.app.views.board", "game.app.views.helper_panel",
        "game.app.views.pool", "game.app.views.building"}
    assert not bypassing(drawn)


def test_the_rules_page_draws_only_catalog_text(driver, drawn):
    i18n.set_language(i18n.PSEUDO)
    driver.app.stack.push(RulesScene(driver.app))
    driver.frames(2)
    assert any(module == "game.app.scenes.rules_page" for module, _ in drawn)
    assert not bypassing(drawn)



# The language setting: the system's by default, chosen on the Settings screen by each
# language's own name, applied at once to every scene (the one beneath too) and at the next
# start; --language for one run only; Chinese text in a Chinese font, never tofu boxes.


CHINESE_ONLY = "这们"
"""Simplified characters that Noto Sans JP lacks and Noto Sans SC has."""
NO_FONT_HAS = "\U0001d11e"
"""A character neither font draws (the G clef): what a missing glyph, the tofu box, looks like."""


@pytest.fixture
def pseudo_japanese(monkeypatch):
    """Japanese as the pseudo-locale: with it, a label in Japanese reads ⟦…⟧ whatever the
    state of the catalog (the translators fill it meanwhile)."""
    load = i18n._load
    monkeypatch.setattr(i18n, "_load", lambda code: i18n._PseudoTranslations() if code == "ja" else load(code))


def start(tmp_path, **options) -> App:
    app = App(LaunchOptions(seed=3, config_dir=tmp_path / "config", data_dir=tmp_path / "data", **options))
    Flow(app).title()
    app.step(1 / 60)
    return app


def write_settings(tmp_path, data: dict) -> None:
    (tmp_path / "config").mkdir(parents=True, exist_ok=True)
    (tmp_path / "config" / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")


def test_the_language_follows_the_system_unless_one_is_chosen(monkeypatch):
    assert Settings().language is None
    monkeypatch.setenv("LANGUAGE", "ja_JP")
    assert Settings().shown_language == "ja"
    assert Settings(language="zh_CN").shown_language == "zh_CN"
    settings, rejected = Settings.from_dict({"language": "fr"})
    assert settings.language is None and rejected == ["language"]
    assert Settings.from_dict(Settings(language="ja").to_dict())[0].language == "ja"


def test_the_tests_speak_english_whatever_the_machine_does(driver):
    assert i18n.language() == "en" and driver.app.manager.get_locale() == "en"


def test_settings_list_the_system_and_each_language_by_its_own_name(driver):
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    labels = [text for text, _ in scene.controls["Language"].options_list]
    assert labels == ["System (English)", "English", "日本語", "简体中文"]


def test_choosing_a_language_switches_every_scene_at_once_and_is_kept(driver, pseudo_japanese):
    app = driver.app
    driver.press(driver.button("Two players"))  # a table under a curtain, then the menu over both
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene) and isinstance(driver.top, CurtainScene)
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    choose(driver, scene, "Language", "日本語")
    assert i18n.language() == "ja" and app.manager.get_locale() == "ja"
    assert load_settings(app.files.config_dir)[0].language == "ja"
    shown = [element.text for element in app.manager.get_root_container().elements
             if isinstance(element, UIButton) and element.visible]
    assert "⟦Back (Esc)⟧" in shown and all(text.startswith("⟦") for text in shown)
    # The table beneath is labelled again too, and stays hidden until it is back on top.
    assert table.buttons["menu"].text == "⟦Menu (Esc)⟧" and not table.buttons["menu"].visible
    choose(driver, scene, "Language", "简体中文")
    assert i18n.language() == "zh_CN" and app.manager.get_locale() == "zh"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene and table.buttons["menu"].text == "菜单(Esc)"


def test_a_switch_on_the_settings_screen_builds_its_rows_once(driver, monkeypatch):
    """The rows are made anew in the new language, once: not first rebuilt in it as the gui
    tells every element of a locale, then made anew (every element twice, the main cost of a
    switch)."""
    driver.press(driver.button("Settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    builds = []
    build_rows = SettingsScene._build_rows
    monkeypatch.setattr(SettingsScene, "_build_rows", lambda self: (builds.append(self), build_rows(self))[1])
    told = []
    for element in driver.app.manager.get_sprite_group().sprites():
        tell = element.on_locale_changed
        monkeypatch.setattr(element, "on_locale_changed",
                            lambda element=element, tell=tell: (told.append(element), tell())[1])
    choose(driver, scene, "Language", "日本語")
    driver.frames(2)
    assert i18n.language() == "ja" and builds == [scene]
    assert told and [element for element in told if not element.alive()] == []
    assert scene.back_button.text == i18n._("Back (Esc)") != "Back (Esc)"


def test_the_saved_language_applies_at_start_and_its_notices_are_in_it(display, tmp_path, pseudo_japanese):
    write_settings(tmp_path, {"language": "ja", "volume": "loud"})
    app = start(tmp_path)
    try:
        assert i18n.language() == "ja" and app.manager.get_locale() == "ja"
        assert app.notice is not None and app.notice.startswith("⟦Some settings were not valid (volume)")
        assert app.stack.top.buttons["quit"].text == "⟦Quit⟧"
    finally:
        app.close()


def test_the_launch_option_speaks_for_one_run_and_is_not_saved(display, tmp_path):
    write_settings(tmp_path, {"language": "ja"})
    app = start(tmp_path, language="zh_CN")
    try:
        assert i18n.language() == "zh_CN" and app.manager.get_locale() == "zh"
        app.change_settings(app.settings.with_changes(volume=0.2))
        assert i18n.language() == "zh_CN"
        assert load_settings(app.files.config_dir)[0].language == "ja"
    finally:
        app.close()
    app = start(tmp_path)
    try:
        assert i18n.language() == "ja"
    finally:
        app.close()


def glyph_of(font, char: str) -> bytes:
    return pygame.image.tobytes(font.render_premul(char, pygame.Color("white")), "RGBA")


def tofu(app: App, text: str, class_id: str = "@menu_button") -> list[str]:
    """The characters of `text` that a button styled like the game's, in the gui's current
    locale, draws as the missing-glyph box."""
    button = UIButton(pygame.Rect(0, 0, 300, 48), text, app.manager,
                      object_id=ObjectID(object_id="#glyph_check", class_id=class_id))
    try:
        return [char for char in text if glyph_of(button.font, char) == glyph_of(button.font, NO_FONT_HAS)]
    finally:
        button.kill()


def test_chinese_is_drawn_in_a_chinese_font_without_tofu(display, tmp_path):
    app = start(tmp_path, language="zh_CN")
    try:
        for class_id in ("@menu_button", "@small_button", "@explanation"):
            assert tofu(app, CHINESE_ONLY, class_id) == []
        # The check can fail: in English the theme's font is Noto Sans JP, which has no 这 or 们.
        app.change_settings(app.settings.with_changes(language="en"))
        assert app.manager.get_locale() == "en"
        assert tofu(app, CHINESE_ONLY) == list(CHINESE_ONLY)
    finally:
        app.close()


def test_every_language_name_shows_in_the_language_menu_in_every_language(display, tmp_path):
    app = start(tmp_path)
    try:
        for code in i18n.LANGUAGES:
            app.change_settings(app.settings.with_changes(language=code))
            app.stack.push(SettingsScene(app))
            app.step(1 / 60)
            menu = app.stack.top.controls["Language"]
            font = menu.menu_states["closed"].selected_option_button.font
            missing = [(code, char) for name in i18n.LANGUAGE_NAMES.values() for char in name
                       if glyph_of(font, char) == glyph_of(font, NO_FONT_HAS)]
            assert missing == []
            app.stack.pop()
    finally:
        app.close()


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_smoke_settles_a_hand_in_each_language(tmp_path, language):
    frames, _seed, _dealt, settled, _moves = smoke_numbers(
        run_game(tmp_path, "--smoke", "900", "--language", language))
    assert frames == 900 and settled >= 1



# A notice on screen follows a language switch at once: it is kept as its message and
# arguments (i18n.Message) and put into words each time it is drawn.


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_a_message_reads_in_the_language_of_the_moment():
    notice = Message(N_("Not possible: {reason}."), reason=Message(N_("Settings")))
    assert str(notice) == "Not possible: Settings."
    i18n.set_language("ja")
    assert str(notice) == i18n._("Not possible: {reason}.").format(reason=i18n._("Settings"))
    assert str(notice) != "Not possible: Settings." and "設定" in notice
    i18n.set_language("zh_CN")
    assert "设置" in notice and len(notice) == len(str(notice))


def test_the_settings_notice_is_kept_as_its_message(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("]]", encoding="utf-8")
    _, notice = load_settings(tmp_path)
    assert notice is not None and "defaults" in notice
    i18n.set_language("ja")
    assert "defaults" not in notice and ".damaged-" in notice


def shown(notice: str, drawn: list[str]) -> bool:
    """Whether the notice is drawn, on one line or wrapped onto several."""
    return notice.replace(" ", "") in "".join(drawn).replace(" ", "")


def test_the_title_notice_follows_a_language_switch(display, tmp_path, monkeypatch):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / SETTINGS_FILE).write_text("]]", encoding="utf-8")
    game = Driver.start(tmp_path, seed=1)
    try:
        english = str(game.app.notice)
        drawn = game.record_text(monkeypatch)
        game.frame()
        assert shown(english, drawn)
        game.app.change_settings(game.app.settings.with_changes(language="ja"))
        drawn.clear()
        game.frame()
        japanese = str(game.app.notice)
        assert japanese != english and shown(japanese, drawn) and not shown(english, drawn)
        # The settings screen shows the same notice, in the language of the moment too.
        from game.app.scenes.settings_screen import SettingsScene

        game.app.stack.push(SettingsScene(game.app))
        game.app.change_settings(game.app.settings.with_changes(language="zh_CN"))
        drawn.clear()
        game.frame()
        assert str(game.app.notice) in drawn and japanese not in drawn
    finally:
        game.close()



def test_the_table_notice_card_follows_a_language_switch(driver, monkeypatch):
    """The winning tile below the floor: the card on the felt is in Japanese once the player
    switches language from the table's menu."""
    from game.app.scenes.settings_screen import SettingsScene
    from tests.ui.scripted import ScriptedAgent, crafted_table
    from tests.ui.test_table import AVOID, build_example_and_wait_for_turn

    table = crafted_table(driver.app, ScriptedAgent(discards=[None, "2m", "4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    driver.wait_until(lambda: table.card is not None)
    english = str(table.card.text)
    assert "worth less than mangan" in english
    settings = SettingsScene(driver.app)
    driver.app.stack.push(settings)
    driver.app.change_settings(driver.app.settings.with_changes(language="ja"))
    driver.app.stack.remove(settings)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    japanese = str(table.card.text)
    assert japanese != english and "満貫" in japanese and "worth less" not in japanese
    assert i18n._("Your winning tile") in drawn
    assert any(len(row) > 4 and row in japanese for row in drawn)  # the card's own words, wrapped



def test_the_helper_notes_follow_a_language_switch(driver, monkeypatch):
    """The helper's notes on a full hand are drawn in the language chosen in the Settings
    opened over the table while building (they were kept in the old one until the hand changed)."""
    from tests.ui.test_table import flip_dora

    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    state = table.builds[0]
    state.replace(pick_ids(parse_tiles("111222333m7p123s", red_fives=False), state.wall, False))
    table.helpers[0].wait_until_ready(timeout=30)
    driver.frame()
    english = [str(note) for note in table.helper_report().warnings]
    assert any(note.startswith("Below mangan") for note in english)
    settings = SettingsScene(driver.app)
    driver.app.stack.push(settings)
    choose(driver, settings, "Language", "日本語")
    driver.key(pygame.K_ESCAPE)
    assert driver.top is table
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert not any("mangan" in row for row in drawn)
    assert any("満貫未満" in row for row in drawn)


def no_move() -> None:
    """A dialog's choice that does nothing here."""


DIALOGS: dict[str, Callable[[App], Dialog]] = {
    "build anyway, not tenpai": lambda app: prompts.build_anyway(app, False, no_move),
    "build anyway, below the floor": lambda app: prompts.build_anyway(app, True, no_move),
    "build anyway, no yaku": lambda app: prompts.build_anyway(app, True, no_move, floor=False),
    "discard a winning tile": lambda app: prompts.discard_own_wait(app, "6z", no_move),
    "ron or pass": lambda app: prompts.ron_or_pass(app, "Bartholomew", "4m", lambda ron: None),
    "a notice": lambda app: prompts.notice(app, Notice(0, Message(N_("You stay furiten for the rest of this hand.")))),
    "the pause menu": lambda app: pause_menu(app, no_move, no_move, no_move),
    "nothing to watch": nothing_to_watch,
}


def dialog_words(dialog: Dialog, buttons: list[UIButton]) -> tuple[str, list[str], list[str]]:
    """What the player reads on a dialog: its title, its message's lines, its buttons."""
    return str(dialog.title), list(dialog.lines), [button.text for button in buttons]


@pytest.mark.parametrize("make", DIALOGS.values(), ids=DIALOGS.keys())
def test_an_open_dialog_is_reworded_at_once_when_the_language_changes(driver, monkeypatch, make):
    """The language chosen in Settings opened over a dialog (the pause menu's Settings, over the
    table's question): back on it, every word is the new language's, as if it had been opened
    in it, and the focus is where it was."""
    app = driver.app
    dialog = make(app)
    app.stack.push(dialog)
    driver.frame()
    english = dialog_words(dialog, dialog.elements)
    focus = dialog.ring.focus
    for language, label in (("ja", "日本語"), ("zh_CN", "简体中文")):
        settings = SettingsScene(app)
        app.stack.push(settings)
        driver.frame()
        choose(driver, settings, "Language", label)
        assert i18n.language() == language
        driver.key(pygame.K_ESCAPE)
        assert driver.top is dialog
        drawn = driver.record_text(monkeypatch)
        driver.frame()
        fresh = make(app)  # the same dialog opened in the new language, for comparison
        fresh.enter()
        expected = dialog_words(fresh, fresh.elements)
        fresh.leave()
        assert dialog_words(dialog, dialog.elements) == expected
        assert expected[0] != english[0] and expected[1] != english[1]
        assert expected[0] in drawn and all(line in drawn for line in expected[1])
        assert all(button.visible for button in dialog.elements) and dialog.ring.focus == focus


# One English word in two meanings is two messages, so that a language can say each its own
# way: "Normal" as an AI level and as an animation speed, "Keep it" of a tile and of a match.


def test_normal_is_an_ai_level_and_a_speed_each_in_its_own_chinese_word(driver):
    driver.app.change_settings(driver.app.settings.with_changes(language="zh_CN"))
    driver.frames(2)
    assert driver.top.buttons["ai_normal"].text == "普通"  # the title's solo buttons
    assert group_name("normal") == "普通"  # the statistics' AI level
    scene = SettingsScene(driver.app)
    driver.app.stack.push(scene)
    driver.frames(2)
    animations = scene.controls["Animations"]
    shown = [text for text, _id in animations.options_list]
    assert animations.selected_option[0] == "标准" and "普通" not in shown


def test_keep_it_says_what_it_keeps_in_japanese(driver, monkeypatch):
    driver.app.change_settings(driver.app.settings.with_changes(language="ja"))
    driver.frames(2)
    monkeypatch.setattr(driver.app.files, "has_save", lambda: True)  # a match to keep
    driver.top.start_solo("normal")
    driver.frames(2)
    new_match = driver.top
    assert isinstance(new_match, Dialog) and new_match.title == "新しい対局を始めますか？"
    assert new_match.choices[0].label == "今の対局を残す"
    assert [choice.label for choice in discard_own_wait(driver.app, "5m", lambda: None).choices][1] == "残す"
