"""The questions and notices the table puts to a player, in words."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.play.session import Notice
from game.app.scene import Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.words.i18n import N_, Later, Message, pgettext
from game.app.words.terms import tile_in_sentence
from game.engine.kyoku import FuritenSpan


def nothing() -> None:
    """The choice that only closes the dialog."""


KEEP = 1
"""The index of the safe choice, the default where pressing on would cost the hand."""


def build_anyway(app: Services, tenpai: bool, build: Callable[[], None], floor: bool = True,
                 clock: Callable[[], float | None] | None = None, luck: tuple[str, ...] = ()) -> Dialog:
    """`floor` False: no mangan floor at this table (4 players), so only a yaku is missing;
    `clock`: the build's time left, which runs on under the question; `luck`: the situational
    yaku without which the hand cannot reach mangan (`HelperReport.luck`), if it can with them."""
    if luck:
        message = Message(LUCK_MESSAGES[luck])
    elif not tenpai:
        message = Message(N_("This hand is not tenpai, so it can never win. Any 13 tiles are allowed; building "
                             "this hand costs nothing more than the chance to win."))
    elif floor:
        message = Message(N_("No live wait of this hand reaches mangan, so it can never win. Any 13 tiles are "
                             "allowed; building this hand costs nothing more than the chance to win."))
    else:
        message = Message(N_("No live wait of this hand wins with a yaku, so it can never win. Any 13 tiles are "
                             "allowed; building this hand costs nothing more than the chance to win."))
    return Dialog(app, Message(N_("Are you sure?")), message,
                  [Choice(Message(N_("Build it anyway")), build), Choice(Message(N_("Keep building")), nothing)],
                  escape=nothing, default=KEEP, clock=clock)


LUCK_MESSAGES = {
    ("ippatsu",): N_("No live wait of this hand reaches mangan without ippatsu, so it can win only in the first "
                     "go-around after your riichi. Any 13 tiles are allowed; building this hand costs nothing more "
                     "than the chance to win later."),
    ("houtei",): N_("No live wait of this hand reaches mangan without houtei, so it can win only on a final "
                    "discard. Any 13 tiles are allowed; building this hand costs nothing more than the chance to "
                    "win before it."),
    ("houtei", "ippatsu"): N_("No live wait of this hand reaches mangan without ippatsu or houtei, so it can win "
                              "only in the first go-around after your riichi or on a final discard. Any 13 tiles "
                              "are allowed; building this hand costs nothing more than the chance to win in between."),
    ("renhou",): N_("No live wait of this hand reaches mangan without renhou, so it can win only before your own "
                    "first discard. Any 13 tiles are allowed; building this hand costs nothing more than the chance "
                    "to win after it."),
}
"""The question's words for a hand that reaches mangan only with situational yaku, by those it needs."""


def discard_own_wait(app: Services, code: str, discard: Callable[[], None],
                     clock: Callable[[], float | None] | None = None) -> Dialog:
    """`clock`: the discard's time left, which runs on under the question."""
    return Dialog(app, Message(N_("Discard a winning tile?")),
                  Message(N_("{tile} is one of your own winning tiles. Discarding it makes you furiten: you could "
                             "never win this hand by ron."), tile=Later(lambda: tile_in_sentence(code))),
                  # Translators: keep the winning tile in the pool (do not discard it)
                  [Choice(Message(N_("Discard it")), discard), Choice(Later(lambda: pgettext("tile", "Keep it")),
                                                                        nothing)],
                  tiles=[code], escape=nothing, default=KEEP, clock=clock)


def ron_or_pass(app: Services, discarder: str, code: str, decide: Callable[[bool], None], worth: str = "",
                furiten: FuritenSpan = FuritenSpan.REST_OF_HAND,
                clock: Callable[[], float | None] | None = None,
                menu: Callable[[], None] | None = None) -> Dialog:
    """`worth`: what the win is worth, in words (yaku, han/fu, limit, payment), if known;
    `furiten`: how long passing keeps the player furiten, as the engine rules it; `clock`:
    the question's time left, where it has a clock (a table at another computer); `menu`:
    opens the table's menu, which the question would hide: its button and Esc open it over
    the question, which is there as it was when the menu closes."""
    lasting = furiten is FuritenSpan.REST_OF_HAND
    if worth and lasting:
        message = N_("{discarder}'s {tile} completes your hand, and the win is allowed. {worth} Passing makes "
                     "you furiten for the rest of the hand.")
    elif worth:
        message = N_("{discarder}'s {tile} completes your hand, and the win is allowed. {worth} You are not in "
                     "riichi yet, so passing makes you furiten only until your own next discard.")
    elif lasting:
        message = N_("{discarder}'s {tile} completes your hand, and the win is allowed. Passing makes you "
                     "furiten for the rest of the hand.")
    else:
        message = N_("{discarder}'s {tile} completes your hand, and the win is allowed. You are not in riichi "
                     "yet, so passing makes you furiten only until your own next discard.")
    question = Dialog(app, Message(N_("Ron?")),
                      Message(message, discarder=discarder, tile=Later(lambda: tile_in_sentence(code)), worth=worth),
                      # Translators: the keys R and P stay as they are
                      [Choice(Message(N_("Ron (R)")), lambda: decide(True), pygame.K_r, "#ron_button"),
                       Choice(Message(N_("Pass (P)")), lambda: decide(False), pygame.K_p)],
                      tiles=[code], unbidden=True, own_keys=True, clock=clock)
    if menu is not None:
        def over_question() -> None:
            app.stack.push(question)  # a choice closes the question first: it comes back beneath the menu
            menu()

        question.choices.append(Choice(Message(N_("Menu (Esc)")), over_question, pygame.K_ESCAPE))
    return question


def notice(app: Services, told: Notice) -> Dialog:
    title = Message(N_("Your winning tile")) if told.tile else Message(N_("Notice"))
    return Dialog(app, title, told.text, [Choice(Message(N_("OK")), nothing)],
                  tiles=[told.tile] if told.tile else [], unbidden=True)
