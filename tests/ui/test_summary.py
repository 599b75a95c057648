"""The match summary leads on (issue 30: it was a dead end, only "Title"): Rematch deals a
new match to the same seats under the same rules, Watch this match opens it in the
theatre and Back returns to the summary; Enter still goes to the title."""
from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field, replace

import pygame
import pytest

from game.app.play.session import SeatPlan, Session
from game.app.scenes.summary import SummaryScene
from game.app.scenes.table import TableScene
from game.app.scenes.theatre import TheatreScene
from game.app.scenes.title import TitleScene
from game.app.views.match_summary import column_lefts, kyoku_winners, player_names
from game.app.words import i18n
from game.engine.actions import BuildHand
from game.engine.kyoku import Phase
from game.engine.match import Match, Settlement
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.ui.test_screens import shot

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



# The match summary names each player as they stay all match long, whatever their wind:
# a column per player ("You", "Normal AI (right)" where three seats share a name), and each
# hand's ending by its winner's wind in that hand, as its result said it (issue 30: the
# winds of the last hand named every hand, and gave a 2-hand match's first win to the wrong
# player). Its table of hands is centred and on screen in every language at 2, 3 and 4 seats.
WINDS = ("east", "south", "west", "north")



PRESETS = {2: "kaiji", 3: "three_player", 4: "four_player"}



@dataclass
class FakeMatch:
    rules: Rules
    settlements: list[Settlement]
    scores: tuple[float, ...]
    end_reason: str = "hands"
    record: list[dict] = field(default_factory=list)



@dataclass
class FakePlan:
    names: tuple[str, ...]



@dataclass
class FakeSession:
    match: FakeMatch
    plan: FakePlan

    def name(self, seat: int) -> str:
        return i18n._(self.plan.names[seat])

    def wind(self, seat: int) -> str:
        raise AssertionError("the summary must not name a seat by its wind in the last hand")



def seat_winds(players: int, dealer: int) -> list[str]:
    """The winds as the engine gives them: the dealer East, then in turn order (2 seats: East, West)."""
    order = ("east", "west") if players == 2 else WINDS[:players]
    return [order[(seat - dealer) % players] for seat in range(players)]



def summary_of(driver, players: int) -> SummaryScene:
    """A match the last seat won, two hands dealt by seat 0 then seat 1: the first with two
    wins on a discard (the last seat's and seat 1's), the second drawn."""
    rules = Rules.preset(PRESETS[players])
    scores = tuple([24000.0] * (players - 1) + [49000.0])
    gains = tuple([-24000.0, *([0.0] * (players - 2)), 24000.0])
    settlements = [Settlement(1, gains, scores, 1, 1), Settlement(2, (0.0,) * players, scores, 1, 1)]
    record = [{"type": "hand", "number": 1},
              {"type": "event", "event": "hand_started", "dealer": 0, "seat_winds": seat_winds(players, 0)},
              {"type": "event", "event": "won", "seat": players - 1, "level": "baiman"},
              {"type": "event", "event": "won", "seat": 1, "level": "haneman"},
              {"type": "hand", "number": 2},
              {"type": "event", "event": "hand_started", "dealer": 1, "seat_winds": seat_winds(players, 1)},
              {"type": "event", "event": "exhaustive_draw"}]
    plan = FakePlan(("You", *(["Normal AI"] * (players - 1))))
    session = FakeSession(FakeMatch(rules, settlements, scores, record=record), plan)
    return SummaryScene(driver.app, driver.screens, session)



def drawn(driver, monkeypatch, scene: SummaryScene) -> list[tuple[str, pygame.Rect]]:
    lines = driver.record_drawn(monkeypatch)
    scene.draw(pygame.Surface((1280, 800)))
    return lines



