"""The waits strip while discarding: per wait its unseen copies (4 minus those the person
sees, rivers included), its value and whether a ron on it wins; a "cannot win" badge when
no wait wins or none is live. Computed by game/app/play/wait_strip.py, drawn beside the hand."""
from __future__ import annotations

from concurrent.futures import Executor, Future
from dataclasses import replace
from itertools import pairwise

import pygame
import pytest

from game.app.play.helper import BuildHelper
from game.app.play.session import SeatPlan, Session
from game.app.play.table_controller import TableController
from game.app.play.table_mode import TableMode
from game.app.play.wait_strip import NO_YAKU, WaitLine, WaitStrip, wait_strip
from game.app.views import legible, marks
from game.app.views.helper_panel import tenpai_verdict
from game.app.views.pool import STRIP_OFFSET, STRIP_TILE, _wait_value, draw_wait_strip
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.engine.actions import BuildHand, ChooseDora, Discard
from game.engine.kyoku import Kyoku, Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.tiles import parse_tiles, pick_ids
from game.engine.wait_chances import Basis, ron_chances
from tests.scenario_tools import crafted_deal, drive
from tests.test_table_controller import DT, Now
from tests.ui.scripted import ScriptedAgent
from tests.ui.test_centre import Inked
from tests.ui.test_notice_card import Sized
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
    before_riichi = WaitStrip((WaitLine("2m", 3, "3 han 30 fu", False, clears_later=True),),
                              floor=True, furiten=False)
    assert not before_riichi.can_win and before_riichi.verdict == "Cannot win before your riichi"
    assert before_riichi.hand_can_win and before_riichi.winning == ("2m",)
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
    strip = table.controller.wait_strip(0)
    strip_words = [(words, rect) for words, rect in drawn
                   if words.endswith(" left") or words in ("yakuman", "too low", "mangan", "haneman")]
    # Each wait's unseen copies; each value once, neighbouring waits of one value sharing it.
    assert sum(words.endswith(" left") for words, _rect in strip_words) == len(strip.waits) == 5
    assert {words for words, _rect in strip_words if not words.endswith(" left")} == {
        _wait_value(line) for line in strip.waits}
    # Above them, what the values count, in the helper's words: past the ippatsu, a plain riichi ron.
    (caption,) = [(words, rect) for words, rect in drawn if words == "Values: a ron in riichi"]
    strip_words.append(caption)
    assert caption[1].bottom < min(rect.top for words, rect in strip_words if words.endswith(" left"))
    screen = pygame.Rect((0, 0), layout.SCREEN.size)
    assert all(screen.contains(rect) for _, rect in strip_words)
    assert not any(a.colliderect(b) for i, (_, a) in enumerate(strip_words) for _, b in strip_words[i + 1:])



# A hand of many waits (a thirteen-sided thirteen orphans, a nine-sided nine gates) keeps
# the strip legible in every language: every wait labelled with its unseen copies, no label
# running into another or over a tile, no two tiles overlapping, all on the screen beside
# the hand.
THIRTEEN = ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")



GAP = 4



