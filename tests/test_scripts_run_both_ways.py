"""Every script in tools/ and benchmarks/ runs both ways: as a path (`python
tools/check_bound.py`, from any folder, even where the game is not installed) and as a
module from the repository (`python -m tools.check_bound`). Each is asked for its --help."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(path for folder in ("tools", "benchmarks") for path in (REPO_ROOT / folder).glob("*.py")
                 if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8"))
HELP_TIMEOUT_S = 60
"""A --help answers in under a second; a script that starts its work instead fails here."""


def quiet_environment() -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def asked_for_help(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*command, "--help"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=HELP_TIMEOUT_S, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: "), done.stdout
    return done


def test_every_script_is_found():
    names = {f"{path.parent.name}/{path.name}" for path in SCRIPTS}
    assert {"tools/check_bound.py", "tools/deal_in_breakdown.py", "benchmarks/playback.py"} <= names
    assert len(names) >= 15


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_script_runs_as_a_path_from_another_folder_without_the_game_installed(script, tmp_path):
    # -S: no site-packages' .pth files, so the editable install of the game is not there;
    # the libraries are still found through PYTHONPATH.
    libraries = os.pathsep.join(dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib")))
    asked_for_help([sys.executable, "-S", str(script)], tmp_path, {**quiet_environment(), "PYTHONPATH": libraries})


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_script_runs_as_a_module_from_the_repository(script):
    module = f"{script.parent.name}.{script.stem}"
    asked_for_help([sys.executable, "-m", module], REPO_ROOT, quiet_environment())
