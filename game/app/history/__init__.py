"""The match history, statistics and the build review. No pygame."""