class Recording(pygame.Surface):
    """A surface that remembers where each image went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.images: list[pygame.Rect] = []

    def blit(self, source, dest, *rest, **named):
        rect = super().blit(source, dest, *rest, **named)
        self.images.append(pygame.Rect(dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft,
                                       source.get_size()))
        return rect



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_many_waits_stay_legible(display, language):
    pygame.display.set_mode((1, 1))
    hand_right = layout.hand_rect(12, 13).right
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems = []
        for count in range(6, 14):
            lines = tuple(WaitLine(code, (3, 0, 4, 1)[index % 4], "yakuman", True)
                          for index, code in enumerate(THIRTEEN[:count]))
            surface = Recording(layout.SCREEN.size)
            text = Text()
            words = Inked(text).drawn
            draw_wait_strip(surface, TileArt(), text, WaitStrip(lines, floor=True, furiten=False),
                            hand_right + STRIP_OFFSET)
            tile_size = TileArt().tile("1m", STRIP_TILE).get_size()
            tiles = [image for image in surface.images if image.size == tile_size]  # the rest are words
            assert len(tiles) == count and len(words) >= count, (count, [w for w, _ink in words])
            for index, (word, ink) in enumerate(words):
                if not (ink.left > hand_right and ink.right <= layout.SCREEN.right - 4
                        and ink.bottom <= layout.SCREEN.bottom):
                    problems.append(f"{count} waits: {word!r} {ink} is off the strip")
                problems += [f"{count} waits: {word!r} {ink} runs into {other!r} {other_ink}"
                             for other, other_ink in words[index + 1:] if ink.inflate(GAP, GAP).colliderect(other_ink)]
                problems += [f"{count} waits: {word!r} {ink} lies on a tile {tile}" for tile in tiles
                             if ink.colliderect(tile)]
            problems += [f"{count} waits: tiles {tile} and {other} overlap" for index, tile in enumerate(tiles)
                         for other in tiles[index + 1:] if tile.colliderect(other)]
            problems += [f"{count} waits: a tile {tile} is off the screen" for tile in tiles
                         if not layout.SCREEN.contains(tile)]
        assert problems == [], "\n".join(problems[:20])
    finally:
        i18n.set_language(before)



# The waits strip beside the hand shows every wait's value however many the waits, in every
# language, at the type floor, with the widest values the seat count can show (two seats: the
# limit names, "too low", "no yaku"; three and four, where a wait below mangan still wins:
# "2 han 110 fu" too): one to five waits each of a different value, and one to thirteen waits
# whose values come in one, two or three runs of neighbours (the many-sided waits: their
# waits share values). Each value lies beneath its own waits; no two words, no word and tile,
# no two tiles touch; all stays on the screen, right of the hand, below the pool.
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman", "double yakuman",
          "triple yakuman")



BELOW = ("2 han 110 fu", "1 han 30 fu")



WORD_GAP = 2



"""Clear space round each word."""



def widest(floor: bool) -> list[tuple[str, bool]]:
    """(value, clears) whose words are the widest in the current language, one per wording."""
    shown = [(value, True) for value in LIMITS] + [(NO_YAKU, False)]
    shown += [(value, False) for value in BELOW] if floor else [(value, True) for value in BELOW]
    font = Text().font(legible.smallest())
    words: dict[str, tuple[str, bool]] = {}
    for value, clears in shown:
        words.setdefault(_wait_value(WaitLine("1m", 4, value, clears)), (value, clears))
    return [words[w] for w in sorted(words, key=lambda w: -font.size(w)[0])]



def strips(floor: bool) -> list[tuple[str, WaitStrip]]:
    values = widest(floor)
    found = []
    for count in range(1, 14):
        kinds = [count] if count <= 5 else []
        kinds += [runs for runs in (1, 2, 3) if runs <= count and runs not in kinds]
        for runs in kinds:
            lines = []
            for index, code in enumerate(THIRTEEN[:count]):
                value, clears = values[index * runs // count]
                lines.append(WaitLine(code, (3, 1, 4, 2)[index % 4], value, clears))
            found.append((f"{count} waits in {runs} runs", WaitStrip(tuple(lines), floor=floor, furiten=False)))
    dead = tuple(WaitLine(code, (3, 0, 4, 1)[i % 4], "double yakuman", True) for i, code in enumerate(THIRTEEN))
    found.append(("thirteen waits, some used up", WaitStrip(dead, floor=floor, furiten=False)))
    return found



def runs_of(strip: WaitStrip) -> list[tuple[str, int, int]]:
    runs: list[tuple[str, int, int]] = []
    for index, line in enumerate(strip.waits):
        words = _wait_value(line)
        if runs and runs[-1][0] == words:
            runs[-1] = (words, runs[-1][1], index)
        else:
            runs.append((words, index, index))
    return runs



@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_value_shows_beneath_its_waits(display, monkeypatch, language, players):
    pygame.display.set_mode((1, 1))
    hand_right = layout.hand_rect(12, 13).right
    pool = [layout.pool_rect(index, 21) for index in range(21)]
    badges: list[pygame.Rect] = []
    badge = marks.badge
    monkeypatch.setattr(marks, "badge", lambda *args, **named: badges.append(badge(*args, **named)) or badges[-1])
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems: list[str] = []
        tile_size = TileArt().tile("1m", STRIP_TILE).get_size()
        for name, strip in strips(floor=players == 2):
            # the badge above: "Cannot win: furiten", and its longest, "… furiten until your discard"
            for furiten, ends in ((False, False), (True, False), (True, True)):
                strip = WaitStrip(strip.waits, strip.floor, furiten, ends)
                surface = Recording(layout.SCREEN.size)
                text = Text()
                sized = Sized(text)
                badges.clear()
                draw_wait_strip(surface, TileArt(), text, strip, hand_right + STRIP_OFFSET)
                tiles = [image for image in surface.images if image.size == tile_size]
                drawn = [(words, ink) for words, size, ink in sized.drawn]
                problems += [f"{name}: {words!r} at {size} px" for words, size, _ink in sized.drawn
                             if size < legible.smallest()]
                if len(tiles) != len(strip.waits):
                    problems.append(f"{name}: {len(tiles)} tiles drawn")
                    continue
                bounds = [hand_right + STRIP_OFFSET]
                bounds += [(a.centerx + b.centerx) // 2 for a, b in pairwise(tiles)]
                bounds.append(layout.SCREEN.right)
                values = [(words, ink) for words, ink in drawn if ink.top >= tiles[0].bottom]
                for words, first, last in runs_of(strip):
                    labels = [ink for shown, ink in values if shown == words]
                    if not labels:
                        problems.append(f"{name}: the value {words!r} is not shown")
                    elif not any(bounds[first] <= ink.centerx <= bounds[last + 1] for ink in labels):
                        problems.append(f"{name}: {words!r} {labels} is not beneath its waits")
                if len(drawn) < len(strip.waits) + len(runs_of(strip)):
                    problems.append(f"{name}: {[w for w, _ink in drawn]} leaves out a wait's copies or value")
                for index, (words, ink) in enumerate(drawn):
                    if not (ink.left > hand_right and ink.right <= layout.SCREEN.right - 4
                            and ink.bottom <= layout.SCREEN.bottom):
                        problems.append(f"{name}: {words!r} {ink} is off the strip")
                    problems += [f"{name}: {words!r} {ink} runs into {other!r} {other_ink}"
                                 for other, other_ink in drawn[index + 1:]
                                 if ink.inflate(2 * WORD_GAP, 2 * WORD_GAP).colliderect(other_ink)]
                    problems += [f"{name}: {words!r} {ink} lies on a tile" for tile in tiles if ink.colliderect(tile)]
                problems += [f"{name}: tiles {tile} and {other} overlap" for index, tile in enumerate(tiles)
                             for other in tiles[index + 1:] if tile.colliderect(other)]
                problems += [f"{name}: a tile {tile} is off the screen" for tile in tiles
                             if not layout.SCREEN.contains(tile)]
                problems += [f"{name}: the badge {rect} covers a tile or the pool" for rect in badges
                             if rect.collidelist(tiles + pool) != -1 or not layout.SCREEN.contains(rect)]
        assert problems == [], "\n".join(problems[:20])
    finally:
        i18n.set_language(before)



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_wait_keeps_its_own_value_where_they_fit_apart(display, language):
    """Neighbours of one value share it only when there is no room for each: a hand that
    passed a 2m below the floor keeps 'too low' beneath each of its low waits."""
    pygame.display.set_mode((1, 1))
    hand_right = layout.hand_rect(12, 13).right
    before = i18n.language()
    i18n.set_language(language)
    try:
        for values in (("2 han 40 fu", "2 han 40 fu", "2 han 40 fu", "yakuman", "2 han 40 fu"), ("mangan",) * 4):
            lines = tuple(WaitLine(code, 2, value, value != "2 han 40 fu")
                          for code, value in zip(THIRTEEN, values, strict=False))
            surface = Recording(layout.SCREEN.size)
            text = Text()
            sized = Sized(text)
            draw_wait_strip(surface, TileArt(), text, WaitStrip(lines, floor=True, furiten=False),
                            hand_right + STRIP_OFFSET)
            tiles = [image for image in surface.images if image.size == TileArt().tile("1m", STRIP_TILE).get_size()]
            shown = {_wait_value(line) for line in lines}
            labels = sorted((ink.centerx, words) for words, _size, ink in sized.drawn if words in shown)
            assert [words for _x, words in labels] == [_wait_value(line) for line in lines]
            assert all(abs(x - tile.centerx) < tile.width for (x, _words), tile in zip(labels, tiles, strict=True))
    finally:
        i18n.set_language(before)



# The building helper and the waits strip speak of the same hand: the helper of a plain
# riichi ron (and whether ippatsu or houtei would lift it), the strip of the next discard the
# seat can ron. They must agree wherever they speak of the same ron, at every moment from the
# build on: a hand the helper says can win is never "cannot win" on the strip.
class Idle(Executor):
    """Never studies the wall: a full hand's report needs only its own analysis."""

    def submit(self, fn, /, *args, **kwargs):
        return Future()


