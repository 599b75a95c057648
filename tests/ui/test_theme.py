"""The gui's fonts (game/app/window/theme.py): pygame_gui's own default font of a locale, read whole
into memory (Noto Sans SC 8.5 MB, Noto Sans JP 4.5 MB), is never opened — the Latin default
opened at start stands for every locale — and no element of the game draws with it, so
Chinese and Japanese are drawn in their own fonts all the same (issue 30 point 23)."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pygame
import pytest

from game.app.flow import Flow
from game.app.scenes.new_table import NameEntry, NewTableScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.window.window import App, LaunchOptions
from game.app.words.i18n import _

LOCALE_DEFAULTS = ("noto_sans_jp_regular_aa_14", "noto_sans_sc_regular_aa_14")
"""pygame_gui's default fonts of Japanese and Chinese, as its font dictionary names them."""
KEPT_BY_SETTINGS_SCREEN = 6 * 1024 * 1024
"""Python's memory that opening the settings screen may keep: its elements and their pictures
(some 3 MB), not the 14 MB of theming keys pygame_gui made for them."""


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
               if isinstance(element, NameEntry)]
    assert entries and all(entry.drawable_shape.states["normal"].text_surface is not None for entry in entries)


def test_the_drawn_shapes_are_kept_in_one_sheet(driver):
    """pygame_gui keeps the shapes it drew for reuse in sheets of 4 MB, adding up to three as
    new shapes are shown; the settings screen in three languages filled a second."""
    for language in ("en", "ja", "zh_CN"):
        driver.app.change_settings(driver.app.settings.with_changes(language=language))
        driver.press(driver.button(_("Settings")))
        driver.frames(150)  # the gui moves one drawn shape a frame into its sheets
        driver.key(pygame.K_ESCAPE)
        driver.frames(20)
    cache = driver.app.manager.get_theme().shape_cache
    assert len(cache.cache_long_term_lookup) > 20
    assert len(cache.cache_surfaces) == 1


def test_the_gui_opens_each_font_file_once_whatever_its_sizes(display, tmp_path):
    """pygame_gui opened each theme font at each size on its own: a dozen faces of Noto Sans JP,
    some 0.7 MB of tables each. The pictures are the same (a window's screens, compared
    before and after in three languages)."""
    app = start(tmp_path, "en")
    try:
        loaded = list(app.manager.get_theme().get_font_dictionary().loaded_fonts.values())
        drawing = [resource.loaded_font._GUIFontPygame__internal_font for resource in loaded]
        faces = {id(getattr(font, "face", font)) for font in drawing}
        assert len(loaded) > len({str(resource.location) for resource in loaded}) == len(faces)
    finally:
        app.close()