@pytest.mark.parametrize(("players", "headers", "first_hand"), [
    (2, ["You", "Normal AI"], "West (Normal AI): ron, baiman; West (Normal AI): ron, haneman"),
    (4, ["You", "Normal AI (right)", "Normal AI (across)", "Normal AI (left)"],
     "North (Normal AI): ron, baiman; South (Normal AI): ron, haneman"),
])
def test_columns_are_players_and_each_hand_names_its_winner_by_that_hand_s_wind(driver, monkeypatch, players,
                                                                                 headers, first_hand):
    scene = summary_of(driver, players)
    texts = [text for text, _rect in drawn(driver, monkeypatch, scene)]
    for header in headers:
        assert header in texts
    assert first_hand in texts  # hand 1 was dealt by seat 0; the winds had turned by the last hand
    assert "Exhaustive draw" in texts
    assert scene.heading == f"{headers[-1]} wins the match"
    assert f"{headers[0]}: 24,000" in texts[2]  # the final standings, by player
    assert not any("East (" in text for text in texts[:3]), "no wind where a player is meant"



def test_a_two_hand_match_credits_each_win_to_its_winner():
    """The player who dealt hand 1 was East in it and West in hand 2."""
    record = [{"type": "hand", "number": 1},
              {"type": "event", "event": "hand_started", "dealer": 0, "seat_winds": ["east", "west"]},
              {"type": "event", "event": "won", "seat": 0, "level": "mangan"},
              {"type": "hand", "number": 2},
              {"type": "event", "event": "hand_started", "dealer": 1, "seat_winds": ["west", "east"]},
              {"type": "event", "event": "won", "seat": 1, "level": "yakuman"}]
    assert kyoku_winners(record) == {1: [(0, "east", "mangan")], 2: [(1, "east", "yakuman")]}



@pytest.mark.parametrize(("names", "players", "expected"), [
    (("You", "Normal AI"), 2, ["You", "Normal AI"]),
    (("You", "Hard AI", "Easy AI"), 3, ["You", "Hard AI", "Easy AI"]),
    (("You", "Easy AI", "Easy AI"), 3, ["You", "Easy AI (right)", "Easy AI (across)"]),
    (("Player 1", "Player 2", "Player 3", "Player 4"), 4, ["Player 1", "Player 2", "Player 3", "Player 4"]),
    (("You", "Hard AI", "Normal AI", "Hard AI"), 4, ["You", "Hard AI (right)", "Normal AI", "Hard AI (left)"]),
])
def test_players_of_one_name_are_told_apart_by_where_they_sat(names, players, expected):
    assert player_names(names, players) == expected



@pytest.mark.parametrize(("language", "players"), list(itertools.product(("en", "ja", "zh_CN"), (2, 3, 4))))
def test_the_table_of_hands_is_centred_and_on_screen(driver, monkeypatch, language, players):
    i18n.set_language(language)
    try:
        lines = drawn(driver, monkeypatch, summary_of(driver, players))
    finally:
        i18n.set_language("en")
    for text, rect in lines:
        assert rect.left >= 0 and rect.right <= 1280, (text, rect)
    table = [rect for _text, rect in lines if rect.top >= 230]
    header = [rect for rect in table if rect.top == min(r.top for r in table)]
    assert len(header) == 2 + players + (players == 2)  # hand, ending, (stake), each seat
    for a, b in itertools.pairwise(sorted(header, key=lambda r: r.left)):
        assert a.right < b.left, "headers overlap"
    left, right = min(r.left for r in table), max(r.right for r in table)
    assert abs((1280 - right) - left) <= 4, (left, right)



def test_columns_are_centred_and_spaced():
    assert column_lefts([100, 200], 640, gap=20) == [480, 600]



# The match summary says each hand's stake where the stake doubles after a draw: a mangan
# paid +4 after two draws read as a mistake without it (from the Chinese play-through).
@dataclass
class StakedMatch:
    rules: Rules
    settlements: list[Settlement]
    scores: tuple[float, ...] = (104.0, 96.0)
    end_reason: str = "hands"
    record: list[dict] = field(default_factory=list)



@dataclass
class StakedPlan:
    names: tuple[str, ...] = ("You", "Normal AI")



@dataclass
class StakedSession:
    match: StakedMatch
    plan: StakedPlan = field(default_factory=StakedPlan)

    def name(self, seat: int) -> str:
        return self.plan.names[seat]

    def wind(self, seat: int) -> str:
        return ("East", "West")[seat]



