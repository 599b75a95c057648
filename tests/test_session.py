"""Who plays which seat (game/app/play/session.py `SeatPlan.table`): the names people give their
seats on the new-table screen, the names the game gives otherwise (shown translated)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from game.app.play.session import PERSON, SeatPlan, Session
from game.app.play.table_words import seat_wind
from game.app.words import i18n
from game.engine.match import Match
from game.engine.names import BadName
from game.engine.rules import Rules


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


@pytest.mark.parametrize(("players", "language", "winds"), [
    (2, "en", ("East", "West")),
    (3, "ja", ("東家", "南家", "西家")),
    (4, "zh_CN", ("东家", "南家", "西家", "北家")),
])
def test_a_seat_is_named_by_its_wind_as_the_table_words_name_it(players, language, winds):
    match = Match(Rules.preset("kaiji", players=players), seed=3)
    match.next_kyoku()
    dealer = match.kyoku.dealer
    i18n.set_language(language)
    with ThreadPoolExecutor(1) as executor:
        session = Session(match, SeatPlan.hotseat(players), {}, executor)
        shown = tuple(session.wind((dealer + turn) % players) for turn in range(players))
        assert shown == winds
        assert all(session.wind(seat) == seat_wind(session.view(0), seat) for seat in range(players))
    i18n.set_language("en")
