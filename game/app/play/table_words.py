"""The table's words: standings on the name plates, the stake, whose move it is, how the
hand ended, and what a ron offered is worth. Pure: made from the engine's values and the
seat's view, in the language spoken; the live table and the theatre say them alike."""

from __future__ import annotations

from collections.abc import Sequence

from game.app.play.table_mode import TableMode
from game.app.words import terms
from game.app.words.i18n import N_, _, format_amount
from game.engine.kyoku import KyokuResult, Phase, SeatView
from game.engine.rules import Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.settlement import ura_may_change_payment, win_amount

STAKE_WORDS = {"stakes": N_("Stake {stake}"), "points": N_("Points"), "points_as_dealer": N_("Points (as dealer)"),
               "units": N_("Units")}
# Translators: a seat's standing on its name plate; {score} is already written as the language writes
# numbers ("25,000", "-1,500", "+2" units, "100.5")
SCORE_WORDS = {"stakes": N_("Bankroll {score}"), "points": N_("{score} points"),
               "points_as_dealer": N_("{score} points"), "units": N_("{score} units")}
SIGNED_STANDINGS = frozenset({"units"})
"""Settlements whose standing is a gain or loss from nothing: written with its sign, +0 too."""
MODE_STATUS = {TableMode.DORA: N_("Flip the dora: click a side-wall tile"),
               TableMode.BUILD: N_("Build your hand: 13 of your 34 tiles"),
               TableMode.DISCARD: N_("Your turn: discard from your pool")}
WAITING_STATUS = {Phase.DORA: N_("{who} flips the dora"), Phase.BUILD: N_("Waiting for {who} to build"),
                  Phase.DISCARD: N_("{who} to discard"), Phase.RON: N_("{who} decides on ron")}
# Translators: a joined table's status while it has lost the host; short, so that it keeps to
# one row of the table's centre panel
HOST_LOST = N_("Connection to the host lost: reconnecting…")
TIME_UP_STATUS = {Phase.DORA: N_("Your time is up: the AI flips the dora for you"),
                  Phase.BUILD: N_("Your time is up: your hand is completed for you"),
                  Phase.DISCARD: N_("Your time is up: the AI discards for you"),
                  Phase.RON: N_("Your time is up: the AI decides on ron for you")}
"""The viewer's own move once its clock ran out and the stand-in makes it (docs/rules.md §3.6)."""
PAYS = {"stakes": N_("{discarder} pays you {amount} from their bankroll."),
        "units": N_("{discarder} pays you {amount} units."),
        "points": N_("{discarder} pays you {amount} points.")}
"""What a ron offered pays, by settlement (points as dealer too: "points")."""
PAYS_MORE = {"stakes": N_("{discarder} pays you {amount} from their bankroll (ura dora may add more)."),
             "units": N_("{discarder} pays you {amount} units (ura dora may add more)."),
             "points": N_("{discarder} pays you {amount} points (ura dora may add more).")}
"""The same where the hidden ura dora could still raise it (game/engine/settlement.py)."""


def seat_wind(view: SeatView, seat: int) -> str:
    """A seat named by its wind ('East'), as the table names seats."""
    return terms.wind(view.seat_winds[seat])


def standing_number(settlement: str, score: float) -> str:
    """A seat's standing as a number alone (the board's column), grouped as the language
    writes numbers and as the result screen writes payments: '25,000', '-1,500', '100.5',
    and '+2' in units."""
    score = score + 0.0  # no '-0'
    number = format_amount(score)
    return "+" + number if settlement in SIGNED_STANDINGS and score >= 0 else number


def score_words(settlement: str, score: float) -> str:
    """A seat's standing on its name plate: 'Bankroll 100', '25,000 points', '+2 units'."""
    return _(SCORE_WORDS[settlement]).format(score=standing_number(settlement, score))


def stake_words(settlement: str, stake: int) -> str:
    """The centre's stake line: 'Stake 2', or what the standings count ('Points')."""
    return _(STAKE_WORDS[settlement]).format(stake=format_amount(stake))


