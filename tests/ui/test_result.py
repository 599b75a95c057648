"""The result of a hand: a win shows the hand, the winning tile, the indicators, the yaku
with ura dora apart (never toward the floor), the limit and the payment."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.app.play.result_frame import is_yakuman_hand, win_band_line, yaku_lines, yaku_worth
from game.app.scenes.dialog import Dialog
from game.app.scenes.result import ResultScene
from game.app.words import i18n
from game.engine.scoring import WinValue, YakuLine
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_table import AVOID, build_example_and_wait_for_turn, crafted_table


def ron_with_three_ura_dora(driver):
    """The example hand wins on the opponent's first discard, 2m; the result is on screen."""
    table = crafted_table(driver.app, ScriptedAgent(discards=["2m"], avoid=AVOID), ura="6p")
    driver.frame()
    build_example_and_wait_for_turn(driver, table)
    driver.wait_until(lambda: isinstance(driver.top, Dialog))
    driver.press(driver.button("Ron"))
    driver.wait_until(lambda: isinstance(driver.top, ResultScene), frames=200)
    return table



def test_a_win_with_ura_dora_shows_it_as_a_bonus_beside_the_floor(driver):
    # Ura indicator 6p: the hand's 777p are three ura dora. 2m on the opponent's first
    # discard is riichi + ippatsu + sanankou: mangan before ura, haneman with it.
    table = ron_with_three_ura_dora(driver)
    result = driver.top
    win = table.session.kyoku.result.wins[0]
    lines, ura = yaku_lines(win.assessment.value)
    assert ura == 3 and ("ura dora", 3) not in lines
    assert dict(lines) == {"riichi": 1, "ippatsu": 1, "sanankou": 2}
    assert win.assessment.floor_value.level == "mangan" and win.assessment.value.level == "haneman"
    assert result.heading.endswith("— haneman")
    assert result.frame.payments == "West pays East 1.5"
    # Beneath the result, the revealed ura indicator lies beside the right-hand side wall.
    layer = pygame.Surface(driver.app.screen.get_size())
    table.draw(layer)
    beside_the_wall = layer.subsurface((1120, 140, 98, 520))
    assert pygame.mask.from_threshold(beside_the_wall, (246, 242, 228), (10, 10, 10, 255)).count() > 100



def test_esc_on_the_result_opens_the_tables_menu_and_esc_again_comes_back_to_it(driver):
    """Player test: Esc did nothing on a hand's result, as it opens the menu at the table."""
    from game.app.scenes.pause import PauseMenu

    ron_with_three_ura_dora(driver)
    result = driver.top
    driver.look()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseMenu)
    driver.look()
    driver.key(pygame.K_ESCAPE)
    assert driver.top is result and not result.closed



def test_the_next_stake_is_named_after_every_hand_but_the_match_s_last(driver, monkeypatch):
    from game.engine.match import Match

    table = ron_with_three_ura_dora(driver)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert any(line.startswith("Next stake: ") for line in drawn)
    drawn.clear()
    monkeypatch.setattr(Match, "over", property(lambda self: True))
    driver.app.stack.remove(driver.top)
    driver.app.stack.push(ResultScene(driver.app, table.controller.result_frame, lambda: None))
    driver.frame()
    assert drawn and not any(line.startswith("Next stake") for line in drawn)



# The result's words for several winners and for a match's last hand.
def value(han: int, fu: int, level: str | None) -> WinValue:
    return WinValue(han=han, fu=fu, yaku=(YakuLine("riichi", 1),), level=level, yakuman=0, kazoe=False,
                    base_points=min(fu * 2 ** (2 + han), 2000))



@pytest.mark.parametrize(
    ("win", "line"),
    [
        (value(2, 40, None), "South (Hard AI) — 2 han 40 fu, +2,600"),
        (value(5, 30, "mangan"), "South (Hard AI) — mangan, 5 han 30 fu, +2,600"),
        (value(6, 40, "haneman"), "South (Hard AI) — haneman, 6 han 40 fu, +2,600"),
    ],
)
def test_a_winner_among_several_names_han_and_fu_once(win: WinValue, line: str):
    assert win_band_line("South", "Hard AI", win, "2,600") == line



# A yakuman on the result screen is worth 'yakuman', not the library's '13 han 0 fu'
# (from the Japanese play-through: 国士無双十三面 13翻, 13翻0符).
KOKUSHI = WinValue(han=13, fu=0, yaku=(YakuLine("kokushi musou 13-sided wait", 13),), level="yakuman",
                   yakuman=1, kazoe=False, base_points=8000)



