"""The gui's fonts (game/app/window/theme.py): pygame_gui's own default font of a locale, read whole
into memory (Noto Sans SC 8.5 MB, Noto Sans JP 4.5 MB), is never opened — the Latin default
opened at start stands for every locale — and no element of the game draws with it, so
Chinese and Japanese are drawn in their own fonts all the same (issue 30 point 23).

And no label's or button's text is wider than its rect in the theme's fonts, in every language."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.app import paths
from game.app.flow import Flow
from game.app.play.session import Notice
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.pause import pause_menu
from game.app.scenes.prompts import build_anyway, discard_own_wait, notice, ron_or_pass
from game.app.scenes.settings_screen import SettingsScene
from game.app.settings import WINDOW_SIZES
from game.app.window.text_field import TextField
from game.app.window.theme import RESOURCE_KEYS, fonts_by_path, load_theme
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n
from game.app.words.rule_texts import PRESET_NAMES
from game.engine.rules import Rules
from tests.ui.driver import Driver

LOCALE_DEFAULTS = ("noto_sans_jp_regular_aa_14", "noto_sans_sc_regular_aa_14")



"""pygame_gui's default fonts of Japanese and Chinese, as its font dictionary names them."""



KEPT_BY_SETTINGS_SCREEN = 6 * 1024 * 1024



"""Python's memory that opening the settings screen may keep: its elements and their pictures
(some 3 MB), not the 14 MB of theming keys pygame_gui made for them."""


ROOT = Path(__file__).resolve().parents[2]


def start(folder: Path, language: str) -> App:
    app = App(LaunchOptions(seed=7, config_dir=folder / "config", data_dir=folder / "data", language=language))
    Flow(app).title()
    app.step(1 / 60)
    return app



def fonts_drawn(app: App) -> set[str]:
    """The font dictionary's names of the fonts the elements on screen draw with."""
    loaded = app.manager.get_theme().get_font_dictionary().loaded_fonts
    name_of = {id(resource.loaded_font): name for name, resource in loaded.items()}
    elements = [element for element in app.manager.get_sprite_group().sprites() if hasattr(element, "font")]
    assert elements
    return {name_of.get(id(element.font), "?") for element in elements}



@pytest.mark.parametrize("languages", [("zh_CN",), ("ja",), ("en", "ja", "zh_CN"), ("zh_CN", "ja", "en")])
def test_no_locale_s_default_font_is_read_into_memory(display, tmp_path, languages):
    app = start(tmp_path, languages[0])
    try:
        for language in languages[1:]:
            app.language_override = language
            app.apply_language()
            app.step(1 / 60)
        loaded = set(app.manager.get_theme().get_font_dictionary().loaded_fonts)
        assert not loaded & set(LOCALE_DEFAULTS)
    finally:
        app.close()



@pytest.mark.parametrize(("language", "family"), [("zh_CN", "notosanssc"), ("ja", "notosansjp"), ("en", "notosansjp")])
def test_every_element_draws_in_the_theme_s_font_of_the_language(display, tmp_path, language, family):
    app = start(tmp_path, language)
    try:
        for scene in (None, SettingsScene(app)):
            if scene is not None:
                app.stack.push(scene)
                app.step(1 / 60)
            drawn = fonts_drawn(app)
            assert "?" not in drawn
            assert {name.split("_")[0] for name in drawn} <= {family, "notosanssc", "fira"}, drawn
            assert not any(name.startswith("noto_sans_") for name in drawn), drawn  # a default font
    finally:
        app.close()



def test_the_settings_screen_keeps_no_megabytes_of_theming_ids(driver):
    """pygame_gui keyed each element's theming ids by a string joined over another's characters:
    the settings screen kept 14 MB of such keys for as long as the window was open."""
    tracemalloc.start()
    try:
        driver.press(driver.button("Settings"))
        driver.frames(2)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert isinstance(driver.top, SettingsScene)
    assert kept < KEPT_BY_SETTINGS_SCREEN



