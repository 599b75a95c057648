"""The centre panel's words at two, three and four seats, in every language: each inside
the panel, and clear of every other by a gap the eye sees (what is inked, not the font's
line box), whatever the status says, whatever the stake, with or without a countdown;
at the end of a hand, the announcement band leaves the top and bottom seats' counts whole."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.app.play.table_frame import CentreInfo
from game.app.play.table_words import HOST_LOST, MODE_STATUS, STAKE_WORDS, WAITING_STATUS, reconnect_words
from game.app.views.board import BOARD, board_height
from game.app.views.centre import DORA_TILE, DORA_TILE_RIGHT, draw_centre, status_rows
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import terms
from game.app.words.i18n import _
from game.engine.names import LONGEST_NAME

GAP = 6



"""Logical pixels of felt between two texts (4.5 at 960 x 600)."""



ROW_GAP = 2



"""Between two lines of one wrapped status."""



MARGIN = 4



"""Inside the panel's border."""



WINDS = ("East", "South", "West", "North")



class Inked:
    """Every text the panel draws, with the rectangle its letters cover."""

    def __init__(self, text: Text) -> None:
        self.drawn: list[tuple[str, pygame.Rect]] = []
        draw = text.draw

        def recorded(surface, words, size, colour, pos, anchor="topleft", bold=False):
            rect = draw(surface, words, size, colour, pos, anchor, bold)
            ink = text.render(words, size, colour, bold).get_bounding_rect().move(rect.topleft)
            self.drawn.append((words, ink))
            return rect

        text.draw = recorded



def statuses() -> list[str]:
    name = _("Player {number}").format(number=3)
    who = _("{wind} ({name})").format(wind=terms.wind("South"), name=name)
    dropped = [reconnect_words(person, gone) for person in (name, "Tonegawa Yukio X") for gone in (False, True)]
    waiting = [_(status).format(who=who) for status in WAITING_STATUS.values()]
    others = [_("Completing the hand…"), _("Click or press a key for the result"), _("The hand is over"),
              _(HOST_LOST)]
    return [_(status) for status in MODE_STATUS.values()] + waiting + dropped + others



def centre_info(players: int, status: str, stake: str, countdown: float | None, hands: int | None,
                announcement: str | None = None) -> CentreInfo:
    discards = tuple((place, terms.wind(WINDS[place]), 17 - place, place == 0) for place in range(players))
    if players == 2:
        discards = ((0, terms.wind("East"), 16, True), (2, terms.wind("South"), 17, False))
    return CentreInfo(16, hands, stake, status, discards, "5z", countdown, announcement)



@pytest.fixture
def art(language) -> TileArt:
    """The tile pictures of one test: made once, not for each of its hundreds of drawings
    (reading the faces and composing the dora's tiles anew was most of this file's CPU)."""
    return TileArt()


def draw(players: int, info: CentreInfo, art: TileArt) -> list[tuple[str, pygame.Rect]]:
    text = Text()
    inked = Inked(text)
    draw_centre(pygame.Surface(layout.SCREEN.size), text, art, layout.for_players(players), info)
    dora = (terms.term("Dora"), "→")
    return [(words, ink) for words, ink in inked.drawn if words not in dora]  # beside the panel at 3 and 4



def over_the_dora(players: int, drawn: list[tuple[str, pygame.Rect]], art: TileArt) -> list[str]:
    """Words on the dora row's tiles (inside the panel at two seats), or nearer than the
    layout's least gap above them."""
    table = layout.for_players(players)
    dora = pygame.Rect(table.dora_at, (DORA_TILE_RIGHT, art.tile("5z", DORA_TILE).get_height()))
    return [f"{words!r} {ink} over the dora {dora}" for words, ink in drawn
            if ink.inflate(2 * ROW_GAP, 2 * ROW_GAP).colliderect(dora)]