OTHER = "19p19s1234567z25p"  # the opponent's hand, far from tenpai
AGREEMENT_CASES = [
    # rules, hand (no dora: the indicator is Haku), the helper's value of each wait
    ({}, "3455567m445566p", "mangan (kiriage)"),  # riichi tanyao pinfu iipeikou: 4 han 30 fu
    ({"kiriage": False}, "3455567m445566p", "4 han 30 fu"),
    ({}, "111m999p444z2355s", "mangan (kiriage)"),  # riichi sanankou, three terminal/honour triplets: 3 han 60 fu
    ({"kiriage": False}, "111m999p444z2355s", "3 han 60 fu"),
    ({}, "234m234p234s67s55p", "mangan"),  # riichi pinfu tanyao sanshoku: 5 han
    ({}, "123m456p789s55p23s", "2 han 30 fu"),  # riichi pinfu: never mangan
]
PHASES = ("built, the other building", "the first player's first turn", "after the first discard",
          "past the ippatsu window")


def helper_report(kyoku: Kyoku, seat: int, hand: str):
    """The helper's report on `hand` as the table makes it: the seat's rons told by its view."""
    wall = kyoku.walls[seat]
    chosen = pick_ids(parse_tiles(hand, red_fives=False), wall, False)
    return BuildHelper(wall, kyoku.seat_wind_kind(seat), kyoku.dora_indicator, kyoku.rules, Idle(),
                       chances=ron_chances(kyoku.view_for(seat))).report(chosen)


