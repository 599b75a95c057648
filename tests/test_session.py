"""Who plays which seat (game/app/play/session.py `SeatPlan.table`): the names people give their
seats on the new-table screen, the names the game gives otherwise (shown translated)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from game.app.play.seat_notices import missed_text
from game.app.play.session import PERSON, SeatPlan, Session
from game.app.play.table_words import seat_wind
from game.app.words import i18n
from game.engine.events import WinningTileMissed
from game.engine.kyoku import FuritenSpan
from game.engine.match import Match
from game.engine.names import BadName
from game.engine.rules import Rules
from game.engine.wall import PERSONAL_WALLS, side_walls
from tests.scenario_tools import build_all, crafted_deal, drive


@pytest.mark.parametrize(("seats", "names", "shown"), [
    (("you", "hard"), (), ("You", "Hard AI")),
    (("you", "hard"), ("Akagi",), ("Akagi", "Hard AI")),
    (("you", PERSON, "easy"), ("  Akagi ", "", "Washizu"), ("Akagi", "Player 2", "Easy AI")),
    (("you", "normal", PERSON, PERSON), ("", "Nobody", "李", "Ichijo"), ("Player 1", "Normal AI", "李", "Ichijo")),
])
def test_people_keep_the_names_they_give_and_the_ai_its_level(seats, names, shown):
    assert SeatPlan.table(seats, names).names == shown



@pytest.mark.parametrize("name", ["A\u0000B", "x" * 25, "\ud800"])
def test_a_name_that_cannot_be_shown_is_refused(name):
    with pytest.raises(BadName):
        SeatPlan.table(("you", PERSON), ("Ann", name))



# The notice of a winning tile that may not be won, to a seat already furiten, and the waits
# strip's verdict say how long that furiten lasts: until its own next discard when it let a
# tile pass before its riichi (at three and four seats another seat's discard can come
# first), else for the rest of the hand.
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
    view = match.kyoku.view_for(missed.seat)
    return str(missed_text(view, view.events.index(missed)))



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
@pytest.mark.parametrize(("players", "language", "winds"), [
    (2, "en", ("East", "West")),
    (3, "ja", ("東家", "南家", "西家")),
    (4, "zh_CN", ("东家", "南家", "西家", "北家")),
])
def test_a_seat_is_named_by_its_wind_as_the_table_words_name_it(players, language, winds):
    match = Match(Rules.preset("kaiji", players=players), seed=3)
    match.next_kyoku()
    dealer = match.kyoku.dealer
    i18n.set_language(language)
    with ThreadPoolExecutor(1) as executor:
        session = Session(match, SeatPlan.hotseat(players), {}, executor)
        shown = tuple(session.wind((dealer + turn) % players) for turn in range(players))
        assert shown == winds
        assert all(session.wind(seat) == seat_wind(session.view(0), seat) for seat in range(players))
    i18n.set_language("en")
