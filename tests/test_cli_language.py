"""The command-line tools speak English whatever the system's language: their output is
read by scripts and pasted into bug reports (only the window is translated)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "records" / "kaiji_two_draws_then_a_win.jsonl"
WALL = "1112345678999m111222333444p5556677s11z"


def run(arguments: list[str], language: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "LANG": language, "LC_ALL": language, "LANGUAGE": language.split(".")[0]}
    return subprocess.run([sys.executable, "-m", "game", *arguments], capture_output=True, text=True,
                          env=environ, cwd=ROOT, timeout=120, check=False)


@pytest.mark.parametrize(
    "arguments",
    [
        ["analyze", WALL, "--top", "3"],
        ["replay", str(RECORD)],
        ["analyze", "not tiles"],
    ],
    ids=["analyze", "replay", "an error"],
)
@pytest.mark.parametrize("language", ["ja_JP.UTF-8", "zh_CN.UTF-8"])
def test_a_tool_prints_the_same_in_any_system_language(arguments: list[str], language: str):
    english = run(arguments, "C.UTF-8")
    translated = run(arguments, language)
    assert (translated.returncode, translated.stdout, translated.stderr) == (
        english.returncode, english.stdout, english.stderr)
    assert english.stdout or english.stderr
