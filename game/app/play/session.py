"""A match being played in the window: who sits where, and the one door to the engine.

Every action goes through `Session.apply`, which saves the match record afterwards and
keeps each human seat's private notices (a winning tile that may not be taken, a hand
completed at the deadline) until that seat is looking. The session decides no rule: it
asks the engine what is legal and what happened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from game.app.play.seat_notices import Notice, presence_notice, seat_notices
from game.app.play.table_words import seat_wind
from game.app.settings import AI_LEVELS, PERSON, REMOTE
from game.app.words.i18n import _, pgettext
from game.app.words.net_words import HERE
from game.engine.actions import Action
from game.engine.events import Event, HandBuilt, visible_to
from game.engine.kyoku import Kyoku, Phase, SeatView
from game.engine.match import Match
from game.engine.names import checked_name
from game.engine.player import Player
from game.engine.rules import Rules

if TYPE_CHECKING:  # the network is loaded only when this computer hosts
    from game.net.hosting import HostedTable

SOLO = "solo"
HOTSEAT = "hotseat"


@dataclass(frozen=True)
class SeatPlan:
    """Who plays which seat: the people at this screen (`humans`, the first of them at the
    bottom), the people at other computers (`remote`, this computer hosting) and the AI
    level of every other seat. `mode` is solo with one person, hotseat when several share
    the screen."""

    mode: str
    humans: tuple[int, ...]
    names: tuple[str, ...]
    ai_level: str | None = None
    levels: tuple[str | None, ...] = ()
    """Each seat's AI level (None for a person); empty: `ai_level` for every AI seat."""
    remote: tuple[int, ...] = ()
    """The seats played from other computers (a match continued later plays them by the AI)."""

    @classmethod
    def solo(cls, players: int, level: str) -> SeatPlan:
        return cls.table(("you", *(level for _ in range(players - 1))))

    @classmethod
    def hotseat(cls, players: int) -> SeatPlan:
        return cls.table(("you", *(PERSON for _ in range(players - 1))))

    @classmethod
    def table(cls, seats: Sequence[str], names: Sequence[str] = ()) -> SeatPlan:
        """Seat 0 is you; each other seat `PERSON`, `REMOTE` or an AI level. `names`: what
        each person's seat is called, by seat (checked with `checked_name`; "" or none for
        the name the game gives). An AI seat is named by its level. You are "You" alone
        with the AI, else "Player 1" (the other computers show your name too)."""
        humans = (0, *(seat for seat, who in enumerate(seats) if seat and who == PERSON))
        remote = tuple(seat for seat, who in enumerate(seats) if seat and who == REMOTE)
        given = ["You"] if len(humans) == 1 and not remote else ["Player 1"]
        levels: list[str | None] = [None]
        for who in seats[1:]:
            if who in (PERSON, REMOTE):
                given.append(f"Player {len(given) - sum(lv is not None for lv in levels) + 1}")
                levels.append(None)
            else:
                given.append(f"{who.capitalize()} AI")
                levels.append(who)
        typed = [names[seat] if seat < len(names) and levels[seat] is None else "" for seat in range(len(seats))]
        shown = tuple(checked_name(name) if name.strip() else default
                      for name, default in zip(typed, given, strict=True))
        ai = [lv for lv in levels if lv is not None]
        return cls(SOLO if len(humans) == 1 else HOTSEAT, humans, shown, ai[0] if ai else None, tuple(levels),
                   remote)

    @classmethod
    def unattended(cls, names: Sequence[str], levels: Sequence[str | None], remote: tuple[int, ...]) -> SeatPlan:
        """Nobody at this screen (the headless host): each seat an AI level, or a person at
        another computer (level None). A hot seat with no one at it, as the match history
        keeps a hosted match."""
        return cls(HOTSEAT, (), tuple(names), None, tuple(levels), remote)

    def level(self, seat: int) -> str:
        """The AI level of a seat nobody at the screen plays."""
        chosen = self.levels[seat] if seat < len(self.levels) else None
        return chosen or self.ai_level or "normal"

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "mode": self.mode,
            "humans": list(self.humans),
            "names": list(self.names),
            "ai_level": self.ai_level,
            "levels": list(self.levels),
        }
        if self.remote:
            data["remote"] = list(self.remote)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> SeatPlan:
        mode, humans, names, level = data["mode"], data["humans"], data["names"], data.get("ai_level")
        levels = data.get("levels", [])
        if mode not in (SOLO, HOTSEAT) or not isinstance(humans, list) or not isinstance(names, list):
            raise ValueError("not a seat plan")
        if level is not None and not isinstance(level, str):
            raise ValueError("the AI level must be text")
        if not isinstance(levels, list) or not all(lv is None or lv in AI_LEVELS for lv in levels):
            raise ValueError(f"each seat's AI level is one of {', '.join(AI_LEVELS)} (or none, for a person)")
        if levels and len(levels) != len(names):
            raise ValueError("a seat plan names an AI level for every seat")
        remote = data.get("remote", [])
        if not isinstance(remote, list) or not all(isinstance(s, int) and 0 < s < len(names) for s in remote):
            raise ValueError("the remote seats are seats of the table other than the first")
        return cls(str(mode), tuple(int(h) for h in humans), tuple(str(n) for n in names), level, tuple(levels),
                   tuple(remote))


@dataclass(frozen=True)
class BuildProgress:
    """A person's hand being built: the tiles chosen so far (mpsz; none for a seat played at
    another computer, whose tiles are there) and the build clock used, kept in the save so
    that Continue neither resets the clock nor forgets the choice."""

    kyoku_number: int
    chosen: str
    elapsed: float


