"""F12 in a new session numbers on after the pictures already in the folder and never
writes over a file, not even one that appears while it saves."""

from __future__ import annotations

import pygame
import pytest

from game.app import screenshots
from game.app.window import App, LaunchOptions

F12 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)


def session(tmp_path, presses: int) -> None:
    """A launch of the game in which the player presses F12 `presses` times."""
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data"))
    try:
        for _ in range(presses):
            app.step(1 / 60, [F12])
    finally:
        app.close()


def shots(tmp_path) -> dict[str, bytes]:
    folder = tmp_path / "data" / "screenshots"
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_a_new_session_numbers_on_after_the_last_sessions_pictures(display, tmp_path):
    session(tmp_path, 2)
    first = shots(tmp_path)
    assert list(first) == ["17steps-001.png", "17steps-002.png"]
    session(tmp_path, 1)
    after = shots(tmp_path)
    assert list(after) == ["17steps-001.png", "17steps-002.png", "17steps-003.png"]
    assert {name: after[name] for name in first} == first
    assert after["17steps-003.png"].startswith(b"\x89PNG")


def test_numbering_goes_on_after_the_highest_number_and_leaves_other_files_alone(display, tmp_path):
    folder = tmp_path / "data" / "screenshots"
    folder.mkdir(parents=True)
    kept = {"17steps-001.png": b"one", "17steps-041.png": b"forty-one", "holiday.png": b"mine",
            "17steps-999999999999.png": b"not a number of ours", "17steps-7.txt": b"notes"}
    for name, content in kept.items():
        (folder / name).write_bytes(content)
    session(tmp_path, 1)
    after = shots(tmp_path)
    assert set(after) == {*kept, "17steps-042.png"}
    assert {name: after[name] for name in kept} == kept


def test_a_file_that_takes_the_next_name_meanwhile_is_not_written_over(display, tmp_path, monkeypatch):
    folder = tmp_path / "data" / "screenshots"
    folder.mkdir(parents=True)
    (folder / "17steps-001.png").write_bytes(b"someone else's")
    (folder / "17steps-002.png").write_bytes(b"and another")
    monkeypatch.setattr(screenshots, "next_screenshot_number", lambda _folder: 1)  # as if both came after the look
    session(tmp_path, 1)
    after = shots(tmp_path)
    assert after["17steps-001.png"] == b"someone else's" and after["17steps-002.png"] == b"and another"
    assert after["17steps-003.png"].startswith(b"\x89PNG")


def test_a_picture_that_cannot_be_saved_leaves_no_empty_file(display, tmp_path, monkeypatch):
    def failing(surface, name):
        raise pygame.error("no space left")

    monkeypatch.setattr(pygame.image, "save", failing)
    with pytest.raises(pygame.error):
        screenshots.save_screenshot(pygame.Surface((4, 4)), tmp_path)
    assert list(tmp_path.iterdir()) == []
