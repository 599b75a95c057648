"""`--smoke N --preset three_player|four_player`: the scripted player in one seat and the
AI in the others settles whole hands at three- and four-player tables."""

from __future__ import annotations

import pytest

import game.app.play.match_setup as match_setup
from game.app.flow import Flow
from game.app.scenes.table import TableScene
from game.app.window.window import App, LaunchOptions
from game.cli.smoke import ScriptedPlayer
from game.engine.rules import Rules
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_smoke import run_frames, run_game, smoke_numbers


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_the_scripted_player_settles_a_hand_at_a_table_of_more_than_two(display, tmp_path, monkeypatch, preset):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)
    app = App(LaunchOptions(seed=4, config_dir=tmp_path / "config", data_dir=tmp_path / "data"))
    app.settings = app.settings.with_changes(ai_delay_s=0.0, animation="instant", rules=Rules.preset(preset))
    Flow(app).title()
    player = ScriptedPlayer()
    try:
        run_frames(app, player, lambda: player.progress.kyoku_settled >= 1)
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    finally:
        app.close()
    assert table.session.rules.players == Rules.preset(preset).players
    seats = {line["seat"] for line in table.session.match.record if line.get("type") == "action"}
    assert seats == set(range(table.session.rules.players))


def test_smoke_takes_a_preset_and_refuses_an_unknown_one(tmp_path):
    frames, _, dealt, _, _ = smoke_numbers(run_game(tmp_path, "--smoke", "40", "--preset", "four_player"))
    assert frames == 40 and dealt == 1
    done = run_game(tmp_path, "--smoke", "5", "--preset", "five_player")
    assert done.returncode == 2 and "five_player" in done.stderr
