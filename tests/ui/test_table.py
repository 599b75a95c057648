"""The table driven by synthetic input: the dora flip, dragging tiles into the hand, the
helper, confirming, discarding, the ron prompt and the missed-win notice."""
from __future__ import annotations

import dataclasses
import re
import time

import pygame
import pytest

import game.app.play.match_setup as match_setup
import game.app.scenes.title as title
from game.app.flow import Flow
from game.app.play.draw_reasons import draw_reasons
from game.app.play.remote_table import RemoteTable
from game.app.play.savegame import SaveSlot
from game.app.play.session import PERSON, REMOTE, SeatPlan, Session
from game.app.play.table_controller import TableController
from game.app.scenes import prompts
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.scenes.table import RON_MOMENT_S, TableScene
from game.app.scenes.title import TitleScene
from game.app.views import helper_panel
from game.app.views.helper_panel import tenpai_verdict, wait_verdict
from game.app.window import layout
from game.app.window.menu_keys import KEY_GUARD_S
from game.app.words.i18n import _
from game.app.words.i18n import format_amount as amount
from game.app.words.terms import hand_in_sentence
from game.engine.actions import BuildHand, Discard, Ron
from game.engine.events import DoraFlipped, ExhaustiveDraw, WinningTileMissed, Won
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import format_tiles, parse_tiles, tile_code
from game.net.hosting import MOVE_TIME_S, HostedTable
from game.net.protocol import Act
from game.net.table import READING_TIME_S
from tests.scenario_tools import crafted_deal
from tests.test_remote_table import SEAT, Clock, heard, to_ron, waiting_for_the_other
from tests.test_table_controller import hosted_table, remote_ron
from tests.ui.autoplay import answer, play_to_result
from tests.ui.scripted import EXAMPLE_HAND, HUMAN_WALL, ScriptedAgent, crafted_table
from tests.ui.test_join import SMALL, shoot_in_every_language
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
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID),  # kaiji: 180 s to build
                          rules=Rules.preset("kaiji", discard_time_s=30))
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
    before = table.countdown()
    assert before is not None and table.mode() == "discard"
    driver.frames(20, dt=1.0)
    assert table.countdown() == before, "the clock of a table of this computer alone stops under the notice"



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



# The end of a hand on the table, before its result: a ron is called (ロン, with its sound),
# the winner's hand laid open and the tile it won on marked in the discarder's river; an
# exhaustive draw is announced. The standings change when the result opens, not before; a
# key or a click skips the moment, and with instant animation there is none. Keys pressed
# for moves as the ron comes skip neither the moment nor the result (issue 30).
def record_moment(driver) -> list[str]:
    """What the player hears and which screens open, in order."""
    happened: list[str] = []
    play, push = driver.app.audio.play, driver.app.stack.push
    driver.app.audio.play = lambda name: (happened.append(f"sound {name}"), play(name))[1]
    driver.app.stack.push = lambda scene: (happened.append(f"open {type(scene).__name__}"), push(scene))[1]
    return happened



def ron_on_the_example(driver):
    """The ron prompt on 4m, on screen long enough for keys to answer it."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    driver.look()
    return table



def frames_until(driver, done, events=(), seconds: float = 60.0) -> None:
    """Frames, each with `events` (keys held down in a hurry), until `done`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        driver.frame(list(events))
        time.sleep(0.002)  # the AI thinks in other threads