# The gui's fonts are opened from their files, not read into memory (game/app/window/theme.py).
#
# pygame_gui holds a whole copy of a font file for every size and weight of a theme font it is
# given as a package resource; with the theme's Japanese and Chinese fonts that was 140 MB.
THEME_FILE = paths.asset("ui", "theme.json")



def theme_font_names() -> set[str]:
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    return {block["name"] for element in theme.values() for block in element.get("font", [])}



def test_every_font_block_names_an_existing_file_instead_of_a_resource() -> None:
    theme = load_theme(THEME_FILE)
    blocks = [block for element in theme.values() for block in element.get("font", [])]
    assert blocks
    for block in blocks:
        assert not RESOURCE_KEYS.keys() & block.keys()
        for key in RESOURCE_KEYS.values():
            assert Path(block[key]).is_file(), (block["name"], key)



def test_the_theme_file_is_read_not_changed() -> None:
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    kept = json.dumps(theme, sort_keys=True)
    converted = fonts_by_path(theme)
    assert json.dumps(theme, sort_keys=True) == kept
    assert converted["button"]["font"][0]["size"] == theme["button"]["font"][0]["size"]
    assert converted["button"]["font"][0]["locale"] == theme["button"]["font"][0]["locale"]



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_window_opens_every_theme_font_from_its_file(display, tmp_path: Path, language: str) -> None:
    game = Driver.start(tmp_path, seed=7)
    try:
        game.app.language_override = language
        game.app.apply_language()
        game.frames(3)
        fonts = game.app.manager.get_theme().get_font_dictionary().loaded_fonts
        # pygame_gui's own symbols font keeps its package copy (0.2 MB): the theme reuses its name.
        names = theme_font_names() - {"fira_code_symbols"}
        theme_fonts = [font for font_id, font in fonts.items() if font_id.rsplit("_", 3)[0] in names]
        assert theme_fonts
        for font in theme_fonts:
            assert isinstance(font.location, str) and Path(font.location).is_file(), font.font_id
            assert font.loaded_font is not None
    finally:
        game.close()



# The gui opens the theme's fonts of the language it shows, and another language's only when
# the window changes to it (game/app/window/theme.py): pygame_gui opens every locale's fonts of a theme
# at once, the Chinese ones in an English window too.
LANGUAGE_MENU_FONT = "notosanssc_regular_aa_15"



"""The language menu names every language in Noto Sans SC, whatever the window speaks."""



def start_title(folder: Path, language: str) -> App:
    app = App(LaunchOptions(seed=7, config_dir=folder / "config", data_dir=folder / "data", language=language))
    Flow(app).title()
    for _ in range(3):
        app.step(1 / 60)
    return app



def loaded_font_names(app: App) -> set[str]:
    return set(app.manager.get_theme().get_font_dictionary().loaded_fonts)



def pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")



def test_an_english_window_opens_no_chinese_font_but_the_language_menus(display, tmp_path: Path) -> None:
    app = start_title(tmp_path, "en")
    try:
        chinese = {name for name in loaded_font_names(app) if name.startswith("notosanssc")}
        assert chinese == {LANGUAGE_MENU_FONT}
        assert any(name.startswith("notosansjp") for name in loaded_font_names(app))
    finally:
        app.close()



def test_a_chinese_window_opens_no_japanese_font(display, tmp_path: Path) -> None:
    app = start_title(tmp_path, "zh_CN")
    try:
        assert not any(name.startswith("notosansjp") for name in loaded_font_names(app))
    finally:
        app.close()



def test_changing_language_draws_as_a_window_started_in_it(display, tmp_path: Path) -> None:
    started = {}
    for language in ("en", "zh_CN"):
        app = start_title(tmp_path / language, language)
        started[language] = pixels(app)
        app.close()
    app = start_title(tmp_path / "switched", "en")
    try:
        for language in ("zh_CN", "en"):
            app.language_override = language
            app.apply_language()
            for _ in range(3):
                app.step(1 / 60)
            assert pixels(app) == started[language], language
            if language == "zh_CN":
                assert any(name.startswith("notosanssc_bold") for name in loaded_font_names(app))
    finally:
        app.close()



