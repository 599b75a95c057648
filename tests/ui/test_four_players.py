"""Three and four players in the window, by synthetic input: whole hands to the result,
rons in turn order (a double ron with `multiple_ron = all`, a head bump that passes on to
the next seat), every frame private with several people, and Continue of their saves."""

from __future__ import annotations

import pygame
import pytest

import game.app.play.match_setup as match_setup
from game.app.flow import Flow
from game.app.play.savegame import SaveSlot
from game.app.play.session import SeatPlan, Session
from game.app.scenes import prompts
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.app.scenes.title import TitleScene
from game.app.views.helper_panel import tenpai_verdict, wait_verdict
from game.app.window import layout
from game.app.words.i18n import format_amount as amount
from game.engine.events import DoraFlipped
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.scenario_tools import crafted_deal
from tests.ui.autoplay import answer, play_to_result
from tests.ui.scripted import EXAMPLE_HAND, HUMAN_WALL, ScriptedAgent
from tests.ui.test_screens import shot

FACE = (246, 242, 228)
BOTTOM_AREA = pygame.Rect(100, 606, 1100, 194)

# Walls of the rons on 5z: seat 1 and seat 2 each wait on it with a tanki.
SOUTH_HAND = "456m789m456s789s5z"
WEST_HAND = "567m678p345s222p5z"


def solo_table(app, preset: str, agents: dict[int, ScriptedAgent], deal=None, **changes) -> TableScene:
    match = Match(Rules.preset(preset, **changes), seed=3)
    match.next_kyoku(deal, dealer=0) if deal is not None else match.next_kyoku(dealer=0)
    session = Session(match, SeatPlan.solo(match.rules.players, "normal"), agents, app.executor)
    Flow(app).table(session)
    return app.stack.top


def test_a_whole_three_player_hand_is_played_by_synthetic_input_to_the_result(driver):
    table = solo_table(driver.app, "three_player", {1: ScriptedAgent(), 2: ScriptedAgent()})
    driver.frame()
    assert table.mode() == "dora"
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    kyoku = table.session.kyoku
    assert kyoku.dora_indicator is not None and kyoku.phase is Phase.END
    assert sum(len(river) for river in kyoku.rivers) >= 3


def test_a_whole_four_player_hand_is_played_by_synthetic_input_to_the_result(driver):
    table = solo_table(driver.app, "four_player", {seat: ScriptedAgent() for seat in (1, 2, 3)})
    driver.frame()
    assert table.mode() == "build"  # no side wall, no dora to flip
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    assert table.session.kyoku.phase is Phase.END


def crafted_four(driver, rules_changes, agents, human_hand):
    deal = crafted_deal({0: HUMAN_WALL, 1: SOUTH_HAND, 2: WEST_HAND, 3: "5z"})
    table = solo_table(driver.app, "four_player", agents, deal, **rules_changes)
    driver.frame()
    table.helpers[0].wait_until_ready(timeout=30)
    table.builds[0].replace(_pick(table.builds[0].wall, human_hand))
    driver.frame()
    driver.press(driver.button("Confirm"))
    while isinstance(driver.top, Dialog):
        driver.press(driver.button("Build it anyway"))
    driver.wait_until(lambda: table.mode() == "discard")
    return table


def _pick(wall, hand):
    from game.engine.tiles import parse_tiles, pick_ids

    return pick_ids(parse_tiles(hand, red_fives=False), wall, False)


def click_pool_tile(driver, table, code):
    view = table.session.view(0)
    index = next(i for i, tile in enumerate(view.pool) if format_tiles([tile], False) == code)
    driver.click(table.pool_controls.rect(index, len(view.pool)).center)


def test_a_double_ron_with_multiple_ron_all_pays_both_winners_on_the_result(driver):
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND), 3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=300)
    result = driver.top
    wins = table.session.kyoku.result.wins
    assert [(w.seat, w.discarder) for w in wins] == [(1, 0), (2, 0)]
    session = table.session
    south, west, east = session.wind(1), session.wind(2), session.wind(0)
    assert result.heading == f"{south} and {west} win by ron on {east}'s discard"
    gains = session.match.settlements[-1].gains
    assert gains[1] > 0 and gains[2] > 0 and gains[0] == -(gains[1] + gains[2])
    words = result.frame.payments
    assert words.startswith(f"{east} pays {south} {amount(gains[1])} points, {west} {amount(gains[2])} points")
    assert words.endswith(f"{amount(-gains[0])} points in all")
    assert all("renhou" in {y.name for y in w.assessment.value.yaku} for w in wins)
    driver.frame()
    panel = shot(driver, "result_double_ron").subsurface(layout.RESULT_PANEL)
    assert pygame.mask.from_threshold(panel, FACE, (10, 10, 10, 255)).count() > 2000  # both hands shown


def test_with_head_bump_a_pass_hands_the_ron_to_the_next_seat_in_turn_order(driver):
    # North (seat 3) discards 5z: East (you, seat 0) is offered it first and passes; South takes it.
    agents = {1: ScriptedAgent(hand=SOUTH_HAND, avoid=["5z"]), 2: ScriptedAgent(avoid=["5z"]),
              3: ScriptedAgent(discards=["5z"])}
    table = crafted_four(driver, {}, agents, "111222333m777p5z")
    assert table.session.rules.multiple_ron == "head_bump"
    driver.click(layout.pool_rect(0, 21).center)  # East's first discard: a 4m nobody waits on
    driver.wait_until(lambda: isinstance(driver.top, Dialog), frames=600)
    assert driver.top.title == "Ron?" and driver.top.tiles == ["5z"]
    assert table.session.kyoku.pending_ron == [0, 1]
    driver.look()
    driver.key(pygame.K_p)
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=300)
    wins = table.session.kyoku.result.wins
    assert [(w.seat, w.discarder) for w in wins] == [(1, 3)]
    driver.frame()
    shot(driver, "result_head_bump_passed_on")
    assert table.session.view(0).furiten
    assert f"{table.session.wind(1)} ({table.session.name(1)}) wins by ron" in driver.top.heading


