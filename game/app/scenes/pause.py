"""The menu on the table (Esc): resume, rules, settings, or back to the title.

The match is saved after every move, so leaving loses nothing: the title offers to
continue it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.scenes.dialog import Choice, Dialog
from game.app.words.i18n import _, pgettext

if TYPE_CHECKING:
    from game.app.window.window import App


def pause_menu(app: App) -> Dialog:
    def rules() -> None:
        from game.app.scenes.rules_page import RulesScene

        app.stack.push(RulesScene(app))

    def settings() -> None:
        from game.app.scenes.settings_screen import SettingsScene

        app.stack.push(SettingsScene(app))

    def title() -> None:
        from game.app.scenes.title import TitleScene

        app.stack.reset(TitleScene(app))

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
