"""A patient test player: looks at the screen the game shows and answers it with the mouse
and keys, as a person would (curtain, dora, build with Suggest, discards, dialogs)."""

from __future__ import annotations

import time

import pygame

from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.app.window import layout
from tests.ui.driver import Driver

IDLE_S = 0.01
"""Real time given to the AI's background thinking per idle frame (it runs in other threads
and processes, which a busy machine slows down)."""


def answer(driver: Driver, table: TableScene) -> bool:
    """Make one move on whatever the screen asks for; False when there was nothing to do but wait."""
    top = driver.top
    if isinstance(top, CurtainScene):
        driver.key(pygame.K_SPACE)
    elif isinstance(top, Dialog):
        # Every question's first choice goes on (ron, build it anyway, discard it, OK), in any language.
        driver.press(top.elements[0])
    elif top is table:
        mode = table.mode()
        if mode == "dora":
            driver.click(layout.side_stack_rect(3, 8).center)
        elif mode == "build":
            assert table.viewer is not None
            table.helpers[table.viewer].wait_until_ready(timeout=30)
            driver.press(table.buttons["suggest"])
            driver.press(table.buttons["confirm"])
        elif mode == "discard":
            view = table.controller.view(table.viewer)
            driver.click(table.pool_controls.rect(0, len(view.pool)).center)
        else:
            return _wait(driver)
    else:
        return _wait(driver)
    return True


def _wait(driver: Driver) -> bool:
    driver.frame(dt=0.1)
    time.sleep(IDLE_S)
    return False


def play_to_result(driver: Driver, table: TableScene, moves: int = 400, seconds: float = 90.0) -> ResultScene:
    """Answer the screen until the result shows: at most `moves` moves, and `seconds` of real
    time spent waiting for the AI (a slow machine needs more frames, not more moves)."""
    deadline = time.monotonic() + seconds
    while moves > 0 and time.monotonic() < deadline:
        if isinstance(driver.top, ResultScene):
            return driver.top
        if answer(driver, table):
            moves -= 1
    raise AssertionError(f"no result in time ({moves} moves left); top scene {driver.top!r}")
