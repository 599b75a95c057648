"""Starting and resuming matches: the match, who plays which seat, and autosaving.

The save slot and the history are the player's files (`PlayerFiles`): only the window that
holds the save slot's lock (`PlayerFiles.keeps_the_save`, see `savegame.SlotLock`) continues,
autosaves and replaces the unfinished match: a second window on the same folder plays
matches that are not saved, and never writes over the first window's."""

from __future__ import annotations

import importlib
from concurrent.futures import Executor
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from game.app.history.history import FINISHED
from game.app.history.match_history import keep_abandoned, keep_finished
from game.app.history.player_files import PlayerFiles, PutAway
from game.app.play.pacing import make_agents
from game.app.play.savegame import SaveDamaged, SaveError
from game.app.play.session import SeatPlan, Session
from game.app.settings import Settings
from game.app.words.i18n import N_, Later, Message, _
from game.app.words.system_words import system_reason
from game.engine.match import Match
from game.engine.player import Player
from game.engine.rules import Rules

if TYPE_CHECKING:  # the network is loaded only when this computer hosts
    from game.net.hosting import HostedTable


class Window(Protocol):
    """What starting and saving a match needs of the window besides the player's files: its
    settings (read again at each save: the history may be turned off during a match), the
    notice it shows next, the threads that review kept matches and the match seeds."""

    settings: Settings
    notice: Message | Later | None
    executor: Executor

    def next_match_seed(self) -> int: ...


ANOTHER_WINDOW = N_("17 Steps is open in another window, which keeps your unfinished match: matches started in "
                    "this window are not saved.")
"""What a window that does not keep the save says: on its title screen and before each match."""
NO_LOCK = N_("No lock can be made in the folder of your unfinished match: if 17 Steps is open in another "
             "window too, the two may write over each other's match.")
"""What a window says before each match where it cannot tell whether another keeps the save."""


class UnfinishedNotKept(Exception):
    """The unfinished match could be neither kept in the history nor moved aside: a new
    match would overwrite it. The message says why, for the player."""

    def __init__(self, put_away: PutAway) -> None:
        super().__init__(_("It cannot be kept in your match history ({problem}) and could not be moved aside "
                           "({reason}). A new match would replace it for good.").format(
                               problem=put_away.problem, reason=put_away.move_error))


def ai_available() -> bool:
    """Whether the AI package offers `make_agent` (a copy without it still plays hot-seat)."""
    try:
        module = importlib.import_module("game.ai")
    except ImportError:
        return False
    return hasattr(module, "make_agent")


def _autosave(files: PlayerFiles, window: Window, session: Session, saving: bool) -> None:
    try:
        if session.match.over:
            problem = keep_finished(files, session.match, session.plan, window.settings, window.executor)
            if problem is not None:
                window.notice = problem
            if saving:
                _put_finished_away(files, window, session, kept=problem is None)
        elif saving:
            files.save_match(session.plan, session.match, session.builds)
    except (OSError, ValueError) as error:  # ValueError: text no file can hold
        add_notice(window, Message(N_("The match could not be saved ({reason}); it cannot be continued later."),
                                   reason=system_reason(error)))


def _put_finished_away(files: PlayerFiles, window: Window, session: Session, kept: bool) -> None:
    """The save of a match that is over: forgotten once the history keeps the match (`kept`;
    or the history is off); else the whole match is saved and moved aside, where the notice
    says (OSError when it cannot be)."""
    slot = files.slot
    if kept:
        slot.clear()
        return
    files.save_match(session.plan, session.match)
    add_notice(window, Message(N_("The finished match is kept as {path}."),
                               path=str(slot.move_aside(FINISHED))))


def add_notice(window: Window, message: Message) -> None:
    """Say `message` after what the window has to say already (a notice is never lost),
    once: an autosave failing at every move says so once."""
    earlier = window.notice
    if earlier is None:
        window.notice = message
    elif str(message) not in str(earlier):
        window.notice = Later(lambda: f"{earlier} {message}")


def _session(files: PlayerFiles, window: Window, match: Match, plan: SeatPlan, saving: bool) -> Session:
    return Session(match, plan, seat_agents(plan, match), window.executor,
                   on_change=lambda s: _autosave(files, window, s, saving))


def seat_agents(plan: SeatPlan, match: Match) -> dict[int, Player]:
    """An AI for each seat that no person plays, here or at another computer."""
    people = (*plan.humans, *plan.remote)
    if all(seat in people for seat in range(match.rules.players)):
        return {}
    return make_agents(people, match.rules.players, plan.level, match.seed)