def strips_through_the_phases(rules: Rules, seat: int, hand: str) -> tuple[object, list[WaitStrip]]:
    """The helper's report as `seat` builds `hand` (seat 0 the first player), and the strip at each of `PHASES`."""
    match = Match(rules, seed=1)
    match.next_kyoku(crafted_deal({0: hand, 2: OTHER} if seat == 0 else {0: OTHER, 2: hand},
                                  dora=(1, 0, "5z", "6z")), dealer=0)
    kyoku = match.kyoku
    match.apply(ChooseDora(0, 1, 0))
    report = helper_report(kyoku, seat, hand)
    match.apply(BuildHand(seat, hand))
    seen = [wait_strip(kyoku.view_for(seat))]
    match.apply(BuildHand(1 - seat, OTHER))
    seen.append(wait_strip(kyoku.view_for(seat)))
    drive(match, {0: [None]}, until_end=False)
    seen.append(wait_strip(kyoku.view_for(seat)))
    drive(match, {0: [None], 1: [None, None]}, until_end=False)
    assert kyoku.turn == 0 and len(kyoku.rivers[0]) == 2
    seen.append(wait_strip(kyoku.view_for(seat)))
    return report, seen


@pytest.mark.parametrize("seat", [0, 1], ids=["first_player", "second_player"])
@pytest.mark.parametrize(("changes", "hand", "helper_value"), AGREEMENT_CASES,
                         ids=[f"{hand}{'' if changes else '_kiriage'}" for changes, hand, _v in AGREEMENT_CASES])