def clashes(drawn: list[tuple[str, pygame.Rect]], rows: list[str]) -> list[str]:
    found = []
    for index, (words, ink) in enumerate(drawn):
        for other, other_ink in drawn[index + 1:]:
            gap = ROW_GAP if words in rows and other in rows else GAP
            if ink.inflate(2 * gap, 2 * gap).colliderect(other_ink):
                found.append(f"{words!r} {ink} too near {other!r} {other_ink}")
    return found



@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_of_the_centre_panel_is_inside_it_and_clear_of_the_others(language, players, art):
    panel = layout.for_players(players).centre.inflate(-2 * MARGIN, -2 * MARGIN)
    problems = []
    for status in statuses():
        rows = [row for row, _dx in status_rows(Text(), status, layout.for_players(players))]
        assert squashed(" ".join(rows)) == squashed(status), f"the status is cut: {rows}"
        for settlement in STAKE_WORDS:
            stake = _(STAKE_WORDS[settlement]).format(stake=16)
            for countdown in (None, 179.0):
                for hands in (16, None):
                    drawn = draw(players, centre_info(players, status, stake, countdown, hands), art)
                    problems += [f"{words!r} {ink} outside {panel}" for words, ink in drawn if not panel.contains(ink)]
                    problems += clashes(drawn, rows) + over_the_dora(players, drawn, art)
    assert sorted(set(problems)) == [], "\n".join(sorted(set(problems)))



@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_announcement_band_leaves_the_top_and_bottom_counts_readable(language, players, art):
    status = _("Click or press a key for the result")
    table = layout.for_players(players)
    east, *others = (terms.wind(wind) for wind in WINDS[:players])
    announcements = [_("Exhaustive draw: no one won"),
                     _("Ron! {winner} on {discarder}'s discard").format(winner=others[-1], discarder=east)]
    if players > 2:  # every other seat wins on one discard
        announcements.append(_("Ron! {winners} on {discarder}'s discard").format(
            winners=_(" and ").join(others), discarder=east))
    for announcement in announcements:
        pictures = []
        for shown in (None, announcement):
            text = Text()
            inked = Inked(text)
            surface = pygame.Surface(layout.SCREEN.size)
            draw_centre(surface, text, art, table, centre_info(players, status, "", None, 8, shown))
            pictures.append(surface)
        counts = {place: ink for (place, *_seat), (words, ink) in
                  zip(centre_info(players, status, "", None, 8).discards,
                      [(w, i) for w, i in inked.drawn if w.endswith("/17")], strict=True)}
        top_count, bottom_count = counts[2], counts[0]
        band = [(words, ink) for words, ink in inked.drawn if ink.top > top_count.bottom
                and ink.bottom < bottom_count.top and not words.endswith("/17")]
        footer = []
        while band and band[-1][0] in status and band[-1][0] not in announcement:
            footer.insert(0, band.pop()[0])
        assert "".join(footer).replace(" ", "") == status.replace(" ", ""), footer  # the status, wrapped or not
        assert any(words in announcement for words, _ink in band)
        for ink in (top_count, bottom_count):  # they look the same with the band over the panel as without it
            before, after = (pygame.image.tobytes(p.subsurface(ink), "RGB") for p in pictures)
            assert before == after, f"a discard count {ink} is covered by the band"
        inside = table.centre.inflate(-2 * MARGIN, -2 * MARGIN)
        for words, ink in band:
            assert inside.contains(ink), (words, ink, inside)
            assert ink.top >= top_count.bottom + GAP and ink.bottom <= bottom_count.top - GAP, (words, ink, counts)