def test_a_ron_prompt_between_an_arrow_and_enter_is_not_answered_by_them(driver):
    """The arrow lands on the table (it moves the pool's cursor), the prompt comes up, the
    Enter that followed reaches the prompt: it neither passes nor rons; then R rons."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    frames_until(driver, lambda: isinstance(driver.top, Dialog), [key_down(pygame.K_RIGHT)])
    prompt = driver.top
    driver.frame([key_down(pygame.K_RETURN)])
    driver.frame([key_down(pygame.K_RIGHT), key_down(pygame.K_RETURN)])
    assert driver.top is prompt and table.mode() == "ron" and not table.session.view(0).furiten
    driver.look()
    driver.frame([key_down(pygame.K_RIGHT), key_down(pygame.K_RETURN)])
    assert driver.top is prompt and table.mode() == "ron", "arrows and Enter never answer it"
    driver.key(pygame.K_r)
    assert table.session.kyoku_over and table.session.kyoku.result.wins[0].seat == 0



def test_an_ai_ron_while_keys_are_pressed_shows_its_moment_and_its_result(driver):
    """Keys pressed for moves as an AI's ron arrives skip neither the moment of the win nor
    the result: each takes only a key pressed once it has been seen."""
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND),
              3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    keys = [key_down(pygame.K_LEFT), key_down(pygame.K_RETURN)]
    match = table.session.match
    frames_until(driver, lambda: table.session.kyoku_over or match.kyoku_number > 1, keys)
    assert match.kyoku_number == 1, "keys pressed as the ron came skipped its moment and its result"
    driver.frame(keys)
    driver.frame(keys, dt=KEY_GUARD_S / 2)
    driver.frame(keys)
    assert match.kyoku_number == 1 and table.session.kyoku_over, "keys skipped the moment and the result"
    assert driver.top is table and not table.result_open, "the moment of the win is shown"
    frames_until(driver, lambda: isinstance(driver.top, ResultScene))
    result = driver.top
    driver.frame(keys)
    driver.frame(keys, dt=KEY_GUARD_S / 2)
    driver.frame(keys)
    assert driver.top is result, "the result stays until a key pressed after it is shown"
    driver.look()
    driver.key(pygame.K_RETURN)
    assert driver.top is table and table.session.match.kyoku_number == 2



def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)



def test_a_ron_is_called_and_laid_open_on_the_table_before_the_result(driver):
    table = ron_on_the_example(driver)
    before = list(table.session.match.scores)
    happened = record_moment(driver)
    driver.key(pygame.K_r)
    assert table.session.kyoku_over and driver.top is table  # the moment, not yet the result
    assert "sound ron" in happened
    assert not any(h.startswith("open ResultScene") for h in happened)
    frame = table.controller.frame()
    winner, discarder = frame.seats[0], frame.seats[1]
    assert winner.call == "ロン" and winner.open_hand is not None and len(winner.open_hand) == 13
    assert winner.winning_tile == "4m" and "".join(winner.open_hand).count("m") == 10
    assert discarder.dealt_in and discarder.call is None and discarder.open_hand is None
    assert frame.centre.announcement.startswith("Ron! East")
    # The standings still show the scores before the hand, though the match has settled it.
    assert table.session.match.scores != before
    assert [s.score for s in frame.seats] == [f"Bankroll {score:g}" for score in before]
    shot(driver, "ron_moment_two_players")
    driver.frames(int(RON_MOMENT_S * 60 * 0.8))
    assert driver.top is table
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=60)
    assert happened.index("sound ron") < happened.index("open ResultScene")
    after = table.controller.frame()
    assert [s.score for s in after.seats] == [f"Bankroll {score:g}" for score in table.session.match.scores]



def test_a_key_or_a_click_skips_the_moment(driver):
    table = ron_on_the_example(driver)
    driver.key(pygame.K_r)
    assert driver.top is table
    driver.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1)])
    assert isinstance(driver.top, ResultScene)



def test_with_instant_animation_the_result_follows_at_once(driver):
    table = ron_on_the_example(driver)
    driver.app.settings = dataclasses.replace(driver.app.settings, animation="instant")
    driver.key(pygame.K_r)
    driver.frame()
    assert isinstance(driver.top, ResultScene)
    assert table.controller.result_shown



def test_a_double_ron_calls_both_winners_at_four_seats(driver):
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND),
              3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    driver.wait_until(lambda: table.session.kyoku_over, frames=300)
    driver.frame()
    assert driver.top is table
    frame = table.controller.frame()
    calls = {seat.seat for seat in frame.seats if seat.call == "ロン"}
    assert calls == {1, 2}
    assert frame.seats[0].dealt_in and frame.seats[3].open_hand is None
    assert "South and West" in frame.centre.announcement
    shot(driver, "ron_moment_four_players_double")



def test_an_exhaustive_draw_is_announced_and_its_result_says_why_nobody_won(driver):
    driver.app.settings = dataclasses.replace(driver.app.settings, ai_delay_s=0.0)
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)  # the first discard is made
    while not table.session.kyoku_over:
        if table.mode() == "discard":
            driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
        else:
            driver.frame()
    assert table.session.kyoku.result.drawn and driver.top is table
    assert table.controller.frame().centre.announcement == "Exhaustive draw: no one won"
    shot(driver, "draw_moment_two_players")
    driver.look()
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.top, ResultScene)
    kyoku = table.session.kyoku
    assert draw_reasons(kyoku.history, kyoku.waits)[0] == "no winning tile was discarded"
    driver.frame()
    shot(driver, "result_draw_reasons")



def test_the_ron_prompt_says_what_the_win_is_worth(driver):
    ron_on_the_example(driver)
    message = driver.top.message
    assert driver.top.title == "Ron?"
    assert "suuankou tanki" in message or "suuankou" in message
    # With stakes the amount is said to come from the bankroll: a bare "4" named no unit.
    assert "yakuman" in message and "West pays you 4 from their bankroll" in message
    shot(driver, "ron_prompt_worth")



# The end-of-hand band covers the centre panel cleanly: at two seats the dora row lies
# under it and its tiles are taller than the band, so their feet showed below the line
# "Click or press a key for the result". Now a dora row under the band is not drawn.
def bright_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    """Pixels as light as a tile's face (the panel and its words are darker or gold)."""
    count = 0
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            r, g, b, *_ = surface.get_at((x, y))
            count += min(r, g, b) > 200
    return count