def drawn_texts(driver, monkeypatch, rules: Rules) -> list[str]:
    settlements = [Settlement(1, (0.0, 0.0), (100.0, 100.0), 1, 2), Settlement(2, (0.0, 0.0), (100.0, 100.0), 2, 4),
                   Settlement(3, (4.0, -4.0), (104.0, 96.0), 4, 1)]
    scene = SummaryScene(driver.app, driver.screens, StakedSession(StakedMatch(rules, settlements)))
    texts = driver.record_text(monkeypatch)
    scene.draw(pygame.Surface((1280, 800)))
    return texts



def test_each_hand_s_stake_is_shown_when_stakes_double(driver, monkeypatch):
    texts = drawn_texts(driver, monkeypatch, Rules.preset("kaiji"))
    assert "Stake" in texts
    assert "4" in texts and "+4" in texts  # hand 3: its stake of 4 beside its +4 (hand numbers go to 3)



@pytest.mark.parametrize("settlement", ["points", "units"])
def test_a_table_without_stakes_has_no_stake_column(driver, monkeypatch, settlement):
    rules = replace(Rules.preset("kaiji"), settlement=settlement)
    assert "Stake" not in drawn_texts(driver, monkeypatch, rules)


def engine_memos() -> dict[str, int]:
    """The entries each memoised function of the engine holds."""
    import functools
    import sys

    return {f"{name}.{key}": held.cache_info().currsize for name, module in list(sys.modules.items())
            if name.startswith("game.engine.") for key, held in vars(module).items()
            if isinstance(held, functools._lru_cache_wrapper)}


@pytest.mark.parametrize("screen", ["summary", "title"])
def test_the_end_of_a_match_leaves_nothing_of_it_memoised(driver, screen):
    # The walls and wins the match's AI and results memoised in the game's own process
    # stayed to the end of the session: a megabyte or two more at every match (issue 30).
    from game.engine.analysis import WallAnalyser

    match = finished(RULES)
    WallAnalyser(tuple(range(0, 136, 4))[:34], 27, None, RULES).ranked_tiles()
    assert sum(engine_memos().values()) > 0
    if screen == "summary":
        driver.app.stack.reset(SummaryScene(driver.app, driver.screens,
                                            Session(match, SeatPlan.solo(2, "normal"), {}, driver.app.executor)))
    else:
        driver.app.stack.reset(TitleScene(driver.app, driver.screens))
    driver.frame()
    assert {name: held for name, held in engine_memos().items() if held} == {}


class FailingHost:
    """A `NetHost` stand-in whose closing fails (a bug, the system refusing)."""

    def __init__(self) -> None:
        self.code, self.port = "KANTER", 17017

    def tokens(self) -> dict[int, str]:
        return {1: "k" * 32}

    def flush(self, timeout: float) -> None:
        pass

    def stop(self, farewell: str = "", within_s: float | None = None) -> bool:
        raise OSError("the server would not close")


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_a_rematch_whose_old_table_fails_to_close_says_so_on_the_summary(driver, caplog, monkeypatch, language):
    """Not a traceback on stderr and a summary waiting in silence: the reason in the log and
    on the summary, whose other ways out open again."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    from types import SimpleNamespace

    from game.net.hosting import HostedTable

    net = HostedTable.__new__(HostedTable)
    net.host, net.match = FailingHost(), SimpleNamespace(kyoku=None, settlements=[])
    net.stopping, net.stopped, net.freed = False, threading.Event(), False
    session = Session(finished(RULES), SeatPlan.table(("you", "remote"), ("", "Kaiji")), {}, driver.app.executor)
    session.net = net
    scene = SummaryScene(driver.app, driver.screens, session)
    driver.app.stack.reset(scene)
    driver.frame()
    driver.press(scene.buttons["rematch"])
    driver.wait_until(lambda: scene.reopening is None, seconds=10)
    assert driver.top is scene
    assert "the table could not be closed for the rematch" in caplog.text
    drawn = driver.record_text(monkeypatch)
    scene.draw(pygame.Surface((1280, 800)))
    monkeypatch.undo()
    assert any("the server would not close" in words for words in drawn)
    assert scene.buttons["to_title"].is_enabled and not scene.buttons["rematch"].is_enabled
    driver.frame()
    shot(driver, f"summary_rematch_failed_{language}")
