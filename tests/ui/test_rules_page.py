"""The Rules page: the yaku with their han and an example in tiles, the glossary, plain prose."""
from __future__ import annotations

import pygame
import pytest

from game.app.play.remote_table import RemoteTable
from game.app.scenes.rules_page import HOST_RULES, VIEWPORT, RulesScene, pages
from game.app.words import i18n
from game.app.words.rule_texts import GLOSSARY, YAKU
from game.engine.match import Match
from game.engine.rules import PRESETS, Rules
from game.engine.tiles import parse_tiles


def deepest_parentheses(text: str) -> int:
    depth = deepest = 0
    for character in text:
        if character == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif character == ")":
            depth -= 1
    return deepest



@pytest.mark.parametrize("preset", PRESETS)
def test_no_text_on_the_rules_page_nests_parentheses(preset):
    for block in pages(Rules.preset(preset)):
        for text in (block.body, block.caption):
            assert deepest_parentheses(text) <= 1, text



def test_the_page_lists_every_yaku_with_its_han_and_a_hand_that_wins_on_a_tile_apart():
    yaku_blocks = [block for block in pages(Rules.preset("kaiji")) if block.kind == "yaku"]
    assert len(yaku_blocks) == len(YAKU)
    for yaku, block in zip(YAKU, yaku_blocks, strict=True):
        title, note = block.caption.split("|")
        assert title == f"{yaku.name} {yaku.kanji} · {yaku.han_text}" and note == yaku.note
        assert len(parse_tiles(block.body)) == 13 and len(parse_tiles(block.win)) == 1
    assert {"1 han", "2 han", "3 han", "6 han", "yakuman"} <= {yaku.han_text for yaku in YAKU}



def test_the_page_has_the_glossary_of_the_words_the_game_uses():
    terms = [block.body for block in pages(Rules.preset("kaiji")) if block.kind == "term"]
    assert terms == [entry.term for entry in GLOSSARY]
    for word in ("Riichi", "Furiten", "Dora / ura", "Mangan floor", "Kiriage", "Genbutsu", "Houtei", "Renhou"):
        assert word in terms



def test_the_page_gives_the_furiten_examples_ippatsu_window():
    text = " ".join(block.body for block in pages(Rules.preset("kaiji")))
    assert "riichi + ippatsu + sanankou, 4 han 50 fu" in text
    assert "riichi + houtei + sanankou" in text



def test_the_page_quotes_the_labs_figures():
    blocks = pages(Rules.preset("kaiji"))
    headings = [block.body for block in blocks if block.kind == "heading"]
    assert "What the lab measured" in headings
    text = " ".join(block.body for block in blocks)
    assert "3 hands in 10" in text and "1 in 10" in text and "docs/lab.md" in text



def test_the_yaku_examples_are_drawn_as_tiles_within_the_page(driver):
    scene = RulesScene(driver.app)
    blocks = pages(driver.app.settings.rules)
    first = next(index for index, block in enumerate(blocks) if block.kind == "yaku")
    top = sum(scene._block(None, block, 0) for block in blocks[:first])
    scene.scroll = top
    scene.draw(driver.app.screen)
    area = pygame.Rect(0, 0, scene.view.get_width(), scene._block(None, blocks[first], 0))
    tile_face = pygame.mask.from_threshold(scene.view.subsurface(area), (246, 242, 228), (10, 10, 10, 255))
    assert tile_face.count() > 14 * 200, "the first yaku's 14 tiles are drawn"


def test_the_page_holds_no_picture_larger_than_its_view(driver):
    """The page is drawn as it scrolls into view: a picture of the whole page was some 27 MB."""
    scene = RulesScene(driver.app)
    driver.app.stack.push(scene)
    for key in (pygame.K_PAGEDOWN, pygame.K_END):
        driver.key(key)
        pictures = [value for value in vars(scene).values() if isinstance(value, pygame.Surface)]
        assert pictures and all(picture.get_height() <= VIEWPORT.height for picture in pictures)



# The rules page names the lab as a player who runs the executable types it (17steps lab),
# not as a developer runs the source (python -m game lab), in every language.
@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
def test_the_lab_is_named_by_the_executable_s_command(language):
    i18n.set_language(language)
    try:
        text = " ".join(block.body for block in pages(Rules.preset("kaiji")))
    finally:
        i18n.set_language("en")
    assert "17steps lab" in text
    assert "python -m" not in text


def test_a_page_given_a_hosts_rules_shows_those_not_the_settings_under_its_own_title(driver, monkeypatch):
    host_rules = Rules.preset("four_player", hands=3, discard_time_s=30)
    assert driver.app.settings.rules != host_rules
    scene = RulesScene(driver.app, host_rules, title=HOST_RULES)
    driver.app.stack.push(scene)
    drawn = driver.record_text(monkeypatch)
    driver.frame()
    assert "The host's rules" in drawn and "Rules" not in drawn
    options = [block.body for block in scene.blocks if block.kind == "option"]
    assert "Players: 4 players" in options and "Time per discard: 30 seconds" in options
    assert options != [block.body for block in pages(driver.app.settings.rules) if block.kind == "option"]
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not scene


def rules_options(driver) -> list[str]:
    page = driver.top
    assert isinstance(page, RulesScene)
    return [block.body for block in page.blocks if block.kind == "option"]


def to_the_options(driver) -> None:
    """The page scrolled to the rules in use (for a look at its clocks)."""
    page = driver.top
    first = next(index for index, block in enumerate(page.blocks) if block.kind == "option")
    page.scroll_by(page.tops[first] - 60 - page.scroll)


def menu_rules(driver) -> list[str]:
    """The table's menu (Esc) → Rules: the page's options."""
    driver.frame()
    driver.key(pygame.K_ESCAPE)
    driver.press(driver.button("Rules"))
    return rules_options(driver)


def test_a_network_tables_rules_read_the_hosts_move_time_for_a_clock_the_rules_leave_without_limit(driver):
    """Every decision at a network table has a clock: "No limit" there would be untrue. The
    host's table, a table looked at before sitting down and a joined table read the move time;
    a local table still reads "No limit"."""
    from tests.hosted_table import Host
    from tests.test_remote_table import heard
    from tests.test_table_controller import hosted_table
    from tests.ui.scripted import ScriptedAgent, crafted_table
    from tests.ui.test_join import SMALL, look_at, shoot_in_every_language

    controller, _hosted, _wire = hosted_table()  # kaiji: 3 minutes to build, no limit per discard
    driver.screens.table(controller.session)
    options = menu_rules(driver)
    assert "Time to build: 3 minutes" in options and "Time per discard: 2 minutes (network play)" in options
    to_the_options(driver)
    shoot_in_every_language(driver, "rules_hosted_clock", SMALL)

    match = Match(Rules.preset("kaiji", hands=1), seed=5)
    match.next_kyoku(dealer=0)
    driver.screens.joined_table(RemoteTable(heard(match), driver.app.executor))
    assert "Time per discard: 2 minutes (network play)" in menu_rules(driver)

    crafted_table(driver.app, ScriptedAgent())
    assert "Time per discard: No limit" in menu_rules(driver)

    driver.screens.title()
    table_host = Host(["easy", "person"], wait_s=60)  # its move time: 30 seconds
    try:
        scene = look_at(driver, table_host.address, table_host.code)
        assert scene.table_looked_at is not None
        driver.press(scene.buttons["rules"])
        assert "Time per discard: 30 seconds (network play)" in rules_options(driver)
        to_the_options(driver)
        shoot_in_every_language(driver, "rules_looked_clock", SMALL)
    finally:
        table_host.close()
