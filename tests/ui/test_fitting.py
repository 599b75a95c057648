"""The longest names a person may take (24 Latin letters, 24 CJK characters) fit wherever
they are drawn: name plates, the curtain, the result, the summary, in every language; a
place too narrow cuts them with … (game/app/window/fitting.py)."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

import pygame
import pytest

import game.app.play.match_setup as match_setup
from game.app.play.match_setup import new_session
from game.app.play.remote_table import RemoteTable
from game.app.play.session import PERSON, SeatPlan
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.join_summary import JoinedSummaryScene
from game.app.window import layout
from game.app.words import i18n
from game.engine.match import Match
from game.engine.names import LONGEST_NAME
from game.engine.rules import Rules
from game.net.protocol import MatchOver
from tests.helpers import StudyNotDone
from tests.test_remote_table import heard
from tests.ui.autoplay import play_to_result
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_screens import shot

LATIN = "W" * LONGEST_NAME
CJK = "龍" * LONGEST_NAME
NAMES = (LATIN, CJK, "Ann")
SCREEN = pygame.Rect(0, 0, 1280, 800)


def record_places(driver, monkeypatch) -> list[tuple[str, int, pygame.Rect]]:
    """Every text drawn from now on on the screen, with its size and where it lies (not the
    words of a card drawn apart and blitted, as the board's: their places are the card's)."""
    drawn = []
    original = driver.app.text.draw

    def recording(surface, text, size, *rest, **named):
        rect = original(surface, text, size, *rest, **named)
        if surface.get_abs_parent().get_size() == SCREEN.size:
            drawn.append((text, size, rect.move(surface.get_abs_offset())))
        return rect

    monkeypatch.setattr(driver.app.text, "draw", recording)
    return drawn


def naming(drawn, *names: str) -> list[tuple[str, int, pygame.Rect]]:
    return [entry for entry in drawn if any(name[:3] in entry[0] for name in names)]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_longest_names_fit_on_every_screen_they_are_drawn(driver, monkeypatch, language):
    try:
        driver.app.change_settings(driver.app.settings.with_changes(language=language,
                                                                    rules=Rules.preset("three_player", hands=1)))
        plan = SeatPlan.table(("you", PERSON, PERSON), NAMES)
        driver.screens.table(new_session(driver.app.files, driver.app, plan))
        table = driver.top
        drawn = record_places(driver, monkeypatch)
        driver.frame()
        curtain = driver.top
        assert isinstance(curtain, CurtainScene)
        shot(driver, f"long_names_curtain_{language}")
        drawn.clear()
        curtain.draw(pygame.Surface(SCREEN.size))
        inside = curtain.card.inflate(-20, -20)
        assert naming(drawn, *NAMES)
        assert all(inside.contains(rect) for _text, _size, rect in naming(drawn, *NAMES)), naming(drawn, *NAMES)
        drawn.clear()
        result = play_to_result(driver, table)
        driver.frame()
        shot(driver, f"long_names_result_{language}")
        plates = [entry for entry in naming(drawn, *NAMES) if entry[1] == 17]
        assert len(plates) >= 3 and all(rect.width <= layout.PLATE_SIZE[0] - 20 for _t, _s, rect in plates)
        panel = result.panel.inflate(-20, -20)
        on_result = [entry for entry in naming(drawn, *NAMES) if entry[1] != 17 and entry[2].colliderect(panel)]
        assert on_result and all(panel.contains(rect) for _t, _s, rect in on_result), on_result
        drawn.clear()
        driver.screens.summary(table.session)
        driver.frame()
        shot(driver, f"long_names_summary_{language}")
        assert naming(drawn, *NAMES) and all(SCREEN.contains(rect) for _t, _s, rect in naming(drawn, *NAMES))
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_curtain_names_who_looks_away_within_its_card(driver, monkeypatch, language):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level_of, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    try:
        driver.app.change_settings(driver.app.settings.with_changes(language=language,
                                                                    rules=Rules.preset("three_player")))
        plan = SeatPlan.table(("you", "easy", PERSON), (CJK, "", LATIN))
        driver.screens.table(new_session(driver.app.files, driver.app, plan))
        driver.wait_until(lambda: isinstance(driver.top, CurtainScene))
        curtain = driver.top
        assert isinstance(curtain, CurtainScene)
        drawn = record_places(driver, monkeypatch)
        curtain.draw(pygame.Surface(SCREEN.size))
        lines = naming(drawn, LATIN, CJK)
        assert len(lines) == 2
        (heading, _size, _rect), (looks_away, _size, _rect) = lines
        assert "…" in heading  # who looks: one line, the name cut
        # who looks away: the sentence takes a second line before the name is cut
        assert "…" not in looks_away and curtain.others_look_away.startswith(looks_away)
        assert all(curtain.card.inflate(-20, -20).contains(rect) for _text, _size, rect in drawn), drawn
        shot(driver, f"long_names_look_away_{language}")
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


COLUMN_GAP = 12
"""The least the joined summary's hand table keeps between two of its columns' headings."""


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("name", (LATIN, CJK, "Bartholomew-Alexandria Q"))
def test_the_joined_summary_cuts_long_names_to_keep_its_lines_and_columns_apart(driver, monkeypatch, language, name):
    """The joined summary draws as the local one (views/match_summary.py): the standings on one
    line, and a hand table with a column a seat, headed by its name, cut where it would run
    into the next column."""
    try:
        driver.app.change_settings(driver.app.settings.with_changes(language=language))
        match = Match(Rules.preset("four_player", hands=1), 5)
        match.next_kyoku()
        first = heard(match, seat=0)
        welcome = dataclasses.replace(first.welcome, names=(name, name, "Hana", name), levels=(None,) * 4)
        over = MatchOver(9, "hands", (48700.0, 49000.0, 1300.0, 25000.0))  # another long name wins
        driver.screens.joined_summary(RemoteTable(dataclasses.replace(first, welcome=welcome, over=over),
                                                  StudyNotDone()))
        assert isinstance(driver.top, JoinedSummaryScene)
        drawn = record_places(driver, monkeypatch)
        driver.frame()
        shot(driver, f"long_names_joined_summary_{language}_{name[0]}")
        assert all(SCREEN.contains(rect) for _text, _size, rect in drawn), drawn
        heading_row = next(rect.y for text, _size, rect in drawn if text == "Hana")
        headings = sorted(((rect, text) for text, _size, rect in drawn if rect.y == heading_row), key=lambda h: h[0].x)
        names = [text for _rect, text in headings if text == "Hana" or name[:1] in text]
        assert len(names) == 4 and all(text == "Hana" or "…" in text for text in names), names
        for (left, left_text), (right, right_text) in pairwise(headings):
            assert left.right + COLUMN_GAP <= right.left, (left_text, left, right_text, right)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
