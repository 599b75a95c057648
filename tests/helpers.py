"""Shared test helpers: mpsz text to tile ids, the build's scripts as modules, a cache the game
leaves alone, an executor whose work never runs."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from game.engine.tiles import ids_for_codes, parse_tiles

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[1]


def tiles(text: str, red_fives: bool = True) -> list[int]:
    """Tile ids for mpsz text: ``tiles("123m0p")`` (``0m/0p/0s`` take the red five's id).

    With ``red_fives=True`` a written ``5`` never takes the red five's id, so the ids are
    right for a game with red fives on; with red fives off the ids are plain fives anyway.
    """
    return ids_for_codes(parse_tiles(text, red_fives=red_fives), red_fives)


def hand_and_win(hand: str, win: str, red_fives: bool = True) -> tuple[list[int], int]:
    """Distinct ids for a 13-tile hand and its winning tile, as one set would give them."""
    hand_codes = parse_tiles(hand, red_fives=red_fives)
    win_codes = parse_tiles(win, red_fives=red_fives)
    if len(win_codes) != 1:
        raise ValueError(f"one winning tile, not {win!r}")
    ids = ids_for_codes([*hand_codes, *win_codes], red_fives)
    return ids[:-1], ids[-1]


def kind(code: str) -> int:
    """The 34-kind of one tile code: ``kind("1z") == 27``."""
    return tiles(code)[0] // 4


class StudyNotDone(Executor):
    """Takes work (the helper's study of a wall) and never runs it, as a study still under way:
    for a test that never reads the helper's answer (a study is some 3 s of CPU)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return Future()


def build_module(name: str) -> ModuleType:
    """A helper of the build (build/NAME.py); build/ is a folder of scripts, not a package."""
    spec = importlib.util.spec_from_file_location(f"build_{name}", ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kept(function: Callable[..., T]) -> Callable[..., T]:
    """`functools.cache` for the tests' costly setups, out of reach of the game's
    `release_memory` (game/app/play/helper.py): it empties every functools cache of the
    process, the tests' with the game's, and each title screen calls it, so that a window
    test run between two users of a cached setup made it again (the theatre's played records
    were made 43 times for one file's tests)."""
    results: dict[tuple[Any, ...], T] = {}

    @functools.wraps(function)
    def cached(*args: Any) -> T:
        if args not in results:
            results[args] = function(*args)
        return results[args]

    return cached


@kept
def scanned_fonts() -> ModuleType:
    """The build's font helper (build/fonts.py) with its scans, of the strings of the game and
    of pygame_gui (`base_characters`, a second or two of CPU) and of each language's catalog
    (`language_characters`), made once per process: a dozen tests ask for them, four times
    each. Not for a test that changes what they read (`fonts.CATALOGS`)."""
    fonts = build_module("fonts")
    fonts.base_characters = _scanned_once(fonts.base_characters)
    fonts.language_characters = _scanned_once(fonts.language_characters)
    return fonts


def _scanned_once(characters: Callable[..., set[str]]) -> Callable[..., frozenset[str]]:
    """`characters`, asked once per argument; frozen, as its callers add to what it gives."""
    return kept(lambda *args: frozenset(characters(*args)))
