"""Saves and faults for the tests of the save slot: a match in play, and a file or folder
that cannot be used for a moment (monkeypatched: as root, chmod would stop nothing)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from game.app.history import history
from game.engine.actions import BuildHand
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles

PRESET_OF_PLAYERS = {2: "kaiji", 3: "three_player", 4: "four_player"}


def match_in_play(players: int = 2, seed: int = 3, discards: int = 6) -> Match:
    """A match in the discard phase of its first hand (hands built from each wall's first 13)."""
    match = Match(Rules.preset(PRESET_OF_PLAYERS[players]), seed)
    kyoku = match.next_kyoku()
    if kyoku.phase is Phase.DORA:
        match.apply(kyoku.view_for(kyoku.waiting_on()[0]).legal_actions[0])
    for seat in range(players):
        match.apply(BuildHand(seat, format_tiles(kyoku.walls[seat][:13], match.rules.red_fives)))
    for _ in range(discards):
        seat = kyoku.waiting_on()[0]
        match.apply(kyoku.view_for(seat).legal_actions[0])
    return match


def refuse_to_open(monkeypatch, name: str) -> None:
    """The file `name` cannot be opened for a moment (as root, chmod would not stop it)."""
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path).name == name:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)


def read_only_history(monkeypatch, folder: Path) -> None:
    """Nothing can be written into the history folder (a read-only mount)."""
    real_mkstemp = tempfile.mkstemp
    history_folder = folder / history.HISTORY_DIR

    def refuse(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == history_folder:
            raise OSError(errno.EROFS, "Read-only file system", str(dir))
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)

