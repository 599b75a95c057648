"""Two players at one screen: every frame of a whole hand is checked, and no frame shows
a player's own tiles while the curtain for the other player is up."""
from __future__ import annotations

import pygame
import pytest

import game.app.play.match_setup as match_setup
from game.app.play.match_setup import new_session
from game.app.play.session import PERSON, SeatPlan
from game.app.scenes.curtain import CurtainScene
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.scenes.table import TableScene
from game.app.window import layout
from game.engine.kyoku import Phase
from game.engine.rules import Rules
from tests.ui.autoplay import answer, play_to_result
from tests.ui.scripted import ScriptedAgent

FACE = (246, 242, 228)  # the ivory of a tile face; backs are blue, the felt green



PRIVATE_AREAS = (pygame.Rect(100, 606, 1100, 194), layout.HELPER_PANEL)



def face_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    mask = pygame.mask.from_threshold(surface.subsurface(area), FACE, (10, 10, 10, 255))
    return mask.count()



def test_no_frame_shows_a_players_tiles_while_the_other_players_curtain_is_up(driver):
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene)
    checked = {"curtain": 0, "private": 0}
    seen_private = set()

    def check_frame() -> None:
        curtain = next((s for s in driver.app.stack.scenes if isinstance(s, CurtainScene)), None)
        layer = pygame.Surface(driver.app.screen.get_size())
        table.draw(layer)  # the table as drawn beneath whatever covers it
        if curtain is not None:
            checked["curtain"] += 1
            assert table.shown_private_seat is None
            assert all(face_pixels(layer, area) == 0 for area in PRIVATE_AREAS), "tiles behind the curtain"
            return
        seat = table.shown_private_seat
        if seat is None:
            return
        checked["private"] += 1
        seen_private.add(seat)
        view = table.session.view(seat)
        assert seat == table.viewer == table.bottom
        if view.phase is Phase.DISCARD:
            assert view.turn == seat, "a pool is shown only on its owner's turn"
            # The same detector does see the viewer's own tiles when they may be shown.
            assert face_pixels(layer, PRIVATE_AREAS[0]) > 0

    original = driver.frame

    def checked_frame(events=(), dt=1 / 60):
        original(events, dt)
        check_frame()

    driver.frame = checked_frame
    for _ in range(500):
        if isinstance(driver.top, ResultScene):
            break
        answer(driver, table)
    assert isinstance(driver.top, ResultScene)
    assert checked["curtain"] > 20 and checked["private"] > 20
    assert seen_private == {0, 1}



def test_the_curtain_names_the_player_and_waits_for_them(driver):
    driver.press(driver.button("Two players"))
    curtain = driver.top
    assert isinstance(curtain, CurtainScene)
    table = driver.app.stack.scenes[0]
    dealer = table.session.kyoku.dealer
    assert curtain.heading == f"Pass to East — {table.session.name(dealer)}"
    driver.frames(30)
    assert driver.top is curtain and table.viewer is None
    driver.click((640, 400))
    assert driver.top is table and table.viewer == dealer == table.bottom



def two_people_building(driver) -> TableScene:
    """Two people at this computer: the first past the curtain, the dora flipped, building."""
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    driver.look()
    driver.key(pygame.K_SPACE)
    driver.click(layout.side_stack_rect(3, 8).center)
    driver.wait_until(lambda: table.mode() == "build")
    return table


def build_suggested_and_pass_the_screen(driver, table: TableScene) -> None:
    """The viewer builds the helper's suggestion (below the floor or not) and the other person
    lifts the curtain that comes up."""
    table.helpers[table.viewer].wait_until_ready(timeout=60)
    driver.press(driver.button("Suggest"))
    driver.press(driver.button("Confirm"))
    while isinstance(driver.top, Dialog):
        driver.press(driver.button("Build it anyway"))
    assert isinstance(driver.top, CurtainScene)
    driver.look()
    driver.key(pygame.K_SPACE)


def test_each_player_gets_the_whole_build_time(driver):
    table = two_people_building(driver)
    first = table.viewer
    driver.frames(60, dt=1.0)  # a minute of the first player's three
    assert 115 < table.countdown() <= 120
    build_suggested_and_pass_the_screen(driver, table)
    assert table.viewer != first and table.mode() == "build"
    assert 179 < table.countdown() <= 180



