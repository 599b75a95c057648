"""`--smoke N`: a scripted player gets through a hand by the keyboard, the command runs
headless and leaves no files behind, --seed repeats the match, a machine without a display
gets one plain line, and a first launch makes its folders where the platform keeps them."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pygame_gui.core.gui_font_pygame import GUIFontPygame

import game.app.play.match_setup as match_setup
from game.app.flow import Flow
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import RulesScene
from game.app.scenes.settings_screen import SettingsScene
from game.app.scenes.table import TableScene
from game.app.settings import Settings
from game.app.window.text import Text
from game.app.window.window import App, LaunchOptions
from game.app.words.rule_texts import PRESET_NAMES
from game.cli.smoke import UNPACED_VARIABLE, ScriptedPlayer
from game.engine.rules import Rules
from tests.helpers import scanned_fonts
from tests.test_main import interrupted_when_busy
from tests.ui.scripted import ScriptedAgent

ROOT = Path(__file__).resolve().parents[2]



FRAME = 1 / 60



SMOKE_LINE = re.compile(r"^smoke: (\d+) frames, match seed (\d+), (\d+) hands dealt, (\d+) settled, (\d+) moves")



@pytest.fixture
def scripted_opponent(monkeypatch):
    """The AI seat played by a scripted agent: the test is about the player's side."""
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level, seed: {1: ScriptedAgent()})
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)



def run_frames(app: App, player: ScriptedPlayer, done, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"stuck on {app.stack.top!r} after {app.frames} frames"
        app.step(FRAME, player(app))
        time.sleep(0.001)  # the helper's wall analysis runs in worker processes meanwhile



def test_the_scripted_player_plays_a_hand_from_the_title_to_the_next_deal(display, tmp_path, scripted_opponent):
    app = App(LaunchOptions(seed=4, config_dir=tmp_path / "config", data_dir=tmp_path / "data"))
    app.settings = app.settings.with_changes(ai_delay_s=0.0, animation="instant")
    Flow(app).title()
    player = ScriptedPlayer()
    try:
        run_frames(app, player, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        run_frames(app, player, lambda: isinstance(app.stack.top, ResultScene))
        run_frames(app, player, lambda: player.progress.kyoku_dealt == 2)
    finally:
        app.close()
    record = table.session.match.record
    own = [line["action"] for line in record if line.get("type") == "action" and line["seat"] == 0]
    assert "build" in own and ("discard" in own or "ron" in own)
    assert player.progress.kyoku_settled == 1 and player.progress.match_seed == table.session.match.seed
    assert len(own) < player.progress.moves <= sum(1 for line in record if line.get("type") == "action")



def run_game(tmp_path: Path, *args: str, env_changes: dict[str, str | None] | None = None,
             cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", UNPACED_VARIABLE: "1",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    for name, value in (env_changes or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)



def smoke_numbers(done: subprocess.CompletedProcess[str]) -> tuple[int, ...]:
    assert done.returncode == 0, done.stderr
    found = SMOKE_LINE.match(done.stdout.strip())
    assert found is not None, done.stdout
    return tuple(int(n) for n in found.groups())



def test_smoke_runs_its_frames_headless_and_leaves_no_files(tmp_path):
    folder = tmp_path / "cwd"
    folder.mkdir()
    frames, _, dealt, _, moves = smoke_numbers(run_game(tmp_path, "--smoke", "90", cwd=folder))
    assert frames == 90 and dealt == 1 and moves >= 1
    assert not (tmp_path / "config").exists() and not (tmp_path / "data").exists()
    assert list(folder.iterdir()) == []



def test_smoke_saves_its_last_frame_when_given_a_screenshot_folder(tmp_path):
    done = run_game(tmp_path, "--smoke", "20", "--screenshots", str(tmp_path / "shots"))
    smoke_numbers(done)
    assert [p.name for p in (tmp_path / "shots").iterdir()] == ["17steps-001.png"]
    assert done.stdout.strip().endswith("17steps-001.png")



def test_the_same_seed_deals_the_same_match(tmp_path):
    seeds = [smoke_numbers(run_game(tmp_path, "--smoke", "12", "--seed", seed))[1] for seed in ("9", "9", "10")]
    assert seeds[0] == seeds[1] != seeds[2]



def test_smoke_refuses_a_frame_count_below_one(tmp_path):
    done = run_game(tmp_path, "--smoke", "0")
    assert done.returncode == 2 and "at least 1" in done.stderr



NO_DISPLAY = {"SDL_VIDEODRIVER": None, "DISPLAY": None, "WAYLAND_DISPLAY": None}



@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux machine without X or Wayland")
@pytest.mark.parametrize("args", [(), ("--smoke", "10")])
@pytest.mark.parametrize("runtime_dir", [False, True], ids=["nothing-named", "sdl-falls-back-to-offscreen"])
def test_without_a_display_one_plain_line_and_exit_1(tmp_path, args, runtime_dir):
    env = {**NO_DISPLAY, "XDG_RUNTIME_DIR": str(tmp_path) if runtime_dir else None}
    done = run_game(tmp_path, *args, env_changes=env)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "17 Steps needs a display to open its window (no display found; SDL_VIDEODRIVER=dummy runs without one)."
    ]
    assert done.stdout == ""



def test_a_windowless_driver_asked_for_by_name_is_used(tmp_path):
    smoke_numbers(run_game(tmp_path, "--smoke", "5", env_changes={**NO_DISPLAY, "SDL_VIDEODRIVER": "offscreen"}))



@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="platformdirs follows XDG only on Linux")
def test_a_first_launch_makes_its_folders_on_demand_and_writes_nowhere_else(display, tmp_path, monkeypatch,
                                                                          scripted_opponent):
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.chdir(cwd)
    app = App(LaunchOptions(seed=6))
    # Opening the window writes nothing but the lock that keeps the save to this window.
    assert [path.relative_to(home) for path in home.rglob("*") if path.is_file()] == [
        Path(".local", "share", "17steps", "unfinished_match.lock")]
    Flow(app).title()
    player = ScriptedPlayer()
    try:
        run_frames(app, player, lambda: player.progress.moves >= 1)
        app.change_settings(app.settings.with_changes(volume=0.3))
        app.save_screenshot()
    finally:
        app.close()
    data, config = home / ".local" / "share" / "17steps", home / ".config" / "17steps"
    assert (data / "unfinished_match.jsonl").is_file() and (data / "screenshots" / "17steps-001.png").is_file()
    assert (config / "settings.json").is_file()
    assert list(cwd.iterdir()) == []



WINDOWLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}



