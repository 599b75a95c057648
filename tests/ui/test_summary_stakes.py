"""The match summary says each hand's stake where the stake doubles after a draw: a mangan
paid +4 after two draws read as a mistake without it (from the Chinese play-through)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame
import pytest

from game.app.scenes.summary import SummaryScene
from game.engine.match import Settlement
from game.engine.rules import Rules


@dataclass
class FakeMatch:
    rules: Rules
    settlements: list[Settlement]
    scores: tuple[float, ...] = (104.0, 96.0)
    end_reason: str = "hands"
    record: list[dict] = field(default_factory=list)


@dataclass
class FakePlan:
    names: tuple[str, ...] = ("You", "Normal AI")


@dataclass
class FakeSession:
    match: FakeMatch
    plan: FakePlan = field(default_factory=FakePlan)

    def name(self, seat: int) -> str:
        return self.plan.names[seat]

    def wind(self, seat: int) -> str:
        return ("East", "West")[seat]


def drawn_texts(driver, monkeypatch, rules: Rules) -> list[str]:
    settlements = [Settlement(1, (0.0, 0.0), (100.0, 100.0), 1, 2), Settlement(2, (0.0, 0.0), (100.0, 100.0), 2, 4),
                   Settlement(3, (4.0, -4.0), (104.0, 96.0), 4, 1)]
    scene = SummaryScene(driver.app, driver.screens, FakeSession(FakeMatch(rules, settlements)))
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