DEFAULT_NAME = re.compile(r"You|Player (?P<number>\d+)|(?P<level>Easy|Normal|Hard) AI")
"""The names `SeatPlan.table` gives (kept in English in saves), shown in the player's language."""


def shown_name(name: str) -> str:
    """A seat's name on screen: the names the game gave in the current language, any other as it is."""
    given = DEFAULT_NAME.fullmatch(name)
    if given is None:
        return name
    if given["number"]:
        return _("Player {number}").format(number=given["number"])
    if given["level"]:
        return {"Easy": _("Easy AI"), "Normal": _("Normal AI"), "Hard": _("Hard AI")}[given["level"]]
    # Translators: the person at the screen, as the table names their seat
    return pgettext("player", "You")


class Session:
    def __init__(
        self,
        match: Match,
        plan: SeatPlan,
        players: dict[int, Player],
        executor: Executor,
        on_change: Callable[[Session], None] | None = None,
    ) -> None:
        self.match = match
        self.net: HostedTable | None = None
        """The other computers' seats, when this computer hosts the table: told after every
        change (their players are `RemoteSeat`s among `players`)."""
        self.plan = plan
        self.players = players
        """The player of every seat nobody at this screen plays."""
        self.executor = executor
        self.on_change = on_change
        self.notices: list[Notice] = []
        self.builds: dict[int, BuildProgress] = {}
        """Each person's build in progress (saved with the match)."""
        self._views: dict[int, SeatView] = {}
        self._background: Future[list[Event]] | None = None

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def kyoku(self) -> Kyoku:
        assert self.match.kyoku is not None
        return self.match.kyoku

    @property
    def busy(self) -> bool:
        """An action is being applied in the background: the engine must not be touched."""
        return self._background is not None

    def is_human(self, seat: int) -> bool:
        return seat in self.plan.humans

    def is_remote(self, seat: int) -> bool:
        """Played from another computer (while it is: a seat given to the AI is not)."""
        return self.net is not None and seat in self.net.remote

    def name(self, seat: int) -> str:
        """The seat's player as the screens name them, in the current language."""
        return shown_name(self.plan.names[seat])

    def wind(self, seat: int) -> str:
        return seat_wind(self.view(seat), seat)

    def view(self, seat: int) -> SeatView:
        cached = self._views.get(seat)
        if cached is None:
            cached = self.kyoku.view_for(seat)
            self._views[seat] = cached
        return cached

    def waiting_on(self) -> list[int]:
        """Seats whose move the hand waits for, in turn order (none while busy)."""
        if self.busy:
            return []
        waiting = self.kyoku.waiting_on()
        return [seat for seat in self.kyoku.turn_order if seat in waiting]

    def apply(self, action: Action) -> list[Event]:
        """Apply an action now. Raises the engine's IllegalAction, state unchanged."""
        if self.busy:
            raise RuntimeError("an action is still being applied")
        return self._applied(self.match.apply(action))

    def apply_in_background(self, action: Action) -> None:
        """For actions the engine may take a second over (completing a hand at the deadline)."""
        if self.busy:
            raise RuntimeError("an action is still being applied")
        self._background = self.executor.submit(self.match.apply, action)

    def poll(self) -> list[Event]:
        """Finish a background action once it is done; its events (else none)."""
        if self._background is None or not self._background.done():
            return []
        future, self._background = self._background, None
        return self._applied(future.result())

    def next_kyoku(self) -> None:
        self.match.next_kyoku()
        self.builds.clear()
        self.notices.clear()  # the last kyoku's, untold at its end: its result has said it all
        self._changed()

    def note_builds(self, builds: dict[int, tuple[str, float]]) -> None:
        """The builds in progress have changed (tiles or clocks; by seat, the tiles chosen
        and the clock used): saved in one write, though no action was played."""
        for seat, (chosen, elapsed) in builds.items():
            self.builds[seat] = BuildProgress(self.match.kyoku_number, chosen, round(elapsed, 1))
        if self.on_change is not None:
            self.on_change(self)

    def build_progress(self, seat: int) -> BuildProgress | None:
        """The seat's saved build in this hand, if any."""
        progress = self.builds.get(seat)
        return progress if progress is not None and progress.kyoku_number == self.match.kyoku_number else None

    def _applied(self, events: list[Event]) -> list[Event]:
        for event in events:
            if isinstance(event, HandBuilt):
                self.builds.pop(event.seat, None)
        self._views.clear()
        self._collect_notices(events)
        self._changed()
        return events

    def _changed(self) -> None:
        self._views.clear()
        if self.on_change is not None:
            self.on_change(self)
        if self.net is not None:
            self.net.changed()

    def _collect_notices(self, events: list[Event]) -> None:
        """Each person's notices among the events, worded from their own view (seat_notices.py)."""
        for seat in self.plan.humans:
            seen = [event for event in events if visible_to(event, seat)]
            if not any(getattr(event, "private", False) for event in seen):
                continue
            view = self.view(seat)
            self.notices.extend(seat_notices(view, len(view.events) - len(seen)))

    def seat_back(self, seat: int) -> None:
        """The person of a seat at another computer took it back from the AI: each person
        here is told, in the words every joined computer tells it in."""
        for person in self.plan.humans:
            self.notices.append(presence_notice(person, partial(self.name, seat), HERE, waited=False, about=seat))

    def take_notice(self, seat: int) -> Notice | None:
        """The oldest notice for `seat`, removed from the queue."""
        for index, notice in enumerate(self.notices):
            if notice.seat == seat:
                return self.notices.pop(index)
        return None

    @property
    def kyoku_over(self) -> bool:
        return not self.busy and self.kyoku.phase is Phase.END