# The announcement band's words lie between its two rules: the status line at its foot
# ("Click or press a key for the result") was cut by the lower rule in Chinese and Japanese,
# whose lines stand taller than the band's fixed 20 px allowed.
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bands_words_lie_between_its_rules(monkeypatch, language, players):
    rules: list[int] = []
    line = pygame.draw.line

    def noting(surface, colour, start, end, width=1):
        rules.append(start[1])
        return line(surface, colour, start, end, width)

    monkeypatch.setattr(pygame.draw, "line", noting)
    status = _("Click or press a key for the result")
    east, *others = (terms.wind(wind) for wind in WINDS[:players])
    announcement = _("Ron! {winner} on {discarder}'s discard").format(winner=others[-1], discarder=east)
    text = Text()
    inked = Inked(text)
    draw_centre(pygame.Surface(layout.SCREEN.size), text, TileArt(), layout.for_players(players),
                centre_info(players, status, "", None, 8, announcement))
    top, bottom = rules[-2:]  # the band's, drawn last but for its words
    inside = [(words, ink) for words, ink in inked.drawn if not words.endswith("/17")
              and (words in status or words in announcement) and ink.height]
    assert inside
    for words, ink in inside:
        assert top + 1 < ink.top and ink.bottom < bottom - 1, (words, ink, top, bottom)


LONGEST = {"latin": "W" * LONGEST_NAME, "cjk": "麻雀の神様" * 4 + "麻雀の神",
           "mixed": "Mahjong麻雀の神様Master 伊藤開司X"}
"""Names of the most characters the new-table screen takes: the widest Latin letter, kanji, both."""


def naming_statuses(name: str) -> list[tuple[str, str, str]]:
    """(status, the words before the name, the words after it) for every status naming a seat."""
    who = _("{wind} ({name})").format(wind=terms.wind("South"), name=name)
    statuses = [reconnect_words(name, gone) for gone in (False, True)]
    statuses += [_(status).format(who=who) for status in WAITING_STATUS.values()]
    return [(status, *status.split(name)) for status in statuses]


def squashed(words: str) -> str:
    return words.replace(" ", "")


# A name of 24 characters made a status of three rows in the ring's narrow panel (the third
# was not drawn: "…to reconnect" was lost) or a row wider than the panel ("WWW…W").
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", sorted(LONGEST))
def test_a_status_naming_the_longest_name_keeps_to_its_rows_with_the_name_cut(language, players, kind, art):
    table = layout.for_players(players)
    panel = table.centre.inflate(-2 * MARGIN, -2 * MARGIN)
    name = LONGEST[kind]
    assert len(name) == LONGEST_NAME
    stake = _(STAKE_WORDS["stakes"]).format(stake=16)
    for status, before, after in naming_statuses(name):
        info = dataclasses.replace(centre_info(players, status, stake, 179.0, 16), status_names=("Ann", name))
        drawn = draw(players, info, art)
        first_count = next(index for index, (words, _ink) in enumerate(drawn) if words.endswith("/17"))
        rows = [words for words, _ink in drawn[1 + table.stake_in_centre:first_count]]
        shown = " ".join(rows)
        assert 1 <= len(rows) <= len(table.status_rows), rows
        assert squashed(shown).startswith(squashed(before)), (status, rows)
        assert squashed(shown).endswith(squashed(after)), (status, rows)
        assert "…" in shown or squashed(shown) == squashed(status), rows
        if kind != "mixed":  # these never fit whole
            assert "…" in shown, rows
        assert squashed(name[:3]) in squashed(shown)
        problems = [f"{words!r} {ink} outside {panel}" for words, ink in drawn if not panel.contains(ink)]
        problems += over_the_dora(players, drawn, art)
        assert problems + clashes(drawn, rows) == [], (status, problems + clashes(drawn, rows))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_status_that_fits_keeps_its_names_whole(language, players):
    for name in ("Ann", "Tonegawa Yukio"):
        for status, _before, _after in naming_statuses(name):
            rows = [row for row, _dx in status_rows(Text(), status, layout.for_players(players), ("Ann", name))]
            assert squashed(" ".join(rows)) == squashed(status), rows


