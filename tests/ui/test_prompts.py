"""The ron prompt says what passing costs, as the engine rules it: before a seat's first
discard (its riichi) only until its own next discard, in riichi for the rest of the hand.
It always said 'for the rest of the hand'."""
from __future__ import annotations

import re

import pygame
import pytest

from game.app.play.session import Notice, SeatPlan, Session
from game.app.scenes.dialog import Dialog
from game.app.scenes.prompts import build_anyway, discard_own_wait, notice, ron_or_pass
from game.app.window.menu_keys import KEY_GUARD_S
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import parse_tiles, pick_ids
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.ui.scripted import ScriptedAgent, crafted_table
from tests.ui.test_screens import shot
from tests.ui.test_table import AVOID, URA_INDICATOR, drag_example_hand, flip_dora

JUNK = "19p19s1234567z25p"  # 13 tiles far from tenpai



FAR = "19m19p1234567z36m"  # as far, for the other seats of a bigger table



SANSHOKU = "234m234p234s67s55p"  # waits 5s/8s; renhou or riichi lifts it to mangan



SIDE_WALL = {2: 1, 3: 3, 4: None}  # where the dora lies (no dora at four seats)



def ron_prompt(driver, players: int, dealer_discards: list[str | None], human_discards: list[str | None]) -> str:
    """The text of the ron prompt the human (seat 0) gets on the dealer's (seat 1's) 8s."""
    rules = Rules.preset("kaiji", players=players)
    match = Match(rules, seed=1)
    if players == 2:
        walls = {0: SANSHOKU, 2: JUNK + "88s"}
    else:
        walls = {0: SANSHOKU, 1: JUNK + "88s", **{seat: FAR for seat in range(2, players)}}
    side = SIDE_WALL[players]
    # Haku indicates Hatsu, Chun lies beneath: no hand here holds them.
    dora = None if side is None else (side, 0, "5z", "6z")
    match.next_kyoku(crafted_deal(walls, red_fives=rules.red_fives, dora=dora), 1)
    build_all(match, {0: SANSHOKU, 1: JUNK, **{seat: FAR for seat in range(2, players)}}, (side or 0, 0))
    others = {seat: [None] * len(dealer_discards) for seat in range(2, players)}
    drive(match, {1: dealer_discards, 0: human_discards, **others}, until_end=False)
    assert match.kyoku.pending_ron == [0]
    agents = {seat: ScriptedAgent() for seat in range(1, players)}
    session = Session(match, SeatPlan.solo(players, "normal"), agents, driver.app.executor)
    driver.screens.table(session)
    driver.wait_until(lambda: isinstance(driver.app.stack.top, Dialog))
    return driver.app.stack.top.message



def rendered(driver, monkeypatch) -> list[str]:
    """Every text the window renders from now on (badges are rendered, then placed)."""
    seen: list[str] = []
    original = driver.app.text.render

    def recording(text, *rest, **named):
        seen.append(text)
        return original(text, *rest, **named)

    monkeypatch.setattr(driver.app.text, "render", recording)
    return seen



def test_before_its_first_discard_a_pass_costs_only_until_the_next_discard(driver):
    for players in (2, 3, 4):
        message = ron_prompt(driver, players, ["8s"], [])
        assert "only until your own next discard" in message, message
        assert "rest of the hand" not in message, message



def test_in_riichi_a_pass_costs_the_rest_of_the_hand(driver):
    message = ron_prompt(driver, 2, [None, "8s"], [None])
    assert "furiten for the rest of the hand" in message, message



def test_after_such_a_pass_the_furiten_badge_says_it_ends_with_the_next_discard(driver, monkeypatch):
    ron_prompt(driver, 3, ["8s"], [])
    table = driver.app.stack.scenes[0]
    texts = rendered(driver, monkeypatch)
    driver.press(driver.button("Pass"))
    driver.frames(3)
    private = table.controller.frame().private
    assert private.furiten and private.furiten_until_discard
    assert "until your discard" in texts



def test_a_furiten_for_the_rest_of_the_hand_has_the_plain_badge(driver, monkeypatch):
    ron_prompt(driver, 2, [None, "8s"], [None])
    table = driver.app.stack.scenes[0]
    texts = rendered(driver, monkeypatch)
    driver.press(driver.button("Pass"))
    driver.frames(3)
    private = table.controller.frame().private
    assert private.furiten and not private.furiten_until_discard
    assert "until your discard" not in texts



