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

And it keeps every font it opened until the manager goes: a window changed from English to
Chinese and back held both sets (some 10 MB of FreeType tables). So a language switch closes
the fonts of the locales no longer shown (`close_other_locale_fonts`).

Its theme also keys the theming ids it works out for each element by a string joined over
the characters of another (`str(ids).join(str(other_ids))`): 3 MB for a slider in the
settings list, 14 MB of such keys for the settings screen, kept as long as the theme and
grown by every new nesting of elements a session shows. `CompactTheme` keys them by the ids
themselves.

Each state of an element's shape (a button's normal, hovered, selected, active and disabled
looks) keeps two more pictures of its size beside the one drawn: the state before its text
and the text alone, which only a text being edited redraws from (pygame_gui's text entry
line and text box). For every other element they were two thirds of the gui's pictures:
some 20 MB for the settings screen's rows alone. `drop_unedited_text_layers` lets them go
once a state is drawn; an editable text keeps them.

Its theme keeps the backgrounds of element shapes it has drawn for reuse, packed into sheets
of 1024 x 1024 pictures, 4 MB each, adding sheets up to three as a session shows new
shapes. `OneSheetCache` keeps to one: a shape not kept is drawn, as it always is the first
time, and the same.

Its resource loader, which opens the first locale's fonts as the manager starts, keeps what
it loaded in a queue of finished loads that only a progress bar would count, for as long as
the window is open: after a switch to Chinese closed the Japanese fonts, and after the switch
back opened them anew, that first set (eleven faces, some 8 MB) stayed open beside them.
`forget_loaded` empties it once the manager has loaded them.

Besides the picture it shows, each element kept three more of its size: the blank picture
its shape draws each state from (`base_surface`, which without a shadow, and the theme has
none, is only a transparent rectangle: `BlankBase` makes one when a state is drawn), the
element's own copy of its shape's current picture (`UIElement._set_image`, though the only
place that draws on an element's picture is its clipping, which `share_shown_pictures` gives
a picture of its own), and its text layout's last finished text layer, which
`drop_unedited_text_layers` now lets go too. A label of the settings list was four pictures
of its size, and is one (the settings screen held 18 MB of pictures; the same pixels).

And it draws every look of an element (a button's hovered, selected and pressed looks beside
its normal one) in the frames after it is made, whether or not the pointer ever comes near:
on the settings screen some 4.5 MB of looks no one saw. pygame_gui already draws a look that
is wanted before it was drawn, when the element takes it on; `looks_drawn_when_shown` leaves
every look to that but the one shown (and the normal one).

