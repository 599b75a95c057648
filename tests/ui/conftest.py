"""Headless window tests: SDL's dummy video and audio drivers, set before pygame loads."""

from __future__ import annotations

import gc
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest
from pygame_gui.core.utility import set_default_manager

from game.app.play.helper import trim_heap
from game.app.window import window
from game.app.window.audio import quiet_mixer
from game.app.words import i18n
from tests.ui.driver import Driver
from tests.ui.workers import SharedWorkers


@pytest.fixture(scope="session")
def shared_workers():
    """The analysis worker processes of this test process (tests/ui/workers.py)."""
    workers = SharedWorkers()
    yield workers
    workers.close()


@pytest.fixture(autouse=True)
def windows_share_workers(shared_workers, monkeypatch):
    """Every window a test makes leases the shared analysis workers instead of starting two
    processes of its own: each lease is the window's own pool as far as the window can tell."""
    monkeypatch.setattr(window, "WakingAnalysisPool", shared_workers.lease)


@pytest.fixture
def display():
    """pygame's display and fonts, as `open_window` starts them; they are closed once the
    test's objects are gone (`pytest_runtest_protocol`)."""
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_protocol(item, nextitem):
    """After a window test, and after pytest has let go of its fixtures' values: the windows
    it made are collected while pygame's fonts are open, so their fonts close. A font freed
    after pygame quits keeps its memory (pygame closes a font only while the font module
    is up), and the cycles of a window (scenes and their app) wait for a full collection,
    which the window's megabytes of C memory never trigger: the suite grew by some 2.6 MB
    a test to 3 GB. pygame_gui keeps the last manager made (its elements, theme and fonts)
    as its default: let go of it first, or each test's window outlives pygame by one test.
    Inside the watchdog of tests/conftest.py (trylast: the inner wrapper)."""
    yield
    if pygame.display.get_init() or pygame.font.get_init():
        set_default_manager(None)
        if pygame.display.get_init():
            pygame.event.get()  # the gui's events not yet read hold their elements (and the window) in SDL's queue
        gc.collect()
        quiet_mixer()  # pygame.quit() can deadlock while a sound is finishing
        pygame.quit()
        trim_heap()


@pytest.fixture(params=i18n.LANGUAGES)
def language(request, display):
    """Each language in turn, with a display to draw in (tests of drawn words)."""
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


@pytest.fixture
def driver(display, tmp_path):
    """A game window on the title screen, with its own config and data folders."""
    game = Driver.start(tmp_path, seed=7)
    yield game
    game.close()


def pytest_configure(config):
    # SDL's dummy video driver has no accelerated renderer for SCALED mode; that is expected.
    config.addinivalue_line("filterwarnings", "ignore:no fast renderer available")
