"""The screen map: where each screen leads, in one place.

A match goes title → table → result (each hand) → summary → title. The title screen also
leads to the table chooser, the rules, the settings, your statistics and the theatre; the
table to its curtain between people and its menu (Esc), which leads on to the rules, the
settings and back to the title. The title's Join leads to a table at another computer
(join, with the host's rules before one sits down → joined table, with its own menu and the
host's rules → its summary). This is the only module that imports the scene classes:
a scene goes somewhere by calling its `screens` (`scene.Screens`, which `Flow` is), and a
scene that goes nowhere but back (the rules, a dialog) takes no `screens` at all.

A screen that takes the whole window (the title, the table, the summary) leaves every
other; the rest open on top of the screen they were opened from and close back to it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from game.app.history.history import HistoryEntry
from game.app.history.match_history import kept_lines
from game.app.history.statistics import human_seat
from game.app.play.joining import Interfaces, discovery_interfaces
from game.app.play.remote_table import RemoteTable
from game.app.play.result_frame import ResultFrame
from game.app.play.result_reading import ResultGate
from game.app.play.savegame import HostedSeats
from game.app.play.session import SeatPlan, Session
from game.app.play.waiting_room import HostOptions
from game.app.scene import Services
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Choice, Dialog
from game.app.scenes.host import HostScene
from game.app.scenes.join import JoinScene
from game.app.scenes.join_menu import joined_menu
from game.app.scenes.join_summary import JoinedSummaryScene
from game.app.scenes.new_table import NewTableScene
from game.app.scenes.pause import WIDTH as LEAVE_WIDTH
from game.app.scenes.pause import Hosting, pause_menu
from game.app.scenes.prompts import nothing
from game.app.scenes.result import ResultScene
from game.app.scenes.rules_page import HOST_RULES, MATCH_RULES, SETTINGS_RULES, RulesScene
from game.app.scenes.settings_screen import Playing, SettingsScene
from game.app.scenes.statistics import StatisticsScene, group_name, shown_day
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene, nothing_to_watch, read_record
from game.app.scenes.title import TitleScene
from game.app.theatre.theatre_frame import seat_names
from game.app.words.i18n import N_, Later, Message, _, pgettext
from game.engine import record
from game.engine.playback import NoKyokuToShow, Playback, settled_playback
from game.engine.record import RecordError
from game.engine.rules import PRESETS, Rules
from game.net.hosting import MOVE_TIME_S


class Window(Services, Protocol):
    """The window the screens open in (game/app/window/window.py `App`)."""

    dropped: Callable[[Path], object] | None
    """What a file dropped onto the window opens."""
    closing: Callable[[], bool]
    """Asked when the player closes the window: True when it asks first (the window stays)."""


class Flow:
    """The screens of one window (`scene.Screens`); a record dropped onto it is watched."""

    def __init__(self, window: Window, hosting: HostOptions | None = None) -> None:
        self.app = window
        window.dropped = self.watch
        window.closing = self.ask_before_closing
        self.leave_question: Dialog | None = None
        """The question a close of the window asked last (closed again while it is up: it closes)."""
        self.hosting = hosting or HostOptions()
        """How this window hosts a table with seats at other computers (`--no-discovery`)."""
        self.hosted_session: Session | None = None
        """The match this window hosts, whose server is closed when the match is left."""
        self.discovery: Interfaces | None = (discovery_interfaces(os.environ) if self.hosting.discovery
                                             else None)
        """Where the Join screen looks for tables on the local network (None: it does not;
        `--no-discovery` keeps this window off the network's discovery both ways)."""
        self.joined: RemoteTable | None = None
        """The table joined at another computer that this window shows (its menu shows its rules)."""
        self.playing: Session | None = None
        """The match at this computer's table (its menu shows its rules, which the settings'
        may no longer be: a match continued, or rules changed during it)."""

    # --- a match: title → (host screen →) table → result → summary → title ------------

    def title(self) -> None:
        self._hang_up()
        self.joined = self.playing = None
        self.app.stack.reset(TitleScene(self.app, self))

    def table(self, session: Session, seats: HostedSeats | None = None) -> None:
        """The table; first the host screen while a table with remote seats waits for them
        (a new one, one continued or a rematch, whose people come back: `seats`)."""
        if session.plan.remote and session.net is None:
            self.hosted_session = None  # a rematch's: the last match's table was closed to open it
            self.app.stack.reset(HostScene(self.app, self, session, self.hosting, seats))
            return
        if session.net is not None:
            self.hosted_session = session
        self.playing = session
        self.app.stack.reset(TableScene(self.app, self, session))

    def result(self, make_frame: Callable[[], ResultFrame], on_next: Callable[[], None],
               news: Callable[[], str | None] | None = None, gate: ResultGate | None = None) -> None:
        menu = self.joined_pause if self.joined is not None else self.pause
        self.app.stack.push(ResultScene(self.app, make_frame, on_next, news, gate, menu))

    def summary(self, session: Session) -> None:
        """The match's summary. A hosted match's table stays open behind it: a player back for
        a rematch waits there for what the host does (Rematch opens it at the same table, the
        title closes it, telling them at once)."""
        self.playing = None
        self.app.stack.reset(SummaryScene(self.app, self, session))

    def ask_before_closing(self) -> bool:
        """Closing the window in a match it hosts, under way, stops that match for the players
        at the other computers: asked first, as the menu's Title asks (`pause_menu`). Closed
        again while the question is up, it closes."""
        session = self.hosted_session
        if (session is None or session.net is None or not session.net.remote or session.match.over
                or self.playing is not session or self.app.stack.top is self.leave_question):
            return False
        self.leave_question = Dialog(self.app, _("Leave the match?"),
                          _("The match stops for the players at the other computers. It is saved: "
                            "Continue on the title screen opens it again, and they can join it again."),
                          [Choice(_("Leave"), self.app.quit), Choice(_("Stay"), nothing)], escape=nothing,
                          width=LEAVE_WIDTH, default=1)
        self.app.stack.push(self.leave_question)
        return True

    def _hang_up(self) -> None:
        """The hosted match is left (the player went to the title) as a closing window leaves
        it (`HostedTable.leave`), in the background: the other computers are told that the
        match is over, then that the host has left the table."""
        session, self.hosted_session = self.hosted_session, None
        if session is not None and session.net is not None and session.net.begin_stop():
            threading.Thread(target=session.net.leave, name="net-leave", daemon=True).start()

    # --- over the table -----------------------------------------------------------------

    def curtain(self, session: Session, seat: int, on_lift: Callable[[], None],
                on_menu: Callable[[], None]) -> None:
        self.app.stack.push(CurtainScene(self.app, session, seat, on_lift, on_menu))

    def pause(self) -> None:
        """The table's menu; its Rules are the match's."""
        session = self.playing
        net = self.hosted_session.net if self.hosted_session is not None else None
        hosting = Hosting(net.host.code, net.host.port) if net is not None else None
        if session is None:
            self.app.stack.push(pause_menu(self.app, rules=self.rules, settings=self.settings, title=self.title,
                                           hosting=hosting))
            return
        playing = Playing(lambda: self._match_rules(session))
        self.app.stack.push(pause_menu(self.app, rules=playing.show_rules, settings=lambda: self._settings(playing),
                                       title=self.title, hosting=hosting))

    def _match_rules(self, session: Session) -> None:
        """The match's rules; at a table with seats at other computers, with its move time."""
        net = session.net
        move_time_s = net.move_time_s if net is not None and net.remote else None
        self.app.stack.push(RulesScene(self.app, session.rules, title=MATCH_RULES, move_time_s=move_time_s))

    # --- from the title (and the menu) ----------------------------------------------------

    def new_table(self, start: Callable[[SeatPlan], None]) -> None:
        self.app.stack.push(NewTableScene(self.app, start))

    def rules(self, rules: Rules | None = None, move_time_s: float | None = None) -> None:
        """The rules page: of `rules` (a host's, whose clocks are its `move_time_s`, else the
        default move time), else of the settings."""
        if rules is None:
            self.app.stack.push(RulesScene(self.app, title=SETTINGS_RULES))
        else:
            self.app.stack.push(RulesScene(self.app, rules, title=HOST_RULES, move_time_s=move_time_s or MOVE_TIME_S))

    def settings(self) -> None:
        self._settings(None)

    def _settings(self, playing: Playing | None) -> None:
        """The settings; from a match's menu, with the way to that match's rules."""
        self.app.stack.push(SettingsScene(self.app, playing))

    def statistics(self) -> None:
        self.app.stack.push(StatisticsScene(self.app, self))

    # --- a table at another computer: title → join → joined table → its summary → title ---

    def join(self) -> None:
        self.app.stack.push(JoinScene(self.app, self, self.discovery))

    def rejoin(self, address: str, code: str) -> None:
        """A rematch at the table just played at: joined again, from the title (the host's
        move time kept for the rules page: no look is made)."""
        move_time_s = self.joined.move_time_s if self.joined is not None else None
        self.title()
        self.app.stack.push(JoinScene(self.app, self, self.discovery, rematch=(address, code),
                                      move_time_s=move_time_s))

    def joined_table(self, table: RemoteTable) -> None:
        self.joined = table
        self.app.stack.reset(TableScene(self.app, self, None, table))

    def joined_summary(self, table: RemoteTable) -> None:
        self.app.stack.reset(JoinedSummaryScene(self.app, self, table))

    def joined_pause(self) -> None:
        """The joined table's menu; its Rules are the host's."""
        table = self.joined
        playing = Playing(lambda: self.rules(table.rules, table.move_time_s) if table else self.rules(), joined=True)
        way_back = {"kept_s": table.heard.welcome.reconnect_window_s, "address": table.address,
                    "left": table.leave} if table else {}
        self.app.stack.push(joined_menu(self.app, rules=playing.show_rules, settings=lambda: self._settings(playing),
                                        title=self.title, **way_back))

    # --- the theatre ----------------------------------------------------------------------

    def watch(self, path: Path) -> bool:
        """The record at `path` in the theatre, up to its last settled hand (`_settled`); a
        file that is not one, or a match with no hand over yet, is explained instead."""
        playback = read_record(self.app, path, named)
        if playback is None:
            return False
        unfinished = path == self.app.files.slot.record_path
        name = _("the unfinished match") if unfinished else match_name(playback.lines[0], path)
        if playback.damage is None or unfinished:
            playback = self._settled(playback, name)
        if playback is None:
            return False
        self.theatre(playback, str(name))
        return True

    def watch_latest(self) -> None:
        """The match last played, kept or unfinished (`PlayerFiles.latest_record`; an unfinished
        one watched up to its last settled hand)."""
        path = self.app.files.latest_record()
        if path is None:
            self.app.stack.push(nothing_to_watch(self.app))
        else:
            self.watch(path)

    def watch_match(self, record: Sequence[dict[str, Any]], plan: dict[str, Any]) -> None:
        """A match just ended (at this computer's table or joined at another's) in the theatre,
        as the history keeps it (`kept_lines`: its record, the seats' names in its header);
        a record that cannot be read is explained instead. Back returns to the summary. Like
        every door of the window, it stops at the last settled hand of a match not over."""
        try:
            playback = Playback(kept_lines(record, plan))
        except RecordError as error:
            self.app.stack.push(Dialog(self.app, _("This match cannot be watched"), str(error),
                                       [Choice(_("OK"), nothing)], escape=nothing))
            return
        settled = self._settled(playback, _("this match"))
        if settled is not None:
            self.theatre(settled, _("this match"))

    def _settled(self, playback: Playback, name: str | Later) -> Playback | None:
        """The match up to its last settled hand (`playback.settled_playback`), so that no
        window shows a hand still in play (the saved match's, which Continue resumes); None,
        said in a dialog, when no hand is over.
        A damaged file other than the save's is shown up to its damage as before: whether its
        match ended cannot be read, and a file edited by hand holds its seed anyway."""
        try:
            return settled_playback(playback)
        except NoKyokuToShow:
            self.app.stack.push(Dialog(
                self.app, Message(N_("No hand to watch yet")),
                Message(N_("No hand of this match is over yet ({match}): a hand can be watched once it is over."),
                        match=name),
                [Choice(Message(N_("OK")), nothing)], escape=nothing))
            return None

    def theatre(self, playback: Playback, title: str) -> None:
        self.app.stack.push(TheatreScene(self.app, playback, title))


def match_name(header: dict[str, Any], path: Path) -> str | Later:
    """The match of a record with `header`, as the statistics name a match of the history
    (`statistics.describe`: whom it was against, its rules, the day it was kept), in the
    language of the moment. Any other record goes by its file's name: a file dropped onto
    the window is known by it, and a kept one the history cannot name (a preset the game
    does not know: it is damaged) is found by it."""
    entry = HistoryEntry(path, [header])
    preset = header.get("preset")
    if not entry.meta or not isinstance(preset, str) or preset not in PRESETS:
        return path.name
    try:
        players = Rules.from_dict(header.get("rules")).players
    except ValueError:
        return path.name
    seat = human_seat(entry)
    kept_at = str(entry.meta.get("kept_at", ""))

    def words() -> str:
        names = seat_names(header, players)
        day = shown_day(kept_at[:10], path.name[:8])
        listed = pgettext("list", ", ")
        if seat not in range(players):  # people sharing the screen, or no one here: everyone at the table
            # Translators: a match of the history: the seats' names, the rules' short name ("Kaiji"), the day
            return _("{names} at the table, {rules}, {day}").format(names=listed.join(names), rules=group_name(preset),
                                                                     day=day)
        opponents = listed.join(name for other, name in enumerate(names) if other != seat)
        # Translators: a match of the history: the other seats' names, the rules' short name ("Kaiji"), the day
        return _("against {opponents}, {rules}, {day}").format(opponents=opponents, rules=group_name(preset), day=day)

    return Later(words)


def named(path: Path) -> str | Later:
    """The match in the file at `path` (`match_name`), read again for the theatre's "no hand
    yet" (a record with no hand is a few lines); the file's name if it cannot be read now."""
    try:
        lines = record.read_record(path)
    except RecordError:
        return path.name
    return match_name(lines[0], path)
