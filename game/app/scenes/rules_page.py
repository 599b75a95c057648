"""The rules, readable in the game: how a hand goes, the mangan floor, furiten, payment,
and every option of the preset in use, with tiles drawn as tiles.

The page is laid out once (each block's height) and scrolled (wheel, arrows, Page Up/Down);
each frame draws the blocks in view into a picture of the view's size. A picture of the whole
page was some 27 MB (980 pixels wide, 7,000 high), made at every visit and in every language.

The page shows the rules of the settings, or those it is given, under a title that says
whose: a host's, at a table joined (or looked at before sitting down); the match's at this
computer's table (continued, or its rules changed in the settings since, they are not the
settings' own). At a network table every decision has a clock: a clock the rules leave
without limit reads the host's move time (`rule_texts.clock_choice`), not "No limit".
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.app.scene import Scene, Services
from game.app.views.felt import draw_felt
from game.app.window.palette import GOLD, INK, SOFT
from game.app.words.i18n import N_, _, language
from game.app.words.rule_texts import (
    CLOCK_OPTIONS,
    DORA_TEXT,
    GLOSSARY,
    KAZOE_TEXT,
    OPTIONS,
    RENHOU_TEXT,
    YAKU,
    choice_text,
    clock_choice,
    rules_name,
)
from game.app.words.terms import hand_in_sentence, tile_in_sentence
from game.engine.rules import Rules
from game.engine.tiles import parse_tiles

PAGE_WIDTH = 980
VIEWPORT = pygame.Rect(150, 70, PAGE_WIDTH, 660)
TILE = 40
YAKU_TILE = 28
SCROLL_STEP = 60


@dataclass(frozen=True)
class Block:
    kind: str  # heading, text, tiles, option, yaku, term
    body: str
    caption: str = ""
    win: str = ""
    """A yaku example's winning tile, drawn apart from the hand."""


