"""`--smoke N`: the whole game for N frames, a scripted player at the keyboard, then exit.

A check that a build starts, finds its assets and fonts, draws, and plays against the AI
(whose hand building runs in the analysis worker process, the frozen executable started
again). The scripted player answers every screen with the keys a person would press: Enter on the
title (the first button, the easy AI), Enter to flip the dora, G (suggest) and Enter to
build, Enter to discard and to take every offered choice (ron, OK, build it anyway),
Enter on the result to deal the next hand.

With `--join ADDRESS --code CODE` it sits at a networked table instead (the Join screen's
sitting down, straight from the title; no discovery): the same keys play the joined table
(`RemoteTable` under the same table scene), and the run ends at the match's end, printing
the standings as `python -m game join` does (`match over (REASON): scores …`), so that a
host's tests run the joined window's code against a real host. A refusal or a host gone
ends it with one line on stderr and exit status 1.

It plays in a throwaway config and data folder, so a player's settings and saved match
are never touched, and prints one line saying how far it got.

Its frames come at 60 a second, as a player's would. With SEVENTEEN_STEPS_UNPACED_SMOKE=1 in
the environment (the tests) each frame still lets 1/60 s pass for the game, but is drawn as
soon as the last one is, except while the table waits for work in the background (an AI's
move, the helper's suggestion): those frames wait for it up to 1/60 s each, as paced ones do,
so that the same frames get as far through the match.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.app.flow import Flow
from game.app.play.remote_table import RemoteTable
from game.app.scenes.dialog import Dialog
from game.app.scenes.join import JoinScene
from game.app.scenes.join_summary import JoinedSummaryScene
from game.app.scenes.result import ResultScene
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.window.display import wait_for_event
from game.app.window.screenshots import check_screenshot_folder
from game.app.window.window import App, LaunchOptions, NoDisplayError, create_app
from game.engine.rules import Rules
from game.files import shown_path

ACT_EVERY = 8
"""Frames between two key presses: slow enough for every scene to settle first."""
SMOKE_SEED = 17
"""The seed of a smoke run without --seed, so that CI plays the same hand every time."""
PRESS_SCENES = (TitleScene, Dialog, ResultScene, SummaryScene)
BAD_INPUT = 2
UNPACED_VARIABLE = "SEVENTEEN_STEPS_UNPACED_SMOKE"
FRAME_S = 1 / 60
"""The time each frame lets pass, paced or not."""


def key_press(key: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
    ]


@dataclass
class Progress:
    match_seed: int | None = None
    kyoku_dealt: int = 0
    kyoku_settled: int = 0
    moves: int = 0
    """Actions in the match record (both seats)."""
    seat: int | None = None
    """The seat taken at a networked table (--join)."""
    over: str | None = None
    """The joined match's end, as `python -m game join` prints it."""
    failed: str | None = None
    """Why the joined run ended without the match's end: the join refused, the host gone."""

    def line(self, frames: int, first_frame_at: float | None) -> str:
        if self.seat is not None:
            return (f"smoke: {frames} frames, joined seat {self.seat}, {self.kyoku_dealt} hands dealt, "
                    f"{self.kyoku_settled} settled, first frame at {first_frame_at:.3f}")
        return (
            f"smoke: {frames} frames, match seed {self.match_seed}, {self.kyoku_dealt} hands dealt, "
            f"{self.kyoku_settled} settled, {self.moves} moves, first frame at {first_frame_at:.3f}"
        )