def test_no_dora_tile_shows_around_the_ron_band(driver):
    table = ron_on_the_example(driver)
    x, y = layout.for_players(2).dora_at
    dora = pygame.Rect(x + 40, y, 90, 48)  # the indicator and the dora, feet included
    driver.key(pygame.K_r)
    driver.frames(3)
    assert table.controller.frame().centre.announcement is not None
    assert bright_pixels(driver.pixels(), dora) == 0



# Ura dora lie under the dora indicator until a riichi hand wins: nothing before the win may
# count them. The waits strip and the ron prompt value a ron without ura (the prompt says ura
# may add more); game/app/play/wait_strip.py and TableController.ron_worth.
URA_INDICATOR = "6p"



"""Makes the example hand's 777p three ura dora: 1m's 2 han 40 fu would read as mangan."""



def after_ippatsu(driver, ura: str):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID), ura=ura)
    driver.frame()
    flip_dora(driver, table)
    drag_example_hand(driver, table)
    driver.press(driver.button("Confirm"))
    driver.wait_until(lambda: table.mode() == "discard")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    driver.wait_until(lambda: table.mode() == "discard")
    return table



def test_the_waits_strip_does_not_count_the_hidden_ura_dora(driver):
    table = after_ippatsu(driver, URA_INDICATOR)
    assert table.session.kyoku.ura_indicator is not None
    strip = table.controller.frame().private.strip
    values = {w.code: w.value for w in strip.waits}
    assert values["1m"] == "2 han 40 fu", values
    assert [w.code for w in strip.waits if w.clears] == ["4m"]



def test_the_ron_prompt_values_the_ron_without_ura(driver):
    table = after_ippatsu(driver, URA_INDICATOR)
    one_man = next(t for t in range(4) if t not in table.session.view(0).hand)
    worth = table.controller.ron_worth(0, 1, one_man)
    yaku, value = re.fullmatch(r"Yaku: (.*) — (\d+) han 40 fu.*", worth).groups()
    assert int(value) == sum(int(han) for han in re.findall(r" (\d+)", yaku)), worth
    assert "man" not in worth, worth  # riichi, ippatsu, iipeikou: 3 han, below mangan


# Solo play: from the title to a hand's result against an opponent agent, all by synthetic
# input; the AI seat is wired to `game.ai.make_agent`.
@pytest.fixture
def scripted_opponent(monkeypatch):
    """The AI seat played by a scripted agent, so the test does not depend on AI strength."""
    made = []

    def make_agents(humans, players, level_of, seed):
        agents = {seat: ScriptedAgent() for seat in range(players) if seat not in humans}
        made.append((humans, {seat: level_of(seat) for seat in agents}, agents))
        return agents

    monkeypatch.setattr(match_setup, "make_agents", make_agents)
    monkeypatch.setattr(title, "ai_available", lambda: True)
    return made


