"""The menu of a table joined at another computer (Esc): the match goes on at the host; its
Rules are the host's. Leaving asks first, as the host's menu does: the match goes on without
the player, whose seat the host keeps for them to take back with Join while it plays on (a
host that has exited for good is never back: nothing promises the seat); the hands finished
so far go into the player's history as they leave (`RemoteTable.leave`). The rules and the
settings open over the menu and close back to it, which then speaks the language chosen
there, as the host's menu does."""

from __future__ import annotations

from collections.abc import Callable

from game.app.scene import Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.settings import reconnect_window_name
from game.app.words.i18n import N_, Later, Message, pgettext

WIDTH = 820
"""Four choices, "Leave the table" the longest, each on one line."""


def stay() -> None:
    """The menu (or the question) closes, the table goes on."""


def joined_menu(app: Services, rules: Callable[[], None], settings: Callable[[], None],
                title: Callable[[], None], kept_s: float = 120.0, address: str = "",
                left: Callable[[], None] = stay) -> Dialog:
    """The joined table's menu (Esc): the match goes on at the host while it is open.
    `rules`: the host's rules page; `kept_s`: how long the host keeps a seat left for its
    player before its stand-in plays it; `address`: the host's, which the title then names
    as the way back (the Join screen offers it again); `left`: the player leaves on purpose
    (the table keeps the hands played so far in the history: `RemoteTable.leave`)."""
    menu = Dialog(
        app, Message(N_("Menu")),
        Message(N_("The match goes on at the host: when your time runs out, its stand-in moves for you.")),
        [Choice(Message(N_("Resume")), stay), Choice(Message(N_("Rules")), lambda: over_menu(rules)),
         Choice(Message(N_("Settings")), lambda: over_menu(settings)),
         # Translators: leave a table joined at another computer, back to the title screen
         Choice(Later(lambda: pgettext("button", "Leave the table")), lambda: ask()), ],
        escape=stay, width=WIDTH)

    def over_menu(open_screen: Callable[[], None]) -> None:
        """The rules or the settings open over the menu, which comes back beneath (in the
        language chosen there: its words are read again), as the host's menu does."""
        app.stack.push(menu)
        open_screen()

    def ask() -> None:
        """Over the menu, which comes back beneath if the player stays. Its words, and the
        menu's, are read again at a language switch (`Message`, `Later`)."""
        app.stack.push(menu)
        app.stack.push(Dialog(
            app, Message(N_("Leave the match?")),
            # Translators: leaving a table joined at another computer; {time} like "2 minutes"
            Message(N_("The match goes on at the host without you. Your seat is kept for {time}, then its stand-in "
                       "plays it; while the host plays on, Join on the title screen takes your seat back. The hands "
                       "finished so far go into your history."),
                    time=Later(lambda: reconnect_window_name(kept_s))),
            [Choice(Message(N_("Leave")), leave), Choice(Message(N_("Stay")), stay)], escape=stay, width=WIDTH,
            default=1))

    def leave() -> None:
        left()
        title()
        # Translators: the title screen's foot after leaving a joined match; {address} like 192.168.1.20:17017
        app.notice = Message(N_("You left the match at {address}: while its host plays on, Join a table takes "
                                "your seat back."),
                             address=address)

    return menu