def pages(rules: Rules, move_time_s: float | None = None) -> list[Block]:
    """The page's contents for `rules`; the same things docs/rules.md says, in short. With
    `move_time_s` (a network table's move time), the clocks as that table runs them."""
    payment = choice_text("settlement", rules.settlement)
    riichi = choice_text("riichi_timing", rules.riichi_timing)
    # The examples' tiles by name ({m9} is 9-man, 九萬): a sentence never shows mpsz.
    tile = {f"{suit}{number}": tile_in_sentence(f"{number}{suit}") for suit in "mpsz" for number in "123456789"}
    waits = hand_in_sentence("12345m")
    blocks = [
        Block("heading", _("17 Steps in one minute")),
        Block(
            "text",
            _("Two players sit opposite at an automatic table that raises four walls of 17 stacks, two "
              "tiles high. The wall in front of you is yours: 34 tiles only you will see. The walls to "
              "the left and right are side walls, used only for the dora."),
        ),
        Block(
            "text",
            _("You choose 13 of your 34 tiles as a riichi hand, then both players take turns to discard "
              "from the 21 tiles left over. There is no drawing, no calling and no tsumo: you can only "
              "win by ron on the other player's discard, and only with a hand worth mangan or more."),
        ),
        Block("heading", _("A hand, step by step")),
        Block(
            "text",
            _("1. The first player, East, picks any upper tile of a side wall and turns it over: the dora "
              "indicator. The dora is the next tile in order. The tile beneath stays hidden: it is the "
              "ura dora indicator, shown only after a win."),
        ),
        Block("tiles", "9m1m", _("indicator {m9}: the dora is {m1}. 9 wraps to 1, {z4} to {z1}, {z7} to {z5}")
              .format(**tile)),
        Block(
            "text",
            _("2. Both players open their own walls and build: any 13 tiles are allowed, but only a tenpai "
              "hand that reaches mangan can win. The helper shows every wait, its live copies and value."),
        ),
        Block(
            "tiles",
            "123m456p789s55p23s",
            _("tenpai on {s1} or {s4}, but riichi + pinfu is only 2 han: it cannot win").format(**tile),
        ),
        Block("text", _("3. Everyone is in riichi, from when this table says: {timing}.").format(
            timing=riichi[0].lower() + riichi[1:])),
        Block(
            "text",
            _("4. Players discard in turn, one tile from their pool, 17 each. The last discard is "
              "outlined. If nobody wins after 17 discards each, the hand is drawn and every hand shown."),
        ),
        Block("heading", _("The mangan floor")),
        Block(
            "text",
            _("A win is allowed only if the hand is worth mangan at that moment, counting riichi, dora "
              "and red fives but never ura dora, which is added afterwards as a bonus. Example: this "
              "hand waits on {waits}.").format(waits=waits),
        ),
        Block("tiles", "1112223334m777p", _("waits {waits}, no dora").format(waits=waits)),
        Block(
            "text",
            _("On {m2}, {m3} or {m5} it is riichi + sanankou, 3 han 50 fu; on {m1} riichi + iipeikou. None "
              "is mangan, so such a tile must be passed — and then even {m4}, suuankou, a yakuman, can no "
              "longer be won.").format(**tile),
        ),
        Block(
            "text",
            _("Except in the ippatsu window (until your own next discard after your riichi declaration) "
              "and on a final discard: there {m2}, {m3} or {m5} is riichi + ippatsu + sanankou, 4 han 50 "
              "fu (or riichi + houtei + sanankou). That is mangan, and the ron is offered.").format(**tile),
        ),
        Block("heading", _("Dead waits and furiten")),
        Block(
            "text",
            _("A wait whose four copies you can all see, in your own 34 tiles and the dora indicator, "
              "can never come: it is dead. A player who discards one of their own winning tiles, or lets "
              "a winning tile pass in riichi, by choice or because it is below mangan, is furiten and can "
              "never ron this hand. A tile let pass before your riichi is furiten only until your own "
              "next discard. Only 17 of your 21 pool tiles are discarded, so at most 4 of your own "
              "winning tiles can be held back safely."),
        ),
        Block("heading", _("Payment")),
        # Translators: the payment option's choice, as a sentence
        Block("text", _("{payment}.").format(payment=payment)),
        Block("heading", _("Yaku in 17 Steps")),
        # Translators: {dora} is the paragraph "Dora, red fives and ura dora add 1 han each…"
        Block("text", _("Every hand is closed and in riichi. Each example wins by ron on the tile set apart. {dora}")
              .format(dora=_(DORA_TEXT))),
    ]
    # Translators: a yaku's heading on the rules page: its name, its kanji, its value; drop {name} or {kanji}
    # where they would say the same thing twice
    heading = _("{name} {kanji} · {value}")
    blocks += [Block("yaku", yaku.hand, heading.format(name=yaku.shown_name, kanji=yaku.kanji, value=yaku.han_text)
                     + "|" + yaku.shown_note, yaku.win)
               for yaku in YAKU]
    blocks += [
        Block("text", _(RENHOU_TEXT)),
        Block("text", _(KAZOE_TEXT)),
        Block("heading", _("Words the game uses")),
    ]
    blocks += [Block("term", entry.term, entry.explanation) for entry in GLOSSARY]
    blocks += [
        Block("heading", _("What the lab measured")),
        Block(
            "text",
            _("By simulation (the lab command, 17steps lab; docs/lab.md): no wall without any tenpai in 10,000; "
              "about 1 wall in 75 holds no mangan hand; with both hands built by the hard AI, a "
              "player's winning tiles are all missing from the opponent's pool in about 3 hands in 10, "
              "and both players' in about 1 in 10, as the professional stream found; a player holds "
              "five or more of the opponent's winning tiles in about 1 deal in 20."),
        ),
    ]
    blocks.append(Block("heading", _("The rules in use: {preset}").format(preset=rules_name(rules))))
    for option, text in OPTIONS.items():
        choice = (clock_choice(option, rules, move_time_s) if option in CLOCK_OPTIONS
                  else choice_text(option, getattr(rules, option)))
        # Translators: a rule option and its current choice ("Players: 2 players")
        shown = _("{option}: {choice}").format(option=text.name, choice=choice)
        blocks.append(Block("option", shown, text.explanation))
    blocks += [
        Block("heading", _("Playing in the window")),
        Block(
            "text",
            _("Mouse: drag or click tiles into your hand, click a pool tile to discard it. Keyboard: "
              "arrows move, Space picks a tile, Enter confirms or discards, S sorts, G suggests, "
              "Esc opens the menu. With two players at one screen, a curtain hides each player's tiles "
              "while the other may be looking."),
        ),
    ]
    return blocks


SETTINGS_RULES = N_("Rules")
MATCH_RULES = N_("This match's rules")
HOST_RULES = N_("The host's rules")


