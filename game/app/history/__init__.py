"""The match history, statistics and the build review, and `PlayerFiles` (player_files.py), the
one owner of the player's files; history.py keeps the matches, match_history.py keeps the
window's, statistics.py and build_review.py read them. No pygame."""
