"""The title screen's Continue says which match it resumes: the hand, and the AI opponent of
a duel or the number of players (title.continue_label, SaveSlot.summary)."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.savegame import SaveSlot
from game.app.scenes.title import continue_label
from game.app.session import SeatPlan
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.scenario_tools import build_all, drive


def saved(folder, plan: SeatPlan, rules: Rules, first_hand_over: bool = False) -> SaveSlot:
    """A save of the first hand, in play or over (the next one not begun yet)."""
    match = Match(rules, seed=5)
    hand = match.next_hand()
    if first_hand_over:
        build_all(match, {seat: format_tiles(hand.walls[seat][:13], True) for seat in range(rules.players)})
        drive(match, {}, until_end=True)
    slot = SaveSlot(folder)
    slot.save(plan, match)
    return slot


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize(
    ("plan", "preset", "changes", "over", "language", "label"),
    [
        (SeatPlan.solo(2, "normal"), "kaiji", {}, False, "en", "Continue: hand 1/8 vs Normal AI"),
        (SeatPlan.solo(2, "hard"), "kaiji", {}, True, "en", "Continue: hand 2/8 vs Hard AI"),
        (SeatPlan.solo(2, "normal"), "kaiji", {"hands": None}, False, "en", "Continue: hand 1 vs Normal AI"),
        (SeatPlan.hotseat(2), "kaiji", {}, False, "en", "Continue: hand 1/8, 2 players"),
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "en", "Continue: hand 1/8, 3 players"),
        (SeatPlan.solo(4, "easy"), "four_player", {"hands": None}, False, "en", "Continue: hand 1, 4 players"),
        (SeatPlan.solo(2, "normal"), "kaiji", {}, False, "ja", "再開：第1局／全8局・標準AI戦"),
        (SeatPlan.solo(2, "normal"), "kaiji", {}, False, "zh_CN", "继续：第1/8局·对普通AI"),
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "ja", "再開：第1局／全8局・3人"),
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "zh_CN", "继续：第1/8局·3人"),
    ],
)
def test_continue_names_the_hand_and_the_opponent(tmp_path, plan, preset, changes, over, language, label):
    slot = saved(tmp_path, plan, Rules.preset(preset, **changes), over)
    i18n.set_language(language)
    assert continue_label(slot.summary()) == label


def test_a_save_that_cannot_say_keeps_the_plain_label(tmp_path):
    slot = saved(tmp_path, SeatPlan.solo(2, "normal"), Rules.preset("kaiji"))
    slot.record_path.write_text("not a record", encoding="utf-8")
    assert slot.summary() is None
    assert continue_label(slot.summary()) == "Continue the unfinished match"
