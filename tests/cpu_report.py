"""`pytest --cpu-durations N`: the CPU time each test took (setup, call and teardown; its own
process's and that of the child processes it waited for), reported at the end as the N
costliest tests and the files that cost most. On a shared machine a test's wall-clock time is
mostly the other people's load; its CPU time is what it costs wherever it runs. Nothing is
asserted on it.

Under pytest-xdist each worker measures its own tests; the controller reports them all."""

from __future__ import annotations

import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

SHOWN_FILES = 25


def cpu_seconds() -> float:
    """This process's CPU time and that of the children it has waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


class CpuReport:
    def __init__(self, shown: int) -> None:
        self.shown = shown
        self.tests: dict[str, float] = {}

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None):
        start = cpu_seconds()
        yield
        self.tests[item.nodeid] = cpu_seconds() - start

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        workeroutput = getattr(session.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: its numbers go to the controller
            workeroutput["cpu_report"] = self.tests

    @pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown without it
    def pytest_testnodedown(self, node, error) -> None:
        self.tests.update(getattr(node, "workeroutput", {}).get("cpu_report", {}))

    def pytest_terminal_summary(self, terminalreporter) -> None:
        files: dict[str, float] = defaultdict(float)
        for nodeid, seconds in self.tests.items():
            files[nodeid.split("::")[0]] += seconds
        write = terminalreporter.write_line
        write(f"CPU time of the tests: {sum(self.tests.values()):.1f} s in {len(self.tests)} tests")
        for nodeid, seconds in sorted(self.tests.items(), key=lambda pair: pair[1], reverse=True)[:self.shown]:
            write(f"  {seconds:7.2f} s  {nodeid}")
        write("CPU time by file:")
        for name, seconds in sorted(files.items(), key=lambda pair: pair[1], reverse=True)[:SHOWN_FILES]:
            write(f"  {seconds:7.2f} s  {Path(name)}")
