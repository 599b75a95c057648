"""The waits strip while discarding: per wait its unseen copies (4 minus those the person
sees, rivers included), its value and whether a ron on it wins; a "cannot win" badge when
no wait wins or none is live. Computed by game/app/play/wait_strip.py, drawn beside the hand."""

from __future__ import annotations

import pygame

from game.app.play.wait_strip import WaitLine, WaitStrip
from game.app.views.pool import _wait_value
from game.app.window import layout
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_centre import Inked
from tests.ui.test_screens import shot
from tests.ui.test_table import (
    AVOID,
    build_example_and_wait_for_turn,
    build_example_hand,
    crafted_table,
)


def test_the_strip_counts_unseen_copies_and_says_which_wait_wins(driver):
    # The example hand 1112223334m777p waits on 1m-5m; only 4m (suuankou tanki) reaches mangan.
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_hand(driver, table)
    strip = table.controller.frame().private.strip
    # Before the dealer's first discard: the next chance to ron is the opponent's discard
    # after it, in riichi (declared with this discard) with ippatsu, which lifts 2m-5m.
    assert [(w.code, w.unseen) for w in strip.waits] == [("1m", 1), ("2m", 1), ("3m", 1), ("4m", 3), ("5m", 4)]
    assert [w.code for w in strip.waits if w.clears] == ["2m", "3m", "4m", "5m"]
    assert {w.code: w.value for w in strip.waits}["4m"] == "yakuman"
    assert strip.can_win and strip.verdict is None
    shot(driver, "waits_strip_two_players")
    driver.click(table.pool_controls.rect(0, len(table.session.view(0).pool)).center)
    driver.wait_until(lambda: table.mode() == "discard")  # the opponent's discard after riichi has passed
    strip = table.controller.frame().private.strip
    assert [(w.code, w.value) for w in strip.waits if w.clears] == [("4m", "yakuman")]
    assert {w.code: w.value for w in strip.waits}["1m"] == "2 han 40 fu"
    shot(driver, "waits_strip_after_ippatsu")


def test_no_live_winning_wait_is_a_clear_cannot_win():
    dead = WaitStrip((WaitLine("4m", 0, "yakuman", True), WaitLine("1m", 2, "2 han 40 fu", False)),
                     floor=True, furiten=False)
    assert not dead.can_win and dead.verdict == "Cannot win: every winning wait is used up"
    low = WaitStrip((WaitLine("1m", 2, "2 han 40 fu", False),), floor=True, furiten=False)
    assert low.verdict == "Cannot win: no wait reaches mangan"
    no_floor = WaitStrip((WaitLine("1m", 2, "no yaku", False),), floor=False, furiten=False)
    assert no_floor.verdict == "Cannot win: no wait has a yaku"
    furiten = WaitStrip((WaitLine("4m", 3, "yakuman", True),), floor=True, furiten=True)
    assert furiten.verdict == "Cannot win: furiten"
    assert WaitStrip((), floor=True, furiten=False).verdict == "Cannot win: not tenpai"


def test_the_strip_fits_beside_the_hand_on_the_screen(driver):
    table = crafted_table(driver.app, ScriptedAgent(avoid=AVOID))
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: table.mode() == "discard")
    drawn = Inked(driver.app.text).drawn  # where the letters lie, not their line boxes
    driver.frame()
    strip_words = [(words, rect) for words, rect in drawn
                   if words.endswith(" left") or words in ("yakuman", "too low", "mangan", "haneman")]
    strip = table.controller.wait_strip(0)
    # Each wait's unseen copies; each value once, neighbouring waits of one value sharing it.
    assert sum(words.endswith(" left") for words, _rect in strip_words) == len(strip.waits) == 5
    assert {words for words, _rect in strip_words if not words.endswith(" left")} == {
        _wait_value(line) for line in strip.waits}
    screen = pygame.Rect((0, 0), layout.SCREEN.size)
    assert all(screen.contains(rect) for _, rect in strip_words)
    assert not any(a.colliderect(b) for i, (_, a) in enumerate(strip_words) for _, b in strip_words[i + 1:])