def seat_levels(plan: SeatPlan) -> tuple[str | None, ...]:
    """Each seat's AI level, None for a person here or at another computer: what a hosted
    table tells the joined computers of its seats."""
    people = (*plan.humans, *plan.remote)
    return tuple(None if seat in people else plan.level(seat) for seat in range(len(plan.names)))


def start_hosted(session: Session, hosted: HostedTable, plan: SeatPlan) -> None:
    """The waiting room's Start: the seats as they are now (`plan`: the joined people's
    names, the empty seats given to the AI), the remote seats' players, the first kyoku."""
    session.plan = plan
    session.players = {**seat_agents(plan, session.match), **hosted.remote}
    session.net = hosted
    hosted.back = session.seat_back
    hosted.begin(plan.names, seat_levels(plan))
    if session.match.kyoku is None:  # a match continued goes on where it was
        session.next_kyoku()


def _claim(files: PlayerFiles, window: Window) -> bool:
    """Whether this window keeps the save; where no lock can be made, a notice."""
    saving = files.keeps_the_save()
    if files.no_lock:
        add_notice(window, Message(NO_LOCK))
    return saving


def new_session(files: PlayerFiles, window: Window, plan: SeatPlan, replace_unkept: bool = False,
                rules: Rules | None = None) -> Session:
    """A new match. The unfinished one it replaces is kept first (`keep_abandoned`); when it
    can be neither kept nor moved aside, UnfinishedNotKept, unless `replace_unkept` (the
    player said to start anyway). In a window that does not keep the save, the match is not
    saved and the save is left alone. `rules`: a rematch's, else the settings'."""
    saving = _claim(files, window)
    if not saving:
        window.notice = Message(ANOTHER_WINDOW)
    else:
        put_away = keep_abandoned(files, window.settings, window.executor)
        if not put_away.safe and not replace_unkept:
            raise UnfinishedNotKept(put_away)
        if not put_away.safe:
            files.give_up_unfinished()
        if put_away.moved is not None and put_away.problem:
            add_notice(window, Message(N_("The unfinished match is kept as {path}, not in your match history: "
                                          "{problem}."), path=str(put_away.moved), problem=put_away.problem))
        elif put_away.moved is not None:
            add_notice(window, Message(N_("The unfinished match was cut short; the file as it was is kept as "
                                          "{path}."), path=str(put_away.moved)))
    match = Match(rules or window.settings.rules, window.next_match_seed())
    session = _session(files, window, match, plan, saving)
    if not plan.remote:  # a hosted table deals when its waiting room starts it (`start_hosted`)
        session.next_kyoku()
    return session


def resume_session(files: PlayerFiles, window: Window) -> Session:
    """The unfinished match. Raises SaveError saying why it cannot resume: a save that
    cannot be read now is left as it is; one that is damaged is moved aside and kept. A save
    cut short resumes at its last whole action, the file as it was kept aside (the notice
    says so)."""
    if not _claim(files, window):
        raise SaveError(_("it is open in another 17 Steps window"))
    try:
        saved = files.load_save()
    except SaveDamaged as error:
        raise SaveError(_("{problem}; it is kept as {kept}").format(problem=error, kept=_moved(files, str(error)))) \
            from error
    if saved.cut:
        kept = _moved(files, _("the saved match was cut short"))  # before anything writes over it
        add_notice(window, Message(N_("The saved match was cut short: it continues from its last whole move. "
                                      "The file as it was is kept as {path}."), path=str(kept)))
    plan = saved.plan
    if plan.remote and files.slot.hosted_seats(saved.match.seed, plan.remote) is None:
        plan = replace(plan, remote=())  # the seats' tokens are not kept (a save before 0.3): no one takes them back
        add_notice(window, Message(N_("The seats of the people at other computers are played by the AI in this "
                                      "match from now on.")))
    session = _session(files, window, saved.match, plan, saving=True)
    session.builds.update(saved.builds)
    if saved.match.kyoku is None and not plan.remote:  # a hosted table deals when its people are back
        session.next_kyoku()
    elif saved.cut:
        _autosave(files, window, session, saving=True)
    return session


def _moved(files: PlayerFiles, problem: str) -> str:
    """Move a damaged save aside (`PlayerFiles.move_save_aside`); its new path, or SaveError
    saying it could not be."""
    put_away = files.move_save_aside(problem, "damaged")
    if put_away.moved is None:
        raise SaveError(_("{problem}; it could not be moved aside ({reason}) and is left as it is").format(
            problem=problem, reason=put_away.move_error))
    return str(put_away.moved)
