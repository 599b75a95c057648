"""The board's rows at four seats: a name as long as "South Normal AI" shown whole beside
a standing and '17/17 R', every column clear of the next and inside the board, in every
language; a name too long for its column is cut with … after the seat's wind."""
from __future__ import annotations

import pygame
import pytest

from game.app.play.table_frame import CentreInfo, SeatFrame, TableFrame
from game.app.play.table_words import score_words, standing_number
from game.app.views import legible
from game.app.views.board import draw_board
from game.app.views.seats import draw_plate
from game.app.window import layout
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.app.words.i18n import _
from game.engine.names import LONGEST_NAME
from tests.ui.test_centre import Inked

WINDS = ("East", "South", "West", "North")



GAP = 4



def frame(name: str, standing: str) -> TableFrame:
    seats = tuple(
        SeatFrame(seat=seat, place=seat, name=name, wind=terms.wind(WINDS[seat]), score="", riichi=True,
                  dealer=seat == 0, turn=seat == 1, river=((0, False),) * 17, last_discarder=False,
                  closed_wall=False, concealed=True, pool_left=4, standing=standing)
        for seat in range(4))
    centre = CentreInfo(1, 8, _("Points"), "", (), None, None)
    return TableFrame(4, False, False, "discard", seats, (), centre, None)



def rows(name: str, standing: str) -> tuple[pygame.Rect, list[list[tuple[str, pygame.Rect]]]]:
    text = Text()
    inked = Inked(text)
    board = draw_board(pygame.Surface(layout.SCREEN.size), text, frame(name, standing))
    drawn = inked.drawn[2:]  # after the heading's stake and "discards"
    return board, [drawn[index:index + 3] for index in range(0, len(drawn), 3)]



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_normal_ai_is_named_whole_and_the_columns_stay_apart(display, language):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        for name, standing, whole in ((_("Normal AI"), "-12000", True), (_("Normal AI"), "25000", True),
                                      ("Player with a very long name", "25000", False)):
            board, lines = rows(name, standing)
            assert len(lines) == 4
            inside = pygame.Rect((0, 0), board.size).inflate(-8, 0)
            for (shown, name_ink), (_standing, standing_ink), (_made, made_ink) in lines:
                assert shown.endswith(name) if whole else shown.endswith("…") and name[:6] in shown, shown
                assert name_ink.right + GAP <= standing_ink.left and standing_ink.right + GAP <= made_ink.left
                assert all(inside.contains(ink) for ink in (name_ink, standing_ink, made_ink))
    finally:
        i18n.set_language(before)



# The board and the name plates with grouped standings as wide as a match makes them
# ('-123,000', '+12.5', '1,234,567'): on the board a name as long as "South Normal AI" is still
# shown whole beside the standing and '17/17 R', every column apart and inside the board, at
# two, three and four seats; on a plate the standing (the number alone if its words would
# reach it) and 'dealer' apart and inside it; every
# word at least the table's least readable size — in every language.
WIDEST = (("points", -123000.0), ("points", 25000.0), ("units", 12.5), ("units", -12.5), ("stakes", 1234567.0),
          ("stakes", 100.5))



"""Standings as wide as a match plausibly makes them, by settlement."""



SIZES = (2, 3, 4)



def seat_frame(seat: int, players: int, name: str, settlement: str, score: float) -> SeatFrame:
    return SeatFrame(seat=seat, place=seat if players > 2 else 2 * seat, name=name, wind=terms.wind(WINDS[seat]),
                     score=score_words(settlement, score), riichi=True, dealer=True, turn=seat == 1,
                     river=((0, False),) * 17, last_discarder=False, closed_wall=False, concealed=True, pool_left=4,
                     standing=standing_number(settlement, score))



def grouped_frame(players: int, name: str, settlement: str, score: float) -> TableFrame:
    seats = tuple(seat_frame(seat, players, name, settlement, score) for seat in range(players))
    centre = CentreInfo(1, 8, _("Points (as dealer)"), "", (), None, None)
    return TableFrame(players, False, False, "discard", seats, (), centre, None)



@pytest.fixture
def spoken(display):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)



