"""The match summary names each player as they stay all match long, whatever their wind:
a column per player ("You", "Normal AI (right)" where three seats share a name), and each
hand's ending by its winner's wind in that hand, as its result said it (issue 30: the
winds of the last hand named every hand, and gave a 2-hand match's first win to the wrong
player). Its table of hands is centred and on screen in every language at 2, 3 and 4 seats."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pygame
import pytest

from game.app.scenes.summary import SummaryScene, column_lefts, kyoku_winners, player_names
from game.app.words import i18n
from game.engine.match import Settlement
from game.engine.rules import Rules

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


def summary(driver, players: int) -> SummaryScene:
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
    lines: list[tuple[str, pygame.Rect]] = []
    original = driver.app.text.draw

    def recording(surface, text, *rest, **named):
        rect = original(surface, text, *rest, **named)
        lines.append((text, rect))
        return rect

    monkeypatch.setattr(driver.app.text, "draw", recording)
    scene.draw(pygame.Surface((1280, 800)))
    return lines


@pytest.mark.parametrize(("players", "headers", "first_hand"), [
    (2, ["You", "Normal AI"], "West (Normal AI): ron, baiman; West (Normal AI): ron, haneman"),
    (4, ["You", "Normal AI (right)", "Normal AI (across)", "Normal AI (left)"],
     "North (Normal AI): ron, baiman; South (Normal AI): ron, haneman"),
])
def test_columns_are_players_and_each_hand_names_its_winner_by_that_hand_s_wind(driver, monkeypatch, players,
                                                                                 headers, first_hand):
    scene = summary(driver, players)
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
        lines = drawn(driver, monkeypatch, summary(driver, players))
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
