"""Who plays which seat (game/app/play/session.py `SeatPlan.table`): the names people give their
seats on the new-table screen, the names the game gives otherwise (shown translated)."""

from __future__ import annotations

import pytest

from game.app.play.session import PERSON, SeatPlan
from game.engine.names import BadName


@pytest.mark.parametrize(("seats", "names", "shown"), [
    (("you", "hard"), (), ("You", "Hard AI")),
    (("you", "hard"), ("Akagi",), ("Akagi", "Hard AI")),
    (("you", PERSON, "easy"), ("  Akagi ", "", "Washizu"), ("Akagi", "Player 2", "Easy AI")),
    (("you", "normal", PERSON, PERSON), ("", "Nobody", "李", "Ichijo"), ("Player 1", "Normal AI", "李", "Ichijo")),
])
def test_people_keep_the_names_they_give_and_the_ai_its_level(seats, names, shown):
    assert SeatPlan.table(seats, names).names == shown


@pytest.mark.parametrize("name", ["A\u0000B", "x" * 25, "\ud800"])
def test_a_name_that_cannot_be_shown_is_refused(name):
    with pytest.raises(BadName):
        SeatPlan.table(("you", PERSON), ("Ann", name))