def test_the_strip_and_the_helper_agree_on_a_hand_from_its_build_on(changes, hand, helper_value, seat):
    rules = Rules.preset("kaiji", **changes)
    report, seen = strips_through_the_phases(rules, seat, hand)
    assert report.tenpai and {terms.limit_name(w.value) for w in report.waits} == {helper_value}
    with_ippatsu = [w.clears_floor or w.luck_only for w in report.waits]  # one han more: ippatsu
    luck = "Wins only with ippatsu or on a final discard" if report.luck else None
    assert report.luck in ((), ("houtei", "ippatsu")) and bool(report.luck) == (any(with_ippatsu)
                                                                                and not report.mangan_tenpai)
    for phase, strip in zip(PHASES, seen, strict=True):
        assert [w.code for w in strip.waits] == [w.code for w in report.waits], phase
        if report.mangan_tenpai:  # the helper says it can win: the strip never says it cannot
            assert strip.hand_can_win and strip.verdict in (None, "Cannot win before your riichi"), phase
            assert set(strip.winning) == {w.code for w in report.waits}, phase
        before_riichi = seat == 1 and phase in PHASES[:2]  # its next ron is on the first player's first discard
        ippatsu = phase != PHASES[-1] and not before_riichi
        if before_riichi:  # no riichi, no ippatsu (renhou is no yaku in Kaiji): maybe too low on that discard
            assert [w.clears_later for w in strip.waits] == with_ippatsu, phase
            assert strip.verdict == (luck or (None if strip.can_win else "Cannot win before your riichi"
                                              if report.mangan_tenpai else "Cannot win: no wait reaches mangan")), phase
        elif ippatsu:  # the opponent's first discard after this seat's riichi
            assert [w.clears for w in strip.waits] == with_ippatsu, phase
            assert strip.verdict == (None if report.mangan_tenpai else luck or "Cannot win: no wait reaches mangan")
        else:  # a plain riichi ron: the helper's value (its "(kiriage)" left out) and verdict
            assert [(terms.limit(w.value), w.clears) for w in strip.waits] == [
                (terms.level_name(w.value), w.clears_floor) for w in report.waits], phase
            assert strip.verdict == (None if report.mangan_tenpai else "Wins only on a final discard" if luck
                                     else "Cannot win: no wait reaches mangan"), phase



