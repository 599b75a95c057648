"""The replay theatre in a real X server: `python -m game watch FILE` under Xvfb, stepped
through a record with the keyboard (xdotool), with the game's own screenshots (F12).

Needs the Debian packages xvfb and xdotool; without them the test is skipped, saying so.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time

import pygame

from game.engine.record import write_record
from tests.e2e.test_window_xvfb import ROOT, Screen, keep_pictures, pytestmark, xserver  # noqa: F401
from tests.test_playback import live_match


@contextlib.contextmanager
def ended_after(game: subprocess.Popen[bytes]):
    """Kill the game if the test leaves before it quit by itself."""
    try:
        yield
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def quit_by_escape(screen: Screen, game: subprocess.Popen[bytes]) -> None:
    """Esc to the title, Esc again to quit: the game ends by itself, without an error."""
    screen.key("Escape")
    screen.key("Escape")
    assert game.wait(timeout=30) == 0, game.stderr.read().decode(errors="replace")


def test_a_record_is_watched_and_stepped_with_the_keyboard(xserver, tmp_path):  # noqa: F811
    match, _ = live_match("kaiji", 2, seed=5)
    record = tmp_path / "match.jsonl"
    write_record(record, match.record)
    shots = tmp_path / "shots"
    game = subprocess.Popen([sys.executable, "-m", "game", "watch", str(record), "--screenshots", str(shots)],
                            cwd=ROOT, env=xserver, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with ended_after(game):
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(game.pid)], env=xserver, check=True,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        time.sleep(1.5)
        screen = Screen(xserver, window)
        screen.screenshot()  # 001: the hand's start, every wall closed
        for _ in range(3):
            screen.key("Right")
        screen.screenshot()  # 002: both hands built
        screen.key("period")
        screen.key("period")
        screen.screenshot()  # 003: a discard round later
        screen.key("Next")  # Page Down: the second hand
        screen.key("v")
        screen.screenshot()  # 004: the second hand from seat 1
        screen.key("Left")
        screen.screenshot()  # 005: the end of the first hand, its result
        quit_by_escape(screen, game)
    pictures = keep_pictures(shots, "theatre")
    assert len(pictures) == 5
    pygame.init()
    images = [pygame.image.tobytes(pygame.image.load(str(p)), "RGB") for p in pictures]
    assert len(set(images)) == 5, "each step shows a different table"


WATCH_BUTTON = (774, 536)
"""The title's Watch button (Rules, Settings, Watch under the new-match buttons)."""


def bar_button(name: str) -> tuple[int, int]:
    """The middle of one of the theatre's control-bar buttons, in logical pixels: the
    buttons left of the wanted one measured in the bar's English font (15 px Noto Sans JP)."""
    from importlib import resources

    from game.app.scenes.theatre import BAR, BUTTONS
    from game.app.theatre.theatre_bar import GAP, MARGIN

    pygame.font.init()
    font = pygame.font.Font(str(resources.files("pygame_gui.data") / "NotoSansJP-Regular.otf"), 15)
    labels = {"play": ("Play", "Pause")}
    x = BAR.left
    for button, label in BUTTONS:
        width = max(font.size(shown)[0] for shown in labels.get(button, (label,))) + 2 * MARGIN
        if button == name:
            return x + width // 2, BAR.centery
        x += width + GAP
    raise KeyError(name)


def test_the_title_watches_the_newest_kept_match_and_plays_it_with_the_mouse(xserver, tmp_path):  # noqa: F811
    from game.app.history.history import history_folder, keep_match
    from tests.e2e.test_window_xvfb import start_game
    from tests.test_playback import record_lines

    match, _ = live_match("three_player", 2, seed=5)
    plan = {"mode": "solo", "humans": [0], "names": ["You", "Easy AI", "Hard AI"], "ai_level": "easy",
            "levels": [None, "easy", "hard"]}
    keep_match(history_folder(tmp_path / "data" / "17steps"), record_lines(match), plan, "finished", 200)
    shots = tmp_path / "shots"
    game, screen = start_game(xserver, shots)
    with ended_after(game):
        screen.click(WATCH_BUTTON)
        time.sleep(1.0)
        screen.screenshot()  # 001: the kept match, at its start
        screen.key("plus")
        screen.key("plus")  # 8 steps a second
        screen.click(bar_button("play"))
        time.sleep(2.0)
        screen.key("space")  # pause
        screen.screenshot()  # 002: some steps on
        quit_by_escape(screen, game)
    pictures = keep_pictures(shots, "theatre-title")
    assert len(pictures) == 2
    pygame.init()
    first, played = (pygame.image.load(str(p)) for p in pictures)
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(played, "RGB")
    assert first.get_size() == (1280, 800)
