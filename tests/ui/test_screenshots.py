"""F12 in a new session numbers on after the pictures already in the folder and never
writes over a file, not even one that appears while it saves."""

from __future__ import annotations

import errno
import io
import os

import pygame
import pytest

from game.app.window import screenshots
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n

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
    def failing(surface, *file):
        raise pygame.error("no space left")

    monkeypatch.setattr(pygame.image, "save", failing)
    with pytest.raises(pygame.error):
        screenshots.save_screenshot(pygame.Surface((4, 4)), tmp_path)
    assert list(tmp_path.iterdir()) == []


def pressed_f12(tmp_path, monkeypatch, *faults: tuple[object, str, object], language: str = "en") -> str:
    """What the foot of the window says after F12, with `faults` (monkeypatch.setattr's
    arguments) in place while it saves."""
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", language=language))
    try:
        with monkeypatch.context() as patched:
            for fault in faults:
                patched.setattr(*fault)
            app.step(1 / 60, [F12])
        return str(app.flash_text)
    finally:
        app.close()


CUT = "The screenshot could not be saved whole: is the disk full?"


def encoded_cut_short(surface, file, *hint) -> None:
    """pygame's writer on a full disk: it stops after some bytes and says nothing."""
    whole = io.BytesIO()
    REAL_SAVE(surface, whole, "png")
    cut = whole.getvalue()[:100]
    if isinstance(file, str):
        with open(file, "wb") as written:
            written.write(cut)
    else:
        file.write(cut)


REAL_SAVE = pygame.image.save


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_picture_cut_short_without_an_error_is_not_called_saved(display, tmp_path, monkeypatch, language):
    """On a full disk F12 said "Screenshot saved" over a PNG cut at 16 KB. The picture is
    checked whole before it takes its name, and the player is told in their language."""
    try:
        said = pressed_f12(tmp_path, monkeypatch, (pygame.image, "save", encoded_cut_short), language=language)
        assert said == i18n._(CUT) and (language == "en" or said != CUT)
    finally:
        i18n.set_language("en")
    assert list((tmp_path / "data" / "screenshots").iterdir()) == []


class KeepsLess(io.FileIO):
    """A file on a disk that keeps less than it is given, and says nothing."""

    def write(self, data) -> int:
        super().write(bytes(data)[:-12])
        return len(data)


def test_a_picture_the_disk_does_not_keep_whole_is_not_kept(display, tmp_path, monkeypatch):
    said = pressed_f12(tmp_path, monkeypatch, (screenshots.os, "fdopen", lambda fd, mode: KeepsLess(fd, "wb")))
    assert said == CUT
    assert list((tmp_path / "data" / "screenshots").iterdir()) == []


def test_a_full_disk_that_says_so_is_said(display, tmp_path, monkeypatch):
    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    said = pressed_f12(tmp_path, monkeypatch, (screenshots.os, "fsync", full))
    assert said == "The screenshot could not be saved (No space left on device)."
    assert list((tmp_path / "data" / "screenshots").iterdir()) == []