def test_a_window_changed_to_chinese_and_back_holds_the_fonts_of_one_started_in_english(display, tmp_path) -> None:
    """A long session that changes language keeps one language's gui fonts, not every one it showed."""
    app = start_title(tmp_path / "started", "en")
    started = loaded_font_names(app)
    app.close()
    app = start_title(tmp_path / "switched", "en")
    try:
        for language in ("zh_CN", "ja", "en"):
            app.language_override = language
            app.apply_language()
            app.step(1 / 60)
        assert loaded_font_names(app) == started
    finally:
        app.close()


def text_layers(app: App) -> list:
    """The pictures the gui's element shapes keep of their text apart (and of the look beneath it)."""
    shapes = [element.drawable_shape for element in app.manager.get_sprite_group().sprites()
              if getattr(element, "drawable_shape", None) is not None]
    assert shapes
    return [layer for shape in shapes for state in shape.states.values()
            for layer in (state.pre_text_surface, state.text_surface) if layer is not None]


def test_elements_keep_no_text_layers_but_a_name_being_typed_does(driver):
    """Two more pictures of each look of each element, used only to redraw a text being edited:
    some 20 MB on the settings screen."""
    driver.press(driver.button("Settings"))
    driver.frames(30)  # the gui draws an element's looks one a frame
    assert isinstance(driver.top, SettingsScene)
    assert text_layers(driver.app) == []
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Choose players and seats (2–4)"))
    driver.frames(30)
    assert isinstance(driver.top, NewTableScene)
    entries = [element for element in driver.app.manager.get_sprite_group().sprites()
               if isinstance(element, TextField)]
    assert entries and all(entry.drawable_shape.states["normal"].text_surface is not None for entry in entries)


def gui_pictures(app: App) -> tuple[int, int]:
    """The bytes of the gui's looks (each state's picture its elements' shapes have drawn, and
    the part shown of an element the list cuts), and of every picture its elements hold
    (their own, their shapes', text layouts' and words'; not the theme's shared sheet)."""
    elements = app.manager.get_sprite_group().sprites()
    looks = {id(element.image): element.image for element in elements if element.image is not None}
    looks |= {id(state.surface): state.surface for element in elements
              if getattr(element, "drawable_shape", None) is not None
              for state in element.drawable_shape.states.values() if state.surface is not None}
    held: dict[int, pygame.Surface] = {}
    seen: set[int] = set()
    todo: list = list(elements)
    apart = (type(app.manager), type(app.manager.get_theme()), type(app.manager.get_sprite_group()))
    while todo:
        thing = todo.pop()
        if id(thing) in seen or isinstance(thing, apart):
            continue
        seen.add(id(thing))
        if isinstance(thing, pygame.Surface):
            held[id(thing)] = thing
        elif isinstance(thing, (dict, list, tuple)) or type(thing).__module__.startswith("pygame_gui"):
            todo.extend(gc.get_referents(thing))

    def size(pictures: dict[int, pygame.Surface]) -> int:
        return sum(picture.get_pitch() * picture.get_height() for picture in pictures.values())

    return size(looks), size(held)


def test_an_element_keeps_no_copies_of_its_looks(driver):
    """Beside each look it drew, each element held its own copy of the one shown, its shape's
    blank base picture and its text layout's finished layer: four pictures of each label in
    the settings list, 18 MB for the screen. Now little beyond its looks (a drop-down's
    shadow beneath it)."""
    driver.press(driver.button("Settings"))
    driver.frames(30)  # the gui draws an element's looks one a frame
    assert isinstance(driver.top, SettingsScene)
    looks, held = gui_pictures(driver.app)
    assert looks > 5_000_000
    assert held < 1.1 * looks


