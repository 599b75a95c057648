"""The board on the empty felt: every seat's standing and discards in every layout, clear of
walls, seats, rivers, the dora, the helper and the building buttons; screenshots of the
felt at two, three and four seats (and scaled to 960 x 600) to look at."""

from __future__ import annotations

import pygame
import pytest

from game.app.views.board import BOARD, board_height
from game.app.views.notice_card import CARD
from game.app.views.seats import concealed_rects, plate_topleft
from game.app.window import layout
from game.app.window.layout import RIVER_PER_ROW
from game.engine.wall import STACKS_PER_WALL
from tests.ui.autoplay import answer
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_screens import SHOTS, shot
from tests.ui.test_table import solo_table

PRESETS = {2: "kaiji", 3: "three_player", 4: "four_player"}


def occupied(table: layout.TableLayout, rivers: bool = True) -> list[pygame.Rect]:
    """What lies on the felt at `table`: without the `rivers` while they are empty (the build)."""
    rects = []
    for place in table.rivers if rivers else ():
        if place != 0 and place not in table.seats:
            continue
        for index in range(17):
            rects.append(layout.river_tile_rect(table, place, index, 0 if index < RIVER_PER_ROW else None))
    for place, spot in table.seats.items():
        hand, pool = concealed_rects(table, place, 21)
        rects += hand + pool + layout.row_rects(place, spot, spot.wall, STACKS_PER_WALL)
        rects.append(pygame.Rect(plate_topleft(table, place), layout.PLATE_SIZE))
    for place in (1, 3):
        rects += [layout.side_stack_rect(place, stack).inflate(0, 12) for stack in range(STACKS_PER_WALL)]
    rects += [table.centre, table.helper, pygame.Rect(table.dora_at, (130, 40))]
    return rects


def build_buttons(table: layout.TableLayout) -> pygame.Rect:
    x, y = table.build_buttons
    return pygame.Rect(x, y, layout.BUILD_BUTTON_SIZE[0], 4 * 52)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_and_the_notice_card_lie_on_empty_felt(players):
    table = layout.for_players(players)
    board = BOARD.copy()
    board.height = board_height(players)
    # The notice card is shown while discarding, when the helper and the building buttons are hidden.
    discarding = [rect for rect in occupied(table) if rect != table.helper]
    for rect, others in ((board, [*occupied(table), build_buttons(table)]), (CARD, discarding)):
        clashes = [other for other in others if rect.colliderect(other)]
        if players == 2:
            clashes = [c for c in clashes if c != table.helper]  # the two-seat helper is beside the centre
        assert not [c for c in clashes if c.colliderect(rect)], f"{rect} overlaps {clashes[:3]}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_felt_in_every_layout(driver, players):
    agents = {seat: ScriptedAgent() for seat in range(1, players)}
    table = solo_table(driver.app, PRESETS[players], agents)
    driver.frame()
    for _ in range(200):
        if table.mode() == "discard":
            break
        answer(driver, table)
    assert table.mode() == "discard"
    frame = shot(driver, f"felt_{players}p_discard_1280")
    if SHOTS:
        small = pygame.transform.smoothscale(frame, (960, 600))
        pygame.image.save(small, f"{SHOTS}/felt_{players}p_discard_960.png")
    seats = table.controller.frame().seats
    drawn = []
    draw = driver.app.text.draw

    def recorded(surface, words, *rest, **kw):
        drawn.append(words)
        return draw(surface, words, *rest, **kw)

    driver.app.text.draw = recorded
    driver.frame()
    assert sum(1 for words in drawn if words.endswith("/17") or words.endswith("/17 R")) >= players
    assert len(seats) == players
