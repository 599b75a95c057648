"""The result of a hand: a win shows the hand, the winning tile, the indicators, the yaku
with ura dora apart (never toward the floor), the limit and the payment."""

from __future__ import annotations

import pygame

from game.app.play.result_frame import yaku_lines
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_table import AVOID, build_example_and_wait_for_turn, crafted_table


def ron_with_three_ura_dora(driver):
    """The example hand wins on the opponent's first discard, 2m; the result is on screen."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["2m"], avoid=AVOID), ura="6p")
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    driver.press(driver.button("Ron"))
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=200)
    return table


def test_a_win_with_ura_dora_shows_it_as_a_bonus_beside_the_floor(driver):
    # Ura indicator 6p: the hand's 777p are three ura dora. 2m on the opponent's first
    # discard is riichi + ippatsu + sanankou: mangan before ura, haneman with it.
    table = ron_with_three_ura_dora(driver)
    result = driver.top
    win = table.session.kyoku.result.wins[0]
    lines, ura = yaku_lines(win.assessment.value)
    assert ura == 3 and ("ura dora", 3) not in lines
    assert dict(lines) == {"riichi": 1, "ippatsu": 1, "sanankou": 2}
    assert win.assessment.floor_value.level == "mangan" and win.assessment.value.level == "haneman"
    assert result.heading.endswith("— haneman")
    assert result.frame.payments == "West pays East 1.5"
    # Beneath the result, the revealed ura indicator lies beside the right-hand side wall.
    layer = pygame.Surface(driver.app.screen.get_size())
    table.draw(layer)
    beside_the_wall = layer.subsurface((1120, 140, 98, 520))
    assert pygame.mask.from_threshold(beside_the_wall, (246, 242, 228), (10, 10, 10, 255)).count() > 100


def test_the_next_stake_is_named_after_every_hand_but_the_match_s_last(driver, monkeypatch):
    from game.engine.match import Match

    table = ron_with_three_ura_dora(driver)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert any(line.startswith("Next stake: ") for line in drawn)
    drawn.clear()
    monkeypatch.setattr(Match, "over", property(lambda self: True))
    driver.app.stack.remove(driver.top)
    driver.app.stack.push(ResultScene(driver.app, table.controller.result_frame, lambda: None))
    driver.frame()
    assert drawn and not any(line.startswith("Next stake") for line in drawn)
