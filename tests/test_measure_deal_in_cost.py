"""tools/measure_deal_in_cost.py: what each ron of the arena's deals cost its discarder,
by the class of the tile, and that over the mean ron."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.arena import DealJob, play_duplicate
from game.engine.rules import Rules
from tools.measure_deal_in_cost import main, rons_of_deal, tally

RULES = replace(Rules.preset("kaiji"), settlement="units", hands=1)


def test_the_tally_gives_each_class_its_rons_mean_cost_and_share_of_the_mean():
    rons = [("1/9", 2.0), ("5/5", 1.0), ("1/9", 3.0)]
    assert tally(rons) == {"1/9": (2, 2.5, 1.25), "5/5": (1, 1.0, 0.5)}
    assert tally([]) == {}


@pytest.mark.parametrize("deal", range(3))
def test_each_ron_of_a_deal_costs_what_its_winner_was_paid(deal):
    levels = ("normal", "easy")
    plays = play_duplicate(DealJob(RULES, deal, levels, None))
    paid = sorted(side.gain for pair in plays for side in pair if side.won)
    rons = rons_of_deal(RULES, deal, levels)
    assert sorted(cost for _, cost in rons) == paid
    assert all(cost > 0 for _, cost in rons)


def test_the_tool_prints_every_class_it_saw(capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["measure_deal_in_cost.py", "--deals", "2", "--a", "normal", "--b", "easy",
                                     "--seed", "5"])
    assert main() == 0
    printed = capsys.readouterr().out
    assert printed.startswith("2 deals of normal against easy, kaiji, seed 5: ")
    rons = int(printed.split(": ")[1].split()[0])
    assert rons == sum(int(line.split()[1]) for line in printed.splitlines()[1:])
