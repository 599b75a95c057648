"""The screens of the game: title, settings, rules, the table and its overlays."""