def test_a_whole_solo_hand_is_played_by_mouse_to_the_result(driver, scripted_opponent):
    driver.press(driver.button("Hard"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert scripted_opponent[0][:2] == ((0,), {1: "hard"})
    assert table.session.name(1) == "Hard AI" and table.viewer == 0
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    kyoku = table.session.kyoku
    actions = [line for line in table.session.match.record if line["type"] == "action" and line["seat"] == 0]
    assert {line["action"] for line in actions} >= {"build", "discard"}
    ending = [e for e in kyoku.history if isinstance(e, Won | ExhaustiveDraw)]
    assert len(ending) >= 1
    if kyoku.result.drawn:
        assert result.heading == "Exhaustive draw — no one won"
    else:
        assert "wins by ron" in result.heading
    driver.look()
    driver.key(13)  # Enter: the next hand
    assert table.session.match.kyoku_number == 2 and driver.top is table


def test_the_solo_seat_plays_against_make_agent_of_the_chosen_level(monkeypatch):
    requested = []

    class Module:
        @staticmethod
        def make_agent(level, seed):
            requested.append((level, seed))
            return ScriptedAgent()

    monkeypatch.setitem(__import__("sys").modules, "game.ai", Module)
    agents = match_setup.make_agents((0,), 2, lambda seat: "easy", 40)
    assert list(agents) == [1] and requested == [("easy", 41)]


def test_a_hand_against_the_real_ai_reaches_the_result(driver):
    if not match_setup.ai_available():
        pytest.skip("game.ai does not offer make_agent in this copy")
    driver.press(driver.button("Easy"))
    table = driver.app.stack.scenes[0]
    assert type(table.session.players[1]).__module__.startswith("game.ai")
    result = play_to_result(driver, table)
    assert result.frame == table.controller.result_frame()


# Three and four players in the window, by synthetic input: whole hands to the result, rons in
# turn order (a double ron with `multiple_ron = all`, a head bump that passes on to the next
# seat), every frame private with several people, and Continue of their saves.
FACE = (246, 242, 228)
BOTTOM_AREA = pygame.Rect(100, 606, 1100, 194)

# Walls of the rons on 5z: seat 1 and seat 2 each wait on it with a tanki.
SOUTH_HAND = "456m789m456s789s5z"
WEST_HAND = "567m678p345s222p5z"


def solo_table(app, preset: str, agents: dict[int, ScriptedAgent], deal=None, **changes) -> TableScene:
    match = Match(Rules.preset(preset, **changes), seed=3)
    match.next_kyoku(deal, dealer=0) if deal is not None else match.next_kyoku(dealer=0)
    session = Session(match, SeatPlan.solo(match.rules.players, "normal"), agents, app.executor)
    Flow(app).table(session)
    return app.stack.top


def test_a_whole_three_player_hand_is_played_by_synthetic_input_to_the_result(driver):
    table = solo_table(driver.app, "three_player", {1: ScriptedAgent(), 2: ScriptedAgent()})
    driver.frame()
    assert table.mode() == "dora"
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    kyoku = table.session.kyoku
    assert kyoku.dora_indicator is not None and kyoku.phase is Phase.END
    assert sum(len(river) for river in kyoku.rivers) >= 3


def test_a_whole_four_player_hand_is_played_by_synthetic_input_to_the_result(driver):
    table = solo_table(driver.app, "four_player", {seat: ScriptedAgent() for seat in (1, 2, 3)})
    driver.frame()
    assert table.mode() == "build"  # no side wall, no dora to flip
    result = play_to_result(driver, table)
    assert isinstance(result, ResultScene)
    assert table.session.kyoku.phase is Phase.END


def crafted_four(driver, rules_changes, agents, human_hand):
    deal = crafted_deal({0: HUMAN_WALL, 1: SOUTH_HAND, 2: WEST_HAND, 3: "5z"})
    table = solo_table(driver.app, "four_player", agents, deal, **rules_changes)
    driver.frame()
    table.helpers[0].wait_until_ready(timeout=30)
    table.builds[0].replace(_pick(table.builds[0].wall, human_hand))
    driver.frame()
    driver.press(driver.button("Confirm"))
    while isinstance(driver.top, Dialog):
        driver.press(driver.button("Build it anyway"))
    driver.wait_until(lambda: table.mode() == "discard")
    return table


def _pick(wall, hand):
    from game.engine.tiles import parse_tiles, pick_ids

    return pick_ids(parse_tiles(hand, red_fives=False), wall, False)


def click_pool_tile(driver, table, code):
    view = table.session.view(0)
    index = next(i for i, tile in enumerate(view.pool) if format_tiles([tile], False) == code)
    driver.click(table.pool_controls.rect(index, len(view.pool)).center)


def test_a_double_ron_with_multiple_ron_all_pays_both_winners_on_the_result(driver):
    agents = {1: ScriptedAgent(hand=SOUTH_HAND), 2: ScriptedAgent(hand=WEST_HAND), 3: ScriptedAgent(avoid=["5z"])}
    table = crafted_four(driver, {"multiple_ron": "all"}, agents, EXAMPLE_HAND)
    click_pool_tile(driver, table, "5z")
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=300)
    result = driver.top
    wins = table.session.kyoku.result.wins
    assert [(w.seat, w.discarder) for w in wins] == [(1, 0), (2, 0)]
    session = table.session
    south, west, east = session.wind(1), session.wind(2), session.wind(0)
    assert result.heading == f"{south} and {west} win by ron on {east}'s discard"
    gains = session.match.settlements[-1].gains
    assert gains[1] > 0 and gains[2] > 0 and gains[0] == -(gains[1] + gains[2])
    words = result.frame.payments
    assert words.startswith(f"{east} pays {south} {amount(gains[1])} points, {west} {amount(gains[2])} points")
    assert words.endswith(f"{amount(-gains[0])} points in all")
    assert all("renhou" in {y.name for y in w.assessment.value.yaku} for w in wins)
    driver.frame()
    panel = shot(driver, "result_double_ron").subsurface(layout.RESULT_PANEL)
    assert pygame.mask.from_threshold(panel, FACE, (10, 10, 10, 255)).count() > 2000  # both hands shown


def test_with_head_bump_a_pass_hands_the_ron_to_the_next_seat_in_turn_order(driver):
    # North (seat 3) discards 5z: East (you, seat 0) is offered it first and passes; South takes it.
    agents = {1: ScriptedAgent(hand=SOUTH_HAND, avoid=["5z"]), 2: ScriptedAgent(avoid=["5z"]),
              3: ScriptedAgent(discards=["5z"])}
    table = crafted_four(driver, {}, agents, "111222333m777p5z")
    assert table.session.rules.multiple_ron == "head_bump"
    driver.click(layout.pool_rect(0, 21).center)  # East's first discard: a 4m nobody waits on
    driver.wait_until(lambda: isinstance(driver.top, Dialog), frames=600)
    assert driver.top.title == "Ron?" and driver.top.tiles == ["5z"]
    assert table.session.kyoku.pending_ron == [0, 1]
    driver.look()
    driver.key(pygame.K_p)
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=300)
    wins = table.session.kyoku.result.wins
    assert [(w.seat, w.discarder) for w in wins] == [(1, 3)]
    driver.frame()
    shot(driver, "result_head_bump_passed_on")
    assert table.session.view(0).furiten
    assert f"{table.session.wind(1)} ({table.session.name(1)}) wins by ron" in driver.top.heading