class RulesScene(Scene):
    def __init__(self, app: Services, rules: Rules | None = None, title: str = SETTINGS_RULES,
                 move_time_s: float | None = None) -> None:
        """`rules`: a match's or a host's rules (None: the settings' own); `title`: whose
        they are (an English message, shown translated); `move_time_s`: at a network table,
        the host's move time, which is the clock of a decision the rules give no limit."""
        super().__init__(app)
        self.rules = rules
        self.move_time_s = move_time_s
        self.title = title
        self.view = pygame.Surface(VIEWPORT.size, pygame.SRCALPHA)
        self._lay_out()
        self.scroll = 0

    def enter(self) -> None:
        button = UIButton(
            pygame.Rect(24, 20, 110, 40),
            _("Back (Esc)"),
            self.app.manager,
            object_id=ObjectID(object_id="#back", class_id="@small_button"),
        )
        self.elements.append(button)
        self.back_button = button

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - VIEWPORT.height)

    def _lay_out(self) -> None:
        """The blocks of the page in the language of the moment, each with its top and height."""
        self._language = language()
        self.blocks = pages(self.rules if self.rules is not None else self.app.settings.rules, self.move_time_s)
        self.tops: list[int] = []
        self.heights = [self._block(None, block, 0) for block in self.blocks]
        y = 0
        for height in self.heights:
            self.tops.append(y)
            y += height
        self.height = y + 40

    def _draw_view(self) -> None:
        """The part of the page the view shows at `scroll`: the blocks that reach into it."""
        self.view.fill((0, 0, 0, 0))
        for block, top, height in zip(self.blocks, self.tops, self.heights, strict=True):
            if top < self.scroll + VIEWPORT.height and top + height > self.scroll:
                self._block(self.view, block, top - self.scroll)

    def _block(self, page: pygame.Surface | None, block: Block, y: int) -> int:
        """Draw one block at y (or only measure it, without a page); its height."""
        text = self.app.text
        if block.kind == "heading":
            if page is not None:
                text.draw(page, block.body, 26, GOLD, (0, y + 14), bold=True)
            return 56
        if block.kind == "tiles":
            codes = parse_tiles(block.body)
            if page is not None:
                for index, code in enumerate(codes):
                    page.blit(self.app.art.tile(code, TILE), (20 + index * (TILE + 2), y + 4))
                text.draw(page, block.caption, 15, SOFT, (20, y + TILE * 4 // 3 + 12))
            return TILE * 4 // 3 + 44
        if block.kind == "yaku":
            return self._yaku_block(page, block, y)
        if block.kind == "term":
            lines = text.wrap(block.caption, 16, PAGE_WIDTH - 180)
            if page is not None:
                text.draw(page, block.body, 18, GOLD, (20, y), bold=True)
                for index, line in enumerate(lines):
                    text.draw(page, line, 16, INK, (180, y + 1 + index * 22))
            return max(26, len(lines) * 22) + 10
        if block.kind == "option":
            lines = text.wrap(block.caption, 15, PAGE_WIDTH - 40)
            if page is not None:
                text.draw(page, block.body, 18, INK, (20, y), bold=True)
                for index, line in enumerate(lines):
                    text.draw(page, line, 15, SOFT, (20, y + 26 + index * 20))
            return 30 + len(lines) * 20 + 8
        lines = text.wrap(block.body, 18, PAGE_WIDTH)
        if page is not None:
            for index, line in enumerate(lines):
                text.draw(page, line, 18, INK, (0, y + index * 27))
        return len(lines) * 27 + 12

    def _yaku_block(self, page: pygame.Surface | None, block: Block, y: int) -> int:
        """The yaku's name and value, then its example hand with the winning tile set apart,
        and the note beside it."""
        text = self.app.text
        title, note = block.caption.split("|", 1)
        codes = parse_tiles(block.body)
        tiles_width = (len(codes) + 1) * (YAKU_TILE + 1) + 10
        note_x = 20 + max(tiles_width, 15 * (YAKU_TILE + 1) + 10) + 16
        lines = text.wrap(note, 15, PAGE_WIDTH - note_x - 20)
        if page is not None:
            text.draw(page, title, 17, INK, (20, y), bold=True)
            x = 20
            for code in codes:
                page.blit(self.app.art.tile(code, YAKU_TILE), (x, y + 26))
                x += YAKU_TILE + 1
            page.blit(self.app.art.tile(block.win, YAKU_TILE), (x + 10, y + 26))
            for index, line in enumerate(lines):
                text.draw(page, line, 15, SOFT, (note_x, y + 28 + index * 20))
        return 26 + max(YAKU_TILE * 4 // 3, len(lines) * 20) + 12

    def handle_event(self, event: pygame.event.Event) -> bool:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.app.stack.pop()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -SCROLL_STEP,
                pygame.K_DOWN: SCROLL_STEP,
                pygame.K_PAGEUP: -VIEWPORT.height + 60,
                pygame.K_PAGEDOWN: VIEWPORT.height - 60,
                pygame.K_SPACE: VIEWPORT.height - 60,
                pygame.K_HOME: -self.height,
                pygame.K_END: self.height,
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.stack.pop()
                return True
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def draw(self, surface: pygame.Surface) -> None:
        if self._language != language():  # the page is laid out once per language
            self._lay_out()
            self.scroll_by(0)
        draw_felt(surface)
        self.app.text.draw(surface, _(self.title), 34, GOLD, (640, 16), "midtop", bold=True)
        self._draw_view()
        surface.blit(self.view, VIEWPORT.topleft)
        if self.max_scroll:
            track = pygame.Rect(VIEWPORT.right + 16, VIEWPORT.top, 6, VIEWPORT.height)
            pygame.draw.rect(surface, (40, 80, 60), track, border_radius=3)
            thumb_height = max(30, track.height * VIEWPORT.height // self.height)
            thumb_y = track.top + (track.height - thumb_height) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, GOLD, (track.left, thumb_y, 6, thumb_height), border_radius=3)
        self.app.text.draw(surface, _("Wheel, arrows or Page Up/Down to scroll"), 14, SOFT, (640, 770), "midtop")
