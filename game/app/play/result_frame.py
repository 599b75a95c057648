"""A plain description of a hand's result, as the result screen draws it: the winning hand
with its winning tile apart, dora and ura indicators, yaku and han, fu, the floor without
ura, ura as a bonus, the limit, the payment and the standings; after a draw, every hand
with its waits and why it did not win.

`result_frame` makes it from the seats' views at the end of the hand, the settlement and
the names, in the language spoken; live play and the theatre both make it. Pure: no
pygame; the screen only cuts players' names to fit (`Named`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.app.play.draw_reasons import draw_reasons
from game.app.play.table_words import seat_wind
from game.app.play.wait_strip import REASONS, never_wins
from game.app.words import terms
from game.app.words.i18n import N_, _, format_amount, pgettext
from game.engine.kyoku import SeatView, Win
from game.engine.match import Settlement
from game.engine.rules import Rules
from game.engine.scoring import WinValue
from game.engine.tiles import kind_code, tile_code

URA = "ura dora"
PAID_TO = {
    # Translators: one winner and what they are paid, in a list ("East 1.5", "South 8,000 points")
    "stakes": N_("{wind} {amount}"),
    "points": N_("{wind} {amount} points"),
    "points_as_dealer": N_("{wind} {amount} points"),
    "units": N_("{wind} {amount} units"),
}
AMOUNT = {"points": N_("{amount} points"), "points_as_dealer": N_("{amount} points"), "units": N_("{amount} units")}
"""A total paid, by settlement; stakes are a bare number."""
NAME = "\0{}\0"
"""Where the name of the n-th seat named goes in words being made (no language's words hold it)."""
NAMES = re.compile("\0([0-9]+)\0")


@dataclass(frozen=True)
class Named:
    """Words with players' names in them, which the screen may cut to fit its room: the
    `parts` between the names of `seats`, in order (one part more than seats; a seat named
    twice is there twice)."""

    parts: tuple[str, ...]
    seats: tuple[int, ...] = ()

    def words(self, names: Sequence[str]) -> str:
        """The words with `names` (one for each of `seats`, in order) put in."""
        pieces = [self.parts[0]]
        for name, part in zip(names, self.parts[1:], strict=True):
            pieces += [name, part]
        return "".join(pieces)


@dataclass(frozen=True)
class WinFrame:
    seat: int
    hand: tuple[str, ...]
    tile: str
    """The winning tile."""
    ura_indicator: str | None
    yaku: tuple[tuple[str, str], ...]
    """The yaku that count toward the floor, each with its worth ('2 han', 'yakuman')."""
    ura: str | None
    """The ura dora's han ('+3 han'), a bonus shown apart; None without any."""
    han_fu: str | None
    """'4 han 30 fu'; None for a yakuman hand, whose han and fu are no count a player says."""
    limit: str | None
    """The limit reached ('haneman'), if any."""
    floor: str | None
    """What the mangan floor made of the win: cleared without ura, or no floor here."""
    band: Named
    """Among several wins on one discard: who, the limit, han and fu, the gain."""
    band_yaku: str
    """Among several wins: its yaku in one line."""


@dataclass(frozen=True)
class DrawnSeat:
    seat: int
    who: Named
    reason: str
    """What kept it from winning."""
    hand: tuple[str, ...]
    waits: tuple[str, ...]
    waits_words: str
    """'waits' over its waits, or 'not tenpai'."""


@dataclass(frozen=True)
class ResultFrame:
    names: tuple[str, ...]
    heading: Named
    wins: tuple[WinFrame, ...]
    """One or more wins on one discard; none after a draw."""
    draws: tuple[DrawnSeat, ...]
    """After an exhaustive draw, every seat."""
    dora_indicator: str | None
    floor_applies: bool
    payments: str
    standings: Named
    next_stake: str | None
    """The next hand's stake, in a staked match not over."""
    over: bool
    """The match is over: next comes its summary."""

    @property
    def drawn(self) -> bool:
        return not self.wins


def result_frame(views: Sequence[SeatView], settlement: Settlement, names: Sequence[str], over: bool) -> ResultFrame:
    """The result of the hand that `views` (every seat's, at its end) show, settled by
    `settlement`; `over` when it was the match's last."""
    view = views[0]
    rules = view.rules
    result = view.result
    assert result is not None
    winds = tuple(seat_wind(view, seat) for seat in range(rules.players))
    red = rules.red_fives
    wins = tuple(_win(win, rules, winds[win.seat], format_amount(settlement.gains[win.seat])) for win in result.wins)
    draws: tuple[DrawnSeat, ...] = ()
    if result.drawn:
        waits = [v.waits for v in views]
        # Each seat's own events say why it did not win (its furiten and misses are private).
        hopeless = [_(REASONS["below_floor" if rules.floor_applies else "no_yaku"])
                    if never_wins(hand, waits[seat], rules, view.seat_wind_kind(seat), view.dora_indicator) else None
                    for seat, hand in enumerate(result.hands)]
        reasons = [draw_reasons(views[seat].events, waits, hopeless)[seat] for seat in range(rules.players)]
        draws = tuple(DrawnSeat(seat, _named(lambda n, w=winds[seat]: _("{wind} ({name})").format(wind=w, name=n[0]),
                                             [seat]),
                                reasons[seat], _codes(hand, red), tuple(kind_code(kind) for kind in waits[seat]),
                                _("waits") if waits[seat] else _("not tenpai"))
                      for seat, hand in enumerate(result.hands))
    stake = None
    if rules.settlement == "stakes" and not over:
        if settlement.next_stake > settlement.stake:
            stake = _("Next stake: {stake} (doubled after the draw)")
        else:
            stake = _("Next stake: {stake}")
        stake = stake.format(stake=format_amount(settlement.next_stake))
    standings = _named(lambda n: "    ".join(
        _("{wind} ({name}): {score}").format(wind=winds[seat], name=n[seat], score=format_amount(score))
        for seat, score in enumerate(settlement.scores)), range(len(settlement.scores)))
    dora = tile_code(view.dora_indicator, red) if view.dora_indicator is not None else None
    return ResultFrame(tuple(names), _heading(result.wins, winds), wins, draws, dora, rules.floor_applies,
                       payment_words(rules.settlement, winds, settlement.gains), standings, stake, over)


def _heading(wins: Sequence[Win], winds: Sequence[str]) -> Named:
    if not wins:
        return Named((_("Exhaustive draw — no one won"),))
    discarder = winds[wins[0].discarder]
    winners = [winds[w.seat] for w in wins]
    if len(wins) == 2:
        return Named((_("{first} and {second} win by ron on {discarder}'s discard").format(
            first=winners[0], second=winners[1], discarder=discarder),))
    if len(wins) == 3:
        return Named((_("{first} and {second} and {third} win by ron on {discarder}'s discard").format(
            first=winners[0], second=winners[1], third=winners[2], discarder=discarder),))
    value = wins[0].assessment.value
    assert value is not None
    heading = _("{wind} ({name}) wins by ron on {discarder}'s discard — {limit}")
    wind, limit = winners[0], terms.limit_name(value)
    return _named(lambda n: heading.format(wind=wind, name=n[0], discarder=discarder, limit=limit), [wins[0].seat])


def _win(win: Win, rules: Rules, wind: str, gain: str) -> WinFrame:
    red = rules.red_fives
    value = win.assessment.value
    assert value is not None
    lines, ura_han = yaku_lines(value)
    floor_words = None
    floor = win.assessment.floor_value
    if is_yakuman_hand(value):
        pass  # a yakuman clears any floor, ura or not
    elif not rules.floor_applies:
        floor_words = _("No mangan floor at this table: any win with a yaku counts.")
    elif floor is not None:
        kept = terms.limit_name(floor) if floor.level is not None else terms.han_fu(floor.han, floor.fu)
        if win.assessment.clears_floor:
            without_ura = _("Without ura: {han} han — {value}, clears the mangan floor")
        else:
            without_ura = _("Without ura: {han} han — {value}, no floor")
        floor_words = without_ura.format(han=floor.han, value=kept)
    if is_yakuman_hand(value):  # the band says yakuman; a yaku's 13 han is no count
        items = [name for name, _han in lines]
    else:
        items = [_("{yaku} {han}").format(yaku=name, han=han) for name, han in lines]
    if ura_han:
        items.append(_("ura dora +{han}").format(han=ura_han))
    return WinFrame(
        seat=win.seat, hand=_codes(win.hand, red), tile=tile_code(win.tile, red),
        ura_indicator=tile_code(win.ura_indicator, red) if win.ura_indicator is not None else None,
        yaku=tuple((name, yaku_worth(value, han, rules.double_yakuman)) for name, han in lines),
        ura=_("+{han} han").format(han=ura_han) if ura_han else None,
        han_fu=None if is_yakuman_hand(value) else terms.han_fu(value.han, value.fu),
        limit=terms.limit_name(value) if value.level is not None else None,
        floor=floor_words,
        band=_named(lambda n: win_band_line(wind, n[0], value, gain), [win.seat]),
        band_yaku=list_separator().join(items),
    )


def _named(compose: Callable[[Sequence[str]], str], seats: Sequence[int]) -> Named:
    """`compose` of the seats' names, kept with a place for each name."""
    pieces = NAMES.split(compose([NAME.format(index) for index in range(len(seats))]))
    return Named(tuple(pieces[::2]), tuple(seats[int(index)] for index in pieces[1::2]))


def _codes(tiles: Sequence[int], red: bool) -> tuple[str, ...]:
    return tuple(tile_code(t, red) for t in sorted(tiles))


def list_separator() -> str:
    # Translators: between the items of a list ("East 8,000, South 4,000"); Japanese 、
    return pgettext("list", ", ")


def yaku_lines(value: WinValue) -> tuple[list[tuple[str, int]], int]:
    """The yaku that count toward the floor, and the ura dora han (a bonus, shown apart)."""
    lines = [(terms.yaku(line.name), line.han) for line in value.yaku if line.name != URA]
    return lines, value.han_of(URA)


def is_yakuman_hand(value: WinValue) -> bool:
    """A hand worth yakuman by its yaku (not a counted one): its han are the library's 13 a
    yakuman, a count no player says ('13 han 0 fu')."""
    return value.yakuman > 0 and not value.kazoe


def yaku_worth(value: WinValue, han: int, double_yakuman: bool) -> str:
    """What one yaku line is worth as a player says it: '2 han', or 'yakuman' for a yakuman
    yaku ('double yakuman' when the table counts it twice)."""
    if is_yakuman_hand(value) and han >= 13:
        return terms.limit("double yakuman" if double_yakuman and han >= 26 else "yakuman")
    return _("{han} han").format(han=han)


def payment_words(settlement: str, winds: Sequence[str], gains: Sequence[float]) -> str:
    """Who pays whom: the discarder pays every winner; with several, the total too."""
    payers = [seat for seat, gain in enumerate(gains) if gain < 0]
    earners = [seat for seat, gain in enumerate(gains) if gain > 0]
    parts = []
    for payer in payers:
        paid = list_separator().join(
            _(PAID_TO[settlement]).format(wind=winds[e], amount=format_amount(gains[e])) for e in earners
        )
        if len(earners) > 1:
            total = format_amount(-gains[payer])
            if settlement in AMOUNT:
                total = _(AMOUNT[settlement]).format(amount=total)
            parts.append(_("{payer} pays {paid}: {total} in all").format(payer=winds[payer], paid=paid, total=total))
        else:
            parts.append(_("{payer} pays {paid}").format(payer=winds[payer], paid=paid))
    # Translators: between the payments of several payers
    return pgettext("payments", "; ").join(parts) if parts else _("No payment")


def win_band_line(wind: str, name: str, value: WinValue, gain: str) -> str:
    """A winner's line among several: who, the limit, han and fu, the gain ('+8,000')."""
    if value.level is None:  # below mangan the limit is its han and fu: say them once
        return _("{wind} ({name}) — {han} han {fu} fu, +{gain}").format(
            wind=wind, name=name, han=value.han, fu=value.fu, gain=gain)
    if is_yakuman_hand(value):  # its han and fu are no count a player says
        return _("{wind} ({name}) — {limit}, +{gain}").format(
            wind=wind, name=name, limit=terms.limit_name(value), gain=gain)
    return _("{wind} ({name}) — {limit}, {han} han {fu} fu, +{gain}").format(
        wind=wind, name=name, limit=terms.limit_name(value), han=value.han, fu=value.fu, gain=gain)