@pytest.mark.parametrize(("seats", "looks_away"), [
    (("you", PERSON), "{other} looks away: your tiles are shown next."),
    (("you", PERSON, "easy"), "{other} looks away: your tiles are shown next."),
    (("you", "hard", PERSON, "easy"), "{other} looks away: your tiles are shown next."),
    (("you", PERSON, PERSON), "Everyone else looks away: your tiles are shown next."),
    (("you", PERSON, PERSON, PERSON), "Everyone else looks away: your tiles are shown next."),
])
def test_the_curtain_says_who_looks_away_at_any_table(driver, monkeypatch, seats, looks_away):
    monkeypatch.setattr(match_setup, "make_agents", lambda humans, players, level_of, seed: {
        seat: ScriptedAgent() for seat in range(players) if seat not in humans})
    rules = Rules.preset({2: "kaiji", 3: "three_player", 4: "four_player"}[len(seats)])
    driver.app.change_settings(driver.app.settings.with_changes(rules=rules))
    plan = SeatPlan.table(seats, ("Ann", "Bo", "Cy", "Di"))
    driver.screens.table(new_session(driver.app.files, driver.app, plan))
    table = driver.top
    driver.frame()
    curtain = driver.top
    assert isinstance(curtain, CurtainScene)
    other = next(table.session.name(seat) for seat in plan.humans if seat != curtain.seat)
    assert curtain.others_look_away == looks_away.format(other=other)
    assert curtain.heading.endswith(f"— {table.session.name(curtain.seat)}")



@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_curtain_names_the_other_person_whole_in_every_language(driver, language):
    """The look-away sentence is long in Japanese: it takes a second line before a name of
    ordinary length is cut ("プレイヤー2" was shown as "プレイヤ…")."""
    driver.app.change_settings(driver.app.settings.with_changes(language=language))
    plan = SeatPlan.table(("you", PERSON), ("", ""))
    driver.screens.table(new_session(driver.app.files, driver.app, plan))
    table = driver.top
    driver.frame()
    curtain = driver.top
    assert isinstance(curtain, CurtainScene)
    other = table.session.name(1 - curtain.seat)
    assert other in curtain.others_look_away and "…" not in curtain.others_look_away
    driver.frame()



def test_keys_on_their_way_do_not_lift_a_curtain_that_has_just_come_up(driver):
    """A Space or Enter pressed for the last move, arriving as the curtain comes up, would show
    the next person's tiles to the one who just played: only keys pressed once the curtain has
    been seen lift it."""
    driver.press(driver.button("Two players"))
    curtain = driver.top
    assert isinstance(curtain, CurtainScene)
    table = driver.app.stack.scenes[0]
    for key in (pygame.K_SPACE, pygame.K_RETURN):
        driver.key(key)
    assert driver.top is curtain and table.viewer is None
    driver.look()
    driver.key(pygame.K_SPACE)
    assert driver.top is table and table.viewer == table.bottom



# Two people at one screen, from one hand to the next: both look at the result, so the
# next hand's first private view (the dealer's wall) waits behind the curtain, even when
# the new dealer was the last to have the screen (a winner who just called ron).
def test_the_next_hand_opens_behind_the_curtain_for_its_dealer(driver):
    driver.app.change_settings(driver.app.settings.with_changes(rules=Rules.preset("kaiji", hands=2)))
    driver.press(driver.button("Two players"))
    table = driver.app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.controller.hotseat
    result = play_to_result(driver, table)
    first_dealer = table.session.kyoku.dealer
    next_dealer = 1 - first_dealer  # the deal alternates
    table.controller.lift_curtain(next_dealer)  # the last to have the screen deals next
    driver.press(result.elements[0])  # Next hand
    assert table.session.match.kyoku_number == 2 and table.session.kyoku.dealer == next_dealer
    driver.frames(3)
    assert isinstance(driver.top, CurtainScene) and driver.top.seat == next_dealer
    assert table.viewer is None and table.controller.frame().private is None
    driver.look()
    answer(driver, table)  # the dealer comes to the screen
    assert table.viewer == next_dealer and table.mode() == "dora"
