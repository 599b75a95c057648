"""The gui's theme (assets/ui/theme.json) as the UI manager is given it.

The file names its fonts as package resources of pygame_gui, the one way a theme file can
name them wherever pygame_gui is installed (or unpacked, in the executable). But pygame_gui
reads a resource's whole file into memory for every size and weight it preloads, and it
preloads the fonts of every locale the theme has, whichever is shown: with Noto Sans JP
(4.5 MB a weight) and Noto Sans SC (8.5 MB) at a dozen sizes that was some 140 MB. Given a
file's path instead, SDL_ttf opens the file and reads only what it draws. So the manager gets
the theme with each font resource turned into the path of its file; the pictures are the same.

It also opens every font the theme names, for every locale, at load: the Chinese fonts of a
dozen elements in an English window (a quarter of a megabyte each as shipped, and near one
from source). So the manager is given only the font blocks of the locale it shows, and
those of another locale when the window changes language (`App.apply_language`).

pygame_gui also opens a default font of its own for each locale the manager is set to, read
whole into memory as well (Noto Sans SC: 8.5 MB, and 9 MB resident with FreeType's tables,
in a Chinese window; Noto Sans JP 4.5 MB). Every element of the theme names its own font,
so the default draws none of the game's text: one default, the Latin one opened at start,
stands for every locale (`share_default_font`).
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

RESOURCE_KEYS = {
    "regular_resource": "regular_path",
    "bold_resource": "bold_path",
    "italic_resource": "italic_path",
    "bold_italic_resource": "bold_italic_path",
}

DEFAULT_LOCALE = "en"
"""A font block's locale when it names none, and pygame_gui's for an element without one."""

Theme = dict[str, Any]


def share_default_font(fonts: Any) -> None:
    """Make the default font `fonts` (a pygame_gui font dictionary) has open its default
    for every locale, so that changing locale opens no other."""
    for locale in fonts.default_font_dictionary:
        fonts.default_font_dictionary[locale] = fonts.default_font


def resource_path(resource: dict[str, str]) -> str:
    """The file behind a theme's {"package": …, "resource": …}, as a path SDL can open."""
    return str(resources.files(resource["package"]).joinpath(resource["resource"]))


def font_by_path(font: dict[str, Any]) -> dict[str, Any]:
    """One font block with its package resources replaced by their files' paths."""
    block = {key: value for key, value in font.items() if key not in RESOURCE_KEYS}
    for resource_key, path_key in RESOURCE_KEYS.items():
        if resource_key in font:
            block[path_key] = resource_path(font[resource_key])
    return block


def block_locale(block: dict[str, Any]) -> str:
    return block.get("locale", DEFAULT_LOCALE)


def fonts_for_locale(theme: Theme, locale: str) -> Theme:
    """`theme` with each element's fonts cut to the blocks of `locale` (or, where it has
    none, of the locale pygame_gui falls back to)."""
    shown = copy.deepcopy(theme)
    for element in shown.values():
        fonts = element.get("font") if isinstance(element, dict) else None
        if isinstance(fonts, list):
            element["font"] = ([block for block in fonts if block_locale(block) == locale]
                               or [block for block in fonts if block_locale(block) == DEFAULT_LOCALE])
    return shown


def fonts_by_path(theme: Theme) -> Theme:
    """`theme` with every font block's resources named by path."""
    shown = copy.deepcopy(theme)
    for element in shown.values():
        fonts = element.get("font") if isinstance(element, dict) else None
        if isinstance(fonts, list):
            element["font"] = [font_by_path(block) for block in fonts]
        elif isinstance(fonts, dict):
            element["font"] = font_by_path(fonts)
    return shown


def load_theme(path: Path, locale: str | None = None) -> Theme:
    """The theme file at `path`, ready for the UI manager; with `locale`, only its fonts."""
    with path.open(encoding="utf-8") as file:
        theme = json.load(file)
    return fonts_by_path(theme if locale is None else fonts_for_locale(theme, locale))
