"""Ura dora lie under the dora indicator until a riichi hand wins: nothing before the win may
count them. The waits strip and the ron prompt value a ron without ura (the prompt says ura
may add more); game/app/play/wait_strip.py and TableController.ron_worth."""

from __future__ import annotations

import re

from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_table import AVOID, drag_example_hand, flip_dora

URA_INDICATOR = "6p"
"""Makes the example hand's 777p three ura dora: 1m's 2 han 40 fu would read as mangan."""


def after_ippatsu(driver, ura: str):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID), ura=ura)
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    driver.wait_until(lambda: table.mode() == "discard")
    return table


def test_the_waits_strip_does_not_count_the_hidden_ura_dora(driver):
    table = after_ippatsu(driver, URA_INDICATOR)
    assert table.session.kyoku.ura_indicator is not None
    strip = table.controller.frame().private.strip
    values = {w.code: w.value for w in strip.waits}
    assert values["1m"] == "2 han 40 fu", values
    assert [w.code for w in strip.waits if w.clears] == ["4m"]


def test_the_ron_prompt_values_the_ron_without_ura(driver):
    table = after_ippatsu(driver, URA_INDICATOR)
    one_man = next(t for t in range(4) if t not in table.session.view(0).hand)
    worth = table.controller.ron_worth(0, 1, one_man)
    yaku, value = re.fullmatch(r"Yaku: (.*) — (\d+) han 40 fu.*", worth).groups()
    assert int(value) == sum(int(han) for han in re.findall(r" (\d+)", yaku)), worth
    assert "man" not in worth, worth  # riichi, ippatsu, iipeikou: 3 han, below mangan