def status(view: SeatView, names: Sequence[str], mode: TableMode, waiting: Sequence[int], busy: bool,
           result_shown: bool, time_up: bool = False) -> str:
    """Whose move it is, in words: the viewer's own (`mode`), or the first seat `waiting`;
    `time_up`: the viewer's clock ran out, its stand-in moves (said to the viewer, as its turn is)."""
    if busy:
        return _("Completing the hand…")
    if mode in MODE_STATUS:
        return _(MODE_STATUS[mode])
    if view.phase is Phase.END and view.result is not None:
        return _("Click or press a key for the result") if not result_shown else _("The hand is over")
    if held_back(view):
        return waiting_for_others(view, names)
    if not waiting:
        return ""
    if time_up and waiting[0] == view.seat and view.phase in TIME_UP_STATUS:
        return _(TIME_UP_STATUS[view.phase])
    # Translators: a seat named by its wind and its player ("East (You)")
    who = _("{wind} ({name})").format(wind=seat_wind(view, waiting[0]), name=names[waiting[0]])
    phrase = WAITING_STATUS.get(view.phase)
    return _(phrase).format(who=who) if phrase else ""


def held_back(view: SeatView) -> bool:
    """The hand waits, and the view does not say for whom (`Kyoku.seen_phase`): the seat's
    turn has come with no discard to make yet, or the last discard is made and the result
    is not there yet."""
    if view.phase is Phase.END:
        return view.result is None
    return view.phase is Phase.DISCARD and view.turn == view.seat and not view.legal_actions


def waiting_for_others(view: SeatView, names: Sequence[str]) -> str:
    """The status while the hand waits for the others, naming no one but the one other seat
    at a table of two."""
    if view.rules.players == 2:
        other = 1 - view.seat
        who = _("{wind} ({name})").format(wind=seat_wind(view, other), name=names[other])
        # Translators: the table's status while the hand waits for the other player; {who} is
        # "East (Kaiji)"
        return _("Waiting for {who}").format(who=who)
    # Translators: the table's status while the hand waits for the other players, not saying which
    return _("Waiting for the other players")


def reconnect_words(name: str, given_up: bool) -> str:
    """The table waits for a seat whose computer has dropped: whom it waits for (`given_up`:
    gone longer than the host waits, its stand-in playing meanwhile)."""
    if given_up:
        # Translators: the host's table, when a person at another computer has been gone for minutes
        return _("{name} has gone: the AI stands in").format(name=name)
    # Translators: the table, while a person at another computer has lost the connection
    return _("Waiting for {name} to reconnect").format(name=name)


def announcement(view: SeatView, result: KyokuResult | None) -> str | None:
    """The end of the hand in words, for the table: who won on whose discard, or the draw."""
    if result is None:
        return None
    if result.drawn:
        return _("Exhaustive draw: no one won")
    discarder = result.wins[0].discarder
    winners = [seat_wind(view, win.seat) for win in result.wins]
    if len(winners) == 1:
        return _("Ron! {winner} on {discarder}'s discard").format(
            winner=winners[0], discarder=seat_wind(view, discarder))
    # Translators: two or three winners on one discard; {winners} lists them ("East and West")
    return _("Ron! {winners} on {discarder}'s discard").format(
        winners=_(" and ").join(winners), discarder=seat_wind(view, discarder))


def ron_worth(hand: tuple[int, ...], tile: int, context: WinContext, rules: Rules, dealer: bool, stake: int,
              discarder: str) -> str:
    """A ron's value in words, as the engine judges it: yaku, han/fu, limit, payment by the
    `discarder` (named by its wind). `context` is the win's; its ura dora, if any, are not
    read (hidden until the win: the seat's own view has none)."""
    # Without the ura dora, hidden until the win: said when it could pay more.
    value = assess_ron(hand, tile, context.without_ura(), rules).value
    if value is None:
        return ""
    lines = value.yaku
    # Translators: between the yaku of a list ("riichi 1, pinfu 1")
    comma = _(", ")
    if value.yakuman and not value.kazoe:
        worth = _("Yaku: {yaku} — {limit}.").format(
            yaku=comma.join(terms.yaku(line.name) for line in lines), limit=terms.level_name(value))
    else:
        yaku = comma.join(_("{yaku} {han}").format(yaku=terms.yaku(line.name), han=line.han) for line in lines)
        if value.level is not None:
            worth = _("Yaku: {yaku} — {han} han {fu} fu, {limit}.").format(
                yaku=yaku, han=value.han, fu=value.fu, limit=terms.level_name(value))
        else:
            worth = _("Yaku: {yaku} — {han} han {fu} fu.").format(yaku=yaku, han=value.han, fu=value.fu)
    amount = win_amount(value, rules, dealer, stake)
    words = PAYS_MORE if ura_may_change_payment(hand, tile, context, rules, dealer, stake) else PAYS
    pays = words.get(rules.settlement, words["points"])
    # Translators: the ron's value, then who pays it
    return _("{worth} {pays}").format(worth=worth, pays=_(pays).format(discarder=discarder,
                                                                       amount=format_amount(amount)))