def privacy_over_every_frame(driver, players: int) -> None:
    driver.app.change_settings(driver.app.settings.with_changes(
        rules=Rules.preset({3: "three_player", 4: "four_player"}[players])))
    driver.screens.title()
    driver.frame()
    driver.press(driver.button({3: "Three players", 4: "Four players"}[players]))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.controller.hotseat
    helper_area = layout.for_players(players).helper
    checked = {"curtain": 0, "private": 0}
    seen = set()

    def check_frame() -> None:
        curtain = next((s for s in driver.app.stack.scenes if isinstance(s, CurtainScene)), None)
        layer = pygame.Surface(driver.app.screen.get_size())
        table.draw(layer)
        frame = table.controller.frame()
        if curtain is not None:
            checked["curtain"] += 1
            assert table.shown_private_seat is None and frame.private is None
            assert pygame.mask.from_threshold(layer.subsurface(BOTTOM_AREA), FACE, (10, 10, 10, 255)).count() == 0
            if frame.seats and all(not s.river for s in frame.seats):
                helper = layer.subsurface(helper_area)
                assert pygame.mask.from_threshold(helper, FACE, (10, 10, 10, 255)).count() == 0
            return
        seat = table.shown_private_seat
        if seat is None:
            return
        checked["private"] += 1
        seen.add(seat)
        assert seat == table.viewer == table.bottom and seat in table.session.waiting_on()

    original = driver.frame

    def checked_frame(events=(), dt=1 / 60):
        original(events, dt)
        check_frame()

    driver.frame = checked_frame
    for _ in range(1500):
        if isinstance(driver.top, ResultScene):
            break
        answer(driver, table)
    assert isinstance(driver.top, ResultScene)
    assert checked["curtain"] > 10 * players and seen == set(range(players))


def test_no_frame_shows_a_persons_tiles_to_the_others_with_three_people(driver):
    privacy_over_every_frame(driver, 3)


def test_no_frame_shows_a_persons_tiles_to_the_others_with_four_people(driver):
    privacy_over_every_frame(driver, 4)


def scripted_ai(monkeypatch):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level_of, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)


def back_to_the_title_and_continue(driver) -> TableScene:
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Title"))
    assert isinstance(driver.top, TitleScene)
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    assert isinstance(resumed, TableScene)
    return resumed


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_a_match_left_during_a_build_continues_from_the_title(driver, monkeypatch, preset):
    scripted_ai(monkeypatch)
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset(preset)))
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    players = table.session.rules.players
    if table.mode() == "dora":
        answer(driver, table)
    driver.wait_until(lambda: all(table.session.view(0).built[1:]))
    assert table.mode() == "build" and SaveSlot(driver.app.files.data_dir).exists()
    resumed = back_to_the_title_and_continue(driver)
    assert resumed is not table and resumed.session.rules.players == players
    assert resumed.session.view(0).built == (False, *[True] * (players - 1))
    assert resumed.session.name(1) == "Normal AI"
    driver.frame()
    assert resumed.mode() == "build"
    assert isinstance(play_to_result(driver, resumed), ResultScene)


def test_a_pending_ron_is_asked_again_after_continue(driver, monkeypatch):
    scripted_ai(monkeypatch)
    agents = {1: ScriptedAgent(hand=SOUTH_HAND, avoid=["5z"]), 2: ScriptedAgent(avoid=["5z"]),
              3: ScriptedAgent(discards=["5z"])}
    table = crafted_four(driver, {}, agents, "111222333m777p5z")
    driver.click(layout.pool_rect(0, 21).center)
    driver.wait_until(lambda: isinstance(driver.top, Dialog), frames=600)
    SaveSlot(driver.app.files.data_dir).save(table.session.plan, table.session.match)
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    assert driver.top.title == "Ron?" and driver.top.tiles == ["5z"]
    assert resumed.session.kyoku.pending_ron == [0, 1]


def test_the_keyboard_flips_the_dora_on_the_one_side_wall_of_three_players(driver):
    table = solo_table(driver.app, "three_player", {1: ScriptedAgent(), 2: ScriptedAgent()})
    driver.frame()
    assert table.mode() == "dora"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    flipped = [e for e in table.session.view(0).events if isinstance(e, DoraFlipped)]
    assert [(e.wall, e.stack) for e in flipped] == [(3, 9)]  # the left wall's stacks count down the screen


def test_without_a_floor_the_helper_and_prompts_speak_of_yaku_not_mangan(driver):
    table = solo_table(driver.app, "four_player", {seat: ScriptedAgent() for seat in (1, 2, 3)})
    driver.frame()
    helper = table.helpers[0]
    helper.wait_until_ready(timeout=30)
    table.builds[0].replace(helper.suggest([]))
    report = table.helper_report()
    assert report.tenpai and report.mangan_tenpai
    headline, can_win = tenpai_verdict(report, table.controller.frame().floor)
    assert can_win and "mangan" in headline and "no mangan floor" in headline
    assert all("floor" not in wait_verdict(line, False)[0] for line in report.waits)
    assert {wait_verdict(line, True)[0] for line in report.waits} <= {"clears floor", "below floor", "never comes"}
    dialog = prompts.build_anyway(driver.app, True, lambda: None, floor=False)
    assert "mangan" not in dialog.message and "yaku" in dialog.message
