"""The helper panel while building: tenpai or not, each wait with its live copies, value,
yaku and whether it clears the floor, warnings; below 13 tiles, the best hands that
hold the selection. Every line wraps within the panel; nothing is cut at its edge."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.play.helper import HelperReport, WaitLine
from game.app.play.wait_strip import BASES
from game.app.views import legible
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.palette import EDGE, GOLD, GOOD, INK, PANEL, SOFT, WARN
from game.app.window.text import Colour, Text
from game.app.words import terms
from game.app.words.i18n import N_, _, format_number, ngettext
from game.engine.tiles import tile_code
from game.engine.wait_chances import Basis

BAD = (255, 120, 90)
WAIT_TILE = 28
SMALL_TILE = 24
PAD = 12
TITLE_ROW = 27
"""From the panel's title to its first line."""
WAIT_ROWS = 2
"""Rows of a suggestion's waits: three suggestions of as many fit in the panel."""


def value_words(line: WaitLine) -> str:
    value = line.value
    if value is None:
        return _("no yaku")
    if value.level is None:
        return terms.han_fu(value.han, value.fu)
    if value.yakuman:
        return terms.level_name(value)
    # Translators: a wait's value: its han and fu, then its limit ("6 han 40 fu, haneman")
    return _("{han} han {fu} fu, {limit}").format(han=value.han, fu=value.fu, limit=terms.limit_name(value))


def draw_helper(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, red_fives: bool,
    panel: pygame.Rect = layout.HELPER_PANEL, floor: bool = True,
) -> None:
    """`floor` False: a table without the mangan floor (4 players), where any tenpai hand
    with a yaku wins: each wait shows its value and no floor verdict."""
    pygame.draw.rect(surface, PANEL, panel, border_radius=10)
    pygame.draw.rect(surface, EDGE, panel, 2, border_radius=10)
    clip = surface.get_clip()
    surface.set_clip(panel.inflate(-4, -4))
    x, y = panel.left + PAD, panel.top + 8
    title = text.draw(surface, _("Helper"), 18, GOLD, (x, y), bold=True)
    if shows_values(report):
        # What its values are, in the waits strip's words (whose values may be another discard's).
        basis, small = _(BASES[Basis.IN_RIICHI]), legible.at_least(13)
        if title.right + PAD + text.font(small).size(basis)[0] <= panel.right - PAD:
            text.draw(surface, basis, small, SOFT, (panel.right - PAD, title.bottom - 2), "bottomright")
    y += TITLE_ROW
    if report.tenpai is None:
        _draw_partial(surface, art, text, report, red_fives, x, y, panel.right - PAD)
    else:
        _draw_full(surface, art, text, report, x, y, panel.right - PAD, floor)
    surface.set_clip(clip)


def shows_values(report: HelperReport) -> bool:
    """Whether the panel shows what a win on some wait is worth (a tenpai hand's, or suggestions')."""
    return bool(report.tenpai) or (report.tenpai is None and report.ready and bool(report.suggestions))


def tenpai_verdict(report: HelperReport, floor: bool) -> tuple[str, bool]:
    """The headline for a tenpai hand, and whether it can win; without a floor, a yaku is enough."""
    if report.luck:
        return _(LUCK_HEADLINES[report.luck]), False
    if not report.mangan_tenpai:
        return _("Tenpai — cannot win"), False
    return (_("Tenpai — can reach mangan") if floor else _("Tenpai — can win (no mangan floor: any yaku)")), True


LUCK_HEADLINES = {
    ("ippatsu",): N_("Tenpai — wins only with ippatsu"),
    ("houtei",): N_("Tenpai — wins only on a final discard"),
    ("houtei", "ippatsu"): N_("Tenpai — wins only with ippatsu or on a final discard"),
    ("renhou",): N_("Tenpai — wins only before your first discard (renhou)"),
}
"""The headline of a hand that reaches mangan only with situational yaku, by those it needs."""


def wait_verdict(line: WaitLine, floor: bool) -> tuple[str, bool]:
    """Beside a wait's value: the floor verdict, none without a floor (the value says it all)."""
    if line.dead:
        return _("never comes"), False
    if not floor:
        return ("", True) if line.value is not None else ("", False)
    return (_("clears floor"), True) if line.clears_floor else (_("below floor"), False)


