"""The real game in a real X server: `python -m game play --seed N` under Xvfb, played with
xdotool through a whole two-player hand and a whole four-player hand against three AIs
(mouse drags and clicks, keys), with screenshots.

Needs the Debian packages xvfb and xdotool; without them the test is skipped, saying so.
The game saves its own screenshots (F12) into the test's folder; progress is read from
the match record the game saves after every move.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.play.savegame import RECORD_FILE, SaveError, rebuilt_match
from game.app.window import layout
from game.engine.kyoku import Phase
from game.engine.record import RecordError, read_record, replay

ROOT = Path(__file__).resolve().parents[2]
LOGICAL = (1280, 800)
TWO_PLAYERS_BUTTON = (640, 412)  # the title without a saved match: under the three AI buttons
SUGGEST_BUTTON = (169, 372)
CONFIRM_BUTTON = (169, 476)
EASY_AI_BUTTON = (503, 350)  # the title without a saved match: the first of the three AI buttons
RING_SUGGEST_BUTTON = (1185, 612)  # three and four seats keep the building buttons bottom right
RING_CONFIRM_BUTTON = (1185, 716)
FOUR_PLAYER_SEED = 9  # a hand that reaches the person's discards (hands at four are often short)
STEP_PAUSE = 0.35

pytestmark = pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (Debian packages xvfb and xdotool)",
)


def free_display() -> int:
    for number in range(71, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


class Screen:
    """The game's window on the Xvfb display, addressed in the game's logical pixels."""

    def __init__(self, env: dict[str, str], window: str) -> None:
        self.env = env
        self.window = window
        geometry = dict(
            line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", window).split()
        )
        self.origin = (int(geometry["X"]), int(geometry["Y"]))
        self.scale = (int(geometry["WIDTH"]) / LOGICAL[0], int(geometry["HEIGHT"]) / LOGICAL[1])

    def xdotool(self, *args: str) -> str:
        return subprocess.run(
            ["xdotool", *args], env=self.env, check=True, capture_output=True, text=True, timeout=20
        ).stdout

    def at(self, pos: tuple[int, int]) -> list[str]:
        return [
            str(round(self.origin[0] + pos[0] * self.scale[0])),
            str(round(self.origin[1] + pos[1] * self.scale[1])),
        ]

    def move(self, pos: tuple[int, int]) -> None:
        self.xdotool("mousemove", *self.at(pos))
        time.sleep(STEP_PAUSE)

    def click(self, pos: tuple[int, int]) -> None:
        self.xdotool("mousemove", *self.at(pos), "sleep", "0.1", "click", "1")
        time.sleep(STEP_PAUSE)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.xdotool(
            "mousemove",
            *self.at(start),
            "sleep",
            "0.1",
            "mousedown",
            "1",
            "sleep",
            "0.1",
            "mousemove",
            *self.at(middle),
            "sleep",
            "0.1",
            "mousemove",
            *self.at(end),
            "sleep",
            "0.1",
            "mouseup",
            "1",
        )
        time.sleep(STEP_PAUSE)

    def key(self, name: str) -> None:
        self.xdotool("key", name)
        time.sleep(STEP_PAUSE)

    def screenshot(self) -> None:
        self.key("F12")


@pytest.fixture
def xserver(tmp_path):
    number = free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.05)
        else:
            pytest.fail("Xvfb did not start")
        env = {
            **os.environ,
            "DISPLAY": f":{number}",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        env.pop("SDL_VIDEODRIVER", None)
        yield env
    finally:
        server.terminate()
        server.wait(timeout=10)


def current_match(record_path: Path):
    try:
        return rebuilt_match(replay(read_record(record_path)))
    except (RecordError, SaveError, OSError):
        return None


def next_kyoku_dealt(screen, record_path: Path, tries: int = 3, wait_s: float = 10.0) -> bool:
    """Return on the result deals the next kyoku. On a loaded machine the result may come up
    later than the test's pause, its key guard swallowing the key: a player presses again."""
    for _ in range(tries):
        screen.key("Return")
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            match = current_match(record_path)
            if match is not None and match.kyoku_number == 2:
                return True
            time.sleep(0.25)
    return False


def keep_pictures(shots: Path, prefix: str) -> list[Path]:
    pictures = sorted(shots.glob("*.png"))
    keep = os.environ.get("SEVENTEEN_STEPS_SHOTS")  # a folder to copy them to, to look at
    for picture in pictures:
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(picture, Path(keep) / f"{prefix}-{picture.name}")
    return pictures


