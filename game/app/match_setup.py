"""Starting and resuming matches: the match, who plays which seat, and autosaving."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.app.i18n import N_, Message, _
from game.app.match_history import keep_abandoned, keep_finished
from game.app.pacing import make_agents
from game.app.savegame import SaveDamaged, SaveError, SaveSlot
from game.app.session import SeatPlan, Session
from game.engine.match import Match
from game.engine.rules import Rules

if TYPE_CHECKING:
    from game.app.window import App

def ai_available() -> bool:
    """Whether the AI package offers `make_agent` (a copy without it still plays hot-seat)."""
    try:
        module = importlib.import_module("game.ai")
    except ImportError:
        return False
    return hasattr(module, "make_agent")


def save_slot(app: App) -> SaveSlot:
    return SaveSlot(app.data_dir)


def _autosave(app: App, session: Session) -> None:
    slot = save_slot(app)
    try:
        if session.match.over:
            keep_finished(app, session.match, session.plan)
            slot.clear()
        else:
            slot.save(session.plan, session.match, session.builds)
    except OSError as error:
        app.notice = Message(N_("The match could not be saved ({reason}); it cannot be continued later."),
                             reason=error.strerror)


def _session(app: App, match: Match, plan: SeatPlan) -> Session:
    players = match.rules.players
    has_ai = any(seat not in plan.humans for seat in range(players))
    agents = make_agents(plan.humans, players, plan.level, match.seed) if has_ai else {}
    return Session(match, plan, agents, app.executor, on_change=lambda s: _autosave(app, s))


def new_session(app: App, plan: SeatPlan, rules: Rules | None = None) -> Session:
    """`rules`: a rematch's, else the settings'."""
    keep_abandoned(app, save_slot(app))
    match = Match(rules or app.settings.rules, app.next_match_seed())
    session = _session(app, match, plan)
    session.next_hand()
    return session


def resume_session(app: App) -> Session:
    """The unfinished match. Raises SaveError saying why it cannot resume: a save that
    cannot be read now is left as it is; one that is damaged is moved aside and kept."""
    slot = save_slot(app)
    try:
        saved = slot.load()
    except SaveDamaged as error:
        try:
            kept = slot.move_aside()
        except OSError as move_error:
            raise SaveError(_("{problem}; it could not be moved aside ({reason}) and is left as it is").format(
                problem=error, reason=move_error.strerror or move_error)) from error
        raise SaveError(_("{problem}; it is kept as {kept}").format(problem=error, kept=kept)) from error
    session = _session(app, saved.match, saved.plan)
    session.builds.update(saved.builds)
    if saved.match.hand is None:
        session.next_hand()
    return session
