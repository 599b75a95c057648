"""Test setup: make the repository root and tests/ importable however pytest is started,
and make sure a hang fails fast."""

from __future__ import annotations

import faulthandler
import gc
import hashlib
import os
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
SLOW_FOLDERS = ("e2e",)
SLOW_TEST_TIMEOUT_S = 600
"""For the tests that drive the real window under Xvfb (a minute each on a quiet machine)."""
WATCHDOG_GRACE_S = 60
LOCK_POLL_S = 0.5

for path in (str(REPO_ROOT), str(TESTS_DIR)):
    if path not in sys.path:
        sys.path.insert(0, path)

# Hypothesis's per-example deadline is a timed assert: on a shared, busy machine an example
# that takes 200 ms (or slow data generation) is load, not a defect (performance is measured in benchmarks/). Hangs
# are caught by the watchdog below instead.
settings.register_profile("seventeen_steps", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("seventeen_steps")

# The tests read the English text, whatever the machine speaks: the system's language is
# asked through LANGUAGE first (i18n.system_language), so English it is.
os.environ["LANGUAGE"] = "en"

_stderr_copy: int | None = None


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker more than the cores this process may use (pyproject's
    `--maxprocesses` caps it at four). Many tests wait rather than compute (real processes,
    sockets, the virtual screen's turns): a third worker on two cores fills the waits (the
    whole suite in 8 min 46 s instead of 12 min 08 s, measured on a quiet two-core machine).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--rss", action="store_true",
                     help="report the test process's resident memory: its peak and the files that grew it most")
    parser.addoption("--cpu-durations", type=int, default=0, metavar="N",
                     help="report the N tests that took most CPU time, and the files that took most")


def pytest_configure(config: pytest.Config) -> None:
    global _stderr_copy
    _stderr_copy = os.dup(sys.stderr.fileno())  # before output capture: the watchdog's dump shows
    from game.engine.scoring import install_fast_divider

    install_fast_divider()  # the tests score as the game does (tests/test_scoring.py checks both ways)
    _compile_each_catalog_once()
    if config.getoption("rss"):
        from rss_report import RssReport

        config.pluginmanager.register(RssReport(), "rss_report")
    if config.getoption("cpu_durations"):
        from cpu_report import CpuReport

        config.pluginmanager.register(CpuReport(config.getoption("cpu_durations")), "cpu_report")


def _compile_each_catalog_once() -> None:
    """A clone has no compiled catalogs (the .mo files are built, not committed), so each switch
    to Japanese or Chinese compiles the .po with Babel: some 35 ms, and the tests switch
    thousands of times (each case of a test in every language, hypothesis examples in each).
    A catalog of the same bytes compiles to the same bytes: compiled once a process."""
    from game.app.words import i18n

    compile_catalog = i18n.compile_catalog
    compiled: dict[tuple[str, bytes], bytes] = {}

    def compile_once(source: Path) -> bytes:
        key = (str(source), hashlib.sha256(source.read_bytes()).digest())
        if key not in compiled:
            compiled[key] = compile_catalog(source)
        return compiled[key]

    i18n.compile_catalog = compile_once


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the collection loaded (the game's modules and the tests', some 160,000 objects)
    lives until the run ends: frozen out of the collector's sight (`gc.freeze`), a full
    collection looks through the test's own objects only. The window tests make two or more a
    test (tests/ui/conftest.py, the title's `release_memory`), some 100 ms each when they looked
    through everything: a third of their CPU. The frozen objects are hidden from
    `gc.get_objects` too: `release_memory` looks for the memoised functions first, and keeps
    those it found; a test that looks through the heap itself asks for `whole_heap`."""
    from game.app.play.helper import release_memory

    release_memory()
    gc.freeze()


@pytest.fixture
def whole_heap():
    """Every object in `gc.get_objects`' sight during the test, those frozen after the
    collection (`pytest_collection_finish`) too; frozen again after it."""
    gc.unfreeze()
    yield
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(part in SLOW_FOLDERS for part in item.path.parts) and item.get_closest_marker("timeout") is None:
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


@pytest.fixture(scope="session")
def shipped_fonts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The font subsets the executable ships (build/fonts.py `make_fonts`), made once for the
    whole run: some 10 s of CPU, which each pytest-xdist worker would otherwise spend again
    for each test file that reads them. The first worker to ask makes them in the run's own
    folder (above each worker's), under a lock; the others wait for it."""
    from game.files import FileLock
    from tests.helpers import scanned_fonts

    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent
    folder = run_folder / "shipped-fonts"
    made = folder / ".made"
    lock = FileLock(run_folder / "shipped-fonts.lock")
    while not lock.acquire():  # the test's time limit bounds the wait
        time.sleep(LOCK_POLL_S)
    try:
        if not made.exists():
            folder.mkdir(exist_ok=True)
            # Each font's characters start from the same scan of every string in the game and
            # in pygame_gui: scanned once here (the build itself runs once, it need not).
            scanned_fonts().make_fonts(folder)
            made.touch()
    finally:
        lock.release()
    return folder