# A hand below the floor for a plain riichi ron may still win where the discard adds a yaku:
# with ippatsu (before the seat's own next discard after its riichi) or houtei (on a final
# discard). The strip says where alone it can win, and that agrees with what the engine
# allows on each discard still to come, played to the end of the hand.
IPPATSU_OR_HOUTEI = "Wins only with ippatsu or on a final discard"
HOUTEI = "Wins only on a final discard"
IPPATSU = "Wins only with ippatsu"
TOO_LOW = "Cannot win: no wait reaches mangan"
LUCK_WORDS = {("ippatsu",): IPPATSU, ("houtei",): HOUTEI, ("houtei", "ippatsu"): IPPATSU_OR_HOUTEI}
FOUR_HAN_30_FU = "3455567m445566p"  # riichi tanyao pinfu iipeikou
HELPER_HEADLINES = {
    IPPATSU_OR_HOUTEI: "Tenpai — wins only with ippatsu or on a final discard",
    IPPATSU: "Tenpai — wins only with ippatsu",
    TOO_LOW: "Tenpai — cannot win",
    None: "Tenpai — can reach mangan",
}
LUCK_CASES = [
    # rules, seat (0 the first player), hand, the strip's words in turn from the build to its last chance
    pytest.param({"kiriage": False}, 0, FOUR_HAN_30_FU, [IPPATSU_OR_HOUTEI, HOUTEI], id="4h30-first"),
    pytest.param({"kiriage": False}, 1, FOUR_HAN_30_FU, [IPPATSU_OR_HOUTEI, HOUTEI], id="4h30-second"),
    # riichi sanankou: 3 han 60 fu
    pytest.param({"kiriage": False}, 0, "111m999p444z2355s", [IPPATSU_OR_HOUTEI, HOUTEI], id="3h60-first"),
    pytest.param({"kiriage": False, "houtei": "last_discard_of_hand"}, 0, FOUR_HAN_30_FU, [IPPATSU_OR_HOUTEI, HOUTEI],
                 id="4h30-first-houtei_last_of_hand"),
    # The last discard of the hand is the second player's own: it never rons a houtei.
    pytest.param({"kiriage": False, "houtei": "last_discard_of_hand"}, 1, FOUR_HAN_30_FU, [IPPATSU, TOO_LOW],
                 id="4h30-second-houtei_last_of_hand"),
    pytest.param({"kiriage": False, "riichi_timing": "before_play"}, 1, FOUR_HAN_30_FU, [IPPATSU_OR_HOUTEI, HOUTEI],
                 id="4h30-second-riichi_before_play"),
    pytest.param({"kiriage": False, "floor_counts_situational": False}, 0, FOUR_HAN_30_FU, [TOO_LOW],
                 id="4h30-first-floor_without_situational"),
    pytest.param({}, 0, FOUR_HAN_30_FU, [None], id="kiriage_mangan-first"),  # wins on any discard
    pytest.param({}, 1, "123m456p789s55p23s", [TOO_LOW], id="riichi_pinfu-second"),  # 3 han at best
]


def play_out(rules: Rules, seat: int, hand: str) -> tuple[object, list[WaitStrip], list[int], list[WinContext],
                                                         Kyoku]:
    """`seat` builds `hand` (nothing else waits on its tiles) and the hand is played out: the
    helper's report, the strip before each discard, each discard's seat and the context a ron
    by `seat` on it has (as the engine rules it, after the discard)."""
    match = Match(rules, seed=1)
    match.next_kyoku(crafted_deal({0: hand, 2: OTHER} if seat == 0 else {0: OTHER, 2: hand},
                                  dora=(1, 0, "5z", "6z")), dealer=0)
    kyoku = match.kyoku
    match.apply(ChooseDora(0, 1, 0))
    report = helper_report(kyoku, seat, hand)
    match.apply(BuildHand(seat, hand))
    match.apply(BuildHand(1 - seat, OTHER))
    strips, discarders, contexts = [], [], []
    while kyoku.phase is Phase.DISCARD:
        strips.append(wait_strip(kyoku.view_for(seat)))
        turn = kyoku.turn
        drive(match, {turn: [None]}, until_end=False)
        discarders.append(turn)
        contexts.append(kyoku.win_context(seat, turn))
    return report, strips, discarders, contexts, kyoku


def engine_words(kyoku: Kyoku, seat: int, waits: list[int], contexts: list[WinContext]) -> str | None:
    """What the engine's rulings on the discards still to come say of the hand: where alone
    it can win, or that it cannot (the first context is the next discard's)."""
    def allows(context: WinContext) -> bool:
        rons = [assess_ron(kyoku.hands[seat], kind * 4, context, kyoku.rules) for kind in waits]
        return any(ron.clears_floor and ron.value is not None for ron in rons)

    allowed = [context for context in contexts if allows(context)]
    if not allowed:
        return TOO_LOW
    lucky = [context for context in allowed if not allows(replace(context, ippatsu=False, houtei=False))]
    if len(lucky) == len(allowed):
        return LUCK_WORDS[tuple(name for name in ("houtei", "ippatsu") if any(getattr(c, name) for c in lucky))]
    return None if contexts[0] in allowed else "Cannot win before your riichi"


