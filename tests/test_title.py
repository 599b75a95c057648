"""The title screen's Continue says which match it resumes: the hand, and the AI seats at
any number of players, with the number of players when several people share the screen
(title.continue_label, SaveSlot.summary)."""

from __future__ import annotations

import pytest

from game.app.play.savegame import SaveSlot
from game.app.play.session import PERSON, REMOTE, SeatPlan
from game.app.scenes.title import continue_label
from game.app.words import i18n
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles
from tests.scenario_tools import build_all, drive


def saved(folder, plan: SeatPlan, rules: Rules, first_kyoku_over: bool = False) -> SaveSlot:
    """A save of the first hand, in play or over (the next one not begun yet)."""
    match = Match(rules, seed=5)
    kyoku = match.next_kyoku()
    if first_kyoku_over:
        build_all(match, {seat: format_tiles(kyoku.walls[seat][:13], True) for seat in range(rules.players)})
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
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "en", "Continue: hand 1/8 vs Easy AI ×2"),
        (SeatPlan.solo(4, "easy"), "four_player", {"hands": None}, False, "en", "Continue: hand 1 vs Easy AI ×3"),
        (SeatPlan.table(("you", "hard", "easy", "hard")), "four_player", {}, False, "en",
         "Continue: hand 1/8 vs Hard AI ×2, Easy AI"),
        (SeatPlan.table(("you", PERSON, "hard")), "three_player", {}, False, "en",
         "Continue: hand 1/8 with Hard AI"),
        (SeatPlan.table(("you", PERSON, "hard", "normal")), "four_player", {"hands": None}, False, "en",
         "Continue: hand 1 with Hard AI, Normal AI"),
        (SeatPlan.hotseat(3), "three_player", {}, False, "en", "Continue: hand 1/8, 3 players"),
        (SeatPlan.solo(2, "normal"), "kaiji", {}, False, "ja", "再開：第1局／全8局・対標準AI"),
        (SeatPlan.solo(2, "normal"), "kaiji", {}, False, "zh_CN", "继续：第1/8局·对普通AI"),
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "ja", "再開：第1局／全8局・対初級AI×2"),
        (SeatPlan.solo(3, "easy"), "three_player", {}, False, "zh_CN", "继续：第1/8局·对简单AI×2"),
        (SeatPlan.table(("you", PERSON, "hard")), "three_player", {}, False, "ja", "再開：第1局／全8局・上級AI入り"),
        (SeatPlan.table(("you", PERSON, "hard")), "three_player", {}, False, "zh_CN", "继续：第1/8局·含困难AI"),
        (SeatPlan.hotseat(3), "three_player", {}, False, "ja", "再開：第1局／全8局・3人"),
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


@pytest.mark.parametrize(("room", "label"), [
    (49, "Continue: hand 1/8 vs Hard AI, Easy AI, Normal AI"),
    (45, "Continue: hand 1/8 vs Hard, Easy, Normal AI"),
    (30, "Continue: hand 1/8 vs Hard, E…"),
    (10, "Continue: hand 1/8 vs H…"),
])
def test_a_label_too_long_for_its_button_says_the_levels_or_cuts_them(tmp_path, room, label):
    slot = saved(tmp_path, SeatPlan.table(("you", "hard", "easy", "normal")), Rules.preset("four_player"))
    assert continue_label(slot.summary(), fits=lambda line: len(line) <= room) == label


LONG = "Bartholomew-Alexandria Q"


@pytest.mark.parametrize(("seats", "names", "preset", "room", "label"), [
    (("you", REMOTE), ("Hana", "Kaiji"), "kaiji", 99, "Continue: hand 1/8 vs Kaiji"),
    (("you", REMOTE), ("Hana", LONG), "kaiji", 40, "Continue: hand 1/8 vs Bartholomew-Alexa…"),
    (("you", REMOTE, "hard", "easy"), ("Hana", LONG), "four_player", 56,
     "Continue: hand 1/8 vs Bartholomew-Alexan…, Hard, Easy AI"),
    (("you", REMOTE, REMOTE), ("Hana", "Kaiji", LONG), "three_player", 99,
     f"Continue: hand 1/8 vs Kaiji, {LONG}"),
])
def test_continue_names_the_people_at_other_computers_by_name_never_by_an_ai_level(tmp_path, seats, names, preset,
                                                                                 room, label):
    """After the host's crash the opponent is the person who joined, even when their name
    is too long for the button."""
    slot = saved(tmp_path, SeatPlan.table(seats, names), Rules.preset(preset))
    assert continue_label(slot.summary(), fits=lambda line: len(line) <= room) == label
