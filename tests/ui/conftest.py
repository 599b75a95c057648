"""Headless window tests: SDL's dummy video and audio drivers, set before pygame loads."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.app.audio import quiet_mixer
from tests.ui.driver import Driver


@pytest.fixture
def display():
    """pygame's display and fonts, as `open_window` starts them."""
    pygame.display.init()
    pygame.font.init()
    yield
    quiet_mixer()  # pygame.quit() can deadlock while a sound is finishing
    pygame.quit()


@pytest.fixture
def driver(display, tmp_path):
    """A game window on the title screen, with its own config and data folders."""
    game = Driver.start(tmp_path, seed=7)
    yield game
    game.close()


def pytest_configure(config):
    # SDL's dummy video driver has no accelerated renderer for SCALED mode; that is expected.
    config.addinivalue_line("filterwarnings", "ignore:no fast renderer available")
