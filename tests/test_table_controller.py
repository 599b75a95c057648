"""The table controller without a display: every seat a Player, people's moves given by
input through the same interface, the AI pause, the deadline stand-in, the curtain
between people and what each frame may show."""

from __future__ import annotations

import ast
import subprocess
import sys
from concurrent.futures import Executor, Future
from pathlib import Path

import pytest

from game.ai import make_agent
from game.app.play import session as session_module
from game.app.play import table_controller
from game.app.play.session import PERSON, SeatPlan, Session
from game.app.play.table_controller import HumanPlayer, KeepSelection, RonOffer, TableController
from game.engine.actions import BuildHand, Discard, Pass, Ron
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.player import ImmediatePlayer
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.scenario_tools import crafted_deal
from tests.ui.scripted import EXAMPLE_HAND, HUMAN_WALL, OPPONENT_WALL_START, ScriptedAgent

DT = 0.1


class Now(Executor):
    """Runs every job at once, so a test sees each move in the frame it is due."""

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def table(preset: str, seats: tuple[str, ...], **changes) -> TableController:
    match = Match(Rules.preset(preset, **changes), seed=11)
    match.next_kyoku(dealer=0)
    plan = SeatPlan.table(seats)
    agents = {seat: ScriptedAgent() for seat in range(match.rules.players) if seat not in plan.humans}
    return TableController(Session(match, plan, agents, Now()), Now())


def person_moves(controller: TableController, seat: int) -> None:
    """What a person would do through the controls: the first 13 tiles, the first discard, ron."""
    view = controller.session.view(seat)
    if view.phase is Phase.BUILD:
        controller.play(seat, BuildHand(seat, format_tiles(view.wall[:13], view.rules.red_fives)))
    elif view.phase is Phase.DISCARD:
        controller.play(seat, Discard(seat, view.legal_actions[0].tile))
    elif view.phase is Phase.RON:
        controller.play(seat, Ron(seat))
    else:
        controller.play(seat, view.legal_actions[0])


def play_out(controller: TableController, delay: float = 0.0, frames: int = 20000) -> list[tuple[int, object]]:
    """Run the hand to its end, people answering as soon as they have the screen."""
    played = []
    for _ in range(frames):
        if controller.session.kyoku_over:
            return played
        seat = controller.curtain_for()
        if seat is not None:
            controller.cover(seat)
            controller.lift_curtain(seat)
        active = controller.active_person()
        if active is not None and active == controller.viewer:
            person_moves(controller, active)
        played += [(event.seat, event) for event in controller.update(DT, delay) if hasattr(event, "seat")]
    raise AssertionError("the hand did not end")


def test_the_controller_runs_without_pygame():
    code = "import sys, game.app.play.table_controller; print(any(m.startswith('pygame') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_seat_is_a_player_and_the_person_is_a_human_player():
    controller = table("four_player", ("you", "hard", PERSON, "easy"))
    assert isinstance(controller.players[0], HumanPlayer) and isinstance(controller.players[2], HumanPlayer)
    assert all(isinstance(controller.players[seat], ScriptedAgent) for seat in (1, 3))
    assert controller.hotseat and controller.session.plan.humans == (0, 2)


def test_people_and_the_build_stand_in_answer_at_once_and_the_ai_in_the_background():
    assert isinstance(HumanPlayer("Ann"), ImmediatePlayer)
    assert isinstance(KeepSelection(None), ImmediatePlayer)
    assert not any(isinstance(make_agent(level), ImmediatePlayer) for level in ("easy", "normal", "hard"))
    assert not isinstance(ScriptedAgent(), ImmediatePlayer)


@pytest.mark.parametrize("module", [table_controller, session_module])
def test_the_seats_are_named_without_the_ai(module):
    # the seat interface is the engine's: the table imports the AI nowhere, not even for type checking
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not [name for name in imported if name == "game.ai" or name.startswith("game.ai.")]


class FarSeat(ImmediatePlayer):
    """A seat played from elsewhere, as networked play would add one: an `ImmediatePlayer`
    whose moves are handed over from outside (here by the test)."""

    name = "far"

    def __init__(self) -> None:
        self.moves: list = []
        self.views: list = []

    def ready(self) -> bool:
        return bool(self.moves)

    def act(self, view):
        self.views.append(view)
        return self.moves.pop(0)


