"""The notice card: every notice the table can show there (of a winning tile the player may
not win on: each reason, each consequence, from each wind, about a suited tile or an honour;
of another seat's person: dropped, back, waited for, played by the AI; of a tile the seat's
stand-in discarded when its time ran out) is drawn whole, at the
table's type floor, inside its room, in every language. Once the seat holds its hand the card
lies on empty felt at two, three and four seats, clear of the rivers, walls, plates, the pool
(a tile raised under the pointer too) and the waits strip; while the seat builds, clear of the
hand being built, the opened wall, the building buttons and the helper. A hand completed at
the build deadline is a card where the table does not wait for the screen (a joined table):
its notice, with the longest hands and waits, fits the card's room too."""

from __future__ import annotations

import dataclasses
import os

import pygame
import pytest

from game.app.play import seat_notices
from game.app.play.seat_notices import (
    MISSED_REASONS,
    completed_text,
    missed_message,
    reconnect_notice,
    stand_in_discard_message,
    stand_in_notices,
)
from game.app.play.table_words import reconnect_words
from game.app.play.wait_strip import REASONS
from game.app.scenes import table as table_scene
from game.app.scenes.table import BUILD_BUTTONS, CARD_HANDOVER_S, NOTICE_CARD_S
from game.app.views import legible
from game.app.views.board import BOARD, board_height
from game.app.views.notice_card import BUILDING, CARD, draw_notice_card
from game.app.views.pool import STRIP_OFFSET
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import NO_BREAK_SPACE, WORD_JOINER, Text
from game.app.words import i18n
from game.app.words.i18n import _
from game.app.words.net_words import came_back_words, dropped_words
from game.engine.events import Discarded, FuritenStarted, HandBuilt, WinningTileMissed
from game.engine.kyoku import FuritenSpan
from game.engine.names import LONGEST_NAME
from tests.ui.autoplay import answer
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_felt import PRESETS, build_buttons, occupied
from tests.ui.test_screens import shot
from tests.ui.test_table import solo_table

WINDS = ("east", "south", "west", "north")
TILES = ("1m", "0p", "6z", "7z")
AFTER = ((), (FuritenStarted(0, "passed", False),), (FuritenStarted(0, "passed", True),))
"""What follows the missed tile: nothing, a furiten that ends with the player's own discard,
one for the rest of the hand (a seat already furiten is told how long it stays so)."""
EDGE = 2
"""The card's border."""
LONG_NAMES = ("W" * LONGEST_NAME, "龍" * LONGEST_NAME)
SIZES = ((1024, 640), (1600, 900))
"""The smallest common window and a large one of another shape (the table letterboxed)."""


def notices() -> list[str]:
    """Every notice of a missed winning tile, in the current language, as the table words it."""
    words = []
    for reason in MISSED_REASONS:
        cases = [(after, None) for after in AFTER] if reason != "furiten" else [((), span) for span in FuritenSpan]
        for after, span in cases:
            for discarder in range(len(WINDS)):
                for tile in TILES:
                    furiten = after[0] if after else None
                    missed = missed_message(WinningTileMissed(0, tile, reason), WINDS, discarder, span, furiten)
                    words.append(str(missed))
    return words


def news_of_seats() -> list[str]:
    """Every notice of another seat's person, with the longest names, in the current language."""
    return [words for name in LONG_NAMES
            for words in (came_back_words(name), dropped_words(name), reconnect_words(name, given_up=False),
                          reconnect_words(name, given_up=True))]


@dataclasses.dataclass(frozen=True)
class Strip:
    """What the notice of a completed hand reads of its waits strip (`wait_strip`)."""

    winning: tuple[str, ...]
    why: str | None
    """The strip's reason (a key of `REASONS`): why it cannot win, or where alone it can."""

    @property
    def hand_can_win(self) -> bool:
        return bool(self.winning) and (self.why is None or self.why.startswith("only"))

    @property
    def luck(self) -> bool:
        return self.hand_can_win and self.why is not None

    @property
    def reason(self) -> str | None:
        return None if self.why is None else _(REASONS[self.why])