def _draw_full(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, x: int, y: int, right: int,
    floor: bool,
) -> None:
    if not report.tenpai:
        text.draw(surface, _("Not tenpai"), 20, BAD, (x, y), bold=True)
        y += 30
    else:
        verdict, can_win = tenpai_verdict(report, floor)
        for words in text.wrap(verdict, 18, right - x, bold=True):
            text.draw(surface, words, 18, GOOD if can_win else BAD, (x, y), bold=True)
            y += 24
        y += 6
        for line in report.waits:
            y = _draw_wait(surface, art, text, line, x, y, right, floor)
    width = right - x
    for warning in report.warnings:
        pygame.draw.circle(surface, WARN, (x + 4, y + 10), 3)
        small = legible.at_least(14)
        for row in text.wrap(str(warning), small, width - 14):
            text.draw(surface, row, small, WARN, (x + 14, y))
            y += small + 5
        y += 4


def _draw_wait(surface: pygame.Surface, art: TileArt, text: Text, line: WaitLine, x: int, y: int, right: int,
               floor: bool = True) -> int:
    """Per wait: live copies, value and the floor verdict (if a floor; on a line of its own
    when they do not fit together), then its yaku, wrapped within `right`."""
    surface.blit(art.tile(line.code, WAIT_TILE), (x, y))
    left = x + WAIT_TILE + 10
    # Translators: a wait none of whose copies can still come
    live = _("dead") if line.dead else _("{count} live").format(count=line.live)
    words = _("{live} · {value}").format(live=live, value=value_words(line))
    rect = text.draw(surface, words, legible.at_least(15), INK, (left, y - 2), bold=True)
    verdict, good = wait_verdict(line, floor)
    colour = GOOD if good else BAD
    small = legible.at_least(14)
    row = y + small + 4
    if rect.right + 8 + text.font(small).size(verdict)[0] <= right:
        text.draw(surface, verdict, small, colour, (rect.right + 8, y))
    else:
        text.draw(surface, verdict, small, colour, (left, row))
        row += small + 4
    if line.value is not None:
        yaku = _(", ").join(_("{yaku} {han}").format(yaku=terms.yaku(entry.name), han=entry.han)
                            for entry in line.value.yaku)
        size = legible.at_least(13)
        for words in text.wrap(yaku, size, right - left):
            text.draw(surface, words, size, SOFT, (left, row))
            row += size + 2
    return max(y + 42, row + 4)


def _draw_partial(
    surface: pygame.Surface, art: TileArt, text: Text, report: HelperReport, red_fives: bool, x: int, y: int,
    right: int,
) -> None:
    if not report.ready:
        y = _draw_sentence(surface, text, _("{count} of 13 chosen.").format(count=report.selected), 16, INK,
                           x, y, right)
        coming = _("Suggestion coming…") if report.suggestion_coming else _("Studying your wall…")
        _draw_sentence(surface, text, coming, 16, SOFT, x, y, right)
        return
    if report.wall_has_tenpai is False:
        _draw_sentence(surface, text, _("This wall cannot make any tenpai hand."), legible.at_least(15), BAD,
                       x, y, right)
        return
    if report.completions == 0:
        y = _draw_sentence(surface, text, _("No tenpai hand holds these tiles."), 16, BAD, x, y, right, bold=True)
        _draw_sentence(surface, text, _("Take some back to see suggestions."), legible.at_least(14), SOFT,
                       x, y - 2, right)
        return
    y = _draw_sentence(surface, text, _hands_from(report), 16, INK, x, y, right)
    if report.suggestions and not report.suggestions_can_win:
        none_win = (_("No hand from your wall can win.") if report.selected == 0
                    else _("None of these hands can win: take some tiles back."))
        y = _draw_sentence(surface, text, none_win, legible.at_least(14), BAD, x, y, right, bold=True)
    else:
        y = _draw_sentence(surface, text, _("Best first (live copies · value); Suggest takes it:"),
                           legible.at_least(14), SOFT, x, y, right)
    for suggestion in report.suggestions:
        y = _draw_tiles(surface, art, [tile_code(t, red_fives) for t in suggestion.added], x, y, right)
        y = _draw_wait_summary(surface, art, text, suggestion.waits, x + 14, y, right) + 6


