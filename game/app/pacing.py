"""AI moves at a human pace: each AI seat thinks in the background, and its move is played
once it is ready and a short, adjustable pause has passed, so the table stays responsive
and a player can follow what happened."""

from __future__ import annotations

import logging
from concurrent.futures import Executor, Future
from dataclasses import dataclass

from game.app.session import Agent, Session
from game.engine.actions import Action, BuildHand
from game.engine.events import Event
from game.engine.hand import IllegalAction, Phase, SeatView

log = logging.getLogger(__name__)


STAND_IN_LEVEL = "normal"  # docs/rules.md §3.6: at the discard deadline, the normal AI's choice


def make_agents(plan_humans: tuple[int, ...], players: int, level: str, seed: int) -> dict[int, Agent]:
    """An agent of the chosen level for every seat nobody plays."""
    from game.ai import make_agent

    return {seat: make_agent(level, seed + seat) for seat in range(players) if seat not in plan_humans}


class FirstLegal:
    """Plays the hand's first legal action: the stand-in when no AI is installed."""

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def make_stand_in(seed: int) -> Agent:
    try:
        from game.ai import make_agent
    except ImportError:
        return FirstLegal()
    return make_agent(STAND_IN_LEVEL, seed)


@dataclass
class _Job:
    future: Future[Action]
    waited: float = 0.0


class Pacer:
    """Runs agents' decisions for the seats that must move and plays them when due."""

    def __init__(self, session: Session, executor: Executor, builders: Executor | None = None) -> None:
        """`executor` runs decisions; `builders`, if given, runs the choice of a hand, which
        takes an agent seconds of pure Python (a process pool keeps the frames smooth).
        An agent that keeps memory between moves keeps it: only discards and ron decisions
        carry it, and they run in `executor`."""
        self.session = session
        self.executor = executor
        self.builders = builders or executor
        self.jobs: dict[int, _Job] = {}
        self.stand_ins: dict[int, Agent] = {}
        """Agents that move for a human seat whose time ran out."""
        self.make_stand_in = make_stand_in

    def thinking(self, seat: int) -> bool:
        return seat in self.jobs

    def stand_in(self, seat: int) -> None:
        """Let the normal AI make this seat's current move (a discard at the time limit)."""
        if seat not in self.stand_ins:
            self.stand_ins[seat] = self.make_stand_in(self.session.match.seed + seat)

    def update(self, dt: float, delay_s: float) -> list[Event]:
        events: list[Event] = []
        waiting = self.session.waiting_on()
        for seat in [s for s in self.jobs if s not in waiting and not self.session.busy]:
            del self.jobs[seat]  # the move is no longer this seat's to make
            self.stand_ins.pop(seat, None)
        for seat in waiting:
            agent = self.stand_ins.get(seat) or self.session.agents.get(seat)
            if agent is None or self.session.busy:
                continue
            job = self.jobs.get(seat)
            if job is None:
                view = self.session.view(seat)
                runner = self.builders if view.phase is Phase.BUILD else self.executor
                self.jobs[seat] = _Job(runner.submit(agent.act, view))
                continue
            job.waited += dt
            if job.future.done() and (job.waited >= delay_s or seat in self.stand_ins):
                del self.jobs[seat]
                self.stand_ins.pop(seat, None)
                events += self._play(seat, job.future)
        return events

    def _play(self, seat: int, future: Future[Action]) -> list[Event]:
        try:
            action = future.result()
        except Exception:  # an agent that fails must not stop the match: the hand's default move
            log.exception("the agent for seat %s failed; playing its first legal action", seat)
            legal = self.session.view(seat).legal_actions
            if not legal:
                return []
            action = legal[0]
        if isinstance(action, BuildHand) and action.complete:
            self.session.apply_in_background(action)
            return []
        try:
            return self.session.apply(action)
        except IllegalAction as error:
            # The table moved on while the agent thought; it is asked again next frame.
            log.warning("seat %s: %s (%s); asking again", seat, error, error.rule)
            return []
