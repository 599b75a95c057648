"""Replaying a recorded match, no pygame: theatre_frame.py (a playback step as the table's
frame), theatre_overlays.py (the build and danger overlays) and theatre_bar.py (the bar)."""