An element that is killed stays in reference cycles (with its container, its shape, its
manager's focus sets) until a full collection, its pictures with it; the window's
megabytes of pictures never bring a collection on, as Python counts objects: leaving the
settings screen left some 9 MB behind a visit, and a session of visits grew by tens of MB.
`pictures_go_at_kill` lets a killed element's pictures go at once.

And it opens each font of the theme at each size on its own, a dozen faces of Noto Sans JP
(some 0.7 MB of FreeType's and HarfBuzz's tables each; 0.9 MB of Noto Sans SC) beside the
ones the game's own text opens. `share_font_faces` has it open them through
`text.gui_font`, which draws them with the one face of each file the process keeps.
"""

from __future__ import annotations

import contextlib
import copy
import json
import queue
from collections import deque
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.core import UIAppearanceTheme, UIElement, gui_font_pygame
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.drawable_shapes.rect_drawable_shape import RectDrawableShape
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape
from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import basic_blit

from game.app.window.text import gui_font

RESOURCE_KEYS = {
    "regular_resource": "regular_path",
    "bold_resource": "bold_path",
    "italic_resource": "italic_path",
    "bold_italic_resource": "bold_italic_path",
}

DEFAULT_LOCALE = "en"
"""A font block's locale when it names none, and pygame_gui's for an element without one."""

Theme = dict[str, Any]


IdsKey = tuple[tuple[str | None, ...] | None, ...]


def forget_loaded(loader: BlockingThreadedResourceLoader) -> None:
    """Let pygame_gui's loader go of what it has loaded: the theme keeps what it uses, and
    closes what it no longer does (`close_other_locale_fonts`)."""
    with contextlib.suppress(queue.Empty):
        while True:
            loader._threaded_loading_done_queue.get_nowait()
    loader._sequential_loading_done_queue.clear()


class OneSheetCache(SurfaceCache):
    """pygame_gui's cache of drawn shapes, in one sheet: when it is full, the shapes drawn once
    and no longer shown make room (pygame_gui's own rule when its third sheet is full)."""

    def _expand_lt_cache(self) -> None:
        self.low_on_space = True


class CompactTheme(UIAppearanceTheme):
    """pygame_gui's theme, its element ids cached by the ids, not by pygame_gui's long strings,
    its drawn shapes kept in one sheet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined_ids: dict[IdsKey, list[str]] = {}
        self.shape_cache = OneSheetCache()

    def build_all_combined_ids(self, element_base_ids: list[str | None] | None, element_ids: list[str] | None,
                               class_ids: list[str | None] | None,
                               object_ids: list[str | None] | None) -> list[str]:
        key = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids,
                                                                   object_ids))
        combined = self._combined_ids.get(key)
        if combined is None:
            combined = super().build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids)
            self.unique_theming_ids.clear()  # its one long key, made this once
            self._combined_ids[key] = combined
        return combined


EDITABLE_TEXT = "text_cursor_colour"
"""In the theming of a shape whose text is edited (and redrawn from its layers): its caret's colour."""


def _finalise_text_kept_where_edited(original: Any) -> Any:
    def finalise_text(shape: DrawableShape, state_str: str, *args: Any, **kwargs: Any) -> None:
        original(shape, state_str, *args, **kwargs)
        if EDITABLE_TEXT not in shape.theming:
            state = shape.states[state_str]
            state.pre_text_surface = state.text_surface = None
            layout = shape.text_box_layout
            if layout is not None:  # it keeps the layer it finished last, as its rows and words do
                layout.finalised_surface = None
                for row in layout.layout_rows:
                    row.target_surface = None
                    for chunk in row.items:
                        if getattr(chunk, "target_surface", None) is not None:
                            chunk.target_surface = None

    finalise_text.kept_where_edited = True  # type: ignore[attr-defined]
    return finalise_text


def drop_unedited_text_layers() -> None:
    """From now on, a shape's state keeps its picture without text and its text's picture,
    and its text layout its finished layer, only when its text is edited (the caret's
    theming says so); once is enough."""
    if not getattr(DrawableShape.finalise_text, "kept_where_edited", False):
        DrawableShape.finalise_text = _finalise_text_kept_where_edited(DrawableShape.finalise_text)


class BlankBase:
    """A shape's base picture while it is blank (no shadow beneath the shape): the shapes
    only ever copy it, to draw a state on, and a copy is a new transparent picture."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size

    def copy(self) -> pygame.Surface:
        return pygame.Surface(self.size, flags=pygame.SRCALPHA, depth=32)


def _blank_base_made_when_drawn(original: Any) -> Any:
    def full_rebuild_on_size_change(shape: Any) -> None:
        original(shape)
        if shape.shadow_width <= 0 and isinstance(shape.base_surface, pygame.Surface):
            shape.base_surface = BlankBase(shape.base_surface.get_size())

    full_rebuild_on_size_change.blank_base = True  # type: ignore[attr-defined]
    return full_rebuild_on_size_change


def _set_image_shared(element: UIElement, new_image: pygame.Surface | None) -> None:
    """pygame_gui's `UIElement._set_image` without the copy of an unclipped picture."""
    clip = element.get_image_clipping_rect()
    if clip is None or new_image is None:
        element.image = new_image
        element._pre_clipped_image = None
        return
    element._pre_clipped_image = new_image
    if clip.width == 0 and clip.height == 0:
        element.image = element.ui_manager.get_universal_empty_surface()
        return
    element.image = pygame.Surface(new_image.get_size(), flags=pygame.SRCALPHA, depth=32)
    basic_blit(element.image, new_image, clip, clip)


def _clip_drawn_apart(original: Any) -> Any:
    def set_image_clip(element: UIElement, rect: pygame.Rect | None) -> None:
        # pygame_gui clips a picture by drawing into the element's own: that is the shape's
        # now, so the clipped picture gets one of its own, and the whole one is kept as it is.
        if rect is not None and element._pre_clipped_image is None and element.image is not None:
            element._pre_clipped_image = element.image
            element.image = pygame.Surface(element.image.get_size(), flags=pygame.SRCALPHA, depth=32)
        original(element, rect)

    set_image_clip.drawn_apart = True  # type: ignore[attr-defined]
    return set_image_clip


def _pictures_let_go(original: Any) -> Any:
    def kill(element: UIElement) -> None:
        original(element)
        empty = element.ui_manager.get_universal_empty_surface()
        element.image = empty  # the group draws what it last saw until its next update
        element._pre_clipped_image = None
        shape = getattr(element, "drawable_shape", None)
        if shape is not None:
            for state in shape.states.values():
                state.surface = empty
                state.pre_text_surface = state.text_surface = None
            if shape.text_box_layout is not None:
                shape.text_box_layout.finalised_surface = None

    kill.lets_pictures_go = True  # type: ignore[attr-defined]
    return kill


def pictures_go_at_kill() -> None:
    """From now on, a killed element lets go of its pictures at once (the element itself
    waits for a collection); once is enough."""
    if not getattr(UIElement.kill, "lets_pictures_go", False):
        UIElement.kill = _pictures_let_go(UIElement.kill)  # type: ignore[method-assign]


def _redraw_shown_states(shape: DrawableShape, force_full_redraw: bool = False) -> None:
    """pygame_gui's `redraw_all_states`, drawing only the first look it would (the normal
    one) and the one shown; the others are forgotten, to be drawn when shown."""
    drawn_now = [state_id for state_id, state in shape.states.items()
                 if state.should_auto_pregen or force_full_redraw][:1]
    if shape.active_state.state_id not in drawn_now:
        drawn_now.append(shape.active_state.state_id)
    empty = shape.ui_manager.get_universal_empty_surface()
    shape.states_to_redraw_queue = deque()
    for state_id, state in shape.states.items():
        if state_id in drawn_now:
            shape.redraw_state(state_id)
        else:  # drawn by `set_active_state` when the element takes it on
            state.generated = False
            state.surface = empty
            state.pre_text_surface = state.text_surface = None


def looks_drawn_when_shown() -> None:
    """From now on, a shape draws at once the look it shows (and its normal one), and each
    other look when it is first shown, not all of them in the frames that follow."""
    DrawableShape.redraw_all_states = _redraw_shown_states  # type: ignore[method-assign]


def share_shown_pictures() -> None:
    """From now on, an element shows its shape's picture itself, not a copy of it, and a
    shape without a shadow keeps no blank base picture (`BlankBase`); once is enough."""
    for shape_class in (RectDrawableShape, RoundedRectangleShape):
        rebuild = shape_class.__dict__["full_rebuild_on_size_change"]
        if not getattr(rebuild, "blank_base", False):
            shape_class.full_rebuild_on_size_change = _blank_base_made_when_drawn(rebuild)  # type: ignore[method-assign]
    if not getattr(UIElement._set_image_clip, "drawn_apart", False):
        UIElement._set_image_clip = _clip_drawn_apart(UIElement._set_image_clip)  # type: ignore[method-assign]
        UIElement._set_image = _set_image_shared  # type: ignore[method-assign]


def share_font_faces() -> None:
    """From now on, the gui opens a font file by its path through `text.gui_font` (pygame_gui
    asks for the font, then sets its size, which is the same; the theme sets no script,
    direction or forced style, which would be the shared face's)."""
    gui_font_pygame.Font = gui_font  # type: ignore[attr-defined]


def share_default_font(fonts: Any) -> None:
    """Make the default font `fonts` (a pygame_gui font dictionary) has open its default
    for every locale, so that changing locale opens no other."""
    for locale in fonts.default_font_dictionary:
        fonts.default_font_dictionary[locale] = fonts.default_font


def close_other_locale_fonts(theme: Any, locale: str) -> None:
    """Forget, in `theme` (a pygame_gui theme), each element's fonts of any locale but the one
    it draws `locale` in (`locale`'s own, else pygame_gui's fallback `DEFAULT_LOCALE`), and
    close every font no element and no default uses any more. The elements drawn before
    keep theirs until they are rebuilt (`App.apply_language` relabels every scene)."""
    for element, by_locale in theme.ui_element_fonts_info.items():
        shown = locale if locale in by_locale else DEFAULT_LOCALE
        resources_by_locale = theme.ele_font_res.get(element, {})
        for other in [key for key in by_locale if key != shown]:
            del by_locale[other]
            resources_by_locale.pop(other, None)
    fonts = theme.get_font_dictionary()
    used = {resource.font_id for by_locale in theme.ele_font_res.values() for resource in by_locale.values()}
    used.update(font.idx for font in fonts.default_font_dictionary.values())
    used.add(fonts._default_symbols_font.idx)  # pygame_gui names its symbols font nowhere public
    for font_id in [font_id for font_id in fonts.loaded_fonts if font_id not in used]:
        del fonts.loaded_fonts[font_id]


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
