"""Where Enter could cost the hand, it takes the safe choice; Ron stays Ron."""

from __future__ import annotations

import pygame

from game.app.scenes.prompts import build_anyway, discard_own_wait, ron_or_pass


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


def test_enter_on_the_ron_prompt_still_rons(driver):
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    assert dialog.ring.entries[dialog.ring.focus][0].text.startswith("Ron")
    driver.key(pygame.K_RETURN)
    assert decisions == [True]