def privacy_over_every_frame(driver, players: int) -> None:
    driver.app.change_settings(driver.app.settings.with_changes(
        rules=Rules.preset({3: "three_player", 4: "four_player"}[players])))
    driver.screens.title()
    driver.frame()
    driver.press(driver.button({3: "Three players", 4: "Four players"}[players]))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.controller.hotseat
    helper_area = layout.for_players(players).helper
    checked = {"curtain": 0, "private": 0}
    seen = set()

    def check_frame() -> None:
        curtain = next((s for s in driver.app.stack.scenes if isinstance(s, CurtainScene)), None)
        layer = pygame.Surface(driver.app.screen.get_size())
        table.draw(layer)
        frame = table.controller.frame()
        if curtain is not None:
            checked["curtain"] += 1
            assert table.shown_private_seat is None and frame.private is None
            assert pygame.mask.from_threshold(layer.subsurface(BOTTOM_AREA), FACE, (10, 10, 10, 255)).count() == 0
            if frame.seats and all(not s.river for s in frame.seats):
                helper = layer.subsurface(helper_area)
                assert pygame.mask.from_threshold(helper, FACE, (10, 10, 10, 255)).count() == 0
            return
        seat = table.shown_private_seat
        if seat is None:
            return
        checked["private"] += 1
        seen.add(seat)
        assert seat == table.viewer == table.bottom and seat in table.session.waiting_on()

    original = driver.frame

    def checked_frame(events=(), dt=1 / 60):
        original(events, dt)
        check_frame()

    driver.frame = checked_frame
    for _move in range(1500):
        if isinstance(driver.top, ResultScene):
            break
        answer(driver, table)
    assert isinstance(driver.top, ResultScene)
    assert checked["curtain"] > 10 * players and seen == set(range(players))


def test_no_frame_shows_a_persons_tiles_to_the_others_with_three_people(driver):
    # Four people are checked without pixels (tests/test_table_controller.py
    # test_with_several_people_nothing_private_is_shown_until_the_curtain_is_lifted asserts the
    # same of every frame); the pixels here and in tests/ui/test_curtain.py check the drawing.
    privacy_over_every_frame(driver, 3)


def scripted_ai(monkeypatch):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level_of, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    monkeypatch.setattr("game.app.scenes.title.ai_available", lambda: True)


