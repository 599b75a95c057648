"""Starting and resuming matches: the match, who plays which seat, and autosaving."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.app.match_history import keep_abandoned, keep_finished
from game.app.pacing import make_agents
from game.app.savegame import SaveError, SaveSlot
from game.app.session import SOLO, SeatPlan, Session
from game.engine.match import Match

if TYPE_CHECKING:
    from game.app.window import App

WINDOW_PLAYERS = 2


def ai_available() -> bool:
    """Whether the AI package offers `make_agent` (a copy without it still plays hot-seat)."""
    try:
        module = importlib.import_module("game.ai")
    except ImportError:
        return False
    return hasattr(module, "make_agent")


def table_supported(players: int) -> bool:
    """The window lays out two-player tables; 3 and 4 players are engine-only for now."""
    return players == WINDOW_PLAYERS


def save_slot(app: App) -> SaveSlot:
    return SaveSlot(app.data_dir)


def _autosave(app: App, session: Session) -> None:
    slot = save_slot(app)
    try:
        if session.match.over:
            keep_finished(app, session.match, session.plan)
            slot.clear()
        else:
            slot.save(session.plan, session.match)
    except OSError as error:
        app.notice = f"The match could not be saved ({error.strerror}); it cannot be continued later."


def _session(app: App, match: Match, plan: SeatPlan) -> Session:
    agents = (
        make_agents(plan.humans, match.rules.players, plan.ai_level or "normal", match.seed)
        if plan.mode == SOLO
        else {}
    )
    return Session(match, plan, agents, app.executor, on_change=lambda s: _autosave(app, s))


def new_session(app: App, plan: SeatPlan) -> Session:
    keep_abandoned(app, save_slot(app))
    match = Match(app.settings.rules, app.next_match_seed())
    session = _session(app, match, plan)
    session.next_hand()
    return session


def resume_session(app: App) -> Session:
    """The unfinished match; raises SaveError (and forgets the save) when it cannot resume."""
    slot = save_slot(app)
    try:
        saved = slot.load()
    except SaveError:
        slot.clear()
        raise
    session = _session(app, saved.match, saved.plan)
    if saved.match.hand is None:
        session.next_hand()
    return session