DOUBLE = WinValue(han=26, fu=0, yaku=(YakuLine("kokushi musou 13-sided wait", 26),), level="yakuman",
                  yakuman=2, kazoe=False, base_points=16000)



KAZOE = WinValue(han=13, fu=40, yaku=(YakuLine("riichi", 1), YakuLine("chinitsu", 6), YakuLine("dora", 6)),
                 level="yakuman", yakuman=1, kazoe=True, base_points=8000)



@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")



def test_a_yakuman_yaku_is_worth_yakuman_and_a_counted_one_keeps_its_han():
    assert is_yakuman_hand(KOKUSHI) and not is_yakuman_hand(KAZOE)
    assert yaku_worth(KOKUSHI, 13, double_yakuman=False) == "yakuman"
    assert yaku_worth(DOUBLE, 26, double_yakuman=True) == "double yakuman"
    assert yaku_worth(KAZOE, 6, double_yakuman=False) == "6 han"



def test_in_japanese_the_kokushi_line_says_yakuman(japanese):
    assert yaku_worth(KOKUSHI, 13, double_yakuman=False) == "役満"



def test_a_yakuman_winner_among_several_is_not_given_han_and_fu():
    assert win_band_line("South", "Hard AI", KOKUSHI, "32,000") == "South (Hard AI) — yakuman, +32,000"
    assert "13 han 40 fu" in win_band_line("South", "Hard AI", KAZOE, "32,000")


def test_the_hosts_result_in_network_play_stays_after_next_until_the_joiner_is_ready(driver):
    """The host's Next does not deal while a joined person reads: the result counts down,
    then names them, and goes on by itself once they press Next (their Ready)."""
    from game.net.protocol import Ready
    from tests.test_table_controller import hosted_table, person_moves, remote_ron
    from tests.ui.test_join import shoot_in_every_language

    controller, hosted, _wire = hosted_table(match=remote_ron(0, hands=2))
    controller.update(0.0, 0.0)
    person_moves(controller, 0)  # ron: the hand ends
    controller.show_result()
    went_on: list[bool] = []
    driver.screens.result(controller.result_frame, lambda: went_on.append(True), None, controller.result_gate())
    result = driver.top
    driver.frame()
    assert result.news_line == "The next hand begins in 1:00, or when everyone is ready"
    driver.press(result.next_button)
    driver.frames(5)
    assert driver.top is result and not went_on and not result.next_button.is_enabled
    assert result.news_line == f"Waiting for {controller.names()[1]} to be ready (1:00)"
    shoot_in_every_language(driver, "host_result_waits")
    hosted.table.received(1, Ready(1))
    driver.frame()
    assert went_on == [True] and driver.top is not result


def test_the_hosts_result_says_when_everyone_else_is_ready(driver, monkeypatch):
    """The joiner pressed Next first: the host's result says the next hand waits for it alone,
    on a row of its own, clear of the standings and of the longest next stake (after a draw)."""
    from game.net.protocol import Ready
    from tests.test_table_controller import hosted_table, person_moves, remote_ron
    from tests.ui.test_join import shoot_in_every_language

    controller, hosted, _wire = hosted_table(match=remote_ron(0, hands=2))
    controller.update(0.0, 0.0)
    person_moves(controller, 0)
    controller.show_result()
    driver.screens.result(controller.result_frame, lambda: None, None, controller.result_gate())
    result = driver.top
    hosted.table.received(1, Ready(1))
    driver.frame()
    assert result.news_line == "Everyone else is ready: the next hand begins when you press Next (or in 1:00)"
    shoot_in_every_language(driver, "host_result_everyone_ready")
    drawn = driver.record_drawn(monkeypatch)
    before = driver.app.settings
    try:
        for language in ("en", "ja", "zh_CN"):
            driver.app.change_settings(dataclasses.replace(before, language=language))
            doubled = i18n._("Next stake: {stake} (doubled after the draw)").format(stake="2")
            result.result.frame = dataclasses.replace(result.result.frame, next_stake=doubled)
            drawn.clear()
            driver.frame()
            news = [rect for text, rect in drawn if text.strip() and text in result.news_line]
            others = [rect for text, rect in drawn if text not in result.news_line
                      and rect.bottom > result.panel.bottom - 220]
            assert news and others, language
            assert not any(line.inflate(24, 4).colliderect(other) for line in news for other in others), language
            assert all(result.panel.contains(rect) for rect in news), language
    finally:
        driver.app.change_settings(before)