@pytest.mark.parametrize(("changes", "seat", "hand", "words"), LUCK_CASES)
def test_a_hand_that_wins_only_with_ippatsu_or_houtei_is_told_where_it_can(changes, seat, hand, words):
    rules = Rules.preset("kaiji", **changes)
    report, strips, discarders, contexts, kyoku = play_out(rules, seat, hand)
    waits = list(kyoku.view_for(seat).waits)
    said = []
    for step, strip in enumerate(strips):
        chances = [contexts[k] for k in range(step, len(discarders)) if discarders[k] != seat]
        if not chances:
            break  # its last chance has gone by
        expected = engine_words(kyoku, seat, waits, chances)
        assert strip.verdict == expected, step
        assert strip.hand_can_win == (expected != TOO_LOW), step
        if not said or said[-1] != strip.verdict:
            said.append(strip.verdict)
    assert said == words
    # The helper said the same of the hand while it was built.
    assert report.luck == strips[0].luck
    assert tenpai_verdict(report, floor=True)[0] == HELPER_HEADLINES[words[0]]
    assert any("cannot win" in warning for warning in report.warnings) == (words[0] == TOO_LOW)


RIICHI_PINFU = "123m456p789s55p23s"  # 2 han 30 fu in riichi; with renhou (4 han), no riichi: 5 han
FAR = "19p19s1234567z28p"  # the opponent's hand, far from tenpai, leaving the plain 5-pins to the hand


def test_at_the_table_the_helper_and_the_strip_judge_a_hand_alike():
    # pro_stream counts renhou (4 han): the second player's riichi pinfu, below mangan in riichi
    # with ippatsu or houtei, wins on the first player's first discard, before its own riichi.
    # The helper said "cannot win" while the strip, a moment later, said it could; then both
    # said "can win", as if any discard would do: it wins only before its own first discard.
    match = Match(Rules.preset("pro_stream"), seed=1)
    match.next_kyoku(crafted_deal({0: RIICHI_PINFU, 2: FAR}, red_fives=True, dora=(1, 0, "5z", "6z")), dealer=1)
    controller = TableController(Session(match, SeatPlan.solo(2, "normal"), {1: ScriptedAgent(hand=FAR)}, Now()),
                                 Now())
    for _ in range(50):
        if controller.mode() == TableMode.BUILD:
            break
        controller.update(DT, 0.0)
    wall = controller.session.view(0).wall
    controller.builds[0].replace(pick_ids(parse_tiles(RIICHI_PINFU, red_fives=True), wall, True))
    report = controller.helper_report()
    controller.play(0, BuildHand(0, RIICHI_PINFU))
    for _ in range(50):
        if controller.session.view(0).phase is Phase.DISCARD:
            break
        controller.update(DT, 0.0)
    strip = controller.frame().private.strip
    assert strip.can_win and set(strip.winning) == {"1s", "4s"}
    assert strip.verdict == "Wins only before your first discard (renhou)"
    assert strip.basis_words == "Values: next discard, renhou"
    assert not report.mangan_tenpai and report.luck == strip.luck == ("renhou",)
    assert tenpai_verdict(report, floor=True) == ("Tenpai — wins only before your first discard (renhou)", False)
    assert not any("cannot win" in str(warning) for warning in report.warnings)
    assert any("only before your own first discard" in str(warning) for warning in report.warnings)


