"""The match summary names each seat as the table and the result do, by its wind and its
player ("East (Hard AI)", not "Hard AI 3"), and its table of hands is centred and on screen
in every language at 2, 3 and 4 seats."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pygame
import pytest

from game.app import i18n
from game.app.scenes.summary import SummaryScene, column_lefts
from game.engine.match import Settlement
from game.engine.rules import Rules

WINDS = ("East", "South", "West", "North")
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
        return i18n.pgettext("wind", WINDS[(seat + 1) % len(self.plan.names)])  # seat 3 deals


def summary(driver, players: int) -> SummaryScene:
    """A match the last seat won, two hands: one with two wins on a discard, one drawn."""
    rules = Rules.preset(PRESETS[players])
    scores = tuple([24000.0] * (players - 1) + [49000.0])
    gains = tuple([-24000.0, *([0.0] * (players - 2)), 24000.0])
    settlements = [Settlement(1, gains, scores, 1, 1), Settlement(2, (0.0,) * players, scores, 1, 1)]
    record = [{"type": "hand", "number": 1},
              {"type": "event", "event": "won", "seat": players - 1, "level": "baiman"},
              {"type": "event", "event": "won", "seat": 1, "level": "haneman"},
              {"type": "hand", "number": 2}, {"type": "event", "event": "exhaustive_draw"}]
    plan = FakePlan(("You", *(["Normal AI"] * (players - 1))))
    return SummaryScene(driver.app, FakeSession(FakeMatch(rules, settlements, scores, record=record), plan))


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


def test_seats_are_named_by_wind_and_player_as_at_the_table(driver, monkeypatch):
    scene = summary(driver, 4)
    texts = [text for text, _rect in drawn(driver, monkeypatch, scene)]
    assert scene.heading == "East (Normal AI) wins the match"
    for header in ("South (You)", "West (Normal AI)", "North (Normal AI)", "East (Normal AI)"):
        assert header in texts
    assert "East (Normal AI): ron, baiman; West (Normal AI): ron, haneman" in texts
    assert not any("Normal AI 2" in text for text in texts)


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
