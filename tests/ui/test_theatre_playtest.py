"""Play-test findings in the theatre: a match kept in the history is watched under its
players' names; what the result and the position say at a hand's end."""

from __future__ import annotations

from game.app.history import history_folder, keep_match
from game.app.scenes.theatre import TheatreScene, open_record
from tests.test_playback import live_match, record_lines


def test_a_match_kept_in_the_history_is_watched_under_its_players_names(driver):
    match, _ = live_match("kaiji", 1, seed=5)
    plan = {"mode": "solo", "humans": [0], "names": ["You", "Hard AI"], "ai_level": "hard",
            "levels": [None, "hard"]}
    path = keep_match(history_folder(driver.app.data_dir), record_lines(match), plan, "finished", 200)
    assert open_record(driver.app, path)
    driver.frame()
    theatre = driver.top
    assert isinstance(theatre, TheatreScene) and theatre.names == ("You", "Hard AI")
    theatre.command("forward")
    assert "(Hard AI) flips the dora" in theatre.frame().caption
    assert [seat.name for seat in theatre.frame().table.seats] == ["You", "Hard AI"]