def leave_and_continue(driver) -> TableScene:
    """Back to the title by the menu, then Continue: the table the save makes again."""
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Title"))
    assert isinstance(driver.top, TitleScene)
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    assert isinstance(resumed, TableScene)
    driver.frame()
    return resumed


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_a_match_left_during_a_build_continues_from_the_title(driver, monkeypatch, preset):
    scripted_ai(monkeypatch)
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset(preset)))
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Normal"))
    table = driver.app.stack.scenes[0]
    players = table.session.rules.players
    if table.mode() == "dora":
        answer(driver, table)
    driver.wait_until(lambda: all(table.session.view(0).built[1:]))
    assert table.mode() == "build" and SaveSlot(driver.app.files.data_dir).exists()
    resumed = leave_and_continue(driver)
    assert resumed is not table and resumed.session.rules.players == players
    assert resumed.session.view(0).built == (False, *[True] * (players - 1))
    assert resumed.session.name(1) == "Normal AI"
    driver.frame()
    assert resumed.mode() == "build"
    assert isinstance(play_to_result(driver, resumed), ResultScene)


def test_a_pending_ron_is_asked_again_after_continue(driver, monkeypatch):
    scripted_ai(monkeypatch)
    agents = {1: ScriptedAgent(hand=SOUTH_HAND, avoid=["5z"]), 2: ScriptedAgent(avoid=["5z"]),
              3: ScriptedAgent(discards=["5z"])}
    table = crafted_four(driver, {}, agents, "111222333m777p5z")
    driver.click(layout.pool_rect(0, 21).center)
    driver.wait_until(lambda: isinstance(driver.top, Dialog), frames=600)
    SaveSlot(driver.app.files.data_dir).save(table.session.plan, table.session.match)
    driver.screens.title()
    driver.frame()
    driver.press(driver.button("Continue"))
    resumed = driver.app.stack.scenes[0]
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    assert driver.top.title == "Ron?" and driver.top.tiles == ["5z"]
    assert resumed.session.kyoku.pending_ron == [0, 1]


def test_the_keyboard_flips_the_dora_on_the_one_side_wall_of_three_players(driver):
    table = solo_table(driver.app, "three_player", {1: ScriptedAgent(), 2: ScriptedAgent()})
    driver.frame()
    assert table.mode() == "dora"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    flipped = [e for e in table.session.view(0).events if isinstance(e, DoraFlipped)]
    assert [(e.wall, e.stack) for e in flipped] == [(3, 9)]  # the left wall's stacks count down the screen


def test_without_a_floor_the_helper_and_prompts_speak_of_yaku_not_mangan(driver):
    table = solo_table(driver.app, "four_player", {seat: ScriptedAgent() for seat in (1, 2, 3)})
    driver.frame()
    helper = table.helpers[0]
    helper.wait_until_ready(timeout=30)
    table.builds[0].replace(helper.suggest([]))
    report = table.helper_report()
    assert report.tenpai and report.mangan_tenpai
    headline, can_win = tenpai_verdict(report, table.controller.frame().floor)
    assert can_win and "mangan" in headline and "no mangan floor" in headline
    assert all("floor" not in wait_verdict(line, False)[0] for line in report.waits)
    assert {wait_verdict(line, True)[0] for line in report.waits} <= {"clears floor", "below floor", "never comes"}
    dialog = prompts.build_anyway(driver.app, True, lambda: None, floor=False)
    assert "mangan" not in dialog.message and "yaku" in dialog.message
# Every decision's clock in network play (issue #32 points 3 and 6): the joined screen shows
# its seat's clock for the dora flip and the ron question (the host's time left, less the
# message's way), the host's screen the clock of a remote seat it waits for; a local table
# has none for them.

CLOCK_TEXT = re.compile(r"\d+:\d\d")


def clocks_drawn(driver, monkeypatch) -> list[str]:
    """The clocks ('1:59') drawn in the next frame."""
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    return [text for text in drawn if CLOCK_TEXT.fullmatch(text)]