def test_a_caption_too_long_for_the_rows_clear_of_the_dora_takes_the_panels_width(language):
    """The theatre's caption of a step, in the status: at two seats, where it does not fit
    the rows clear of the dora row and the countdown, it takes two rows of the panel's width
    (over the dora row's edge) rather than lose its end."""
    who = _("{wind} ({name})").format(wind=terms.wind("East"), name=_("Player {number}").format(number=1))
    caption = _("; ").join([_("{who} discards {tile} ({number} of 17)").format(
        who=who, tile=terms.tile_in_sentence("7z"), number=17), _("Exhaustive draw")])
    table = layout.for_players(2)
    rows = status_rows(Text(), caption, table)
    assert squashed(" ".join(row for row, _dx in rows)) == squashed(caption), rows
    assert len(rows) <= len(table.status_rows)


STATUS_APART = 12
"""Between a status's last row and a word beneath it: more than between its own rows (2 to
4), so that a wrapped status reads as one sentence and a seat's count not as its next row."""


# At three seats in Japanese "東家（プレイヤー2）がドラをめくる番" wrapped to two rows with the
# side seats' counts 9 px beneath: the counts read as the sentence's third row.
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_words_beneath_a_status_stand_apart_from_its_rows(language, players, art):
    table = layout.for_players(players)
    problems = []
    for status in statuses():
        rows = [row for row, _dx in status_rows(Text(), status, table)]
        drawn = draw(players, centre_info(players, status, "", 179.0, 8), art)
        status_inks = [ink for words, ink in drawn if words in rows]
        last = max(status_inks, key=lambda ink: ink.bottom)
        beneath = [(words, ink) for words, ink in drawn if words not in rows and ink.top >= last.bottom]
        problems += [f"{words!r} {ink} {ink.top - last.bottom} px beneath {rows}" for words, ink in beneath
                     if ink.top - last.bottom < STATUS_APART and last.left < ink.right and ink.left < last.right]
    assert sorted(set(problems)) == [], "\n".join(sorted(set(problems)))


def river_tiles(table: layout.TableLayout) -> list[pygame.Rect]:
    """Every place a discard may lie: 17 in each river, the riichi tile (sideways, which
    lengthens its row) anywhere or nowhere."""
    found = []
    for place in table.rivers:
        for riichi in (None, *range(17)):
            found += [layout.river_tile_rect(table, place, index, riichi) for index in range(17)]
    return found


def seat_rows(table: layout.TableLayout) -> list[pygame.Rect]:
    """The side and top seats' hands, pools (34 tiles at most) and closed walls."""
    found = []
    for place, spot in table.seats.items():
        for row, count in ((spot.hand, 13), (spot.pool, 34), (spot.wall, 17)):
            found += layout.row_rects(place, spot, row, count)
    return found


# At three and four seats the dora row lay beside the board, 4 px from the top river's edge:
# a riichi tile lying sideways in its first row pushed the row's last tile under the dora.
@pytest.mark.parametrize("players", [3, 4])
def test_the_dora_row_lies_clear_of_the_rivers_the_seats_and_the_board(display, players):
    pygame.display.set_mode((1, 1))
    table = layout.for_players(players)
    dora = pygame.Rect(table.dora_at, (DORA_TILE_RIGHT, TileArt().tile("5z", DORA_TILE).get_height()))
    board = pygame.Rect(BOARD.topleft, (BOARD.width, board_height(players)))
    near = dora.inflate(2 * GAP, 2 * GAP)
    others = [("river", rect) for rect in river_tiles(table)] + [("seat", rect) for rect in seat_rows(table)]
    others += [("board", board), ("centre", table.centre), ("side wall", layout.side_stack_rect(3, 0).union(
        layout.side_stack_rect(3, 16)))]
    assert [(what, rect) for what, rect in others if near.colliderect(rect)] == []


# "The connection to the host was lost: reconnecting…" took two rows at two seats, its second
# ("reconnecting…") beside the dora tiles, where it read as the dora's caption.
def test_the_lost_hosts_status_keeps_to_the_first_row_at_two_seats(language):
    rows = status_rows(Text(), _(HOST_LOST), layout.for_players(2))
    assert [row for row, _dx in rows] == [_(HOST_LOST)]