def test_a_look_is_drawn_when_it_is_first_shown(driver, monkeypatch):
    """pygame_gui drew every look of every element in the frames after it was made: the
    hovered, selected and pressed looks of each button and drop-down of the settings screen,
    some 4.5 MB no one saw. Now only the look shown, and another when it is first shown."""
    driver.press(driver.button("Settings"))
    driver.frames(30)
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    shapes = [element.drawable_shape for element in driver.app.manager.get_sprite_group().sprites()
              if element.visible and getattr(element, "drawable_shape", None) is not None]
    drawn_unseen = [state_id for shape in shapes for state_id, state in shape.states.items()
                    if state.generated and state is not shape.active_state
                    and state_id in ("hovered", "selected", "active")]
    assert len(shapes) > 50 and drawn_unseen == []
    back = scene.back_button
    manager = driver.app.manager
    # the gui reads the pointer from pygame itself
    monkeypatch.setattr(manager, "_update_mouse_position", lambda: setattr(manager, "mouse_position", back.rect.center))
    driver.frames(2)
    assert back.drawable_shape.active_state.state_id == "hovered"
    assert back.image is back.drawable_shape.states["hovered"].surface
    assert back.image.get_size() == back.rect.size


def test_the_drawn_shapes_are_kept_in_one_sheet(driver):
    """pygame_gui keeps the shapes it drew for reuse in sheets of 4 MB, adding up to three as
    new shapes are shown; the settings screen in three languages filled a second."""
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(driver.app.settings.with_changes(language=language))
        driver.press(driver.button(i18n._("Settings")))
        driver.frames(150)  # the gui moves one drawn shape a frame into its sheets
        driver.key(pygame.K_ESCAPE)
        driver.frames(20)
    cache = driver.app.manager.get_theme().shape_cache
    assert len(cache.cache_long_term_lookup) > 20
    assert len(cache.cache_surfaces) == 1


FONT_COUNTS = """
import sys
from pathlib import Path
import pygame
pygame.display.init()
pygame.font.init()
from game.app.flow import Flow
from game.app.window.window import App, LaunchOptions
folder = Path(sys.argv[1])
app = App(LaunchOptions(seed=7, config_dir=folder / "config", data_dir=folder / "data", language="en"))
Flow(app).title()
app.step(1 / 60)
loaded = list(app.manager.get_theme().get_font_dictionary().loaded_fonts.values())
drawing = [resource.loaded_font._GUIFontPygame__internal_font for resource in loaded]
faces = {id(getattr(font, "face", font)) for font in drawing}
print(len(loaded), len({str(resource.location) for resource in loaded}), len(faces))
app.close()
"""