# A player's network duel (Kaiji rules, hand 1, East the dealer and first player, dora 8p):
# West built 1122466m334466z (4m: chiitoitsu honitsu), East 33445m23488p567s (2m: pinfu tanyao
# dora 2). The helper said 4m haneman and 2m mangan, the strip under the built hands 4m
# mangan and 2m haneman. Both are right: the helper's values are a plain riichi ron's, the
# strip's the next discard's: for West, East's first, before West's riichi (no riichi han,
# renhou no yaku: 5 han); for East, West's first, with ippatsu (6 han).
DUEL_WALLS = {0: "1122466m334466z111p999s55p1234567z", 2: "33445m23488p567s1m111s789s222z"}


def duel_hand():
    kyoku = Kyoku(Rules.preset("kaiji"), crafted_deal(DUEL_WALLS, dora=(1, 0, "7p", "1p")), dealer=1)
    kyoku.apply(ChooseDora(1, 1, 0))
    return kyoku


@pytest.mark.parametrize(("seat", "hand", "wait", "helper", "strip", "basis"), [
    (0, "1122466m334466z", "4m", "haneman", "mangan", Basis.BEFORE_RIICHI),
    (1, "33445m23488p567s", "2m", "mangan", "haneman", Basis.IPPATSU),
])
def test_the_helper_values_a_riichi_ron_and_the_strip_the_next_discard(seat, hand, wait, helper, strip, basis):
    kyoku = duel_hand()
    view = kyoku.view_for(seat)
    built = pick_ids(parse_tiles(hand, red_fives=False), set(view.wall), False)
    report = BuildHelper(view.wall, kyoku.seat_wind_kind(seat), kyoku.dora_indicator, kyoku.rules,
                         Idle(), chances=ron_chances(view)).report(built)
    assert {line.code: line.value.level_name for line in report.waits}[wait] == helper
    kyoku.apply(BuildHand(0, "1122466m334466z"))
    kyoku.apply(BuildHand(1, "33445m23488p567s"))
    shown = wait_strip(kyoku.view_for(seat))
    assert {line.code: line.value for line in shown.waits}[wait] == strip
    assert shown.basis is basis and shown.basis_words != "Values: a ron in riichi"


def test_after_its_riichi_west_sees_the_ippatsu_value_then_the_riichi_one():
    kyoku = duel_hand()
    kyoku.apply(BuildHand(0, "1122466m334466z"))
    kyoku.apply(BuildHand(1, "33445m23488p567s"))
    kyoku.apply(Discard(1, "1m"))
    kyoku.apply(Discard(0, "1p"))  # West's riichi
    shown = wait_strip(kyoku.view_for(0))
    assert (shown.waits[0].value, shown.basis) == ("haneman", Basis.IPPATSU)  # 7 han
    kyoku.apply(Discard(1, "1s"))
    kyoku.apply(Discard(0, "1p"))
    shown = wait_strip(kyoku.view_for(0))
    assert (shown.waits[0].value, shown.basis) == ("haneman", Basis.IN_RIICHI)  # 6 han, the helper's
    assert shown.basis_words == "Values: a ron in riichi"


def test_a_five_whose_plain_copies_are_all_seen_is_valued_as_the_red_one_left():
    # Red fives on: the seat holds every plain 5p (three in its pool); a ron on 5p can only be
    # on the red one, its own dora, as the helper values it. The strip said one han less.
    rules = Rules.preset("pro_stream")
    kyoku = Kyoku(rules, crafted_deal({0: "123m456s789s11z46p555p", 2: FAR}, red_fives=True,
                                      dora=(1, 0, "5z", "6z")), dealer=0)
    kyoku.apply(ChooseDora(0, 1, 0))
    kyoku.apply(BuildHand(0, "123m456s789s11z46p"))
    kyoku.apply(BuildHand(1, FAR))
    (line,) = wait_strip(kyoku.view_for(0)).waits
    red = assess_ron(pick_ids(parse_tiles("123m456s789s11z46p", red_fives=True), set(range(136)), True), 52,
                     kyoku.next_ron_context(0).without_ura(), rules)
    assert (line.code, line.unseen) == ("5p", 1) and line.value == red.value.level_name == "3 han 40 fu"
