"""The menu on the table (Esc): resume, rules, settings, or back to the title.

The match is saved after every move, so leaving loses nothing: the title offers to
continue it. At a table this computer hosts for people at other computers, the menu gives the
join code again (for a player who lost it), says that the table goes on under it (every clock
runs, the stand-in moves for a person here whose time is up: game/app/scenes/table.py `serve`),
and leaving stops their match too: the menu asks first. The rules and the settings open over
the menu and close back to it (Esc, Back), as what the title opens closes back to the title;
so the menu's words follow a language chosen in those settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.app.scene import Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.words.i18n import N_, Message, _, pgettext

WIDTH = 720


@dataclass(frozen=True)
class Hosting:
    """The table this computer hosts, as its menu tells it: the join code and the port."""

    code: str
    port: int


def nothing() -> None:
    """Resume: the menu closes, the table goes on."""


class PauseMenu(Dialog):
    def __init__(self, app: Services, rules: Callable[[], None], settings: Callable[[], None],
                 title: Callable[[], None], hosting: Hosting | None = None) -> None:
        """`hosting`: the table is this computer's, with seats of people at other computers."""
        self.hosting = hosting
        self.screens = (rules, settings, self._ask_first(title) if hosting is not None else title)
        super().__init__(app, *self._words(), escape=nothing, width=WIDTH)

    def _words(self) -> tuple[str, str, list[Choice]]:
        rules, settings, title = self.screens
        saved = _("The match is saved after every move: you can continue it from the title screen.")
        if self.hosting is not None:
            # Translators: the host's menu; {code} the table's six-letter join code, {port} its port
            saved += " " + _("The others join with the code {code} on port {port}.").format(
                code=self.hosting.code, port=self.hosting.port)
            # Translators: the host's menu in network play: the clocks, the host's own included, run on under it
            saved += " " + _("The table does not wait while this menu is open.")
        return (
            _("Menu"),
            saved,
            [
                Choice(_("Resume"), nothing),
                Choice(_("Rules"), self._over_menu(rules)),
                Choice(_("Settings"), self._over_menu(settings)),
                # Translators: back to the title screen
                Choice(pgettext("button", "Title"), title),
            ],
        )

    def _over_menu(self, open_screen: Callable[[], None]) -> Callable[[], None]:
        """Open a screen over the menu (a choice closes the menu first: it comes back beneath)."""
        def over_menu() -> None:
            self.app.stack.push(self)
            open_screen()

        return over_menu

    def _ask_first(self, title: Callable[[], None]) -> Callable[[], None]:
        """Leaving a hosted match ends it at the other computers: asked over the menu, which
        comes back beneath if the player stays."""
        def ask() -> None:
            self.app.stack.push(self)
            self.app.stack.push(Dialog(  # its words read again at a language switch
                self.app, Message(N_("Leave the match?")),
                Message(N_("The match stops for the players at the other computers. It is saved: "
                           "Continue on the title screen opens it again, and they can join it again.")),
                [Choice(Message(N_("Leave")), title), Choice(Message(N_("Stay")), nothing)], escape=nothing,
                width=WIDTH, default=1))

        return ask

    def relabel(self) -> None:
        """The menu anew in the language chosen in the settings over it."""
        self.leave()
        super().__init__(self.app, *self._words(), escape=nothing, width=WIDTH)
        self.enter()


def pause_menu(app: Services, rules: Callable[[], None], settings: Callable[[], None],
               title: Callable[[], None], hosting: Hosting | None = None) -> Dialog:
    return PauseMenu(app, rules, settings, title, hosting)
