"""The theatre's overlay panels (the build review, the pool's danger, the wait for either) at the
table's least readable size (views/legible.py: what a 960 x 600 window still shows legibly),
their words wrapped inside the panel and nothing drawn outside it, the panel in the table's
helper area and clear of the control bar — at two, three and four seats, in every language,
with as much to show as a replay gives: a wall of 17,690 tenpai hands, a pool of 21 kinds,
tiles that won for three seats."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.theatre import BAR_Y
from game.app.theatre.theatre_overlays import BuildReview, DiscardDanger
from game.app.views import legible
from game.app.views.overlay_panels import draw_build_review, draw_danger, draw_waiting
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.app.words.i18n import _, format_percent, ngettext
from tests.ui.test_centre_panel_fits import Inked

GAP = 4
BACKGROUND = (255, 0, 255)
WINDS = ("East", "South", "West", "North")
HAND = "123456789m1234p"
BEST = (("123456789m1235p", 23.4), ("123456789m1236p", 12.5), (HAND, 7.0))
REVIEWS = (BuildReview(1, HAND, 7.0, BEST, 17690), BuildReview(0, "19m19p19s1234567z", 0.0, (), 0))


def danger(players: int) -> DiscardDanger:
    kinds = list(range(21))  # a pool with no two tiles alike
    others = tuple(range(1, players))
    winning = {kinds[0]: others, kinds[4]: others[:1], kinds[20]: others}
    return DiscardDanger(0, {kind: 1.0 / (index + 1) for index, kind in enumerate(kinds)}, winning)


Drawn = tuple[str, pygame.Surface, pygame.Rect, list[tuple[str, pygame.Rect]]]


def panels(players: int, art: TileArt, text: Text) -> list[Drawn]:
    """Each panel: its name, the picture (over `BACKGROUND`), the panel, the words it drew and their ink."""
    area = layout.for_players(players).helper
    wind_of = {seat: terms.wind(WINDS[seat]) for seat in range(players)}
    who = wind_of[0]
    inked = Inked(text)
    drawn = []

    def drawing(name, draw, *args):
        surface = pygame.Surface(layout.SCREEN.size)
        surface.fill(BACKGROUND)
        panel = draw(surface, *args)
        drawn.append((name, surface, panel, list(inked.drawn)))
        inked.drawn.clear()

    drawing("waiting", draw_waiting, text, area, _("{seat}: danger by the hard AI").format(seat=who))
    for review in REVIEWS:
        drawing(f"build review {review.built}", draw_build_review, art, text, area, review, who, False)
    drawing("danger", draw_danger, art, text, area, danger(players), who, wind_of)
    return drawn


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_overlays_words_are_legible_and_stay_in_their_panels(display, language, players):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        text, art = Text(), TileArt()
        sizes: list[tuple[int, str]] = []
        render = text.render
        text.render = lambda words, size, *rest, **named: sizes.append((size, words)) or render(words, size, *rest,
                                                                                                 **named)
        area = layout.for_players(players).helper
        problems = []
        for name, surface, panel, words in panels(players, art, text):
            assert len(words) >= 2, f"{name} says nothing"
            if not area.contains(panel) or panel.bottom + GAP > BAR_Y:
                problems.append(f"{name}: the panel {panel} leaves the helper's area {area} or reaches the bar")
            inside = panel.inflate(-2 * GAP, -2 * GAP)
            problems += [f"{name}: {shown!r} {ink} leaves the panel {panel}" for shown, ink in words
                         if not inside.contains(ink)]
            painted = pygame.mask.from_threshold(surface, BACKGROUND, (1, 1, 1, 255))
            painted.invert()
            outside = [rect for rect in painted.get_bounding_rects() if not panel.contains(rect)]
            if outside:
                problems.append(f"{name}: drawn outside the panel {panel}: {outside[:3]}")
        small = sorted({(size, words) for size, words in sizes if size < legible.smallest()})
        problems += [f"{words!r} at {size} px" for size, words in small]
        assert problems == [], "\n".join(problems[:12])
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_danger_names_every_winner_and_says_what_it_leaves_out(display, language, players):
    """A pool of 21 kinds, two of which won for every other seat: those are never left out,
    nor the seats they won for; any kind left out is one of the safest, and counted."""
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        text = Text()
        (_name, _surface, _panel, words), = [drawn for drawn in panels(players, TileArt(), text)
                                             if drawn[0] == "danger"]
        lines = [shown for shown, _ink in words]
        assert all(terms.wind(wind) in "".join(lines) for wind in WINDS[1:players])
        labels = [line for line in lines if "%" in line]
        # kinds 0 and 20
        assert labels[0].startswith(format_percent(1.0)) and labels[-1].startswith(format_percent(1 / 21))
        left_out = 21 - len(labels)
        note = ngettext("{count} safer kind not shown", "{count} safer kinds not shown", left_out).format(
            count=left_out)
        assert (note in lines) == (left_out > 0), lines
        if players == 2:
            assert left_out == 0  # one winner a kind: all 21 kinds are shown
    finally:
        i18n.set_language(before)