KOKUSHI = ("19m19p19s1234567z", ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"))
"""The most waits a hand has (thirteen), each an honour or a terminal: the longest "It can win on"."""
CHUUREN = ("1112345678999m", tuple(f"{number}m" for number in range(1, 10)))
HONOURS = "1122334455667z"
"""A hand of the longest names, for the clauses of the hands that win only with luck or not at all."""


def completed_hands(monkeypatch) -> list[str]:
    """The notice of a hand completed at the deadline, in the current language, at its
    longest: the most waits (yakuman, so never with a condition), and each reason a hand of
    honours wins only on or cannot win for, with three waits."""
    cases = [(*KOKUSHI, None), (*CHUUREN, None)]
    cases += [(HONOURS, ("5z", "6z", "7z"), why) for why in REASONS]
    words = []
    for hand, waits, why in cases:
        strip = Strip(waits if why is None or why.startswith("only") else (), why)
        monkeypatch.setattr(seat_notices, "wait_strip", lambda _view, strip=strip: strip)
        words.append(str(completed_text(None, HandBuilt(0, hand, True))))
    return words


def record_cards(monkeypatch) -> list[pygame.Rect]:
    """The rectangles of the notice cards the table draws from now on, as they are drawn."""
    cards: list[pygame.Rect] = []
    draw = table_scene.draw_notice_card

    def recorded(*args, **kwargs):
        cards.append(draw(*args, **kwargs))
        return cards[-1]

    monkeypatch.setattr(table_scene, "draw_notice_card", recorded)
    return cards


def stand_in_discards() -> list[str]:
    """Every notice of a tile the seat's stand-in discarded, in the current language."""
    return [str(stand_in_discard_message(Discarded(0, tile, 1, True))) for tile in TILES]


class Sized:
    """Every text drawn, with its size and the rectangle its letters cover on the card."""

    def __init__(self, text: Text) -> None:
        self.drawn: list[tuple[str, int, pygame.Rect]] = []
        draw = text.draw

        def recorded(surface, words, size, colour, pos, anchor="topleft", bold=False):
            rect = draw(surface, words, size, colour, pos, anchor, bold)
            ink = text.render(words, size, colour, bold).get_bounding_rect().move(rect.topleft)
            self.drawn.append((words, size, ink))
            return rect

        text.draw = recorded


def letters(words: str) -> str:
    """The words without the places a line may break or not (what wrapping may drop)."""
    return "".join(words.replace(WORD_JOINER, "").replace(NO_BREAK_SPACE, " ").split())


def drawn_whole(surface: pygame.Surface, art: TileArt, title: str, notice: str, tile: str | None,
                room: pygame.Rect) -> list[str]:
    """What is wrong with the card of `notice` drawn in `room`: nothing when it lies inside
    the room and its words are whole, at the floor, inside the card, clear of each other."""
    text = Text()
    sized = Sized(text)
    card = draw_notice_card(surface, art, text, title, notice, tile, 1.0, room)
    drawn = [(words, size, ink.move(card.topleft)) for words, size, ink in sized.drawn]
    problems = [] if room.contains(card) else [f"the card {card} leaves its room {room}: {notice!r}"]
    assert drawn[0][0] == title
    body = [words for words, _size, _ink in drawn[1:]]
    if letters("".join(body)) != letters(notice):
        problems.append(f"lines {body} are not the whole notice {notice!r}")
    for index, (words, size, ink) in enumerate(drawn):
        if size < legible.smallest():
            problems.append(f"{words!r} at {size} px, below the floor {legible.smallest()}")
        if not card.inflate(-2 * EDGE, -2 * EDGE).contains(ink):
            problems.append(f"{words!r} {ink} is not inside the card {card}")
        problems += [f"{words!r} {ink} runs into {other!r} {other_ink}"
                     for other, _size, other_ink in drawn[index + 1:] if ink.colliderect(other_ink)]
    return problems


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_notice_is_drawn_whole_at_the_floor_inside_its_card(display, monkeypatch, language):
    pygame.display.set_mode((1, 1))
    surface = pygame.Surface(layout.SCREEN.size)
    art = TileArt()
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems: list[str] = []
        for notice in notices():
            problems += drawn_whole(surface, art, _("Your winning tile"), notice, "7z", CARD)
        # News of another seat comes in any phase: while building too, in the building room.
        rooms = [CARD, *BUILDING.values()]
        for notice in news_of_seats():
            for room in rooms:
                problems += drawn_whole(surface, art, _("At the table"), notice, None, room)
        for notice in stand_in_discards():  # a discard is made once the hand is built
            problems += drawn_whole(surface, art, _("At the table"), notice, None, CARD)
        for notice in completed_hands(monkeypatch):  # told once the seat holds the hand
            problems += drawn_whole(surface, art, _("At the table"), notice, None, CARD)
        assert problems == [], "\n".join(problems[:12])
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_card_lies_on_empty_felt_while_discarding(players):
    """Once the seat holds its hand, the helper and the building buttons are not on the table;
    everything else is."""
    table = layout.for_players(players)
    others = [rect for rect in occupied(table) if rect != table.helper]
    others += [layout.pool_rect(index, 21).move(0, -layout.POOL_RAISE) for index in range(21)]
    hand_right = layout.hand_rect(12, 13).right
    strip = pygame.Rect(hand_right + STRIP_OFFSET, layout.HAND_Y - 32, layout.SCREEN.right, layout.SCREEN.bottom)
    others.append(strip)  # the waits strip, its "Cannot win" badge above it
    assert layout.SCREEN.contains(CARD)
    assert [rect for rect in others if CARD.colliderect(rect)] == []


def building(table: layout.TableLayout) -> list[pygame.Rect]:
    """What the seat works with while it builds: the hand being built (a tile raised under
    the pointer too) and the row over it, the opened wall, the building buttons, the helper."""
    slots = [layout.slot_rect(index).inflate(0, 16) for index in range(13)]
    left = layout.slot_rect(0).left
    label = pygame.Rect(left, layout.HAND_LABEL_Y, layout.slot_rect(12).right - left, 24)
    wall = [layout.build_wall_rect(index).inflate(0, 16) for index in range(34)]
    return [*slots, label, *wall, build_buttons(table), table.helper]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_building_room_lies_on_felt_empty_while_building(players):
    """While building, the rivers are empty; everything else on the table is there, and the
    building area, its buttons and the helper besides."""
    table = layout.for_players(players)
    board = BOARD.copy()
    board.height = board_height(players)
    room = BUILDING[players]
    others = [*occupied(table, rivers=False), board, layout.MENU_BUTTON, *building(table)]
    assert layout.SCREEN.contains(room)
    assert [rect for rect in others if room.colliderect(rect)] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_news_of_another_seat_while_building_leaves_the_build_in_sight(driver, monkeypatch, players):
    """Player test: a card about another seat's person ("At the table: waiting for Kaiji to
    reconnect"), raised while the player built, lay over the last slots of the hand being built
    and the building buttons. The card now lies clear of all the player builds with, in every
    window size (the table is drawn at one size and scaled)."""
    cards = record_cards(monkeypatch)
    table = solo_table(driver.app, PRESETS[players], {seat: ScriptedAgent() for seat in range(1, players)})
    driver.frame()
    for _move in range(20):
        if table.mode() == "build":
            break
        answer(driver, table)
    assert table.mode() == "build"
    table.session.notices.append(reconnect_notice(0, lambda: "Kaiji", given_up=False, about=1))
    driver.frame()
    assert table.card is not None and table.mode() == "build" and driver.top is table
    assert cards, "the card was not drawn"
    buttons = [table.buttons[name].rect for name, _label in BUILD_BUTTONS]
    covered = [rect for rect in [*building(layout.for_players(players)), *buttons] if cards[-1].colliderect(rect)]
    assert covered == [], f"the card {cards[-1]} covers {covered}"
    shots = os.environ.get("SEVENTEEN_STEPS_SHOTS")
    if shots:
        display = driver.app.display  # a windowless driver's screen is as big as the table: grown to hold 1600 x 900
        monkeypatch.setattr(display, "room", lambda: (2560, 1600))
        before = driver.app.settings
        for size in SIZES:
            for language in ("en", "ja", "zh_CN"):
                driver.app.change_settings(dataclasses.replace(before, language=language, window_size=size))
                driver.frame(dt=0.0)
                name = f"building_notice_{players}p_{size[0]}_{language}.png"
                pygame.image.save(driver.app.display.window, os.path.join(shots, name))
        driver.app.change_settings(before)


def test_notices_that_come_together_are_each_shown_in_turn(driver):
    """The stand-in's discards made while the host's menu was open come back together: each
    is a card that stops nothing (the next move's clock runs), shown one after another."""
    table = solo_table(driver.app, PRESETS[2], {1: ScriptedAgent()})
    driver.frame()
    for _move in range(40):
        if table.mode() == "discard":
            break
        answer(driver, table)
    assert table.mode() == "discard"
    discards = [Discarded(0, tile, number, True) for number, tile in enumerate(("1m", "7z"), start=1)]
    table.session.notices.extend(stand_in_notices(0, discards))
    driver.frames(3)
    assert driver.top is table, "a notice of the stand-in's discard stopped play"
    first = str(table.card.text)
    assert "discarded for you" in first and table.card_left <= CARD_HANDOVER_S
    shot(driver, "stand_in_discard_card")
    driver.frames(int(CARD_HANDOVER_S * 60) + 10)
    assert table.card is not None and str(table.card.text) != first and "discarded for you" in str(table.card.text)
    assert table.card_left > CARD_HANDOVER_S  # the last card stays its whole time
    driver.frames(int(NOTICE_CARD_S * 60) + 10)
    assert table.card is None and not table.next_cards


def test_a_seat_whose_connection_flaps_leaves_one_card_saying_how_they_are_now(driver):
    """Tester report: a joined person's connection dropped and came back several times within
    a few seconds; the host's card read "Waiting for Bob to reconnect" for more than 30 s while
    Bob's plate and the status line had him back: a card for each change, each shown in turn.
    Newer news of a seat's person takes the place of the older at once."""
    from game.app.play.seat_notices import presence_notice
    from game.app.words.net_words import AWAY, HERE

    table = solo_table(driver.app, PRESETS[2], {1: ScriptedAgent()})
    driver.frame()
    name = lambda: "Bob"  # noqa: E731
    for presence in (AWAY, HERE) * 4:  # as the table tells each change, a few frames apart
        table.session.notices.append(presence_notice(0, name, presence, waited=True, about=1))
        driver.frames(3)
    assert table.card is not None and str(table.card.text) == came_back_words("Bob")
    assert not table.next_cards
    driver.frames(int(NOTICE_CARD_S * 60) + 10)
    assert table.card is None and not table.next_cards


def test_at_a_shared_screen_a_card_waits_for_its_person(driver):
    """Player test: two people at one computer; the card telling the first of their
    stand-in's discard came as the screen passed to the other and was never seen. A card is
    shown only to its person: one whose person leaves the screen is told again on their
    return, and one owed to the other person waits for them."""
    from game.app.play.seat_notices import Notice
    from tests.ui.test_curtain import build_suggested_and_pass_the_screen, two_people_building

    table = two_people_building(driver)
    first = table.viewer
    other = 1 - first
    table.session.notices.append(Notice(first, "for the first person", passing=True))
    table.next_cards.append(Notice(other, "for the other person", passing=True))
    driver.frames(3)
    assert table.card is not None and table.card.text == "for the first person"
    build_suggested_and_pass_the_screen(driver, table)
    driver.frames(2)
    assert table.viewer == other and table.card is not None and table.card.text == "for the other person"
    assert [card.text for card in table.next_cards] == ["for the first person"]  # told again on their turn
