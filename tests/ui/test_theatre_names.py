"""The theatre names a kept match's seats as the table did, in the player's language (from
the Japanese play-through: 東家・Normal AI and 西家・You on a Japanese screen)."""

from __future__ import annotations

import pytest

from game.app.theatre.theatre_frame import seat_names
from game.app.words import i18n


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_the_game_s_own_names_are_shown_in_the_language(japanese):
    saved = {"seats": {"names": ["You", "Normal AI"]}}
    assert seat_names(saved, 2) == ("あなた", "標準AI")
    kept = {"history": {"plan": {"names": ["Player 1", "Player 2", "Easy AI"]}}}
    assert seat_names(kept, 3) == ("プレイヤー1", "プレイヤー2", "初級AI")


def test_a_name_a_player_gave_stays_as_given(japanese):
    assert seat_names({"seats": {"names": ["Kaiji", "Hard AI"]}}, 2) == ("Kaiji", "上級AI")
