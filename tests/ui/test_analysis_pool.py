"""The analysis workers killed at random moments of a match played in the window: the
building, the discards, the result and the theatre all carry on (a fresh worker, or the
work done in the game's own process), and every move is kept in the record (issue 30)."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal

import pygame

from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.engine.record import write_record
from tests.ui.autoplay import play_to_result

KILL_CHANCE = 0.04
"""Per frame: some tens of kills in a hand, at moments no one chose."""


def kill_workers() -> int:
    """SIGKILL every analysis worker alive now, as the system's out-of-memory killer would."""
    children = multiprocessing.active_children()
    for child in children:
        os.kill(child.pid, signal.SIGKILL)
    return len(children)


def builders(record: list[dict], hand: int) -> set[int]:
    """The seats whose built hand the record keeps for hand number `hand`."""
    seats, number = set(), None
    for line in record:
        if line["type"] == "hand":
            number = line["number"]
        elif line["type"] == "action" and line["action"] == "build" and number == hand:
            seats.add(line["seat"])
    return seats


def test_workers_killed_at_random_moments_of_a_match_lose_nothing(driver, tmp_path):
    rng = random.Random(30)
    kills = []
    frame = driver.frame

    def frame_with_kills(*args, **named):
        if rng.random() < KILL_CHANCE:
            kills.append(kill_workers())
        frame(*args, **named)

    driver.frame = frame_with_kills
    driver.press(driver.button("Easy"))  # the real AI: its builds run in the workers
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    for hand in (1, 2):
        kills.append(kill_workers())  # as the hand starts: the helper's first answer was asked for
        result = play_to_result(driver, table, seconds=240)
        assert isinstance(result, ResultScene) and result.frame == table.controller.result_frame()
        kills.append(kill_workers())  # at the result
        assert builders(table.session.match.record, hand) == {0, 1}
        if hand == 1:
            driver.look()
            driver.key(pygame.K_RETURN)
            assert table.session.match.kyoku_number == 2 and driver.top is table
    assert sum(kills) > 0, "no worker was running to kill"
    assert driver.app.analysis_pool.restarts > 0

    driver.frame = frame
    path = tmp_path / "killed.jsonl"
    write_record(path, table.session.match.record)
    assert driver.screens.watch(path)
    driver.frame()
    theatre = driver.top
    theatre.overlays["builds"] = True
    playback = theatre.playback
    playback.go(next(i for i, s in enumerate(playback.steps) if s.action and s.action["action"] == "build"))
    review = theatre.build_review()
    kill_workers()  # while the theatre's review is worked out
    assert review.result(timeout=240).seat == playback.step.action["seat"]
    assert driver.app.analysis_pool.submit_first(pow, 2, 10).result(timeout=120) == 1024
