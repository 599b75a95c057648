"""Replaying a recorded match: the theatre's frame, overlays and bar. No pygame."""