def start_game(xserver: dict[str, str], shots: Path, seed: int = 5) -> tuple[subprocess.Popen[bytes], Screen]:
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "play", "--seed", str(seed), "--screenshots", str(shots)],
        cwd=ROOT,
        env=xserver,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    window = subprocess.run(
        ["xdotool", "search", "--sync", "--pid", str(game.pid)],
        env=xserver,
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout.split()[0]
    time.sleep(1.0)
    return game, Screen(xserver, window)


def test_a_four_player_hand_against_three_ais_in_the_real_window(xserver, tmp_path):
    shots = tmp_path / "shots"
    record_path = tmp_path / "data" / "17steps" / RECORD_FILE
    config = tmp_path / "config" / "17steps"
    config.mkdir(parents=True)
    settings = {"rules": {"preset": "four_player", "changes": {}}, "ai_delay_s": 0.2, "animation": "fast"}
    (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    game, screen = start_game(xserver, shots, seed=FOUR_PLAYER_SEED)
    try:
        screen.screenshot()  # the title, four players
        screen.click(EASY_AI_BUTTON)
        settled = play_one_kyoku(screen, record_path, RING_SUGGEST_BUTTON, RING_CONFIRM_BUTTON, (0,), dora=False,
                                shot_at=0)
        assert settled, "the hand did not reach its result"
        match = current_match(record_path)
        assert match is not None and len(match.kyoku.rivers[0]) >= 1, "the hand reached the person's discards"
        time.sleep(2.0)
        screen.screenshot()  # the result
        match = current_match(record_path)
        assert match is not None and match.rules.players == 4
        assert game.poll() is None, game.stderr.read().decode() if game.stderr else ""
    finally:
        game.terminate()
        game.wait(timeout=10)
    assert len(keep_pictures(shots, "e2e-four")) == 4, "title, building, discarding, result"


def test_a_two_player_hand_played_with_mouse_and_keys_in_the_real_window(xserver, tmp_path):
    shots = tmp_path / "shots"
    record_path = tmp_path / "data" / "17steps" / RECORD_FILE
    game, screen = start_game(xserver, shots)
    try:
        screen.screenshot()  # the title
        screen.click(TWO_PLAYERS_BUTTON)
        screen.screenshot()  # the curtain
        settled = play_one_kyoku(screen, record_path, SUGGEST_BUTTON, CONFIRM_BUTTON)
        assert settled, "the hand did not reach its result"
        # The moment of the win (2.6 s) before the result comes up, and the result's first
        # moment, in which it takes no key (menu_keys.KEY_GUARD_S).
        time.sleep(3.0)
        screen.screenshot()  # the result
        assert next_kyoku_dealt(screen, record_path), "Return on the result did not deal the next hand"
        assert game.poll() is None, game.stderr.read().decode() if game.stderr else ""
    finally:
        game.terminate()
        game.wait(timeout=10)
    pictures = keep_pictures(shots, "e2e")
    assert len(pictures) == 5, "title, curtain, building, discarding, result"


def play_one_kyoku(screen: Screen, record_path: Path, suggest: tuple[int, int], confirm: tuple[int, int],
                  people: tuple[int, ...] = (0, 1), dora: bool = True, shot_at: int = 4) -> bool:
    """Answer whatever the table asks until the hand is settled; True when it was."""
    dragged = shown_discards = False
    for _ in range(600):
        match = current_match(record_path)
        if match is not None and match.settlements:
            return True
        if match is None and dora:  # the dora is not flipped yet: nothing is saved before the first move
            screen.key("space")
            screen.click(layout.side_stack_rect(3, 8).center)
            continue
        phase = match.kyoku.phase if match is not None else Phase.BUILD
        before = len(match.record) if match is not None else 0
        screen.key("space")  # the curtain, if it is up
        if phase is Phase.BUILD:
            if not dragged:
                for index in range(3):
                    screen.drag(layout.build_wall_rect(index).center, layout.slot_rect(index).center)
                screen.screenshot()  # a hand being built, with the helper
                dragged = True
            screen.click(suggest)
            screen.click(confirm)
        elif phase is Phase.DISCARD and match.kyoku.turn in people:
            kyoku = match.kyoku
            pool = kyoku.pools[kyoku.turn]
            target = layout.pool_rect(len(pool) // 2, len(pool)).center
            if len(kyoku.rivers[kyoku.turn]) >= shot_at and not shown_discards:
                screen.move(target)
                screen.screenshot()  # mid-hand: rivers, the pool with a tile raised under the pointer
                shown_discards = True
            screen.click(target)
        elif phase is Phase.RON:
            screen.key("r")
        after = current_match(record_path)
        if after is None or len(after.record) == before:
            screen.key("Home")  # a dialog's first choice always goes ahead (discard it, OK, build it),
            screen.key("Return")  # though a risky one is not the default
    return False
