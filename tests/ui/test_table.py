"""The table driven by synthetic input: the dora flip, dragging tiles into the hand, the
helper, confirming, discarding, the ron prompt and the missed-win notice."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.views import helper_panel
from game.app.window import layout
from game.app.words.terms import hand_in_sentence
from game.engine.events import DoraFlipped, WinningTileMissed
from game.engine.kyoku import Phase
from game.engine.tiles import format_tiles, parse_tiles, tile_code
from tests.ui.scripted import EXAMPLE_HAND, ScriptedAgent, crafted_table
from tests.ui.test_screens import shot

AVOID = ("1m", "2m", "3m", "4m", "5m")


def flip_dora(driver, table):
    assert table.mode() == "dora"
    driver.click(layout.side_stack_rect(1, 0).center)  # the right-hand wall, stack 0
    driver.wait_until(lambda: table.mode() == "build")


def drag_example_hand(driver, table, hand=EXAMPLE_HAND):
    state = table.builds[0]
    wanted = parse_tiles(hand, red_fives=False)
    for index, tile in enumerate(state.wall):
        code = tile_code(tile, False)
        if code in wanted:
            wanted.remove(code)
            driver.drag(layout.build_wall_rect(index).center, layout.slot_rect(len(state.hand)).center)
    assert not wanted


def test_clicking_a_side_wall_tile_flips_the_dora(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    flipped = [e for e in table.session.view(0).events if isinstance(e, DoraFlipped)]
    assert [(e.wall, e.stack, e.indicator) for e in flipped] == [(1, 0, "5z")]
    assert table.session.view(0).dora_indicator is not None


def test_dragging_tiles_moves_them_between_wall_and_hand_slots(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    state = table.builds[0]
    first, second = state.wall[0], state.wall[20]
    driver.drag(layout.build_wall_rect(0).center, layout.slot_rect(0).center)
    driver.drag(layout.build_wall_rect(20).center, layout.slot_rect(0).center)
    assert state.hand == [second, first]  # dropped on slot 0, before the first tile
    driver.drag(layout.slot_rect(1).center, layout.build_wall_rect(5).center)  # back to the wall
    assert state.hand == [second]
    driver.drag(layout.build_wall_rect(33).center, (400, 300))  # dropped on the felt: stays in the wall
    assert state.hand == [second]
    driver.click(layout.build_wall_rect(1).center)  # a click works too
    assert state.hand == [second, state.wall[1]]
    driver.click(layout.slot_rect(0).center)
    assert state.hand == [state.wall[1]]


def test_keyboard_moves_a_cursor_and_space_takes_the_tile(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    state = table.builds[0]
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_SPACE)
    assert state.hand == [state.wall[18]]
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_SPACE)  # the cursor is on the hand row now: the tile goes back
    assert state.hand == []


def test_the_helper_panel_shows_the_analysers_waits_for_the_dragged_hand(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    report = table.helper_report()
    assert format_tiles(table.builds[0].hand, False) == EXAMPLE_HAND
    assert [w.code for w in report.waits] == ["1m", "2m", "3m", "4m", "5m"]
    assert [w.code for w in report.waits if w.clears_floor] == ["4m"]
    driver.frame()
    # The first wait is drawn as a tile in the panel, where the panel lays out its first wait.
    art = driver.app.art
    first = art.tile("1m", 28)
    panel = layout.HELPER_PANEL
    spot = pygame.Rect(panel.left + 12, panel.top + 8 + helper_panel.TITLE_ROW + 30, *first.get_size())
    expected = pygame.Surface(first.get_size())
    expected.fill((12, 46, 32))
    expected.blit(first, (0, 0))
    shown = driver.app.screen.subsurface(spot)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_a_hand_that_cannot_win_asks_are_you_sure_and_may_still_be_built(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    for index in range(13):
        driver.click(layout.build_wall_rect(index + 10).center)
    driver.press(driver.button("Confirm"))
    assert isinstance(driver.top, Dialog) and driver.top.title == "Are you sure?"
    driver.press(driver.button("Keep building"))
    assert table.session.view(0).hand is None and table.mode() == "build"
    driver.key(pygame.K_RETURN)
    driver.press(driver.button("Build it anyway"))
    assert table.session.view(0).hand is not None


def build_example_hand(driver, table):
    """Flip the dora, build the example hand and wait for the discards to begin."""
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))  # a mangan tenpai: no question asked
    driver.wait_until(lambda: table.mode() == "discard")


def build_example_and_wait_for_turn(driver, table):
    build_example_hand(driver, table)
    view = table.session.view(0)
    assert format_tiles(view.hand, False) == EXAMPLE_HAND
    driver.click(table.pool_controls.rect(0, len(view.pool)).center)


def test_a_discard_that_completes_the_hand_offers_ron_and_ron_ends_the_hand(driver):
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    assert driver.top.title == "Ron?" and driver.top.tiles == ["4m"]
    driver.look()
    driver.key(pygame.K_r)
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=200)
    win = table.session.kyoku.result.wins[0]
    assert win.seat == 0 and win.assessment.value.level == "yakuman"
    assert "wins by ron" in driver.top.heading and "yakuman" in driver.top.heading


def test_a_winning_tile_below_the_floor_gives_a_clear_notice_and_furiten(driver):
    # 2m on the opponent's second discard: no ippatsu, so riichi + sanankou is below mangan.
    table = crafted_table(driver.app, ScriptedAgent(discards=[None, "2m", "4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: table.mode() == "discard")
    view = table.session.view(0)
    driver.click(table.pool_controls.rect(0, len(view.pool)).center)
    driver.wait_until(lambda: table.card is not None)
    # A notice on the felt, not a dialog: play goes on at once.
    notice = table.card
    assert driver.top is table and table.mode() == "discard"
    shot(driver, "notice_card_winning_tile")
    assert notice.tile == "2m"
    assert "worth less than mangan" in notice.text and "furiten" in notice.text
    missed = [e for e in table.session.view(0).events if isinstance(e, WinningTileMissed)]
    assert [(e.tile, e.reason) for e in missed] == [("2m", "below_floor")]
    assert table.session.view(0).furiten
    # Passing it was riichi furiten: the suuankou tile 4m can no longer be won either.
    view = table.session.view(0)
    driver.click(table.pool_controls.rect(0, len(view.pool)).center)
    driver.wait_until(lambda: table.card is not None and table.card.tile == "4m")
    assert "you are furiten" in table.card.text and driver.top is table


def test_discarding_an_own_winning_tile_asks_first(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table, "111222333m777p1z")  # a 1z tanki; two more 1z stay in the pool
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    view = table.session.view(0)
    assert [tile_code(t, False) for t in view.pool if t // 4 in view.waits] == ["1z", "1z"]
    own_wait = next(i for i, tile in enumerate(view.pool) if tile // 4 in view.waits)
    driver.click(table.pool_controls.rect(own_wait, len(view.pool)).center)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Discard a winning tile?"
    driver.press(driver.button("Keep it"))
    assert table.session.view(0).phase is Phase.DISCARD and table.session.view(0).rivers[0] == ()
    driver.click(table.pool_controls.rect(own_wait, len(view.pool)).center)
    driver.press(driver.button("Discard it"))
    assert table.session.view(0).furiten
    assert [tile_code(t, False) for t, _ in table.session.view(0).rivers[0]] == ["1z"]


def test_at_the_build_deadline_the_choice_is_kept_and_completed(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))  # kaiji: 180 s to build
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table, "111222m")
    remaining = table.countdown()
    assert 170 < remaining <= 180
    driver.frames(int(remaining) - 1, dt=1.0)
    assert table.session.view(0).hand is None and 0 < table.countdown() <= 2
    driver.wait_until(lambda: table.session.view(0).hand is not None)
    hand = format_tiles(table.session.view(0).hand, False)
    assert hand.startswith("111222") and len(table.session.view(0).hand) == 13
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    assert driver.top.title == "Notice" and "Time is up" in driver.top.message
    assert f"suggestion, {hand_in_sentence(hand)}." in driver.top.message  # by name, not mpsz
    assert "It can win on" in driver.top.message or "It cannot win this hand:" in driver.top.message


def test_at_the_discard_deadline_the_normal_ai_discards_for_the_player(driver):
    from game.engine.rules import Rules

    table = crafted_table(
        driver.app, ScriptedAgent(avoid=AVOID), Rules.preset("pro_stream", discard_time_s=15)
    )
    stand_in = ScriptedAgent(discards=["9s"])
    table.controller.make_stand_in = lambda seed: stand_in
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    assert 14 < table.countdown() <= 15
    driver.frames(16, dt=1.0)
    driver.wait_until(lambda: table.session.view(0).rivers[0] != ())
    assert [tile_code(t, False) for t, _ in table.session.view(0).rivers[0]] == ["9s"]
    assert table.mode() == "discard" or 0 not in table.controller.decisions
