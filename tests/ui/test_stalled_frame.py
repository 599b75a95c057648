"""A frame held up for long (the machine stalled, a window dragged on Windows) lets at most
`LONGEST_STEP_S` pass for the scenes: time nobody saw the table is not taken from a
player's clock."""

from __future__ import annotations

import time

from game.app.scene import Scene
from game.app.window.window import LONGEST_STEP_S
from tests.ui.test_idle_frames import run_for

STALL_S = 2.5


class StallsOnce(Scene):
    """Holds the loop up in its first update, and notes the time each update is given."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.steps: list[float] = []

    def update(self, dt: float) -> None:
        self.steps.append(dt)
        if len(self.steps) == 1:
            time.sleep(STALL_S)

    def next_change(self) -> float | None:
        return 0.0


def test_a_stalled_frame_passes_at_most_the_longest_step(driver):
    scene = StallsOnce(driver.app)
    driver.app.stack.push(scene)
    started = run_for(driver.app, STALL_S + 1.0)
    ran = time.monotonic() - started
    assert len(scene.steps) > 2
    assert max(scene.steps) == LONGEST_STEP_S, "the stall is seen, and cut to the longest step"
    assert sum(scene.steps) <= ran - (STALL_S - LONGEST_STEP_S) + 0.05, "the rest of the stall was not counted"
