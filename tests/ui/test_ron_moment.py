"""The end of a hand on the table, before its result: a ron is called (ロン, with its sound),
the winner's hand laid open and the tile it won on marked in the discarder's river; an
exhaustive draw is announced. The standings change when the result opens, not before; a
key or a click skips the moment, and with instant animation there is none. Keys pressed
for moves as the ron comes skip neither the moment nor the result (issue 30)."""

from __future__ import annotations

import dataclasses
import time

import pygame

from game.app.play.draw_reasons import draw_reasons
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.scenes.table import RON_MOMENT_S
from game.app.window.menu_keys import KEY_GUARD_S
from tests.ui.scripted import EXAMPLE_HAND, ScriptedAgent
from tests.ui.test_four_players import SOUTH_HAND, WEST_HAND, click_pool_tile, crafted_four
from tests.ui.test_screens import shot
from tests.ui.test_table import AVOID, build_example_and_wait_for_turn, crafted_table


def record_moment(driver) -> list[str]:
    """What the player hears and which screens open, in order."""
    happened: list[str] = []
    play, push = driver.app.audio.play, driver.app.stack.push
    driver.app.audio.play = lambda name: (happened.append(f"sound {name}"), play(name))[1]
    driver.app.stack.push = lambda scene: (happened.append(f"open {type(scene).__name__}"), push(scene))[1]
    return happened


def ron_on_the_example(driver):
    """The ron prompt on 4m, on screen long enough for keys to answer it."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    driver.look()
    return table


def frames_until(driver, done, events=(), seconds: float = 60.0) -> None:
    """Frames, each with `events` (keys held down in a hurry), until `done`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        driver.frame(list(events))
        time.sleep(0.002)  # the AI thinks in other threads


def test_a_ron_prompt_between_an_arrow_and_enter_is_not_answered_by_them(driver):
    """The arrow lands on the table (it moves the pool's cursor), the prompt comes up, the
    Enter that followed reaches the prompt: it neither passes nor rons; then R rons."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    frames_until(driver, lambda: isinstance(driver.top, Dialog), [key_down(pygame.K_RIGHT)])
    prompt = driver.top
    driver.frame([key_down(pygame.K_RETURN)])
    driver.frame([key_down(pygame.K_RIGHT), key_down(pygame.K_RETURN)])
    assert driver.top is prompt and table.mode() == "ron" and not table.session.view(0).furiten
    driver.look()
    driver.frame([key_down(pygame.K_RIGHT), key_down(pygame.K_RETURN)])
    assert driver.top is prompt and table.mode() == "ron", "arrows and Enter never answer it"
    driver.key(pygame.K_r)
    assert table.session.kyoku_over and table.session.kyoku.result.wins[0].seat == 0


def test_an_ai_ron_while_keys_are_pressed_shows_its_moment_and_its_result(driver):
    """Keys pressed for moves as an AI's ron arrives skip neither the moment of the win nor
    the result: each takes only a key pressed once it has been seen."""
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND),
              3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    keys = [key_down(pygame.K_LEFT), key_down(pygame.K_RETURN)]
    match = table.session.match
    frames_until(driver, lambda: table.session.kyoku_over or match.kyoku_number > 1, keys)
    assert match.kyoku_number == 1, "keys pressed as the ron came skipped its moment and its result"
    driver.frame(keys)
    driver.frame(keys, dt=KEY_GUARD_S / 2)
    driver.frame(keys)
    assert match.kyoku_number == 1 and table.session.kyoku_over, "keys skipped the moment and the result"
    assert driver.top is table and not table.result_open, "the moment of the win is shown"
    frames_until(driver, lambda: isinstance(driver.top, ResultScene))
    result = driver.top
    driver.frame(keys)
    driver.frame(keys, dt=KEY_GUARD_S / 2)
    driver.frame(keys)
    assert driver.top is result, "the result stays until a key pressed after it is shown"
    driver.look()
    driver.key(pygame.K_RETURN)
    assert driver.top is table and table.session.match.kyoku_number == 2


def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_a_ron_is_called_and_laid_open_on_the_table_before_the_result(driver):
    table = ron_on_the_example(driver)
    before = list(table.session.match.scores)
    happened = record_moment(driver)
    driver.key(pygame.K_r)
    assert table.session.kyoku_over and driver.top is table  # the moment, not yet the result
    assert "sound ron" in happened
    assert not any(h.startswith("open ResultScene") for h in happened)
    frame = table.controller.frame()
    winner, discarder = frame.seats[0], frame.seats[1]
    assert winner.call == "ロン" and winner.open_hand is not None and len(winner.open_hand) == 13
    assert winner.winning_tile == "4m" and "".join(winner.open_hand).count("m") == 10
    assert discarder.dealt_in and discarder.call is None and discarder.open_hand is None
    assert frame.centre.announcement.startswith("Ron! East")
    # The standings still show the scores before the hand, though the match has settled it.
    assert table.session.match.scores != before
    assert [s.score for s in frame.seats] == [f"Bankroll {score:g}" for score in before]
    shot(driver, "ron_moment_two_players")
    driver.frames(int(RON_MOMENT_S * 60 * 0.8))
    assert driver.top is table
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=60)
    assert happened.index("sound ron") < happened.index("open ResultScene")
    after = table.controller.frame()
    assert [s.score for s in after.seats] == [f"Bankroll {score:g}" for score in table.session.match.scores]


def test_a_key_or_a_click_skips_the_moment(driver):
    table = ron_on_the_example(driver)
    driver.key(pygame.K_r)
    assert driver.top is table
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1)])
    assert isinstance(driver.top, ResultScene)


def test_with_instant_animation_the_result_follows_at_once(driver):
    table = ron_on_the_example(driver)
    driver.app.settings = dataclasses.replace(driver.app.settings, animation="instant")
    driver.key(pygame.K_r)
    driver.frame()
    assert isinstance(driver.top, ResultScene)
    assert table.controller.result_shown


def test_a_double_ron_calls_both_winners_at_four_seats(driver):
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND),
              3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    driver.wait_until(lambda: table.session.kyoku_over, frames=300)
    driver.frame()
    assert driver.top is table
    frame = table.controller.frame()
    calls = {seat.seat for seat in frame.seats if seat.call == "ロン"}
    assert calls == {1, 2}
    assert frame.seats[0].dealt_in and frame.seats[3].open_hand is None
    assert "South and West" in frame.centre.announcement
    shot(driver, "ron_moment_four_players_double")


def test_an_exhaustive_draw_is_announced_and_its_result_says_why_nobody_won(driver):
    driver.app.settings = dataclasses.replace(driver.app.settings, ai_delay_s=0.0)
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)  # the first discard is made
    while not table.session.kyoku_over:
        if table.mode() == "discard":
            driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
        else:
            driver.frame()
    assert table.session.kyoku.result.drawn and driver.top is table
    assert table.controller.frame().centre.announcement == "Exhaustive draw: no one won"
    shot(driver, "draw_moment_two_players")
    driver.look()
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.top, ResultScene)
    kyoku = table.session.kyoku
    assert draw_reasons(kyoku.history, kyoku.waits)[0] == "no winning tile was discarded"
    driver.frame()
    shot(driver, "result_draw_reasons")


def test_the_ron_prompt_says_what_the_win_is_worth(driver):
    ron_on_the_example(driver)
    message = driver.top.message
    assert driver.top.title == "Ron?"
    assert "suuankou tanki" in message or "suuankou" in message
    assert "yakuman" in message and "West pays you 4" in message
    shot(driver, "ron_prompt_worth")
