"""A scripted hot-seat match that autosaves as the game does, for the kill loop.

`python -m tests.autosaving_match FOLDER`: starts as the game starts (leftover temporary
files removed), continues the save in FOLDER if there is one (else starts a new match),
prints "playing <record lines>" and plays (each hand built from the walls' first tiles,
then the first legal action) with the game's own autosave after every action, for ever.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

from game.app.history.player_files import PlayerFiles
from game.app.play.match_setup import new_session, resume_session
from game.app.play.session import SeatPlan
from game.app.settings import Settings
from game.engine.actions import BuildHand
from game.engine.kyoku import Phase
from game.engine.rules import Rules
from game.engine.tiles import format_tiles

RULES = Rules.preset("kaiji", hands=10_000, bankroll_stakes=10**9)


def main(folder: Path) -> None:
    files = PlayerFiles(data_dir=folder)
    app = SimpleNamespace(executor=ThreadPoolExecutor(1), notice=None, settings=Settings(rules=RULES),
                          next_match_seed=lambda: 11)
    files.keeps_the_save()  # as the window does at start: leftover temporary files are removed
    session = resume_session(files, app) if files.has_save() else new_session(files, app, SeatPlan.hotseat(2))
    print("playing", len(session.match.record), flush=True)
    while True:
        kyoku = session.kyoku
        if kyoku.phase is Phase.END:
            session.next_kyoku()
        elif kyoku.phase is Phase.BUILD:
            seat = kyoku.waiting_on()[0]
            session.apply(BuildHand(seat, format_tiles(kyoku.walls[seat][:13], RULES.red_fives)))
        else:
            session.apply(kyoku.view_for(kyoku.waiting_on()[0]).legal_actions[0])
        if app.notice is not None:
            sys.exit(f"autosave failed: {app.notice}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
