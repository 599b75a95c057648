"""The match summary leads on (issue 30: it was a dead end, only "Title"): Rematch deals a
new match to the same seats under the same rules, Watch this match opens it in the
theatre and Back returns to the summary; Enter still goes to the title."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.session import SeatPlan, Session
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene
from game.app.scenes.title import TitleScene
from game.engine.actions import BuildHand
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles

RULES = Rules.preset("kaiji", hands=2, base_stake=2)
"""Not the settings' rules: a rematch keeps the match's own."""


def finished(rules: Rules, seed: int = 5) -> Match:
    """A whole match, each hand built from the walls' first tiles and played by first legal actions."""
    match = Match(rules, seed)
    while not match.over:
        kyoku = match.next_kyoku()
        while kyoku.phase is not Phase.END:
            seat = kyoku.waiting_on()[0]
            if kyoku.phase is Phase.BUILD:
                match.apply(BuildHand(seat, format_tiles(kyoku.walls[seat][:13], rules.red_fives)))
            else:
                match.apply(kyoku.legal_actions(seat)[0])
    return match


@pytest.fixture
def summary(driver) -> SummaryScene:
    plan = SeatPlan.solo(2, "normal")
    session = Session(finished(RULES), plan, {}, driver.app.executor)
    scene = SummaryScene(driver.app, driver.screens, session)
    driver.app.stack.reset(scene)
    driver.frame()
    return scene


def test_rematch_deals_a_new_match_to_the_same_seats_under_the_same_rules(driver, summary):
    assert driver.app.settings.rules != RULES
    old = summary.session
    driver.press(driver.button("Rematch"))
    table = driver.top
    assert isinstance(table, TableScene)
    assert table.session.plan == old.plan and table.session.match.rules == RULES
    assert table.session.match.seed != old.match.seed and table.session.match.kyoku_number == 1
    assert not table.session.match.over


def test_watch_this_match_opens_it_in_the_theatre_and_back_returns_to_the_summary(driver, summary):
    record = summary.session.match.record
    driver.press(driver.button("Watch this match"))
    theatre = driver.top
    assert isinstance(theatre, TheatreScene)
    assert theatre.names == ("You", "Normal AI")
    playback = theatre.playback
    assert playback.divergence is None and playback.damage is None
    assert len(playback.lines) == len(record) and playback.hands == [1, 2]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is summary
    assert driver.button("Rematch") and driver.button("Watch this match")


def test_enter_goes_to_the_title_and_arrows_reach_every_choice(driver, summary):
    driver.look()
    focused = summary.ring.focused()
    assert focused is not None and focused.text.startswith("Title")
    driver.key(pygame.K_LEFT)
    assert summary.ring.focused().text == "Watch this match"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TitleScene)


def test_keys_pressed_as_the_summary_comes_up_do_not_leave_it_unseen(driver, summary):
    """A second Enter meant for the last result arrives as the summary is drawn: the final
    standings stay until a key pressed after them."""
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_LEFT)
    assert driver.top is summary and summary.ring.focused().text.startswith("Title")
    driver.look()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TitleScene)