class Recording(Now):
    def __init__(self) -> None:
        self.submitted: list = []

    def submit(self, fn, /, *args, **kwargs):
        self.submitted.append(fn)
        return super().submit(fn, *args, **kwargs)


def test_a_seat_played_from_elsewhere_needs_no_change_to_the_controller():
    match = Match(Rules.preset("kaiji"), seed=11)
    match.next_kyoku(dealer=0)
    far, executor = FarSeat(), Recording()
    controller = TableController(Session(match, SeatPlan.table(("you", "normal")), {1: far}, executor), executor)
    person_moves(controller, 0)  # the dora
    person_moves(controller, 0)  # the person's hand
    for _ in range(10):
        controller.update(DT, 0.5)
    assert controller.session.view(1).hand is None and far.views == []
    assert controller.next_change(0.5) is None  # nothing to do until its move arrives: the window may sleep
    wall = match.kyoku.view_for(1).wall  # what the far side sees of its own seat
    far.moves.append(BuildHand(1, format_tiles(wall[:13], False)))
    assert controller.next_change(0.5) == 0.0
    controller.update(DT, 0.5)  # played at once: no AI pause for a move decided elsewhere
    assert controller.session.view(1).hand is not None
    assert [view.seat for view in far.views] == [1]
    assert all(getattr(fn, "__self__", None) is not far for fn in executor.submitted)


def test_a_whole_four_player_hand_runs_in_turn_order_to_its_end():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    play_out(controller)
    kyoku = controller.session.kyoku
    assert kyoku.phase is Phase.END
    rivers = [len(r) for r in kyoku.rivers]
    assert min(rivers) >= max(rivers) - 1 and max(rivers) >= 1


def test_a_three_player_hand_with_two_people_runs_to_its_end():
    controller = table("three_player", ("you", PERSON, "hard"))
    play_out(controller)
    assert controller.session.kyoku.phase is Phase.END


def test_an_ai_move_waits_for_the_ai_pause_but_a_persons_move_is_played_at_once():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    person_moves(controller, 0)
    assert controller.session.view(0).hand is not None  # played in the same call
    frames = 0
    while controller.session.kyoku.phase is Phase.BUILD:
        controller.update(DT, 0.5)
        frames += 1
    assert frames == 5  # three AI builds decided at once, each played once 0.5 s have passed
    person_moves(controller, 0)  # seat 0 deals: its discard
    turns = []
    for _ in range(40):
        before = controller.session.kyoku.turn
        controller.update(DT, 0.5)
        turns.append(before)
        if controller.session.kyoku.turn == 0:
            break
    assert turns.count(1) == 5 and turns.count(2) == 5 and turns.count(3) == 5


def test_at_the_discard_deadline_the_stand_in_discards_for_the_person():
    controller = table("four_player", ("you", "normal", "normal", "normal"), discard_time_s=5)
    person_moves(controller, 0)
    while controller.session.kyoku.phase is Phase.BUILD:
        controller.update(DT, 0.0)
    chosen = format_tiles(controller.session.view(0).pool[-1:], False)
    stand_in = ScriptedAgent(discards=[chosen])
    controller.make_stand_in = lambda seed: stand_in
    assert controller.mode() == "discard" and 4.9 < controller.countdown() <= 5
    frames = 0
    while not controller.session.kyoku.rivers[0] and frames < 80:
        controller.update(DT, 0.0)
        frames += 1
    assert 50 <= frames <= 52  # five seconds of frames, then the stand-in's move
    assert [format_tiles([t], False) for t, _ in controller.session.kyoku.rivers[0]] == [chosen]
    assert not controller.players[0].ready()


def test_with_several_people_nothing_private_is_shown_until_the_curtain_is_lifted():
    controller = table("four_player", ("you", PERSON, PERSON, PERSON))
    shown = set()
    for _ in range(5000):
        if controller.session.kyoku_over:
            break
        seat = controller.curtain_for()
        if seat is not None:
            controller.cover(seat)
            frame = controller.frame()
            assert frame.private is None and controller.shown_private_seat is None
            assert all(s.closed_wall or s.concealed for s in frame.seats)
            controller.lift_curtain(seat)
        frame = controller.frame()
        if frame.private is not None:
            assert frame.private.seat == controller.viewer == controller.bottom
            assert frame.private.seat in controller.session.waiting_on()
            shown.add(frame.private.seat)
            assert [s.place for s in frame.seats if s.seat == frame.private.seat] == [0]
        active = controller.active_person()
        if active is not None and active == controller.viewer:
            person_moves(controller, active)
        controller.update(DT, 0.0)
    assert controller.session.kyoku_over and shown == {0, 1, 2, 3}


