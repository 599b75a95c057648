"""The window and what draws in it: window.py (the frame loop and the scenes' `Services`),
display.py, layout.py, art.py, text.py, audio.py, theme.py, menu_keys.py, screenshots.py."""
