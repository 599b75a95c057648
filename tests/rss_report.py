"""`pytest --rss`: the resident memory (RSS) of the test process after each test, reported at
the end as the run's peak and the files that grew it most. It finds the tests that keep
memory (a window's fonts, a cache that never empties); memory itself is never asserted.

Under pytest-xdist each worker measures its own process; the report names each worker's."""

from __future__ import annotations

import os
import resource
from collections import defaultdict
from pathlib import Path

import pytest

SHOWN_FILES = 15
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
MB = 1024 * 1024


def resident_mb() -> float:
    """This process's resident set now, in MB (Linux's /proc; the peak elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * PAGE_BYTES / MB
    except OSError:
        return peak_mb()


def peak_mb() -> float:
    """This process's highest resident set so far, in MB (ru_maxrss is in KB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class RssReport:
    def __init__(self) -> None:
        self.start = resident_mb()
        self.last = self.start
        self.growth: dict[str, float] = defaultdict(float)
        self.tests: dict[str, int] = defaultdict(int)
        self.from_workers: list[str] = []

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None):
        """Measured around the whole protocol, after every teardown hook has let go."""
        yield
        now = resident_mb()
        name = Path(item.path).name
        self.growth[name] += now - self.last
        self.tests[name] += 1
        self.last = now

    def lines(self) -> list[str]:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "the test process")
        found = [f"RSS of {worker}: start {self.start:.0f} MB, end {self.last:.0f} MB, peak {peak_mb():.0f} MB"]
        worst = sorted(self.growth.items(), key=lambda pair: pair[1], reverse=True)[:SHOWN_FILES]
        found.extend(f"  {grown:+8.1f} MB  {self.tests[name]:4d} tests  {name}" for name, grown in worst)
        return found

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        workeroutput = getattr(session.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: its lines go to the controller
            workeroutput["rss_report"] = self.lines()

    @pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown without it
    def pytest_testnodedown(self, node, error) -> None:
        self.from_workers.extend(getattr(node, "workeroutput", {}).get("rss_report", []))

    def pytest_terminal_summary(self, terminalreporter) -> None:
        for line in self.from_workers or self.lines():
            terminalreporter.write_line(line)
