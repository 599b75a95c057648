"""The ron prompt says what passing costs, as the engine rules it: before a seat's first
discard (its riichi) only until its own next discard, in riichi for the rest of the hand.
It always said 'for the rest of the hand'."""

from __future__ import annotations

from game.app.play.session import SeatPlan, Session
from game.app.scenes.dialog import Dialog
from game.engine.match import Match
from game.engine.rules import Rules
from tests.scenario_tools import build_all, crafted_deal, drive
from tests.ui.scripted import ScriptedAgent

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
