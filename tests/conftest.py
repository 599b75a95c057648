"""Test setup: make the repository root and tests/ importable however pytest is started,
and make sure a hang fails fast."""

from __future__ import annotations

import faulthandler
import os
import sys
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
SLOW_FOLDERS = ("e2e",)
SLOW_TEST_TIMEOUT_S = 600
"""For the tests that drive the real window under Xvfb (a minute each on a quiet machine)."""
WATCHDOG_GRACE_S = 60

for path in (str(REPO_ROOT), str(TESTS_DIR)):
    if path not in sys.path:
        sys.path.insert(0, path)

# The tests read the English text, whatever the machine speaks: the system's language is
# asked through LANGUAGE first (i18n.system_language), so English it is.
os.environ["LANGUAGE"] = "en"

_stderr_copy: int | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _stderr_copy
    _stderr_copy = os.dup(sys.stderr.fileno())  # before output capture: the watchdog's dump shows
    from game.engine.scoring import install_fast_divider

    install_fast_divider()  # the tests score as the game does (tests/test_scoring_memos.py checks both ways)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("timeout") is None and any(part in SLOW_FOLDERS for part in item.path.parts):
            item.add_marker(pytest.mark.timeout(SLOW_TEST_TIMEOUT_S))


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English, whatever one before it switched to."""
    from game.app.words import i18n

    i18n.set_language(i18n.SOURCE_LANGUAGE)
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """pytest-timeout fails a test that runs too long, but only at a point where Python runs;
    a hang holding the GIL (a C library deadlock) is stopped by faulthandler's watchdog
    thread instead: it prints every thread's stack and ends the run."""
    limit = _time_limit(item)
    if limit and _stderr_copy is not None:
        faulthandler.dump_traceback_later(limit + WATCHDOG_GRACE_S, exit=True, file=_stderr_copy)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def _time_limit(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0] or 0)
    try:
        return float(item.config.getini("timeout") or 0)
    except ValueError:  # pytest-timeout is not installed: no limit
        return 0.0
