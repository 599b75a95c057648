"""Scenes and the scene stack: title, settings, the table, and overlays on top of it.

A scene handles events (returning whether it used them), updates with the time passed,
and draws; `draw` never changes game state. A scene that changes with time says when it
will next look different (`next_change`), so that the window can sleep until then.

Only the top scene is updated. A scene covered by an overlay that lets it show through
(the table under its menu or a prompt) is only `animate`d: motion already under way
finishes (the discard that was thrown lands in its river, the dora indicator finishes
turning), while what moves the match on (the AI's pause, notices' time on screen, the time
limits) waits for the scene to be on top again — but for the one clock of a move the table
itself is asking about ("Build it anyway?"), which runs on under that question. Once the
motion has ended the picture beneath stands still. Every covered scene, shown or not, is
`serve`d: a table this computer hosts answers the other computers under its menu (one with
seats there goes on: game/app/scenes/table.py).
pygame_gui elements a scene creates are listed in `elements`: hidden while another scene
covers it, removed when it leaves, and labelled again in the new language when the
player switches (`relabel`). Text a scene draws itself is translated as it is drawn.

A scene is handed what it needs, never the window itself: the window's `Services` (its
pictures, sounds, settings and workers) and, if it leads anywhere, the `Screens` of
game/app/flow.py, the one place that knows which screen leads to which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame
from pygame_gui.core import UIElement

if TYPE_CHECKING:
    import pygame_gui

    from game.app.history.player_files import PlayerFiles
    from game.app.play.analysis_pool import AnalysisPool
    from game.app.play.remote_table import RemoteTable
    from game.app.play.result_frame import ResultFrame
    from game.app.play.savegame import HostedSeats
    from game.app.play.session import SeatPlan, Session
    from game.app.settings import Settings
    from game.app.window.art import TileArt
    from game.app.window.audio import Audio
    from game.app.window.display import Display
    from game.app.window.text import Text
    from game.app.words.i18n import Later, Message
    from game.engine.playback import Playback
    from game.engine.rules import Rules


@runtime_checkable
class Services(Protocol):
    """What the window lends its scenes (game/app/window/window.py `App` is the one)."""

    stack: SceneStack
    manager: pygame_gui.UIManager
    screen: pygame.Surface
    """The logical 1280 x 800 picture every scene draws on."""
    display: Display
    text: Text
    art: TileArt
    audio: Audio
    settings: Settings
    language_override: str | None
    notice: str | Message | Later | None
    """What the title screen has to say (and starting a match, before the table opens): a
    `Message` or `Later`, so that a language switch in the Settings over the title rewords it."""
    files: PlayerFiles
    """The player's save slot, match history and statistics."""
    executor: Executor
    analysis_pool: AnalysisPool

    def change_settings(self, settings: Settings) -> None: ...

    def quit(self) -> None: ...

    def next_match_seed(self) -> int:
        """Not the scenes' own: they hand it on to start a match (game/app/play/match_setup.py)."""
        ...


@runtime_checkable
class Screens(Protocol):
    """Where a scene may lead: the screen map of game/app/flow.py. A screen that takes the
    whole window leaves the others (the title, the table, the summary); the rest go on top."""

    def title(self) -> None: ...

    def table(self, session: Session, seats: HostedSeats | None = None) -> None: ...

    def new_table(self, start: Callable[[SeatPlan], None]) -> None: ...

    def result(self, make_frame: Callable[[], ResultFrame], on_next: Callable[[], None],
               news: Callable[[], str | None] | None = None) -> None: ...

    def summary(self, session: Session) -> None: ...

    def curtain(self, session: Session, seat: int, on_lift: Callable[[], None],
                on_menu: Callable[[], None]) -> None: ...

    def pause(self) -> None: ...

    def rules(self, rules: Rules | None = None, move_time_s: float | None = None) -> None:
        """The rules page: of `rules` (a host's, its clocks `move_time_s`), else of the settings."""

    def settings(self) -> None: ...

    def statistics(self) -> None: ...

    def watch(self, path: Path) -> bool: ...

    def watch_latest(self) -> None: ...

    def watch_match(self, record: Sequence[dict[str, Any]], plan: dict[str, Any]) -> None: ...

    def theatre(self, playback: Playback, title: str) -> None: ...

    def join(self) -> None: ...

    def rejoin(self, address: str, code: str) -> None: ...

    def joined_table(self, table: RemoteTable) -> None: ...

    def joined_summary(self, table: RemoteTable) -> None: ...

    def joined_pause(self) -> None: ...


class Scene:
    opaque = True
    """An opaque scene hides the scenes beneath it; an overlay lets them show through."""

    def __init__(self, app: Services) -> None:
        self.app = app
        self.elements: list[UIElement] = []

    def enter(self) -> None:
        """Called when the scene comes on the stack: create its gui elements here."""

    def leave(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements.clear()

    def cover(self) -> None:
        for element in self.elements:
            element.hide()

    def uncover(self) -> None:
        for element in self.elements:
            element.show()

    def relabel(self) -> None:
        """The language changed: make the gui elements again, in it. Here for a scene whose
        `enter` only makes its elements; a scene that keeps more (a focus ring) says how."""
        self.leave()
        self.enter()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (only the top scene is updated; those beneath are animated)."""

    def animate(self, dt: float) -> None:
        """Covered by an overlay: let motion already under way go on by dt seconds, and
        nothing else (no move is made; no clock runs but the one of a move the scene is
        itself asking about, as the table under its own question)."""

    def animating(self) -> bool:
        """Whether `animate` still changes the picture (frames are drawn for it)."""
        return False

    def serve(self, dt: float) -> None:
        """Covered by any scene, shown or hidden: what may not wait for this one to be on top
        again (a hosted table answers the other computers). Nothing by default."""

    def next_change_covered(self) -> float | None:
        """`next_change` while covered by a scene that lets it show through: at once while
        it is animating, else never (nothing else moves under a cover)."""
        return 0.0 if self.animating() else None

    def next_change(self) -> float | None:
        """Seconds until this scene looks different with no input: 0 while something moves
        (every frame is drawn), the time to a timer's next visible step (the clock's next
        second), None when only input or background work finishing (which wakes the
        window, game/app/window/wake.py) can change it. A scene whose `update` advances anything
        with time must say so here: the window sleeps on the answer."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].cover()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].uncover()
        return scene

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from `scene` (back to the title, say)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        """Take a scene off wherever it is (a dialog closed by the scene beneath)."""
        if self.top is scene:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.leave()

    def relabel(self) -> None:
        """Every scene's gui elements in the new language; those beneath the top stay hidden."""
        for scene in self.scenes:
            scene.relabel()
        for scene in self.scenes[:-1]:
            scene.cover()

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        for scene in self.scenes[:-1]:
            scene.serve(dt)
        for scene in self.shown()[:-1]:  # those hidden by an opaque scene wait as they are
            scene.animate(dt)
        if top is not None and top in self.scenes:  # a covered scene may close what covered it
            top.update(dt)

    def next_change(self) -> float | None:
        """The first of the top scene's (the only one updated) and those of the scenes it
        lets show through (`next_change_covered`)."""
        changes = [scene.next_change_covered() for scene in self.shown()[:-1]]
        if self.top is not None:
            changes.append(self.top.next_change())
        return min((change for change in changes if change is not None), default=None)

    def shown(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top opaque one and the overlays above it."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.shown():
            scene.draw(surface)