def _draw_sentence(surface: pygame.Surface, text: Text, words: str, size: int, colour: Colour,
                   x: int, y: int, right: int, bold: bool = False) -> int:
    """`words` wrapped within `right`, each row `size` + 6 px below the last and the next
    line 26 px below the last row, as a single row was always spaced; returns its top."""
    rows = text.wrap(words, size, right - x, bold)
    for row in rows:
        text.draw(surface, row, size, colour, (x, y), bold=bold)
        y += size + 6
    return y - (size + 6) + 26


def _hands_from(report: HelperReport) -> str:
    """How many tenpai hands hold the selection, in one sentence ('3 tenpai hands from these 5 tiles.')."""
    held, count = report.selected, report.completions
    if count is None:  # the rest of the wall is still being ranked
        if held == 0:
            return _("The best tenpai hands from your wall.")
        if held == 1:
            return _("The best tenpai hands from this tile.")
        return _("The best tenpai hands from these {selected} tiles.").format(selected=held)
    if held == 0:
        words = ngettext("{count} tenpai hand from your wall.", "{count} tenpai hands from your wall.", count)
    elif held == 1:
        words = ngettext("{count} tenpai hand from this tile.", "{count} tenpai hands from this tile.", count)
    else:
        words = ngettext("{count} tenpai hand from these {selected} tiles.",
                         "{count} tenpai hands from these {selected} tiles.", count)
    return words.format(count=format_number(count), selected=held)


def _draw_tiles(surface: pygame.Surface, art: TileArt, codes: Sequence[str], x: int, y: int, right: int) -> int:
    step = SMALL_TILE + 1
    per_row = max(1, (right - x - 14) // step)
    for index, code in enumerate(codes):
        row, column = divmod(index, per_row)
        surface.blit(art.tile(code, SMALL_TILE), (x + 14 + column * step, y + row * 36))
    rows = max(1, (len(codes) + per_row - 1) // per_row)
    return y + rows * 36


def _draw_wait_summary(
    surface: pygame.Surface, art: TileArt, text: Text, waits: Sequence[WaitLine], x: int, y: int,
    right: int,
) -> int:
    """The waits of a suggestion, each as tile, live copies and limit, wrapping to a new
    row when the next would pass the panel's edge; at most `WAIT_ROWS` rows, the waits
    beyond them counted ("+9 more": a 13-sided wait), so that every suggestion fits."""
    small = legible.at_least(12)
    font = text.font(small)
    label = text.draw(surface, _("waits"), small, SOFT, (x, y + 2))
    start = max(x + 44, label.right + 6)
    cx, row = start, 1

    def more_words(count: int) -> str:
        # Translators: the waits of a suggested hand not shown for lack of room ("+9 more")
        return _("+{count} more").format(count=format_number(count))

    for index, line in enumerate(waits):
        # Translators: a suggested hand's wait that does not reach the floor
        level = terms.limit_name(line.value) if line.value and line.clears_floor else _("below")
        words = _("{live}·{level}").format(live=line.live, level=level)
        width = 22 + font.size(words)[0]
        after = len(waits) - index - 1
        if cx > start and cx + width > right:
            if row == WAIT_ROWS:
                text.draw(surface, more_words(len(waits) - index), small, SOFT, (cx, y + 2))
                break
            cx, y, row = start, y + 28, row + 1
        if row == WAIT_ROWS and after and cx + width + 8 + font.size(more_words(after))[0] > right:
            text.draw(surface, more_words(after + 1), small, SOFT, (cx, y + 2))
            break
        surface.blit(art.tile(line.code, 20), (cx, y))
        colour = GOOD if line.clears_floor and not line.dead else BAD
        rect = text.draw(surface, words, small, colour, (cx + 22, y + 2))
        cx = rect.right + 8
    return y + 30