def test_seats_sit_counter_clockwise_from_the_bottom():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    assert [controller.place(seat) for seat in range(4)] == [0, 1, 2, 3]  # next on the right
    controller.lift_curtain(2)
    assert [controller.place(seat) for seat in range(4)] == [2, 3, 0, 1]
    three = table("three_player", ("you", "normal", "normal"))
    assert [three.place(seat) for seat in range(3)] == [0, 1, 2] and three.wall_place(3) == 3
    three.lift_curtain(1)
    assert [three.place(seat) for seat in range(3)] == [2, 0, 1] and three.wall_place(3) == 3


def test_a_pass_goes_through_the_same_door():
    controller = table("four_player", ("you", "normal", "normal", "normal"))
    assert controller.play(1, Pass(1)) == []  # an AI seat takes no moves from the input


def test_a_seat_plan_keeps_each_seats_level_through_a_save_and_refuses_unknown_levels():
    plan = SeatPlan.table(("you", "hard", PERSON, "easy"))
    assert SeatPlan.from_dict(plan.to_dict()) == plan
    assert [plan.level(seat) for seat in (1, 3)] == ["hard", "easy"]
    for levels in (["god", None, None, None], [None, "hard"]):
        with pytest.raises(ValueError):
            SeatPlan.from_dict({**plan.to_dict(), "levels": levels})


def ron_offer(preset: str, walls: dict[int, str], hands: dict[int, str], discards: dict[int, list[str]],
              own_hand: str, **changes) -> RonOffer:
    """Seat 0 (the person, dealing) builds `own_hand` and discards what its wall has spare;
    the AI seats build `hands` and discard their scripts until seat 0 is offered a ron."""
    match = Match(Rules.preset(preset, **changes), seed=1)
    match.next_kyoku(crafted_deal(walls, dora=(1, 0, "5z", "5z") if match.rules.players < 4 else None), dealer=0)
    plan = SeatPlan.solo(match.rules.players, "normal")
    agents = {seat: ScriptedAgent(discards=discards.get(seat, []), hand=hands.get(seat), avoid=["5z"])
              for seat in range(1, match.rules.players)}
    controller = TableController(Session(match, plan, agents, Now()), Now())
    for _ in range(2000):
        offer = controller.prompt()
        if isinstance(offer, RonOffer):
            return offer
        view = controller.session.view(0)
        if controller.mode() == "dora":
            controller.play(0, view.legal_actions[0])
        elif controller.mode() == "build":
            controller.play(0, BuildHand(0, own_hand))
        elif controller.mode() == "discard":
            spare = next(a.tile for a in view.legal_actions if isinstance(a, Discard) and a.tile[-1] in "sz")
            controller.play(0, Discard(0, spare))
        controller.update(DT, 0.0)
    raise AssertionError("no ron was offered")


URA_MAY_ADD = "(ura dora may add more)"


@pytest.mark.parametrize(("preset", "win", "changes", "said"), [
    ("kaiji", "2m", {"mangan_floor": False}, True),  # below mangan: every ura han pays
    ("kaiji", "4m", {}, False),  # suuankou tanki: a yakuman, which ura dora never change
])
def test_the_ron_prompt_says_ura_dora_may_add_more_only_where_they_can(preset, win, changes, said):
    offer = ron_offer(preset, {0: HUMAN_WALL, 2: OPPONENT_WALL_START}, {}, {1: [win]}, EXAMPLE_HAND, **changes)
    assert offer.tile == win
    assert (URA_MAY_ADD in offer.worth) is said, offer.worth
    assert "pays you" in offer.worth


def test_four_players_have_no_ura_dora_to_add():
    walls = {0: HUMAN_WALL, 1: "456m789m456s789s5z", 3: "5z"}
    offer = ron_offer("four_player", walls, {1: "456m789m456s789s5z"}, {3: ["5z"]}, "123456789s777p5z")
    assert "ittsu" in offer.worth and "yakuman" not in offer.worth  # not a yakuman: only the table has no ura
    assert offer.tile == "5z" and "pays you" in offer.worth
    assert URA_MAY_ADD not in offer.worth and "ura" not in offer.worth, offer.worth
