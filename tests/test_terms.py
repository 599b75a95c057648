"""The mahjong words on screen come from one place (game/app/words/terms.py): every wind, limit and
yaku the engine names has its message, English reads exactly as the engine's words, and the
table's own texts pass through the catalog (the pseudo-locale marks every translated text)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.play.session import SeatPlan, shown_name
from game.app.words import i18n, terms
from game.app.words.rule_texts import GLOSSARY, OPTIONS, YAKU, choice_text, rules_summary
from game.engine import scoring
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import LEVELS, WinValue, YakuLine
from game.engine.tiles import WIND_NAMES
from tests.test_table_controller import DT, person_moves, table

OPEN, CLOSE = i18n.PSEUDO_OPEN, i18n.PSEUDO_CLOSE


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.set_language("en")


def marked(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


def engine_yaku_names() -> list[str]:
    return sorted(set(scoring._YAKU_NAMES.values()))


@pytest.mark.parametrize("name", engine_yaku_names())
def test_every_yaku_the_engine_names_has_a_message(name: str) -> None:
    assert terms.yaku(name) == name  # English: the engine's own word
    i18n.set_language(i18n.PSEUDO)
    assert terms.yaku(name) == f"{OPEN}{name}{CLOSE}"


@pytest.mark.parametrize("yaku", [entry.name for entry in YAKU])
def test_every_yaku_of_the_rules_page_has_a_message(yaku: str) -> None:
    i18n.set_language(i18n.PSEUDO)
    assert marked(terms.yaku(yaku))


@pytest.mark.parametrize("wind", WIND_NAMES)
def test_every_wind_has_a_message(wind: str) -> None:
    assert terms.wind(wind) == wind.capitalize()
    i18n.set_language(i18n.PSEUDO)
    assert terms.wind(wind) == f"{OPEN}{wind.capitalize()}{CLOSE}"


def value(han: int, fu: int, level: str | None, yakuman: int = 0, kazoe: bool = False) -> WinValue:
    return WinValue(han, fu, (YakuLine("riichi", 1),), level, yakuman, kazoe, 0)


VALUES = [
    value(3, 40, None),
    value(1, 30, None),
    *(value(13, 40, level, yakuman=1 if level == "yakuman" else 0) for level in LEVELS),
    value(14, 40, "yakuman", yakuman=1, kazoe=True),
    value(26, 40, "yakuman", yakuman=2),
    value(39, 40, "yakuman", yakuman=3),
    value(52, 40, "yakuman", yakuman=4),
]


@pytest.mark.parametrize("win", VALUES, ids=lambda win: win.level_name)
def test_limit_names_read_as_the_engine_says_them_in_english_and_are_translated(win: WinValue) -> None:
    assert terms.level_name(win) == win.level_name
    assert terms.limit(win.level_name) == win.level_name
    i18n.set_language(i18n.PSEUDO)
    assert marked(terms.level_name(win))
    assert marked(terms.limit(win.level_name))


def test_kiriage_mangan_is_named_as_such() -> None:
    kiriage = replace(value(4, 30, "mangan"), kiriage=True)  # as the scorer marks it
    assert terms.limit_name(kiriage) == "mangan (kiriage)"
    i18n.set_language(i18n.PSEUDO)
    assert terms.limit_name(kiriage) == f"{OPEN}mangan (kiriage){CLOSE}"


@pytest.mark.parametrize("word", ["riichi", "ippatsu", "houtei", "renhou", "furiten", "dora", "ura dora", "tenpai",
                                  "genbutsu", "FURITEN", "Dora"])
def test_recurring_terms_have_messages(word: str) -> None:
    assert terms.term(word) == word
    i18n.set_language(i18n.PSEUDO)
    assert terms.term(word) == f"{OPEN}{word}{CLOSE}"


@pytest.mark.parametrize(("name", "english"), [("You", "You"), ("Player 2", "Player 2"), ("Hard AI", "Hard AI"),
                                               ("Normal AI", "Normal AI"), ("Easy AI", "Easy AI")])
def test_the_names_the_game_gives_are_translated_and_chosen_names_are_not(name: str, english: str) -> None:
    assert shown_name(name) == english
    i18n.set_language(i18n.PSEUDO)
    assert marked(shown_name(name))
    assert shown_name("Akagi") == "Akagi"


def test_every_name_a_seat_plan_gives_is_translated() -> None:
    i18n.set_language(i18n.PSEUDO)
    for seats in (("you", "easy", "normal", "hard"), ("you", "person", "person")):
        names = SeatPlan.table(seats).names
        assert all(marked(shown_name(name)) for name in names), names


def test_every_rule_text_passes_through_the_catalog() -> None:
    i18n.set_language(i18n.PSEUDO)
    for option, text in OPTIONS.items():
        assert marked(text.name) and marked(text.explanation)
        for choice in text.choices.values():
            assert marked(choice) or choice.replace(",", "").isdigit(), (option, choice)
    assert marked(choice_text("red_fives", True)) and marked(choice_text("red_fives", False))
    for entry in GLOSSARY:
        assert marked(entry.term) and marked(entry.explanation)
    for yaku in YAKU:
        assert marked(yaku.shown_note) and marked(yaku.han_text)
    for preset in PRESETS:
        summary = rules_summary(Rules.preset(preset))
        assert all(marked(part) for part in summary.split(f"{OPEN} · {CLOSE}")), summary


def texts_of(frame) -> list[str]:
    centre = frame.centre
    words = [centre.stake, centre.status, *(seat.score for seat in frame.seats), *(seat.wind for seat in frame.seats)]
    if centre.announcement is not None:
        words.append(centre.announcement)
    return [word for word in words if word]


@pytest.mark.parametrize("preset", ["kaiji", "pro_stream", "moegirl", "four_player"])
def test_the_table_frame_speaks_the_catalog_from_deal_to_end(preset: str) -> None:
    """Every text the table frame carries is a translated message, in every settlement and
    at every point of the hand (the pseudo-locale marks each one)."""
    i18n.set_language(i18n.PSEUDO)
    players = Rules.preset(preset).players
    controller = table(preset, ("you", *("normal",) * (players - 1)))
    seen: list[str] = []
    for _step in range(20000):
        seen += texts_of(controller.frame())
        if controller.session.kyoku_over:
            break
        active = controller.active_person()
        if active is not None and active == controller.viewer:
            person_moves(controller, active)
        controller.update(DT, 0.0)
    assert controller.session.kyoku_over
    seen += texts_of(controller.frame())
    controller.result_shown = True
    seen += texts_of(controller.frame())
    assert len(set(seen)) > 5
    unmarked = [text for text in seen if OPEN not in text]
    assert not unmarked