def joined_table(driver, table) -> None:
    driver.screens.joined_table(table)
    driver.frame()


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_joined_screen_shows_its_seats_clock_for_the_dora_flip_and_the_ron_question(driver, monkeypatch,
                                                                                       language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku(dealer=SEAT)
    clock = Clock()
    clock.now = 1000.0
    joined_table(driver, RemoteTable(heard(match, at=clock.now, latency_s=0.5), driver.app.executor, clock=clock))
    table = driver.top
    assert table.mode() == "dora"
    assert clocks_drawn(driver, monkeypatch) == ["2:00"]  # 120 s less the message's way (0.25 s)
    shot(driver, f"clock_joined_dora_{language}")

    _match, ron = to_ron(driver.app.executor, clock)
    joined_table(driver, ron)
    driver.wait_until(lambda: isinstance(driver.top, Dialog), frames=10)  # once the discard has landed
    question = driver.top
    assert isinstance(question, Dialog) and question.title == _("Ron?") and ron.mode() == "ron"
    clock.now += 61.0
    assert clocks_drawn(driver, monkeypatch) == ["0:59", "0:59"]  # on the table, and in the question's corner
    shot(driver, f"clock_joined_ron_{language}")
    clock.now += 60.0
    driver.frames(2)
    assert driver.top is not question and not isinstance(driver.top, Dialog)  # out of time: not asked again
    assert ron.mode() == "watch" and ron.take_outbox() == []


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
def test_the_joined_screen_shows_the_clock_of_the_seat_it_waits_for_as_the_hosts_screen_does(driver, monkeypatch,
                                                                                            preset, language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language, window_size=(1024, 640)))
    match = waiting_for_the_other(Phase.DISCARD, preset)
    clock = Clock()
    clock.now = 1000.0
    joined_table(driver, RemoteTable(heard(match, at=clock.now, latency_s=0.5, others={0: 75.0}),
                                     driver.app.executor, clock=clock))
    assert driver.top.mode() == "watch"
    assert clocks_drawn(driver, monkeypatch) == ["1:15"]  # seat 0's: 75 s less the message's way (0.25 s)
    shot(driver, f"clock_joined_other_{preset}_{language}")
    clock.now += 70.0
    assert clocks_drawn(driver, monkeypatch) == ["0:05"]


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_hosts_screen_shows_the_clock_of_a_remote_seats_dora_flip_and_ron_question(driver, monkeypatch,
                                                                                     language):
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    for name, (controller, _hosted, _wire) in (("dora", hosted_table(dealer=1)),
                                                ("ron", hosted_table(match=remote_ron()))):
        driver.screens.table(controller.session)
        table = driver.top
        assert isinstance(table.controller, TableController) and table.session.waiting_on() == [1]
        assert clocks_drawn(driver, monkeypatch) == ["2:00"]
        shot(driver, f"clock_host_{name}_{language}")


def test_a_local_table_draws_no_clock_for_the_dora_flip_or_the_ron_question(driver, monkeypatch):
    table = crafted_table(driver.app, ScriptedAgent(discards=["4m"], avoid=AVOID))
    driver.frame()
    assert table.mode() == "dora" and clocks_drawn(driver, monkeypatch) == []
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    assert driver.top.title == "Ron?" and clocks_drawn(driver, monkeypatch) == []


def hosted_with_the_menu_open(driver, **table) -> tuple[TableScene, HostedTable]:
    """A table hosted here with a seat at another computer (no network: `hosted_table`), its
    menu opened by its person."""
    controller, hosted, _wire = hosted_table(**table)
    driver.screens.table(controller.session)
    scene = driver.top
    assert isinstance(scene, TableScene)
    driver.frame()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, Dialog) and driver.top.title == "Menu"
    return scene, hosted


def run_for(driver, seconds: float, done=lambda: False) -> None:
    """`seconds` of frames of half a second each (until `done`), and the stand-in's background
    work finished."""
    for _step in range(int(seconds * 2)):
        if done():
            return
        driver.frame(dt=0.5)
        time.sleep(0.001)


def test_under_the_hosts_menu_the_table_goes_on_and_the_stand_in_moves_for_its_person(driver):
    """Issue 32, point 6: at a table with a seat at another computer the host's person cannot
    hold it for ever under the menu: their clock runs, the stand-in moves for them, the
    other computer's moves are played; back at the table they are told what was done."""
    table, hosted = hosted_with_the_menu_open(driver)
    session, menu = table.session, driver.top
    assert session.waiting_on() == [0]  # the person here flips the dora
    assert menu.message.endswith("The table does not wait while this menu is open.")
    shoot_in_every_language(driver, "host_menu", SMALL)
    run_for(driver, MOVE_TIME_S + 10, lambda: session.view(0).phase is not Phase.DORA)
    assert session.view(0).phase is Phase.BUILD and driver.top is menu  # flipped for them
    wall = session.kyoku.view_for(1).wall
    hosted.table.received(1, Act(BuildHand(1, format_tiles(wall[:13], False))))
    driver.frames(2)
    assert session.kyoku.view_for(1).hand is not None  # the other computer's build is played
    run_for(driver, session.rules.build_time_s + 10, lambda: session.view(0).hand is not None)
    driver.wait_until(lambda: session.view(0).phase is Phase.DISCARD and not session.busy)
    run_for(driver, MOVE_TIME_S + 10, lambda: session.view(0).rivers[0])
    driver.wait_until(lambda: len(session.view(0).rivers[0]) == 1)  # the stand-in's discard
    assert session.waiting_on() == [1] and driver.top is menu
    tile = session.kyoku.view_for(1).legal_actions[0].tile
    hosted.table.received(1, Act(Discard(1, tile)))
    driver.frames(2)
    assert len(session.view(0).rivers[1]) == 1  # the other computer's discard is played
    driver.key(pygame.K_ESCAPE)  # back at the table: told what the stand-in did
    driver.wait_until(lambda: table.card is not None, frames=30)
    # On a card: the clock runs here for the people at the other computers, a dialog would cost time.
    assert driver.top is table and str(table.card.text).startswith("Time is up: your hand was completed")
    driver.frames(2)
    assert ["discarded for you" in str(card.text) for card in table.next_cards] == [True]  # read next