def sizes_drawn(text: Text) -> list[tuple[int, str]]:
    sizes: list[tuple[int, str]] = []
    render = text.render
    text.render = lambda words, size, *rest, **named: sizes.append((size, words)) or render(words, size, *rest,
                                                                                             **named)
    return sizes



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_board_holds_the_widest_standings_beside_whole_names(spoken, language):
    spoken(language)
    problems = []
    for players in SIZES:
        for settlement, score in WIDEST:
            text = Text()
            sizes = sizes_drawn(text)
            inked = Inked(text)
            board_frame = grouped_frame(players, _("Normal AI"), settlement, score)
            board = draw_board(pygame.Surface(layout.SCREEN.size), text, board_frame)
            lines = inked.drawn[2:]  # after the heading's stake and "discards"
            assert len(lines) == 3 * players
            inside = pygame.Rect((0, 0), board.size).inflate(-8, 0)
            where = f"{players} seats, {standing_number(settlement, score)}"
            for index in range(0, len(lines), 3):
                (shown, name_ink), (standing, standing_ink), (_made, made_ink) = lines[index:index + 3]
                if not shown.endswith(_("Normal AI")):
                    problems.append(f"{where}: the name gave way to {shown!r}")
                if name_ink.right + GAP > standing_ink.left or standing_ink.right + GAP > made_ink.left:
                    problems.append(f"{where}: {shown!r} {name_ink}, {standing!r} {standing_ink}, {made_ink} touch")
                if not all(inside.contains(ink) for ink in (name_ink, standing_ink, made_ink)):
                    problems.append(f"{where}: a column leaves the board {board.size}")
            problems += [f"{where}: {words!r} at {size} px" for size, words in sizes if size < legible.smallest()]
    assert problems == [], "\n".join(problems[:12])



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_plate_holds_the_widest_standing_beside_dealer(spoken, language):
    spoken(language)
    table = layout.for_players(4)
    problems = []
    for settlement, score in WIDEST:
        seat = seat_frame(0, 4, _("Normal AI"), settlement, score)
        text = Text()
        sizes = sizes_drawn(text)
        inked = Inked(text)
        draw_plate(pygame.Surface(layout.SCREEN.size), text, table, seat)
        plate = pygame.Rect((10, 700), layout.PLATE_SIZE).inflate(-2 * GAP, -2)
        (_name, _name_ink), (dealer, dealer_ink), (score_shown, score_ink) = inked.drawn
        assert dealer == _("dealer")
        if score >= 1e6:  # 'Bankroll 1,234,567' may give way to the number alone, as on the board
            assert score_shown in (seat.score, seat.standing)
        else:
            assert score_shown == seat.score
        if score_ink.right + GAP > dealer_ink.left:
            problems.append(f"{score_shown!r} {score_ink} touches {dealer!r} {dealer_ink}")
        if not (plate.contains(score_ink) and plate.contains(dealer_ink)):
            problems.append(f"{score_shown!r} {score_ink} or {dealer!r} {dealer_ink} leaves the plate {plate}")
        problems += [f"{words!r} at {size} px" for size, words in sizes if size < legible.smallest()]
    assert problems == [], "\n".join(problems)



LONG_NAMES = ("Bartholomew-Alexandria Q", "W" * LONGEST_NAME, "龍" * LONGEST_NAME)
"""The longest names a person may take, Latin and CJK (game.engine.names)."""


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_longest_names_are_cut_on_the_board_never_dropped(spoken, language):
    spoken(language)
    problems = []
    for players in SIZES:
        for name in LONG_NAMES:
            text = Text()
            inked = Inked(text)
            board = draw_board(pygame.Surface(layout.SCREEN.size), text, grouped_frame(players, name, "points",
                                                                                       -123000.0))
            lines = inked.drawn[2:]  # after the heading's stake and "discards"
            inside = pygame.Rect((0, 0), board.size).inflate(-8, 0)
            for index, seat in enumerate(range(0, len(lines), 3)):
                (shown, name_ink), (standing, standing_ink), _made = lines[seat:seat + 3]
                wind = terms.wind(WINDS[index])
                where = f"{players} seats, {name[:3]}: {shown!r}"
                if not (shown.startswith(wind) and shown.endswith("…") and name[0] in shown[len(wind):]):
                    problems.append(f"{where} is not the wind and the name cut")
                if name_ink.right + GAP > standing_ink.left or not inside.contains(name_ink):
                    problems.append(f"{where} {name_ink} touches {standing!r} {standing_ink} or leaves the board")
    assert problems == [], "\n".join(problems[:12])
