"""The menu of a table joined at another computer (Esc): the match goes on at the host; its
Rules are the host's."""

from __future__ import annotations

from collections.abc import Callable

from game.app.scene import Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.words.i18n import _, pgettext

WIDTH = 820
"""Four choices, "Leave the table" the longest, each on one line."""


def joined_menu(app: Services, rules: Callable[[], None], settings: Callable[[], None],
                title: Callable[[], None]) -> Dialog:
    """The joined table's menu (Esc): the match goes on at the host while it is open.
    `rules`: the host's rules page."""
    return Dialog(
        app, _("Menu"),
        _("The match goes on at the host: when your time runs out, its stand-in moves for you."),
        [Choice(_("Resume"), lambda: None), Choice(_("Rules"), rules), Choice(_("Settings"), settings),
         # Translators: leave a table joined at another computer, back to the title screen
         Choice(pgettext("button", "Leave the table"), title)],
        escape=lambda: None, width=WIDTH)
