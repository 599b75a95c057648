"""The screens of the game, one module each: title.py, new_table.py, table.py, curtain.py,
pause.py, result.py, summary.py, rules_page.py, settings_screen.py, statistics.py, theatre.py;
dialog.py and prompts.py are widgets any scene opens over itself. Only game/app/flow.py
opens them."""
