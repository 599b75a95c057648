"""Where Enter could cost the hand, it takes the safe choice. The ron prompt, which comes up
in the middle of other keys, is answered only by its own keys (R, P) or a click, and not by
keys on their way when it appeared (issue 30: an arrow and Enter meant for a discard passed
a mangan)."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.session import Notice
from game.app.scenes.prompts import build_anyway, discard_own_wait, notice, ron_or_pass
from game.app.window.menu_keys import KEY_GUARD_S


def open_dialog(driver, dialog):
    driver.app.stack.push(dialog)
    driver.frame()
    return dialog


def test_enter_on_are_you_sure_keeps_building(driver):
    built = []
    for tenpai in (False, True):
        dialog = open_dialog(driver, build_anyway(driver.app, tenpai, lambda: built.append(True)))
        assert dialog.ring.entries[dialog.ring.focus][0].text == "Keep building"
        driver.key(pygame.K_RETURN)
        assert driver.top is not dialog and built == []
        assert "never win" in dialog.message and dialog.message.count("never win") == 1


def test_enter_on_discard_a_winning_tile_keeps_it(driver):
    discarded = []
    dialog = open_dialog(driver, discard_own_wait(driver.app, "5p", lambda: discarded.append(True)))
    assert dialog.ring.entries[dialog.ring.focus][0].text == "Keep it"
    driver.key(pygame.K_RETURN)
    assert discarded == [] and driver.top is not dialog
    dialog = open_dialog(driver, discard_own_wait(driver.app, "5p", lambda: discarded.append(True)))
    driver.key(pygame.K_LEFT)  # going ahead takes a deliberate move to the other button
    driver.key(pygame.K_RETURN)
    assert discarded == [True]


@pytest.mark.parametrize("queued", [[pygame.K_RIGHT, pygame.K_RETURN], [pygame.K_LEFT, pygame.K_SPACE],
                                    [pygame.K_RETURN], [pygame.K_p], [pygame.K_r]])
def test_keys_on_their_way_when_the_ron_prompt_comes_up_do_not_answer_it(driver, queued):
    """Keys meant for a move, pressed as the prompt appears (the frame after it is first
    drawn, and a moment after), answer nothing: not even its own R or P."""
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    driver.frame([key_down(key) for key in queued])
    driver.frame(dt=KEY_GUARD_S / 2)
    driver.frame([key_down(key) for key in queued])
    assert decisions == [] and driver.top is dialog


@pytest.mark.parametrize("keys", [[pygame.K_RETURN], [pygame.K_SPACE], [pygame.K_RIGHT, pygame.K_RETURN],
                                  [pygame.K_LEFT, pygame.K_KP_ENTER], [pygame.K_DOWN, pygame.K_SPACE]])
def test_arrows_and_enter_never_answer_the_ron_prompt(driver, keys):
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    driver.look()
    for key in keys:
        driver.key(key)
    assert decisions == [] and driver.top is dialog
    assert not any(button.is_selected for button in dialog.elements), "no focus for Enter to press"


@pytest.mark.parametrize(("answer", "expected"), [(pygame.K_r, True), (pygame.K_p, False), ("Ron", True),
                                                  ("Pass", False)])
def test_the_ron_prompt_is_answered_by_its_own_keys_or_a_click(driver, answer, expected):
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    if isinstance(answer, str):
        driver.press(driver.button(answer))  # a click needs no waiting: it is aimed
    else:
        driver.look()
        driver.key(answer)
    assert decisions == [expected] and driver.top is not dialog


def test_a_notice_ignores_keys_on_their_way_and_then_takes_enter(driver):
    dialog = open_dialog(driver, notice(driver.app, Notice(0, "Time is up.")))
    driver.key(pygame.K_RETURN)
    assert driver.top is dialog
    driver.look()
    driver.key(pygame.K_RETURN)
    assert driver.top is not dialog


def test_a_question_the_player_asked_for_takes_keys_at_once(driver):
    """The guard is for what comes up unbidden: Esc's menu or "are you sure?" answer at once."""
    built = []
    dialog = open_dialog(driver, build_anyway(driver.app, True, lambda: built.append(True)))
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert built == [True] and driver.top is not dialog


def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