# The ron prompt writes its payment as the result screen does, with the language's digit
# grouping: "pays you 8,000 points", not "8000" (the prompt formatted it with `:g`).
def test_the_ron_prompt_groups_the_digits_of_its_points(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID), Rules.preset("pro_stream"), ura=URA_INDICATOR)
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)  # riichi
    driver.wait_until(lambda: table.mode() == "discard")
    one_man = next(t for t in range(4) if t not in table.session.view(0).hand)
    worth = table.controller.ron_worth(0, 1, one_man)
    amount = re.search(r"pays you ([\d,.]+) points", worth)
    assert amount is not None, worth
    assert int(amount.group(1).replace(",", "")) >= 1000, worth
    assert re.fullmatch(r"\d{1,3}(,\d{3})+", amount.group(1)), worth



# Where Enter could cost the hand, it takes the safe choice. The ron prompt, which comes up
# in the middle of other keys, is answered only by its own keys (R, P) or a click, and not by
# keys on their way when it appeared (issue 30: an arrow and Enter meant for a discard passed
# a mangan).
def open_dialog(driver, dialog):
    driver.app.stack.push(dialog)
    driver.frame()
    return dialog



def test_enter_on_are_you_sure_keeps_building(driver):
    built = []
    for tenpai in (False, True):
        dialog = open_dialog(driver, build_anyway(driver.app, tenpai, lambda: built.append(True)))
        assert dialog.ring.entries[dialog.ring.focus][0].text == "Keep building"
        driver.key(pygame.K_RETURN)
        assert driver.top is not dialog and built == []
        assert "never win" in dialog.message and dialog.message.count("never win") == 1



def test_are_you_sure_says_where_alone_a_hand_below_the_floor_but_for_ippatsu_or_houtei_can_win(driver):
    """Riichi sanankou, 3 han 50 fu on its 7p: mangan only with ippatsu or houtei. It can win
    there, so neither the helper nor the question says that it cannot."""
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    state = table.builds[0]
    state.replace(pick_ids(parse_tiles("111222333m7p123s", red_fives=False), state.wall, False))
    table.helpers[0].wait_until_ready(timeout=30)
    driver.frame()
    report = table.helper_report()
    assert not any("cannot win" in note for note in report.warnings) and report.luck == ("houtei", "ippatsu")
    driver.press(driver.button("Confirm"))
    question = driver.top
    assert isinstance(question, Dialog) and question.title == "Are you sure?"
    assert "never win" not in question.message
    assert "only in the first go-around after your riichi or on a final discard" in question.message



def test_enter_on_discard_a_winning_tile_keeps_it(driver):
    discarded = []
    dialog = open_dialog(driver, discard_own_wait(driver.app, "5p", lambda: discarded.append(True)))
    assert dialog.ring.entries[dialog.ring.focus][0].text == "Keep it"
    driver.key(pygame.K_RETURN)
    assert discarded == [] and driver.top is not dialog
    dialog = open_dialog(driver, discard_own_wait(driver.app, "5p", lambda: discarded.append(True)))
    driver.key(pygame.K_LEFT)  # going ahead takes a deliberate move to the other button
    driver.key(pygame.K_RETURN)
    assert discarded == [True]



@pytest.mark.parametrize("queued", [[pygame.K_RIGHT, pygame.K_RETURN], [pygame.K_LEFT, pygame.K_SPACE],
                                    [pygame.K_RETURN], [pygame.K_p], [pygame.K_r]])
def test_keys_on_their_way_when_the_ron_prompt_comes_up_do_not_answer_it(driver, queued):
    """Keys meant for a move, pressed as the prompt appears (the frame after it is first
    drawn, and a moment after), answer nothing: not even its own R or P."""
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    driver.frame([key_down(key) for key in queued])
    driver.frame(dt=KEY_GUARD_S / 2)
    driver.frame([key_down(key) for key in queued])
    assert decisions == [] and driver.top is dialog



@pytest.mark.parametrize("keys", [[pygame.K_RETURN], [pygame.K_SPACE], [pygame.K_RIGHT, pygame.K_RETURN],
                                  [pygame.K_LEFT, pygame.K_KP_ENTER], [pygame.K_DOWN, pygame.K_SPACE]])
