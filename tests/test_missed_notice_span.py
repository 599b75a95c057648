"""The notice of a winning tile that may not be won, to a seat already furiten, and the waits
strip's verdict say how long that furiten lasts: until its own next discard when it let a
tile pass before its riichi (at three and four seats another seat's discard can come
first), else for the rest of the hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.app.play.session import Session
from game.app.words import i18n
from game.engine.events import WinningTileMissed
from game.engine.kyoku import FuritenSpan
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.wall import PERSONAL_WALLS, side_walls
from tests.scenario_tools import build_all, crafted_deal, drive

JUNK = "19p19s1234567z26p"  # 13 tiles far from tenpai
SANSHOKU = "234m234p234s67s55p"  # waits 5s/8s: sanshoku, a win without riichi


def missed_by(rules: Rules, passes_first: bool) -> tuple[Match, WinningTileMissed]:
    """The last seat waits on 8s; the dealer discards one, then the next seat another."""
    last = rules.players - 1
    match = Match(rules, seed=1)
    walls = PERSONAL_WALLS[rules.players]
    pools = {seat: JUNK + ("88s" if seat < 2 else "") for seat in range(last)} | {last: SANSHOKU}
    match.next_kyoku(crafted_deal({walls[seat]: pool for seat, pool in pools.items()}), 0)
    hands = {seat: JUNK for seat in range(last)} | {last: SANSHOKU}
    sides = side_walls(rules.players)
    build_all(match, hands, (sides[0], 0) if sides else (1, 0))  # four seats choose no dora
    if passes_first:
        drive(match, {0: ["8s"], 1: ["8s"]}, {last: ["pass"]}, until_end=False)
    else:  # in riichi before the first 8s
        drive(match, {0: [None, "8s"], 1: [None, "8s"], last: [None]}, {last: ["pass"]}, until_end=False)
    missed = [e for e in match.kyoku.history if isinstance(e, WinningTileMissed) and e.seat == last]
    assert missed and missed[-1].reason == "furiten", match.kyoku.history[-6:]
    return match, missed[-1]


def notice(match: Match, missed: WinningTileMissed) -> str:
    kyoku = match.kyoku
    session = SimpleNamespace(kyoku=kyoku, view=kyoku.view_for)
    return str(Session._missed_text(session, missed, []))


@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_before_riichi_is_furiten_until_the_seats_own_discard(players):
    i18n.set_language("en")
    match, missed = missed_by(Rules.preset("kaiji", players=players), passes_first=True)
    assert match.kyoku.furiten_span(missed.seat) is FuritenSpan.UNTIL_OWN_DISCARD
    text = notice(match, missed)
    assert "until your own next discard" in text and "rest of this hand" not in text


@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_in_riichi_is_furiten_for_the_rest_of_the_hand(players):
    i18n.set_language("en")
    match, missed = missed_by(Rules.preset("kaiji", players=players), passes_first=False)
    assert match.kyoku.furiten_span(missed.seat) is FuritenSpan.REST_OF_HAND
    assert "You stay furiten for the rest of this hand." in notice(match, missed)


@pytest.mark.parametrize(("passes_first", "verdict"), [(True, "Cannot win: furiten until your discard"),
                                                        (False, "Cannot win: furiten")])
def test_the_waits_strip_says_how_long_the_furiten_lasts(passes_first, verdict):
    from game.app.play.wait_strip import wait_strip

    i18n.set_language("en")
    match, missed = missed_by(Rules.preset("kaiji", players=3), passes_first=passes_first)
    assert wait_strip(match.kyoku.view_for(missed.seat)).verdict == verdict


def test_a_passing_furiten_gives_way_to_what_lasts_in_the_strips_verdict():
    from game.app.play.wait_strip import WaitLine, WaitStrip

    i18n.set_language("en")
    low = WaitLine("1m", 2, "2 han 40 fu", False)
    wins = WaitLine("4m", 3, "mangan", True)
    used_up = WaitLine("4m", 0, "mangan", True)
    strip = lambda *waits: WaitStrip(waits, floor=True, furiten=True, furiten_ends=True)  # noqa: E731
    assert strip(low).verdict == "Cannot win: no wait reaches mangan"
    assert strip(low, used_up).verdict == "Cannot win: every winning wait is used up"
    assert strip(low, wins).verdict == "Cannot win: furiten until your discard"
    assert WaitStrip((low, wins), floor=True, furiten=True).verdict == "Cannot win: furiten"