class ScriptedPlayer:
    """The human seat's keyboard during a smoke run; a `Pilot` for `App.run`."""

    def __init__(self, unpaced: bool = False) -> None:
        self.progress = Progress()
        self.unpaced = unpaced
        self._settled_seen: set[int] = set()

    def __call__(self, app: App) -> list[pygame.event.Event]:
        self._observe(app)
        if self.joined_end(app):
            app.quit()
            return []
        if self.unpaced and self.awaits_work(app):
            wait_for_event(FRAME_S)  # until the work is done (it wakes the window) or a frame's time
        if app.frames % ACT_EVERY:
            return []
        return key_press(key) if (key := self.key_for(app)) is not None else []

    def key_for(self, app: App) -> int | None:
        top = app.stack.top
        if isinstance(top, Dialog) and top.own_keys:
            return top.choices[0].key  # the ron prompt takes only its own keys: R
        if isinstance(top, Dialog) and top.ring.focus != 0:
            return pygame.K_LEFT  # the first choice goes ahead; a risky one is not the default
        if isinstance(top, PRESS_SCENES):
            return pygame.K_RETURN
        if not isinstance(top, TableScene):
            return None
        mode = top.mode()
        if mode in ("dora", "discard"):
            return pygame.K_RETURN
        if mode == "build" and top.viewer is not None:
            if top.builds[top.viewer].full:
                return pygame.K_RETURN
            return pygame.K_g if top.helpers[top.viewer].ready else None
        return None

    def joined_end(self, app: App) -> bool:
        """At a networked table: its match is over (the joined summary), or the table is
        lost (the join refused, or the title back with the host gone)."""
        top = app.stack.top
        if isinstance(top, JoinScene) and top.joining is None and top.sentence is not None:
            self.progress.failed = top.sentence
        elif self.progress.seat is not None and isinstance(top, TitleScene):
            self.progress.failed = str(app.notice or "back at the title")
        return (self.progress.over is not None and isinstance(top, JoinedSummaryScene)) \
            or self.progress.failed is not None

    def awaits_work(self, app: App) -> bool:
        """Nothing to press and nothing on screen to move but work in the background (an AI's
        move, the helper's suggestion), which takes real time whatever time the frames let pass."""
        if self.key_for(app) is not None:
            return False
        top = app.stack.top
        if isinstance(top, TableScene) and top.mode() == "build":
            return True  # the helper or the other seats' builds; the build clock moves meanwhile
        return app.stack.next_change() is None

    def _observe(self, app: App) -> None:
        table = _table(app)
        if table is not None and isinstance(table.controller, RemoteTable):
            self._observe_joined(table.controller)
            return
        if table is None or table.session is None or table.session.busy:
            return
        match = table.session.match
        self.progress.match_seed = match.seed
        self.progress.kyoku_dealt = max(self.progress.kyoku_dealt, match.kyoku_number)
        self.progress.moves = sum(1 for line in match.record if line.get("type") == "action")
        if table.session.kyoku_over:
            self._settled_seen.add(match.kyoku_number)
        self.progress.kyoku_settled = len(self._settled_seen)


    def _observe_joined(self, table: RemoteTable) -> None:
        self.progress.seat = table.seat
        self.progress.kyoku_dealt = max(self.progress.kyoku_dealt, table.shown_kyoku)
        if table.kyoku_over:
            self._settled_seen.add(table.shown_kyoku)
        self.progress.kyoku_settled = len(self._settled_seen)
        over = table.heard.over
        if over is not None and table.match_over:
            self.progress.over = f"match over ({over.reason}): scores " + ", ".join(f"{s:g}" for s in over.scores)


def _table(app: App) -> TableScene | None:
    return next((scene for scene in app.stack.scenes if isinstance(scene, TableScene)), None)


def run_smoke(frames: int, seed: int | None, screenshot_dir: Path | None, preset: str | None = None,
              language: str | None = None, join: tuple[str, str] | None = None) -> int:
    """Play `frames` frames of the `preset`'s table (the settings' default without one), in
    `language` (the system's without one), or of the networked table at `join` (address,
    code) to its match's end; 0 when they all ran (or the joined match ended), 1 without a
    display or when the joined table was refused or lost, 2 when the screenshot cannot be
    saved into `screenshot_dir` (said on stderr in one line: a folder that is a file,
    /dev/null or read-only is found before anything is played)."""
    if screenshot_dir is not None:
        try:
            check_screenshot_folder(screenshot_dir)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            return _no_screenshot(screenshot_dir, error)
    unpaced = os.environ.get(UNPACED_VARIABLE) == "1"
    with tempfile.TemporaryDirectory(prefix="17steps-smoke-") as folder:
        options = LaunchOptions(
            seed=SMOKE_SEED if seed is None else seed,
            max_frames=frames,
            screenshot_dir=screenshot_dir,
            config_dir=Path(folder) / "config",
            data_dir=Path(folder) / "data",
            language=language,
            frame_step_s=FRAME_S if unpaced else None,
        )
        try:
            app = create_app(options)
        except NoDisplayError as error:
            print(error, file=sys.stderr)
            return 1
        # Quick AI moves and animations let a short run get through a whole hand.
        app.settings = app.settings.with_changes(ai_delay_s=0.1, animation="fast")
        if preset is not None:
            app.settings = app.settings.with_changes(rules=Rules.preset(preset))
        player = ScriptedPlayer(unpaced)
        flow = Flow(app)
        flow.title()
        if join is not None:  # sat down at once, as Rematch joins a table again; never a look on the network
            app.stack.push(JoinScene(app, flow, None, rematch=join))
        try:
            app.run(player)
            shot = app.save_screenshot() if screenshot_dir is not None else None
        except (OSError, pygame.error) as error:  # the disk filled up meanwhile
            assert screenshot_dir is not None
            return _no_screenshot(screenshot_dir, error)
        finally:
            app.close()
            pygame.quit()
    print(player.progress.line(app.frames, app.first_frame_at) + (f", screenshot {shot}" if shot else ""))
    if player.progress.failed is not None:
        print(f"play: the table at {join[0] if join else '?'}: {player.progress.failed}", file=sys.stderr)
        return 1
    if player.progress.over is not None:
        print(player.progress.over)
    return 0


def _no_screenshot(folder: Path, error: Exception) -> int:
    reason = getattr(error, "strerror", None) or error
    print(f"play: cannot save the screenshot into {shown_path(folder)}: {reason}", file=sys.stderr)
    return BAD_INPUT