def test_arrows_and_enter_never_answer_the_ron_prompt(driver, keys):
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    driver.look()
    for key in keys:
        driver.key(key)
    assert decisions == [] and driver.top is dialog
    assert not any(button.is_selected for button in dialog.elements), "no focus for Enter to press"



@pytest.mark.parametrize(("answer", "expected"), [(pygame.K_r, True), (pygame.K_p, False), ("Ron", True),
                                                  ("Pass", False)])
def test_the_ron_prompt_is_answered_by_its_own_keys_or_a_click(driver, answer, expected):
    decisions = []
    dialog = open_dialog(driver, ron_or_pass(driver.app, "East", "3s", decisions.append))
    if isinstance(answer, str):
        driver.press(driver.button(answer))  # a click needs no waiting: it is aimed
    else:
        driver.look()
        driver.key(answer)
    assert decisions == [expected] and driver.top is not dialog



def test_a_notice_ignores_keys_on_their_way_and_then_takes_enter(driver):
    dialog = open_dialog(driver, notice(driver.app, Notice(0, "Time is up.")))
    driver.key(pygame.K_RETURN)
    assert driver.top is dialog
    driver.look()
    driver.key(pygame.K_RETURN)
    assert driver.top is not dialog



def test_a_question_the_player_asked_for_takes_keys_at_once(driver):
    """The guard is for what comes up unbidden: Esc's menu or "are you sure?" answer at once."""
    built = []
    dialog = open_dialog(driver, build_anyway(driver.app, True, lambda: built.append(True)))
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert built == [True] and driver.top is not dialog



def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("opened_by", ["Esc", "Menu (Esc)"])
def test_the_menu_opens_over_the_ron_prompt_and_the_prompt_is_there_after(driver, opened_by):
    """During the Ron? question Esc did nothing and the table's Menu button was hidden: a
    player who wanted Settings or to leave had to answer first."""
    from game.app.scenes.pause import PauseMenu

    ron_prompt(driver, 2, [None, "8s"], [None])
    question = driver.top
    driver.look()
    if opened_by == "Esc":
        driver.key(pygame.K_ESCAPE)
    else:
        driver.press(driver.button(opened_by))
    assert isinstance(driver.top, PauseMenu) and question in driver.app.stack.scenes
    shot(driver, "ron_prompt_menu")
    driver.press(driver.button("Resume"))
    assert driver.top is question
    shot(driver, "ron_prompt_with_menu_button")
    driver.look()
    driver.key(pygame.K_r)
    assert driver.top is not question and question not in driver.app.stack.scenes


def live_ring(dialog: Dialog) -> bool:
    """Its ring holds its buttons on screen, and only them."""
    buttons = [button for button, _action in dialog.ring.entries]
    return buttons == dialog.elements and len(buttons) == len(dialog.choices) and all(b.alive() for b in buttons)


def test_the_ron_prompt_back_from_its_menu_twice_holds_only_its_live_buttons(driver):
    """The question comes on the stack again after each Menu → Resume: its ring kept the
    buttons killed with the last showing, three more each time."""
    ron_prompt(driver, 2, [None, "8s"], [None])
    question = driver.top
    driver.look()
    for _ in range(2):
        driver.press(driver.button("Menu (Esc)"))
        driver.press(driver.button("Resume"))
        assert driver.top is question and live_ring(question)
    driver.look()
    driver.key(pygame.K_r)
    assert question not in driver.app.stack.scenes


def test_a_dialog_on_the_stack_again_focuses_its_live_default_and_enter_presses_it(driver):
    """The keyboard focus of a dialog pushed again is on a button the player sees (the dead
    one of its last showing had it), and arrows and Enter move among and press only those."""
    built = []
    dialog = open_dialog(driver, build_anyway(driver.app, True, lambda: built.append(True)))
    for _ in range(2):
        driver.app.stack.remove(dialog)
        open_dialog(driver, dialog)
        focused = dialog.ring.focused()
        assert live_ring(dialog) and focused is not None and focused.is_selected and focused.text == "Keep building"
    driver.key(pygame.K_LEFT)
    assert dialog.ring.focused().alive() and dialog.ring.focused().text == "Build it anyway"
    driver.key(pygame.K_RETURN)
    assert built == [True] and dialog not in driver.app.stack.scenes