@pytest.mark.parametrize(("argv", "workers"), [
    (["--smoke", "100000", "--seed", "3"], 2),
    (["watch", str(ROOT / "tests" / "records" / "kaiji_two_draws_then_a_win.jsonl"), "--frames", "100000"], 0),
])
def test_ctrl_c_closes_the_window_as_its_close_button_does(tmp_path, argv, workers):
    """Ctrl-C ends the frame under way and closes down as a quit does (SIGTERM is one: SDL
    makes it a quit event), the match saved as after every change: one line, exit 130, and
    the analysis workers gone. It was a KeyboardInterrupt traceback from the middle of a
    frame, and one from each worker."""
    env = {**os.environ, **WINDOWLESS, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    code, err, left = interrupted_when_busy(argv, cpu=2.0, workers=workers, env=env)
    assert (code, err, left) == (130, f"{'watch' if argv[0] == 'watch' else 'play'}: interrupted\n", [])



@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_the_smoke_line_onto_a_full_disk_is_said(tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "game", "--smoke", "3"], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120, env={**os.environ, **WINDOWLESS})
    assert (done.returncode, done.stderr) == (2, "play: the output could not be written (No space left on device)\n")



def test_ctrl_c_lets_the_frame_under_way_end_then_closes(display, tmp_path, scripted_opponent):
    """In the window Ctrl-C is a quit, not an exception in the middle of a frame: the frame
    it came in is drawn whole, then `run` ends with the match saved and says it was
    interrupted (KeyboardInterrupt, for the command line's one line and exit 130)."""
    app = App(LaunchOptions(seed=4, config_dir=tmp_path / "config", data_dir=tmp_path / "data"))
    app.settings = app.settings.with_changes(ai_delay_s=0.0, animation="instant")
    Flow(app).title()
    player = ScriptedPlayer()
    pressed_at: list[int] = []

    def pilot(app: App) -> list:
        if player.progress.moves >= 1 and not pressed_at:
            pressed_at.append(app.frames)
            signal.raise_signal(signal.SIGINT)
        return player(app)

    try:
        with pytest.raises(KeyboardInterrupt):
            app.run(pilot)
    finally:
        app.close()
    assert app.frames == pressed_at[0] + 1 and not app.running
    assert (tmp_path / "data" / "unfinished_match.jsonl").is_file()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler



@pytest.mark.parametrize("where", ["a file", "/dev/null", "inside a file", "read-only"])
def test_a_screenshot_folder_that_cannot_take_one_is_one_line_before_playing(tmp_path, where):
    """`--smoke N --screenshots PATH` played its frames, then ended in a traceback."""
    afile = tmp_path / "afile"
    afile.write_text("in the way", encoding="utf-8")
    read_only = tmp_path / "read-only"
    read_only.mkdir(mode=0o555)
    if where == "read-only" and os.access(read_only, os.W_OK):
        pytest.skip("this user writes into read-only folders (root)")
    folder = {"a file": str(afile), "/dev/null": "/dev/null", "inside a file": str(afile / "shots"),
              "read-only": str(read_only)}[where]
    done = run_game(tmp_path, "--smoke", "100000", "--screenshots", folder)  # refused before frame 1
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"play: cannot save the screenshot into {folder}: ") and done.stderr.count("\n") == 1



def test_a_screenshot_that_fails_at_the_end_is_one_line(display, tmp_path, monkeypatch, capsys):
    from game.cli import smoke

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(smoke, "check_screenshot_folder", lambda folder: None)  # it filled up meanwhile
    monkeypatch.setattr("game.app.window.screenshots.tempfile.mkstemp", refused)
    assert smoke.run_smoke(2, 1, tmp_path / "shots") == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"play: cannot save the screenshot into {tmp_path / 'shots'}: Permission denied\n"



