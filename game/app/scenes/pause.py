"""The menu on the table (Esc): resume, rules, settings, or back to the title.

The match is saved after every move, so leaving loses nothing: the title offers to
continue it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.scene import Services
from game.app.scenes.dialog import Choice, Dialog
from game.app.words.i18n import _, pgettext


def pause_menu(app: Services, rules: Callable[[], None], settings: Callable[[], None],
               title: Callable[[], None]) -> Dialog:
    return Dialog(
        app,
        _("Menu"),
        _("The match is saved after every move: you can continue it from the title screen."),
        [
            Choice(_("Resume"), lambda: None),
            Choice(_("Rules"), rules),
            Choice(_("Settings"), settings),
            # Translators: back to the title screen
            Choice(pgettext("button", "Title"), title),
        ],
        escape=lambda: None,
        width=720,
    )
