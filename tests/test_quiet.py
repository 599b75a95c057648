"""Nothing a user sees looks like a failure when nothing failed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.app.window.quiet import SILENT_AUDIO_DRIVER, audio_driver_override

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = "/run/user/1000"


def override(platform="linux", environ=None, present=(), sound_devices=()):
    return audio_driver_override(
        platform, environ if environ is not None else {"XDG_RUNTIME_DIR": RUNTIME},
        exists=lambda path: str(path) in present, list_dir=lambda folder: list(sound_devices),
    )


@pytest.mark.parametrize(("case", "kwargs", "expected"), [
    ("no card, no sound server: silent, not ALSA's errors", {}, SILENT_AUDIO_DRIVER),
    ("an ALSA card", {"sound_devices": ("controlC0", "pcmC0D0p")}, None),
    ("only a control device, nothing to play on", {"sound_devices": ("controlC0", "timer")}, SILENT_AUDIO_DRIVER),
    ("PulseAudio", {"present": (f"{RUNTIME}/pulse/native",)}, None),
    ("PipeWire", {"present": (f"{RUNTIME}/pipewire-0",)}, None),
    ("a remote PulseAudio server", {"environ": {"PULSE_SERVER": "tcp:host"}}, None),
    ("the user chose a driver", {"environ": {"SDL_AUDIODRIVER": "alsa"}}, None),
    ("Windows", {"platform": "win32"}, None),
    ("macOS", {"platform": "darwin"}, None),
])
def test_the_audio_driver_is_silenced_only_when_there_is_nothing_to_play_on(case, kwargs, expected):
    assert override(**kwargs) == expected, case


def run_game(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "PYTEST_CURRENT_TEST")}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**environ, **env})


def test_a_smoke_run_with_the_dummy_driver_prints_only_its_result(tmp_path):
    run = run_game("--smoke", "20", "--seed", "3", "--screenshots", str(tmp_path), SDL_VIDEODRIVER="dummy",
                   HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
                   XDG_DATA_HOME=str(tmp_path / "data"))
    assert run.returncode == 0, run.stderr
    assert "ALSA" not in run.stderr and "fast renderer" not in run.stderr
    assert run.stderr == "", run.stderr
    assert run.stdout.startswith("smoke: 20 frames")


def test_replaying_a_kept_record_prints_no_notes_unless_asked():
    record = str(ROOT / "tests" / "records" / "kaiji_two_draws_then_a_win.jsonl")
    quiet = run_game("replay", record)
    assert quiet.returncode == 0 and "note:" not in quiet.stdout and quiet.stderr == ""
    assert quiet.stdout.rstrip().endswith("replay identical to the record")
    verbose = run_game("replay", "--verbose", record)
    assert "note: hand 1:" in verbose.stdout


def test_a_reader_that_stops_early_gets_no_traceback():
    wall = "1112223334m15677789p123456799s1234567z"
    run = subprocess.run(f'"{sys.executable}" -m game analyze {wall} --dora 2s --top 500 | head -n 1', shell=True,
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.stdout.startswith("wall") and run.stdout.count("\n") == 1
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr
