"""Solo play: from the title to a hand's result against an opponent agent, all by
synthetic input; the AI seat is wired to `game.ai.make_agent`."""

from __future__ import annotations

import pytest

import game.app.play.match_setup as match_setup
import game.app.scenes.title as title
from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.engine.events import ExhaustiveDraw, Won
from tests.ui.autoplay import play_to_result
from tests.ui.scripted import ScriptedAgent


@pytest.fixture
def scripted_opponent(monkeypatch):
    """The AI seat played by a scripted agent, so the test does not depend on AI strength."""
    made = []

    def make_agents(humans, players, level_of, seed):
        agents = {seat: ScriptedAgent() for seat in range(players) if seat not in humans}
        made.append((humans, {seat: level_of(seat) for seat in agents}, agents))
        return agents

    monkeypatch.setattr(match_setup, "make_agents", make_agents)
    monkeypatch.setattr(title, "ai_available", lambda: True)
    return made


def test_a_whole_solo_hand_is_played_by_mouse_to_the_result(driver, scripted_opponent):
    driver.press(driver.button("Hard"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert scripted_opponent[0][:2] == ((0,), {1: "hard"})
    assert table.session.name(1) == "Hard AI" and table.viewer == 0
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    kyoku = table.session.kyoku
    actions = [line for line in table.session.match.record if line["type"] == "action" and line["seat"] == 0]
    assert {line["action"] for line in actions} >= {"build", "discard"}
    ending = [e for e in kyoku.history if isinstance(e, Won | ExhaustiveDraw)]
    assert len(ending) >= 1
    if kyoku.result.drawn:
        assert result.heading == "Exhaustive draw — no one won"
    else:
        assert "wins by ron" in result.heading
    driver.look()
    driver.key(13)  # Enter: the next hand
    assert table.session.match.kyoku_number == 2 and driver.top is table


def test_the_solo_seat_plays_against_make_agent_of_the_chosen_level(monkeypatch):
    requested = []

    class Module:
        @staticmethod
        def make_agent(level, seed):
            requested.append((level, seed))
            return ScriptedAgent()

    monkeypatch.setitem(__import__("sys").modules, "game.ai", Module)
    agents = match_setup.make_agents((0,), 2, lambda seat: "easy", 40)
    assert list(agents) == [1] and requested == [("easy", 41)]


def test_a_hand_against_the_real_ai_reaches_the_result(driver):
    if not match_setup.ai_available():
        pytest.skip("game.ai does not offer make_agent in this copy")
    driver.press(driver.button("Easy"))
    table = driver.app.stack.scenes[0]
    assert type(table.session.players[1]).__module__.startswith("game.ai")
    result = play_to_result(driver, table)
    assert result.frame == table.controller.result_frame()