def test_the_gui_opens_each_font_file_once_whatever_its_sizes(tmp_path):
    """pygame_gui opened each theme font at each size on its own: a dozen faces of Noto Sans JP,
    some 0.7 MB of tables each. Now the sizes of a file share its face (the pictures are the
    same: a window's screens, compared before and after in three languages). A file may still
    have a second face for a second shaping (from a fresh clone, NotoSansJP-Bold is opened
    plain and with Latin shaping: 14 fonts, 5 files, 6 faces). Counted in a process of its
    own, as a player's window is the only one in its process."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    counted = subprocess.run([sys.executable, "-c", FONT_COUNTS, str(tmp_path)], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120, check=True)
    fonts, files, faces = map(int, counted.stdout.split()[-3:])
    assert files <= faces <= 2 * files < fonts


def open_gui_fonts() -> list:
    """Every gui font alive in the process, whoever holds it."""
    gc.collect()
    return [thing for thing in gc.get_objects() if isinstance(thing, GUIFontPygame)]


def test_the_fonts_a_switch_closes_are_let_go_of(display, tmp_path) -> None:
    """pygame_gui's loader kept the fonts it opened as the window started in its queue of
    finished loads: after a switch to Chinese and back, the first Japanese set (eleven faces,
    some 8 MB) stayed open beside the one opened anew. Only this window's fonts are counted: an
    earlier test's window may still be held on this worker (a host's thread winding down)."""
    before = open_gui_fonts()  # held here, so that no font made below can take one's id
    app = start_title(tmp_path, "en")
    try:
        for language in ("zh_CN", "en"):
            app.language_override = language
            app.apply_language()
            app.step(1 / 60)
        kept = app.manager.get_theme().get_font_dictionary().loaded_fonts.values()
        earlier = {id(font) for font in before}
        opened = {id(font) for font in open_gui_fonts() if id(font) not in earlier}
        assert opened == {id(resource.loaded_font) for resource in kept}
    finally:
        app.close()



# No label's or button's text is wider than its rect, on every screen these tests open, in
# every language, at 1280 x 800 and in the smallest window the settings offer.
#
# With a catalog still empty a language reads as English here; the check is real for each
# language as its translations land.


WINDOWS = ((1280, 800), min(WINDOW_SIZES))


@pytest.fixture(params=[(language, window) for language in i18n.LANGUAGES for window in WINDOWS],
                ids=lambda param: f"{param[0]}-{param[1][0]}x{param[1][1]}")
def speaking(request, driver):
    """The title screen in a language, in a window of a size."""
    language, window = request.param
    app = driver.app
    app.change_settings(app.settings.with_changes(language=language, window_size=window))
    driver.frame()
    assert i18n.language() == language and pygame.display.get_surface().get_size() == window
    return driver


def shown_elements(container) -> Iterator:
    for element in container.elements:
        if not element.visible:
            continue
        yield element
        inner = getattr(element, "elements", None)
        if inner is not None:
            yield from shown_elements(element)
        elif hasattr(element, "get_container") and element.get_container() is not element:
            yield from shown_elements(element.get_container())


def overflowing(driver, widths: dict | None = None) -> list[str]:
    """Each shown text wider than its element. `widths` keeps the words a test has measured in
    a font (the gui measures by drawing them), for a test that looks at the same texts again;
    the font is kept with its measure, so that no other font can take its id."""
    widths = {} if widths is None else widths
    found = []
    texts = 0
    for element in shown_elements(driver.app.manager.get_root_container()):
        font, words = getattr(element, "font", None), getattr(element, "text", None)
        if font is None or not words:
            continue
        texts += 1
        if (id(font), words) not in widths:
            widths[id(font), words] = (font, font.size(words)[0])
        width = widths[id(font), words][1]
        if width > element.rect.width:
            found.append(f"{type(element).__name__} {words!r}: {width} > {element.rect.width}")
    assert texts, "no text was found to check"
    return found


def test_the_title_fits(speaking):
    assert overflowing(speaking) == []


@pytest.mark.parametrize("preset", list(PRESET_NAMES))
def test_the_settings_fit_for_every_preset(speaking, preset):
    driver = speaking
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset(preset)))
    driver.top.open_settings()
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    bar = scene.container.vert_scroll_bar
    widths: dict = {}
    for position in (0.0, 0.5, 1.0):  # the rows scrolled into view, top to bottom
        if bar is not None:
            bar.set_scroll_from_start_percentage(position)
        driver.frames(2)
        assert overflowing(driver, widths) == []


def test_the_prompts_fit(speaking):
    driver = speaking
    app = driver.app
    widths: dict = {}
    for dialog in (
        build_anyway(app, False, lambda: None),
        build_anyway(app, True, lambda: None),
        build_anyway(app, True, lambda: None, floor=False),
        discard_own_wait(app, "5p", lambda: None),
        ron_or_pass(app, "West", "3s", lambda _: None),
        notice(app, Notice(0, "Your 3s would complete your hand, but you are furiten.", "3s")),
        pause_menu(app, lambda: None, lambda: None, lambda: None),
    ):
        app.stack.push(dialog)
        driver.frame()
        assert overflowing(driver, widths) == []
        app.stack.remove(dialog)


def every_new_table_choice(app) -> Iterator[int]:
    """The new-table screen opened, then each seat of each count cycled through every choice:
    the count, after each change."""
    app.stack.push(NewTableScene(app, lambda plan: None))
    scene = app.stack.top
    for count in (2, 3, 4):
        scene.set_count(count)
        for seat in range(1, count):
            for _choice in scene.choices:
                scene.cycle(seat)
                yield count


def test_the_new_table_fits_for_every_count(speaking):
    driver = speaking
    widths: dict = {}
    for _count in every_new_table_choice(driver.app):
        driver.frame()
        assert overflowing(driver, widths) == []
