"""Two people at one screen, from one hand to the next: both look at the result, so the
next hand's first private view (the dealer's wall) waits behind the curtain, even when
the new dealer was the last to have the screen (a winner who just called ron)."""

from __future__ import annotations

from game.app.scenes.curtain import CurtainScene
from game.app.scenes.table import TableScene
from game.engine.rules import Rules
from tests.ui.autoplay import answer, play_to_result


def test_the_next_hand_opens_behind_the_curtain_for_its_dealer(driver):
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset("kaiji", hands=2)))
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.controller.hotseat
    result = play_to_result(driver, table)
    first_dealer = table.session.kyoku.dealer
    next_dealer = 1 - first_dealer  # the deal alternates
    table.controller.lift_curtain(next_dealer)  # the last to have the screen deals next
    driver.press(result.elements[0])  # Next hand
    assert table.session.match.kyoku_number == 2 and table.session.kyoku.dealer == next_dealer
    driver.frames(3)
    assert isinstance(driver.top, CurtainScene) and driver.top.seat == next_dealer
    assert table.viewer is None and table.controller.frame().private is None
    driver.look()
    answer(driver, table)  # the dealer comes to the screen
    assert table.viewer == next_dealer and table.mode() == "dora"
