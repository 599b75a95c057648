"""The window and what draws in it: display, text, art, audio, layout, theme, keys."""