def test_under_the_menu_of_a_local_table_nothing_moves(driver):
    """A table of this computer alone waits under its menu: no clock, no move."""
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID), rules=Rules.preset("kaiji", discard_time_s=30))
    driver.frame()
    flip_dora(driver, table)
    driver.key(pygame.K_ESCAPE)
    before = table.countdown()
    run_for(driver, 400)
    assert table.countdown() == before and table.session.view(0).hand is None and table.mode() == "build"


def test_a_hand_ended_under_the_hosts_menu_is_followed_by_the_next_and_its_result_shown_on_return(driver):
    """As if the host had walked away: the next hand is dealt when the reading time is up,
    and back at the table the result missed comes up, saying the next hand has begun; Next
    goes to it at once."""
    table, hosted = hosted_with_the_menu_open(driver, match=remote_ron(1, hands=2))
    session, menu = table.session, driver.top
    ron = next(action for action in session.kyoku.view_for(1).legal_actions if isinstance(action, Ron))
    hosted.table.received(1, Act(ron))
    driver.wait_until(lambda: session.kyoku_over, frames=5)
    assert driver.top is menu
    hosted.clock.now += READING_TIME_S
    driver.wait_until(lambda: session.match.kyoku_number == 2, frames=5)
    assert driver.top is menu and not session.kyoku_over
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    result = driver.top
    assert isinstance(result, ResultScene) and result.frame.wins, "the hand's result, missed under the menu"
    assert result.news_line is not None and result.news_line.startswith("Hand 2 has begun")
    shoot_in_every_language(driver, "host_missed_result", SMALL)
    driver.press(result.next_button)
    assert driver.top is table and session.match.kyoku_number == 2


def test_the_hosts_ron_question_under_its_menu_runs_out_and_goes(driver):
    """A question about the move, under the menu at a hosted table: its clock runs on, and when
    the stand-in has answered it, it is gone."""
    controller, _hosted, _wire = hosted_table(match=remote_ron(0))
    driver.screens.table(controller.session)
    table = driver.top
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    question = driver.top
    assert question.title == "Ron?" and table.move_question is question
    driver.frames(int(KEY_GUARD_S * 60) + 2)
    driver.key(pygame.K_ESCAPE)  # its own Menu (Esc)
    menu = driver.top
    assert isinstance(menu, Dialog) and menu.title == "Menu"
    run_for(driver, MOVE_TIME_S + 10, lambda: question not in driver.app.stack.scenes)
    assert question not in driver.app.stack.scenes and table.move_question is None and driver.top is menu
    driver.wait_until(lambda: table.session.view(0).phase is not Phase.RON)


def test_at_a_hosted_table_the_curtain_does_not_stop_the_clock_of_the_person_it_calls(driver):
    """People taking turns at the host's screen: the one the curtain calls is on their clock
    while it is up (else they could hold the other computers for ever by not coming); a
    curtain whose move the stand-in made goes, and the table calls for the next one."""
    controller, _hosted, _wire = hosted_table("three_player", (PERSON, PERSON, REMOTE))
    session = controller.session
    driver.screens.table(session)
    driver.frame()
    curtain = driver.top
    assert isinstance(curtain, CurtainScene) and curtain.seat == 0 and session.view(0).phase is Phase.DORA
    run_for(driver, MOVE_TIME_S + 10, lambda: session.view(0).phase is not Phase.DORA)
    assert session.view(0).phase is Phase.BUILD and driver.top is curtain  # flipped for them; now to build
    run_for(driver, (session.rules.build_time_s or MOVE_TIME_S) + 10, lambda: curtain not in driver.app.stack.scenes)
    assert session.view(0).hand is not None  # built for them
    driver.frame()
    assert isinstance(driver.top, CurtainScene) and driver.top.seat == 1  # the next person is called
