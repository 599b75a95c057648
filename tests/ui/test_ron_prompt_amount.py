"""The ron prompt writes its payment as the result screen does, with the language's digit
grouping: "pays you 8,000 points", not "8000" (the prompt formatted it with `:g`)."""

from __future__ import annotations

import re

from game.engine.rules import Rules
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_no_ura_shown import URA_INDICATOR
from tests.ui.test_table import AVOID, drag_example_hand, flip_dora


def test_the_ron_prompt_groups_the_digits_of_its_points(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID), Rules.preset("pro_stream"), ura=URA_INDICATOR)
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)  # riichi
    driver.wait_until(lambda: table.mode() == "discard")
    one_man = next(t for t in range(4) if t not in table.session.view(0).hand)
    worth = table.controller.ron_worth(0, 1, one_man)
    amount = re.search(r"pays you ([\d,.]+) points", worth)
    assert amount is not None, worth
    assert int(amount.group(1).replace(",", "")) >= 1000, worth
    assert re.fullmatch(r"\d{1,3}(,\d{3})+", amount.group(1)), worth
