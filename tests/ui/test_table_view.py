"""Every word the table draws is at least the least readable size (views/legible.py: 11 px
in a 960 x 600 window, 12 for Japanese and Chinese) — board, centre panel, plates, helper
(its yaku lines and suggestions), waits strip, the hand's label, the end of the hand — at
two, three and four seats, in every language."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.app.controls.build import BuildControls
from game.app.controls.pool import PoolControls
from game.app.play.builder import BuildState
from game.app.play.helper import HelperReport, Suggestion
from game.app.play.table_frame import CentreInfo, PrivateFrame, SeatFrame, TableFrame
from game.app.play.wait_strip import WaitLine, WaitStrip
from game.app.views import legible
from game.app.views.table_view import TableUi, draw_table
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n, terms
from tests.ui.test_helper_panel import waits

WINDS = ("East", "South", "West", "North")
RIVER = tuple((4 * index, index == 2) for index in range(9))


def seats(players: int, end: bool) -> tuple[SeatFrame, ...]:
    return tuple(SeatFrame(seat=seat, place=seat if players > 2 else 2 * seat, name="Normal AI",
                           wind=terms.wind(WINDS[seat]), score="25000", riichi=seat == 1, dealer=seat == 0,
                           turn=seat == 0, river=RIVER, last_discarder=seat == 1, closed_wall=False,
                           concealed=not end, pool_left=12, standing="25000",
                           open_hand=("1m",) * 13 if end and seat == 0 else None,
                           winning_tile="4m" if end and seat == 0 else None,
                           call="ロン" if end and seat == 0 else None)
                 for seat in range(players))


def frames(players: int) -> list[tuple[TableFrame, BuildState | None]]:
    discards = tuple((place, terms.wind(WINDS[i]), 9, i == 0) for i, place in
                     enumerate((0, 2) if players == 2 else range(players)))
    centre = CentreInfo(3, 8, "Stake 1", "Your turn: discard from your pool", discards, "5z", 120.0)
    strip = WaitStrip(tuple(WaitLine(code, 2, "mangan", True) for code in ("1m", "4m", "7m")), True, False)
    discard = PrivateFrame(0, None, None, tuple(range(0, 48, 4)), tuple(range(48, 100, 4)), (0, 3, 6), False,
                           strip)
    build = BuildState(range(0, 136, 4), red_fives=False)
    for tile in build.wall[:5]:
        build.add(tile)
    suggestion = Suggestion(tiles=tuple(range(13)), added=tuple(range(13)), waits=waits(), payment=1.5)
    reports = (HelperReport(selected=13, ready=True, tenpai=True, waits=waits(), warnings=("A warning.",)),
               HelperReport(selected=5, ready=True, completions=3, suggestions=(suggestion,) * 2))
    base = TableFrame(players, False, True, "discard", seats(players, False), (), centre, discard)
    found = [(base, None),
             (dataclasses.replace(base, mode="end", seats=seats(players, True), private=None,
                                  centre=dataclasses.replace(centre, announcement="Ron! East on South's discard",
                                                             status="Click or press a key for the result")), None)]
    for report in reports:
        private = PrivateFrame(0, build, report, (), None, (), False)
        found.append((dataclasses.replace(base, mode="build", private=private), build))
    return found


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_word_of_the_table_is_smaller_than_the_floor(display, language, players):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        text = Text()
        sizes: list[tuple[int, str]] = []
        render = text.render
        text.render = lambda words, size, *rest, **named: sizes.append((size, words)) or render(words, size, *rest,
                                                                                                 **named)
        for frame, build in frames(players):
            controls = BuildControls(build, lambda _name: None) if build is not None else None
            ui = TableUi(False, PoolControls(lambda _index: None), controls, None, None, None)
            draw_table(pygame.Surface((1280, 800)), TileArt(), text, frame, ui)
        assert len(sizes) > 40
        small = sorted({(size, words) for size, words in sizes if size < legible.smallest()})
        assert small == [], small[:10]
    finally:
        i18n.set_language(before)

