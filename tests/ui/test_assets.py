"""The committed art and sound: complete, the right shape, found from anywhere, and a
game without an audio device is silent rather than broken."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame

from game.app import paths
from game.app.window.art import TILE_CODES, TileArt, depth_of
from game.app.window.audio import SOUND_NAMES, Audio

ROOT = Path(__file__).resolve().parents[2]


def test_every_tile_has_a_three_by_four_face_and_a_small_one():
    for code in (*TILE_CODES, "back"):
        for folder in ((), ("small",)):
            face = pygame.image.load(str(paths.asset("tiles", *folder, f"{code}.png")))
            assert face.get_size() == (120, 160), (folder, code)


def test_red_fives_differ_from_plain_fives_by_colour(display):
    pygame.display.set_mode((64, 64))
    art = TileArt()
    for suit in "mps":
        red, plain = art.tile(f"0{suit}", 80), art.tile(f"5{suit}", 80)
        reddish = [
            pygame.mask.from_threshold(image, (200, 30, 36), (40, 40, 40, 255)).count()
            for image in (red, plain)
        ]
        assert reddish[0] > reddish[1] + 50, suit


def test_tiles_are_drawn_at_any_width_with_their_body_beneath(display):
    pygame.display.set_mode((64, 64))
    art = TileArt()
    for width in (24, 40, 80):
        upright = art.tile("1m", width)
        sideways = art.tile("1m", width, turn=1)
        assert upright.get_size() == art.size(width) == (width, width * 4 // 3 + depth_of(width))
        assert sideways.get_size() == art.size(width, 1)
        assert art.tile("1m", width) is upright  # scaled once, then cached


def test_every_sound_is_a_short_plain_wave_file():
    for name in SOUND_NAMES:
        with wave.open(str(paths.asset("sounds", f"{name}.wav"))) as handle:
            assert handle.getnchannels() == 1 and handle.getsampwidth() == 2
            assert 0.02 < handle.getnframes() / handle.getframerate() < 2.5


def test_the_sound_tool_makes_exactly_the_committed_files(tmp_path):
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for name in SOUND_NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == paths.asset("sounds", f"{name}.wav").read_bytes()


def test_the_tile_tool_draws_every_face_and_a_contact_sheet(tmp_path):
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "make_tiles.py"),
            "--out",
            str(tmp_path / "tiles"),
            "--sheet",
            str(tmp_path / "sheet.png"),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert sorted(p.stem for p in (tmp_path / "tiles").glob("*.png")) == sorted((*TILE_CODES, "back"))
    assert pygame.image.load(str(tmp_path / "sheet.png")).get_width() > 1000


def test_assets_are_found_from_any_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert paths.asset("tiles", "1m.png").is_file()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.asset_root() == tmp_path / "assets"


def test_without_an_audio_device_the_game_is_silent_not_broken(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(volume=0.8)
    assert not audio.available
    audio.play("ron")
    audio.set_volume(0.2)


def test_with_a_device_every_sound_loads(display):
    audio = Audio(volume=0.5)
    assert audio.available and set(audio.sounds) == set(SOUND_NAMES)