@pytest.mark.parametrize("unpaced", ["1", None])
def test_an_unpaced_smoke_lets_a_frame_s_time_pass_without_keeping_a_frame_rate(display, monkeypatch, capsys,
                                                                                unpaced):
    """SEVENTEEN_STEPS_UNPACED_SMOKE=1, the tests' smokes: every frame is drawn and lets 1/60 s
    pass for the game, and none is held to 60 a second (a player's smoke is)."""
    from game.cli import smoke

    if unpaced is None:
        monkeypatch.delenv(smoke.UNPACED_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(smoke.UNPACED_VARIABLE, unpaced)
    paced: list[int] = []

    class CountedClock:
        """pygame's frame clock, noting the frame rates it is asked to keep (none: not paced)."""

        def tick(self, framerate: int = 0) -> int:
            if framerate:
                paced.append(framerate)
            return 16

    monkeypatch.setattr("pygame.time.Clock", CountedClock)
    steps: list[float] = []
    step = App.step
    monkeypatch.setattr(App, "step", lambda self, dt, events=None: (steps.append(dt), step(self, dt, events))[1])
    assert smoke.run_smoke(30, 1, None) == 0
    assert capsys.readouterr().out.startswith("smoke: 30 frames")
    assert len(steps) == 30
    if unpaced:
        assert paced == [] and steps == [smoke.FRAME_S] * 30
    else:
        assert paced == [60] * 30


# Every character the window draws is in the subset fonts the executable ships.
#
# The text is caught where it is drawn (the game's own text and pygame_gui's), on the title,
# the rules page of every preset, the settings screen, and a whole hand that the smoke's
# scripted player plays to the result; the subsets are the build's own (`shipped_fonts`,
# made once for the whole run).
@pytest.fixture
def drawn(monkeypatch) -> set[str]:
    """The characters of every text drawn from now on."""
    seen: set[str] = set()

    def recording(method):
        def wrapper(self, text, *args, **kwargs):
            seen.update(text)
            return method(self, text, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(Text, "render", recording(Text.render))
    for name in ("render_premul", "render_premul_to", "size"):
        monkeypatch.setattr(GUIFontPygame, name, recording(getattr(GUIFontPygame, name)))
    return seen



def test_every_drawn_character_is_in_the_shipped_fonts(driver, drawn, monkeypatch, shipped_fonts):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level, seed: {1: ScriptedAgent()})
    app = driver.app
    for preset in PRESET_NAMES:
        app.settings = Settings(rules=Rules.preset(preset))
        app.stack.push(RulesScene(app))
        driver.frame()
        app.stack.pop()
    app.settings = Settings()
    app.stack.push(SettingsScene(app))
    driver.frame()
    app.stack.pop()
    driver.frame()
    player = ScriptedPlayer()
    deadline = time.monotonic() + 90
    while not isinstance(app.stack.top, ResultScene):
        assert time.monotonic() < deadline, f"stuck on {app.stack.top!r}"
        app.step(FRAME, player(app))
        time.sleep(0.001)
    driver.frames(3)

    fonts = scanned_fonts()
    assert {"十", "七", "歩", "A", "9"} <= drawn  # the title, the table and the result were drawn
    assert drawn <= fonts.ui_characters() | {"\n"}
    for name in fonts.THEME_FONTS:
        with TTFont(str(shipped_fonts / name)) as font:
            shipped = {chr(code) for code in font.getBestCmap()}
        missing = {c for c in drawn if c.isprintable() and c != " "} - shipped
        assert not missing, f"{name} lacks {''.join(sorted(missing))}"



# `--smoke N --preset three_player|four_player`: the scripted player in one seat and the
# AI in the others settles whole hands at three- and four-player tables.
@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_the_scripted_player_settles_a_hand_at_a_table_of_more_than_two(display, tmp_path, monkeypatch, preset):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)
    app = App(LaunchOptions(seed=4, config_dir=tmp_path / "config", data_dir=tmp_path / "data"))
    app.settings = app.settings.with_changes(ai_delay_s=0.0, animation="instant", rules=Rules.preset(preset))
    Flow(app).title()
    player = ScriptedPlayer()
    try:
        run_frames(app, player, lambda: player.progress.kyoku_settled >= 1)
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    finally:
        app.close()
    assert table.session.rules.players == Rules.preset(preset).players
    seats = {line["seat"] for line in table.session.match.record if line.get("type") == "action"}
    assert seats == set(range(table.session.rules.players))



def test_smoke_takes_a_preset_and_refuses_an_unknown_one(tmp_path):
    frames, _, dealt, _, _ = smoke_numbers(run_game(tmp_path, "--smoke", "40", "--preset", "four_player"))
    assert frames == 40 and dealt == 1
    done = run_game(tmp_path, "--smoke", "5", "--preset", "five_player")
    assert done.returncode == 2 and "five_player" in done.stderr
